/*
 * layout.test.ts (cpu-grid) -- the tiles' parts for many CPU counts, widths, heights and
 * both themes: tiles stay within the grid and apart, their words fit the tile or are left
 * out (never under the projector's least size), badges leave room for "CPU nn", the
 * buttons cover their tiles; plus exact values (16 CPUs at 680 px).
 */
import { describe, expect, it } from 'vitest';
import { THEMES } from '../palette.js';
import { defaultGridHeight, gridLayout, tileDetail } from './model.js';
import { badgeBox, badgeSize, sharesShown, TILE_PAD, tileButton, tileOrigin, tileText, tileType } from './layout.js';

const cases = [1, 4, 16, 32, 64].flatMap((n) =>
  [320, 520, 680, 1000].flatMap((width) =>
    (['light', 'projector'] as const).flatMap((theme) => [undefined, 180].map((height) => ({ n, width, theme, height }))),
  ),
);

describe.each(cases)('CPU tiles: $n CPUs, $width px, $theme theme, height $height', ({ n, width, theme, height }) => {
  const t = THEMES[theme];
  const h = height ?? defaultGridHeight(n, width, t.fontSize);
  const layout = gridLayout(n, width, h, n > 32 ? 4 : 6);
  const detail = tileDetail(layout.tileW, t.fontSize);
  const type = tileType(layout, detail, t);
  const tiles = Array.from({ length: n }, (_, i) => tileOrigin(layout, i));

  it('lays the tiles row by row within the grid, apart', () => {
    for (const [i, p] of tiles.entries()) {
      expect(p.x).toBeGreaterThanOrEqual(TILE_PAD);
      expect(p.x + layout.tileW).toBeLessThanOrEqual(TILE_PAD + layout.width);
      expect(p.y + layout.tileH).toBeLessThanOrEqual(TILE_PAD + layout.height);
      if (i === 0) continue;
      const q = tiles[i - 1]!;
      if (p.y === q.y) expect(p.x).toBe(q.x + layout.tileW + layout.gap);
      else expect([p.x, p.y]).toEqual([TILE_PAD, q.y + layout.tileH + layout.gap]);
    }
    expect(tileButton(layout, n - 1)).toMatchObject({ left: tiles[n - 1]!.x, top: tiles[n - 1]!.y });
    expect(tileButton(layout, 0).width).toBeGreaterThanOrEqual(Math.max(24, layout.tileW));
  });

  it("sizes the tiles' words from the tile, never under the theme's least", () => {
    expect(type.least).toBe(theme === 'projector' ? t.smallSize : 0);
    expect(type.small).toBeGreaterThanOrEqual(Math.max(11, type.least));
    expect(type.small).toBeLessThanOrEqual(Math.max(11, type.least, t.smallSize));
    expect(type.big).toBeGreaterThanOrEqual(Math.max(12, type.least));
    expect(type.badge).toBe(badgeSize(type.small, type.least));
    if (type.longBadges) expect(detail).toBe('full');
  });

  it.each([
    ['kernel', 'process 17'],
    ['spinning', 'for IOLOCK8'],
    ['interrupt', 'device interrupt, a long one'],
  ])('places "%s" and "%s" in each tile, shown only where they fit', (modeText, detailText) => {
    for (const origin of tiles.slice(0, 3)) {
      const words = tileText(layout, detail, type, origin, modeText, detailText, t.fontSize);
      const bottom = origin.y + layout.tileH;
      expect(words.name.x).toBeGreaterThanOrEqual(origin.x);
      expect(words.name.y).toBeLessThanOrEqual(bottom);
      for (const [word, text, bold, margin] of [
        [words.mode, modeText, true, detail === 'label' ? 6 : 10],
        [words.detail, detailText, false, 8],
      ] as const) {
        if (!word.shown) continue;
        expect(['full', 'label']).toContain(detail);
        expect(word.size).toBeGreaterThanOrEqual(type.least);
        expect(word.y + word.size * 0.3).toBeLessThanOrEqual(bottom + (detail === 'label' ? layout.tileH : 0));
        expect(word.x).toBe(origin.x + layout.tileW / 2);
        // at its size, estimated wide, it fits the tile less its margins (or it is at its least size)
        const floor = Math.max(bold ? (detail === 'label' ? 9 : 10) : 0, type.least);
        if (word.size > floor) expect(text.length * word.size * (bold ? 0.64 : 0.58)).toBeLessThanOrEqual(layout.tileW - margin + 1e-6);
      }
      if (detail === 'full' && words.mode.shown && words.detail.shown) expect(words.detail.y).toBeGreaterThan(words.mode.y);
      if (words.shares) {
        expect(words.shares.y + words.shares.h).toBeLessThanOrEqual(bottom);
        expect(words.shares.x + words.shares.w).toBeLessThanOrEqual(origin.x + layout.tileW);
      }
      expect(!!words.shares).toBe(sharesShown(layout, detail, t.fontSize));
    }
  });

  it('keeps a long badge clear of the tile\'s "CPU nn"', () => {
    if (!type.longBadges) return;
    const origin = tiles[0]!;
    const badge = badgeBox(origin.x + layout.tileW - 4, origin.y + 4, 'TCP/IP · IRQ', type.badge);
    const name = tileText(layout, detail, type, origin, 'kernel', '', t.fontSize).name;
    expect(badge.x).toBeGreaterThan(name.x + 6 * 0.62 * type.small);
    expect(badge.x + badge.w).toBeLessThanOrEqual(origin.x + layout.tileW);
  });
});

