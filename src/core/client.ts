/*
 * client.ts -- the main thread's side of the worker bridge. SimClient owns one
 * simulation worker: it sends typed requests (core/protocol.ts), queues the frames
 * that come back until they are due, acknowledges each frame once shown or dropped,
 * and turns every way a worker can fail (a trap in the core, an uncaught exception, a
 * message that cannot be read, silence) into one fault. After a fault the worker is
 * gone; start() makes a new one. SweepRunner spreads a sweep over several workers
 * and gathers their points; VariantRunner runs a short list of labelled scenarios on
 * it and keeps their state. Nothing here touches wasm memory or blocks.
 *
 * The worker is made by a factory the caller passes in (the lab uses Vite's
 * `new Worker(new URL(...))`; tests pass a fake), so this module runs anywhere.
 */
import {
  isWorkerReply,
  wallNow,
  type FrameReply,
  type LoadedReply,
  type WorkerReply,
  type WorkerRequest,
  type SweepSpec,
} from './protocol.js';
import type { ProvisionalFigure, ProvisionalPlan } from './progressive.js';
import type { Report } from './report.js';
import type { ScenarioProblem, ScenarioValues } from './scenario.js';
import type { Schema } from './schema.js';
import type { Speed } from './playback.js';
import { planVariants, splitSweep, startVariantRun, variantFinished, type Variant, type VariantRun } from './sweep.js';

/** The part of a Worker the bridge uses. */
export interface WorkerLike {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  terminate(): void;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  onmessageerror: ((event: MessageEvent) => void) | null;
}

export type WorkerFactory = () => WorkerLike;

/**
 * A new worker from the factory with its messages and failures routed to the
 * handlers (each told which worker it was); the failure in words if the factory
 * throws. `name` starts every message ("The simulation worker failed: ...").
 */
function openWorker(
  create: WorkerFactory,
  name: string,
  onData: (worker: WorkerLike, data: unknown) => void,
  onFailure: (worker: WorkerLike, message: string) => void,
): WorkerLike | string {
  let worker: WorkerLike;
  try {
    worker = create();
  } catch (error) {
    return `${name} could not be started: ${(error as Error).message}`;
  }
  worker.onmessage = (event) => onData(worker, event.data);
  worker.onerror = (event) => {
    event.preventDefault?.();
    const where = event.filename ? ` (${event.filename.split('/').pop()}:${event.lineno})` : '';
    onFailure(worker, `${name} failed: ${event.message || 'it could not be started'}${where}.`);
  };
  worker.onmessageerror = () => onFailure(worker, `${name} sent a message the page could not read.`);
  return worker;
}

/** Ends a worker; nothing it still sends is delivered. */
function closeWorker(worker: WorkerLike): void {
  worker.onmessage = worker.onerror = worker.onmessageerror = null;
  worker.terminate();
}

export interface SimClientEvents {
  ready(schema: Schema): void;
  loaded(reply: LoadedReply): void;
  /** A long warm-up's progress (0..1). */
  loadProgress?(fraction: number): void;
  refused(problems: ScenarioProblem[]): void;
  /** Frames are waiting; call takeDue() on the next animation frame. */
  framesQueued(): void;
  fault(message: string): void;
}

/** How long a request that must be answered may go unanswered before the worker counts as hung. */
const ANSWER_TIMEOUT_MS = 20_000;

export class SimClient {
  private worker: WorkerLike | undefined;
  private epoch = 0;
  private queue: FrameReply[] = [];
  private faulted = false;
  private answerTimer: ReturnType<typeof setTimeout> | undefined;
  /** A seek is with the worker; a newer target waits here (scrubbing sends one at a time). */
  private seekBusy = false;
  private seekPending: number | undefined;

  constructor(
    private readonly createWorker: WorkerFactory,
    private readonly events: SimClientEvents,
  ) {}

  /** Starts the worker (again, after a fault or dispose). */
  start(): void {
    this.dispose();
    this.faulted = false;
    this.queue = [];
    this.seekBusy = false;
    this.seekPending = undefined;
    const worker = openWorker(
      this.createWorker,
      'The simulation worker',
      (from, data) => this.receive(from, data),
      (from, message) => {
        if (from === this.worker) this.fail(message);
      },
    );
    if (typeof worker === 'string') return this.fail(worker);
    this.worker = worker;
    this.expectAnswer();
  }

