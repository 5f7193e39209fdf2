/*
 * draw.ts (cpu-grid) -- the dense grid's picture on a canvas: one square cell per CPU
 * filled with its mode's colour (spinning hatched, interrupts dotted, as everywhere),
 * the row's first CPU on the left and the offset in the row on top, the designated
 * TCP/IP CPU outlined thick, the interrupt CPU marked with a dark corner, and the cell
 * under the pointer or keyboard cursor ringed. One fill per mode, so a frame costs the
 * same for 65 CPUs or 256.
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

export function drawDenseGrid(ctx: CanvasRenderingContext2D, d: DenseDraw): void {
  const { t, layout: l } = d;
  const n = d.modes.length;
  ctx.clearRect(0, 0, l.width, l.height);
  const inner = l.cell - l.gap;
  const x = (i: number) => l.left + (i % l.cols) * l.cell;
  const y = (i: number) => l.top + Math.floor(i / l.cols) * l.cell;

  // one path per mode, filled once
  const paths = MODES.map(() => new Path2D());
  for (let i = 0; i < n; i++) paths[d.modes[i]!]?.rect(x(i), y(i), inner, inner);
  fillModePaths(ctx, paths, t, d.patterns, inner >= 6);

  // labels: the row's first CPU on the left, the offset in the row on top
  ctx.font = `${t.smallSize}px ${t.fontFamily}`;
  ctx.fillStyle = t.text;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'right';
  for (let row = 0; row < l.rows; row += l.rowLabelEvery) ctx.fillText(String(row * l.cols), l.left - 6, l.top + row * l.cell + inner / 2);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  for (let col = 0; col < l.cols; col += l.colLabelEvery) ctx.fillText(`+${col}`, l.left + col * l.cell + inner / 2, l.top - 5);

  if (l.cellNumbers) {
    ctx.textBaseline = 'middle';
    const size = Math.min(t.smallSize, Math.floor(inner * 0.45));
    ctx.font = `700 ${size}px ${t.fontFamily}`;
    for (let i = 0; i < n; i++) {
      ctx.fillStyle = t.modeText[MODES[d.modes[i]!] ?? 'idle'];
      ctx.fillText(String(i), x(i) + inner / 2, y(i) + inner / 2 + 1);
    }
  }

  // the interrupt CPU: a dark corner; the designated CPU: a thick outline
  if (d.interrupt >= 0 && d.interrupt < n) {
    const c = Math.max(5, Math.round(inner * 0.45));
    ctx.fillStyle = t.designated;
    ctx.beginPath();
    ctx.moveTo(x(d.interrupt) + inner - c, y(d.interrupt));
    ctx.lineTo(x(d.interrupt) + inner, y(d.interrupt));
    ctx.lineTo(x(d.interrupt) + inner, y(d.interrupt) + c);
    ctx.closePath();
    ctx.fill();
  }
  if (d.designated >= 0 && d.designated < n) {
    ctx.strokeStyle = t.designated;
    ctx.lineWidth = 3;
    ctx.strokeRect(x(d.designated) - 0.5, y(d.designated) - 0.5, inner + 1, inner + 1);
  }

  // the cells being read: pointer (text colour) and keyboard cursor (focus colour, thicker)
  const ring = (i: number, colour: string, width: number) => {
    if (i < 0 || i >= n) return;
    ctx.strokeStyle = t.background;
    ctx.lineWidth = width + 2;
    ctx.strokeRect(x(i) - width / 2 - 0.5, y(i) - width / 2 - 0.5, inner + width + 1, inner + width + 1);
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.strokeRect(x(i) - width / 2 - 0.5, y(i) - width / 2 - 0.5, inner + width + 1, inner + width + 1);
  };
  if (d.hover !== d.cursor) ring(d.hover, t.text, 2);
  ring(d.cursor, t.focus, 3);
}
