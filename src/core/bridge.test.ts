// bridge.test.ts -- the worker bridge's pure pieces over the real core in Node:
// snapshots and trace records decoded by the schema's layouts, the trace history,
// the playback pacer, sweep plans and the protocol's transfer lists.
import { describe, expect, it } from 'vitest';
import {
  decodeSnapshot,
  decodeTrace,
  DEFAULT_PACER,
  MAX_SPEED,
  Pacer,
  planSweep,
  readSchema,
  Simulation,
  kernelLocks,
  snapshotLength,
  speedIndex,
  SPEEDS,
  splitSweep,
  addSweepPoint,
  cpuCounts,
  traceKind,
  TraceHistory,
  traceLength,
  validateScenario,
  allocateTrace,
  type ScenarioValues,
  type TraceSlice,
  type Report,
} from './index.js';
import { describeFault, isWorkerReply, replyTransferables, type FrameReply } from './protocol.js';
import { loadCoreFromDisk } from './node.js';
import { readPreset } from './presets.js';

const core = await loadCoreFromDisk();
const schema = readSchema(core);

function preset(name: string, overrides: ScenarioValues = {}): ScenarioValues {
  return { ...validateScenario(schema, readPreset(name)).values, ...overrides };
}

function withSim<T>(values: ScenarioValues, body: (sim: Simulation) => T): T {
  const sim = Simulation.create(core, values);
  try {
    return body(sim);
  } finally {
    sim.free();
  }
}

describe('snapshots from the core', () => {
  it('decode by the schema layout: CPUs, modes that add up, locks, the KRP queue', () => {
    withSim(preset('testbed-classic', { 'sim.duration_ns': 20e6, 'sim.warmup_ns': 2e6 }), (sim) => {
      sim.runUntil(10e6);
      const doubles = sim.snapshotDoubles();
      expect(doubles.length).toBe(snapshotLength(schema, { cpus: 16, locks: kernelLocks(schema, 'classic').length, threads: 128 }));
      const snapshot = sim.snapshot();
      expect(snapshot.nowNs).toBe(10e6);
      expect(snapshot.events).toBe(sim.events);
      expect(snapshot.windowNs).toBe(8e6);
      expect(snapshot.kernel).toBe('classic');
      expect(snapshot.roleCpus.designated_cpu!).toBe(15);
      expect(snapshot.cpus).toHaveLength(16);
      for (const cpu of snapshot.cpus) {
        expect(schema.modes).toContain(cpu.mode);
        expect(cpu.modeNs).toHaveLength(schema.modes.length);
        // Every nanosecond of the window is in exactly one mode.
        expect(cpu.modeNs.reduce((a, b) => a + b, 0)).toBeCloseTo(snapshot.windowNs, -1);
        if (cpu.mode === 'spin') expect(cpu.spinLock).toBeGreaterThanOrEqual(0);
        else expect(cpu.spinLock).toBe(-1);
      }
      expect(snapshot.locks.map((lock) => lock.name)).toEqual(kernelLocks(schema, 'classic'));
      const iolock8 = snapshot.locks.find((lock) => lock.name === 'IOLOCK8')!;
      expect(iolock8.acquisitions).toBeGreaterThan(100);
      expect(iolock8.holdNs).toBeGreaterThan(0);
      expect(iolock8.holdNs).toBeLessThanOrEqual(snapshot.windowNs);
      // The CPUs spinning on that lock are its waiters, each listed once, plus the CPU
      // it is being handed to (still spinning until the cache line arrives).
      const spinning = snapshot.cpus
        .filter((cpu) => cpu.spinLock === kernelLocks(schema, 'classic').indexOf('IOLOCK8'))
        .map((cpu) => cpu.id);
      const expected = [...iolock8.waiters, ...(iolock8.reserved >= 0 ? [iolock8.reserved] : [])];
      expect(new Set(iolock8.waiters).size).toBe(iolock8.waiters.length);
      expect(expected.sort((a, b) => a - b)).toEqual(spinning.sort((a, b) => a - b));
      expect(snapshot.queues.map((queue) => queue.name)).toEqual(schema.queues);
      // A snapshot's figures agree with the report's for the same moment.
      const report = sim.report();
      const spinPct =
        (100 * snapshot.cpus.reduce((sum, cpu) => sum + cpu.modeNs[schema.modes.indexOf('spin')]!, 0)) / (snapshot.windowNs * 16);
      expect(spinPct).toBeCloseTo(report.mpsynch_pct, 2);
      expect((100 * iolock8.holdNs) / snapshot.windowNs).toBeCloseTo(report.iolock8_hold_pct!, 2);
    });
  });

  it('decodes the same from a copy as from the core, and the scalable kernel queues KRPs', () => {
    withSim(preset('testbed-scalable', { 'machine.cpus': 8, 'sim.duration_ns': 20e6, 'sim.warmup_ns': 1e6 }), (sim) => {
      let maxLen = 0;
      for (let t = 1e6; t <= 10e6; t += 1e5) {
        sim.runUntil(t);
        const snapshot = decodeSnapshot(schema, sim.snapshotDoubles());
        maxLen = Math.max(maxLen, snapshot.queues[0]!.maxLen);
      }
      const snapshot = sim.snapshot();
      expect(snapshot.kernel).toBe('scalable');
      expect(snapshot.cpus).toHaveLength(8);
      expect(snapshot.roleCpus.designated_cpu!).toBe(7);
      expect(maxLen).toBeGreaterThan(0);
      expect(sim.snapshot()).toEqual(snapshot);
      // The designated CPU's kernel-context time is the report's busy share (the lab shows it live).
      const designated = snapshot.cpus[snapshot.roleCpus.designated_cpu!]!;
      expect((100 * designated.kctxNs) / snapshot.windowNs).toBeCloseTo(sim.report().designated_cpu_busy_pct, 2);
    });
  });
});

