// held-inputs.test.ts -- a view out of sight: it keeps its picture while the run plays,
// but never one drawn from the load frame (an empty statistics window: "over 0 ns", every
// row 0, while the headline says 43%), and it is redrawn at least once a second, so what
// a screen reader or a projector reads of it agrees with the headline.
import { describe, expect, it } from 'vitest';
import { immature, OFFSCREEN_REFRESH_MS, takeInputs, type HeldLike } from './held-inputs.js';

const fit = (v: HeldLike | undefined) => v !== undefined && v.width >= 160;
const inputs = (windowNs: number, report: boolean, width = 600): HeldLike => ({
  snapshot: { windowNs },
  ...(report ? { report: {} } : {}),
  width,
});

describe('takeInputs', () => {
  it('in sight: takes every frame that fits', () => {
    expect(takeInputs(inputs(1e6, true), inputs(2e6, true), true, fit, 0)).toBe(true);
    expect(takeInputs(inputs(1e6, true), inputs(2e6, true, 100), true, fit, 0)).toBe(false);
  });

  it('out of sight: the first frame is drawn, and a load frame gives way to the first frame with figures', () => {
    expect(takeInputs(undefined, inputs(0, false), false, fit, 0)).toBe(true);
    expect(immature(inputs(0, false))).toBe(true);
    expect(immature(inputs(2e6, false))).toBe(true); // no report yet: the headline has nothing either
    expect(takeInputs(inputs(0, false), inputs(1e5, false), false, fit, 16)).toBe(false);
    expect(takeInputs(inputs(0, false), inputs(1e6, true), false, fit, 16)).toBe(true);
  });

  it('out of sight: holds a mature picture, and redraws it once a second', () => {
    expect(takeInputs(inputs(1e6, true), inputs(1.1e6, true), false, fit, 16)).toBe(false);
    expect(takeInputs(inputs(1e6, true), inputs(9e6, true), false, fit, OFFSCREEN_REFRESH_MS - 1)).toBe(false);
    expect(takeInputs(inputs(1e6, true), inputs(9e6, true), false, fit, OFFSCREEN_REFRESH_MS)).toBe(true);
  });

  it('a held picture too narrow to draw gives way to anything; a narrow frame never replaces one that fits', () => {
    expect(takeInputs(inputs(1e6, true, 100), inputs(0, false, 100), false, fit, 0)).toBe(true);
    expect(takeInputs(inputs(1e6, true), inputs(9e6, true, 100), false, fit, 10_000)).toBe(false);
  });
});
