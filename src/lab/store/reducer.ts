/*
 * reducer.ts -- the lab's transport as a pure function: reduce(state, event) gives the
 * next state and the commands for the worker, and nothing else happens here (no
 * worker, no timer, no React). LabStore (store.ts) feeds it events (the learner's
 * buttons and keys, the worker's replies, the frames the pump applies) and carries out
 * its commands (LabStore.runCommand).
 *
 * The run is in exactly one state (RunState): loading (the worker starting, or a
 * scenario loading), paused, playing, stepping (a step asked for, its frame not shown
 * yet), seeking (a rewind asked for), ended, or failed (the worker died). The flags the
 * pages read (status, loading, playing, done, seekTargetNs, fault) are that state seen
 * from outside (project), kept in LabState so components can select them.
 */
import type { Speed } from '../../core/playback.js';
import type { FrameReason, LoadedReply } from '../../core/protocol.js';
import type { Report } from '../../core/report.js';
import { defaultValues, type ScenarioProblem, type ScenarioValues } from '../../core/scenario-values.js';
import type { Schema } from '../../core/schema.js';
import type { Snapshot } from '../../core/snapshot.js';
import type { TraceWindow } from '../../core/trace.js';
import { defaultScenarioNotice } from '../url.js';
import type { LabState } from './state.js';

export type RunState =
  /** The worker is starting (worker: false) or a scenario is loading; `playing` says what the Play button shows meanwhile. */
  | { kind: 'loading'; worker: boolean; playing: boolean }
  | { kind: 'paused' }
  | { kind: 'playing' }
  | { kind: 'stepping' }
  | { kind: 'seeking'; targetNs: number }
  | { kind: 'ended' }
  /** resumeNs: where the run had got to, when restarting there reproduces it (a worker that went quiet, not a trap). */
  | { kind: 'failed'; message: string; resumeNs?: number };

/** The store's whole state: what the pages read, and what only transitions need. */
export interface StoreState {
  lab: LabState;
  /** The last scenario the core accepted (what runs while a refused one is shown). */
  accepted?: ScenarioValues;
  /** Start playing once the scenario in loading has loaded. */
  autoplay: boolean;
  /** Where the first scenario came from, for the words of a fallback notice. */
  source: 'link' | 'lab';
  /** A restart that goes back to this simulated time once its scenario has loaded. */
  resumeAtNs?: number;
  /** That restart's step is under way: its frame is not a step the learner asked for. */
  resuming?: boolean;
}

/** One batch of frames, as the frame pump has decoded it (frame-pump.ts). */
export interface FramesApplied {
  snapshot: Snapshot;
  trace?: TraceWindow;
  nowNs: number;
  events: number;
  reason: FrameReason;
  done: boolean;
  rewind?: LabState['rewind'];
  /** The newest report among the frames, if any. */
  report?: Report;
  /** The report of a frame that ended the run, if one did. */
  ended?: { report?: Report };
  /** The last frame's records in words, when it was a step. */
  lastStep?: string[];
  /** The worker is still seeking (a later seek is on its way). */
  seeking: boolean;
  /** Reports wait for a task of their own while playing (not in compare mode, which paces itself). */
  deferReports: boolean;
}

export type LabEvent =
  | { type: 'ready'; schema: Schema }
  | { type: 'loaded'; reply: LoadedReply }
  | { type: 'refused'; problems: ScenarioProblem[] }
  | { type: 'load-progress'; fraction: number }
  /** resumeNs: the run may be restarted there (its worker went quiet; a trap would recur). */
  | { type: 'fault'; message: string; resumeNs?: number }
  /** A new worker, the same scenario; atNs: then run forward to that simulated time (paused there). */
  | { type: 'restart'; atNs?: number }
  | { type: 'set-scenario'; values: ScenarioValues }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'toggle-play' }
  | { type: 'set-speed'; speed: Speed }
  | { type: 'step-event' }
  | { type: 'step-time'; ns: number }
  | { type: 'run-to-end' }
  | { type: 'reset' }
  | { type: 'seek'; ns: number }
  | { type: 'frames'; frames: FramesApplied }
  | { type: 'deferred-report'; report: Report }
  | { type: 'dismiss-notice' }
  | { type: 'dispose' };

