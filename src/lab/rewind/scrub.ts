/*
 * scrub.ts -- the scrubber's arithmetic, kept apart from React so it is tested alone:
 * the step sizes for the keyboard (a "nice" 1-2-5 step near 1 % of the run reached,
 * ten of them for PageUp/PageDown) and where a key moves the time to.
 */

/** A 1-2-5 × 10^k value near x (at least 1). */
export function niceStep(x: number): number {
  if (!(x > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(x));
  const m = x / power;
  return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * power;
}

export interface ScrubRange {
  /** Where the run starts (after the warm-up, when skipped). */
  startNs: number;
  /** The furthest time the run has reached. */
  reachedNs: number;
}

/** The arrow-key step and the PageUp/PageDown step for a range, in ns (at least 1 µs). */
export function scrubSteps(range: ScrubRange): { small: number; large: number } {
  const span = Math.max(0, range.reachedNs - range.startNs);
  const small = Math.max(1000, niceStep(span / 100));
  return { small, large: small * 10 };
}

/**
 * Where a key moves the scrubber from `at` (undefined: the key is not the scrubber's).
 * ←/↓ and →/↑ one small step (Shift: a large one), PageDown/PageUp a large step, Home
 * the start, End the furthest time reached; always within the range.
 */
export function scrubKey(key: string, shift: boolean, at: number, range: ScrubRange): number | undefined {
  const { small, large } = scrubSteps(range);
  let next: number;
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      next = at - (shift ? large : small);
      break;
    case 'ArrowRight':
    case 'ArrowUp':
      next = at + (shift ? large : small);
      break;
    case 'PageDown':
      next = at - large;
      break;
    case 'PageUp':
      next = at + large;
      break;
    case 'Home':
      next = range.startNs;
      break;
    case 'End':
      next = range.reachedNs;
      break;
    default:
      return undefined;
  }
  return Math.min(range.reachedNs, Math.max(range.startNs, next));
}
