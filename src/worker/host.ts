/*
 * host.ts -- what the simulation worker does with each request (core/protocol.ts),
 * apart from the Worker plumbing, so that Vitest can drive it in Node over the real
 * core. It holds one interactive simulation and at most one sweep.
 *
 * Invariants: every state change the main thread can see arrives as a frame; at most
 * options.maxInFlight frames are unacknowledged before playback waits for the page; no chunk of core work
 * runs longer than the pacer's budget, so pause, speed and cancel requests are
 * answered within a frame or two. A WebAssembly trap ends this host: it sends one
 * fault and ignores everything after it (the main thread starts a new worker). So
 * does a run the core finds cannot go on (SimulationStalled): the fault carries the
 * core's words, which the lab shows in its banner; in a sweep only that point is
 * refused.
 *
 * Rewind: after every frame the host offers the state to a CheckpointStore
 * (checkpoints.ts: one every interval of simulated time, thinned evenly to stay within
 * a memory budget). A seek restores the newest checkpoint at or before the target (a
 * little before it, when one is there, so the timeline has records to show) and runs
 * forward to exactly the target: the run is deterministic, so the state is the one a
 * straight run reaches there, whatever seeks came before.
 */
import {
  DEFAULT_PACER,
  Pacer,
  ScenarioError,
  Simulation,
  SimulationStalled,
  batchEnds,
  provisionalFigure,
  checkScenario,
  concatTraces,
  nestScenario,
  readSchema,
  traceLength,
  traceTail,
  type Core,
  type Report,
  type TraceSlice,
} from '../core/index.js';
import {
  describeFault,
  replyTransferables,
  type FrameReason,
  type LoadRequest,
  type SweepRequest,
  type SweepSpec,
  type WorkerReply,
  type WorkerRequest,
} from '../core/protocol.js';
import { CheckpointStore, DEFAULT_CHECKPOINTS, type CheckpointOptions } from './checkpoints.js';

/** What the host needs from its surroundings (a Worker, or a test). */
export interface HostEnv {
  post(reply: WorkerReply, transfer: ArrayBuffer[]): void;
  /** Wall time in ms on the clock frames are stamped with (timeOrigin + now). */
  now(): number;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  /** Runs `run` after any messages already waiting have been handled. */
  yieldThen(run: () => void): void;
}

export interface HostOptions {
  /** Frames sent but not yet acknowledged, at most. */
  maxInFlight: number;
  /** Trace records one frame carries at most (the newest are kept). */
  traceFrameLimit: number;
  /** Records of the skipped warm-up kept for the first frame. */
  warmupTail: number;
  /** Wall ms between reports while playing. */
  reportEveryMs: number;
  /** Wall ms of core work per sweep chunk. */
  sweepBudgetMs: number;
  /** Wall ms a skipped warm-up may run before it yields and reports progress. */
  warmupSyncMs: number;
  /** Checkpoints for rewinding: memory budget and first interval. */
  checkpoints: CheckpointOptions;
  /** A seek starts from a checkpoint at least this much simulated time before its target when it can (records for the timeline). */
  seekLeadNs: number;
}

export const DEFAULT_HOST_OPTIONS: HostOptions = {
  maxInFlight: 6,
  traceFrameLimit: 16_384,
  warmupTail: 16_384,
  reportEveryMs: 250,
  sweepBudgetMs: 40,
  warmupSyncMs: 150,
  checkpoints: DEFAULT_CHECKPOINTS,
  seekLeadNs: 1e6,
};

type Mode = 'paused' | 'playing' | 'to-end';

export class SimHost {
  private sim: Simulation | undefined;
  private epoch = 0;
  private seq = 0;
  private mode: Mode = 'paused';
  private pacer = new Pacer(DEFAULT_PACER);
  private inFlight = 0;
  private timer: unknown;
  private tickQueued = false;
  private lastReportMs = 0;
  private startCheckpoint: Uint8Array | undefined;
  /** The warm-up's last records, leading the load's frame and every reset's (never transferred: joinTail copies). */
  private startTail: TraceSlice | undefined;
  /** Dropped records already counted before the run started (the skipped warm-up). */
  private droppedBase = 0;
  private droppedSeen = 0;
  private dead = false;
  /** A load's warm-up is still running: transport requests wait for its frame. */
  private warming = false;
  private sweepId = -1;
  private sweepCancelled = false;
  /** The sweep's chunks of core work, each within options.sweepBudgetMs. */
  private sweepPacer = new Pacer(DEFAULT_PACER);
  /** A progressive sweep waits here between its provisional and its final points. */
  private sweepContinue: (() => void) | undefined;
  private readonly options: HostOptions;
  private readonly checkpoints: CheckpointStore;
  /** Where the run starts (after a skipped warm-up) and the furthest time it has reached. */
  private startNs = 0;
  private reachedNs = 0;
  /** A seek replaced the state: the next frame's trace starts a new history. */
  private restarted = false;

