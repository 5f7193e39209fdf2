/*
 * scaling.test.ts -- a real sweep (the scaling-sweep scenario, 1..40 CPUs, both
 * kernels) as chart series, the designated CPU's saturation point, each kernel's fit
 * (its curve, its verdict, N_max and where a good fit's is marked, a poor fit's label),
 * and the words; and a kernel swept alone
 * (the service under a lock, service-ticket at 8..64 CPUs, run by the core here): its
 * own throughput (requests/s), its fit and its terms, no designated CPU.
 */
import { describe, expect, it } from 'vitest';
import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { sweepFixture } from '../fixtures/index.js';
import {
  allPoints,
  cpuDomain,
  designatedSeries,
  fitCurve,
  fitsOf,
  fittedAt,
  fitSummary,
  fitWords,
  gainAt,
  isPoorFit,
  nMaxMark,
  pointOf,
  poorFitLabel,
  provisionalSeriesOf,
  provisionalText,
  provisionalWords,
  saturationCpus,
  scalingSummary,
  seriesOf,
  spinApplies,
  SATURATION_PCT,
  type Series,
} from './model.js';
import { uslAt } from '../../core/fit.js';
import { readSchema, runScenario, validateScenario, type Report } from '../../core/index.js';
import { loadCoreFromDisk } from '../../core/node.js';
import { readPreset } from '../../core/presets.js';

const sweep = sweepFixture();

/** The chart component, imported at run time (tsconfig.test.json has no JSX setting; see render.test.ts). */
const load = (path: string) => import(/* @vite-ignore */ path) as Promise<{ ScalingChart: FunctionComponent<Record<string, unknown>> }>;
const scalingChart = async () => (await load('./ScalingChart.tsx')).ScalingChart;

/** The series (or fitted series) of one kernel. */
function of<S extends Series>(series: readonly S[], kernel: string): S {
  const found = series.find((s) => s.kernel === kernel);
  if (!found) throw new Error(`no ${kernel} series`);
  return found;
}

