/*
 * CoresChart.tsx -- the bench's results: lock acquisitions a second against threads,
 * one series per lock algorithm (model.ts algorithmStyle: colour and marker shape), the
 * measured medians solid with the spread of the repeated runs as a band and a bar at
 * each point, the simulator's curve for the same lock dashed, a marker at this
 * machine's core count and the part past it shaded (more threads than cores: they take
 * turns). Each series' USL fit (core/fit.ts) may be drawn (thin, dotted) and is said in
 * words under the chart, "measured on this machine" or "simulated". In a ViewFrame: the
 * title, a text equivalent, the legend and the data table (keyboard operable).
 */
import { useState } from 'react';
import { line, scaleLinear } from 'd3';
import { uslAt } from '../../core/fit.js';
import { themeTokens, type Theme } from '../../views/palette.js';
import { innerWidth, ViewFrame } from '../../views/common/ViewFrame.js';
import { XAxis, YGrid } from '../../views/common/axes.js';
import { Legend, swatchSize } from '../../views/common/Legend.js';
import { SeriesMarker } from '../../views/common/series.js';
import { spreadLabels } from '../../views/common/series-style.js';
import type { PointResult, LockAlgorithm } from '../types.js';
import {
  algorithmStyle,
  ALGORITHM_INFO,
  fitWords,
  formatRate,
  formatTick,
  niceTop,
  simulatedDash,
  summaryWords,
  tableRows,
  TABLE_COLUMNS,
  threadsWords,
  yTicks,
  type Series,
  type SimPoint,
} from './model.js';

export interface CoresChartProps {
  points: readonly PointResult[];
  measured: readonly Series[];
  simulated: readonly Series[];
  simPoints: readonly SimPoint[];
  cores: number;
  /** The largest thread count of the run (the x axis ends there). */
  maxThreads: number;
  width: number;
  theme?: Theme;
}