export type LabCommand =
  | { kind: 'start-worker' }
  | { kind: 'load'; values: ScenarioValues }
  | { kind: 'play'; speed: Speed }
  | { kind: 'pause' }
  | { kind: 'set-speed'; speed: Speed }
  | { kind: 'step-events'; count: number }
  | { kind: 'step-time'; ns: number }
  | { kind: 'run-to-end' }
  | { kind: 'reset' }
  | { kind: 'seek'; ns: number }
  /** Forget the trace window (a fault: the run is gone). */
  | { kind: 'clear-trace' }
  /** Show this report in a task of its own, right after this frame's. */
  | { kind: 'defer-report'; report: Report }
  /** Forget a report still waiting for its task (it was the old run's). */
  | { kind: 'drop-deferred-report' }
  /** Tell the page's onReport that a run reached its end. */
  | { kind: 'report-ended'; report: Report }
  | { kind: 'dispose' };

/** The flags the pages read, as a run state shows them. */
export function project(
  run: RunState,
): Pick<LabState, 'run' | 'status' | 'loading' | 'playing' | 'done' | 'seekTargetNs' | 'fault' | 'resumeNs'> {
  switch (run.kind) {
    case 'loading':
      return {
        run,
        status: run.worker ? 'ready' : 'starting',
        loading: true,
        playing: run.playing,
        done: false,
        seekTargetNs: undefined,
        fault: undefined,
        resumeNs: undefined,
      };
    case 'failed':
      return {
        run,
        status: 'failed',
        loading: false,
        playing: false,
        done: false,
        seekTargetNs: undefined,
        fault: run.message,
        resumeNs: run.resumeNs,
      };
    case 'seeking':
      return {
        run,
        status: 'ready',
        loading: false,
        playing: false,
        done: false,
        seekTargetNs: run.targetNs,
        fault: undefined,
        resumeNs: undefined,
      };
    default:
      return {
        run,
        status: 'ready',
        loading: false,
        playing: run.kind === 'playing',
        done: run.kind === 'ended',
        seekTargetNs: undefined,
        fault: undefined,
        resumeNs: undefined,
      };
  }
}

type Result = [StoreState, LabCommand[]];

function withRun(state: StoreState, run: RunState, patch: Partial<LabState> = {}): StoreState {
  return { ...state, lab: { ...state.lab, ...patch, ...project(run) } };
}

function patched(state: StoreState, patch: Partial<LabState>): StoreState {
  return { ...state, lab: { ...state.lab, ...patch } };
}

const ready = (s: StoreState) => s.lab.run.kind !== 'failed' && !(s.lab.run.kind === 'loading' && !s.lab.run.worker);

/** A scenario to load: shown at once, loaded when the worker is ready. Playback goes on if it was on. */
function setScenario(state: StoreState, values: ScenarioValues): Result {
  const playing = state.lab.playing;
  const next: StoreState = { ...state, autoplay: state.autoplay || playing };
  const worker = ready(state);
  const run: RunState = { kind: 'loading', worker, playing };
  const lab = { scenario: values, warmupProgress: undefined, problems: [], finalReport: undefined, lastStep: [] };
  // after a fault the new settings wait for Reset, which must load them, not the last
  // scenario the core accepted (that may be the one that stopped the run)
  if (state.lab.run.kind === 'failed') return [{ ...patched(next, lab), accepted: undefined }, []];
  return [withRun(next, run, lab), worker ? [{ kind: 'load', values }] : []];
}

/** Playing from here: a scenario still loading keeps loading, and plays once loaded. */
function playingNow(run: RunState): RunState {
  return run.kind === 'loading' ? { ...run, playing: true } : { kind: 'playing' };
}

function play(state: StoreState): Result {
  if (!ready(state)) return [state, []];
  const commands: LabCommand[] = [];
  if (state.lab.run.kind === 'ended') commands.push({ kind: 'reset' });
  commands.push({ kind: 'play', speed: state.lab.speed });
  return [withRun(state, playingNow(state.lab.run), { lastStep: [], ...(state.lab.done ? { finalReport: undefined } : {}) }), commands];
}