describe('trace slices', () => {
  it('are decoded by name and offset from the schema, oldest first, and drain the ring', () => {
    withSim(preset('testbed-classic', { 'sim.trace_capacity': 100_000, 'sim.duration_ns': 20e6, 'sim.warmup_ns': 0 }), (sim) => {
      sim.runUntil(2e6);
      const pending = sim.tracePending;
      expect(pending).toBeGreaterThan(100);
      const slice = sim.readTrace();
      expect(traceLength(slice)).toBe(pending);
      expect(sim.tracePending).toBe(0);
      expect(slice.dropped).toBe(0);
      for (const column of [slice.kind, slice.cpu, slice.thread, slice.object, slice.arg]) expect(column.length).toBe(pending);
      for (let i = 1; i < slice.t.length; i++) expect(slice.t[i]!).toBeGreaterThanOrEqual(slice.t[i - 1]!);
      expect(slice.t[slice.t.length - 1]!).toBeLessThanOrEqual(2e6);
      expect(Math.max(...slice.kind)).toBeLessThan(schema.trace.kinds.length);
      expect(Math.min(...slice.kind)).toBeGreaterThanOrEqual(0);
      // Mode records name a CPU and a mode; acquire records a lock.
      const mode = traceKind(schema, 'mode');
      const acquire = traceKind(schema, 'acquire');
      for (let i = 0; i < slice.t.length; i++) {
        if (slice.kind[i] === mode) {
          expect(slice.cpu[i]!).toBeGreaterThanOrEqual(0);
          expect(slice.object[i]!).toBeLessThan(schema.modes.length);
        }
        if (slice.kind[i] === acquire) expect(slice.object[i]!).toBeLessThan(kernelLocks(schema, 'classic').length);
      }
      expect([...slice.kind]).toContain(acquire);
    });
  });

  it('keeps only the newest records past a limit and counts the rest as dropped', () => {
    const values = preset('testbed-classic', { 'sim.trace_capacity': 100_000, 'sim.duration_ns': 20e6, 'sim.warmup_ns': 0 });
    const whole = withSim(values, (sim) => {
      sim.runUntil(1e6);
      return sim.readTrace();
    });
    withSim(values, (sim) => {
      sim.runUntil(1e6);
      const tail = sim.readTrace(100);
      expect(traceLength(tail)).toBe(100);
      expect(tail.dropped).toBe(traceLength(whole) - 100);
      expect([...tail.t]).toEqual([...whole.t.slice(-100)]);
      expect([...tail.kind]).toEqual([...whole.kind.slice(-100)]);
      expect(sim.readTrace()).toMatchObject({ dropped: tail.dropped });
    });
  });

  it('counts records the ring could not hold', () => {
    withSim(preset('testbed-classic', { 'sim.trace_capacity': 64, 'sim.duration_ns': 20e6, 'sim.warmup_ns': 0 }), (sim) => {
      sim.runUntil(1e6);
      const slice = sim.readTrace();
      expect(traceLength(slice)).toBe(64);
      expect(slice.dropped).toBeGreaterThan(0);
    });
  });

  it('decodes hand-made records at the offsets the schema gives', () => {
    const { record_bytes: size, fields } = schema.trace;
    const bytes = new Uint8Array(size * 2);
    const view = new DataView(bytes.buffer);
    const put = (record: number, name: string, value: number) => {
      const field = fields.find((f) => f.name === name)!;
      const at = record * size + field.offset;
      if (field.type === 'f64') view.setFloat64(at, value, true);
      else view.setInt32(at, value, true);
    };
    [
      [1234.5, 2, 3, 4, 1, 99.25],
      [2000, 0, -1, 7, 6, -1],
    ].forEach(([t, kind, cpu, thread, object, arg], i) => {
      put(i, 't_ns', t!);
      put(i, 'kind', kind!);
      put(i, 'cpu', cpu!);
      put(i, 'thread', thread!);
      put(i, 'object', object!);
      put(i, 'arg', arg!);
    });
    const slice = decodeTrace(schema, bytes, 5);
    expect([...slice.t]).toEqual([1234.5, 2000]);
    expect([...slice.kind]).toEqual([2, 0]);
    expect([...slice.cpu]).toEqual([3, -1]);
    expect([...slice.thread]).toEqual([4, 7]);
    expect([...slice.object]).toEqual([1, 6]);
    expect([...slice.arg]).toEqual([99.25, -1]);
    expect(slice.dropped).toBe(5);
    // Unaligned (a record starting at an odd byte) decodes the same, through a DataView.
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    expect(decodeTrace(schema, shifted.subarray(1), 5)).toEqual(slice);
    expect(() => decodeTrace(schema, new Uint8Array(size + 3))).toThrow(/whole number/);
  });
});

