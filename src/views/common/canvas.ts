/*
 * canvas.ts -- what the canvas views share: a canvas sized for the device's pixels, and
 * the two mode patterns (spinning hatched, interrupts dotted) as canvas patterns, made
 * once per theme, so a canvas says the same as an SVG view's PatternDefs.
 */
import { MODES, type ThemeTokens } from '../palette.js';

export interface ModePatterns {
  hatch: CanvasPattern | null;
  dots: CanvasPattern | null;
}

/**
 * The canvas's 2D context, its backing store sized for `width` x `height` CSS px at
 * the device's pixel ratio and its transform set so drawing is in CSS px; null where
 * there is no 2D canvas (server rendering, tests).
 */
export function canvasContext(canvas: HTMLCanvasElement | null, width: number, height: number): CanvasRenderingContext2D | null {
  const ctx = canvas?.getContext('2d');
  if (!canvas || !ctx) return null;
  const dpr = typeof window !== 'undefined' ? window.devicePixelRatio || 1 : 1;
  if (canvas.width !== Math.round(width * dpr) || canvas.height !== Math.round(height * dpr)) {
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
  }
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  return ctx;
}

/** The hatch (spinning) and dots (interrupt) patterns in the theme's pattern ink. */
export function modePatterns(ctx: CanvasRenderingContext2D, t: ThemeTokens): ModePatterns {
  if (typeof document === 'undefined') return { hatch: null, dots: null };
  const tile = (size: number, draw: (c: CanvasRenderingContext2D) => void) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = size;
    const c = canvas.getContext('2d');
    if (!c) return null;
    draw(c);
    return ctx.createPattern(canvas, 'repeat');
  };
  const w = t.name === 'projector' ? 2 : 1.5;
  return {
    hatch: tile(8, (c) => {
      c.strokeStyle = t.patternInk;
      c.lineWidth = w;
      c.beginPath();
      c.moveTo(-2, 10);
      c.lineTo(10, -2);
      c.moveTo(-2, 2);
      c.lineTo(2, -2);
      c.moveTo(6, 10);
      c.lineTo(10, 6);
      c.stroke();
    }),
    dots: tile(6, (c) => {
      c.fillStyle = t.patternInk;
      c.beginPath();
      c.arc(3, 3, w * 0.7, 0, Math.PI * 2);
      c.fill();
    }),
  };
}

/** Patterns kept per canvas and theme: made again only when the theme changes. */
export class PatternCache {
  private kept: { theme: string; patterns: ModePatterns } | null = null;

  get(ctx: CanvasRenderingContext2D, t: ThemeTokens): ModePatterns {
    if (!this.kept || this.kept.theme !== t.name) this.kept = { theme: t.name, patterns: modePatterns(ctx, t) };
    return this.kept.patterns;
  }
}

/**
 * Fills one path per mode (index = MODES order) in the mode's colour, then hatches the
 * spinning and dots the interrupts; `dots` false leaves out the dots (marks too small
 * to show them).
 */
export function fillModePaths(
  ctx: CanvasRenderingContext2D,
  paths: readonly Path2D[],
  t: ThemeTokens,
  patterns: ModePatterns,
  dots = true,
): void {
  MODES.forEach((mode, m) => {
    ctx.fillStyle = t.modes[mode];
    ctx.fill(paths[m]!);
  });
  if (patterns.hatch) {
    ctx.fillStyle = patterns.hatch;
    ctx.fill(paths[MODES.indexOf('spin')]!);
  }
  if (patterns.dots && dots) {
    ctx.fillStyle = patterns.dots;
    ctx.fill(paths[MODES.indexOf('interrupt')]!);
  }
}