  get running(): boolean {
    return this.worker !== undefined && !this.faulted;
  }

  /** Ends the worker; pending frames are dropped. */
  dispose(): void {
    this.clearAnswerTimer();
    if (this.worker) closeWorker(this.worker);
    this.worker = undefined;
    this.queue = [];
  }

  // ---- requests --------------------------------------------------------------------

  load(scenario: ScenarioValues, options: { skipWarmup: boolean; traceCapacity: number }): number {
    this.seekBusy = false;
    this.seekPending = undefined;
    this.epoch++;
    this.dropQueued();
    this.send({ type: 'load', epoch: this.epoch, scenario, ...options }, true);
    return this.epoch;
  }

  reset(): number {
    this.seekPending = undefined;
    this.epoch++;
    this.dropQueued();
    this.send({ type: 'reset', epoch: this.epoch }, true);
    return this.epoch;
  }

  /**
   * Rewinds or winds to simulated time ns (the worker clamps it to the part of the run
   * reached). While one seek is with the worker, only the newest further target is
   * kept and sent when it answers, so scrubbing never queues up work.
   */
  seek(ns: number): void {
    if (this.seekBusy) {
      this.seekPending = ns;
      return;
    }
    this.sendSeek(ns, true);
  }

  private sendSeek(ns: number, dropQueued: boolean): void {
    this.seekBusy = true;
    this.epoch++;
    if (dropQueued) this.dropQueued();
    this.send({ type: 'seek', epoch: this.epoch, ns }, true);
  }

  play(speed: Speed): void {
    this.seekPending = undefined;
    this.send({ type: 'play', speed });
  }

  setSpeed(speed: Speed): void {
    this.send({ type: 'speed', speed });
  }

  pause(): void {
    this.send({ type: 'pause' });
  }

  stepEvents(count = 1): void {
    this.send({ type: 'step', unit: 'event', count }, true);
  }

  stepTime(ns: number): void {
    this.send({ type: 'step', unit: 'time', ns }, true);
  }

  runToEnd(): void {
    this.send({ type: 'run-to-end' });
  }

  private send(request: WorkerRequest, expectAnswer = false): void {
    if (!this.worker || this.faulted) return;
    this.worker.postMessage(request);
    if (expectAnswer) this.expectAnswer();
  }

  // ---- frames ----------------------------------------------------------------------

  /**
   * The frames due at wall time nowMs, oldest first (the last is the one to show;
   * the others only feed the trace). Each is acknowledged, so the worker may run on.
   */
  takeDue(nowMs: number = wallNow()): FrameReply[] {
    let count = 0;
    while (count < this.queue.length && this.queue[count]!.dueMs <= nowMs) count++;
    if (count === 0) return [];
    const due = this.queue.splice(0, count);
    this.ack(due.length);
    return due;
  }

  /** A seek is with the worker or waiting to be sent. */
  get seeking(): boolean {
    return this.seekBusy || this.seekPending !== undefined;
  }

  /** Frames received and not yet due. */
  get queued(): number {
    return this.queue.length;
  }

  /** When the next queued frame is due (wall ms), or undefined. */
  get nextDueMs(): number | undefined {
    return this.queue[0]?.dueMs;
  }

  private dropQueued(): void {
    if (this.queue.length > 0) this.ack(this.queue.length);
    this.queue = [];
  }

  private ack(frames: number): void {
    if (frames > 0) this.send({ type: 'ack', frames });
  }

  private receive(worker: WorkerLike, data: unknown): void {
    if (worker !== this.worker || this.faulted) return;
    if (!isWorkerReply(data)) {
      this.fail('The simulation worker sent a message the page does not understand.');
      return;
    }
    const reply: WorkerReply = data;
    switch (reply.type) {
      case 'ready':
        this.clearAnswerTimer();
        this.events.ready(reply.schema);
        return;
      case 'loaded':
        if (reply.epoch === this.epoch) this.events.loaded(reply);
        return;
      case 'load-progress':
        if (reply.epoch !== this.epoch) return;
        this.expectAnswer(); // alive: the load's frame is still owed
        this.events.loadProgress?.(reply.totalNs > 0 ? reply.doneNs / reply.totalNs : 0);
        return;
      case 'refused':
        this.clearAnswerTimer();
        if (reply.epoch === this.epoch) this.events.refused(reply.problems);
        return;
      case 'frame':
        this.clearAnswerTimer();
        if (reply.epoch !== this.epoch) {
          this.ack(1); // a frame of a simulation already replaced
          return;
        }
        this.queue.push(reply);
        if (reply.reason === 'seek' || (this.seekBusy && reply.reason === 'end')) this.seekAnswered();
        this.events.framesQueued();
        return;
      case 'fault':
        this.fail(reply.message);
        return;
      default:
        return; // sweep replies go to a SweepRunner's workers
    }
  }

