import { defineConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';

/**
 * The preview server's port: E2E_PORT when set (scripts/test-all.sh sets it), else a
 * port the system says is free, chosen once in the runner and handed to its workers
 * through the environment. Never a fixed port: a lab served by `bash scripts/lab.sh`
 * (4173) from another checkout must not stop the suite, nor be tested in its place.
 */
process.env.E2E_PORT ||= execFileSync(process.execPath, [new URL('../scripts/free-port.mjs', import.meta.url).pathname], {
  encoding: 'utf8',
}).trim();
const port = Number(process.env.E2E_PORT);

/** Debian's Chromium (Playwright cannot download browsers here); serves the built app. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 30_000,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --strictPort --port ${port}`,
    cwd: '..',
    url: `http://127.0.0.1:${port}`,
    // the port is this run's own: a server already on it is someone else's
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