export function CoresChart(props: CoresChartProps) {
  const { measured, simulated, cores, theme } = props;
  const [showFits, setShowFits] = useState(false);
  const t = themeTokens(theme);
  const small = t.smallSize;
  const width = Math.max(320, innerWidth(props.width));
  const height = Math.round(Math.min(520, Math.max(300, width * 0.48)));
  const labelRoom = Math.max(90, small * 8);
  const box = { left: small * 4, right: width - labelRoom, top: small * 1.8, base: height - small * 3.6 };
  const maxX = Math.max(2, props.maxThreads, ...measured.flatMap((s) => s.points.map((p) => p.workers)));
  const x = scaleLinear().domain([1, maxX]).range([box.left, box.right]);
  const top = niceTop([...measured, ...simulated]);
  const y = scaleLinear().domain([0, top]).range([box.base, box.top]);
  const counts = [...new Set([...measured, ...simulated].flatMap((s) => s.points.map((p) => p.workers)))].sort((a, b) => a - b);
  const xTicks = thinTicks(counts.length > 0 ? counts : [1, maxX], (v) => x(v), small * 2.2);
  const path = line<{ workers: number; value: number }>()
    .x((p) => x(p.workers))
    .y((p) => y(p.value));
  const markerSize = t.name === 'projector' ? 12 : 9;
  const coreX = x(Math.min(cores, maxX));

  const labels = spreadLabels(
    measured.map((s) => {
      const last = s.points[s.points.length - 1]!;
      return { algorithm: s.algorithm, y: y(last.value), x: x(last.workers) };
    }),
    small * 1.15,
    box.top,
    box.base,
  );

  const best = measured
    .flatMap((s) => s.points.map((p) => ({ algorithm: s.algorithm, ...p })))
    .reduce<{ algorithm: LockAlgorithm; workers: number; value: number } | null>((a, b) => (!a || b.value > a.value ? b : a), null);

  return (
    <ViewFrame
      theme={theme}
      view="cores"
      headline={
        best ? `most: ${ALGORITHM_INFO[best.algorithm].label}, ${formatRate(best.value)} at ${threadsWords(best.workers)}` : undefined
      }
      title="Lock acquisitions a second against threads: measured on this machine (solid) and simulated (dashed)"
      summary={() => summaryWords(measured, simulated, cores)}
      width={props.width}
      table={{
        caption: 'Each lock at each thread count: measured on this machine, and simulated',
        columns: TABLE_COLUMNS,
        rows: () => tableRows(props.points, props.simPoints),
      }}
      legend={
        <>
          <Legend
            label="Locks"
            items={[...new Set([...measured, ...simulated].map((s) => s.algorithm))].map((algorithm) => ({
              key: algorithm,
              label: ALGORITHM_INFO[algorithm].label,
              swatch: <AlgorithmSwatch algorithm={algorithm} theme={theme} />,
            }))}
          />
          <Legend
            label="Lines"
            items={[
              {
                key: 'measured',
                label: 'measured on this machine (median; band and bars: the spread of the repeats)',
                swatch: <LineSwatch dash="" theme={theme} />,
              },
              {
                key: 'simulated',
                label: 'simulated (the service kernel, this machine’s line cost)',
                swatch: <LineSwatch dash={simulatedDash(theme)} theme={theme} />,
              },
              {
                key: 'cores',
                label: `${cores} ${cores === 1 ? 'core' : 'cores'}: past it, more threads than cores`,
                swatch: <CoresSwatch theme={theme} />,
              },
            ]}
          />
        </>
      }
    >
      <svg
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        aria-hidden="true"
        className="cores-chart"
        fontFamily={t.fontFamily}
      >
        {maxX > cores && (
          <g className="cores-oversubscribed">
            <rect x={coreX} y={box.top} width={box.right - coreX} height={box.base - box.top} fill={t.grid} fillOpacity={0.35} />
            <text x={coreX + 6} y={box.top + small} fontSize={small} fill={t.muted}>
              {box.right - coreX > small * 14 ? 'more threads than cores' : 'oversubscribed'}
            </text>
          </g>
        )}
        <YGrid ticks={yTicks(top)} y={y} box={box} format={formatTick} theme={theme} />
        <text x={box.left} y={box.top - small * 0.7} fontSize={small} fill={t.text}>
          acquisitions / s
        </text>
        <XAxis ticks={xTicks} x={x} box={box} title="threads (workers contending for one lock)" theme={theme} />
        <line x1={coreX} x2={coreX} y1={box.top} y2={box.base} stroke={t.text} strokeWidth={t.strokeWidth} strokeDasharray="2 3" />
        <text x={coreX - 6} y={box.top + small} fontSize={small} fill={t.text} textAnchor="end" fontWeight={600}>
          {cores} {cores === 1 ? 'core' : 'cores'}
        </text>
        {measured.map((s) => {
          const style = algorithmStyle(s.algorithm, theme);
          const band = s.points.length > 1 ? bandPath(s, x, y) : '';
          return (
            <g key={`m-${s.algorithm}`} data-series={s.algorithm} data-source="measured">
              {band && <path d={band} fill={style.colour} fillOpacity={0.14} stroke="none" />}
              {s.points.map((p) => (
                <path
                  key={p.workers}
                  d={`M${x(p.workers)},${y(p.min ?? p.value)}V${y(p.max ?? p.value)}M${x(p.workers) - 4},${y(p.min ?? p.value)}h8M${x(p.workers) - 4},${y(p.max ?? p.value)}h8`}
                  stroke={style.colour}
                  strokeWidth={1.5}
                  data-spread={`${p.min ?? p.value}-${p.max ?? p.value}`}
                />
              ))}
              <path d={path(s.points) ?? ''} fill="none" stroke={style.colour} strokeWidth={t.strokeWidth} />
              <Marks points={s.points} style={style} x={x} y={y} size={markerSize} filled={!style.hollow} background={t.background} />
              {showFits && <FitCurve series={s} x={x} y={y} maxX={maxX} colour={style.colour} dash="1 4" />}
            </g>
          );
        })}
        {simulated.map((s) => {
          const style = algorithmStyle(s.algorithm, theme);
          return (
            <g key={`s-${s.algorithm}`} data-series={s.algorithm} data-source="simulated">
              <path d={path(s.points) ?? ''} fill="none" stroke={style.colour} strokeWidth={t.strokeWidth} strokeDasharray={style.dash} />
              <Marks points={s.points} style={style} x={x} y={y} size={markerSize * 0.7} filled={false} background={t.background} />
              {showFits && <FitCurve series={s} x={x} y={y} maxX={maxX} colour={style.colour} dash="1 6" />}
            </g>
          );
        })}
        {labels.map((label) => (
          <text
            key={label.algorithm}
            x={box.right + 8}
            y={label.y + small * 0.35}
            fontSize={small}
            fill={algorithmStyle(label.algorithm, theme).colour}
            fontWeight={600}
          >
            {algorithmStyle(label.algorithm, theme).short}
          </text>
        ))}
      </svg>
      <div className="cores-fits">
        <label className="cores-check">
          <input type="checkbox" checked={showFits} onChange={(event) => setShowFits(event.target.checked)} /> Draw each curve’s USL fit
          (dotted)
        </label>
        <ul aria-label="Fits (Universal Scalability Law)">
          {[...measured, ...simulated].map((s) => (
            <li key={`${s.source}-${s.algorithm}`}>{fitWords(s)}</li>
          ))}
        </ul>
      </div>
    </ViewFrame>
  );
}

