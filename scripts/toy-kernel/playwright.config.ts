/*
 * The toy kernel's browser check (scripts/toy-kernel.mjs): the main suite's settings,
 * this folder's spec, and the build of the copy with the toy added (TOY_ROOT).
 */
import base from '../../e2e/playwright.config.js';
import { defineConfig } from '@playwright/test';

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'toy.spec.ts',
  webServer: { ...(base.webServer as object), cwd: process.env.TOY_ROOT ?? '../..' } as typeof base.webServer,
});
