// measures.test.ts -- a live picture with a full run's measures (measures.ts), over the
// real core: the live state stays, every counter is the full run's, and the figures the
// views compute from it (spin share, hold share, time in each mode) are the report's.
import { describe, expect, it } from 'vitest';
import { readSchema, Simulation, validateScenario, type ScenarioValues } from './index.js';
import { awaitingMeasures, withMeasures } from './measures.js';
import { loadCoreFromDisk } from './node.js';
import { readPreset } from './presets.js';

const core = await loadCoreFromDisk();
const schema = readSchema(core);
// the presenter's "Sixteen CPUs" scene, cut short: 4 ms after the warm-up, and a full run of 60 ms
const values: ScenarioValues = {
  ...validateScenario(schema, readPreset('testbed-classic')).values,
  'machine.cpus': 16,
  'sim.duration_ns': 64e6,
  'sim.warmup_ns': 4e6,
};

function run<T>(until: number | undefined, body: (sim: Simulation) => T): T {
  const sim = Simulation.create(core, values);
  try {
    if (until === undefined) sim.runToEnd();
    else sim.runUntil(until);
    return body(sim);
  } finally {
    sim.free();
  }
}

const live = run(8e6, (sim) => sim.snapshot());
const report = run(undefined, (sim) => sim.report());
const blended = withMeasures(live, report, schema.modes, 'the full run (60 ms simulated)');
const spinAt = schema.modes.indexOf('spin');

describe("a live picture with the full run's measures", () => {
  it("keeps the live state: the time, each CPU's mode, each lock's holder and spinners, the queues' lengths", () => {
    expect(blended.nowNs).toBe(live.nowNs);
    expect(blended.cpus.map((c) => [c.mode, c.thread, c.spinLock])).toEqual(live.cpus.map((c) => [c.mode, c.thread, c.spinLock]));
    expect(blended.locks.map((l) => [l.holder, l.reserved, l.waiters])).toEqual(live.locks.map((l) => [l.holder, l.reserved, l.waiters]));
    expect(blended.queues.map((q) => q.len)).toEqual(live.queues.map((q) => q.len));
  });

  it('measures over the full run: its window, its time in each mode, its spin and hold shares', () => {
    expect(live.windowNs).toBe(4e6);
    expect(blended.windowNs).toBe(report.window_ns);
    expect(blended.measuredBy).toEqual({ words: 'the full run (60 ms simulated)', windowNs: report.window_ns, live });
    const machine = blended.windowNs * blended.cpus.length;
    const spin = blended.cpus.reduce((sum, c) => sum + c.modeNs[spinAt]!, 0);
    expect((100 * spin) / machine).toBeCloseTo(report.mpsynch_pct, 1);
    for (const cpu of blended.cpus) expect(cpu.modeNs.reduce((a, b) => a + b, 0)).toBeCloseTo(report.window_ns, -2);
    const lock = blended.locks.find((l) => l.name === 'IOLOCK8')!;
    const r = report.locks.find((l) => l.name === 'IOLOCK8')!;
    expect((100 * lock.holdNs) / blended.windowNs).toBeCloseTo(r.hold_pct, 6);
    expect((100 * lock.spinNs) / machine).toBeCloseTo(r.spin_pct, 6);
    expect(lock.acquisitions / (blended.windowNs / 1e9)).toBeCloseTo(r.acquisitions_per_s, 3);
    expect(blended.dispatches / (blended.windowNs / 1e9)).toBeCloseTo(report.scheduler.context_switches_per_s, 3);
  });

  it("the live counters so far differ from the full run's: why the presenter needs this", () => {
    const liveSpin = live.cpus.reduce((sum, c) => sum + c.modeNs[spinAt]!, 0) / (live.windowNs * live.cpus.length);
    expect(Math.abs(100 * liveSpin - report.mpsynch_pct)).toBeGreaterThan(0.5);
  });

  it("gives no kernel-context time the report does not give: only the designated CPU's", () => {
    const others = blended.cpus.filter((c) => c.id !== report.designated_cpu);
    expect(others.every((c) => Number.isNaN(c.kctxNs))).toBe(true);
    expect(blended.cpus.find((c) => c.id === report.designated_cpu)!.kctxNs).toBeCloseTo(
      (report.designated_cpu_busy_pct / 100) * report.window_ns,
      -1,
    );
  });

  it('while the full run is still running: the live state, no counters at all', () => {
    const waiting = awaitingMeasures(live, 'the full run (running)');
    expect(waiting.windowNs).toBe(0);
    expect(waiting.cpus.every((c) => c.modeNs.every((ns) => ns === 0))).toBe(true);
    expect(waiting.locks.every((l) => l.holdNs === 0 && l.spinNs === 0 && l.acquisitions === 0)).toBe(true);
    expect(waiting.locks.map((l) => l.waiters)).toEqual(live.locks.map((l) => l.waiters));
  });
});