  constructor(
    private readonly core: Core,
    private readonly env: HostEnv,
    options: Partial<HostOptions> = {},
  ) {
    this.options = { ...DEFAULT_HOST_OPTIONS, ...options };
    this.checkpoints = new CheckpointStore(this.options.checkpoints);
  }

  /** Announces the core: the schema is every layout the main thread needs. */
  ready(): void {
    this.post({ type: 'ready', schema: readSchema(this.core) });
  }

  handle(request: WorkerRequest): void {
    if (this.dead) return;
    try {
      this.dispatch(request);
    } catch (error) {
      this.fail(error);
    }
  }

  private dispatch(request: WorkerRequest): void {
    // Until a load's warm-up is done there is nothing to play, step or reset; the page
    // disables those controls while loading, and anything sent anyway is dropped.
    if (this.warming && ['play', 'speed', 'pause', 'step', 'run-to-end', 'reset', 'seek'].includes(request.type)) return;
    switch (request.type) {
      case 'load':
        return this.load(request);
      case 'play':
        return this.play(request.speed);
      case 'speed':
        return this.setSpeed(request.speed);
      case 'pause':
        return this.pause();
      case 'step':
        return request.unit === 'event' ? this.stepEvents(request.count) : this.stepTime(request.ns);
      case 'run-to-end':
        return this.runToEnd();
      case 'reset':
        return this.reset(request.epoch);
      case 'seek':
        return this.seek(request.epoch, request.ns);
      case 'ack':
        this.inFlight = Math.max(0, this.inFlight - request.frames);
        return this.schedule();
      case 'sweep':
        this.sweep(request).catch((error: unknown) => this.fail(error));
        return;
      case 'cancel-sweep':
        if (request.id === this.sweepId) {
          this.sweepCancelled = true;
          this.sweepContinue?.();
        }
        return;
      case 'continue-sweep':
        if (request.id === this.sweepId) this.sweepContinue?.();
        return;
      case 'fault':
        // Fault injection for the tests (src/lab/test-hooks.ts): compiled only into test
        // builds; a production worker ignores the request.
        if (!import.meta.env.STACKLAB_TEST_HOOKS) return;
        if (request.kind === 'trap') this.core.provokeTrap();
        this.env.setTimer(() => {
          throw new Error('test fault: an exception escaped the simulation worker');
        }, 0);
        return;
    }
  }

  // ---- interactive simulation ------------------------------------------------------

  private load(request: LoadRequest): void {
    this.stop();
    this.warming = false;
    this.sim?.free();
    this.sim = undefined;
    this.checkpoints.clear();
    this.epoch = request.epoch;
    const checked = checkScenario(readSchema(this.core), nestScenario(request.scenario));
    if (!checked.ok) {
      this.post({ type: 'refused', epoch: request.epoch, problems: checked.problems });
      return;
    }
    const scenario = checked.values;
    const capacity = Math.max(Number(scenario['sim.trace_capacity'] ?? 0), request.traceCapacity);
    let sim: Simulation;
    try {
      sim = Simulation.create(this.core, { ...scenario, 'sim.trace_capacity': capacity });
    } catch (error) {
      if (error instanceof ScenarioError) {
        this.post({ type: 'refused', epoch: request.epoch, problems: error.problems });
        return;
      }
      throw error;
    }
    this.sim = sim;
    const epoch = request.epoch;
    const warmupNs = request.skipWarmup ? Number(scenario['sim.warmup_ns']) : 0;
    const durationNs = Number(scenario['sim.duration_ns']);
    let tail: TraceSlice | undefined;
    const started = this.env.now();
    let lastProgress = Number.NEGATIVE_INFINITY;
    this.warming = true;
    // The warm-up runs in chunks (which keep the trace ring from overflowing; only the
    // last records are kept, for the timeline). A long one yields between chunks and
    // says how far it has got, so the page knows the worker is alive and a new load
    // can replace it.
    const warmUp = (): void => {
      if (this.dead || this.sim !== sim || this.epoch !== epoch) return; // replaced meanwhile
      try {
        const chunk = Math.max(1e5, this.pacer.chunkLimitNs * 4);
        while (sim.now < warmupNs && !sim.done) {
          const t0 = this.env.now();
          const before = sim.now;
          sim.runUntil(Math.min(warmupNs, sim.now + chunk));
          const t1 = this.env.now();
          this.pacer.recordWork(sim.now - before, t1 - t0);
          const slice = sim.readTrace(this.options.warmupTail);
          tail = tail && traceLength(slice) < this.options.warmupTail ? joinTail(tail, slice, this.options.warmupTail) : slice;
          if (t1 - started > this.options.warmupSyncMs) {
            if (t1 - lastProgress >= 200) {
              lastProgress = t1;
              this.post({ type: 'load-progress', epoch, doneNs: sim.now, totalNs: warmupNs });
            }
            this.env.yieldThen(warmUp);
            return;
          }
        }
        this.warming = false;
        this.droppedBase = sim.traceDropped;
        this.droppedSeen = this.droppedBase;
        this.startCheckpoint = sim.checkpoint();
        this.startNs = this.reachedNs = sim.now;
        this.checkpoints.add(sim.now, this.startCheckpoint, true);
        this.startTail = tail ? { ...tail, dropped: 0 } : undefined;
        this.post({
          type: 'loaded',
          epoch,
          scenario,
          cpus: sim.cpus,
          durationNs,
          warmupNs: Number(scenario['sim.warmup_ns']),
          startNs: sim.now,
        });
        this.frame('load', 0, false, tail);
      } catch (error) {
        this.fail(error);
      }
    };
    warmUp();
  }

