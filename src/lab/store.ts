/*
 * store.ts -- one lab's state on the main thread: the scenario, the latest decoded
 * snapshot and report, the trace window the views read, transport and sweep state,
 * and variant runs (labelled scenarios run to their end beside the lab's own run: the
 * porting journey's 1-way and 4-way runs, a companion run for a side-by-side view).
 * It owns the lab's SimClient (the worker bridge), during a sweep a SweepRunner, and
 * a VariantRunner for each named variant run.
 *
 * Frames from the worker are applied on animation frames only (scheduler.ts): each
 * tick takes the frames that are due, feeds every one's trace records to the trace
 * window, decodes only the newest snapshot and publishes one new state, so React and
 * the views render at most once per display frame however fast the worker runs.
 *
 * Runtime imports come from the core's modules one by one, not core/index.ts, so the
 * page does not load the scenario validator (the worker checks scenarios).
 *
 * The state object is immutable; a change replaces it (and only the parts that
 * changed), so components can select parts of it and skip renders when theirs did not
 * change.
 */
import { SimClient, SweepRunner, VariantRunner, type WorkerFactory } from '../core/client.js';
import { DEFAULT_SPEED, type Speed } from '../core/playback.js';
import type { FrameReply, RewindInfo } from '../core/protocol.js';
import type { Report } from '../core/report.js';
import { defaultValues, type ScenarioProblem, type ScenarioValues } from '../core/scenario-values.js';
import type { Schema } from '../core/schema.js';
import { decodeSnapshot, type Snapshot } from '../core/snapshot.js';
import {
  addSweepPoint, idleSweep, planSweep, splitSweep, type SweepPlanPoint, type SweepState, type Variant, type VariantRun,
} from '../core/sweep.js';
import { TraceHistory, type TraceWindow } from '../core/trace.js';
import { describeStep } from './events.js';
import { requestFrame } from './scheduler.js';
import { defaultScenarioNotice } from './url.js';

/** Records of recent trace the views can draw (the timeline's window). */
const TRACE_WINDOW_RECORDS = 131_072;
/** How the lab loads a scenario: past the warm-up, with a trace ring big enough for the largest chunk between two reads. */
const LOAD_OPTIONS = { skipWarmup: true, traceCapacity: 262_144 };

export interface LabState {
  status: 'starting' | 'ready' | 'failed';
  schema?: Schema;
  /** The scenario the lab runs (or is loading), every field. */
  scenario: ScenarioValues;
  /** Why the lab's scenario was refused, in words; the lab then runs its last good scenario. */
  problems: ScenarioProblem[];
  /** Why the worker stopped (a trap, a crash); the lab shows it with a Reset button. */
  fault?: string;
  /** Why the lab did not open what it was given (a damaged link, say), until dismissed. */
  notice?: string;
  loading: boolean;
  /** How far a long warm-up has got (0..1), while loading. */
  warmupProgress?: number;
  snapshot?: Snapshot;
  trace?: TraceWindow;
  /** The newest report (live while playing, final at the end). */
  report?: Report;
  /** The report of the last run that reached its end. */
  finalReport?: Report;
  /** Playback asked for (the worker confirms by sending frames). */
  playing: boolean;
  done: boolean;
  speed: Speed;
  nowNs: number;
  startNs: number;
  durationNs: number;
  warmupNs: number;
  events: number;
  /** Frames shown so far (the page exposes it for tests and the benchmark). */
  frames: number;
  /** The records of the last step, in words. */
  lastStep: string[];
  sweep: SweepState;
  sweepNotes: string[];
  /** Rewind: how far the run reached and its checkpoints (from the worker's frames). */
  rewind?: RewindInfo;
  /** The simulated time a seek asked for, until its frame is shown. */
  seekTargetNs?: number;
  /** Variant runs by name (runVariants): the latest run of each. */
  variants: Readonly<Record<string, VariantRun>>;
  /** The companion run (runCompanion): the lab's scenario with a few fields changed, run to its end. */
  companion?: CompanionRun;
}

/** The lab's scenario with a few fields changed, run to its end beside the lab's own run. */
export interface CompanionRun {
  /** Words for it ("with wake-one locks"). */
  label: string;
  /** The fields changed. */
  overrides: ScenarioValues;
  /** The scenario it runs: the lab's when it started, with the overrides. */
  scenario: ScenarioValues;
  /** refused: the core did not accept the scenario (message says why). */
  status: 'running' | 'done' | 'refused' | 'cancelled' | 'failed';
  /** The core's report once it has run to its end. */
  report?: Report;
  message?: string;
}

