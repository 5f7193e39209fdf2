/*
 * window.ts -- the timeline's time window as a state machine: following the live end
 * (the newest `span` ns up to now) or held where the reader scrolled or zoomed it. The
 * component (Timeline.tsx) keeps the state with useReducer and turns wheel, drag and
 * keys into actions; what each does is here, with table tests (timeline-window.test.ts).
 *
 *   follow ──set (a window short of the live end)──▶ held
 *   held ──set (a window reaching the live end), follow (End, F)──▶ follow
 *
 * A window is always kept inside what the trace holds (clampWindow). Each action says
 * the whole next state, so the reducer reads the state only to keep its type.
 */
import { clampWindow, panWindow, zoomWindow } from './draw.js';

/** The window a reader chose ([t0, t1] ns), and whether it follows the live end. */
export interface WindowState {
  own: readonly [number, number] | null;
  follow: boolean;
}

/** What the trace holds: from its first record to now (ns). */
export interface Bounds {
  lo: number;
  hi: number;
}

export type WindowAction =
  /** A window chosen (a pan, a zoom, Home): clamped to the bounds; it follows when it reaches the live end. */
  | { kind: 'set'; window: readonly [number, number]; bounds: Bounds }
  /** Back to the live end with the window's span (End, F). */
  | { kind: 'follow'; span: number; now: number };

export const FOLLOWING: WindowState = { own: null, follow: true };

export function windowReducer(_state: WindowState, action: WindowAction): WindowState {
  switch (action.kind) {
    case 'set': {
      const own = clampWindow(action.window[0], action.window[1], action.bounds.lo, action.bounds.hi);
      return { own, follow: own[1] >= action.bounds.hi };
    }
    case 'follow':
      return { own: [action.now - action.span, action.now], follow: true };
  }
}

/** The window shown at `now`: the chosen one while held, else the live end with the chosen span (or liveSpan). */
export function shownWindow(state: WindowState, now: number, liveSpan: number): [number, number] {
  if (!state.follow && state.own) return [state.own[0], state.own[1]];
  const span = state.own ? state.own[1] - state.own[0] : liveSpan;
  return [now - span, now];
}

/** Where the window is when a key is pressed: the window, the bounds, the time keys zoom about, the zoom's limits. */
export interface KeyContext {
  t0: number;
  t1: number;
  bounds: Bounds;
  /** The cursor's time, or the window's middle without a cursor. */
  at: number;
  minSpan: number;
  maxSpan: number;
  now: number;
}

/**
 * The window action of a key, or null for a key that does not move the window:
 * arrows pan a tenth (Shift: half), + and - zoom about the cursor, Home goes to the
 * trace's start, End and F follow the live end again.
 */
export function windowKey(key: string, shift: boolean, c: KeyContext): WindowAction | null {
  const span = c.t1 - c.t0;
  const set = (window: [number, number]): WindowAction => ({ kind: 'set', window, bounds: c.bounds });
  switch (key) {
    case 'ArrowLeft':
      return set(panWindow(c.t0, c.t1, -span * (shift ? 0.5 : 0.1), c.bounds.lo, c.bounds.hi));
    case 'ArrowRight':
      return set(panWindow(c.t0, c.t1, span * (shift ? 0.5 : 0.1), c.bounds.lo, c.bounds.hi));
    case '+':
    case '=':
      return set(zoomWindow(c.t0, c.t1, c.at, 0.5, c.minSpan, c.maxSpan));
    case '-':
    case '_':
      return set(zoomWindow(c.t0, c.t1, c.at, 2, c.minSpan, c.maxSpan));
    case 'Home':
      return set(panWindow(c.t0, c.t1, c.bounds.lo - c.t0, c.bounds.lo, c.bounds.hi));
    case 'End':
    case 'f':
    case 'F':
      return { kind: 'follow', span, now: c.now };
    default:
      return null;
  }
}

/** The window action of a wheel turn at time `at`: a zoom about it, or a pan with Shift or a horizontal wheel (pixels over the plot's width). */
export function wheelWindow(
  delta: { x: number; y: number; shift: boolean },
  at: number,
  plotW: number,
  c: Omit<KeyContext, 'at' | 'now'>,
): WindowAction {
  if (delta.shift || Math.abs(delta.x) > Math.abs(delta.y)) {
    const d = delta.shift ? delta.y : delta.x;
    return { kind: 'set', window: panWindow(c.t0, c.t1, (d / plotW) * (c.t1 - c.t0), c.bounds.lo, c.bounds.hi), bounds: c.bounds };
  }
  return { kind: 'set', window: zoomWindow(c.t0, c.t1, at, Math.exp(delta.y * 0.002), c.minSpan, c.maxSpan), bounds: c.bounds };
}
