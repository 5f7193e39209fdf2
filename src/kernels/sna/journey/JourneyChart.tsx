/*
 * JourneyChart.tsx -- the porting journey's history as bars: the scaling factor
 * (1-way response / 4-way response) after each step, against two reference lines: 1
 * (the 4-way machine no faster than one CPU) and 4 (perfect scaling). Bars below 1 are
 * orange, above it blue, and every bar carries its number, so colour never speaks
 * alone. The history list beside it is the text equivalent; the SVG only has a short
 * summary for screen readers.
 */
import { scaleBand, scaleLinear } from 'd3';
import { themeTokens, type Theme } from '../../../views/palette.js';
import { JOURNEY_CPUS, scalingNumber, type JourneyStep } from './journey.js';

const N_WAY = JOURNEY_CPUS[1];
/** Bar fills: slower on 4 CPUs than on 1, and faster (both >= 4.5:1 on white, as their labels sit on white). */
const SLOWER = '#A85400';
const FASTER = '#0B4F82';

export function JourneyChart({ steps, width, theme }: { steps: readonly JourneyStep[]; width: number; theme: Theme }) {
  const t = themeTokens(theme);
  const fs = t.smallSize;
  const height = Math.round(fs * 12);
  const margin = { top: fs * 1.6, right: fs * 5, bottom: fs * 2, left: fs * 2.4 };
  const top = Math.max(N_WAY, ...steps.map((step) => step.result.scaling).filter(Number.isFinite));
  const y = scaleLinear()
    .domain([0, top * 1.1])
    .range([height - margin.bottom, margin.top]);
  const x = scaleBand<number>()
    .domain(steps.map((_, i) => i))
    .range([margin.left, width - margin.right])
    .paddingInner(0.3)
    .paddingOuter(0.2);
  const barWidth = Math.min(x.bandwidth(), fs * 4);
  const bar = (i: number) => {
    const value = Number.isFinite(steps[i]!.result.scaling) ? steps[i]!.result.scaling : 0;
    return { value, x: (x(i) ?? 0) + x.bandwidth() / 2, top: Math.min(y(value), y(0) - 2) };
  };
  const summary = `Scaling after each step: ${steps.map((step) => scalingNumber(step.result.scaling)).join(', ')} of ${N_WAY}.`;
  if (width <= 0) return null;
  return (
    <svg className="journey-chart" width={width} height={height} role="img" aria-label={summary} fontFamily={t.fontFamily}>
      {y
        .ticks(top > 8 ? 5 : 4)
        .filter(Number.isInteger)
        .map((v) => (
          <g key={v}>
            <line x1={margin.left} x2={width - margin.right} y1={y(v)} y2={y(v)} stroke={t.grid} strokeWidth={1} />
            <text x={margin.left - 6} y={y(v)} dy="0.35em" textAnchor="end" fontSize={fs} fill={t.muted}>
              {v}
            </text>
          </g>
        ))}
      {steps.map((step, i) => (
        <rect
          key={step.seq}
          x={bar(i).x - barWidth / 2}
          y={bar(i).top}
          width={barWidth}
          height={y(0) - bar(i).top}
          rx={2}
          fill={bar(i).value < 1 ? SLOWER : FASTER}
        />
      ))}
      {/* Over the bars, so the lines show across them; a label too close to the other is left to the legend's words. */}
      <ReferenceLine y={y(1)} x1={margin.left} x2={width - margin.right} label="no gain" fs={fs} color={t.text} />
      <ReferenceLine
        y={y(N_WAY)}
        x1={margin.left}
        x2={width - margin.right}
        label={y(1) - y(N_WAY) > fs ? 'perfect' : ''}
        fs={fs}
        color={t.text}
      />
      {/* The numbers last, with a white halo, so no line crosses them. */}
      {steps.map((step, i) => (
        <g key={step.seq} fontSize={fs} textAnchor="middle">
          <text x={bar(i).x} y={bar(i).top - 4} fontWeight={700} fill={t.text} stroke="#ffffff" strokeWidth={4} paintOrder="stroke">
            {scalingNumber(step.result.scaling)}
          </text>
          <text x={bar(i).x} y={height - margin.bottom + fs * 1.3} fill={t.muted}>
            {i + 1}
          </text>
        </g>
      ))}
    </svg>
  );
}

function ReferenceLine({ y, x1, x2, label, fs, color }: { y: number; x1: number; x2: number; label: string; fs: number; color: string }) {
  return (
    <g>
      <line x1={x1} x2={x2} y1={y} y2={y} stroke="#ffffff" strokeWidth={4} strokeOpacity={0.85} />
      <line x1={x1} x2={x2} y1={y} y2={y} stroke={color} strokeWidth={1.5} strokeDasharray="6 4" />
      <text x={x2 + 6} y={y} dy="0.35em" fontSize={fs} fill={color}>
        {label}
      </text>
    </g>
  );
}
