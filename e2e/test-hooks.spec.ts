/*
 * test-hooks.spec.ts -- what the production build (dist/, `npx vite build`) ships: no test
 * hook code (src/lab/test-hooks.ts, the worker's fault injection; a test build made with
 * `--mode testhooks` has them, which shows the markers searched for are the right ones),
 * and no code compiled at run time (`new Function`, eval: the JSON Schema validators are
 * compiled when the site is built, src/build/validators-plugin.ts), so the site runs
 * under a Content-Security-Policy without 'unsafe-eval' (csp.spec.ts).
 */
import { expect, test } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSite, repoRoot } from './build.js';

/** Strings only test hook code contains: the window global, the URL switch, the fault injection. */
const HOOK_MARKERS = ['__stacklab', 'testhooks', 'injectFault', 'test fault'];

/** Every script and page of a build, by file name. */
function shipped(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (sub: string) => {
    for (const entry of readdirSync(join(dir, sub), { withFileTypes: true })) {
      const name = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(name);
      else if (/\.(js|mjs|html)$/.test(entry.name)) files.set(name, readFileSync(join(dir, name), 'utf8'));
    }
  };
  walk('');
  return files;
}

const found = (files: Map<string, string>, pattern: string | RegExp) =>
  [...files].filter(([, text]) => (typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text))).map(([name]) => name);

const dist = join(repoRoot, 'dist');

test('the production build contains no test hook code', () => {
  expect(existsSync(join(dist, 'index.html')), 'dist/ is built (npx vite build)').toBe(true);
  const files = shipped(dist);
  expect(
    [...files.keys()].some((name) => /sim\.worker-.*\.js$/.test(name)),
    'the worker is part of the build',
  ).toBe(true);
  for (const marker of HOOK_MARKERS) expect(found(files, marker), `files containing "${marker}"`).toEqual([]);
});

test('a test build (--mode testhooks) has the test hooks, so the markers above are the right ones', () => {
  test.setTimeout(240_000);
  const files = shipped(buildSite({ mode: 'testhooks' }));
  for (const marker of HOOK_MARKERS) expect(found(files, marker).length, `files containing "${marker}"`).toBeGreaterThan(0);
});

test('the production build compiles no code at run time (no new Function, no eval)', () => {
  const files = shipped(dist);
  expect(found(files, /\bnew Function\b|[^.\w]Function\(|\beval\(/)).toEqual([]);
});
