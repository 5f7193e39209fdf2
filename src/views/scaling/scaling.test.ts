/*
 * scaling.test.ts -- a real sweep (the scaling-sweep scenario, 1..40 CPUs, both
 * kernels) as chart series, the designated CPU's saturation point, and the words.
 */
import { describe, expect, it } from 'vitest';
import { sweepFixture } from '../fixtures/index.js';
import { cpuDomain, gainAt, saturationCpus, scalingSummary, seriesOf, SATURATION_PCT } from './model.js';

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
