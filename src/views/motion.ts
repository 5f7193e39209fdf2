/*
 * motion.ts -- how views move: one requestAnimationFrame loop shared by every tween
 * (never one loop per mark), a hook that says whether the user asked for reduced
 * motion, and a hook that eases numbers toward their latest value.
 *
 * Under prefers-reduced-motion every tween jumps to its target and CSS transitions are
 * switched off (views add the slv-reduced class), so nothing slides or flies.
 */
import { useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

/*
 * The media query is asked once per page: one MediaQueryList, one 'change' listener
 * that keeps the answer in a variable, and React's subscribers told from there. Renders
 * read the variable (useSyncExternalStore calls getSnapshot on every render of every
 * view, so calling matchMedia there would cost one query per view per frame).
 */
let mediaList: MediaQueryList | null | undefined;
let reducedValue = false;
const reducedListeners = new Set<() => void>();

function reducedList(): MediaQueryList | null {
  if (mediaList === undefined) {
    mediaList = typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null;
    reducedValue = !!mediaList?.matches;
  }
  return mediaList;
}

function onReducedChange(event: MediaQueryListEvent): void {
  reducedValue = event.matches;
  for (const listener of [...reducedListeners]) listener();
}

function subscribeReduced(onChange: () => void): () => void {
  const list = reducedList();
  if (!list) return () => {};
  if (reducedListeners.size === 0) {
    list.addEventListener('change', onReducedChange);
    // a change while nobody listened
    reducedValue = list.matches;
  }
  reducedListeners.add(onChange);
  return () => {
    reducedListeners.delete(onChange);
    if (reducedListeners.size === 0) list.removeEventListener('change', onReducedChange);
  };
}

/** Whether the user prefers reduced motion now (cached; follows changes to the setting). */
export function prefersReducedMotion(): boolean {
  const list = reducedList();
  // without a subscriber nobody keeps the cached answer current: read the list's (a property, not a new query)
  if (list && reducedListeners.size === 0) reducedValue = list.matches;
  return reducedValue;
}

/** True when the user prefers reduced motion (follows changes to the setting live). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReduced, prefersReducedMotion, () => false);
}

// ---- the one frame loop ------------------------------------------------------------

type FrameCallback = (now: number) => void;
const callbacks = new Set<FrameCallback>();
let frame = 0;

function tick(now: number): void {
  frame = 0;
  for (const cb of [...callbacks]) cb(now);
  if (callbacks.size > 0) frame = requestAnimationFrame(tick);
}

/** Calls cb on every animation frame until the returned function is called. */
export function onFrame(cb: FrameCallback): () => void {
  callbacks.add(cb);
  if (!frame && typeof requestAnimationFrame !== 'undefined') frame = requestAnimationFrame(tick);
  return () => {
    callbacks.delete(cb);
    if (callbacks.size === 0 && frame) {
      cancelAnimationFrame(frame);
      frame = 0;
    }
  };
}

/** Cubic ease-out: quick start, gentle landing. */
export function easeOut(t: number): number {
  const u = 1 - Math.min(1, Math.max(0, t));
  return 1 - u * u * u;
}

/** Where a tween from `from` to `to` is after `elapsed` of `duration` ms. */
export function tweenAt(from: number, to: number, elapsed: number, duration: number): number {
  if (duration <= 0 || elapsed >= duration) return to;
  return from + (to - from) * easeOut(elapsed / duration);
}

/**
 * A change this soon after the last one is part of playback, never eased. Not just the
 * tween's duration: when a loaded page shows only a few frames a second, easing each
 * one would re-render the view on every display frame in between, and load it more.
 */
export const CALM_MS = 1000;

/**
 * Eases each number of `targets` toward its newest value over `duration` ms; returns
 * the values to draw now. Values that change on every frame (playback) are already
 * smooth and are drawn as they come: only a change after a pause (a step, a reset, a
 * new scenario) is eased. With reduced motion, or without animation frames (tests,
 * server rendering), the targets are returned unchanged. `identity` names what the
 * values belong to, in order (the lock view's lanes): when it changes they jump.
 */
export function useTweened(targets: readonly number[], duration = 250, identity = ''): readonly number[] {
  const reduced = usePrefersReducedMotion();
  // the values drawn while a tween runs, and the identity they belong to (null: the targets)
  const [shown, setShown] = useState<{ values: readonly number[]; identity: string } | null>(null);
  const shownRef = useRef<readonly number[]>(targets);
  const lastChange = useRef(-Infinity);
  const identityRef = useRef(identity);
  const key = targets.join(',');

  // a layout effect, so the old values are back on screen before the browser paints the new ones
  useLayoutEffect(() => {
    const to = targets;
    const from = shownRef.current;
    const now = typeof performance !== 'undefined' ? performance.now() : 0;
    // a change that follows another within CALM_MS is playback (even a slow or loaded page's)
    const steady = now - lastChange.current > Math.max(duration, CALM_MS);
    lastChange.current = now;
    // the values now belong to other things (rows that changed places): jump, never blend them
    const same = identityRef.current === identity;
    identityRef.current = identity;
    if (
      reduced ||
      !steady ||
      !same ||
      from.length !== to.length ||
      typeof requestAnimationFrame === 'undefined' ||
      from.every((v, i) => v === to[i])
    ) {
      shownRef.current = to;
      setShown(null);
      return;
    }
    setShown({ values: from, identity });
    let start = -1;
    const stop = onFrame((frameNow) => {
      if (start < 0) start = frameNow;
      const elapsed = frameNow - start;
      const next = to.map((v, i) => tweenAt(from[i]!, v, elapsed, duration));
      shownRef.current = next;
      setShown(elapsed >= duration ? null : { values: next, identity });
      if (elapsed >= duration) stop();
    });
    return stop;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key captures the values of targets; the array itself is new on every render
  }, [key, reduced, duration, identity]);

  // values of other things (the identity changed since the tween began) are never drawn: the targets are
  return reduced || !shown || shown.values.length !== targets.length || shown.identity !== identity ? targets : shown.values;
}
