/*
 * timeline-window.test.ts -- the timeline's window (window.ts) as a table: each action
 * from each state, the window shown, and what each key and wheel turn does.
 */
import { describe, expect, it } from 'vitest';
import { FOLLOWING, shownWindow, wheelWindow, windowKey, windowReducer, type KeyContext, type WindowState } from './window.js';

const bounds = { lo: 0, hi: 10_000 };
const held: WindowState = { own: [2000, 4000], follow: false };

describe('windowReducer', () => {
  it.each([
    [
      'following, a window short of the live end: held there',
      FOLLOWING,
      { kind: 'set', window: [1000, 3000], bounds },
      { own: [1000, 3000], follow: false },
    ],
    [
      'following, a window reaching the live end: still following',
      FOLLOWING,
      { kind: 'set', window: [8000, 10_000], bounds },
      { own: [8000, 10_000], follow: true },
    ],
    [
      'held, a window past the live end: clamped, following again',
      held,
      { kind: 'set', window: [9000, 11_000], bounds },
      { own: [8000, 10_000], follow: true },
    ],
    [
      'held, a window before the trace: clamped to its start, held',
      held,
      { kind: 'set', window: [-500, 1500], bounds },
      { own: [0, 2000], follow: false },
    ],
    [
      'held, follow: the live end with the span asked',
      held,
      { kind: 'follow', span: 2000, now: 10_000 },
      { own: [8000, 10_000], follow: true },
    ],
  ] as const)('%s', (_name, state, action, next) => {
    expect(windowReducer(state, action)).toEqual(next);
  });
});

describe('shownWindow', () => {
  it('follows the live end with the live span until a window is chosen', () => {
    expect(shownWindow(FOLLOWING, 5000, 1000)).toEqual([4000, 5000]);
  });
  it('keeps a chosen span while following, and the chosen window while held', () => {
    expect(shownWindow({ own: [0, 3000], follow: true }, 9000, 1000)).toEqual([6000, 9000]);
    expect(shownWindow(held, 9000, 1000)).toEqual([2000, 4000]);
  });
});

describe('windowKey and wheelWindow', () => {
  const c: KeyContext = { t0: 2000, t1: 4000, bounds, at: 3000, minSpan: 100, maxSpan: 10_000, now: 10_000 };
  it.each([
    ['ArrowLeft', false, [1800, 3800]],
    ['ArrowLeft', true, [1000, 3000]],
    ['ArrowRight', false, [2200, 4200]],
    ['+', false, [2500, 3500]],
    ['-', false, [1000, 5000]],
    ['Home', false, [0, 2000]],
  ] as const)('%s (Shift %s) moves the window to %j', (key, shift, window) => {
    const action = windowKey(key, shift, c);
    expect(action?.kind).toBe('set');
    expect(action && action.kind === 'set' ? action.window : null).toEqual(window);
  });
  it('End and F follow the live end with the same span; other keys leave the window', () => {
    expect(windowKey('End', false, c)).toEqual({ kind: 'follow', span: 2000, now: 10_000 });
    expect(windowKey('f', false, c)).toEqual({ kind: 'follow', span: 2000, now: 10_000 });
    expect(windowKey('ArrowUp', false, c)).toBeNull();
    expect(windowKey('Enter', false, c)).toBeNull();
  });
  it('a vertical wheel zooms about the pointer; Shift or a horizontal wheel pans', () => {
    const zoom = wheelWindow({ x: 0, y: -100, shift: false }, 3000, 500, c);
    expect(zoom.kind === 'set' && zoom.window[1] - zoom.window[0]).toBeCloseTo(2000 * Math.exp(-0.2), 6);
    const pan = wheelWindow({ x: 50, y: 0, shift: false }, 3000, 500, c);
    expect(pan).toEqual({ kind: 'set', window: [2200, 4200], bounds });
    expect(wheelWindow({ x: 0, y: 50, shift: true }, 3000, 500, c)).toEqual(pan);
  });
});
