/*
 * docs-generators.mjs -- the real documentation generators the embed specs build sites
 * with (e2e/embed-docs-site.spec.ts), pinned, each installed once into a cache under the
 * temp folder: VitePress from npm, MkDocs from PyPI into a virtual environment. The
 * suite (scripts/test-all.sh) runs this file early, beside the C tests, so the spec finds
 * them installed; the spec calls the same functions, which install what is missing.
 *
 *   node scripts/docs-generators.mjs    installs both, says how long each took
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const VITEPRESS = '1.6.4';
export const MKDOCS = '1.6.1';

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
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', `vitepress@${VITEPRESS}`], { cwd: vitepressCache, stdio: 'pipe', timeout: 240_000 });
  return bin;
}

/** MkDocs, pinned, installed once into a virtual environment in the cache (pip, PyPI); its command. */
export function ensureMkDocs() {
  const bin = join(mkdocsEnv, 'bin', 'mkdocs');
  if (existsSync(bin)) return bin;
  execFileSync('python3', ['-m', 'venv', mkdocsEnv], { stdio: 'pipe', timeout: 120_000 });
  execFileSync(join(mkdocsEnv, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', `mkdocs==${MKDOCS}`], { stdio: 'pipe', timeout: 240_000 });
  return bin;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [name, ensure] of [[`VitePress ${VITEPRESS}`, ensureVitePress], [`MkDocs ${MKDOCS}`, ensureMkDocs]]) {
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
