/*
 * store.ts -- one lab on the main thread: a LabStore owns the lab's worker (SimClient),
 * its state, and the runs it keeps beside its own. It is the one place where events
 * become effects:
 *   - the learner's buttons and keys and the worker's replies are events; the pure
 *     reducer (store/reducer.ts) turns each into the next state and commands;
 *   - runCommand below carries the commands out on the worker;
 *   - the frame pump (store/frame-pump.ts) applies the worker's frames on animation
 *     frames, through the trace window (store/trace-window.ts);
 *   - sweeps, variant runs and the companion run live in store/extra-runs.ts.
 * What the pages read is store/state.ts.
 *
 * Runtime imports come from the core's modules one by one, not core/index.ts, so the
 * page does not load the scenario validator (the worker checks scenarios).
 */
import { SimClient, type WorkerFactory } from '../core/client.js';
import { DEFAULT_SPEED, type Speed } from '../core/playback.js';
import type { Report } from '../core/report.js';
import type { ScenarioValues } from '../core/scenario-values.js';
import { idleSweep, type SweepCpus, type Variant, type VariantRun } from '../core/sweep.js';
import { sweepCpusOf, sweepKernels } from '../kernels/index.js';
import { ExtraRuns } from './store/extra-runs.js';
import { FramePump } from './store/frame-pump.js';
import { SILENCE_LIMIT_MS, SilenceWatch } from './store/silence-watch.js';
import { project, reduce, type LabCommand, type LabEvent, type StoreState } from './store/reducer.js';
import type { CompanionRun, LabState } from './store/state.js';

export { companionOf, type CompanionRun, type LabState } from './store/state.js';
export type { RunState } from './store/reducer.js';

/** How the lab loads a scenario: past the warm-up, with a trace ring big enough for the largest chunk between two reads. */
const LOAD_OPTIONS = { skipWarmup: true, traceCapacity: 262_144 };

export interface LabStoreOptions {
  createWorker: WorkerFactory;
  scenario: ScenarioValues;
  /** Start playing once loaded (not under prefers-reduced-motion, not in lessons). */
  autoplay: boolean;
  speed?: Speed;
  /** Workers a sweep may use at once. */
  sweepWorkers?: number;
  /** Starts this many workers ahead of need, for the factory to hand out (worker-factory.ts prestartSimWorkers). */
  warmWorkers?: (count: number) => void;
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
  private store: StoreState;
  private listeners = new Set<Listener>();
  private client: SimClient;
  private pump: FramePump;
  private extra: ExtraRuns;
  private onReport: ((report: Report) => void) | undefined;
  /** Starts the sweep's workers ahead of a sweep (LabStoreOptions.warmWorkers). */
  private readonly warmWorkers: (() => void) | undefined;
  private started = false;
  /** A report waiting for its own task (defer-report), and the timer that will show it. */
  private deferredReport: Report | undefined;
  private reportTimer: ReturnType<typeof setTimeout> | undefined;
  /** Notices a worker that goes quiet while the run plays (store/silence-watch.ts). */
  private silence: SilenceWatch;

  constructor(options: LabStoreOptions) {
    this.onReport = options.onReport;
    const warm = options.warmWorkers;
    this.warmWorkers = warm && (() => warm(Math.max(1, options.sweepWorkers ?? 2)));
    const run = { kind: 'loading', worker: false, playing: false } as const;
    this.store = {
      lab: {
        ...project(run),
        scenario: options.scenario,
        problems: [],
        speed: options.speed ?? DEFAULT_SPEED,
        nowNs: 0,
        startNs: 0,
        durationNs: 0,
        warmupNs: 0,
        events: 0,
        frames: 0,
        lastStep: [],
        sweep: idleSweep,
        sweepNotes: [],
        variants: {},
        notice: options.notice,
      },
      autoplay: options.autoplay,
      source: options.scenarioSource === 'link' ? 'link' : 'lab',
    };
    this.client = new SimClient(options.createWorker, {
      ready: (schema) => this.dispatch({ type: 'ready', schema }),
      loaded: (reply) => this.dispatch({ type: 'loaded', reply }),
      refused: (problems) => this.dispatch({ type: 'refused', problems }),
      loadProgress: (fraction) => this.dispatch({ type: 'load-progress', fraction }),
      framesQueued: () => {
        this.silence.heard();
        this.pump.queued();
      },
      fault: (message) => this.dispatch({ type: 'fault', message }),
    });
    this.silence = new SilenceWatch(
      () => this.client.queued,
      (silentMs) => this.workerWentQuiet(silentMs),
    );
    this.pump = new FramePump(
      this.client,
      () => this.store.lab.schema,
      (frames) => {
        this.silence.heard(); // frames taken are acknowledged: the worker may run on
        this.dispatch({ type: 'frames', frames });
      },
      options.holdFrames,
    );
    this.extra = new ExtraRuns(
      options.createWorker,
      Math.max(1, options.sweepWorkers ?? 2),
      () => this.store.lab,
      (patch) => this.publish(patch),
    );
  }

