/*
 * modes.test.ts -- MONITOR MODES figures from real snapshots add up to 100 x CPUs and
 * agree with the core's report; the scale's ticks and the words.
 */
import { describe, expect, it } from 'vitest';
import { runFixture } from '../fixtures/index.js';
import { MONITOR_ORDER } from '../palette.js';
import { KERNELS, modeVocabulary } from '../../kernels/index.js';
import { modeInfo } from '../palette.js';
import { modeBarsFromReport, modeBarsFromSnapshot, modesSummary, modeTicks } from './model.js';

describe('mode bars', () => {
  it('sum to 100 x CPUs (every CPU nanosecond is in one mode) and match the report', () => {
    for (const name of ['classic-16', 'scalable-16', 'classic-64', 'scalable-64'] as const) {
      const f = runFixture(name);
      const live = modeBarsFromSnapshot(f.snapshot, f.names.modes);
      const cpus = f.snapshot.cpus.length;
      expect(live.scaleMax).toBe(100 * cpus);
      expect(live.rows.map((r) => r.mode)).toEqual([...MONITOR_ORDER]);
      expect(live.rows.reduce((s, r) => s + r.value, 0)).toBeCloseTo(100 * cpus, 6);
      const fromReport = modeBarsFromReport(f.report);
      expect(fromReport.cpus).toBe(cpus);
      for (const row of live.rows) {
        // the report rounds percentages to 3 decimals; x64 CPUs that is at most 0.04
        expect(Math.abs(row.value - fromReport.rows.find((r) => r.mode === row.mode)!.value), `${name} ${row.mode}`).toBeLessThan(0.05);
      }
    }
  });

  it("puts MONITOR's quarter ticks on the scale: 0 to 1600 for 16 CPUs", () => {
    expect(modeTicks(1600)).toEqual([0, 400, 800, 1200, 1600]);
    expect(modeTicks(6400)).toEqual([0, 1600, 3200, 4800, 6400]);
    expect(modeTicks(300)).toEqual([0, 75, 150, 225, 300]);
  });

  it('reads like MONITOR: MP Synchronization in hundredths of a CPU and in CPUs', () => {
    const f = runFixture('classic-16');
    const bars = modeBarsFromSnapshot(f.snapshot, f.names.modes);
    const spin = bars.rows.find((r) => r.mode === 'spin')!.value;
    const text = modesSummary(bars);
    expect(text).toContain('combined for 16 CPUs (scale 0 to 1,600)');
    expect(text).toContain(`MP Synchronization ${Math.round(spin)}`);
    expect(text).toContain(`${(spin / 100).toFixed(1)} CPUs on average`);
    expect(text).not.toMatch(/NaN|undefined/);
  });

  it('speaks OpenVMS only for OpenVMS: an AIX, Linux or HP-UX run has no MP Synchronization, no IPL 8', () => {
    const f = runFixture('classic-16');
    const text = modesSummary(modeBarsFromSnapshot(f.snapshot, f.names.modes), 'unix');
    expect(text).toMatch(/Spinning \d/);
    expect(text).not.toMatch(/MP Synchronization|IPL 8|Interrupt State|Kernel Mode/);
    for (const kernel of KERNELS) {
      expect(modeVocabulary(kernel.name), kernel.name).toBe(
        kernel.name === 'classic' || kernel.name === 'scalable' || kernel.name === 'numa' ? 'openvms' : 'unix',
      );
    }
    expect(modeInfo('fork', 'unix').label).not.toMatch(/IPL/);
  });
});
