/*
 * SketchChart.tsx -- the chart of a "sketch the curve" prediction. Editable, each point
 * is a slider: drag it (mouse, pen or touch) or focus it and use the arrow keys, Page
 * Up/Down for ten steps, Home and End for the axis's ends. Read-only, it draws the
 * committed sketch (dashed) beside the runs (solid), and a table says the same in
 * numbers for anyone who cannot see the chart.
 */
import { scaleLinear, scalePoint } from 'd3';
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { PredictSketch } from '../components.js';
import { snap } from '../sketch.js';

const W = 560;
const H = 260;
const M = { top: 16, right: 24, bottom: 44, left: 72 };
const number = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });
/** The y axis's ticks past six digits: "4M", "500K" (the table below the chart gives every figure whole). */
const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
/** Widest tick that fits the left margin in full digits ("100,000"). */
const FULL_TICKS_BELOW = 1e6;

export function formatSketchValue(sketch: PredictSketch, value: number): string {
  return `${number.format(value)}${sketch.unit ? ` ${sketch.unit}` : ''}`;
}

function line(points: [number, number][]): string {
  return points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`).join('');
}

export function SketchChart({
  sketch,
  values,
  measured,
  onChange,
  title,
}: {
  sketch: PredictSketch;
  /** The learner's values (being drawn, or committed). */
  values: number[];
  /** What the runs measured, where they have been made. */
  measured?: (number | undefined)[];
  /** Given: the points can be moved. */
  onChange?: (index: number, value: number) => void;
  title: string;
}) {
  const svg = useRef<SVGSVGElement>(null);
  const dragging = useRef<number | undefined>(undefined);
  const x = scalePoint<number>()
    .domain(sketch.at)
    .range([M.left, W - M.right])
    .padding(0.3);
  const top = Math.max(sketch.max, ...(measured ?? []).filter((v): v is number => v !== undefined));
  const y = scaleLinear()
    .domain([0, top])
    .range([H - M.bottom, M.top])
    .nice();
  const ticks = y.ticks(5);
  const tickFormat = y.domain()[1]! >= FULL_TICKS_BELOW ? compact : number;
  const editable = onChange !== undefined;

  const valueAt = (event: PointerEvent) => {
    const matrix = svg.current?.getScreenCTM();
    if (!matrix) return undefined;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return snap(sketch, y.invert(point.y));
  };
  const down = (index: number) => (event: PointerEvent<SVGElement>) => {
    if (!onChange) return;
    event.preventDefault();
    (event.currentTarget as Element).setPointerCapture?.(event.pointerId);
    dragging.current = index;
    const value = valueAt(event);
    if (value !== undefined) onChange(index, value);
    (svg.current?.querySelector(`[data-point="${index}"]`) as SVGElement | null)?.focus();
  };
  const move = (event: PointerEvent<SVGElement>) => {
    if (dragging.current === undefined || !onChange) return;
    const value = valueAt(event);
    if (value !== undefined) onChange(dragging.current, value);
  };
  const up = () => {
    dragging.current = undefined;
  };
  const key = (index: number) => (event: KeyboardEvent) => {
    if (!onChange) return;
    const now = values[index]!;
    const moves: Record<string, number> = {
      ArrowUp: now + sketch.step,
      ArrowRight: now + sketch.step,
      ArrowDown: now - sketch.step,
      ArrowLeft: now - sketch.step,
      PageUp: now + 10 * sketch.step,
      PageDown: now - 10 * sketch.step,
      Home: 0,
      End: sketch.max,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    onChange(index, snap(sketch, moves[event.key]!));
  };

  const yours = sketch.at.map((at, i): [number, number] => [x(at)!, y(values[i]!)]);
  const runs = sketch.at.flatMap((at, i): [number, number][] => (measured?.[i] === undefined ? [] : [[x(at)!, y(measured[i]!)]]));
  return (
    <svg
      ref={svg}
      className={editable ? 'sketch-chart sketch-chart-edit' : 'sketch-chart'}
      viewBox={`0 0 ${W} ${H}`}
      role={editable ? 'group' : 'img'}
      aria-label={title}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
    >
      {ticks.map((tick) => (
        <g key={tick} aria-hidden="true">
          <line className="sketch-grid" x1={M.left} x2={W - M.right} y1={y(tick)} y2={y(tick)} />
          <text className="sketch-tick" x={M.left - 8} y={y(tick)} dy="0.32em" textAnchor="end">
            {tickFormat.format(tick)}
          </text>
        </g>
      ))}
      {sketch.at.map((at) => (
        <text key={at} aria-hidden="true" className="sketch-tick" x={x(at)} y={H - M.bottom + 20} textAnchor="middle">
          {number.format(at)}
        </text>
      ))}
      <text aria-hidden="true" className="sketch-axis" x={(M.left + W - M.right) / 2} y={H - 6} textAnchor="middle">
        {sketch.label}
      </text>
      {sketch.unit && (
        <text
          aria-hidden="true"
          className="sketch-axis"
          transform={`translate(14 ${(M.top + H - M.bottom) / 2}) rotate(-90)`}
          textAnchor="middle"
        >
          {sketch.unit}
        </text>
      )}
      {editable &&
        sketch.at.map((at, i) => (
          <rect
            key={at}
            aria-hidden="true"
            className="sketch-column"
            x={x(at)! - x.step() / 2}
            y={M.top}
            width={x.step()}
            height={H - M.top - M.bottom}
            onPointerDown={down(i)}
          />
        ))}
      {runs.length > 1 && <path aria-hidden="true" className="sketch-line-run" d={line(runs)} />}
      {runs.map(([cx, cy], i) => (
        <rect key={`r${i}`} aria-hidden="true" className="sketch-point-run" x={cx - 5} y={cy - 5} width={10} height={10} />
      ))}
      <path aria-hidden="true" className="sketch-line-yours" d={line(yours)} />
      {yours.map(([cx, cy], i) =>
        editable ? (
          <circle
            key={i}
            data-point={i}
            className="sketch-point-yours"
            cx={cx}
            cy={cy}
            r={13}
            tabIndex={0}
            role="slider"
            aria-label={`${sketch.label} ${number.format(sketch.at[i]!)}`}
            aria-valuemin={0}
            aria-valuemax={sketch.max}
            aria-valuenow={values[i]}
            aria-valuetext={formatSketchValue(sketch, values[i]!)}
            aria-orientation="vertical"
            onKeyDown={key(i)}
            onPointerDown={down(i)}
          />
        ) : (
          <circle key={i} aria-hidden="true" className="sketch-point-yours" cx={cx} cy={cy} r={6} />
        ),
      )}
    </svg>
  );
}
