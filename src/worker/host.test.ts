// host.test.ts -- the simulation worker's request handling (SimHost) over the real
// core in Node: load, frames with snapshots and trace, stepping, playing at a speed
// with flow control, reset, run to the end with the report, sweeps with cancel, and
// a trap that ends the host with one fault.
import { afterEach, describe, expect, it } from 'vitest';
import {
  decodeSnapshot,
  PROVISIONAL,
  readSchema,
  Simulation,
  traceKind,
  traceLength,
  validateScenario,
  type ScenarioValues,
} from '../core/index.js';
import { loadCoreFromDisk } from '../core/node.js';
import { readPreset } from '../core/presets.js';
import type { FrameReply, WorkerReply } from '../core/protocol.js';
import { SimHost } from './host.js';
import { nodeHostEnv } from './node-host-env.test-support.js';

const schema = readSchema(await loadCoreFromDisk());

function values(name: string, overrides: ScenarioValues = {}): ScenarioValues {
  return { ...validateScenario(schema, readPreset(name)).values, ...overrides };
}

/** A host over a fresh core, with real timers; replies are collected in order. */
async function makeHost(options: ConstructorParameters<typeof SimHost>[2] = {}) {
  const core = await loadCoreFromDisk();
  const replies: WorkerReply[] = [];
  const transfers: ArrayBuffer[][] = [];
  const waiters: Array<() => void> = [];
  const env = nodeHostEnv((reply, transfer) => {
    replies.push(reply);
    transfers.push(transfer);
    for (const wake of waiters.splice(0)) wake();
  });
  const host = new SimHost(core, env, options);
  /** Waits until a reply matches (checking those already here first). */
  const until = async <T extends WorkerReply>(match: (reply: WorkerReply) => reply is T, timeoutMs = 20_000): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = replies.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching reply within ${timeoutMs} ms; got ${replies.map((r) => r.type).join(', ')}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  };
  const frames = () => replies.filter((reply): reply is FrameReply => reply.type === 'frame');
  return { host, replies, transfers, until, frames };
}

const isFrame = (reply: WorkerReply): reply is FrameReply => reply.type === 'frame';
const cleanup: Array<() => void> = [];
afterEach(() => {
  for (const undo of cleanup.splice(0)) undo();
});

