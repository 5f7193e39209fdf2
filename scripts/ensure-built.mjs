/*
 * ensure-built.mjs -- makes sure the wasm core, the native core and the CLI
 * (dist-cli/) exist and the CLI is not older than its sources, building them when the
 * tools are here (emcc, make and cc for the core; the repository's TypeScript for the
 * CLI). Used by bin/stacklab.mjs, the Vitest setup and scripts/*.mjs.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const cliDir = join(root, 'dist-cli');
export const cliEntry = join(cliDir, 'cli', 'stacklab.js');
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
  for (const dir of ['src/core', 'src/cli']) {
    for (const file of readdirSync(join(root, dir))) {
      if (file.endsWith('.ts') && !file.endsWith('.test.ts')) newest = Math.max(newest, statSync(join(root, dir, file)).mtimeMs);
    }
  }
  return newest;
}

function build(what, command, args, quiet) {
  if (!quiet) process.stderr.write(`stacklab: building ${what} (${[command, ...args].join(' ')})\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: ['ignore', quiet ? 'pipe' : 2, 2] });
  if (result.status !== 0) throw new BuildError(`building ${what} failed. ${howToBuild}`);
}

/**
 * Builds the core when it is missing (or always, with refreshCore: make then rebuilds
 * only what changed) and the CLI when it is missing or older than src/core and src/cli.
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
  if (!existsSync(cliEntry) || statSync(cliEntry).mtimeMs < newestSource()) {
    if (!existsSync(tsc)) {
      if (existsSync(cliEntry)) return; // older than its sources, but nothing here can rebuild it
      throw new BuildError(`the CLI is not built (dist-cli/ is missing) and TypeScript is not installed. ${howToBuild}`);
    }
    build('the CLI', process.execPath, [tsc, '-p', 'tsconfig.cli.json'], false);
  }
}