function syntheticSlice(records: Array<[t: number, kind: number, cpu: number, object: number]>, dropped = 0): TraceSlice {
  const slice = allocateTrace(records.length, dropped);
  records.forEach(([t, kind, cpu, object], i) => {
    slice.t[i] = t;
    slice.kind[i] = kind;
    slice.cpu[i] = cpu;
    slice.object[i] = object;
    slice.thread[i] = -1;
  });
  return slice;
}

describe('the trace history', () => {
  const mode = traceKind(schema, 'mode');
  const spin = traceKind(schema, 'spin');

  it('appends, trims the oldest past its capacity and remembers the modes it trimmed', () => {
    const history = new TraceHistory(4, schema, 2);
    history.reset(0, [6, 6]);
    history.append(
      syntheticSlice([
        [1, mode, 0, 0],
        [2, mode, 1, 3],
        [3, spin, 1, 0],
      ]),
    );
    expect(history.length).toBe(3);
    expect([...history.view().slice.t]).toEqual([1, 2, 3]);
    expect([...history.view().modeAtStart]).toEqual([6, 6]);
    history.append(
      syntheticSlice(
        [
          [4, mode, 0, 1],
          [5, mode, 1, 0],
        ],
        7,
      ),
    );
    const window = history.view();
    expect([...window.slice.t]).toEqual([2, 3, 4, 5]);
    expect([...window.modeAtStart]).toEqual([0, 6]);
    expect(window.startNs).toBe(1);
    expect(window.slice.dropped).toBe(7);
    for (let i = 6; i < 40; i++) history.append(syntheticSlice([[i, mode, i % 2, i % 7]]));
    const later = history.view();
    expect([...later.slice.t]).toEqual([36, 37, 38, 39]);
    expect([...later.modeAtStart]).toEqual([34 % 7, 35 % 7]);
    expect(later.version).toBeGreaterThan(window.version);
  });

  it('keeps only the newest records of a slice larger than itself', () => {
    const history = new TraceHistory(3, schema, 1);
    history.reset(0);
    history.append(
      syntheticSlice([
        [1, mode, 0, 2],
        [2, mode, 0, 3],
        [3, mode, 0, 4],
        [4, mode, 0, 5],
        [5, mode, 0, 1],
      ]),
    );
    const window = history.view();
    expect([...window.slice.t]).toEqual([3, 4, 5]);
    expect([...window.modeAtStart]).toEqual([3]);
    expect(window.startNs).toBe(2);
  });

  it('holds 100,000 records of a real run and appends a frame in well under a millisecond each', () => {
    withSim(
      preset('testbed-classic', {
        'machine.cpus': 64,
        'kernel.kind': 'scalable',
        'sim.trace_capacity': 300_000,
        'sim.duration_ns': 100e6,
        'sim.warmup_ns': 0,
      }),
      (sim) => {
        const history = new TraceHistory(131_072, schema, 64);
        history.reset(0);
        let appended = 0;
        let time = 0;
        for (let t = 1e6; t <= 60e6; t += 1e6) {
          sim.runUntil(t);
          const slice = sim.readTrace();
          const start = performance.now();
          history.append(slice);
          time += performance.now() - start;
          appended += traceLength(slice);
        }
        expect(appended).toBeGreaterThan(131_072);
        expect(history.length).toBe(131_072);
        const { t } = history.view().slice;
        let outOfOrder = 0;
        for (let i = 1; i < t.length; i++) if (t[i]! < t[i - 1]!) outOfOrder++;
        expect(outOfOrder).toBe(0);
        expect(time / 60).toBeLessThan(5);
      },
    );
  });
});

