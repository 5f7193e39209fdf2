/*
 * sweep.spec.ts -- the scaling sweep (1 to 32 CPUs, both kernels, tracing off) runs
 * in workers with a progress bar, fills the scaling chart (with each kernel's fit, the
 * classic kernel's a poor one, labelled so with no N_max) and the side-by-side lock
 * table, and can be cancelled
 * part way; a kernel without a sweep partner (the service under a lock) sweeps alone,
 * over the CPU counts the learner sets, and the chart speaks in its requests per second.
 */
import { expect, expectAccessible, labLink, openLab, presetScenario, shot, test } from './fixtures.js';

test('the sweep runs with progress, fills the scaling chart and the lock table for both kernels', async ({ page }) => {
  test.setTimeout(120_000);
  // A shorter run per point keeps the test quick; the lab sweeps whatever scenario it has.
  await openLab(page, labLink({ sim: { duration_ns: 60_000_000, warmup_ns: 10_000_000 } }));
  // Every text the status line shows while the sweep runs, kept as it changes: a fast sweep
  // may pass its running state between two looks, and the test must still see it.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { sweepStatuses: string[] }).sweepStatuses = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="sweep-status"]')?.textContent;
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole('button', { name: 'Run the scaling sweep' }).click();
  const progress = page.getByTestId('sweep-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('max', '64');
  await expect.poll(async () => Number(await progress.getAttribute('value')), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { sweepStatuses: string[] }).sweepStatuses.join('\n')))
    .toMatch(/Running \d+ of 64/);
  await expect(page.getByTestId('sweep-status')).toContainText('Sweep done: 64 scenarios', { timeout: 100_000 });
  await expect(progress).toHaveAttribute('value', '64');
  const chart = page.locator('[data-view="scaling"]');
  await expect(chart).toBeVisible();
  // The chart's text equivalent speaks of both kernels once every point is in.
  await expect(chart.locator('[data-summary]')).toContainText(/classic/i);
  await expect(chart.locator('[data-summary]')).toContainText(/scalable/i);
  // The classic kernel's sweep, fitted by the USL: it peaks at 15 CPUs and collapses, more sharply than the
  // law's curve can follow, so the fit is poor (core/fit.ts): its curve in sparser dashes, labelled "poor
  // fit: …", no N_max marked, its reasons in words and in the summary. The Scalable Kernel still rises at 32
  // CPUs: a USL peak far past the sweep is poor too. Then the switch to Amdahl's law, which never falls.
  await expect(chart.locator('[data-fit-curve="classic"]')).toHaveAttribute('data-fit-quality', 'poor');
  await expect(chart.locator('[data-poor-fit="classic"]')).toBeVisible();
  await expect(chart.locator('[data-poor-fit="classic"]')).toContainText(/Classic: poor fit: /);
  await expect(chart.locator('[data-nmax]')).toHaveCount(0);
  await expect(chart.locator('[data-fit-kernel="classic"]')).toContainText(/POOR FIT: the fit's peak/);
  await expect(chart.locator('[data-fit-kernel="classic"]')).toContainText(
    /Its curve peaks at \d+\.\d CPUs \([\d,]+ transmit packets\/s\), a poor fit\u2019s peak, not a prediction/,
  );
  await expect(chart.locator('[data-summary]')).toContainText(/POOR FIT/);
  await expect(chart).toContainText('not the source\u2019s measurements');
  await chart.getByRole('button', { name: 'Amdahl fit' }).click();
  await expect(chart.getByRole('button', { name: 'Amdahl fit' })).toHaveAttribute('aria-pressed', 'true');
  await expect(chart.locator('[data-fit-kernel="classic"]')).toContainText(/Amdahl's law .*s = \d/);
  await expect(chart.locator('[data-poor-fit="classic"]')).toContainText('Classic: poor fit: the sweep falls, the law cannot');
  await expect(chart.locator('[data-nmax]')).toHaveCount(0);
  await chart.getByRole('button', { name: 'USL fit' }).click();
  await expect(chart.locator('[data-poor-fit="classic"]')).toContainText(/Classic: poor fit: /);
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

test('a kernel without a sweep partner sweeps alone: the service lab, 8 to 64 CPUs, its requests/s fitted by the USL', async ({ page }) => {
  test.setTimeout(120_000);
  // service-ticket with short runs: the ticket lock's curve rises, peaks and collapses within the range
  const scenario = presetScenario('service-ticket') as { sim: Record<string, unknown> };
  scenario.sim = { ...scenario.sim, duration_ns: 20_000_000, warmup_ns: 5_000_000 };
  await openLab(page, labLink(scenario));
  const controls = page.getByRole('group', { name: 'Scaling sweep' });
  await controls.scrollIntoViewIfNeeded();
  // the service's own range at first; the learner sets it (here to the same 8..64 by 8, typed)
  const range = controls.getByRole('group', { name: 'CPU counts to sweep' });
  await expect(range.getByRole('spinbutton', { name: 'From' })).toHaveValue('8');
  await range.getByRole('spinbutton', { name: 'From' }).fill('0');
  await expect(controls).toContainText('A sweep starts at 1 CPU or more.');
  await expect(controls.getByRole('button', { name: 'Run the scaling sweep' })).toBeDisabled();
  await range.getByRole('spinbutton', { name: 'From' }).fill('8');
  await range.getByRole('spinbutton', { name: 'to' }).fill('64');
  await range.getByRole('spinbutton', { name: 'step' }).fill('8');
  await expect(controls).toContainText('Service under a lock, this scenario otherwise (8 runs)');
  await controls.getByRole('button', { name: 'Run the scaling sweep' }).click();
  const progress = page.getByTestId('sweep-progress');
  await expect(progress).toHaveAttribute('max', '8');
  await expect(page.getByTestId('sweep-status')).toContainText(
    'Sweep done: 8 scenarios, 8 to 64 CPUs in steps of 8, service under a lock.',
    { timeout: 100_000 },
  );
  await expect(progress).toHaveAttribute('value', '8');

  const chart = page.locator('[data-view="scaling"]');
  await expect(chart).toBeVisible();
  // one series, the service's own throughput in requests per second, and its spinning (the ticket lock spins)
  await expect(chart.locator('[data-panel="tx"]')).toContainText('Requests per second');
  await expect(chart.locator('[data-panel="mpsynch"]')).toContainText('Spinning for locks');
  await expect(chart.locator('[data-panel="tx"] [data-kernel="service"]')).toHaveCount(1);
  await expect(chart.locator('[data-panel="tx"] [data-kernel]')).toHaveCount(1);
  await expect(
    chart.locator('[data-panel="tx"] [data-kernel="service"] circle, [data-panel="tx"] [data-kernel="service"] rect'),
  ).toHaveCount(8);
  await expect(chart.locator('[data-fit-curve="service"]')).toHaveCount(1);
  // the ticket lock peaks and collapses, and the USL's peak agrees with the sweep's (a good fit, core/fit.ts):
  // its N_max marked on the curve and said in words, in the service's terms and unit
  await expect(chart.locator('[data-nmax="service"]')).toBeVisible();
  await expect(chart.locator('[data-nmax="service"]')).toContainText(/Service: N_max \d+\.\d/);
  const words = chart.locator('[data-fit-kernel="service"]');
  await expect(words).toContainText(
    /Service under a lock, Universal Scalability Law \(8 points, R\u00b2 0\.\d{3}\): Good fit: the fit's peak/,
  );
  await expect(words).toContainText(/Peak at N_max = \d+\.\d CPUs: [\d,]+ requests\/s/);
  await expect(words).toContainText('here the critical section');
  await expect(chart.locator('[data-summary]')).toContainText(/Service under a lock: from [\d,]+ requests per second at 8 CPUs/);
  await expect(chart.locator('[data-summary]')).toContainText(/N_max = \d+\.\d CPUs/);
  await expect(chart).toContainText('not the source\u2019s measurements');
  // no designated CPU, no OpenVMS words
  await expect(chart.locator('[data-saturation]')).toHaveCount(0);
  await expect(chart).not.toContainText(/designated|transmit|MP synchronization/i);
  // Amdahl's law has no peak; the data table has the fitted value beside each run's
  await chart.getByRole('button', { name: 'Amdahl fit' }).click();
  await expect(words).toContainText(/Amdahl's law .*requests\/s/);
  await expect(chart.locator('[data-nmax]')).toHaveCount(0);
  await chart.getByRole('button', { name: 'USL fit' }).click();
  await expect(chart.locator('[data-nmax="service"]')).toBeVisible();
  await chart.getByRole('button', { name: 'Show data table' }).click();
  const table = chart.locator('.slv-table-toggle').getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText([
    'CPUs',
    'Service: requests/s',
    'Service: USL fit',
    'Service: Spinning for locks',
  ]);
  await expect(table.getByRole('row')).toHaveCount(9);
  await chart.getByRole('button', { name: 'Hide data table' }).click();
  await page.locator('[data-slot="scaling"]').scrollIntoViewIfNeeded();
  await shot(page, 'lab-sweep-service-done');
  await expectAccessible(page, 'service lab after a sweep');
});