function pause(state: StoreState): Result {
  const run: RunState =
    state.lab.run.kind === 'playing'
      ? { kind: 'paused' }
      : state.lab.run.kind === 'loading'
        ? { ...state.lab.run, playing: false }
        : state.lab.run;
  return [withRun({ ...state, autoplay: false }, run), [{ kind: 'pause' }]];
}

/** A step: the run is paused and waits for the step's frame (a scenario in loading keeps loading). */
function step(state: StoreState, command: LabCommand): Result {
  if (!ready(state) || state.lab.done) return [state, []];
  const run: RunState = state.lab.run.kind === 'loading' ? { ...state.lab.run, playing: false } : { kind: 'stepping' };
  return [withRun({ ...state, autoplay: false }, run), [command]];
}

/** The run state a batch of frames leaves. */
function afterFrames(state: StoreState, f: FramesApplied): RunState {
  const run = state.lab.run;
  if (f.ended) return { kind: 'ended' };
  if (f.reason === 'seek' || (run.kind === 'seeking' && f.reason === 'end')) {
    if (f.seeking && run.kind === 'seeking') return run;
    return f.done ? { kind: 'ended' } : { kind: 'paused' };
  }
  if (f.reason === 'load' || f.reason === 'reset') {
    if (run.kind === 'seeking' && f.seeking) return run;
    if (run.kind === 'loading') return run.playing ? { kind: 'playing' } : { kind: 'paused' };
    return run.kind === 'seeking' ? { kind: 'paused' } : run;
  }
  if (f.reason === 'step' && run.kind === 'stepping') return { kind: 'paused' };
  if (run.kind === 'loading' && run.worker) return run.playing ? { kind: 'playing' } : { kind: 'paused' };
  return run;
}

function frames(state: StoreState, f: FramesApplied): Result {
  const commands: LabCommand[] = [];
  const patch: Partial<LabState> = {
    snapshot: f.snapshot,
    trace: f.trace,
    nowNs: f.nowNs,
    events: f.events,
    frames: state.lab.frames + 1,
  };
  if (f.reason === 'load' || f.reason === 'reset') {
    patch.report = undefined;
    commands.push({ kind: 'drop-deferred-report' }); // the old run's
  }
  if (f.rewind) patch.rewind = f.rewind;
  if ((f.reason === 'seek' || (state.lab.run.kind === 'seeking' && f.reason === 'end')) && !f.done) patch.finalReport = undefined;
  if (f.report && f.reason === 'play' && f.deferReports) commands.push({ kind: 'defer-report', report: f.report });
  else if (f.report) patch.report = f.report;
  if (f.lastStep) patch.lastStep = state.resuming && f.reason === 'step' ? [] : f.lastStep;
  if (f.ended) patch.finalReport = f.ended.report;
  let run = afterFrames(state, f);
  let next: StoreState = state.resuming && f.reason !== 'load' ? { ...state, resuming: false } : state;
  // A restart where the run had got to: the loaded scenario runs forward to that time
  // (the run is deterministic, so it is the state the lost worker had), paused there.
  if (f.reason === 'load' && state.resumeAtNs !== undefined) {
    const ahead = state.resumeAtNs - f.nowNs;
    next = { ...state, resumeAtNs: undefined };
    if (ahead > 0 && run.kind !== 'ended') {
      next = { ...next, resuming: true };
      run = { kind: 'stepping' };
      commands.push({ kind: 'step-time', ns: ahead });
    }
  }
  // A loaded scenario that was asked to play (autoplay, or a change made while playing) plays now.
  else if (f.reason === 'load' && state.autoplay && run.kind !== 'ended') {
    next = { ...state, autoplay: false };
    run = { kind: 'playing' };
    commands.push({ kind: 'play', speed: state.lab.speed });
    patch.lastStep = [];
  }
  if (f.ended?.report) commands.push({ kind: 'report-ended', report: f.ended.report });
  return [withRun(next, run, patch), commands];
}