  /** A seek was answered: send the newest target that came meanwhile (its frame is kept, so scrubbing shows each). */
  private seekAnswered(): void {
    this.seekBusy = false;
    const next = this.seekPending;
    this.seekPending = undefined;
    if (next !== undefined) this.sendSeek(next, false);
  }

  private expectAnswer(): void {
    this.clearAnswerTimer();
    this.answerTimer = setTimeout(() => {
      this.answerTimer = undefined;
      this.fail(`The simulation worker stopped answering (nothing for ${ANSWER_TIMEOUT_MS / 1000} s).`);
    }, ANSWER_TIMEOUT_MS);
  }

  private clearAnswerTimer(): void {
    if (this.answerTimer !== undefined) clearTimeout(this.answerTimer);
    this.answerTimer = undefined;
  }

  private fail(message: string): void {
    if (this.faulted) return;
    this.faulted = true;
    this.clearAnswerTimer();
    const worker = this.worker;
    this.worker = undefined;
    this.queue = [];
    if (worker) closeWorker(worker);
    this.events.fault(message);
  }
}

// ---- sweeps ------------------------------------------------------------------------

export interface SweepRunnerEvents {
  point(index: number, report: Report): void;
  /** A point's provisional report and figure (a progressive sweep's first pass). */
  provisional?(index: number, report: Report, figure: ProvisionalFigure): void;
  refused(index: number, problems: ScenarioProblem[]): void;
  /** Every worker finished (cancelled says whether it was cut short). */
  done(cancelled: boolean): void;
  fault(message: string): void;
}

/** How long cancelled workers may take to confirm before they are terminated. */
const CANCEL_GRACE_MS = 1_000;

/**
 * Runs one sweep on up to `parallel` workers of its own (each builds its own
 * simulations, tracing off), so the interactive lab keeps its worker to itself.
 */
export class SweepRunner {
  private workers: WorkerLike[] = [];
  private active = new Set<WorkerLike>();
  /** Workers that have run their provisional windows and wait for the rest. */
  private waiting = new Set<WorkerLike>();
  private id = 0;
  private cancelled = false;
  private finished = true;
  private cancelTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly createWorker: WorkerFactory,
    private readonly parallel: number,
    private readonly events: SweepRunnerEvents,
  ) {}

  get running(): boolean {
    return !this.finished;
  }

  /**
   * Starts a sweep over shares of points, one share per worker. With `provisional`
   * every worker first runs its points' short windows (core/progressive.ts); once all of
   * them have, they go on to the final points, so the whole provisional curve is drawn
   * before the first final point replaces any of it.
   */
  run(shares: SweepSpec[][], provisional?: ProvisionalPlan): void {
    this.stopWorkers();
    this.id++;
    this.cancelled = false;
    this.finished = false;
    const nonEmpty = shares.filter((share) => share.length > 0).slice(0, Math.max(1, this.parallel));
    if (nonEmpty.length === 0) {
      this.finish();
      return;
    }
    const id = this.id;
    for (const share of nonEmpty) {
      const worker = openWorker(
        this.createWorker,
        'A sweep worker',
        (from, data) => this.receive(from, id, data),
        (_from, message) => this.fail(message),
      );
      if (typeof worker === 'string') return this.fail(worker);
      this.workers.push(worker);
      this.active.add(worker);
      worker.postMessage({ type: 'sweep', id, points: share, ...(provisional ? { provisional } : {}) } satisfies WorkerRequest);
    }
  }

  /** Asks every worker to stop between chunks; terminates any that do not confirm in time. */
  cancel(): void {
    if (this.finished) return;
    this.cancelled = true;
    for (const worker of this.active) worker.postMessage({ type: 'cancel-sweep', id: this.id } satisfies WorkerRequest);
    this.cancelTimer = setTimeout(() => this.finish(), CANCEL_GRACE_MS);
  }

  dispose(): void {
    this.stopWorkers();
    this.finished = true;
  }

  private receive(worker: WorkerLike, id: number, data: unknown): void {
    if (id !== this.id || this.finished || !isWorkerReply(data)) return;
    switch (data.type) {
      case 'sweep-point':
        if (!this.cancelled) this.events.point(data.index, data.report);
        return;
      case 'sweep-provisional':
        if (!this.cancelled) this.events.provisional?.(data.index, data.report, data.figure);
        return;
      case 'sweep-provisional-done':
        this.waiting.add(worker);
        this.continueIfAllWaiting();
        return;
      case 'sweep-refused':
        this.events.refused(data.index, data.problems);
        return;
      case 'sweep-done':
        this.active.delete(worker);
        if (this.active.size === 0) this.finish();
        else this.continueIfAllWaiting();
        return;
      case 'fault':
        this.fail(data.message);
        return;
      default:
        return; // 'ready' and the rest: nothing to do
    }
  }

  /** Every worker still running has drawn its provisional points: all go on. */
  private continueIfAllWaiting(): void {
    if (this.waiting.size === 0 || ![...this.active].every((w) => this.waiting.has(w))) return;
    for (const worker of this.active) worker.postMessage({ type: 'continue-sweep', id: this.id } satisfies WorkerRequest);
    this.waiting.clear();
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.stopWorkers();
    this.events.done(this.cancelled);
  }

  private fail(message: string): void {
    if (this.finished) return;
    this.finished = true;
    this.stopWorkers();
    this.events.fault(message);
  }

  private stopWorkers(): void {
    if (this.cancelTimer !== undefined) clearTimeout(this.cancelTimer);
    this.cancelTimer = undefined;
    for (const worker of this.workers) closeWorker(worker);
    this.workers = [];
    this.active.clear();
    this.waiting.clear();
  }
}

