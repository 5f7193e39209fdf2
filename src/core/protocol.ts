/*
 * protocol.ts -- the messages between the main thread and the simulation worker.
 * The simulation never runs on the main thread; the main thread only posts requests
 * and renders what comes back.
 *
 * One worker holds one interactive simulation. Requests change it (load, play at a
 * speed, pause, step, reset) and every change comes back as a frame: the snapshot
 * doubles and the trace records since the previous frame, as transferable typed
 * arrays, plus the core's report when a run ends. While playing, the worker runs
 * ahead of the display in chunks and stamps each frame with the wall time it is due;
 * the main thread shows it then and acknowledges it, and the worker keeps at most a
 * few unacknowledged frames in flight, so a busy page slows the worker instead of
 * flooding it.
 *
 * A load or reset carries an epoch; frames carry the epoch they belong to, so the
 * main thread can drop frames of a simulation it has already replaced.
 *
 * Sweeps (many scenarios, tracing off) run in the same kind of worker, report each
 * point as it finishes and stop between chunks when cancelled.
 */
import type { Report, ReportMetricPath } from './report.js';
import type { ScenarioProblem, ScenarioValues } from './scenario.js';
import type { Schema } from './schema.js';
import type { TraceSlice } from './snapshot.js';
import { traceTransferables } from './trace.js';
import type { Speed } from './playback.js';
import type { ProvisionalFigure, ProvisionalPlan } from './progressive.js';

/** The wall clock frames are stamped with (ms): the same in every worker and the page. */
export function wallNow(): number {
  return performance.timeOrigin + performance.now();
}

// ---- requests (main thread -> worker) ----------------------------------------------

/**
 * Build a new simulation; answers 'loaded' and a frame, or 'refused'. The values may be
 * partial and are not trusted: the worker checks them against the schema (missing
 * fields take their defaults), and the core checks them again.
 */
export interface LoadRequest {
  type: 'load';
  epoch: number;
  scenario: ScenarioValues;
  /** Run through the warm-up at once, so the lab opens on the measured steady state. */
  skipWarmup: boolean;
  /** Trace ring size for this run (the scenario's own is used if larger; 0 = off). */
  traceCapacity: number;
}

/** Play at a speed (simulated ns per wall second; Infinity = as fast as the core runs). */
export interface PlayRequest {
  type: 'play';
  speed: Speed;
}

/** Change the speed; playback continues if it was playing. */
export interface SpeedRequest {
  type: 'speed';
  speed: Speed;
}

export interface PauseRequest {
  type: 'pause';
}

/** One event, or a span of simulated time. */
export type StepRequest = { type: 'step'; unit: 'event'; count: number } | { type: 'step'; unit: 'time'; ns: number };

/** Run to the scenario's end as fast as the core runs, with frames along the way. */
export interface RunToEndRequest {
  type: 'run-to-end';
}

/** Back to where the last load left the simulation (after the warm-up, if skipped). */
export interface ResetRequest {
  type: 'reset';
  epoch: number;
}

/**
 * Rewind: the state at simulated time ns, exactly as a straight run reaches it (the
 * worker restores the nearest checkpoint before it and runs forward). Stops playback.
 * Times outside [start, furthest reached] are clamped to it. Answered by a 'seek' frame
 * of the new epoch, carrying the records replayed just before ns.
 */
export interface SeekRequest {
  type: 'seek';
  epoch: number;
  ns: number;
}

/** The main thread has shown (or dropped) this many frames. */
export interface AckRequest {
  type: 'ack';
  frames: number;
}

/** One scenario of a sweep: its values and its place in the list. */
export interface SweepSpec {
  index: number;
  values: ScenarioValues;
  /** The report's figure a provisional point is judged by (a rate over the window: KernelInfo.throughput's path). */
  measure?: ReportMetricPath;
}

/**
 * A sweep's points, in the order to run them. With `provisional` (core/progressive.ts)
 * the worker first runs each point's short window and replies 'sweep-provisional' for
 * it, then 'sweep-provisional-done', and waits for 'continue-sweep' before it takes each
 * run on to its end.
 */
export interface SweepRequest {
  type: 'sweep';
  id: number;
  points: SweepSpec[];
  provisional?: ProvisionalPlan;
}

/** Every worker of the sweep has drawn its provisional points: go on to the final ones. */
export interface ContinueSweepRequest {
  type: 'continue-sweep';
  id: number;
}

export interface CancelSweepRequest {
  type: 'cancel-sweep';
  id: number;
}

/**
 * Test hook: makes the worker fail the way real failures look -- a WebAssembly trap
 * inside the core ('trap') or an exception that escapes the worker ('throw'). Only a
 * test build's worker acts on it (src/lab/test-hooks.ts); a production one ignores it.
 */
export interface FaultRequest {
  type: 'fault';
  kind: 'trap' | 'throw';
}

export type WorkerRequest =
  | LoadRequest
  | PlayRequest
  | SpeedRequest
  | PauseRequest
  | StepRequest
  | RunToEndRequest
  | ResetRequest
  | SeekRequest
  | AckRequest
  | SweepRequest
  | CancelSweepRequest
  | ContinueSweepRequest
  | FaultRequest;

