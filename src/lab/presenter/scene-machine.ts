/*
 * scene-machine.ts -- a scene's steps in front of a class, as a pure function:
 * step(state, event) gives the next state and the commands for the lab's store (pause,
 * play, a step of simulated time) or the presenter (the next scene). Presenter.tsx feeds
 * it the store's updates and the instructor's keys and carries the commands out; nothing
 * else decides when a question freezes the run (scene-machine.test.ts, a table per path).
 *
 * A scene runs; with a question, it freezes at the question's time (or when Next is
 * pressed first) and asks; Next (or R) reveals the answer and the run goes on; Next
 * again goes to the next scene. A question that names what to watch (ask.until,
 * watch.ts) freezes only once that is on screen: the run pauses, then steps WATCH_STEP_NS
 * at a time, and its state is judged only on a step's own frame (frames sent before the
 * worker heard the pause still land; a step's frame is its last word), until it holds or
 * WATCH_LIMIT_NS has passed.
 */
import { WATCH_LIMIT_NS, WATCH_STEP_NS } from './watch.js';

export type Phase = 'running' | 'asking' | 'revealed';

export interface SceneState {
  phase: Phase;
  /** Where the run froze for the question, from the run's start (ns). */
  askedAtNs: number;
  /** Looking for what to watch: the time the last step began at (NaN before the first), and the time to freeze at anyway. */
  seeking: { from: number; limit: number } | null;
  /** Whether the freeze showed what the caption says to watch (undefined: the question names nothing, or Next froze it at once). */
  watchMet?: boolean;
}

/** The lab's run as the scene sees it, on each store update. */
export interface RunView {
  kind: 'loading' | 'paused' | 'playing' | 'stepping' | 'seeking' | 'ended' | 'failed';
  playing: boolean;
  loading: boolean;
  done: boolean;
  /** Simulated time, and the run's start (the end of the warm-up). */
  nowNs: number;
  startNs: number;
  /** Whether the state the question names (ask.until) holds now; undefined without a snapshot or a named state. */
  watched?: boolean;
}

/** The scene's question, as far as the steps need it. */
export interface AskTiming {
  at_ms: number;
  until?: string;
}

export type SceneEvent =
  { type: 'scene' } | { type: 'run'; run: RunView } | { type: 'next'; run: RunView } | { type: 'reveal'; run: RunView };

export type SceneCommand = { type: 'pause' } | { type: 'play' } | { type: 'step'; ns: number } | { type: 'next-scene' };

export const START: SceneState = { phase: 'running', askedAtNs: 0, seeking: null };

type Result = [SceneState, SceneCommand[]];

const since = (run: RunView) => run.nowNs - run.startNs;

function freeze(state: SceneState, run: RunView, met: boolean | undefined): SceneState {
  return { ...state, phase: 'asking', askedAtNs: Math.max(0, since(run)), seeking: null, watchMet: met };
}

/** Ask now: freeze, or (a question that names what to watch) pause and look for it. */
function ask(state: SceneState, run: RunView, ask: AskTiming): Result {
  if (state.seeking) return [state, []];
  if (ask.until && !run.done) return [{ ...state, seeking: { from: Number.NaN, limit: since(run) + WATCH_LIMIT_NS } }, [{ type: 'pause' }]];
  return [freeze(state, run, undefined), [{ type: 'pause' }]];
}

function onRun(state: SceneState, run: RunView, question: AskTiming | undefined): Result {
  if (state.phase === 'asking' && !run.playing) {
    // frames the worker sent before it heard the pause still land: the caption follows the last
    const at = Math.max(0, since(run));
    return [at === state.askedAtNs ? state : { ...state, askedAtNs: at }, []];
  }
  if (state.phase !== 'running' || !question) return [state, []];
  if (state.seeking === null) {
    if (run.playing && !run.loading && since(run) >= question.at_ms * 1e6) return ask(state, run, question);
    return [state, []];
  }
  const search = state.seeking;
  if (run.kind === 'playing') return [{ ...state, seeking: null }, []]; // the instructor played on
  if (run.kind === 'ended') return [freeze(state, run, false), []];
  if (run.kind !== 'paused' || run.loading) return [state, []];
  const step: Result = [{ ...state, seeking: { ...search, from: run.nowNs } }, [{ type: 'step', ns: WATCH_STEP_NS }]];
  if (Number.isNaN(search.from)) return step; // settle first: a step's frame is the worker's last word
  if (run.nowNs === search.from) return [state, []]; // the step's frame has not landed
  if (run.watched) return [freeze(state, run, true), []];
  if (since(run) >= search.limit) return [freeze(state, run, false), []];
  return step;
}

/** The scene's next state and what to do, for an event; `question` is the scene's question, if it asks one. */
export function step(state: SceneState, event: SceneEvent, question: AskTiming | undefined): Result {
  switch (event.type) {
    case 'scene':
      return [START, []];
    case 'run':
      return onRun(state, event.run, question);
    case 'reveal':
      if (state.phase !== 'asking') return [state, []];
      return [{ ...state, phase: 'revealed' }, event.run.done ? [] : [{ type: 'play' }]];
    case 'next':
      if (state.phase === 'running' && question) return ask(state, event.run, question);
      if (state.phase === 'asking') return step(state, { type: 'reveal', run: event.run }, question);
      return [state, [{ type: 'next-scene' }]];
  }
}
