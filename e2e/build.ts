/*
 * build.ts -- builds the site into a folder of its own, for the specs that need a build
 * other than dist/ (which the suite's `npx vite build` makes, and `vite preview` serves):
 * a test build with the test hooks compiled in (`--mode testhooks`), or two builds
 * that differ, as two deploys do. scripts/test-all.sh makes the builds the specs ask for
 * before Playwright starts, beside the other suites, into E2E_PREBUILT (a folder per
 * build, with the options it was made with beside it); a build not found there is made
 * once per Playwright worker and removed when it exits. Building takes a few seconds; give the hook a long
 * timeout.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const vite = join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');

export interface BuildOptions {
  /** Vite's mode: 'testhooks' compiles the test hooks in (vite.config.ts). */
  mode?: string;
  /** Extra environment for the build (STACKLAB_BUILD_LABEL names a build, src/offline/update.ts). */
  env?: Record<string, string>;
}

/** The options as one string, whatever their order or an absent mode. */
const canonical = (options: BuildOptions): string =>
  JSON.stringify([options.mode ?? '', Object.entries(options.env ?? {}).sort(([x], [y]) => x.localeCompare(y))]);

/**
 * A build scripts/test-all.sh made before Playwright with exactly these options, if any:
 * each build in E2E_PREBUILT is a folder NAME with NAME.json beside it, the options it
 * was made with ({"mode": ..., "env": {...}}).
 */
function prebuilt(options: BuildOptions): string | undefined {
  const dir = process.env.E2E_PREBUILT;
  if (!dir || !existsSync(dir)) return undefined;
  const want = canonical(options);
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const folder = join(dir, file.replace(/\.json$/, ''));
    const made = JSON.parse(readFileSync(join(dir, file), 'utf8')) as BuildOptions;
    if (canonical(made) === want && existsSync(join(folder, 'index.html'))) return folder;
  }
  return undefined;
}

const built = new Map<string, string>();
let scratch: string | undefined;

/** The folder of a build made with these options (built on first use in this worker). */
export function buildSite(options: BuildOptions = {}): string {
  const key = JSON.stringify(options);
  const existing = built.get(key);
  if (existing) return existing;
  const ready = prebuilt(options);
  if (ready) {
    built.set(key, ready);
    return ready;
  }
  if (!scratch) {
    scratch = mkdtempSync(join(tmpdir(), 'stacklab-e2e-build-'));
    process.once('exit', () => rmSync(scratch!, { recursive: true, force: true }));
  }
  const outDir = join(scratch, `build-${built.size}`);
  const args = [
    vite,
    'build',
    '--outDir',
    outDir,
    '--emptyOutDir',
    '--logLevel',
    'warn',
    ...(options.mode ? ['--mode', options.mode] : []),
  ];
  const result = spawnSync(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, ...options.env },
    encoding: 'utf8',
    timeout: 240_000,
  });
  if (result.status !== 0) throw new Error(`vite build ${args.slice(2).join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  built.set(key, outDir);
  return outDir;
}
