// client.test.ts -- the main thread's side of the bridge with a fake worker: frames
// wait until they are due and are acknowledged when taken, frames of a replaced
// simulation are dropped, every kind of worker failure becomes one fault (and the
// worker is terminated), a silent worker counts as hung, and a sweep over several
// workers gathers its points and can be cancelled.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SimClient, SweepRunner, type WorkerLike } from './client.js';
import { allocateTrace } from './trace.js';
import type { FrameReply, WorkerReply, WorkerRequest } from './protocol.js';
import type { Report } from './report.js';
import type { Schema } from './schema.js';

class FakeWorker implements WorkerLike {
  sent: WorkerRequest[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  onmessageerror: ((event: MessageEvent) => void) | null = null;

  postMessage(message: unknown): void {
    this.sent.push(message as WorkerRequest);
  }

  terminate(): void {
    this.terminated = true;
  }

  reply(data: WorkerReply | unknown): void {
    this.onmessage?.({ data } as MessageEvent);
  }

  fail(message: string): void {
    this.onerror?.({ message, filename: 'http://x/assets/sim.worker.js', lineno: 3, preventDefault() {} } as unknown as ErrorEvent);
  }
}

const schema = { modes: [], fields: [] } as unknown as Schema;

function frame(epoch: number, seq: number, dueMs: number, extra: Partial<FrameReply> = {}): FrameReply {
  return {
    type: 'frame', epoch, seq, reason: 'play', dueMs, nowNs: seq * 1000, events: seq, done: false, playing: true,
    snapshot: new Float64Array(1), trace: allocateTrace(0), traceGap: false, ...extra,
  };
}

function setup() {
  const workers: FakeWorker[] = [];
  const events = { ready: vi.fn(), loaded: vi.fn(), refused: vi.fn(), framesQueued: vi.fn(), fault: vi.fn() };
  const client = new SimClient(() => {
    const worker = new FakeWorker();
    workers.push(worker);
    return worker;
  }, events);
  client.start();
  return { client, workers, events, worker: () => workers[workers.length - 1]! };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('SimClient', () => {
  it('hands frames over when they are due, oldest first, and acknowledges them', () => {
    const { client, worker, events } = setup();
    worker().reply({ type: 'ready', schema });
    expect(events.ready).toHaveBeenCalledWith(schema);
    const epoch = client.load({ 'machine.cpus': 4 }, { skipWarmup: true, traceCapacity: 1024 });
    expect(worker().sent.at(-1)).toEqual({ type: 'load', epoch, scenario: { 'machine.cpus': 4 }, skipWarmup: true, traceCapacity: 1024 });
    worker().reply(frame(epoch, 1, 100));
    worker().reply(frame(epoch, 2, 200));
    worker().reply(frame(epoch, 3, 300));
    expect(events.framesQueued).toHaveBeenCalledTimes(3);
    expect(client.takeDue(50)).toEqual([]);
    expect(client.takeDue(250).map((f) => f.seq)).toEqual([1, 2]);
    expect(worker().sent.at(-1)).toEqual({ type: 'ack', frames: 2 });
    expect(client.queued).toBe(1);
    expect(client.nextDueMs).toBe(300);
    expect(client.takeDue(1e9).map((f) => f.seq)).toEqual([3]);
  });

  it('drops (and acknowledges) frames of a simulation it has replaced', () => {
    const { client, worker } = setup();
    worker().reply({ type: 'ready', schema });
    const first = client.load({}, { skipWarmup: true, traceCapacity: 0 });
    worker().reply(frame(first, 1, 0));
    const second = client.reset();
    expect(second).toBe(first + 1);
    expect(worker().sent.slice(-2)).toEqual([{ type: 'ack', frames: 1 }, { type: 'reset', epoch: second }]);
    worker().reply(frame(first, 2, 0));
    expect(worker().sent.at(-1)).toEqual({ type: 'ack', frames: 1 });
    expect(client.queued).toBe(0);
    worker().reply(frame(second, 3, 0));
    expect(client.takeDue().map((f) => f.seq)).toEqual([3]);
  });

  it('passes on loaded and refused replies of the current simulation only', () => {
    const { client, worker, events } = setup();
    worker().reply({ type: 'ready', schema });
    const epoch = client.load({}, { skipWarmup: true, traceCapacity: 0 });
    worker().reply({ type: 'loaded', epoch: epoch - 1, scenario: {}, cpus: 1, durationNs: 1, warmupNs: 0, startNs: 0 });
    expect(events.loaded).not.toHaveBeenCalled();
    worker().reply({ type: 'loaded', epoch, scenario: {}, cpus: 1, durationNs: 1, warmupNs: 0, startNs: 0 });
    expect(events.loaded).toHaveBeenCalledTimes(1);
    worker().reply({ type: 'refused', epoch, problems: [{ path: 'machine.cpus', message: 'no' }] });
    expect(events.refused).toHaveBeenCalledWith([{ path: 'machine.cpus', message: 'no' }]);
  });

  it.each([
    ['a fault reply (a trap in the core)', (w: FakeWorker) => w.reply({ type: 'fault', message: 'The simulation core stopped with a WebAssembly trap (unreachable).', trap: true }), /WebAssembly trap/],
    ['an uncaught error in the worker', (w: FakeWorker) => w.fail('Uncaught RangeError: boom'), /worker failed: Uncaught RangeError: boom \(sim\.worker\.js:3\)/],
    ['a message it cannot read', (w: FakeWorker) => w.onmessageerror?.({} as MessageEvent), /could not read/],
    ['a message it does not understand', (w: FakeWorker) => w.reply({ hello: 1 }), /does not understand/],
  ])('turns %s into one fault, terminates the worker and ignores it afterwards', (_what, failHow, message) => {
    const { client, worker, events } = setup();
    worker().reply({ type: 'ready', schema });
    const broken = worker();
    failHow(broken);
    expect(events.fault).toHaveBeenCalledTimes(1);
    expect(events.fault.mock.calls[0]![0]).toMatch(message);
    expect(broken.terminated).toBe(true);
    expect(client.running).toBe(false);
    broken.fail('again');
    client.play(1e6);
    expect(events.fault).toHaveBeenCalledTimes(1);
    expect(broken.sent.filter((r) => r.type === 'play')).toHaveLength(0);
    // A restart is a new worker.
    client.start();
    expect(worker()).not.toBe(broken);
    expect(client.running).toBe(true);
  });

  it('counts a worker that does not answer as hung', () => {
    vi.useFakeTimers();
    const { client, worker, events } = setup();
    worker().reply({ type: 'ready', schema });
    client.stepEvents(1);
    vi.advanceTimersByTime(19_000);
    expect(events.fault).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2_000);
    expect(events.fault.mock.calls[0]![0]).toMatch(/stopped answering/);
    expect(worker().terminated).toBe(true);
  });

  it('does not count playing (no answer owed) as hung', () => {
    vi.useFakeTimers();
    const { client, worker, events } = setup();
    worker().reply({ type: 'ready', schema });
    client.play(1e6);
    client.pause();
    vi.advanceTimersByTime(60_000);
    expect(events.fault).not.toHaveBeenCalled();
  });
});

describe('SweepRunner', () => {
  const report = (n: number) => ({ events: n }) as unknown as Report;

  function runner(parallel = 2) {
    const workers: FakeWorker[] = [];
    const events = { point: vi.fn(), refused: vi.fn(), done: vi.fn(), fault: vi.fn() };
    const sweep = new SweepRunner(() => {
      const worker = new FakeWorker();
      workers.push(worker);
      return worker;
    }, parallel, events);
    return { sweep, workers, events };
  }

  it('gives each worker its share and finishes when every worker is done', () => {
    const { sweep, workers, events } = runner();
    sweep.run([[{ index: 0, values: {} }, { index: 2, values: {} }], [{ index: 1, values: {} }]]);
    expect(workers).toHaveLength(2);
    const [a, b] = workers as [FakeWorker, FakeWorker];
    expect(a.sent[0]).toMatchObject({ type: 'sweep', points: [{ index: 0 }, { index: 2 }] });
    const id = (a.sent[0] as Extract<WorkerRequest, { type: 'sweep' }>).id;
    a.reply({ type: 'sweep-point', id, index: 0, report: report(0) });
    b.reply({ type: 'sweep-point', id, index: 1, report: report(1) });
    b.reply({ type: 'sweep-done', id, cancelled: false });
    expect(events.done).not.toHaveBeenCalled();
    a.reply({ type: 'sweep-point', id, index: 2, report: report(2) });
    a.reply({ type: 'sweep-done', id, cancelled: false });
    expect(events.point.mock.calls.map((call) => call[0])).toEqual([0, 1, 2]);
    expect(events.done).toHaveBeenCalledWith(false);
    expect(workers.every((w) => w.terminated)).toBe(true);
    expect(sweep.running).toBe(false);
  });

  it('cancels: asks each worker to stop, ignores late points, and terminates stragglers', () => {
    vi.useFakeTimers();
    const { sweep, workers, events } = runner();
    sweep.run([[{ index: 0, values: {} }], [{ index: 1, values: {} }]]);
    const id = (workers[0]!.sent[0] as Extract<WorkerRequest, { type: 'sweep' }>).id;
    sweep.cancel();
    expect(workers.map((w) => w.sent.at(-1))).toEqual([{ type: 'cancel-sweep', id }, { type: 'cancel-sweep', id }]);
    workers[0]!.reply({ type: 'sweep-point', id, index: 0, report: report(0) });
    workers[0]!.reply({ type: 'sweep-done', id, cancelled: true });
    expect(events.point).not.toHaveBeenCalled();
    expect(events.done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_500); // the second worker never confirms
    expect(events.done).toHaveBeenCalledWith(true);
    expect(workers.every((w) => w.terminated)).toBe(true);
  });

  it('reports a failing worker as a fault and stops the others', () => {
    const { sweep, workers, events } = runner();
    sweep.run([[{ index: 0, values: {} }], [{ index: 1, values: {} }]]);
    workers[1]!.fail('Uncaught: out of memory');
    expect(events.fault.mock.calls[0]![0]).toMatch(/sweep worker failed: Uncaught: out of memory/);
    expect(workers.every((w) => w.terminated)).toBe(true);
    expect(events.done).not.toHaveBeenCalled();
  });
});
