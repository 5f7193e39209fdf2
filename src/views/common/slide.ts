/*
 * slide.ts -- whether marks that moved may slide to their new places (CSS transitions
 * on .slv-move) or must be put there at once (.slv-still). They slide only when the
 * places last changed longer ago than `calmMs`: during fast playback they change every
 * frame, and marks still sliding would be overtaken by the next change and smear. The
 * decision is made once per change of places and kept for renders that move nothing.
 * Reduced motion is the frame's business (.slv-reduced switches transitions off).
 */
import { useLayoutEffect, useRef } from 'react';

export function useSlideWhenCalm(placesKey: string, calmMs: number): boolean {
  const shown = useRef<{ key: string; slide: boolean; at: number }>({ key: placesKey, slide: false, at: -Infinity });
  const prev = shown.current;
  let slide = prev.slide;
  let at = prev.at;
  if (placesKey !== prev.key) {
    at = typeof performance !== 'undefined' ? performance.now() : 0;
    slide = at - prev.at > calmMs;
  }
  // remember what was put on screen (after the commit, so a discarded render changes nothing)
  useLayoutEffect(() => {
    if (shown.current.key !== placesKey) shown.current = { key: placesKey, slide, at };
  });
  return slide;
}

/** The class and style of a mark at (x, y) that slides (or not) there. */
export function slideStyle(x: number, y: number, slide: boolean, ms: number): { className: string; style: { transform: string; transitionDuration?: string } } {
  return {
    className: slide ? 'slv-move' : 'slv-move slv-still',
    style: { transform: `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px)`, transitionDuration: slide ? `${ms}ms` : undefined },
  };
}
