/*
 * toy.spec.ts -- the toy kernel in the browser, run by scripts/toy-kernel.mjs against the
 * copy of the repository it built with the toy added (never by the main suite): the lab
 * draws its views and figures, Compare runs it on two sides, and nothing logs an error.
 */
import LZString from 'lz-string';
import { expect, presetScenario, test } from '../../e2e/fixtures.js';

const scenario = { ...presetScenario('testbed-classic'), kernel: { kind: 'toy' }, machine: { cpus: 4 } };
const state = LZString.compressToEncodedURIComponent(JSON.stringify({ v: 1, sc: scenario }));

test('the lab runs the toy kernel: its views and its figures', async ({ page }) => {
  await page.goto(`/#/lab?s=${state}`);
  await expect(page.locator('section.lab')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Run to end' }).click();
  for (const view of ['cpu-grid', 'lock', 'modes', 'timeline'])
    await expect(page.locator(`[data-view="${view}"]`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('fig-toy-locks')).toContainText('/s', { timeout: 30_000 });
  await expect(page.locator('[data-view="lock"]')).toContainText('TOY_LOCK');
});

test('Compare runs the toy kernel on both sides', async ({ page }) => {
  await page.goto(`/#/compare?a=${state}`);
  const compare = page.locator('.compare');
  await expect(compare).toHaveAttribute('data-ready', 'yes', { timeout: 30_000 });
  // side B is side A's scenario with the toy's pair changed (KernelInfo.pair: 8 CPUs)
  await expect(page.locator('option', { hasText: 'on 8 CPUs' }).first()).toBeAttached();
  // and both sides run on the one clock
  const sides = page.getByTestId('compare-sides-now');
  await expect
    .poll(async () => Math.min(Number(await sides.getAttribute('data-a-ns')), Number(await sides.getAttribute('data-b-ns'))), {
      timeout: 30_000,
    })
    .toBeGreaterThan(0);
});