  private play(speed: number): void {
    const sim = this.requireSim();
    if (sim.done) {
      this.frame('end', 0, true);
      return;
    }
    this.mode = 'playing';
    this.pacer.start(this.env.now(), sim.now, speed);
    this.schedule();
  }

  private setSpeed(speed: number): void {
    const sim = this.requireSim();
    this.pacer.start(this.env.now(), sim.now, speed);
  }

  private pause(): void {
    if (!this.sim) return;
    const wasRunning = this.mode !== 'paused';
    this.stop();
    if (wasRunning) this.frame('pause', 0, true);
  }

  private stepEvents(count: number): void {
    const sim = this.requireSim();
    this.stop();
    sim.step(Math.max(1, Math.floor(count)));
    this.frame(sim.done ? 'end' : 'step', 0, true);
  }

  private stepTime(ns: number): void {
    const sim = this.requireSim();
    this.stop();
    sim.runUntil(sim.now + Math.max(0, ns));
    this.frame(sim.done ? 'end' : 'step', 0, true);
  }

  private runToEnd(): void {
    const sim = this.requireSim();
    if (sim.done) {
      this.frame('end', 0, true);
      return;
    }
    this.mode = 'to-end';
    this.schedule();
  }

  private reset(epoch: number): void {
    const sim = this.requireSim();
    this.stop();
    if (!this.startCheckpoint) throw new Error('reset before any load');
    sim.restore(this.startCheckpoint);
    sim.readTrace(0); // records of the abandoned run
    this.epoch = epoch;
    this.droppedBase = sim.traceDropped;
    this.droppedSeen = this.droppedBase;
    this.frame('reset', 0, false, this.startTail);
  }

  /**
   * Rewinds (or winds forward) to simulated time ns, clamped to [start, reached]:
   * restores the newest checkpoint at or before it (seekLeadNs earlier when there is
   * one) and runs to exactly ns, reading the trace as it goes (the newest records lead
   * the frame, so the timeline shows what happened just before ns).
   */
  private seek(epoch: number, ns: number): void {
    const sim = this.requireSim();
    this.stop();
    if (!Number.isFinite(ns)) throw new RangeError(`seek needs a simulated time in ns, not ${ns}`);
    const target = Math.min(Math.max(ns, this.startNs), this.reachedNs);
    const from =
      this.checkpoints.atOrBefore(Math.max(this.startNs, target - this.options.seekLeadNs)) ?? this.checkpoints.atOrBefore(target);
    if (!from) throw new Error('seek before any checkpoint was taken');
    sim.restore(from.bytes);
    let tail: TraceSlice | undefined;
    const limit = this.options.traceFrameLimit;
    // In chunks, so the trace ring never overflows; at least once, so the events at
    // exactly the target run even when the checkpoint was taken partway through them.
    do {
      const t0 = this.env.now();
      const before = sim.now;
      sim.runUntil(Math.min(target, sim.now + Math.max(1e4, this.pacer.chunkLimitNs)));
      this.pacer.recordWork(sim.now - before, this.env.now() - t0);
      const slice = sim.readTrace(limit);
      tail = tail && traceLength(slice) < limit ? joinTail(tail, slice, limit) : slice;
    } while (sim.now < target && !sim.done);
    this.epoch = epoch;
    this.droppedBase = sim.traceDropped;
    this.droppedSeen = this.droppedBase;
    this.restarted = true;
    this.frame(sim.done ? 'end' : 'seek', 0, true, tail ? { ...tail, dropped: 0 } : undefined);
  }

