/*
 * axes.tsx -- the charts' one set of axis and grid marks: horizontal grid lines with the
 * y axis's labels (YGrid), and the x axis's baseline, ticks, labels and title (XAxis),
 * in the theme's ink and its small type. The curve charts (the scaling sweep, the
 * network and HP-UX curves, the spin lock per RAD, the port's journey) draw their axes
 * with these rather than each by hand, so a change of tick, gap or ink is made once.
 */
import { themeTokens, type Theme } from '../palette.js';

/** A chart's plot area: its left and right edges and its baseline (SVG px). */
export interface PlotBox {
  left: number;
  right: number;
  base: number;
}

/** Grid lines across the plot at each tick, and the ticks' labels left of it. */
export function YGrid({
  ticks,
  y,
  box,
  format = String,
  theme,
  dashed = false,
}: {
  ticks: readonly number[];
  y: (v: number) => number;
  box: PlotBox;
  format?: (v: number) => string;
  theme?: Theme;
  /** Dotted lines above the zero line (a chart whose bars stand on the grid). */
  dashed?: boolean;
}) {
  const t = themeTokens(theme);
  const small = t.smallSize;
  const solid = ticks.filter((v) => !dashed || v === 0);
  const dotted = dashed ? ticks.filter((v) => v !== 0) : [];
  const path = (vs: readonly number[]) => vs.map((v) => `M${box.left},${y(v)}H${box.right}`).join('');
  return (
    <g className="slv-y-grid">
      {solid.length > 0 && <path d={path(solid)} stroke={t.grid} />}
      {dotted.length > 0 && <path d={path(dotted)} stroke={t.grid} strokeDasharray="2 4" />}
      {ticks.map((v) => (
        <text key={v} x={box.left - 6} y={y(v) + small * 0.35} fontSize={small} textAnchor="end">
          {format(v)}
        </text>
      ))}
    </g>
  );
}

/** The x axis: its baseline across the plot, a tick and a label at each value, and its title centred under them. */
export function XAxis({
  ticks,
  x,
  box,
  format = String,
  title,
  titleY,
  theme,
}: {
  ticks: readonly number[];
  x: (v: number) => number;
  box: PlotBox;
  format?: (v: number) => string;
  title?: string;
  /** Where the title's baseline is (default: two small lines under the labels). */
  titleY?: number;
  theme?: Theme;
}) {
  const t = themeTokens(theme);
  const small = t.smallSize;
  return (
    <g className="slv-x-axis">
      <path d={ticks.map((v) => `M${x(v)},${box.base}v5`).join('')} stroke={t.axis} />
      {ticks.map((v) => (
        <text key={v} x={x(v)} y={box.base + small + 6} fontSize={small} textAnchor="middle">
          {format(v)}
        </text>
      ))}
      <line x1={box.left} x2={box.right} y1={box.base} y2={box.base} stroke={t.axis} strokeWidth={1.5} />
      {title !== undefined && (
        <text x={(box.left + box.right) / 2} y={titleY ?? box.base + small * 2.6 + 6} fontSize={small} textAnchor="middle">
          {title}
        </text>
      )}
    </g>
  );
}