  /** One event through the reducer: the new state published, its commands carried out. */
  private dispatch(event: LabEvent): void {
    const [next, commands] = reduce(this.store, event);
    if (next !== this.store) {
      this.store = next;
      this.notify();
    }
    for (const command of commands) this.runCommand(command);
    this.silence.expect(this.store.lab.run.kind === 'playing' && this.started);
  }

  /**
   * The worker sent nothing while the run played: it is ended (a new one replaces it)
   * and the lab says so, offering to restart where the run had got to.
   */
  private workerWentQuiet(silentMs: number): void {
    if (this.store.lab.run.kind !== 'playing') return;
    this.client.dispose();
    this.pump.traceWindow.clear();
    const seconds = Math.max(SILENCE_LIMIT_MS, silentMs) / 1000;
    this.dispatch({
      type: 'fault',
      resumeNs: this.store.lab.nowNs,
      message: `The simulation worker stopped sending frames while the lab was playing (nothing for ${seconds.toFixed(1)} s): the browser may have ended it, or it ran out of memory.`,
    });
  }

  private runCommand(command: LabCommand): void {
    const client = this.client;
    switch (command.kind) {
      case 'start-worker':
        client.start();
        break;
      case 'load':
        client.load(command.values, LOAD_OPTIONS);
        break;
      case 'play':
        client.play(command.speed);
        break;
      case 'pause':
        client.pause();
        break;
      case 'set-speed':
        client.setSpeed(command.speed);
        break;
      case 'step-events':
        client.stepEvents(command.count);
        break;
      case 'step-time':
        client.stepTime(command.ns);
        break;
      case 'run-to-end':
        client.runToEnd();
        break;
      case 'reset':
        client.reset();
        break;
      case 'seek':
        client.seek(command.ns);
        break;
      case 'clear-trace':
        this.pump.traceWindow.clear();
        break;
      case 'defer-report':
        this.deferReport(command.report);
        break;
      case 'drop-deferred-report':
        this.deferredReport = undefined;
        break;
      case 'report-ended':
        this.onReport?.(command.report);
        break;
      case 'dispose':
        clearTimeout(this.reportTimer);
        this.reportTimer = undefined;
        this.deferredReport = undefined;
        client.dispose();
        this.extra.dispose();
        break;
    }
  }

  /** Shows a report in a task of its own, right after this frame's (the newest wins). */
  private deferReport(report: Report): void {
    this.deferredReport = report;
    if (this.reportTimer) return;
    this.reportTimer = setTimeout(() => {
      this.reportTimer = undefined;
      const pending = this.deferredReport;
      this.deferredReport = undefined;
      if (pending) this.dispatch({ type: 'deferred-report', report: pending });
    }, 0);
  }