  /** Keeps a checkpoint of the state when one is due, and notes how far the run has got. */
  private offerCheckpoint(sim: Simulation): void {
    if (sim.now > this.reachedNs) this.reachedNs = sim.now;
    if (this.checkpoints.wants(sim.now)) this.checkpoints.add(sim.now, sim.checkpoint());
  }

  private stop(): void {
    this.mode = 'paused';
    if (this.timer !== undefined) this.env.clearTimer(this.timer);
    this.timer = undefined;
  }

  private requireSim(): Simulation {
    if (!this.sim) throw new Error('no scenario is loaded yet');
    return this.sim;
  }

  private schedule(): void {
    if (this.mode === 'paused' || this.tickQueued || this.timer !== undefined) return;
    if (this.inFlight >= this.options.maxInFlight) return; // the next ack schedules again
    this.tickQueued = true;
    this.env.yieldThen(() => {
      this.tickQueued = false;
      if (this.dead) return;
      try {
        this.tick();
      } catch (error) {
        this.fail(error);
      }
    });
  }

  private tick(): void {
    const sim = this.sim;
    if (!sim || this.mode === 'paused' || this.inFlight >= this.options.maxInFlight) return;
    let target: number;
    let due = 0;
    if (this.mode === 'to-end') {
      target = sim.now + this.pacer.chunkLimitNs;
    } else {
      const step = this.pacer.next(this.env.now(), sim.now);
      if (step.kind === 'wait') {
        this.timer = this.env.setTimer(() => {
          this.timer = undefined;
          this.schedule();
        }, step.ms);
        return;
      }
      target = step.targetNs;
      due = step.dueMs;
    }
    const t0 = this.env.now();
    const before = sim.now;
    sim.runUntil(target);
    const t1 = this.env.now();
    this.pacer.recordWork(sim.now - before, t1 - t0);
    const done = sim.done;
    if (done) this.mode = 'paused';
    const report = done || t1 - this.lastReportMs >= this.options.reportEveryMs;
    this.frame(done ? 'end' : 'play', due, report);
    this.schedule();
  }

  /** Sends the simulation's state: snapshot, the trace since the last frame, maybe the report. */
  private frame(reason: FrameReason, dueMs: number, withReport: boolean, leading?: TraceSlice): void {
    const sim = this.requireSim();
    this.offerCheckpoint(sim);
    const snapshot = sim.snapshotDoubles();
    let trace = sim.readTrace(this.options.traceFrameLimit);
    if (leading && traceLength(leading) > 0) trace = joinTail(leading, trace, this.options.traceFrameLimit);
    const dropped = sim.traceDropped;
    const gap = reason === 'load' || reason === 'reset' || this.restarted || dropped > this.droppedSeen;
    this.restarted = false;
    this.droppedSeen = dropped;
    trace.dropped = dropped - this.droppedBase;
    let report: Report | undefined;
    if (withReport) {
      report = sim.report();
      this.lastReportMs = this.env.now();
    }
    const playing = this.mode !== 'paused';
    this.inFlight++;
    this.post({
      type: 'frame',
      epoch: this.epoch,
      seq: ++this.seq,
      reason,
      dueMs,
      nowNs: sim.now,
      events: sim.events,
      done: sim.done,
      playing,
      snapshot,
      trace,
      traceGap: gap,
      ...(report ? { report } : {}),
      rewind: {
        reachedNs: this.reachedNs,
        checkpoints: this.checkpoints.count,
        bytes: this.checkpoints.bytes,
        intervalNs: this.checkpoints.intervalNs,
      },
    });
  }

  // ---- sweeps ----------------------------------------------------------------------

