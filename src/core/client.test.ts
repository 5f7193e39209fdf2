// client.test.ts -- the main thread's side of the bridge with a fake worker: frames
// wait until they are due and are acknowledged when taken, frames of a replaced
// simulation are dropped, every kind of worker failure becomes one fault (and the
// worker is terminated), a silent worker counts as hung, and a sweep over several
// workers gathers its points and can be cancelled; a variant run keeps each labelled
// scenario's report or the core's reason for refusing it, and a new run stops the old.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SimClient, SweepRunner, VariantRunner } from './client.js';
import { PROVISIONAL } from './progressive.js';
import { fakeWorkers, type FakeWorker } from './fake-worker.js';
import { allocateTrace } from './trace.js';
import type { FrameReply, WorkerRequest } from './protocol.js';
import type { Report } from './report.js';
import type { Schema } from './schema.js';
import { variantKey, type Variant, type VariantRun } from './sweep.js';

const schema = { modes: [], fields: [] } as unknown as Schema;

function frame(epoch: number, seq: number, dueMs: number, extra: Partial<FrameReply> = {}): FrameReply {
  return {
    type: 'frame',
    epoch,
    seq,
    reason: 'play',
    dueMs,
    nowNs: seq * 1000,
    events: seq,
    done: false,
    playing: true,
    snapshot: new Float64Array(1),
    trace: allocateTrace(0),
    traceGap: false,
    ...extra,
  };
}

