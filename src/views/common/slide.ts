/*
 * slide.ts -- whether marks that moved may slide to their new places (CSS transitions
 * on .slv-move) or must be put there at once (.slv-still). They slide only when the
 * places last changed longer ago than `calmMs`: during fast playback they change every
 * frame, and marks still sliding would be overtaken by the next change and smear. The
 * decision is made once per change of places and kept for renders that move nothing.
 * Reduced motion is the frame's business (.slv-reduced switches transitions off).
 *
 * No clock is read while rendering: a timer marks the places calm `calmMs` after they
 * were put on screen, and a change of places slides if the places it leaves were calm.
 * The places first drawn count as calm (nothing changed before them).
 *
 * A view may add a condition of its own (`canSlide`, given the places before and now):
 * the lock view's chips slide only where no two would cross on the way.
 */
import { useLayoutEffect, useState } from 'react';

export function useSlideWhenCalm<P = undefined>(
  placesKey: string,
  calmMs: number,
  places?: P,
  canSlide?: (before: P, now: P) => boolean,
): boolean {
  // the decision for the places on screen, and the places that have stood still calmMs
  const [shown, setShown] = useState(() => ({ key: placesKey, slide: false, places }));
  const [calm, setCalm] = useState<string | null>(placesKey);
  let slide = shown.slide;
  if (placesKey !== shown.key) {
    // decided once per change of places, while rendering (React's "storing information
    // from previous renders": a discarded render changes nothing)
    slide = calm === shown.key && (!canSlide || canSlide(shown.places as P, places as P));
    setShown({ key: placesKey, slide, places });
  }
  // the places put on screen are calm once they have stood still calmMs (timed from the commit)
  useLayoutEffect(() => {
    if (calm === placesKey) return undefined;
    const timer = setTimeout(() => setCalm(placesKey), calmMs);
    return () => clearTimeout(timer);
  }, [placesKey, calmMs, calm]);
  return slide;
}

/** The class and style of a mark at (x, y) that slides (or not) there. */
export function slideStyle(
  x: number,
  y: number,
  slide: boolean,
  ms: number,
): { className: string; style: { transform: string; transitionDuration?: string } } {
  return {
    className: slide ? 'slv-move' : 'slv-move slv-still',
    style: { transform: `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px)`, transitionDuration: slide ? `${ms}ms` : undefined },
  };
}
