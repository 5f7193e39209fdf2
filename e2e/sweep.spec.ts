/*
 * sweep.spec.ts -- the scaling sweep (1 to 32 CPUs, both kernels, tracing off) runs
 * in workers with a progress bar, progressively (the whole provisional curve first, coarse
 * CPU counts first, then each run to its end, its final report that of a straight run), fills the scaling chart (with each kernel's fit, the
 * classic kernel's a poor one, labelled so with no N_max) and the side-by-side lock
 * table, and can be cancelled
 * part way; a kernel without a sweep partner (the service under a lock) sweeps alone,
 * over the CPU counts the learner sets, and the chart speaks in its requests per second.
 */
import { loadCoreFromDisk } from '../src/core/node.js';
import { Simulation } from '../src/core/sim.js';
import { coarseOrder } from '../src/core/progressive.js';
import type { ScenarioValues } from '../src/core/scenario-values.js';
import { expect, expectAccessible, labLink, openLab, presetScenario, shot, test } from './fixtures.js';

test('the sweep is progressive: the whole provisional curve first, coarse points first, then final reports equal to straight runs; it fills the scaling chart and the lock table', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Every sweep message between the page and its workers, in the order the page sees them (the
  // order of events is the check, not their time: CI machines differ).
  await page.addInitScript(() => {
    type Entry = { type: string; worker: number; index?: number; report?: unknown; cpus?: number };
    const log: Entry[] = [];
    const specs: Array<{ index: number; values: Record<string, unknown> }> = [];
    Object.assign(window, { sweepLog: log, sweepSpecs: specs });
    const Base = window.Worker;
    window.Worker = class extends Base {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        const worker = ((Base as unknown as { made?: number }).made = ((Base as unknown as { made?: number }).made ?? 0) + 1);
        this.addEventListener('message', (event: MessageEvent) => {
          const data = event.data as { type?: string; index?: number; report?: { scenario?: { machine?: { cpus?: number } } } };
          if (typeof data?.type !== 'string' || !data.type.startsWith('sweep')) return;
          log.push({
            type: data.type,
            worker,
            index: data.index,
            report: data.type === 'sweep-point' ? data.report : undefined,
            cpus: data.report?.scenario?.machine?.cpus,
          });
        });
      }
      postMessage(message: unknown, transfer?: Transferable[] | StructuredSerializeOptions): void {
        const m = message as { type?: string; points?: typeof specs };
        if (m?.type === 'sweep' && m.points) specs.push(...m.points);
        super.postMessage(message, transfer as Transferable[]);
      }
    };
  });
  // A shorter run per point keeps the test quick; the lab sweeps whatever scenario it has.
  await openLab(page, labLink({ sim: { duration_ns: 60_000_000, warmup_ns: 10_000_000 } }));
  // Every text the status line shows while the sweep runs, kept as it changes, and the most
  // provisional points the chart ever drew at once.
  await page.evaluate(() => {
    const seen: string[] = [];
    const most = { provisional: 0 };
    Object.assign(window, { sweepStatuses: seen, mostProvisional: most });
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="sweep-status"]')?.textContent;
      if (text && seen[seen.length - 1] !== text) seen.push(text);
      most.provisional = Math.max(most.provisional, document.querySelectorAll('[data-panel="tx"] [data-provisional-point]').length);
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  await page.getByRole('button', { name: 'Run the scaling sweep' }).click();
  const progress = page.getByTestId('sweep-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('max', '64');
  await expect(page.getByTestId('sweep-status')).toContainText('Sweep done: 64 scenarios', { timeout: 100_000 });
  await expect(progress).toHaveAttribute('value', '64');
  const seen = await page.evaluate(() => {
    const w = window as unknown as {
      sweepLog: Array<{ type: string; worker: number; index?: number; report?: unknown; cpus?: number }>;
      sweepSpecs: Array<{ index: number; values: Record<string, unknown> }>;
      sweepStatuses: string[];
      mostProvisional: { provisional: number };
    };
    return { log: w.sweepLog, specs: w.sweepSpecs, statuses: w.sweepStatuses, most: w.mostProvisional.provisional };
  });
  // The order of events: all 64 provisional points before the first final one, the coarse counts first.
  const types = seen.log.map((e) => e.type);
  const firstFinal = types.indexOf('sweep-point');
  const provisional = seen.log.filter((e) => e.type === 'sweep-provisional');
  expect(new Set(provisional.map((e) => e.index)).size).toBe(64);
  expect(types.lastIndexOf('sweep-provisional')).toBeLessThan(firstFinal);
  expect(types.filter((t) => t === 'sweep-point')).toHaveLength(64);
  // each worker takes its points coarse to fine: 1 and 32 CPUs, then 16, then 8 and 24, ...
  const rank = new Map(coarseOrder(32).map((i, r) => [i + 1, r < 2 ? 0 : Math.floor(Math.log2(r - 1)) + 1]));
  for (const worker of new Set(provisional.map((e) => e.worker))) {
    const ranks = provisional.filter((e) => e.worker === worker).map((e) => rank.get(e.cpus!)!);
    expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
  }
  expect(seen.statuses.join('\n')).toMatch(/Drawing the provisional curve: \d+ of 64 scenarios/);
  expect(seen.statuses.join('\n')).toMatch(/Provisional curve drawn; making it exact: \d+ of 64 scenarios final/);
  // the chart drew the whole provisional curve at once
  expect(seen.most).toBe(64);
  // The final numbers are exactly those of each scenario run straight to its end.
  const core = await loadCoreFromDisk();
  expect(seen.specs).toHaveLength(64);
  for (const spec of seen.specs) {
    const straight = Simulation.create(core, spec.values as ScenarioValues);
    straight.runToEnd();
    const final = seen.log.find((e) => e.type === 'sweep-point' && e.index === spec.index)!;
    expect(final.report).toEqual(JSON.parse(straight.reportText()));
    straight.free();
  }
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