function setup() {
  const { workers, create } = fakeWorkers();
  const events = { ready: vi.fn(), loaded: vi.fn(), refused: vi.fn(), framesQueued: vi.fn(), fault: vi.fn() };
  const client = new SimClient(create, events);
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

  it('sends one seek at a time while scrubbing: only the newest target waits, and each answer is shown', () => {
    const { client, worker } = setup();
    worker().reply({ type: 'ready', schema });
    const loaded = client.load({}, { skipWarmup: true, traceCapacity: 0 });
    worker().reply(frame(loaded, 1, 0, { reason: 'load' }));
    client.takeDue(1e9);
    const seeks = () => worker().sent.filter((r): r is Extract<WorkerRequest, { type: 'seek' }> => r.type === 'seek');
    client.seek(5e6);
    client.seek(4e6);
    client.seek(3e6);
    expect(seeks().map((r) => r.ns)).toEqual([5e6]);
    expect(client.seeking).toBe(true);
    worker().reply(frame(seeks()[0]!.epoch, 2, 0, { reason: 'seek', nowNs: 5e6 }));
    // the answer is kept and the newest target (3 ms) goes out; 4 ms never does
    expect(seeks().map((r) => r.ns)).toEqual([5e6, 3e6]);
    expect(client.takeDue(1e9).map((f) => f.nowNs)).toEqual([5e6]);
    worker().reply(frame(seeks()[1]!.epoch, 3, 0, { reason: 'seek', nowNs: 3e6 }));
    expect(client.seeking).toBe(false);
    expect(client.takeDue(1e9).map((f) => f.nowNs)).toEqual([3e6]);
    // a load forgets a seek still waiting
    client.seek(1e6);
    client.seek(2e6);
    client.load({}, { skipWarmup: true, traceCapacity: 0 });
    expect(client.seeking).toBe(false);
    expect(seeks().map((r) => r.ns)).toEqual([5e6, 3e6, 1e6]);
  });

  it('drops (and acknowledges) frames of a simulation it has replaced', () => {
    const { client, worker } = setup();
    worker().reply({ type: 'ready', schema });
    const first = client.load({}, { skipWarmup: true, traceCapacity: 0 });
    worker().reply(frame(first, 1, 0));
    const second = client.reset();
    expect(second).toBe(first + 1);
    expect(worker().sent.slice(-2)).toEqual([
      { type: 'ack', frames: 1 },
      { type: 'reset', epoch: second },
    ]);
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
    [
      'a fault reply (a trap in the core)',
      (w: FakeWorker) =>
        w.reply({ type: 'fault', message: 'The simulation core stopped with a WebAssembly trap (unreachable).', trap: true }),
      /WebAssembly trap/,
    ],
    [
      'an uncaught error in the worker',
      (w: FakeWorker) => w.fail('Uncaught RangeError: boom'),
      /worker failed: Uncaught RangeError: boom \(sim\.worker\.js:3\)/,
    ],
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
    const { workers, create } = fakeWorkers();
    const events = { point: vi.fn(), refused: vi.fn(), done: vi.fn(), fault: vi.fn() };
    const sweep = new SweepRunner(create, parallel, events);
    return { sweep, workers, events };
  }

  it('gives each worker its share and finishes when every worker is done', () => {
    const { sweep, workers, events } = runner();
    sweep.run([
      [
        { index: 0, values: {} },
        { index: 2, values: {} },
      ],
      [{ index: 1, values: {} }],
    ]);
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

  it('a progressive sweep: provisional points as they come, and no worker goes on until every worker has drawn its own', () => {
    const { workers, create } = fakeWorkers();
    const events = { point: vi.fn(), provisional: vi.fn(), refused: vi.fn(), done: vi.fn(), fault: vi.fn() };
    const sweep = new SweepRunner(create, 2, events);
    sweep.run([[{ index: 0, values: {} }], [{ index: 1, values: {} }]], PROVISIONAL);
    const [a, b] = workers as [FakeWorker, FakeWorker];
    expect(a.sent[0]).toMatchObject({ type: 'sweep', provisional: PROVISIONAL });
    const id = (a.sent[0] as Extract<WorkerRequest, { type: 'sweep' }>).id;
    const figure = { value: 10, halfWidth: 1 };
    a.reply({ type: 'sweep-provisional', id, index: 0, report: report(0), figure });
    a.reply({ type: 'sweep-provisional-done', id });
    expect(a.sent).toHaveLength(1); // a waits for b
    b.reply({ type: 'sweep-provisional', id, index: 1, report: report(1), figure });
    b.reply({ type: 'sweep-provisional-done', id });
    expect(events.provisional.mock.calls.map((call) => call[0])).toEqual([0, 1]);
    expect(events.provisional.mock.calls[0]![2]).toEqual(figure);
    expect(a.sent.at(-1)).toEqual({ type: 'continue-sweep', id });
    expect(b.sent.at(-1)).toEqual({ type: 'continue-sweep', id });
    a.reply({ type: 'sweep-point', id, index: 0, report: report(0) });
    a.reply({ type: 'sweep-done', id, cancelled: false });
    b.reply({ type: 'sweep-point', id, index: 1, report: report(1) });
    b.reply({ type: 'sweep-done', id, cancelled: false });
    expect(events.point.mock.calls.map((call) => call[0])).toEqual([0, 1]);
    expect(events.done).toHaveBeenCalledWith(false);
  });

  it('cancels: asks each worker to stop, ignores late points, and terminates stragglers', () => {
    vi.useFakeTimers();
    const { sweep, workers, events } = runner();
    sweep.run([[{ index: 0, values: {} }], [{ index: 1, values: {} }]]);
    const id = (workers[0]!.sent[0] as Extract<WorkerRequest, { type: 'sweep' }>).id;
    sweep.cancel();
    expect(workers.map((w) => w.sent.at(-1))).toEqual([
      { type: 'cancel-sweep', id },
      { type: 'cancel-sweep', id },
    ]);
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

describe('VariantRunner', () => {
  const report = (n: number) => ({ events: n }) as unknown as Report;
  const variants: Variant[] = [
    { label: '1-way (1 CPU)', values: { 'machine.cpus': 1, 'sim.trace_capacity': 5000 } },
    { label: '4-way (4 CPUs)', values: { 'machine.cpus': 4 } },
  ];
  const sweepOf = (worker: FakeWorker) => worker.sent[0] as Extract<WorkerRequest, { type: 'sweep' }>;

  function runner(parallel = 2) {
    const { workers, create } = fakeWorkers();
    const changes: VariantRun[] = [];
    const variantRunner = new VariantRunner(create, parallel, (run) => changes.push(run));
    return { variantRunner, workers, changes };
  }

  it('runs each variant with tracing off, one worker each, and gathers the reports in order', async () => {
    const { variantRunner, workers, changes } = runner();
    const finished = variantRunner.start(variants);
    expect(workers).toHaveLength(2);
    // The bigger machine goes first; each worker gets one variant, tracing off.
    expect(sweepOf(workers[0]!).points).toMatchObject([{ index: 1, values: { 'machine.cpus': 4, 'sim.trace_capacity': 0 } }]);
    expect(sweepOf(workers[1]!).points).toMatchObject([{ index: 0, values: { 'machine.cpus': 1, 'sim.trace_capacity': 0 } }]);
    expect(changes.at(-1)).toMatchObject({ seq: 1, status: 'running', done: 0, reports: [undefined, undefined] });
    const id = sweepOf(workers[0]!).id;
    workers[0]!.reply({ type: 'sweep-point', id, index: 1, report: report(4) });
    expect(changes.at(-1)).toMatchObject({ status: 'running', done: 1, reports: [undefined, report(4)] });
    workers[0]!.reply({ type: 'sweep-done', id, cancelled: false });
    workers[1]!.reply({ type: 'sweep-point', id, index: 0, report: report(1) });
    workers[1]!.reply({ type: 'sweep-done', id, cancelled: false });
    const run = await finished;
    expect(run).toMatchObject({ status: 'done', done: 2, reports: [report(1), report(4)], refusals: [undefined, undefined] });
    expect(run.key).toBe(variantKey(variants));
    expect(variantRunner.run).toBe(run);
    expect(workers.every((w) => w.terminated)).toBe(true);
  });

  it('says in words which variant the core refused and why, and still reports the others', async () => {
    const { variantRunner, workers } = runner(1);
    const finished = variantRunner.start(variants);
    expect(workers).toHaveLength(1);
    const id = sweepOf(workers[0]!).id;
    workers[0]!.reply({ type: 'sweep-point', id, index: 1, report: report(4) });
    workers[0]!.reply({
      type: 'sweep-refused',
      id,
      index: 0,
      problems: [{ path: 'machine.domains', message: 'A 1-CPU machine cannot have 2 NUMA domains.' }],
    });
    workers[0]!.reply({ type: 'sweep-done', id, cancelled: false });
    const run = await finished;
    expect(run.status).toBe('done');
    expect(run.reports).toEqual([undefined, report(4)]);
    expect(run.refusals[0]).toBe('1-way (1 CPU): the simulator did not accept this run: A 1-CPU machine cannot have 2 NUMA domains.');
  });

  it('a new run stops the one still going at once: its workers end and late points are ignored', async () => {
    const { variantRunner, workers, changes } = runner();
    const first = variantRunner.start(variants);
    const oldWorkers = [...workers];
    const oldId = sweepOf(oldWorkers[0]!).id;
    const second = variantRunner.start([variants[1]!]);
    expect(await first).toMatchObject({ seq: 1, status: 'cancelled' });
    expect(oldWorkers.every((w) => w.terminated)).toBe(true);
    oldWorkers[0]!.reply({ type: 'sweep-point', id: oldId, index: 1, report: report(99) }); // a closed worker's late message
    expect(changes.at(-1)).toMatchObject({ seq: 2, status: 'running', done: 0 });
    const worker = workers.at(-1)!;
    expect(workers).toHaveLength(3); // one variant, one worker
    worker.reply({ type: 'sweep-point', id: sweepOf(worker).id, index: 0, report: report(4) });
    worker.reply({ type: 'sweep-done', id: sweepOf(worker).id, cancelled: false });
    expect(await second).toMatchObject({ seq: 2, status: 'done', reports: [report(4)] });
  });

  it('cancels on request, and turns a worker failure into a failed run with its message', async () => {
    const { variantRunner, workers } = runner();
    const cancelled = variantRunner.start(variants);
    variantRunner.cancel();
    expect(await cancelled).toMatchObject({ status: 'cancelled', done: 0 });
    expect(workers.every((w) => w.terminated)).toBe(true);
    const failed = variantRunner.start(variants);
    workers.at(-1)!.fail('Uncaught: out of memory');
    expect(await failed).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/sweep worker failed: Uncaught: out of memory/),
    });
    variantRunner.cancel(); // nothing running: nothing happens
    expect(variantRunner.run?.status).toBe('failed');
  });
});
