/*
 * ensure-built.mjs -- makes sure the wasm core, the native core and the CLI
 * (dist-cli/) exist and the CLI is not older than its sources, building them when the
 * tools are here (emcc, make and cc for the core; the repository's TypeScript for the
 * CLI). Used by bin/stacklab.mjs, the Vitest setup and scripts/*.mjs.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const cliDir = join(root, 'dist-cli');
export const cliEntry = join(cliDir, 'cli', 'stacklab.js');
// `tsc -b` (project references) rewrites only the outputs that change, so cliEntry's time
// says nothing; it does write the CLI project's build info whenever it builds or checks it.
const cliBuildInfo = join(cliDir, 'tsconfig.cli.tsbuildinfo');
// Written here after a build: the folders below also hold files the CLI does not compile
// (most of src/views, src/shared), and a change to one leaves the build info as it was.
const cliStamp = join(cliDir, '.ensure-built');
// Where the CLI's sources are (tsconfig.cli.json and tsconfig.shared.json list them).
const cliSourceDirs = ['src/core', 'src/cores', 'src/cli', 'src/kernels', 'src/lab/figures', 'src/shared', 'src/views'];
const coreFiles = ['stacklab.wasm', 'stacklab-native'].map((file) => join(root, 'wasm-core', 'build', file));
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const howToBuild = 'Run `npm run build:wasm && npm run build:cli` (on a fresh machine: `bash scripts/setup.sh`).';

/** Building failed or is impossible here; the message says what to do. */
export class BuildError extends Error {}

function onPath(tool) {
  return spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status === 0;
}

function newestSource() {
  let newest = 0;
  for (const dir of cliSourceDirs) {
    for (const file of readdirSync(join(root, dir), { recursive: true })) {
      if (/\.tsx?$/.test(file) && !file.endsWith('.test.ts')) newest = Math.max(newest, statSync(join(root, dir, file)).mtimeMs);
    }
  }
  return newest;
}

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

function build(what, command, args, quiet) {
  if (!quiet) process.stderr.write(`stacklab: building ${what} (${[command, ...args].join(' ')})\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: ['ignore', quiet ? 'pipe' : 2, 2] });
  if (result.status !== 0) throw new BuildError(`building ${what} failed. ${howToBuild}`);
}

/**
 * Builds the core when it is missing (or always, with refreshCore: make then rebuilds
 * only what changed) and the CLI when it is missing or older than its sources.
 */
export function ensureBuilt({ refreshCore = false } = {}) {
  const missing = coreFiles.filter((file) => !existsSync(file));
  const canMake = onPath('emcc') && onPath('make') && onPath('cc');
  if (missing.length > 0 && !canMake) {
    throw new BuildError(`the core is not built (${missing.join(', ')} missing) and emcc/make/cc are not installed. ${howToBuild}`);
  }
  if (missing.length > 0 || (refreshCore && canMake)) {
    build('the core', 'make', ['-C', 'wasm-core', '--no-print-directory', 'wasm', 'native'], missing.length === 0);
  }
  if (!existsSync(cliEntry) || Math.max(mtime(cliBuildInfo), mtime(cliStamp)) < newestSource()) {
    if (!existsSync(tsc)) {
      if (existsSync(cliEntry)) return; // older than its sources, but nothing here can rebuild it
      throw new BuildError(`the CLI is not built (dist-cli/ is missing) and TypeScript is not installed. ${howToBuild}`);
    }
    const started = new Date();
    // --force when the entry is gone but the build info is not: tsc -b trusts the build info.
    build('the CLI', process.execPath, [tsc, '-b', 'tsconfig.cli.json', ...(existsSync(cliEntry) ? [] : ['--force'])], false);
    closeSync(openSync(cliStamp, 'w'));
    utimesSync(cliStamp, started, started); // a source saved during the build is newer
  }
}
