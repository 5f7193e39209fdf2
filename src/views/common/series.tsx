/*
 * series.tsx -- marks of a chart's series told apart by colour, dash and marker shape
 * (SeriesStyle, series-style.ts: the network views' stacks and receive modes, the HP-UX
 * curves' copy avoidance on and off) and their legend swatch.
 */
import { themeTokens, type Theme } from '../palette.js';
import type { SeriesStyle } from './series-style.js';
import { swatchSize } from './Legend.js';

export function SeriesMarker({
  style,
  x,
  y,
  size,
  filled = true,
  background = '#ffffff',
  strokeWidth = 2,
}: {
  style: Pick<SeriesStyle, 'colour' | 'marker'>;
  x: number;
  y: number;
  size: number;
  filled?: boolean;
  background?: string;
  strokeWidth?: number;
}) {
  const fill = filled ? style.colour : background;
  const h = size / 2;
  switch (style.marker) {
    case 'square':
      return <rect x={x - h} y={y - h} width={size} height={size} fill={fill} stroke={style.colour} strokeWidth={strokeWidth} />;
    case 'diamond':
      return (
        <path
          d={`M${x},${y - h * 1.25} L${x + h * 1.25},${y} L${x},${y + h * 1.25} L${x - h * 1.25},${y} Z`}
          fill={fill}
          stroke={style.colour}
          strokeWidth={strokeWidth}
        />
      );
    case 'triangle':
      return (
        <path
          d={`M${x},${y - h * 1.2} L${x + h * 1.2},${y + h} L${x - h * 1.2},${y + h} Z`}
          fill={fill}
          stroke={style.colour}
          strokeWidth={strokeWidth}
        />
      );
    default:
      return <circle cx={x} cy={y} r={h} fill={fill} stroke={style.colour} strokeWidth={strokeWidth} />;
  }
}

export function SeriesSwatch({ style, theme }: { style: SeriesStyle; theme?: Theme }) {
  const t = themeTokens(theme);
  const s = swatchSize(theme);
  return (
    <svg width={s * 2} height={s} viewBox={`0 0 ${s * 2} ${s}`}>
      <line
        x1={1}
        x2={s * 2 - 1}
        y1={s / 2}
        y2={s / 2}
        stroke={style.colour}
        strokeWidth={t.strokeWidth}
        strokeDasharray={style.dash || undefined}
      />
      <SeriesMarker style={style} x={s} y={s / 2} size={s * 0.5} background={t.background} />
    </svg>
  );
}
