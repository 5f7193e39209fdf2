import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { cspPlugin } from './src/build/csp-plugin.js';
import { SITE_CSP } from './src/build/csp.js';
import { ISOLATION_HEADERS } from './src/build/isolation.js';
import { validatorsPlugin } from './src/build/validators-plugin.js';
import { oembedPlugin } from './src/embed/oembed-plugin.js';
import { precachePlugin } from './src/offline/precache-plugin.js';

/**
 * Test hooks (src/lab/test-hooks.ts, the worker's fault injection) are compiled into the
 * dev server, Vitest and `vite build --mode testhooks` (the e2e specs that need them
 * build that, e2e/build.ts), never into any other build: `vite build` ships without them.
 */
const testHooksFor = (command: 'build' | 'serve', mode: string): boolean => command === 'serve' || mode === 'test' || mode === 'testhooks';

export default defineConfig(({ command, mode }) => ({
  plugins: [
    react(),
    validatorsPlugin(),
    cspPlugin(),
    precachePlugin(),
    oembedPlugin({ publicUrl: process.env.STACKLAB_PUBLIC_URL, lessonsDir: 'lessons' }),
  ],
  define: {
    'import.meta.env.STACKLAB_TEST_HOOKS': JSON.stringify(testHooksFor(command, mode)),
    // Names the build (<html data-build>): the update spec deploys two builds that differ by it.
    'import.meta.env.STACKLAB_BUILD_LABEL': JSON.stringify(process.env.STACKLAB_BUILD_LABEL ?? ''),
  },
  // Relative asset URLs: the built site works from any sub-path (every route is a hash).
  base: './',
  build: {
    // The core must stay a real .wasm file (served as application/wasm), never a data: URL.
    assetsInlineLimit: (file) => (file.endsWith('.wasm') ? false : undefined),
    // One chunk is over Vite's 500 kB warning: the lessons' library (every lesson's text
    // and its presets), fetched when a lesson or the presets open, never by the lab's
    // first load. Its budget is kept by npm run bench, so the warning only said what we
    // chose. The limit still warns should another chunk pass 1 MB.
    chunkSizeWarningLimit: 1000,
    // Rolldown times the plugins of a slow build and prints the table: noise on a school
    // laptop or a 2-core CI, never a fault. Profile a build with node --cpu-prof instead.
    rolldownOptions: {
      checks: { bundlerTimings: false },
      // A labelled build (the update spec's two deploys) names its chunks after the label
      // too, so every lazy chunk has another name in the other deploy, as a real deploy's
      // changed chunks do; a chunk's hash alone follows only its own text.
      ...(process.env.STACKLAB_BUILD_LABEL
        ? { output: { chunkFileNames: `assets/[name]-${process.env.STACKLAB_BUILD_LABEL}-[hash].js` } }
        : {}),
    },
  },
  // The worker's bundle has its own plugins: it checks scenarios too.
  worker: { format: 'es', plugins: () => [validatorsPlugin()], rolldownOptions: { checks: { bundlerTimings: false } } },
  // The built site's policy as a header too (a static host sends it so), which reaches
  // the simulation worker and the service worker as the meta tag cannot: the lab served
  // by scripts/lab.sh and every e2e spec run under the policy the site ships.
  // Both servers make the page cross-origin isolated (src/build/isolation.ts): the cores
  // page's threads share memory. The built site's service worker adds the same headers.
  preview: { host: '127.0.0.1', port: 4173, strictPort: true, headers: { 'Content-Security-Policy': SITE_CSP, ...ISOLATION_HEADERS } },
  server: { headers: { ...ISOLATION_HEADERS } },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['scripts/vitest-global-setup.mjs'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
}));