describe('the simulation host', () => {
  it("announces the schema, loads past the warm-up and sends a first frame with the warm-up's last records", async () => {
    const { host, replies, transfers } = await makeHost();
    host.ready();
    expect(replies[0]).toMatchObject({ type: 'ready', schema: { modes: schema.modes } });
    host.handle({ type: 'load', epoch: 1, scenario: values('testbed-classic'), skipWarmup: true, traceCapacity: 262_144 });
    expect(replies[1]).toMatchObject({ type: 'loaded', epoch: 1, cpus: 16, warmupNs: 40e6, durationNs: 400e6, startNs: 40e6 });
    const frame = replies[2] as FrameReply;
    expect(frame).toMatchObject({ type: 'frame', epoch: 1, reason: 'load', nowNs: 40e6, playing: false, done: false, traceGap: true });
    const snapshot = decodeSnapshot(schema, frame.snapshot);
    expect(snapshot.cpus).toHaveLength(16);
    expect(snapshot.windowNs).toBe(0);
    expect(traceLength(frame.trace)).toBe(16_384);
    expect(frame.trace.t[traceLength(frame.trace) - 1]).toBeLessThanOrEqual(40e6);
    expect(frame.trace.dropped).toBe(0);
    expect(transfers[2]).toHaveLength(7);
  });

  it('steps one event and one millisecond, with the records of exactly that step', async () => {
    const { host, frames } = await makeHost();
    host.handle({ type: 'load', epoch: 1, scenario: values('testbed-classic'), skipWarmup: true, traceCapacity: 262_144 });
    const start = frames()[0]!;
    host.handle({ type: 'step', unit: 'event', count: 1 });
    const one = frames()[1]!;
    expect(one).toMatchObject({ reason: 'step', events: start.events + 1, playing: false });
    expect(one.report).toBeDefined();
    expect(traceLength(one.trace)).toBeGreaterThan(0);
    expect(traceLength(one.trace)).toBeLessThan(10);
    expect(one.traceGap).toBe(false);
    host.handle({ type: 'step', unit: 'time', ns: 1e6 });
    const ms = frames()[2]!;
    expect(ms.nowNs).toBe(one.nowNs + 1e6);
    expect(ms.events).toBeGreaterThan(one.events + 100);
    expect(traceLength(ms.trace)).toBeGreaterThan(100);
    expect(Math.min(...ms.trace.t)).toBeGreaterThanOrEqual(one.nowNs);
    expect(ms.report!.window_ns).toBe(ms.nowNs - 40e6);
  });

  it('plays at a speed in frames due a frame apart, waits for acknowledgements, and pauses', async () => {
    const { host, frames, until } = await makeHost({ maxInFlight: 4 });
    cleanup.push(() => host.handle({ type: 'pause' }));
    host.handle({ type: 'load', epoch: 1, scenario: values('testbed-classic'), skipWarmup: true, traceCapacity: 262_144 });
    host.handle({ type: 'ack', frames: 1 });
    host.handle({ type: 'play', speed: 6e6 }); // 100 us of simulated time per 1/60 s frame
    await until((r): r is FrameReply => isFrame(r) && r.reason === 'play' && r.seq === 5);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const played = frames().filter((f) => f.reason === 'play');
    expect(played).toHaveLength(4); // no acknowledgement: the host waits
    for (let i = 1; i < played.length; i++) {
      expect(played[i]!.nowNs - played[i - 1]!.nowNs).toBeCloseTo(1e5, -1);
      expect(played[i]!.dueMs - played[i - 1]!.dueMs).toBeCloseTo(1000 / 60, 2);
      expect(played[i]!.playing).toBe(true);
    }
    host.handle({ type: 'ack', frames: 5 });
    await until((r): r is FrameReply => isFrame(r) && r.reason === 'play' && r.seq === 7);
    host.handle({ type: 'pause' });
    const paused = frames().at(-1)!;
    expect(paused).toMatchObject({ reason: 'pause', playing: false });
    expect(paused.report).toBeDefined();
    const count = frames().length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(frames().length).toBe(count);
  });

  it('resets to the start of the run, in a new epoch, with the same state as the load gave', async () => {
    const { host, frames } = await makeHost();
    host.handle({ type: 'load', epoch: 1, scenario: values('testbed-scalable'), skipWarmup: true, traceCapacity: 262_144 });
    host.handle({ type: 'step', unit: 'time', ns: 3e6 });
    host.handle({ type: 'reset', epoch: 2 });
    const [loaded, , reset] = frames();
    expect(reset).toMatchObject({ reason: 'reset', epoch: 2, nowNs: loaded!.nowNs, events: loaded!.events, traceGap: true });
    expect([...reset!.snapshot]).toEqual([...loaded!.snapshot]);
    expect([...reset!.trace.t]).toEqual([...loaded!.trace.t]);
  });

  it('runs to the end as fast as the core runs and sends the final report', async () => {
    const { host, until } = await makeHost();
    const scenario = values('testbed-scalable', { 'sim.duration_ns': 60e6, 'sim.warmup_ns': 10e6 });
    host.handle({ type: 'load', epoch: 1, scenario, skipWarmup: true, traceCapacity: 262_144 });
    const ack = setInterval(() => host.handle({ type: 'ack', frames: 100 }), 5);
    cleanup.push(() => clearInterval(ack));
    host.handle({ type: 'run-to-end' });
    const end = await until((r): r is FrameReply => isFrame(r) && r.reason === 'end');
    expect(end).toMatchObject({ done: true, playing: false, nowNs: 60e6 });
    expect(end.report!.window_ns).toBe(50e6);
    expect(end.report!.kernel).toBe('scalable');
    expect(end.report!.mpsynch_pct).toBeLessThan(5);
  });

  it('refuses a scenario the core refuses, in words, and keeps going', async () => {
    const { host, replies } = await makeHost();
    host.handle({
      type: 'load',
      epoch: 1,
      scenario: values('testbed-scalable', { 'machine.cpus': 4, 'kernel.designated_cpu': 9 }),
      skipWarmup: true,
      traceCapacity: 1024,
    });
    expect(replies[0]).toMatchObject({ type: 'refused', epoch: 1 });
    const refused = replies[0] as Extract<WorkerReply, { type: 'refused' }>;
    expect(refused.problems[0]!.message).toMatch(/designated/);
    host.handle({
      type: 'load',
      epoch: 2,
      scenario: values('testbed-scalable', { 'machine.cpus': 4 }),
      skipWarmup: false,
      traceCapacity: 1024,
    });
    expect(replies.map((r) => r.type)).toEqual(['refused', 'loaded', 'frame']);
  });

  it('runs a long warm-up in chunks with progress, ignoring transport requests until it is done', async () => {
    const { host, replies, until } = await makeHost({ warmupSyncMs: 0 });
    host.handle({
      type: 'load',
      epoch: 1,
      scenario: values('testbed-classic', { 'sim.warmup_ns': 300e6 }),
      skipWarmup: true,
      traceCapacity: 262_144,
    });
    host.handle({ type: 'step', unit: 'event', count: 1 }); // dropped: nothing to step yet
    expect(replies.map((r) => r.type)).toEqual(['load-progress']);
    const frame = await until((r): r is FrameReply => isFrame(r));
    const progress = replies.filter((r) => r.type === 'load-progress');
    expect(progress.length).toBeGreaterThan(0);
    for (const p of progress) expect(p).toMatchObject({ epoch: 1, totalNs: 300e6 });
    expect(frame).toMatchObject({ reason: 'load', nowNs: 300e6 });
    expect(replies.filter(isFrame)).toHaveLength(1);
  });

  it('a new load replaces one whose warm-up is still running', async () => {
    const { host, replies, until } = await makeHost({ warmupSyncMs: 0 });
    host.handle({
      type: 'load',
      epoch: 1,
      scenario: values('testbed-classic', { 'sim.warmup_ns': 300e6 }),
      skipWarmup: true,
      traceCapacity: 1024,
    });
    host.handle({
      type: 'load',
      epoch: 2,
      scenario: values('testbed-classic', { 'machine.cpus': 2 }),
      skipWarmup: true,
      traceCapacity: 1024,
    });
    const frame = await until((r): r is FrameReply => isFrame(r));
    expect(frame.epoch).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(replies.filter((r) => r.type === 'loaded').map((r) => r.type === 'loaded' && r.epoch)).toEqual([2]);
    expect(replies.filter(isFrame)).toHaveLength(1);
  });

  it('checks values against the schema first: partial values take the defaults, wrong ones are explained', async () => {
    const { host, replies } = await makeHost();
    host.handle({
      type: 'load',
      epoch: 1,
      scenario: { 'machine.cpus': 999, 'kernel.kind': 'quantum' },
      skipWarmup: false,
      traceCapacity: 0,
    });
    const refused = replies[0] as Extract<WorkerReply, { type: 'refused' }>;
    expect(refused.type).toBe('refused');
    expect(refused.problems.map((p) => p.message).join(' ')).toMatch(
      /machine\.cpus is 999.*kernel\.kind is "quantum"|kernel\.kind is "quantum".*machine\.cpus is 999/s,
    );
    host.handle({ type: 'load', epoch: 2, scenario: { 'machine.cpus': 4 }, skipWarmup: false, traceCapacity: 0 });
    const loaded = replies[1] as Extract<WorkerReply, { type: 'loaded' }>;
    expect(loaded).toMatchObject({ type: 'loaded', epoch: 2, cpus: 4 });
    expect(loaded.scenario).toEqual({ ...values('testbed-classic'), 'machine.cpus': 4 });
  });

  it('sweeps, reporting each point, and stops when cancelled', async () => {
    const { host, replies, until } = await makeHost();
    const short = (cpus: number, kernel: string) =>
      values('testbed-classic', { 'machine.cpus': cpus, 'kernel.kind': kernel, 'sim.duration_ns': 20e6, 'sim.warmup_ns': 5e6 });
    host.handle({
      type: 'sweep',
      id: 7,
      points: [
        { index: 0, values: short(2, 'classic') },
        { index: 1, values: short(4, 'scalable') },
      ],
    });
    const done = await until((r): r is Extract<WorkerReply, { type: 'sweep-done' }> => r.type === 'sweep-done');
    expect(done).toEqual({ type: 'sweep-done', id: 7, cancelled: false });
    const points = replies.filter((r) => r.type === 'sweep-point');
    expect(points.map((p) => p.type === 'sweep-point' && [p.index, p.report.kernel, p.report.cpus.length])).toEqual([
      [0, 'classic', 2],
      [1, 'scalable', 4],
    ]);

    replies.length = 0;
    const long = Array.from({ length: 20 }, (_, i) => ({ index: i, values: values('testbed-classic', { 'machine.cpus': 16 }) }));
    host.handle({ type: 'sweep', id: 8, points: long });
    await new Promise((resolve) => setTimeout(resolve, 30));
    host.handle({ type: 'cancel-sweep', id: 8 });
    const cancelled = await until((r): r is Extract<WorkerReply, { type: 'sweep-done' }> => r.type === 'sweep-done', 2_000);
    expect(cancelled).toEqual({ type: 'sweep-done', id: 8, cancelled: true });
    expect(replies.filter((r) => r.type === 'sweep-point').length).toBeLessThan(20);
  });

  it('a progressive sweep: every provisional point first, waits, then final reports byte for byte those of straight runs', async () => {
    const { host, replies, until } = await makeHost();
    // The OpenVMS pair at 1, 8 and 32 CPUs, the testbed's own run length.
    const grid = [1, 8, 32].flatMap((cpus) =>
      ['classic', 'scalable'].map((kernel) =>
        values('testbed-classic', { 'machine.cpus': cpus, 'kernel.kind': kernel, 'sim.trace_capacity': 0 }),
      ),
    );
    const points = grid.map((v, index) => ({ index, values: v, measure: 'throughput.transmit_packets_per_s' as const }));
    host.handle({ type: 'sweep', id: 11, points, provisional: PROVISIONAL });
    await until((r): r is Extract<WorkerReply, { type: 'sweep-provisional-done' }> => r.type === 'sweep-provisional-done', 20_000);
    // it waits: no final point until it is told to go on
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(replies.map((r) => r.type)).toEqual([...grid.map(() => 'sweep-provisional'), 'sweep-provisional-done']);
    for (const reply of replies) {
      if (reply.type !== 'sweep-provisional') continue;
      // the provisional window: the warm-up and a sixteenth of the measurement window
      expect(reply.report.window_ns).toBe(Math.round((400e6 - 40e6) * PROVISIONAL.fraction));
      expect(reply.figure.value).toBe(reply.report.throughput.transmit_packets_per_s);
      expect(reply.figure.halfWidth).toBeGreaterThan(0);
      expect(reply.figure.halfWidth).toBeLessThan(reply.figure.value / 2);
    }
    host.handle({ type: 'continue-sweep', id: 11 });
    await until((r): r is Extract<WorkerReply, { type: 'sweep-done' }> => r.type === 'sweep-done', 60_000);
    const finals = replies.filter((r): r is Extract<WorkerReply, { type: 'sweep-point' }> => r.type === 'sweep-point');
    expect(finals.map((r) => r.index)).toEqual(points.map((p) => p.index));
    const core = await loadCoreFromDisk();
    for (const final of finals) {
      const straight = Simulation.create(core, grid[final.index]!);
      straight.runToEnd();
      expect(JSON.stringify(final.report)).toBe(JSON.stringify(JSON.parse(straight.reportText())));
      straight.free();
    }
  });

  it('a progressive sweep cancelled while it waits between its passes ends, its runs freed', async () => {
    const { host, replies, until } = await makeHost();
    const short = values('testbed-classic', { 'machine.cpus': 4, 'sim.duration_ns': 20e6, 'sim.warmup_ns': 5e6 });
    host.handle({ type: 'sweep', id: 12, points: [{ index: 0, values: short }], provisional: PROVISIONAL });
    await until((r): r is Extract<WorkerReply, { type: 'sweep-provisional-done' }> => r.type === 'sweep-provisional-done');
    host.handle({ type: 'cancel-sweep', id: 12 });
    const done = await until((r): r is Extract<WorkerReply, { type: 'sweep-done' }> => r.type === 'sweep-done', 2_000);
    expect(done).toEqual({ type: 'sweep-done', id: 12, cancelled: true });
    expect(replies.some((r) => r.type === 'sweep-point')).toBe(false);
  });

  it("reports a WebAssembly trap once, as the core's fault, and then ignores requests", async () => {
    const { host, replies } = await makeHost();
    host.handle({ type: 'load', epoch: 1, scenario: values('testbed-classic'), skipWarmup: false, traceCapacity: 1024 });
    host.handle({ type: 'fault', kind: 'trap' });
    const fault = replies.at(-1)!;
    expect(fault).toMatchObject({ type: 'fault', trap: true });
    expect(fault.type === 'fault' && fault.message).toMatch(/WebAssembly trap.*out of bounds/);
    host.handle({ type: 'step', unit: 'event', count: 1 });
    expect(replies.at(-1)).toBe(fault);
  });

  // A scenario the core accepts but cannot run: every step of a transaction costs 0 ns,
  // so the clock can never move (it used to hang the worker). The core finds it and
  // stops; the host sends its words as the fault the lab's banner shows.
  const noTime = () =>
    values('testbed-classic', {
      'machine.cpus': 1,
      'workload.processes': 1,
      'workload.think.mean_ns': 0,
      'workload.user_work.mean_ns': 0,
      'workload.writes_per_txn': 0,
      'workload.reads_per_txn': 0,
      'sim.duration_ns': 1e6,
      'sim.warmup_ns': 0,
    });

  it("a run the core finds cannot go on ends the host with one fault in the core's words", async () => {
    const { host, replies, until } = await makeHost();
    host.handle({ type: 'load', epoch: 1, scenario: noTime(), skipWarmup: true, traceCapacity: 1024 });
    expect(replies[0]).toMatchObject({ type: 'loaded', epoch: 1 });
    host.handle({ type: 'run-to-end' });
    const fault = await until((r): r is Extract<WorkerReply, { type: 'fault' }> => r.type === 'fault', 5_000);
    expect(fault.trap).toBe(false);
    expect(fault.message).toMatch(
      /^The run cannot go on \(at \d+ ns\): thread 0 on CPU 0 ran 1000000 steps of its program "process" without the simulated clock moving/,
    );
    expect(fault.message).not.toMatch(/worker failed/);
    host.handle({ type: 'step', unit: 'event', count: 1 });
    expect(replies.at(-1)).toBe(fault);
  });

  it("a sweep point whose run cannot go on is refused in the core's words, and the sweep goes on", async () => {
    const { host, replies, until } = await makeHost();
    const fine = values('testbed-classic', { 'machine.cpus': 2, 'sim.duration_ns': 20e6, 'sim.warmup_ns': 5e6 });
    host.handle({
      type: 'sweep',
      id: 9,
      points: [
        { index: 0, values: noTime() },
        { index: 1, values: fine },
      ],
    });
    await until((r): r is Extract<WorkerReply, { type: 'sweep-done' }> => r.type === 'sweep-done');
    const refused = replies.find((r) => r.type === 'sweep-refused');
    expect(refused).toMatchObject({ type: 'sweep-refused', id: 9, index: 0 });
    expect(refused?.type === 'sweep-refused' && refused.problems[0]!.message).toMatch(/^The run cannot go on/);
    expect(replies.filter((r) => r.type === 'sweep-point').map((p) => p.type === 'sweep-point' && p.index)).toEqual([1]);
  });

  it('the trace of a played run has mode records for every CPU', async () => {
    const { host, frames, until } = await makeHost();
    host.handle({
      type: 'load',
      epoch: 1,
      scenario: values('testbed-classic', { 'machine.cpus': 4 }),
      skipWarmup: true,
      traceCapacity: 262_144,
    });
    const ack = setInterval(() => host.handle({ type: 'ack', frames: 100 }), 5);
    cleanup.push(() => clearInterval(ack));
    host.handle({ type: 'play', speed: Number.POSITIVE_INFINITY });
    await until((r): r is FrameReply => isFrame(r) && r.reason === 'play' && r.seq >= 4);
    host.handle({ type: 'pause' });
    const mode = traceKind(schema, 'mode');
    const cpus = new Set<number>();
    for (const frame of frames()) frame.trace.kind.forEach((kind, i) => kind === mode && cpus.add(frame.trace.cpu[i]!));
    expect([...cpus].sort()).toEqual([0, 1, 2, 3]);
  });
});
