/*
 * offline.spec.ts -- the built site works without a network after the first visit: the
 * service worker (src/offline) precaches the build, so after it controls the page the
 * browser can go offline, reload, run the lab (worker, wasm core and all) and open a
 * lesson (a lazy chunk that was never fetched online).
 */
import { expect, framesShown, lab, openLab, test } from './fixtures.js';

test('after the first visit the lab runs and a lesson opens offline', async ({ page, context }) => {
  await openLab(page, '/#/lab');
  // The service worker installs (precaching the whole build) and claims the page.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);
  const caches = await page.evaluate(() => window.caches.keys());
  expect(caches.filter((name) => name.startsWith('stacklab-precache-'))).toHaveLength(1);

  await context.setOffline(true);
  try {
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    await page.reload();
    await expect(lab(page)).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
    await expect.poll(() => framesShown(page), { timeout: 20_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Run to end' }).click();
    await expect(page.getByTestId('play')).toHaveText(/Play again/, { timeout: 30_000 });
    await expect(page.getByTestId('fig-mpsynch')).not.toHaveAttribute('data-value', '');

    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Lessons' }).click();
    const first = page.locator('main a[href^="#/lessons/"]').first();
    await expect(first).toBeVisible({ timeout: 20_000 });
    const title = (await first.textContent())?.trim() ?? '';
    await first.click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(title.slice(0, 12), { timeout: 20_000 });
    await expect(page.getByRole('region', { name: 'What you will learn' })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});
