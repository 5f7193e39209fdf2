/*
 * scaling.test.ts -- a real sweep (the scaling-sweep scenario, 1..40 CPUs, both
 * kernels) as chart series, the designated CPU's saturation point, each kernel's fit
 * (its curve, N_max and where it is marked), and the words.
 */
import { describe, expect, it } from 'vitest';
import { sweepFixture } from '../fixtures/index.js';
import {
  cpuDomain, fitCurve, fitsOf, fittedAt, fitSummary, fitWords, gainAt, nMaxMark, saturationCpus, scalingSummary, seriesOf,
  SATURATION_PCT, type SweepPoint,
} from './model.js';
import { uslAt } from '../../core/fit.js';

const sweep = sweepFixture();

describe('scaling series', () => {
  it('groups the reports by kernel, sorted by CPU count', () => {
    const series = seriesOf([...sweep.reports].reverse());
    expect(series.classic.map((p) => p.cpus)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(series.scalable.map((p) => p.cpus)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    const r = sweep.reports.find((x) => x.kernel === 'scalable')!;
    expect(series.scalable[0]!.transmitPps).toBe(r.throughput.transmit_packets_per_s);
  });

  it('finds where the designated CPU saturates: the first CPU count at or above the threshold', () => {
    const { scalable } = seriesOf(sweep.reports);
    const at = saturationCpus(scalable)!;
    expect(at).not.toBeNull();
    const i = scalable.findIndex((p) => p.cpus === at);
    expect(scalable[i]!.designatedBusyPct).toBeGreaterThanOrEqual(SATURATION_PCT);
    expect(scalable.slice(0, i).every((p) => p.designatedBusyPct < SATURATION_PCT)).toBe(true);
    expect(saturationCpus(scalable.filter((p) => p.cpus < at))).toBeNull();
    // the paper's claim: close to linear until then
    const perCpu = scalable.slice(1, i).map((p) => p.transmitPps / p.cpus);
    expect(Math.min(...perCpu) / Math.max(...perCpu)).toBeGreaterThan(0.8);
  });

  it('keeps the planned axis for a partial sweep', () => {
    const partial = seriesOf(sweep.reports.filter((r) => (r.scenario as { machine: { cpus: number } }).machine.cpus <= 10));
    expect(cpuDomain([...partial.classic, ...partial.scalable], [1, 40])).toEqual([1, 40]);
    expect(cpuDomain([...partial.classic, ...partial.scalable])).toEqual([1, 10]);
    expect(cpuDomain([])).toEqual([1, 16]);
    const text = scalingSummary(partial, null, 0.25);
    expect(text).toMatch(/^Sweep 25% done\./);
    expect(text).toContain('does not saturate in this range');
  });

  it('says how the kernels compare, in words', () => {
    const series = seriesOf(sweep.reports);
    const gain = gainAt(series, 16)!;
    expect(gain).toBeGreaterThan(20);
    const text = scalingSummary(series, saturationCpus(series.scalable), 1, series.scalable[15]);
    expect(text).toContain('Classic kernel: from');
    expect(text).toContain(`saturates (at least ${SATURATION_PCT}% busy) from ${saturationCpus(series.scalable)} CPUs on`);
    expect(text).toContain('This run: Scalable Kernel, 16 CPUs');
    expect(text).not.toMatch(/NaN|undefined/);
    expect(scalingSummary({ classic: [], scalable: [] }, null)).toContain('No sweep yet');
  });
});

describe('each kernel\'s sweep, fitted', () => {
  const series = seriesOf(sweep.reports);
  const fits = fitsOf(series);

  it('fits both laws to both kernels, and the USL follows the real sweep closely', () => {
    for (const k of ['classic', 'scalable'] as const) {
      const { usl, amdahl } = fits[k];
      if (!usl.ok || !amdahl.ok) throw new Error(`${k}: no fit`);
      expect(usl.fit.points).toBe(40);
      expect(usl.fit.r2).toBeGreaterThan(0.95);
      expect(usl.fit.r2).toBeGreaterThanOrEqual(amdahl.fit.r2); // one more coefficient never fits worse
      // X1 is the one-CPU run's throughput, give or take the fit
      expect(usl.fit.x1 / series[k][0]!.transmitPps).toBeGreaterThan(0.8);
      expect(usl.fit.x1 / series[k][0]!.transmitPps).toBeLessThan(1.3);
    }
  });

  it('the classic kernel flattens out: the USL puts its peak inside the sweep, where the chart marks it', () => {
    const usl = fits.classic.usl;
    if (!usl.ok) throw new Error(usl.reason);
    expect(usl.fit.kappa).toBeGreaterThan(0);
    const mark = nMaxMark(fits.classic, [1, 40])!;
    expect(mark.beyond).toBe(false);
    expect(mark.nMax).toBeCloseTo(Math.sqrt((1 - usl.fit.sigma) / usl.fit.kappa), 9);
    expect(mark.peak).toBeCloseTo(uslAt(usl.fit, mark.nMax), 6);
    // just past the axis it is marked at the edge; far past it, not at all
    expect(nMaxMark(fits.classic, [1, Math.floor(mark.nMax) - 2])).toMatchObject({ beyond: true });
    expect(nMaxMark(fits.classic, [1, Math.floor(mark.nMax / 2)])).toBeNull();
  });

  it('draws the fitted curve across the whole axis, and reads it at each CPU count', () => {
    const curve = fitCurve(fits.classic, 'usl', [1, 40]);
    expect(curve[0]![0]).toBe(1);
    expect(curve[curve.length - 1]![0]).toBe(40);
    expect(curve.every(([n, x]) => Number.isFinite(n) && Number.isFinite(x) && x > 0)).toBe(true);
    expect(fittedAt(fits.classic, 'amdahl', 8)).toBeGreaterThan(0);
  });

  it('says what sigma and kappa are in this run\'s terms, the peak, and that the fit is the model\'s', () => {
    const text = fitSummary(series, fits, 'usl');
    expect(text).toContain('Classic kernel, Universal Scalability Law (40 points, R\u00b2 0.');
    expect(text).toMatch(/sigma (= \d|= 0: the fit puts none)/);
    expect(text).toContain('the share of each request\u2019s time that is serialised (here the time a packet\'s kernel work holds IOLOCK8');
    expect(text).toContain('the cost of crosstalk that grows with every pair of CPUs (here IOLOCK8\'s cache line');
    expect(text).toMatch(/Peak at N_max = \d+\.\d CPUs: [\d,]+ transmit packets\/s/);
    expect(text).toContain('the designated CPU\'s work on each KRP');
    expect(text).toContain('not the source\u2019s measurements');
    expect(text).not.toMatch(/NaN|undefined|Infinity/);
    const amdahl = fitSummary(series, fits, 'amdahl');
    expect(amdahl).toMatch(/Classic kernel, Amdahl's law \(40 points, R\u00b2 0\.\d{3}, a (close|fair|rough) fit/);
    expect(amdahl).toMatch(/No peak: throughput approaches X1\/s = [\d,]+ transmit packets\/s/);
  });

  it('too few points: the reason in words, no curve, no mark', () => {
    const two = { classic: series.classic.slice(0, 2), scalable: [] as SweepPoint[] };
    const few = fitsOf(two);
    expect(fitWords('classic', two.classic, few.classic, 'usl'))
      .toBe('Classic kernel: no Universal Scalability Law fit yet: only 2 points: a fit needs at least 3 (CPU count, throughput) points.');
    expect(fitWords('scalable', [], few.scalable, 'usl')).toBe('');
    expect(fitCurve(few.classic, 'usl', [1, 32])).toEqual([]);
    expect(nMaxMark(few.classic, [1, 32])).toBeNull();
    expect(fitSummary({ classic: [], scalable: [] }, fitsOf({ classic: [], scalable: [] }), 'usl')).toBe('');
  });
});