/** The band between each point's min and max, across the series. */
function bandPath(s: Series, x: (v: number) => number, y: (v: number) => number): string {
  const upper = s.points.map((p) => `${x(p.workers)},${y(p.max ?? p.value)}`);
  const lower = [...s.points].reverse().map((p) => `${x(p.workers)},${y(p.min ?? p.value)}`);
  return `M${upper.join('L')}L${lower.join('L')}Z`;
}

/** A series' markers, one per thread count: the measured curve's full size, the simulated one's smaller and hollow. */
function Marks({
  points,
  style,
  x,
  y,
  size,
  filled,
  background,
}: {
  points: readonly { workers: number; value: number }[];
  style: Parameters<typeof SeriesMarker>[0]['style'];
  x: (n: number) => number;
  y: (v: number) => number;
  size: number;
  filled: boolean;
  background: string;
}) {
  return points.map((p) => (
    <SeriesMarker key={p.workers} style={style} x={x(p.workers)} y={y(p.value)} size={size} filled={filled} background={background} />
  ));
}

function FitCurve({
  series,
  x,
  y,
  maxX,
  colour,
  dash,
}: {
  series: Series;
  x: (v: number) => number;
  y: (v: number) => number;
  maxX: number;
  colour: string;
  dash: string;
}) {
  if (!series.fit.usl.ok) return null;
  const fit = series.fit.usl.fit;
  const steps = 40;
  const d = Array.from({ length: steps + 1 }, (_, i) => {
    const n = 1 + ((maxX - 1) * i) / steps;
    return `${i === 0 ? 'M' : 'L'}${x(n)},${y(Math.max(0, uslAt(fit, n)))}`;
  }).join('');
  return <path d={d} fill="none" stroke={colour} strokeWidth={1.5} strokeDasharray={dash} data-fit={series.source} />;
}

/** The ticks that fit: drops counts closer than `gap` px to the one kept before. */
function thinTicks(values: readonly number[], at: (v: number) => number, gap: number): number[] {
  const out: number[] = [];
  for (const v of values) if (out.length === 0 || at(v) - at(out[out.length - 1]!) >= gap) out.push(v);
  return out;
}

function AlgorithmSwatch({ algorithm, theme }: { algorithm: LockAlgorithm; theme?: Theme }) {
  const t = themeTokens(theme);
  const s = swatchSize(theme);
  const style = algorithmStyle(algorithm, theme);
  return (
    <svg width={s * 2} height={s} viewBox={`0 0 ${s * 2} ${s}`}>
      <line x1={1} x2={s * 2 - 1} y1={s / 2} y2={s / 2} stroke={style.colour} strokeWidth={t.strokeWidth} />
      <SeriesMarker style={style} x={s} y={s / 2} size={s * 0.5} filled={!style.hollow} background={t.background} />
    </svg>
  );
}

function LineSwatch({ dash, theme }: { dash: string; theme?: Theme }) {
  const t = themeTokens(theme);
  const s = swatchSize(theme);
  return (
    <svg width={s * 2} height={s} viewBox={`0 0 ${s * 2} ${s}`}>
      <line x1={1} x2={s * 2 - 1} y1={s / 2} y2={s / 2} stroke={t.text} strokeWidth={t.strokeWidth} strokeDasharray={dash || undefined} />
    </svg>
  );
}

function CoresSwatch({ theme }: { theme?: Theme }) {
  const t = themeTokens(theme);
  const s = swatchSize(theme);
  return (
    <svg width={s * 2} height={s} viewBox={`0 0 ${s * 2} ${s}`}>
      <rect x={s} y={0} width={s} height={s} fill={t.grid} fillOpacity={0.35} />
      <line x1={s} x2={s} y1={0} y2={s} stroke={t.text} strokeWidth={t.strokeWidth} strokeDasharray="2 3" />
    </svg>
  );
}