/** A companion run's state from its variant run's. */
export function companionOf(label: string, overrides: ScenarioValues, run: VariantRun): CompanionRun {
  const report = run.reports[0];
  const message = run.refusals[0] ?? run.message;
  return {
    label, overrides, scenario: run.variants[0]?.values ?? {}, status: run.refusals[0] ? 'refused' : run.status,
    ...(report ? { report } : {}), ...(message ? { message } : {}),
  };
}

export interface LabStoreOptions {
  createWorker: WorkerFactory;
  scenario: ScenarioValues;
  /** Start playing once loaded (not under prefers-reduced-motion, not in lessons). */
  autoplay: boolean;
  speed?: Speed;
  /** Workers a sweep may use at once. */
  sweepWorkers?: number;
  onReport?: (report: Report) => void;
  /** Where the first scenario came from, for the words of a fallback notice. */
  scenarioSource?: 'link' | 'lesson' | 'default';
  /** A notice to show from the start (for example: the link could not be read). */
  notice?: string;
  /**
   * While this says true, frames from the worker wait in the queue instead of being
   * shown (compare mode: until the other side's frame for the same instant has come).
   * A store given this is paced by its caller's clock, so it never skips display
   * frames to catch up (tick's governor): it shows each frame as soon as it may.
   */
  holdFrames?: () => boolean;
}

type Listener = () => void;

export class LabStore {
  private state: LabState;
  private listeners = new Set<Listener>();
  private client: SimClient;
  private sweepRunner: SweepRunner | undefined;
  private sweepPlan: SweepPlanPoint[] = [];
  /** Variant runners by name; the companion's under a key no name can take. */
  private variantRunners = new Map<string | typeof COMPANION, VariantRunner>();
  private history: TraceHistory | undefined;
  private historyCpus = 0;
  private autoplay: boolean;
  /** The last scenario the core accepted (what runs while a refused one is shown). */
  private accepted: ScenarioValues | undefined;
  private onReport: ((report: Report) => void) | undefined;
  private started = false;

  constructor(private readonly options: LabStoreOptions) {
    this.autoplay = options.autoplay;
    this.onReport = options.onReport;
    this.state = {
      status: 'starting', scenario: options.scenario, problems: [], loading: true, playing: false, done: false,
      speed: options.speed ?? DEFAULT_SPEED, nowNs: 0, startNs: 0, durationNs: 0, warmupNs: 0, events: 0, frames: 0,
      lastStep: [], sweep: idleSweep, sweepNotes: [], variants: {}, notice: options.notice,
    };
    this.client = new SimClient(options.createWorker, {
      ready: (schema) => this.onReady(schema),
      loaded: (reply) => {
        this.accepted = reply.scenario;
        this.set({
          scenario: reply.scenario, startNs: reply.startNs, durationNs: reply.durationNs, warmupNs: reply.warmupNs,
        });
      },
      refused: (problems) => this.onRefused(problems),
      loadProgress: (fraction) => this.set({ warmupProgress: fraction }),
      framesQueued: () => requestFrame(this.tick),
      fault: (message) => this.onFault(message),
    });
  }

