/*
 * fault.spec.ts -- a WebAssembly trap in the core, or an exception that escapes the
 * worker, shows a clear message with a Reset button; Reset starts a new worker with
 * the same scenario and the lab works again. The page never goes blank.
 *
 * Faults are injected through the test hooks, which only a test build has (`vite build
 * --mode testhooks`, made here by build.ts and served by its own server; the production
 * dist/ has none: test-hooks.spec.ts).
 */
import { buildSite } from './build.js';
import { expect, expectAccessible, framesShown, lab, openLab, shot, test } from './fixtures.js';
import type { Page } from '@playwright/test';
import { serveStatic, type StaticServer } from './static-server.js';

// One worker, one test build for both tests.
test.describe.configure({ mode: 'serial' });
let server: StaticServer;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await serveStatic([{ prefix: '/', dir: buildSite({ mode: 'testhooks' }) }]);
});
test.afterAll(async () => server?.close());

for (const kind of ['trap', 'throw'] as const) {
  test(`a ${kind === 'trap' ? 'WebAssembly trap in the core' : 'crash of the worker'} shows a message with Reset, and Reset recovers`, async ({
    page,
  }) => {
    await openLab(page, `${server.url}/?testhooks#/lab`);
    const cpus = page.getByRole('spinbutton', { name: /CPUs, as a number/ });
    await cpus.fill('12');
    await cpus.press('Enter');
    await expect(page.locator('[data-view="cpu-grid"]')).toContainText('CPUs (12)');
    await page.evaluate((how) => {
      // The test hooks (src/lab/test-hooks.ts) a test build installs when the URL has ?testhooks.
      const hooks = (window as unknown as { __stacklab: { labs: Array<{ injectFault(kind: string): void }> } }).__stacklab;
      hooks.labs[0]!.injectFault(how);
    }, kind);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The simulation stopped.');
    await expect(alert).toContainText(kind === 'trap' ? /WebAssembly trap .*out of bounds/ : /worker failed/);
    await expect(lab(page)).toHaveAttribute('data-status', 'failed');
    // The rest of the page still works.
    await expect(page.getByRole('heading', { level: 1, name: 'The lab' })).toBeVisible();
    await shot(page, `lab-fault-${kind}`);
    await expectAccessible(page, `lab after a ${kind}`);
    await alert.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(lab(page)).toHaveAttribute('data-status', 'ready');
    await expect(page.locator('[data-view="cpu-grid"]')).toContainText('CPUs (12)'); // same scenario
    const before = await framesShown(page);
    await page.getByTestId('play').click();
    await expect.poll(() => framesShown(page)).toBeGreaterThan(before + 10);
    if (kind === 'throw') await quietWorker(page);
  });
}

/**
 * On the same page load, playing: the worker is ended without an error (as the browser
 * ending the thread would), so it just stops sending frames. Within 5 s the lab says the
 * simulation stopped, and offers to restart where it was; the restart runs the same
 * scenario to that simulated time and pauses there.
 */
async function quietWorker(page: Page): Promise<void> {
  const nowNs = () =>
    page.evaluate(() => {
      const hooks = (window as unknown as { __stacklab: { labs: Array<{ store: { getState(): { nowNs: number } } }> } }).__stacklab;
      return hooks.labs[0]!.store.getState().nowNs;
    });
  await expect(lab(page)).toHaveAttribute('data-status', 'ready');
  const silencedAt = Date.now();
  const reachedNs = await page.evaluate(() => {
    const hooks = (
      window as unknown as { __stacklab: { labs: Array<{ silenceWorker(): void; store: { getState(): { nowNs: number } } }> } }
    ).__stacklab;
    hooks.labs[0]!.silenceWorker();
    return hooks.labs[0]!.store.getState().nowNs;
  });
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The simulation stopped.', { timeout: 5_000 });
  const noticedMs = Date.now() - silencedAt;
  expect(noticedMs).toBeLessThan(5_000);
  await expect(alert).toContainText(/stopped sending frames/);
  await expect(lab(page)).toHaveAttribute('data-status', 'failed');
  const stoppedNs = await nowNs();
  expect(stoppedNs).toBeGreaterThanOrEqual(reachedNs);
  await shot(page, 'lab-fault-quiet');
  const restart = alert.getByRole('button', { name: /^Restart at / });
  await restart.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(lab(page)).toHaveAttribute('data-status', 'ready');
  await expect.poll(nowNs).toBe(stoppedNs); // the same scenario, run forward to where it was
  await expect(page.locator('[data-view="cpu-grid"]')).toContainText('CPUs (12)');
  const frames = await framesShown(page);
  await page.getByTestId('play').click();
  await expect.poll(() => framesShown(page)).toBeGreaterThan(frames + 10);
  expect(await nowNs()).toBeGreaterThan(stoppedNs);
}
