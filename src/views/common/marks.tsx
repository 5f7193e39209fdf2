/*
 * marks.tsx -- small SVG marks shared by the views: the hatch and dot patterns that
 * let spinning and interrupts be told apart without colour, a rectangle filled in a
 * mode's colour and pattern, and kernel series markers.
 */
import { MODE_INFO, themeTokens, type SeriesName, type ModeName, type Theme } from '../palette.js';

/** Pattern ids are prefixed per view instance, so several views can share a page. */
export function patternId(prefix: string, pattern: 'hatch' | 'dots'): string {
  return `${prefix.replace(/[^a-zA-Z0-9_-]/g, '')}-${pattern}`;
}

/** <defs> with the hatch and dot patterns, drawn in the theme's pattern ink. */
export function PatternDefs({ prefix, theme }: { prefix: string; theme?: Theme }) {
  const t = themeTokens(theme);
  const w = t.name === 'projector' ? 2.4 : 1.8;
  return (
    <defs>
      <pattern id={patternId(prefix, 'hatch')} patternUnits="userSpaceOnUse" width="8" height="8" patternTransform="rotate(45)">
        <line x1="0" y1="0" x2="0" y2="8" stroke={t.patternInk} strokeWidth={w} />
      </pattern>
      <pattern id={patternId(prefix, 'dots')} patternUnits="userSpaceOnUse" width="7" height="7">
        <circle cx="3.5" cy="3.5" r={w * 0.75} fill={t.patternInk} />
      </pattern>
    </defs>
  );
}

export interface ModeRectProps {
  mode: ModeName;
  x: number;
  y: number;
  width: number;
  height: number;
  rx?: number;
  theme?: Theme;
  /** Prefix of a PatternDefs in the same SVG. */
  patterns: string;
  stroke?: string;
  strokeWidth?: number;
  className?: string;
}

/** A rectangle in the mode's colour, hatched or dotted where the mode has a pattern. */
export function ModeRect(p: ModeRectProps) {
  const t = themeTokens(p.theme);
  const pattern = MODE_INFO[p.mode].pattern;
  const w = Math.max(0, p.width);
  const h = Math.max(0, p.height);
  return (
    <g className={p.className}>
      <rect
        x={p.x}
        y={p.y}
        width={w}
        height={h}
        rx={p.rx}
        fill={t.modes[p.mode]}
        stroke={p.stroke ?? (p.mode === 'idle' ? t.axis : 'none')}
        strokeWidth={p.strokeWidth ?? (p.mode === 'idle' ? 1 : 0)}
      />
      {pattern !== 'none' && (
        <rect x={p.x} y={p.y} width={w} height={h} rx={p.rx} fill={`url(#${patternId(p.patterns, pattern)})`} pointerEvents="none" />
      )}
    </g>
  );
}

/** One rectangle of ModePaths. */
export interface ModeBox {
  mode: ModeName;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** An SVG path's outline of rectangles. */
export function boxesPath(boxes: readonly { x: number; y: number; width: number; height: number }[]): string {
  let d = '';
  for (const b of boxes) d += `M${b.x} ${b.y}h${b.width}v${b.height}h${-b.width}z`;
  return d;
}

/**
 * Many small rectangles in their modes' colours as one path per mode (and one hatch
 * and one dot overlay), outlined in `stroke`: a handful of SVG nodes however many
 * rectangles, so a view with a mark per CPU costs the same at 256 CPUs as at 4.
 */
export function ModePaths({
  boxes,
  theme,
  patterns,
  stroke,
  strokeWidth = 1,
}: {
  boxes: readonly ModeBox[];
  theme?: Theme;
  patterns: string;
  stroke?: string;
  strokeWidth?: number;
}) {
  const t = themeTokens(theme);
  const of = (mode: ModeName) => boxesPath(boxes.filter((b) => b.mode === mode));
  const overlay = (pattern: 'hatch' | 'dots') => boxesPath(boxes.filter((b) => MODE_INFO[b.mode].pattern === pattern));
  const modes = [...new Set(boxes.map((b) => b.mode))];
  return (
    <g>
      {modes.map((mode) => (
        <path key={mode} data-mode={mode} d={of(mode)} fill={t.modes[mode]} />
      ))}
      {(['hatch', 'dots'] as const).map((pattern) => {
        const d = overlay(pattern);
        return d ? <path key={pattern} d={d} fill={`url(#${patternId(patterns, pattern)})`} pointerEvents="none" /> : null;
      })}
      {stroke && <path d={boxesPath(boxes)} fill="none" stroke={stroke} strokeWidth={strokeWidth} />}
    </g>
  );
}

/** A series' marker: squares for the baseline, circles for the remedy (palette.ts SeriesName). */
export function SeriesMarker({
  series,
  x,
  y,
  size,
  theme,
  filled = true,
  strokeWidth,
}: {
  series: SeriesName;
  x: number;
  y: number;
  size: number;
  theme?: Theme;
  filled?: boolean;
  strokeWidth?: number;
}) {
  const style = themeTokens(theme).series[series];
  const fill = filled ? style.colour : themeTokens(theme).background;
  const sw = strokeWidth ?? 2;
  if (style.marker === 'square') {
    return <rect x={x - size / 2} y={y - size / 2} width={size} height={size} fill={fill} stroke={style.colour} strokeWidth={sw} />;
  }
  return <circle cx={x} cy={y} r={size / 2} fill={fill} stroke={style.colour} strokeWidth={sw} />;
}