describe('scaling series', () => {
  it('groups the reports by kernel, sorted by CPU count', () => {
    const series = seriesOf([...sweep.reports].reverse());
    expect(series.map((s) => s.kernel)).toEqual(['classic', 'scalable']);
    expect(of(series, 'classic').points.map((p) => p.cpus)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(of(series, 'scalable').points.map((p) => p.cpus)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    const r = sweep.reports.find((x) => x.kernel === 'scalable')!;
    expect(of(series, 'scalable').points[0]!.throughput).toBe(r.throughput.transmit_packets_per_s);
  });

  it('finds where the designated CPU saturates: the first CPU count at or above the threshold', () => {
    const scalable = of(seriesOf(sweep.reports), 'scalable').points;
    expect(designatedSeries(seriesOf(sweep.reports))?.kernel).toBe('scalable');
    const at = saturationCpus(scalable)!;
    expect(at).not.toBeNull();
    const i = scalable.findIndex((p) => p.cpus === at);
    expect(scalable[i]!.designatedBusyPct).toBeGreaterThanOrEqual(SATURATION_PCT);
    expect(scalable.slice(0, i).every((p) => p.designatedBusyPct < SATURATION_PCT)).toBe(true);
    expect(saturationCpus(scalable.filter((p) => p.cpus < at))).toBeNull();
    // the paper's claim: close to linear until then
    const perCpu = scalable.slice(1, i).map((p) => p.throughput / p.cpus);
    expect(Math.min(...perCpu) / Math.max(...perCpu)).toBeGreaterThan(0.8);
  });

  it('keeps the planned axis for a partial sweep', () => {
    const partial = seriesOf(sweep.reports.filter((r) => (r.scenario as { machine: { cpus: number } }).machine.cpus <= 10));
    expect(cpuDomain(allPoints(partial), [1, 40])).toEqual([1, 40]);
    expect(cpuDomain(allPoints(partial))).toEqual([1, 10]);
    expect(cpuDomain([])).toEqual([1, 16]);
    // a point outside the planned range (the current run) widens it
    expect(cpuDomain(allPoints(partial), [4, 8])).toEqual([1, 10]);
    const text = scalingSummary(partial, null, 0.25);
    expect(text).toMatch(/^Sweep 25% done\./);
    expect(text).toContain('does not saturate in this range');
  });

  it('says how the kernels compare, in words', () => {
    const series = seriesOf(sweep.reports);
    const gain = gainAt(series, 16)!;
    expect(gain).toBeGreaterThan(20);
    const scalable = of(series, 'scalable').points;
    const text = scalingSummary(series, saturationCpus(scalable), 1, scalable[15]);
    expect(text).toContain('Classic kernel: from');
    expect(text).toMatch(/from [\d,]+ transmit packets per second at 1 CPU to/);
    expect(text).toMatch(/MP synchronization up to \d/);
    expect(text).toMatch(/At 40 CPUs the Scalable Kernel reaches \d+% more transmit packets per second than the classic kernel/);
    expect(text).toContain(`saturates (at least ${SATURATION_PCT}% busy) from ${saturationCpus(scalable)} CPUs on`);
    expect(text).toContain('This run: Scalable Kernel, 16 CPUs');
    expect(text).not.toMatch(/NaN|undefined/);
    expect(scalingSummary([], null)).toContain('No sweep yet');
  });
});

describe("each kernel's sweep, fitted", () => {
  const series = seriesOf(sweep.reports);
  const fits = fitsOf(series);

  it('fits both laws to both kernels, and the USL follows the real sweep closely', () => {
    for (const k of ['classic', 'scalable'] as const) {
      const { usl, amdahl } = of(fits, k).fit;
      if (!usl.ok || !amdahl.ok) throw new Error(`${k}: no fit`);
      expect(usl.fit.points).toBe(40);
      expect(usl.fit.r2).toBeGreaterThan(0.95);
      expect(usl.fit.r2).toBeGreaterThanOrEqual(amdahl.fit.r2); // one more coefficient never fits worse
      // X1 is the one-CPU run's throughput, give or take the fit
      expect(usl.fit.x1 / of(series, k).points[0]!.throughput).toBeGreaterThan(0.8);
      expect(usl.fit.x1 / of(series, k).points[0]!.throughput).toBeLessThan(1.3);
    }
  });

  it('the classic kernel levels off; its USL curve peaks and falls inside the sweep, which the sweep does not: a poor fit, labelled, no N_max', () => {
    const classic = of(fits, 'classic').fit;
    const usl = classic.usl;
    if (!usl.ok) throw new Error(usl.reason);
    expect(usl.fit.kappa).toBeGreaterThan(0);
    expect(usl.fit.nMax!).toBeLessThan(40);
    expect(usl.fit.quality.verdict).toBe('poor');
    expect(usl.fit.quality.reasons[0]).toMatch(
      /^the fit's curve peaks at \d+\.\d CPUs and falls after it, but the sweep does not fall \(it levels off: /,
    );
    expect(isPoorFit(classic, 'usl')).toBe(true);
    expect(nMaxMark(classic, [1, 40])).toBeNull();
    expect(poorFitLabel('classic', classic, 'usl')).toBe(
      `Classic: poor fit: peak at ${usl.fit.nMax!.toFixed(1)} CPUs, the sweep does not fall`,
    );
    // Amdahl's law never falls, nor does this sweep: a good fit, no label
    expect(isPoorFit(classic, 'amdahl')).toBe(false);
    expect(poorFitLabel('classic', classic, 'amdahl')).toBeNull();
    // the Scalable Kernel still rises at 40 CPUs, and its fit has no peak: good
    expect(isPoorFit(of(fits, 'scalable').fit, 'usl')).toBe(false);
  });

  it("a good fit's N_max is marked inside the axis, at its edge just past it, and not at all far past it", () => {
    // an exact USL curve over 1..64 (N_max 43.6, inside): the fit agrees with the sweep's own peak
    const points = Array.from({ length: 64 }, (_, i) => i + 1).map((n) => ({
      kernel: 'classic',
      cpus: n,
      mpsynchPct: 0,
      designatedBusyPct: 0,
      throughput: uslAt({ x1: 3000, sigma: 0.05, kappa: 0.0005 }, n),
    }));
    const [good] = fitsOf([{ kernel: 'classic', points }]);
    const usl = good!.fit.usl;
    if (!usl.ok) throw new Error(usl.reason);
    expect(usl.fit.quality.verdict).toBe('good');
    const mark = nMaxMark(good!.fit, [1, 64])!;
    expect(mark.beyond).toBe(false);
    expect(mark.nMax).toBeCloseTo(Math.sqrt((1 - usl.fit.sigma) / usl.fit.kappa), 9);
    expect(mark.peak).toBeCloseTo(uslAt(usl.fit, mark.nMax), 6);
    expect(poorFitLabel('classic', good!.fit, 'usl')).toBeNull();
    // just past the axis it is marked at the edge; far past it, not at all
    expect(nMaxMark(good!.fit, [1, Math.floor(mark.nMax) - 2])).toMatchObject({ beyond: true });
    expect(nMaxMark(good!.fit, [1, Math.floor(mark.nMax / 2)])).toBeNull();
  });

  it('draws the fitted curve across the whole axis, and reads it at each CPU count', () => {
    const classic = of(fits, 'classic').fit;
    const curve = fitCurve(classic, 'usl', [1, 40]);
    expect(curve[0]![0]).toBe(1);
    expect(curve[curve.length - 1]![0]).toBe(40);
    expect(curve.every(([n, x]) => Number.isFinite(n) && Number.isFinite(x) && x > 0)).toBe(true);
    expect(fittedAt(classic, 'amdahl', 8)).toBeGreaterThan(0);
  });

  it("says each fit's verdict and reasons, X1's source, what sigma and kappa are in this run's terms, the peak, and that the fit is the model's", () => {
    const text = fitSummary(fits, 'usl');
    expect(text).toContain('Classic kernel, Universal Scalability Law (40 points, R\u00b2 0.');
    // the classic kernel's: poor, its reasons, and its curve's peak said as no prediction
    expect(text).toMatch(
      /\(40 points, R\u00b2 0\.\d{3}\): POOR FIT: the fit's curve peaks at \d+\.\d CPUs and falls after it, but the sweep does not fall \(it levels off: at 40 CPUs it is within 2% of its highest, [\d,]+ at \d+ CPUs\)\. /,
    );
    expect(text).toMatch(/Its curve peaks at \d+\.\d CPUs \([\d,]+ transmit packets\/s\), a poor fit\u2019s peak, not a prediction/);
    expect(text).not.toContain('Peak at N_max');
    expect(text).toMatch(/X1 = [\d,]+ transmit packets\/s, the 1-CPU run\u2019s/);
    expect(text).toMatch(/sigma (= \d|= 0: the fit puts none)/);
    expect(text).toContain("the share of each request\u2019s time that is serialised (here the time a packet's kernel work holds IOLOCK8");
    expect(text).toContain("the cost of crosstalk that grows with every pair of CPUs (here IOLOCK8's cache line");
    // the Scalable Kernel's: good, both coefficients held at their bound 0 (it scales a little better than linearly)
    expect(text).toContain('Scalable Kernel, Universal Scalability Law (40 points, R\u00b2 0.');
    expect(text).toContain(
      'Good fit: the sweep does not fall (it is still rising at its last point, 40 CPUs), and the fit predicts no peak; ' +
        'sigma is held at its bound 0: the points would take it below 0, which the law does not allow; kappa is held at its bound 0',
    );
    expect(text).toContain('sigma = 0, held at its bound: the fit puts none of the loss down to');
    expect(text).toContain("the designated CPU's work on each KRP");
    expect(text).toContain('not the source\u2019s measurements');
    expect(text).toContain('sparser dashes: a poor fit');
    expect(text).not.toMatch(/NaN|undefined|Infinity/);
    const amdahl = fitSummary(fits, 'amdahl');
    expect(amdahl).toMatch(/Classic kernel, Amdahl's law \(40 points, R\u00b2 -?\d\.\d{3}\): Good fit: the sweep does not fall/);
    expect(amdahl).toMatch(/No peak: throughput approaches X1\/s = [\d,]+ transmit packets\/s/);
  });

  it('too few points: the reason in words, no curve, no mark', () => {
    const two = [
      { kernel: 'classic', points: of(series, 'classic').points.slice(0, 2) },
      { kernel: 'scalable', points: [] },
    ];
    const few = fitsOf(two);
    expect(fitWords('classic', two[0]!.points, few[0]!.fit, 'usl')).toBe(
      'Classic kernel: no Universal Scalability Law fit yet: only 2 points: a fit needs at least 3 (CPU count, throughput) points.',
    );
    expect(fitWords('scalable', [], few[1]!.fit, 'usl')).toBe('');
    expect(fitCurve(few[0]!.fit, 'usl', [1, 32])).toEqual([]);
    expect(nMaxMark(few[0]!.fit, [1, 32])).toBeNull();
    expect(fitSummary(fitsOf([]), 'usl')).toBe('');
  });
});

describe('a kernel swept alone: the service under a lock (service-ticket, 8 to 64 CPUs, real runs of the core)', async () => {
  const core = await loadCoreFromDisk();
  const schema = readSchema(core);
  const base = validateScenario(schema, readPreset('service-ticket')).values;
  // short runs: the curve's shape, not the last digit, is what the chart needs
  const reports = [8, 16, 24, 32, 40, 48, 56, 64].map(
    (cpus) =>
      JSON.parse(
        runScenario(core, {
          ...base,
          'machine.cpus': cpus,
          'sim.duration_ns': 30_000_000,
          'sim.warmup_ns': 5_000_000,
          'sim.trace_capacity': 0,
        }),
      ) as Report,
  );
  const series = seriesOf(reports);
  const fits = fitsOf(series);
  const service = of(fits, 'service');

  it("is one series of the kernel's own throughput, requests per second", () => {
    expect(series.map((s) => s.kernel)).toEqual(['service']);
    expect(service.points.map((p) => p.cpus)).toEqual([8, 16, 24, 32, 40, 48, 56, 64]);
    service.points.forEach((p, i) => expect(p.throughput).toBe(reports[i]!.service!.requests_per_s));
    expect(pointOf(reports[0]!).throughput).toBe(reports[0]!.service!.requests_per_s);
    // the ticket lock spins: its spinning panel applies; the service has no designated CPU to saturate
    expect(spinApplies(service.points)).toBe(true);
    expect(designatedSeries(series)).toBeUndefined();
    expect(gainAt(series, 16)).toBeNull();
  });

  it('peaks and falls: the USL fits it with kappa > 0 and N_max inside the sweep, where the chart marks it', () => {
    const peak = service.points.reduce((a, b) => (b.throughput > a.throughput ? b : a));
    expect(peak.cpus).toBeLessThan(64);
    expect(service.points[service.points.length - 1]!.throughput).toBeLessThan(peak.throughput * 0.75);
    const usl = service.fit.usl;
    if (!usl.ok) throw new Error(usl.reason);
    expect(usl.fit.points).toBe(8);
    expect(usl.fit.kappa).toBeGreaterThan(0);
    expect(usl.fit.r2).toBeGreaterThan(0.8);
    expect(usl.fit.r2).toBeGreaterThanOrEqual(service.fit.amdahl.ok ? service.fit.amdahl.fit.r2 : 0);
    // its peak agrees with the sweep's own: a good fit, so its N_max is marked
    expect(usl.fit.quality.verdict).toBe('good');
    const mark = nMaxMark(service.fit, [8, 64])!;
    expect(mark.beyond).toBe(false);
    expect(mark.nMax).toBeGreaterThan(8);
    expect(mark.nMax).toBeLessThan(64);
    expect(fitCurve(service.fit, 'usl', [8, 64]).every(([, x]) => Number.isFinite(x) && x > 0)).toBe(true);
  });

  it("says it in the service's terms and unit, with no OpenVMS words", () => {
    const words = fitWords('service', service.points, service.fit, 'usl');
    expect(words).toMatch(/^Service under a lock, Universal Scalability Law \(8 points, R\u00b2 0\.\d{3}/);
    expect(words).toContain('(here the critical section, which only one CPU at a time runs');
    expect(words).toContain("(here the lock's and the state's cache lines travelling between the CPUs");
    expect(words).toMatch(/\(8 points, R\u00b2 0\.\d{3}\): Good fit: the fit's peak \(\d+\.\d CPUs, [\d,]+\) agrees with the sweep's own/);
    expect(words).toMatch(/X1 = [\d,]+ requests\/s, fitted: the sweep has no 1-CPU run/);
    expect(words).toMatch(/Peak at N_max = \d+\.\d CPUs: [\d,]+ requests\/s/);
    expect(words).toMatch(/the sweep\u2019s own highest point: [\d,]+ at \d+ CPUs/);
    const text = [scalingSummary(series, null, 1, pointOf(reports[7]!)), fitSummary(fits, 'usl')].join(' ');
    expect(text).toMatch(/^Service under a lock: from [\d,]+ requests per second at 8 CPUs to [\d,]+ at 64 \(peak [\d,]+ at \d+\)/);
    expect(text).toContain('; spinning for locks up to');
    expect(text).toMatch(/This run: service under a lock, 64 CPUs, [\d,]+ requests per second, spinning for locks \d/);
    expect(text).not.toMatch(/transmit|packet|designated|MP synchronization|TCP\/IP|NaN|undefined|Infinity/);
    expect(fitWords('service', service.points, service.fit, 'amdahl')).toMatch(/Service under a lock, Amdahl's law .* requests\/s/);
  });

  it('draws one series in requests per second, its fit and N_max, its spinning, and no designated CPU', async () => {
    const ScalingChart = await scalingChart();
    for (const theme of ['light', 'projector']) {
      const html = renderToStaticMarkup(
        createElement(ScalingChart, { points: reports, report: reports[7], cpuRange: [8, 64], theme, width: 1100 }),
      );
      expect(html).toContain('data-view="scaling"');
      expect(html).toContain('>Requests per second</text>');
      expect(html).toContain('>Spinning for locks (% of all CPU time)</text>');
      expect(html.match(/data-panel="/g)).toHaveLength(2);
      expect(html.match(/data-kernel="/g)).toEqual(['data-kernel="', 'data-kernel="']); // one series in each panel
      expect(html).toContain('data-kernel="service"');
      expect(html.match(/data-fit-curve="/g)).toHaveLength(1);
      expect(html).toMatch(/data-nmax="service" data-nmax-value="\d+\.\d"/);
      expect(html).toMatch(/>Service: N_max \d+\.\d</);
      expect(html).toContain('data-fit-kernel="service"');
      expect(html).toContain('data-current');
      expect(html).toContain('Service under a lock</span>'); // the legend names the kernel
      expect(html).not.toMatch(/data-saturation|[Dd]esignated|Classic|transmit|NaN|undefined|Infinity/);
    }
  });

  it('a sweep that never spins has no spinning panel', async () => {
    const ScalingChart = await scalingChart();
    const partition = validateScenario(schema, readPreset('service-partition')).values;
    const runs = [4, 8, 16].map(
      (cpus) =>
        JSON.parse(
          runScenario(core, {
            ...partition,
            'machine.cpus': cpus,
            'sim.duration_ns': 10_000_000,
            'sim.warmup_ns': 2_000_000,
            'sim.trace_capacity': 0,
          }),
        ) as Report,
    );
    expect(spinApplies(seriesOf(runs)[0]!.points)).toBe(false);
    const html = renderToStaticMarkup(createElement(ScalingChart, { points: runs, width: 1100 }));
    expect(html.match(/data-panel="/g)).toEqual(['data-panel="']);
    expect(html).not.toMatch(/Spinning|MP synchronization/);
    expect(html).toContain('data-fit-kernel="service"');
  });
});

describe('a progressive sweep (core/progressive.ts) on the chart', () => {
  // the fixture's reports stand in for provisional ones: half of them final, the rest provisional
  const finals = sweep.reports.filter((r) => pointOf(r).cpus % 2 === 0);
  const early = sweep.reports
    .filter((r) => pointOf(r).cpus % 2 === 1)
    .map((report) => ({ report, figure: { value: pointOf(report).throughput, halfWidth: pointOf(report).throughput / 10 } }));

  it('keeps provisional points apart from the final ones, and drops one once its final point is in', () => {
    const series = seriesOf(finals);
    const provisional = provisionalSeriesOf(early, series);
    expect(provisional.flatMap((s) => s.points).length).toBe(early.length);
    expect(provisional.flatMap((s) => s.points).every((p) => p.cpus % 2 === 1 && p.halfWidth > 0)).toBe(true);
    // every point final: nothing provisional is left to draw
    expect(provisionalSeriesOf(early, seriesOf(sweep.reports))).toEqual([]);
    const first = provisional[0]!.points[0]!;
    expect(provisionalText(first, (v) => v.toFixed(0))).toBe(`≈ ${first.throughput.toFixed(0)} ± ${first.halfWidth.toFixed(0)}`);
    expect(provisionalText({ ...first, halfWidth: NaN }, (v) => v.toFixed(0))).toBe(`≈ ${first.throughput.toFixed(0)}`);
    expect(provisionalWords(provisional, finals.length)).toMatch(
      new RegExp(
        `^${early.length} points are provisional: the simulator's figure over the first 6\\.25% of each run's measurement window, with its 95% interval`,
      ),
    );
  });

  it('draws the provisional points faint with their interval, says so in the legend, the headline and the summary', async () => {
    const ScalingChart = await scalingChart();
    for (const theme of ['light', 'projector']) {
      const html = renderToStaticMarkup(
        createElement(ScalingChart, { points: finals, provisional: early, cpuRange: [1, 40], theme, width: 1100 }),
      );
      // both panels draw the provisional points; the interval is the throughput's only
      expect(html.match(/data-provisional-point="/g)).toHaveLength(2 * early.length);
      expect(html).toContain('Provisional (faint): a short window of each run, bar: 95% interval');
      expect(html).toMatch(/Provisional curve.*· \d+ of \d+ points final/);
      expect(html).toMatch(/points are provisional: the simulator(&#x27;|')s figure/);
      expect(html).not.toMatch(/NaN|undefined|Infinity/);
    }
    // nothing final yet: the provisional curve alone, with no fit
    const only = renderToStaticMarkup(
      createElement(ScalingChart, { points: [], provisional: early, cpuRange: [1, 40], theme: 'light', width: 1100 }),
    );
    expect(only).toContain('data-provisional-point');
    expect(only).not.toContain('data-fit-curve');
    expect(only).not.toContain('No sweep yet');
  });
});