describe('playback speeds and the pacer', () => {
  it("has a 1-2-5 ladder from 1 us per second to the core's top speed", () => {
    expect(SPEEDS[0]).toBe(1e3);
    expect(SPEEDS.slice(0, 4)).toEqual([1e3, 2e3, 5e3, 1e4]);
    expect(SPEEDS[SPEEDS.length - 1]).toBe(MAX_SPEED);
    expect(speedIndex(2e6)).toBe(SPEEDS.indexOf(2e6));
    expect(speedIndex(2.2e6)).toBe(SPEEDS.indexOf(2e6));
    expect(speedIndex(MAX_SPEED)).toBe(SPEEDS.length - 1);
  });

  it('produces one frame per display frame, a little ahead, at the speed asked', () => {
    const pacer = new Pacer(DEFAULT_PACER);
    pacer.recordWork(1e9, 100); // a fast core: the budget never limits 2 ms/s
    pacer.start(1000, 5e6, 2e6);
    const first = pacer.next(1000, 5e6);
    expect(first).toEqual({ kind: 'run', targetNs: 5e6 + 2e6 / 60, dueMs: 1000 + 1000 / 60 });
    let sim = 5e6 + 2e6 / 60;
    let wall = 1000;
    const dues: number[] = [];
    for (;;) {
      const step = pacer.next(wall, sim);
      if (step.kind === 'wait') {
        expect(step.ms).toBeGreaterThan(0);
        break;
      }
      dues.push(step.dueMs);
      sim = step.targetNs;
    }
    // Frames are produced up to the lead ahead of the wall clock, and no further.
    expect(dues.at(-1)! - DEFAULT_PACER.leadMs).toBeLessThanOrEqual(wall);
    wall = 2000;
    const late = pacer.next(wall, sim);
    expect(late).toMatchObject({ kind: 'run', dueMs: 2000 }); // fell behind: slips, no burst
  });

  it('caps a chunk at what the core runs in its budget, and runs budget-sized chunks at top speed', () => {
    const pacer = new Pacer(DEFAULT_PACER);
    pacer.recordWork(1e6, 10); // 100 us of simulated time per ms of work
    for (let i = 0; i < 20; i++) pacer.recordWork(1e6, 10);
    expect(pacer.chunkLimitNs).toBeCloseTo(1e5 * DEFAULT_PACER.budgetMs, -3);
    pacer.start(0, 0, 1e9);
    const step = pacer.next(0, 0);
    expect(step.kind === 'run' && step.targetNs).toBeCloseTo(pacer.chunkLimitNs, -3);
    pacer.start(0, 0, MAX_SPEED);
    expect(pacer.next(0, 10)).toEqual({ kind: 'run', targetNs: 10 + pacer.chunkLimitNs, dueMs: 0 });
  });
});