/** The next state and the worker commands for one event. Pure: same inputs, same outputs. */
export function reduce(state: StoreState, event: LabEvent): Result {
  const run = state.lab.run;
  switch (event.type) {
    case 'ready': {
      const next = withRun(state, { kind: 'loading', worker: true, playing: state.lab.playing }, { schema: event.schema });
      // The first scenario (from a link or a lesson) may be partial or wrong: the worker
      // fills in the defaults, or refuses it, and then the lab runs the defaults (refused).
      return setScenario(next, state.accepted ?? state.lab.scenario);
    }
    case 'loaded':
      return [
        {
          ...patched(state, {
            scenario: event.reply.scenario,
            startNs: event.reply.startNs,
            durationNs: event.reply.durationNs,
            warmupNs: event.reply.warmupNs,
          }),
          accepted: event.reply.scenario,
        },
        [],
      ];
    case 'refused': {
      const schema = state.lab.schema;
      if (!state.accepted && schema) {
        // The very first scenario was refused by the core: run the defaults and say why.
        return setScenario(patched(state, { notice: defaultScenarioNotice(state.source, event.problems) }), defaultValues(schema));
      }
      // Keep the lab running: go back to the last scenario the core accepted.
      const back = withRun(state, run.kind === 'loading' ? (run.playing ? { kind: 'playing' } : { kind: 'paused' }) : run, {
        problems: event.problems,
        scenario: state.accepted ?? state.lab.scenario,
      });
      return [back, state.accepted ? [{ kind: 'load', values: state.accepted }] : []];
    }
    case 'load-progress':
      return [patched(state, { warmupProgress: event.fraction }), []];
    case 'fault': {
      const failed: RunState =
        event.resumeNs !== undefined && event.resumeNs > state.lab.startNs
          ? { kind: 'failed', message: event.message, resumeNs: event.resumeNs }
          : { kind: 'failed', message: event.message };
      return [withRun(state, failed), [{ kind: 'clear-trace' }]];
    }
    case 'restart':
      return [
        withRun(
          { ...state, autoplay: false, resumeAtNs: event.atNs },
          { kind: 'loading', worker: false, playing: false },
          { snapshot: undefined, trace: undefined, report: undefined },
        ),
        [{ kind: 'start-worker' }],
      ];
    case 'set-scenario':
      return setScenario(state, event.values);
    case 'play':
      return play(state);
    case 'pause':
      return pause(state);
    case 'toggle-play':
      if (!ready(state) || run.kind === 'loading') return [state, []];
      return run.kind === 'playing' ? pause(state) : play(state);
    case 'set-speed':
      return [patched(state, { speed: event.speed }), run.kind === 'playing' ? [{ kind: 'set-speed', speed: event.speed }] : []];
    case 'step-event':
      return step(state, { kind: 'step-events', count: 1 });
    case 'step-time':
      return step(state, { kind: 'step-time', ns: event.ns });
    case 'run-to-end':
      if (!ready(state) || state.lab.done) return [state, []];
      return [withRun(state, playingNow(run), { lastStep: [] }), [{ kind: 'run-to-end' }]];
    case 'reset':
      if (run.kind === 'failed') return reduce(state, { type: 'restart' });
      if (!ready(state)) return [state, []];
      return [
        withRun({ ...state, autoplay: false }, run.kind === 'loading' ? { ...run, playing: false } : { kind: 'paused' }, {
          finalReport: undefined,
          lastStep: [],
        }),
        [{ kind: 'reset' }],
      ];
    case 'seek':
      if (!ready(state) || run.kind === 'loading' || !Number.isFinite(event.ns)) return [state, []];
      return [
        withRun({ ...state, autoplay: false }, { kind: 'seeking', targetNs: event.ns }, { lastStep: [] }),
        [{ kind: 'seek', ns: event.ns }],
      ];
    case 'frames':
      return frames(state, event.frames);
    case 'deferred-report':
      return [patched(state, { report: event.report }), []];
    case 'dismiss-notice':
      return [patched(state, { notice: undefined }), []];
    case 'dispose': {
      const sweep = state.lab.sweep.status === 'running' ? { ...state.lab.sweep, status: 'cancelled' as const } : state.lab.sweep;
      return [withRun(state, { kind: 'loading', worker: false, playing: false }, { sweep }), [{ kind: 'dispose' }]];
    }
  }
}