describe('CPU tiles: exact values', () => {
  const t = THEMES.light;
  const layout = gridLayout(16, 680, defaultGridHeight(16, 680, t.fontSize), 6);
  const detail = tileDetail(layout.tileW, t.fontSize);
  const type = tileType(layout, detail, t);

  it('lays 16 CPUs at 680 px in two rows of eight full tiles, too narrow for long badges', () => {
    expect(layout).toMatchObject({ cols: 8, rows: 2, tileW: 79, tileH: 68 });
    expect(detail).toBe('full');
    expect(tileOrigin(layout, 0)).toEqual({ x: 3, y: 3 });
    expect(tileOrigin(layout, layout.cols)).toEqual({ x: 3, y: 3 + layout.tileH + 6 });
    expect(tileOrigin(layout, 1)).toEqual({ x: 3 + layout.tileW + 6, y: 3 });
    expect(type).toEqual({ least: 0, small: 13, big: 17.68, badge: 13 * 0.85, longBadges: false });
    // a tile 155 px wide has room for "TCP/IP · IRQ" beside "CPU nn"
    expect(tileType({ ...layout, tileW: 155 }, 'full', t).longBadges).toBe(true);
    expect(tileType({ ...layout, tileW: 154 }, 'full', t).longBadges).toBe(false);
  });

  it("puts a full tile's words where the grid has always drawn them", () => {
    expect(sharesShown(layout, 'full', t.fontSize)).toBe(false);
    const words = tileText(layout, 'full', type, { x: 3, y: 3 }, 'kernel', 'process 17', t.fontSize);
    const modeY = 3 + Math.max(type.small * 2.4 + 4, layout.tileH * 0.52);
    expect(words.name).toEqual({ x: 10, y: 3 + type.small + 3 });
    expect(words.mode).toMatchObject({ x: 3 + layout.tileW / 2, y: modeY });
    expect(words.detail).toMatchObject({ y: modeY + type.small + 3 });
    expect(badgeBox(100, 10, 'IRQ', 10)).toEqual({ x: 100 - 26.6, y: 10, w: 26.6, h: 16, textX: 100 - 13.3, textY: 21 });
    expect(tileText(layout, 'number', type, { x: 3, y: 3 }, 'kernel', '', t.fontSize).name).toEqual({
      x: 3 + layout.tileW / 2,
      y: 3 + layout.tileH / 2 + type.small * 0.35,
    });
    expect(tileText(layout, 'label', type, { x: 3, y: 3 }, 'kernel', '', t.fontSize).name).toEqual({ x: 8, y: 3 + type.small + 3 });
  });
});
