/*
 * Reproductions from "OpenVMS AlphaServer GS Series Systems Performance", Covert
 * (../shared/seeds/README.md, V15-V17), run headless on the wasm core. Parameters and
 * their reasons: lessons/scenarios/README.md (AlphaServer GS and NUMA).
 */
import { describe, expect, it } from 'vitest';
import { readSchema, runScenario, validateScenario } from './index.js';
import { monitorModes } from './monitor.js';
import { loadCoreFromDisk } from './node.js';
import { readPreset } from './presets.js';
import type { Report } from './report.js';

const core = await loadCoreFromDisk();
const schema = readSchema(core);

function runPreset(name: string, overrides: Record<string, number | string> = {}): Report {
  const values = { ...validateScenario(schema, readPreset(name)).values, ...overrides };
  return JSON.parse(runScenario(core, values)) as Report;
}

describe('V15: Example 3 on a 3-QBB GS160, from 50 minutes to 28', () => {
  for (const seed of [1, 2, 3]) {
    const before = runPreset('gs160-example3-before', { 'sim.seed': seed });
    const after = runPreset('gs160-example3-after', { 'sim.seed': seed });
    it(`seed ${seed}: before, 55-75% of the RAM disk I/O crosses QBBs`, () => {
      expect(before.numa_run?.finished).toBe(true);
      expect(before.numa_run!.ramdisk_cross_rad_pct).toBeGreaterThanOrEqual(55);
      expect(before.numa_run!.ramdisk_cross_rad_pct).toBeLessThanOrEqual(75);
    });
    it(`seed ${seed}: the recommendations bring the runtime to 0.48-0.64 of before`, () => {
      expect(after.numa_run?.finished).toBe(true);
      const ratio = after.numa_run!.runtime_ns! / before.numa_run!.runtime_ns!;
      expect(ratio).toBeGreaterThanOrEqual(0.48);
      expect(ratio).toBeLessThanOrEqual(0.64);
    });
  }
  it('before, locking is heavy and MP synchronization high; after, locking falls to about a third', () => {
    const before = runPreset('gs160-example3-before');
    const after = runPreset('gs160-example3-after');
    expect(before.numa_run!.lock_ops_per_s).toBeGreaterThan(100_000);
    expect(before.modes_pct.spin).toBeGreaterThan(15);
    expect(after.numa_run!.lock_ops_per_s).toBeLessThan(before.numa_run!.lock_ops_per_s * 0.6);
    expect(after.modes_pct.spin).toBeLessThan(before.modes_pct.spin / 4);
    expect(before.numa_run!.runtime_minutes).toBeGreaterThan(45);
    expect(before.numa_run!.runtime_minutes).toBeLessThan(55);
  });
});

describe('V16: spinlock acquisition on a GS160 (the lock at home in RAD 0)', () => {
  it('at low contention RAD 0 has an advantage: its CPUs acquire the lock sooner', () => {
    for (const kind of ['tas', 'fair']) {
      const low = runPreset('gs160-spinlock-fairness', {
        'kernel.lock_kind': kind,
        'workload.user_work.mean_ns': 1_000_000,
        'sim.duration_ns': 400_000_000,
      });
      const [rad0, ...others] = low.numa!.by_rad.map((rad) => rad.mean_acquire_ns);
      const otherMean = others.reduce((a, b) => a + b, 0) / others.length;
      expect(low.modes_pct.spin).toBeLessThan(1);
      expect(rad0).toBeLessThan(otherMean * 0.9);
    }
  });
  it('under high contention the fair algorithm keeps it fair: Jain index at least 0.95', () => {
    const high = runPreset('gs160-spinlock-fairness');
    expect(high.modes_pct.spin).toBeGreaterThan(50);
    expect(high.numa!.fairness_jain).toBeGreaterThanOrEqual(0.95);
  });
  it('where test-and-set lets RAD 0 win more often than its share', () => {
    const high = runPreset('gs160-spinlock-fairness', { 'kernel.lock_kind': 'tas' });
    const [rad0, ...others] = high.numa!.by_rad.map((rad) => rad.lock_wins_per_cpu_per_s);
    expect(rad0).toBeGreaterThan(Math.max(...others) * 1.2);
    expect(high.numa!.fairness_jain).toBeLessThan(runPreset('gs160-spinlock-fairness').numa!.fairness_jain);
  });
});

describe('V17: MONITOR MODES on 16 CPUs during high lock contention', () => {
  const report = runPreset('gs160-monitor-modes');
  const rows = monitorModes(report.modes_pct, 16);
  it('MP synchronization is the largest mode', () => {
    const mpsynch = rows.find((r) => r.row === 'MP Synchronization')!.value;
    for (const r of rows) if (r.row !== 'MP Synchronization') expect(mpsynch).toBeGreaterThan(r.value);
  });
  it('the rows add up to 1600 for 16 CPUs, kernel mode second, as in the source', () => {
    expect(rows.reduce((sum, r) => sum + r.value, 0)).toBeCloseTo(1600, 0);
    const sorted = [...rows].sort((a, b) => b.value - a.value).map((r) => r.row);
    expect(sorted.slice(0, 2)).toEqual(['MP Synchronization', 'Kernel Mode']);
  });
});
