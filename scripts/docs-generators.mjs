/*
 * docs-generators.mjs -- the real documentation generators the embed specs build sites
 * with (e2e/embed-docs-site.spec.ts), pinned, each installed once into a cache under the
 * temp folder: VitePress from npm, MkDocs from PyPI into a virtual environment, and
 * Sphinx with the furo theme from PyPI into the same environment. The
 * suite (scripts/test-all.sh) runs this file early, beside the C tests, so the spec finds
 * them installed; the spec calls the same functions, which install what is missing.
 *
 *   node scripts/docs-generators.mjs    installs them, says how long each took
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const VITEPRESS = '1.6.4';
export const MKDOCS = '1.6.1';
export const SPHINX = '9.0.4';
export const FURO = '2025.12.19';

const cacheRoot = join(process.env.TMPDIR || tmpdir(), 'stacklab-e2e-cache');
/** VitePress's npm project: the generator is installed in its node_modules. */
export const vitepressCache = join(cacheRoot, `vitepress-${VITEPRESS}`);
/** MkDocs's virtual environment. */
export const mkdocsEnv = join(cacheRoot, `mkdocs-${MKDOCS}`);

/** VitePress, pinned, installed once into the cache (npm's ordinary client); its command. */
export function ensureVitePress() {
  const bin = join(vitepressCache, 'node_modules', '.bin', 'vitepress');
  if (existsSync(bin)) return bin;
  mkdirSync(vitepressCache, { recursive: true });
  writeFileSync(join(vitepressCache, 'package.json'), JSON.stringify({ name: 'stacklab-vitepress-cache', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', `vitepress@${VITEPRESS}`], {
    cwd: vitepressCache,
    stdio: 'pipe',
    timeout: 240_000,
  });
  return bin;
}

/** MkDocs, pinned, installed once into a virtual environment in the cache (pip, PyPI); its command. */
export function ensureMkDocs() {
  const bin = join(mkdocsEnv, 'bin', 'mkdocs');
  if (existsSync(bin)) return bin;
  execFileSync('python3', ['-m', 'venv', mkdocsEnv], { stdio: 'pipe', timeout: 120_000 });
  execFileSync(join(mkdocsEnv, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', `mkdocs==${MKDOCS}`], {
    stdio: 'pipe',
    timeout: 240_000,
  });
  return bin;
}

/** Sphinx and furo, pinned, installed once into MkDocs's virtual environment (pip, PyPI); sphinx-build's path. */
export function ensureSphinx() {
  const bin = join(mkdocsEnv, 'bin', 'sphinx-build');
  // written after both installed, so a half-done install is done again
  const done = join(mkdocsEnv, `.sphinx-${SPHINX}-furo-${FURO}`);
  if (existsSync(bin) && existsSync(done)) return bin;
  ensureMkDocs();
  execFileSync(join(mkdocsEnv, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', `sphinx==${SPHINX}`, `furo==${FURO}`], {
    stdio: 'pipe',
    timeout: 300_000,
  });
  writeFileSync(done, '');
  return bin;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [name, ensure] of [
    [`VitePress ${VITEPRESS}`, ensureVitePress],
    [`MkDocs ${MKDOCS}`, ensureMkDocs],
    [`Sphinx ${SPHINX} with furo ${FURO}`, ensureSphinx],
  ]) {
    const start = Date.now();
    try {
      ensure();
      console.log(`docs generators: ${name} ready in ${((Date.now() - start) / 1000).toFixed(1)} s`);
    } catch (error) {
      // the spec tries again and fails with the whole message if it still cannot
      console.log(`docs generators: installing ${name} failed (${String(error).split('\n')[0]}); the embed spec will try again`);
    }
  }
}
