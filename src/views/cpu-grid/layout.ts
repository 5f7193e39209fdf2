/*
 * layout.ts (cpu-grid) -- where the parts of the CPU grid's tiles go (1..64 CPUs; the
 * grid's columns and rows are model.ts's gridLayout): each tile's corner, the size of
 * its words (never under the projector theme's least size: a word that does not fit
 * is left out), where each word stands and whether it fits the tile, the role badge in
 * its corner, the share strip at its foot and the button over it. Pure functions of the
 * layout, the theme's sizes and the words: no React, no DOM. CpuGrid.tsx draws them.
 */
import { leastWordSize, type ThemeTokens } from '../palette.js';
import { fitFontSizeOrNone } from '../format.js';
import type { GridLayout, TileDetail } from './model.js';

/** Room around the tiles for the designated CPU's outline. */
export const TILE_PAD = 3;

type Point = { x: number; y: number };
type Box = Point & { w: number; h: number };

/** The top-left corner of tile i. */
export function tileOrigin(layout: GridLayout, i: number, pad = TILE_PAD): Point {
  return {
    x: pad + (i % layout.cols) * (layout.tileW + layout.gap),
    y: pad + Math.floor(i / layout.cols) * (layout.tileH + layout.gap),
  };
}

/** The tiles' type: the small and big words' sizes, the badge's, and whether badges may say "TCP/IP" and "IRQ" in full. */
export interface TileType {
  least: number;
  small: number;
  big: number;
  badge: number;
  longBadges: boolean;
}

/**
 * A tile's small words shrink with short tiles, except in the projector theme: there no
 * word goes under its small size, the least a lecture hall reads. Long badges ("TCP/IP",
 * "IRQ") only where they leave room for the tile's "CPU nn".
 */
export function tileType(layout: GridLayout, detail: TileDetail, t: Pick<ThemeTokens, 'name' | 'smallSize' | 'largeSize'>): TileType {
  const least = leastWordSize(t);
  const small = Math.max(11, least, Math.min(t.smallSize, layout.tileH * 0.2));
  const big = Math.max(12, least, Math.min(t.largeSize, layout.tileH * 0.26));
  const badge = badgeSize(small, least);
  const longBadges = detail === 'full' && 6 * 0.62 * small + 'TCP/IP · IRQ'.length * badge * 0.62 + 24 <= layout.tileW;
  return { least, small, big, badge, longBadges };
}

/** A badge's type: a little under the tile's small words, never under the theme's least. */
export function badgeSize(small: number, least: number): number {
  return Math.max(10, least, small * 0.85);
}

/** A word placed in a tile: its anchor, its size (0: left out) and whether it is drawn (it fits the tile). */
export interface PlacedWord extends Point {
  size: number;
  shown: boolean;
}

export interface TileText {
  /** "CPU n" (full) or "n" (label, number) in the top-left corner, or in the middle (number). */
  name: Point;
  /** The mode in big type (full) or small (label), centred. */
  mode: PlacedWord;
  /** What it runs or spins for, under the mode (full). */
  detail: PlacedWord;
  /** The share strip at its foot (full, in a tall enough tile). */
  shares?: Box;
}

/** Where a tile's words go and at what size, for its detail; a word that does not fit at the least size is not shown. */
export function tileText(
  layout: GridLayout,
  detail: TileDetail,
  type: TileType,
  origin: Point,
  modeText: string,
  detailText: string,
  fontSize: number,
): TileText {
  const { x, y } = origin;
  const { tileW, tileH } = layout;
  const { small, big, least } = type;
  const wordSize = (text: string, room: number, max: number, min: number, bold = false) =>
    fitFontSizeOrNone(text, room, max, min, least, bold);
  const centre = x + tileW / 2;
  if (detail === 'label') {
    const size = wordSize(modeText, tileW - 6, small, 9, true);
    return {
      name: { x: x + 5, y: y + small + 3 },
      mode: { x: centre, y: y + tileH * 0.68, size, shown: size > 0 },
      detail: { x: centre, y, size: 0, shown: false },
    };
  }
  if (detail !== 'full') {
    const none = { x: centre, y, size: 0, shown: false };
    return { name: { x: centre, y: y + tileH / 2 + small * 0.35 }, mode: none, detail: none };
  }
  const modeY = y + Math.max(small * 2.4 + 4, tileH * 0.52);
  const modeSize = wordSize(modeText, tileW - 10, big, 10, true);
  const detailSize = wordSize(detailText, tileW - 8, small, 0);
  // under the mode word; the projector theme's larger words need its descenders' room too
  const detailY = modeY + (least > 0 ? modeSize * 0.3 + detailSize + 2 : small + 3);
  return {
    name: { x: x + 7, y: y + small + 3 },
    mode: { x: centre, y: modeY, size: modeSize, shown: modeSize > 0 && modeY + modeSize * 0.3 <= y + tileH },
    detail: { x: centre, y: detailY, size: detailSize, shown: detailSize > 0 && detailY + detailSize * 0.3 <= y + tileH },
    shares: sharesShown(layout, detail, fontSize) ? { x: x + 6, y: y + tileH - 12, w: tileW - 12, h: 7 } : undefined,
  };
}

/** Whether tiles have room for the share strip at their foot: full tiles at least 5 em tall. */
export function sharesShown(layout: GridLayout, detail: TileDetail, fontSize: number): boolean {
  return detail === 'full' && layout.tileH >= fontSize * 5;
}

/** A dark badge in the tile's top-right corner (`right` is its right edge): its box and its words' centre and baseline. */
export function badgeBox(right: number, top: number, text: string, size: number): Box & { textX: number; textY: number } {
  const w = text.length * size * 0.62 + 8;
  return { x: right - w, y: top, w, h: size + 6, textX: right - w / 2, textY: top + size + 1 };
}

/** The transparent button over tile i: the tile, at least 24 px a side (the least target size). */
export function tileButton(layout: GridLayout, i: number): { left: number; top: number; width: number; height: number } {
  const { x, y } = tileOrigin(layout, i);
  return { left: x, top: y, width: Math.max(24, layout.tileW), height: Math.max(24, layout.tileH) };
}
