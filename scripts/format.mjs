#!/usr/bin/env node
// npm run format: Prettier over the TypeScript and JavaScript (.prettierrc.json; what it
// leaves alone: .prettierignore) and clang-format over the core's C (wasm-core/.clang-format).
// npm run format:check (--check) changes nothing: it lists the files that are not
// formatted, ends with "format: N passed, N failed" (one check per tool) and exits 1 if
// any is not. CI runs the check (the "Format" suite, scripts/test-all.sh).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const check = process.argv.includes('--check');
/** The files Prettier formats (it skips what .prettierignore names). */
export const PRETTIER_FILES = ['**/*.{ts,tsx,mts,mjs,js}'];
/** The version .clang-format was written for: another may break some lines otherwise. */
const CLANG_FORMAT_MAJOR = 14;

/** The core's C sources and headers, as git lists them (or, outside a checkout, as found). */
function cFiles() {
  // the toy kernel's C (scripts/toy-kernel/c: the proof that a kernel is two folders) too
  const listed = spawnSync('git', ['ls-files', '-z', '--', 'wasm-core/*.c', 'wasm-core/*.h', 'scripts/toy-kernel/c/*.c'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (listed.status === 0 && listed.stdout) return listed.stdout.split('\0').filter(Boolean);
  const dir = join(root, 'wasm-core');
  return readdirSync(dir, { recursive: true })
    .map((file) => String(file))
    .filter((file) => /\.[ch]$/.test(file) && !file.startsWith('build'))
    .map((file) => relative(root, join(dir, file)));
}

function clangFormat() {
  for (const name of [process.env.CLANG_FORMAT, 'clang-format', `clang-format-${CLANG_FORMAT_MAJOR}`]) {
    if (!name) continue;
    const version = spawnSync(name, ['--version'], { encoding: 'utf8' });
    if (version.status === 0) return { name, version: version.stdout.trim() };
  }
  return undefined;
}

let passed = 0;
let failed = 0;
const verdict = (ok) => (ok ? passed++ : failed++);

// Prettier
const prettier = spawnSync(
  process.execPath,
  [
    join(root, 'node_modules', 'prettier', 'bin', 'prettier.cjs'),
    check ? '--check' : '--write',
    '--log-level',
    check ? 'warn' : 'log',
    ...PRETTIER_FILES,
  ],
  { cwd: root, stdio: 'inherit' },
);
if (prettier.status !== 0 && check) console.error('format: Prettier would change the files above: npm run format');
verdict(prettier.status === 0);

// clang-format
const tool = clangFormat();
if (!tool) {
  console.error("format: clang-format is not installed (scripts/setup.sh installs Debian's: apt-get install clang-format)");
  verdict(false);
} else {
  if (!new RegExp(`version ${CLANG_FORMAT_MAJOR}\\.`).test(tool.version)) {
    console.error(
      `format: warning: ${tool.version}; .clang-format was written for version ${CLANG_FORMAT_MAJOR}, another may format some lines differently`,
    );
  }
  const files = cFiles();
  const run = spawnSync(tool.name, [...(check ? ['--dry-run', '--Werror'] : ['-i']), '--style=file:wasm-core/.clang-format', ...files], {
    cwd: root,
    encoding: 'utf8',
  });
  if (check) {
    const unformatted = [...new Set([...(run.stderr ?? '').matchAll(/^(\S+?):\d+:\d+: error:/gm)].map((m) => m[1]))];
    for (const file of unformatted) console.error(`[warn] ${file}`);
    if (run.status !== 0)
      console.error(`format: clang-format would change ${unformatted.length} of ${files.length} C files: npm run format`);
  } else if (run.status !== 0) {
    process.stderr.write(run.stderr ?? '');
  } else {
    console.log(`format: clang-format: ${files.length} C files`);
  }
  verdict(run.status === 0);
}

console.log(`format: ${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