  // ---- React's view of the store -----------------------------------------------------

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): LabState => this.state;

  /** Frames from the worker not shown yet. */
  get framesWaiting(): number {
    return this.client.queued;
  }

  private set(patch: Partial<LabState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of [...this.listeners]) listener();
  }

  // ---- life cycle --------------------------------------------------------------------

  /** Starts the worker (mount). Safe to call again after dispose (React's strict mode does). */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.client.start();
  }

  dispose(): void {
    this.started = false;
    clearTimeout(this.reportTimer);
    this.reportTimer = undefined;
    this.deferredReport = undefined;
    this.client.dispose();
    this.sweepRunner?.dispose();
    this.sweepRunner = undefined;
    for (const runner of this.variantRunners.values()) runner.dispose();
    const sweep = this.state.sweep.status === 'running' ? { ...this.state.sweep, status: 'cancelled' as const } : this.state.sweep;
    this.set({ status: 'starting', loading: true, playing: false, sweep });
  }

  setOnReport(onReport: ((report: Report) => void) | undefined): void {
    this.onReport = onReport;
  }

  private onReady(schema: Schema): void {
    this.set({ status: 'ready', schema, fault: undefined });
    // The first scenario (from a link or a lesson) may be partial or wrong: the worker
    // fills in the defaults, or refuses it, and then the lab runs the defaults (onRefused).
    this.setScenario(this.accepted ?? this.state.scenario);
  }

  private onRefused(problems: ScenarioProblem[]): void {
    const schema = this.state.schema;
    if (!this.accepted && schema) {
      // The very first scenario was refused by the core: run the defaults and say why.
      this.set({ notice: defaultScenarioNotice(this.options.scenarioSource === 'link' ? 'link' : 'lab', problems) });
      this.setScenario(defaultValues(schema));
      return;
    }
    // Keep the lab running: go back to the last scenario the core accepted.
    this.set({ problems, loading: false, scenario: this.accepted ?? this.state.scenario });
    if (this.accepted) this.client.load(this.accepted, LOAD_OPTIONS);
  }

  dismissNotice(): void {
    this.set({ notice: undefined });
  }

  private onFault(message: string): void {
    this.history = undefined;
    this.set({ status: 'failed', fault: message, playing: false, loading: false });
  }

  /** After a fault: a new worker, the same scenario, paused. */
  restart(): void {
    this.autoplay = false;
    this.set({ status: 'starting', fault: undefined, loading: true, snapshot: undefined, trace: undefined, report: undefined });
    this.client.start();
  }

  // ---- the scenario ------------------------------------------------------------------

  /**
   * Loads new scenario values. The worker checks them (against the schema, then the
   * core); if it refuses, the problems are shown and the last good scenario runs on.
   * Playback goes on if it was on.
   */
  setScenario(values: ScenarioValues): void {
    // A scenario changed while playing keeps playing once loaded.
    if (this.state.playing) this.autoplay = true;
    this.set({ scenario: values, loading: true, warmupProgress: undefined, problems: [], done: false, finalReport: undefined, lastStep: [] });
    if (this.state.status !== 'ready') return; // loaded once the worker is ready
    this.client.load(values, LOAD_OPTIONS);
  }

  // ---- transport ---------------------------------------------------------------------

  play(): void {
    if (this.state.status !== 'ready') return;
    if (this.state.done) {
      this.client.reset();
      this.set({ done: false, finalReport: undefined });
    }
    this.client.play(this.state.speed);
    this.set({ playing: true, lastStep: [] });
  }

  pause(): void {
    this.autoplay = false;
    this.client.pause();
    this.set({ playing: false });
  }

  /** Play or pause, as the Play button (and its keys): nothing while a scenario loads. */
  togglePlay(): void {
    if (this.state.status !== 'ready' || this.state.loading) return;
    if (this.state.playing) this.pause();
    else this.play();
  }

  setSpeed(speed: Speed): void {
    this.set({ speed });
    if (this.state.playing) this.client.setSpeed(speed);
  }

  stepEvent(): void {
    if (this.state.status !== 'ready' || this.state.done) return;
    this.autoplay = false;
    this.client.stepEvents(1);
    this.set({ playing: false });
  }

  stepTime(ns = 1e6): void {
    if (this.state.status !== 'ready' || this.state.done) return;
    this.autoplay = false;
    this.client.stepTime(ns);
    this.set({ playing: false });
  }

  runToEnd(): void {
    if (this.state.status !== 'ready' || this.state.done) return;
    this.client.runToEnd();
    this.set({ playing: true, lastStep: [] });
  }

  reset(): void {
    if (this.state.status === 'failed') return this.restart();
    if (this.state.status !== 'ready') return;
    this.autoplay = false;
    this.client.reset();
    this.set({ playing: false, done: false, finalReport: undefined, lastStep: [] });
  }

  /**
   * Rewinds (or winds forward) to simulated time ns within the part of the run reached:
   * the worker restores a checkpoint and runs to exactly ns, so the views show what a
   * straight run shows there. Pauses playback.
   */
  seek(ns: number): void {
    if (this.state.status !== 'ready' || this.state.loading || !Number.isFinite(ns)) return;
    this.autoplay = false;
    this.client.seek(ns);
    this.set({ playing: false, seekTargetNs: ns, lastStep: [] });
  }

  /** Test hook: makes the worker fail like a trap in the core or a crash. */
  injectFault(kind: 'trap' | 'throw'): void {
    this.client.injectFault(kind);
  }

  // ---- frames ------------------------------------------------------------------------

  /**
   * Runs on animation frames while frames are queued. If the page keeps missing the
   * display's frames (3 of the last 10 late), views are updated every second (then
   * third) frame until a second and a half passes without a late one; frames not
   * taken stay queued, which also holds the worker back. A single late frame changes
   * nothing.
   */
  private tick = (now: number): void => {
    const governor = this.governor;
    if (governor.continuous) {
      governor.late = ((governor.late << 1) | (now - governor.lastTick > 25 ? 1 : 0)) & 0x3ff;
      const lateOfTen = bitCount(governor.late);
      if (lateOfTen >= 3) {
        governor.every = Math.min(3, governor.every + 1);
        governor.late = 0;
        governor.onTime = 0;
      } else if (lateOfTen === 0 && ++governor.onTime >= 90 && governor.every > 1) {
        governor.every--;
        governor.onTime = 0;
      }
    }
    governor.lastTick = now;
    const skip = !this.options.holdFrames && governor.continuous && ++governor.count % governor.every !== 0;
    if (!skip && !this.options.holdFrames?.()) {
      const due = this.client.takeDue();
      if (due.length > 0) this.apply(due);
    }
    governor.continuous = this.client.queued > 0;
    if (governor.continuous) requestFrame(this.tick);
  };

  /** A report waiting for its own task (apply), and the timer that will set it. */
  private deferredReport: Report | undefined;
  private reportTimer: ReturnType<typeof setTimeout> | undefined;

  /** The frame-rate governor's state (see tick). */
  private governor = { continuous: false, lastTick: 0, every: 1, onTime: 0, count: 0, late: 0 };

  private apply(frames: FrameReply[]): void {
    const schema = this.state.schema;
    if (!schema) return;
    const last = frames[frames.length - 1]!;
    const snapshot = decodeSnapshot(schema, last.snapshot);
    for (const frame of frames) {
      if (!this.history || frame.traceGap) {
        // A new run, or records skipped: the window starts again at this frame's first
        // record. The storage is kept (it is large); only a new simulation replaces it.
        const first = frame.trace.t[0] ?? frame.nowNs;
        if (!this.history || this.historyCpus !== snapshot.cpus.length) {
          this.history = new TraceHistory(TRACE_WINDOW_RECORDS, schema, snapshot.cpus.length);
          this.historyCpus = snapshot.cpus.length;
        }
        this.history.reset(first, undefined, snapshot.cpus.length);
      }
      this.history.append(frame.trace);
    }
    const patch: Partial<LabState> = {
      snapshot, trace: this.history?.view(), nowNs: last.nowNs, events: last.events, frames: this.state.frames + 1,
      loading: false,
    };
    if (last.reason === 'load' || last.reason === 'reset') {
      patch.report = undefined;
      this.deferredReport = undefined; // the old run's
    }
    if (last.rewind) patch.rewind = last.rewind;
    // a load or reset replaces any seek still asked for
    if ((last.reason === 'load' || last.reason === 'reset') && !this.client.seeking) patch.seekTargetNs = undefined;
    if (last.reason === 'seek' || (this.state.seekTargetNs !== undefined && last.reason === 'end')) {
      // a rewound run is not at its end (unless the seek went there) and nothing plays
      patch.done = last.done;
      patch.playing = false;
      if (!last.done) patch.finalReport = undefined;
      if (!this.client.seeking) patch.seekTargetNs = undefined;
    }
    let report: Report | undefined;
    for (let i = frames.length - 1; i >= 0; i--) {
      if (frames[i]!.report) {
        report = frames[i]!.report;
        break;
      }
    }
    // While playing, a new report (four times a second) re-renders every figure, table
    // and chart: that is done in a task of its own, right after this frame's, so no
    // single task does both (a long task holds back input and the next frame). Steps,
    // seeks, loads and the end apply it with their frame, as they must be exact.
    if (report && last.reason === 'play' && !this.options.holdFrames) {
      this.deferredReport = report;
      if (!this.reportTimer) {
        this.reportTimer = setTimeout(() => {
          this.reportTimer = undefined;
          const pending = this.deferredReport;
          this.deferredReport = undefined;
          if (pending) this.set({ report: pending });
        }, 0);
      }
    } else if (report) {
      patch.report = report;
      this.deferredReport = undefined;
    }
    if (last.reason === 'step') patch.lastStep = describeStep(schema, snapshot.locks.map((lock) => lock.name), last.trace, last.nowNs);
    const ended = frames.find((frame) => frame.reason === 'end');
    if (ended) {
      patch.done = true;
      patch.playing = false;
      patch.finalReport = ended.report;
    }
    this.set(patch);
    if (last.reason === 'load' && this.autoplay) {
      this.autoplay = false;
      this.play();
    }
    if (ended?.report) this.onReport?.(ended.report);
  }

  // ---- sweeps ------------------------------------------------------------------------

  /** Runs the scaling sweep (1..32 CPUs, both kernels) of the current scenario. */
  runSweep(toCpus = 32): void {
    this.sweepRunner?.dispose();
    const base = this.state.scenario;
    const plan = planSweep(base, { toCpus });
    this.sweepPlan = plan.points;
    const workers = Math.max(1, this.options.sweepWorkers ?? 2);
    const runner = new SweepRunner(this.options.createWorker, workers, {
      point: (index, report) => {
        const point = this.sweepPlan[index];
        if (!point || runner !== this.sweepRunner) return;
        const sweep = this.state.sweep;
        this.set({ sweep: { ...sweep, done: sweep.done + 1, points: addSweepPoint(sweep.points, { cpus: point.cpus, kernel: point.kernel, report }) } });
      },
      refused: (index, problems) => {
        if (runner !== this.sweepRunner) return;
        const point = this.sweepPlan[index];
        const sweep = this.state.sweep;
        this.set({ sweep: { ...sweep, done: sweep.done + 1, message: `${point?.kernel} kernel, ${point?.cpus} CPUs: ${problems.map((p) => p.message).join(' ')}` } });
      },
      done: (cancelled) => {
        if (runner !== this.sweepRunner) return;
        this.set({ sweep: { ...this.state.sweep, status: cancelled ? 'cancelled' : 'done' } });
      },
      fault: (message) => {
        if (runner !== this.sweepRunner) return;
        this.set({ sweep: { ...this.state.sweep, status: 'failed', message } });
      },
    });
    this.sweepRunner = runner;
    this.set({
      sweep: { status: 'running', done: 0, total: plan.points.length, points: [], base },
      sweepNotes: plan.notes,
    });
    runner.run(splitSweep(plan.points, workers));
  }

  cancelSweep(): void {
    this.sweepRunner?.cancel();
  }

  // ---- variant runs ------------------------------------------------------------------

  /**
   * Runs labelled scenarios to their end in workers of their own, tracing off, and
   * keeps the run's state in state.variants[name]. A new run of the same name stops
   * the one still going. Resolves with the run's last state (done, cancelled, failed;
   * a variant the core refused has its reason in refusals).
   */
  runVariants(name: string, variants: readonly Variant[]): Promise<VariantRun> {
    return this.variantRunner(name, (run) => ({ variants: { ...this.state.variants, [name]: run } })).start(variants);
  }

  /** Stops the named variant run if it is still going (its state becomes cancelled). */
  cancelVariants(name: string): void {
    this.variantRunners.get(name)?.cancel();
  }

  /**
   * Runs the lab's current scenario with `overrides` applied (for example the other
   * sna.lock_kind) to its end, beside the lab's own run, and keeps it in
   * state.companion; a new companion run replaces the one still going. Resolves with
   * the companion's last state.
   */
  async runCompanion(overrides: ScenarioValues, label: string): Promise<CompanionRun> {
    const values = { ...this.state.scenario, ...overrides };
    const publish = (run: VariantRun) => ({ companion: companionOf(label, overrides, run) });
    return companionOf(label, overrides, await this.variantRunner(COMPANION, publish).start([{ label, values }]));
  }

  /** Stops the companion run if it is still going and forgets it. */
  clearCompanion(): void {
    this.variantRunners.get(COMPANION)?.cancel();
    this.set({ companion: undefined });
  }

  private variantRunner(name: string | typeof COMPANION, publish: (run: VariantRun) => Partial<LabState>): VariantRunner {
    let runner = this.variantRunners.get(name);
    if (!runner) {
      const workers = Math.max(1, this.options.sweepWorkers ?? 2);
      runner = new VariantRunner(this.options.createWorker, workers, (run) => this.set(publish(run)));
      this.variantRunners.set(name, runner);
    }
    return runner;
  }
}

/** The companion run's key among the variant runners. */
const COMPANION = Symbol('companion');

/** Set bits in a small integer. */
function bitCount(bits: number): number {
  let count = 0;
  for (let b = bits; b !== 0; b &= b - 1) count++;
  return count;
}
