/*
 * draw.ts (cpu-grid) -- the dense grid's picture on a canvas: one square cell per CPU
 * filled with its mode's colour (spinning hatched, interrupts dotted, as everywhere),
 * the row's first CPU on the left and the offset in the row on top, the designated
 * TCP/IP CPU outlined thick, the interrupt CPU marked with a dark corner, and the cell
 * under the pointer or keyboard cursor ringed.
 *
 * A frame redraws only the cells whose mode changed (DenseGridPainter): during playback
 * a few CPUs change between two frames, not 256. Anything else (size, theme, the
 * designated or interrupt CPU, the ringed cells) draws the whole grid again, with one
 * fill per mode.
 */
import { MODES, type ThemeTokens } from '../palette.js';
import { fillModePaths, type ModePatterns } from '../common/canvas.js';
import type { DenseLayout } from './model.js';

export interface DenseDraw {
  t: ThemeTokens;
  layout: DenseLayout;
  /** Each CPU's mode, by index into MODES. */
  modes: ArrayLike<number>;
  patterns: ModePatterns;
  designated: number;
  interrupt: number;
  /** Cell under the pointer, or -1; cell of the keyboard cursor, or -1. */
  hover: number;
  cursor: number;
}

const cellX = (l: DenseLayout, i: number) => l.left + (i % l.cols) * l.cell;
const cellY = (l: DenseLayout, i: number) => l.top + Math.floor(i / l.cols) * l.cell;

/** Fills the cells listed (all with one path per mode) and their marks: number, corner, outline. */
function drawCells(ctx: CanvasRenderingContext2D, d: DenseDraw, cells: readonly number[]): void {
  const { t, layout: l } = d;
  const inner = l.cell - l.gap;
  const paths = MODES.map(() => new Path2D());
  for (const i of cells) paths[d.modes[i]!]?.rect(cellX(l, i), cellY(l, i), inner, inner);
  fillModePaths(ctx, paths, t, d.patterns, inner >= 6);

  if (l.cellNumbers) {
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.font = `700 ${Math.min(t.smallSize, Math.floor(inner * 0.45))}px ${t.fontFamily}`;
    for (const i of cells) {
      ctx.fillStyle = t.modeText[MODES[d.modes[i]!] ?? 'idle'];
      ctx.fillText(String(i), cellX(l, i) + inner / 2, cellY(l, i) + inner / 2 + 1);
    }
  }
  const has = (i: number) => i >= 0 && cells.includes(i);
  // the interrupt CPU: a dark corner; the designated CPU: a thick outline
  if (has(d.interrupt)) {
    const c = Math.max(5, Math.round(inner * 0.45));
    const x = cellX(l, d.interrupt) + inner;
    const y = cellY(l, d.interrupt);
    ctx.fillStyle = t.designated;
    ctx.beginPath();
    ctx.moveTo(x - c, y);
    ctx.lineTo(x, y);
    ctx.lineTo(x, y + c);
    ctx.closePath();
    ctx.fill();
  }
  if (has(d.designated)) {
    ctx.strokeStyle = t.designated;
    ctx.lineWidth = 3;
    ctx.strokeRect(cellX(l, d.designated) - 0.5, cellY(l, d.designated) - 0.5, inner + 1, inner + 1);
  }
}

/**
 * The cells being read: pointer (text colour) and keyboard cursor (focus colour,
 * thicker). Drawn last, every paint: a ring reaches into its neighbours' cells.
 */
function drawRings(ctx: CanvasRenderingContext2D, d: DenseDraw): void {
  const { t, layout: l } = d;
  const inner = l.cell - l.gap;
  const ring = (i: number, colour: string, width: number) => {
    if (i < 0 || i >= d.modes.length) return;
    const x = cellX(l, i) - width / 2 - 0.5;
    const y = cellY(l, i) - width / 2 - 0.5;
    ctx.strokeStyle = t.background;
    ctx.lineWidth = width + 2;
    ctx.strokeRect(x, y, inner + width + 1, inner + width + 1);
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.strokeRect(x, y, inner + width + 1, inner + width + 1);
  };
  if (d.hover !== d.cursor) ring(d.hover, t.text, 2);
  ring(d.cursor, t.focus, 3);
}

/** The whole grid: cells, then the labels along the edges. */
export function drawDenseGrid(ctx: CanvasRenderingContext2D, d: DenseDraw): void {
  const { t, layout: l } = d;
  const n = d.modes.length;
  ctx.clearRect(0, 0, l.width, l.height);
  drawCells(
    ctx,
    d,
    Array.from({ length: n }, (_, i) => i),
  );

  // labels: the row's first CPU on the left, the offset in the row on top
  const inner = l.cell - l.gap;
  ctx.font = `${t.smallSize}px ${t.fontFamily}`;
  ctx.fillStyle = t.text;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'right';
  for (let row = 0; row < l.rows; row += l.rowLabelEvery) ctx.fillText(String(row * l.cols), l.left - 6, l.top + row * l.cell + inner / 2);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  for (let col = 0; col < l.cols; col += l.colLabelEvery) ctx.fillText(`+${col}`, l.left + col * l.cell + inner / 2, l.top - 5);
  drawRings(ctx, d);
}

/**
 * Draws frame after frame on one canvas, the whole grid when anything but the modes
 * changed since the last, else only the cells whose mode did.
 */
export class DenseGridPainter {
  private last: { key: string; modes: Uint8Array } | null = null;

  /** Returns how many cells it drew (tests). */
  paint(ctx: CanvasRenderingContext2D, d: DenseDraw): number {
    const { layout: l } = d;
    const key = [d.t.name, l.cols, l.rows, l.cell, l.width, l.height, d.designated, d.interrupt, d.hover, d.cursor, d.modes.length].join();
    const modes = Uint8Array.from(d.modes);
    const last = this.last;
    this.last = { key, modes };
    if (!last || last.key !== key) {
      drawDenseGrid(ctx, d);
      return modes.length;
    }
    const changed: number[] = [];
    for (let i = 0; i < modes.length; i++) if (modes[i] !== last.modes[i]) changed.push(i);
    if (changed.length === 0) return 0;
    const inner = l.cell - l.gap;
    for (const i of changed) ctx.clearRect(cellX(l, i), cellY(l, i), inner, inner);
    drawCells(ctx, d, changed);
    drawRings(ctx, d);
    return changed.length;
  }

  /** The next paint draws everything (the canvas was resized or cleared). */
  reset(): void {
    this.last = null;
  }
}
