import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { validatorsPlugin } from './src/build/validators-plugin.js';
import { oembedPlugin } from './src/embed/oembed-plugin.js';
import { precachePlugin } from './src/offline/precache-plugin.js';

export default defineConfig({
  plugins: [react(), validatorsPlugin(), precachePlugin(), oembedPlugin({ publicUrl: process.env.STACKLAB_PUBLIC_URL, lessonsDir: 'lessons' })],
  // Relative asset URLs: the built site works from any sub-path (every route is a hash).
  base: './',
  build: {
    // The core must stay a real .wasm file (served as application/wasm), never a data: URL.
    assetsInlineLimit: (file) => (file.endsWith('.wasm') ? false : undefined),
  },
  // The worker's bundle has its own plugins: it checks scenarios too.
  worker: { format: 'es', plugins: () => [validatorsPlugin()] },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['scripts/vitest-global-setup.mjs'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