describe('sweep plans', () => {
  it('runs 1..32 CPUs for both kernels with tracing off, fixing CPUs small machines lack', () => {
    const plan = planSweep(preset('testbed-classic', { 'kernel.designated_cpu': 4, 'sim.trace_capacity': 5000 }), {
      kernels: ['classic', 'scalable'],
    });
    expect(plan.points).toHaveLength(64);
    expect(plan.points.map((p) => p.index)).toEqual([...Array(64).keys()]);
    expect(plan.points.filter((p) => p.kernel === 'classic').map((p) => p.cpus)).toEqual([...Array(32).keys()].map((i) => i + 1));
    for (const point of plan.points) {
      expect(point.values['machine.cpus']).toBe(point.cpus);
      expect(point.values['kernel.kind']).toBe(point.kernel);
      expect(point.values['sim.trace_capacity']).toBe(0);
      expect(point.values['kernel.designated_cpu']).toBe(point.cpus > 4 ? 4 : -1);
      expect(() => withSim(point.values, () => 0)).not.toThrow();
    }
    expect(plan.notes.join(' ')).toMatch(/no CPU 4/);
  });

  it('runs one kernel alone, its own, at the CPU counts of a stepped range', () => {
    const plan = planSweep(preset('service-ticket', { 'sim.trace_capacity': 5000 }), { cpus: { from: 8, to: 64, step: 8 } });
    expect(plan.points.map((p) => p.cpus)).toEqual([8, 16, 24, 32, 40, 48, 56, 64]);
    expect(plan.points.map((p) => p.index)).toEqual([...Array(8).keys()]);
    for (const point of plan.points) {
      expect(point.kernel).toBe('service');
      expect(point.values['kernel.kind']).toBe('service');
      expect(point.values['machine.cpus']).toBe(point.cpus);
      expect(point.values['sim.trace_capacity']).toBe(0);
    }
    expect(plan.notes).toEqual([]);
    // a step that does not land on `to` stops below it; an empty range plans nothing
    expect(planSweep(preset('service-ticket'), { cpus: { from: 4, to: 30, step: 10 } }).points.map((p) => p.cpus)).toEqual([4, 14, 24]);
    expect(planSweep(preset('service-ticket'), { cpus: { from: 9, to: 8, step: 1 } }).points).toEqual([]);
    expect(cpuCounts({ from: 1, to: 3, step: 0 })).toEqual([]);
  });

  it('deals the runs out so two workers get about the same work, each once', () => {
    const plan = planSweep(preset('testbed-classic'), { kernels: ['classic', 'scalable'] });
    const [a, b] = splitSweep(plan.points, 2);
    const work = (share: typeof a) => share!.reduce((sum, p) => sum + p.cpus, 0);
    expect(a!.length + b!.length).toBe(64);
    expect(new Set([...a!, ...b!].map((p) => p.index)).size).toBe(64);
    expect(Math.abs(work(a) - work(b))).toBeLessThanOrEqual(32);
  });

  it('keeps finished points ordered by kernel then CPUs, without duplicates', () => {
    const report = {} as Report;
    let points = addSweepPoint([], { cpus: 3, kernel: 'scalable', report });
    points = addSweepPoint(points, { cpus: 2, kernel: 'classic', report });
    points = addSweepPoint(points, { cpus: 1, kernel: 'scalable', report });
    points = addSweepPoint(points, { cpus: 2, kernel: 'classic', report });
    expect(points.map((p) => `${p.kernel}${p.cpus}`)).toEqual(['classic2', 'scalable1', 'scalable3']);
  });
});

describe('protocol pieces', () => {
  it("transfers a frame's snapshot and every trace column, and nothing for other replies", () => {
    const trace = allocateTrace(3);
    const frame: FrameReply = {
      type: 'frame',
      epoch: 1,
      seq: 1,
      reason: 'play',
      dueMs: 0,
      nowNs: 0,
      events: 0,
      done: false,
      playing: true,
      snapshot: new Float64Array(4),
      trace,
      traceGap: false,
    };
    const buffers = replyTransferables(frame);
    expect(buffers).toHaveLength(7);
    expect(buffers).toContain(frame.snapshot.buffer);
    expect(buffers).toContain(trace.t.buffer);
    expect(new Set(buffers).size).toBe(7);
    expect(replyTransferables({ type: 'sweep-done', id: 1, cancelled: false })).toEqual([]);
  });

  it("recognises replies and words a trap as the core's fault", async () => {
    expect(isWorkerReply({ type: 'frame' })).toBe(true);
    expect(isWorkerReply({ type: 'nonsense' })).toBe(false);
    expect(isWorkerReply(null)).toBe(false);
    let trap: unknown;
    try {
      core.provokeTrap();
    } catch (error) {
      trap = error;
    }
    expect(trap).toBeInstanceOf(WebAssembly.RuntimeError);
    const fault = describeFault(trap);
    expect(fault.trap).toBe(true);
    expect(fault.message).toMatch(/WebAssembly trap/);
    expect(describeFault(new Error('boom'))).toMatchObject({ trap: false, message: 'The simulation worker failed: boom.' });
  });
});