// ---- variant runs ------------------------------------------------------------------

/**
 * Runs a short list of labelled scenarios to their end (core/sweep.ts, VariantRun) on
 * workers of its own, one run at a time: starting another stops the one still going
 * at once (its workers are terminated, so a learner changing their mind never waits),
 * as does cancel(). Every change of the run's state is handed to onChange.
 */
export class VariantRunner {
  private sweep: SweepRunner | undefined;
  private seq = 0;
  private current: VariantRun | undefined;
  private settle: ((run: VariantRun) => void) | undefined;

  constructor(
    private readonly createWorker: WorkerFactory,
    private readonly parallel: number,
    private readonly onChange: (run: VariantRun) => void,
  ) {}

  /** The latest run's state, if any was started. */
  get run(): VariantRun | undefined {
    return this.current;
  }

  /** Runs the variants; resolves with the run's last state (cancelled if another run replaces it). */
  start(variants: readonly Variant[]): Promise<VariantRun> {
    this.stop();
    const run = startVariantRun(++this.seq, variants);
    const specs = planVariants(variants);
    const parallel = Math.max(1, Math.min(this.parallel, specs.length));
    const finished = new Promise<VariantRun>((resolve) => {
      this.settle = resolve;
    });
    const sweep = new SweepRunner(this.createWorker, parallel, {
      point: (index, report) => {
        if (sweep === this.sweep) this.update(variantFinished(this.current!, index, { report }));
      },
      refused: (index, problems) => {
        if (sweep === this.sweep) this.update(variantFinished(this.current!, index, { problems }));
      },
      done: (cancelled) => {
        if (sweep === this.sweep) this.end({ ...this.current!, status: cancelled ? 'cancelled' : 'done' });
      },
      fault: (message) => {
        if (sweep === this.sweep) this.end({ ...this.current!, status: 'failed', message });
      },
    });
    this.sweep = sweep;
    this.update(run);
    sweep.run(splitSweep(specs, parallel));
    return finished;
  }

  /** Stops the run still going (its state becomes cancelled). */
  cancel(): void {
    if (this.current?.status !== 'running') return;
    this.stop();
  }

  dispose(): void {
    this.stop();
  }

  private update(run: VariantRun): void {
    this.current = run;
    this.onChange(run);
  }

  private end(run: VariantRun): void {
    this.sweep = undefined;
    this.update(run);
    const settle = this.settle;
    this.settle = undefined;
    settle?.(run);
  }

  /** Ends the run still going at once: its workers are terminated. */
  private stop(): void {
    const sweep = this.sweep;
    if (!sweep) return;
    sweep.dispose();
    this.end({ ...this.current!, status: 'cancelled' });
  }
}