  // ---- React's view of the store -----------------------------------------------------

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): LabState => this.store.lab;

  /** Frames from the worker not shown yet. */
  get framesWaiting(): number {
    return this.client.queued;
  }

  /** A patch from a run beside the lab's own (sweeps, variants, the companion). */
  private publish(patch: Partial<LabState>): void {
    this.store = { ...this.store, lab: { ...this.store.lab, ...patch } };
    this.notify();
  }

  private notify(): void {
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
    this.dispatch({ type: 'dispose' });
  }

  setOnReport(onReport: ((report: Report) => void) | undefined): void {
    this.onReport = onReport;
  }

  dismissNotice(): void {
    this.dispatch({ type: 'dismiss-notice' });
  }

  /**
   * After a fault: a new worker, the same scenario, paused; with atNs (state.resumeNs),
   * run forward to that simulated time first, so the lab is where it was.
   */
  restart(atNs?: number): void {
    this.dispatch(atNs === undefined ? { type: 'restart' } : { type: 'restart', atNs });
  }

  // ---- the scenario and the transport ---------------------------------------------------

  /**
   * Loads new scenario values. The worker checks them (against the schema, then the
   * core); if it refuses, the problems are shown and the last good scenario runs on.
   * Playback goes on if it was on.
   */
  setScenario(values: ScenarioValues): void {
    this.dispatch({ type: 'set-scenario', values });
  }

  play(): void {
    this.dispatch({ type: 'play' });
  }

  pause(): void {
    this.dispatch({ type: 'pause' });
  }

  /** Play or pause, as the Play button (and its keys): nothing while a scenario loads. */
  togglePlay(): void {
    this.dispatch({ type: 'toggle-play' });
  }

  setSpeed(speed: Speed): void {
    this.dispatch({ type: 'set-speed', speed });
  }

  stepEvent(): void {
    this.dispatch({ type: 'step-event' });
  }

  stepTime(ns = 1e6): void {
    this.dispatch({ type: 'step-time', ns });
  }

  runToEnd(): void {
    this.dispatch({ type: 'run-to-end' });
  }

  reset(): void {
    this.dispatch({ type: 'reset' });
  }

  /**
   * Rewinds (or winds forward) to simulated time ns within the part of the run reached:
   * the worker restores a checkpoint and runs to exactly ns, so the views show what a
   * straight run shows there. Pauses playback.
   */
  seek(ns: number): void {
    this.dispatch({ type: 'seek', ns });
  }

  // ---- runs beside the lab's own (store/extra-runs.ts) ---------------------------------

  /**
   * Runs the scaling sweep of the current scenario: its kernel (and that kernel's sweep
   * partner, if it has one) at each CPU count of `cpus` (default: the kernel's own range).
   */
  runSweep(cpus?: SweepCpus): void {
    const scenario = this.store.lab.scenario;
    const kind = scenario['kernel.kind'];
    this.extra.runSweep(scenario, cpus ?? sweepCpusOf(kind), sweepKernels(kind));
  }

  cancelSweep(): void {
    this.extra.cancelSweep();
  }

  /** Starts the sweep's workers ahead of a sweep (the sweep controls call it in idle time), so its provisional curve need not wait for them. */
  warmSweep(): void {
    this.warmWorkers?.();
  }

  /**
   * Runs labelled scenarios to their end in workers of their own, tracing off, and
   * keeps the run's state in state.variants[name]. A new run of the same name stops
   * the one still going. Resolves with the run's last state (done, cancelled, failed;
   * a variant the core refused has its reason in refusals).
   */
  runVariants(name: string, variants: readonly Variant[]): Promise<VariantRun> {
    return this.extra.runVariants(name, variants);
  }

  /** Stops the named variant run if it is still going (its state becomes cancelled). */
  cancelVariants(name: string): void {
    this.extra.cancelVariants(name);
  }

  /**
   * Runs the lab's current scenario with `overrides` applied (for example the other
   * sna.lock_kind) to its end, beside the lab's own run, and keeps it in
   * state.companion; a new companion run replaces the one still going. Resolves with
   * the companion's last state.
   */
  runCompanion(overrides: ScenarioValues, label: string): Promise<CompanionRun> {
    return this.extra.runCompanion({ ...this.store.lab.scenario, ...overrides }, overrides, label);
  }

  /** Stops the companion run if it is still going and forgets it. */
  clearCompanion(): void {
    this.extra.clearCompanion();
  }
}