  private async sweep(request: SweepRequest): Promise<void> {
    this.sweepId = request.id;
    this.sweepCancelled = false;
    this.sweepContinue = undefined;
    // One pacer for the whole sweep: its chunk estimate carries from one batch and one point to the next.
    this.sweepPacer = new Pacer({ ...DEFAULT_PACER, budgetMs: this.options.sweepBudgetMs });
    const plan = request.provisional;
    // Runs kept alive between their provisional window and their end (a progressive sweep).
    const kept: Array<{ spec: SweepSpec; sim: Simulation }> = [];
    try {
      for (const spec of request.points) {
        if (this.stopped()) break;
        const sim = this.sweepSimulation(request.id, spec);
        if (!sim) continue;
        let keep = false;
        try {
          if (plan) {
            const reports: Report[] = [];
            for (const end of batchEnds(spec.values, plan)) {
              if (!(await this.runPaced(sim, end)) || sim.done) break;
              reports.push(sim.report());
            }
            if (this.stopped()) break;
            if (!sim.done) {
              const report = reports[reports.length - 1]!;
              const figure = provisionalFigure(reports, spec.measure);
              this.post({ type: 'sweep-provisional', id: request.id, index: spec.index, report, figure });
              kept.push({ spec, sim });
              keep = true;
              continue;
            }
          }
          if (!(await this.runPaced(sim, Infinity))) break;
          this.post({ type: 'sweep-point', id: request.id, index: spec.index, report: sim.report() });
        } catch (error) {
          if (!this.refuseStalled(request.id, spec, error)) throw error;
        } finally {
          if (!keep) sim.free();
        }
      }
      if (plan && !this.stopped()) {
        this.post({ type: 'sweep-provisional-done', id: request.id });
        await new Promise<void>((resolve) => (this.sweepContinue = resolve));
      }
      while (kept.length > 0 && !this.stopped()) {
        const { spec, sim } = kept[0]!;
        try {
          if (!(await this.runPaced(sim, Infinity))) break;
          this.post({ type: 'sweep-point', id: request.id, index: spec.index, report: sim.report() });
        } catch (error) {
          if (!this.refuseStalled(request.id, spec, error)) throw error;
        }
        kept.shift()!.sim.free();
      }
    } catch (error) {
      return this.fail(error);
    } finally {
      for (const { sim } of kept) sim.free();
      this.sweepContinue = undefined;
    }
    if (!this.dead) this.post({ type: 'sweep-done', id: request.id, cancelled: this.sweepCancelled });
  }

  private stopped(): boolean {
    return this.sweepCancelled || this.dead;
  }

  /** A sweep point's simulation, tracing off; undefined (and the point refused in the core's words) if the core refuses it. */
  private sweepSimulation(id: number, spec: SweepSpec): Simulation | undefined {
    try {
      return Simulation.create(this.core, { ...spec.values, 'sim.trace_capacity': 0 });
    } catch (error) {
      if (!(error instanceof ScenarioError)) throw error;
      this.post({ type: 'sweep-refused', id, index: spec.index, problems: error.problems });
      return undefined;
    }
  }

  /** A point whose run cannot go on has no result: refused in the core's words, and the sweep goes on. */
  private refuseStalled(id: number, spec: SweepSpec, error: unknown): boolean {
    if (!(error instanceof SimulationStalled)) return false;
    this.post({ type: 'sweep-refused', id, index: spec.index, problems: [{ path: '', message: error.message }] });
    return true;
  }

  /**
   * Runs a sweep's simulation up to `untilNs` (Infinity: its end) in chunks of the
   * pacer's budget, yielding between them so a cancel is seen; false if the sweep stopped.
   */
  private async runPaced(sim: Simulation, untilNs: number): Promise<boolean> {
    const pacer = this.sweepPacer;
    while (!sim.done && sim.now < untilNs) {
      const t0 = this.env.now();
      const before = sim.now;
      sim.runUntil(Math.min(untilNs, sim.now + pacer.chunkLimitNs));
      pacer.recordWork(sim.now - before, this.env.now() - t0);
      await new Promise<void>((resolve) => this.env.yieldThen(resolve));
      if (this.stopped()) return false;
    }
    return !this.stopped();
  }

  // ---- plumbing --------------------------------------------------------------------

  private post(reply: WorkerReply): void {
    this.env.post(reply, replyTransferables(reply));
  }

  private fail(error: unknown): void {
    if (this.dead) return;
    this.dead = true;
    this.stop();
    this.env.post(describeFault(error), []);
  }
}

/** The newest `limit` records of two consecutive slices, as one new slice (a copy: safe to transfer). */
function joinTail(first: TraceSlice, second: TraceSlice, limit: number): TraceSlice {
  return concatTraces([traceTail(first, limit - traceLength(second)), traceTail(second, limit)]);
}