// ---- replies (worker -> main thread) -----------------------------------------------

/** The core is loaded; its schema is every layout the main thread needs. */
export interface ReadyReply {
  type: 'ready';
  schema: Schema;
}

export interface LoadedReply {
  type: 'loaded';
  epoch: number;
  /** The scenario that runs: every field, as checked. */
  scenario: ScenarioValues;
  cpus: number;
  durationNs: number;
  warmupNs: number;
  /** Simulated time the run starts at (the end of the warm-up when it was skipped). */
  startNs: number;
}

/** A long warm-up is running: how far it has got (sent a few times a second). */
export interface LoadProgressReply {
  type: 'load-progress';
  epoch: number;
  doneNs: number;
  totalNs: number;
}

/** The core refused the scenario (fields fine alone but not together, for example). */
export interface RefusedReply {
  type: 'refused';
  epoch: number;
  problems: ScenarioProblem[];
}

export type FrameReason = 'load' | 'play' | 'step' | 'pause' | 'reset' | 'seek' | 'end';

/** How far the run has been simulated and the checkpoints kept for rewinding it. */
export interface RewindInfo {
  /** The furthest simulated time reached since the load: seeks go anywhere from the start to here. */
  reachedNs: number;
  checkpoints: number;
  /** Bytes the checkpoints take (bounded by the worker's budget). */
  bytes: number;
  /** Simulated ns between checkpoints now (doubles each time old ones are thinned). */
  intervalNs: number;
}

export interface FrameReply {
  type: 'frame';
  epoch: number;
  seq: number;
  reason: FrameReason;
  /** Wall time (wallNow()) to show it at; 0 = at once. */
  dueMs: number;
  nowNs: number;
  events: number;
  done: boolean;
  playing: boolean;
  /** lab_sim_snapshot doubles in the schema's snapshot layout. */
  snapshot: Float64Array;
  /** Records since the previous frame of this epoch. */
  trace: TraceSlice;
  /** Records between the previous frame and this one were skipped: the history restarts here. */
  traceGap: boolean;
  /** The report so far (sent now and then while playing, and always at pause, step, seek and end). */
  report?: Report;
  /** Rewind: how far the run reached and its checkpoints. */
  rewind?: RewindInfo;
}

export interface SweepPointReply {
  type: 'sweep-point';
  id: number;
  index: number;
  report: Report;
}

/** A point's provisional report (its short window) and its figure with the interval (core/progressive.ts). */
export interface SweepProvisionalReply {
  type: 'sweep-provisional';
  id: number;
  index: number;
  report: Report;
  figure: ProvisionalFigure;
}

/** This worker has run every provisional window of its share; it waits for 'continue-sweep'. */
export interface SweepProvisionalDoneReply {
  type: 'sweep-provisional-done';
  id: number;
}

export interface SweepDoneReply {
  type: 'sweep-done';
  id: number;
  cancelled: boolean;
}

/** A sweep point the core refused; the sweep goes on without it. */
export interface SweepRefusedReply {
  type: 'sweep-refused';
  id: number;
  index: number;
  problems: ScenarioProblem[];
}

/**
 * The worker cannot go on (a WebAssembly trap, a failed core load, a bug): the main
 * thread should discard this worker and start a new one.
 */
export interface FaultReply {
  type: 'fault';
  message: string;
  trap: boolean;
}

export type WorkerReply =
  | ReadyReply
  | LoadedReply
  | LoadProgressReply
  | RefusedReply
  | FrameReply
  | SweepPointReply
  | SweepDoneReply
  | SweepProvisionalReply
  | SweepProvisionalDoneReply
  | SweepRefusedReply
  | FaultReply;

/** The buffers a reply can hand over instead of copying. */
export function replyTransferables(reply: WorkerReply): ArrayBuffer[] {
  if (reply.type !== 'frame') return [];
  return [reply.snapshot.buffer as ArrayBuffer, ...traceTransferables(reply.trace)];
}

/** Narrows unknown data to a reply the main thread understands (a worker is code too). */
export function isWorkerReply(data: unknown): data is WorkerReply {
  if (typeof data !== 'object' || data === null) return false;
  const type = (data as { type?: unknown }).type;
  return (
    typeof type === 'string' &&
    [
      'ready',
      'loaded',
      'load-progress',
      'refused',
      'frame',
      'sweep-point',
      'sweep-provisional',
      'sweep-provisional-done',
      'sweep-done',
      'sweep-refused',
      'fault',
    ].includes(type)
  );
}

/** A fault message in words a learner can act on. */
export function describeFault(error: unknown): FaultReply {
  const trap = typeof WebAssembly !== 'undefined' && error instanceof WebAssembly.RuntimeError;
  const detail = error instanceof Error ? error.message : String(error);
  // The core's own words when it found the run cannot go on (sim.ts SimulationStalled,
  // known by name: this module stays free of the wasm side).
  const stalled = error instanceof Error && error.name === 'SimulationStalled';
  const message = trap
    ? `The simulation core stopped with a WebAssembly trap (${detail}). This is a bug in the core, not in your scenario.`
    : stalled
      ? detail
      : `The simulation worker failed: ${detail}.`;
  return { type: 'fault', message, trap };
}
