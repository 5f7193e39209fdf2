#!/usr/bin/env node
// toy-kernel.mjs -- the proof that a kernel is two folders (issue 39; docs/architecture.md,
// "How to add a kernel"). In a throw-away worktree of HEAD it adds the toy kernel of
// scripts/toy-kernel/ -- a one-lock kernel of a few dozen lines in C (c/) and TypeScript
// (ts/) -- as exactly two new folders and one registry line (K(toy) in the core's
// registry; the app's kernel list is generated from it by `npm run gen`), then builds the
// core, the generated files, the CLI and the app, runs the toy from the CLI and in the
// browser (the lab's views and figures, Compare), and removes the worktree.
//
// It fails, saying which, when a step fails or when adding the kernel took another edit:
// if it ever does, the architecture has regressed, not this script.
// Ends with "N passed, N failed" (scripts/test-all.sh counts it).
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const template = join(root, 'scripts', 'toy-kernel');
const jobs = process.env.JOBS ?? '2';
let passed = 0;
let failed = 0;

function check(name, ok, detail = '') {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
  return ok;
}

/** Runs a command in the worktree; its output is shown; false on a non-zero exit. */
function run(work, name, command, args, env = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: work, stdio: 'inherit', env: { ...process.env, ...env } });
  return check(
    `${name} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
    result.status === 0,
    result.status === 0 ? '' : `${command} ${args.join(' ')} exited ${result.status}`,
  );
}

const work = mkdtempSync(join(tmpdir(), 'stacklab-toy-'));
rmSync(work, { recursive: true });
execFileSync('git', ['worktree', 'add', '--detach', '--quiet', work, 'HEAD'], { cwd: root, stdio: 'inherit' });
try {
  symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'));

  // ---- the edit: two folders and one line ----
  cpSync(join(template, 'c'), join(work, 'wasm-core', 'src', 'kernels', 'toy'), { recursive: true });
  cpSync(join(template, 'ts'), join(work, 'src', 'kernels', 'toy'), { recursive: true });
  const registry = join(work, 'wasm-core', 'src', 'kernels', 'registry.c');
  const text = readFileSync(registry, 'utf8');
  const marker = /^(\s*)\/\* a new kernel: one line above this one \*\//m;
  if (!check('the core registry has its place for a new kernel', marker.test(text))) throw new Error('stop');
  writeFileSync(
    registry,
    text.replace(marker, (line, indent) => `${indent}K(toy)${' '.repeat(Math.max(1, 15 - 'K(toy)'.length))}\\\n${line}`),
  );

  const status = execFileSync('git', ['status', '--porcelain', '--untracked-files=normal'], { cwd: work, encoding: 'utf8' })
    .trimEnd()
    .split('\n')
    .sort();
  const expected = ['?? src/kernels/toy/', '?? wasm-core/src/kernels/toy/', ' M wasm-core/src/kernels/registry.c'].sort();
  check('adding the toy is two new folders and the registry', JSON.stringify(status) === JSON.stringify(expected), status.join('; '));
  const numstat = execFileSync('git', ['diff', '--numstat'], { cwd: work, encoding: 'utf8' }).trim();
  check('and the registry edit is one line', numstat === '1\t0\twasm-core/src/kernels/registry.c', numstat);

  // ---- build everything from those edits ----
  let ok = run(work, 'core (native and wasm)', 'make', ['-C', 'wasm-core', `-j${jobs}`, 'native', 'wasm']);
  ok = ok && run(work, 'generated files (npm run gen)', 'npm', ['run', '--silent', 'gen', '--', '--without', 'robustness']);
  // the CLI's build type-checks the kernel's record and figures (tsconfig.shared.json takes
  // every kernel folder's files); the app's build compiles its views
  ok = ok && run(work, 'CLI build (tsc -b)', 'npm', ['run', '--silent', 'build:cli']);
  if (ok) {
    const cli = spawnSync(
      process.execPath,
      ['bin/stacklab.mjs', 'run', 'testbed-classic', '--set', 'kernel.kind=toy', '--set', 'machine.cpus=4', '--json'],
      { cwd: work, encoding: 'utf8', maxBuffer: 64 << 20 },
    );
    let report;
    try {
      report = JSON.parse(cli.stdout);
    } catch {
      report = undefined;
    }
    const lock = report?.report?.locks?.find?.((l) => l.name === 'TOY_LOCK') ?? report?.locks?.find?.((l) => l.name === 'TOY_LOCK');
    check(
      'the CLI runs the toy',
      cli.status === 0 && !!lock && lock.acquisitions_per_s > 0,
      cli.status === 0
        ? lock
          ? `TOY_LOCK taken ${Math.round(lock.acquisitions_per_s)}/s`
          : 'no TOY_LOCK in the report'
        : `exit ${cli.status}: ${cli.stderr.slice(0, 400)}`,
    );
  }
  ok = ok && run(work, 'app build (vite build)', 'node', ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
  if (ok) {
    // the browser: the lab and Compare, served from the worktree's build
    run(
      work,
      'the toy in the browser (lab, Compare)',
      'npx',
      ['playwright', 'test', '-c', join(work, 'scripts', 'toy-kernel', 'playwright.config.ts')],
      { TOY_ROOT: work, E2E_PORT: '' },
    );
  }
} catch (error) {
  if (error.message !== 'stop') check('the toy kernel test', false, error.message);
} finally {
  // TOY_KEEP=1 keeps the worktree to look into (its path is printed)
  if (process.env.TOY_KEEP) console.log(`kept ${work}`);
  else spawnSync('git', ['worktree', 'remove', '--force', work], { cwd: root, stdio: 'inherit' });
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
