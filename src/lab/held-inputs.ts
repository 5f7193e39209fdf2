/*
 * held-inputs.ts -- when a view out of sight takes new inputs (ViewArea.tsx). A view
 * scrolled out of sight keeps the inputs it last drew so it costs nothing while the run
 * plays; but what it shows is still read (a screen reader, find-in-page, a full-page
 * screenshot, a class looking at a projector that shows more than the browser thinks is
 * in sight), and it must not contradict the headline figures. So a view out of sight:
 *   - takes new inputs at least every OFFSCREEN_REFRESH_MS of wall time, so it is never
 *     more than that behind the figures above it (which change four times a second);
 *   - never keeps a picture drawn before its figures meant anything: inputs whose
 *     snapshot has an empty statistics window (the load frame: "over 0 ns", every row 0)
 *     or that came before the first report give way to the next inputs that have them.
 * A view in sight takes every frame, as before.
 */

/** An out-of-sight view is redrawn at least this often (wall ms). */
export const OFFSCREEN_REFRESH_MS = 1_000;

/** The parts of a view's inputs this decision reads. */
export interface HeldLike {
  snapshot: { windowNs: number };
  report?: unknown;
  width: number;
}

/** Inputs drawn before their figures meant anything: no measured time, or no report yet. */
export function immature(inputs: HeldLike): boolean {
  return !(inputs.snapshot.windowNs > 0) || inputs.report === undefined;
}

/**
 * Whether the slot should draw `value` instead of `held`: always while in sight
 * (if it fits); out of sight when nothing fitting is held, when the held inputs are
 * immature and the new ones are not, or when the held ones are OFFSCREEN_REFRESH_MS old.
 */
export function takeInputs<T extends HeldLike>(
  held: T | undefined,
  value: T | undefined,
  active: boolean,
  fit: (value: T | undefined) => boolean,
  heldForMs: number,
): boolean {
  if (held === undefined || !fit(held)) return true;
  if (!fit(value) || value === undefined) return false;
  if (active) return true;
  if (immature(held) && !immature(value)) return true;
  return heldForMs >= OFFSCREEN_REFRESH_MS;
}
