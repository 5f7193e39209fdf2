/*
 * projector-scale.test.ts -- the projector theme's zoom: none up to the 1280-px layout
 * width, then in proportion to the window, the same factor as the page's rem
 * (styles.css: max(20px, 1.5625vw), 20 px at 1280).
 */
import { describe, expect, it } from 'vitest';
import { PROJECTOR_LAYOUT_WIDTH, projectorZoom } from './projector-scale.js';

describe('projector zoom', () => {
  it('is 1 up to 1280 px, then grows with the window as the rem does', () => {
    expect(projectorZoom(800)).toBe(1);
    expect(projectorZoom(PROJECTOR_LAYOUT_WIDTH)).toBe(1);
    expect(projectorZoom(1920)).toBeCloseTo(1.5, 10);
    const rem = (width: number) => Math.max(20, (width * 1.5625) / 100);
    for (const width of [1366, 1440, 1600, 1920, 2560, 3840]) expect(projectorZoom(width)).toBeCloseTo(rem(width) / 20, 10);
    // the views' small type (17 px at 1280) is then 24 px or more against a 1920-px screen
    for (const width of [1280, 1366, 1920, 2560]) expect((17 * projectorZoom(width) * 1920) / width).toBeGreaterThanOrEqual(24);
  });

  it('is 1 for a width that is not a number', () => {
    expect(projectorZoom(Number.NaN)).toBe(1);
    expect(projectorZoom(Number.POSITIVE_INFINITY)).toBe(1);
  });
});
