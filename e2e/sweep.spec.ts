/*
 * sweep.spec.ts -- the scaling sweep (1 to 32 CPUs, both kernels, tracing off) runs
 * in workers with a progress bar, fills the scaling chart (with each kernel's fit and
 * the classic kernel's N_max) and the side-by-side lock table, and can be cancelled
 * part way.
 */
import { expect, expectAccessible, labLink, openLab, shot, test } from './fixtures.js';

test('the sweep runs with progress, fills the scaling chart and the lock table for both kernels', async ({ page }) => {
  test.setTimeout(120_000);
  // A shorter run per point keeps the test quick; the lab sweeps whatever scenario it has.
  await openLab(page, labLink({ sim: { duration_ns: 60_000_000, warmup_ns: 10_000_000 } }));
  await page.getByRole('button', { name: 'Run the scaling sweep' }).click();
  const progress = page.getByTestId('sweep-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('max', '64');
  await expect.poll(async () => Number(await progress.getAttribute('value')), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(page.getByTestId('sweep-status')).toContainText(/Running \d+ of 64/);
  await expect(page.getByTestId('sweep-status')).toContainText('Sweep done: 64 scenarios', { timeout: 100_000 });
  await expect(progress).toHaveAttribute('value', '64');
  const chart = page.locator('[data-view="scaling"]');
  await expect(chart).toBeVisible();
  // The chart's text equivalent speaks of both kernels once every point is in.
  await expect(chart.locator('[data-summary]')).toContainText(/classic/i);
  await expect(chart.locator('[data-summary]')).toContainText(/scalable/i);
  // The classic kernel's sweep, fitted by the USL: its N_max marked on the chart and said in words,
  // and the switch to Amdahl's law, which has no peak.
  await expect(chart.locator('[data-nmax="classic"]')).toBeVisible();
  await expect(chart.locator('[data-nmax="classic"]')).toContainText(/Classic: N_max \d+\.\d/);
  await expect(chart.locator('[data-fit-kernel="classic"]')).toContainText(/Peak at N_max = \d+\.\d CPUs: [\d,]+ transmit packets\/s/);
  await expect(chart.locator('[data-summary]')).toContainText(/N_max = \d+\.\d CPUs/);
  await expect(chart).toContainText('not the source\u2019s measurements');
  await chart.getByRole('button', { name: 'Amdahl fit' }).click();
  await expect(chart.getByRole('button', { name: 'Amdahl fit' })).toHaveAttribute('aria-pressed', 'true');
  await expect(chart.locator('[data-fit-kernel="classic"]')).toContainText(/Amdahl's law .*s = \d/);
  await expect(chart.locator('[data-nmax]')).toHaveCount(0);
  await chart.getByRole('button', { name: 'USL fit' }).click();
  await expect(chart.locator('[data-nmax="classic"]')).toBeVisible();
  await page.locator('[data-slot="scaling"]').scrollIntoViewIfNeeded();
  await shot(page, 'lab-sweep-done');
  await page.locator('[data-slot="lock-table"]').scrollIntoViewIfNeeded();
  await shot(page, 'lab-lock-table-sweep');
  await expectAccessible(page, 'lab after a sweep');
});

test('a sweep can be cancelled part way, and the lab keeps playing', async ({ page }) => {
  await openLab(page);
  await page.getByRole('button', { name: 'Run the scaling sweep' }).click();
  const progress = page.getByTestId('sweep-progress');
  await expect.poll(async () => Number(await progress.getAttribute('value')), { timeout: 30_000 }).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Cancel sweep' }).click();
  await expect(page.getByTestId('sweep-status')).toContainText(/Sweep cancelled after \d+ of 64 scenarios/);
  const stopped = Number(await progress.getAttribute('value'));
  expect(stopped).toBeLessThan(64);
  await page.waitForTimeout(1500);
  expect(Number(await progress.getAttribute('value'))).toBe(stopped);
  await expect(page.getByRole('button', { name: 'Run the sweep again' })).toBeEnabled();
  await expect(page.getByTestId('play')).toHaveText(/Pause/);
});
