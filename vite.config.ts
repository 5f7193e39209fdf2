import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { oembedPlugin } from './src/embed/oembed-plugin.js';
import { precachePlugin } from './src/offline/precache-plugin.js';

export default defineConfig({
  plugins: [react(), precachePlugin(), oembedPlugin({ publicUrl: process.env.STACKLAB_PUBLIC_URL, lessonsDir: 'lessons' })],
  // Relative asset URLs: the built site works from any sub-path (every route is a hash).
  base: './',
  build: {
    // The core must stay a real .wasm file (served as application/wasm), never a data: URL.
    assetsInlineLimit: (file) => (file.endsWith('.wasm') ? false : undefined),
  },
  worker: { format: 'es' },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['scripts/vitest-global-setup.mjs'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
