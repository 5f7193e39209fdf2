/*
 * HpuxCurves.tsx -- the sender's CPU and the throughput against the number of send
 * buffers (the paper's Figure 5) or, by a switch, against the bytes written into each
 * buffer (Figure 3), copy avoidance on and off: two charts side by side (stacked when
 * narrow), each series with its own colour, dash and marker and a direct label; hollow
 * markers where copies were forced; the buffer count SO_SNDBUF / send size + 1 marked
 * with a dashed line, and the step there labelled. A pure function of its points (the
 * lab makes them by short runs of its scenario); the shell draws the Run curve button.
 */
import { useState } from 'react';
import { formatPct, wrapWords } from '../../../views/format.js';
import { themeTokens, type Theme, type ThemeTokens } from '../../../views/palette.js';
import { innerWidth, ViewFrame } from '../../../views/common/ViewFrame.js';
import { Legend, swatchSize } from '../../../views/common/Legend.js';
import { SeriesMarker, SeriesSwatch } from '../../../views/common/series.js';
import { XAxis, YGrid } from '../../../views/common/axes.js';
import { spreadLabels } from '../../../views/common/series-style.js';
import { copyAvoidStyle, formatMbps, formatSize, type HpuxViewProps } from '../data.js';
import {
  bufferStep,
  curveSeries,
  curvesSummary,
  flatThroughput,
  valueOf,
  xScale,
  yScale,
  type BufferStep,
  type CurveMeasure,
  type CurveSeries,
  type CurveSweep,
  type HpuxCurvePoint,
  type HpuxCurveSetup,
} from './model.js';
import '../hpux.css';

/** The curves are a pure function of their points; report and snapshot are accepted, not read. Width default 900. */
export interface HpuxCurvesProps extends HpuxViewProps {
  /** One per sweep, setting of copy avoidance and x, from the lab's curve run. */
  points: readonly HpuxCurvePoint[];
  /** What the curve ran with: SO_SNDBUF and the send size (the rule), each sweep's fixed value. */
  setup: HpuxCurveSetup;
  /** Fraction of the curve run done, 0..1 (default 1); below 1 the view says it is partial. */
  progress?: number;
  /** The chart shown first (default 'buffers'). */
  initialSweep?: CurveSweep;
  /** Height of each chart. */
  height?: number;
}

const SWEEP_WORDS: Record<CurveSweep, string> = { buffers: 'Against send buffers', dirty: 'Against bytes written' };

export function HpuxCurves(props: HpuxCurvesProps) {
  const { theme, setup } = props;
  const t = themeTokens(theme);
  const width = props.width ?? 900;
  const innerW = innerWidth(width);
  const progress = Math.max(0, Math.min(1, props.progress ?? 1));
  const [sweep, setSweep] = useState<CurveSweep>(props.initialSweep ?? 'buffers');
  const series = curveSeries(props.points, sweep);
  const step = bufferStep(curveSeries(props.points, 'buffers'), setup);
  const title = props.title ?? 'CPU and throughput against buffers and dirtiness';
  const summary = curvesSummary(props.points, setup, progress);
  const xs = [...new Set(series.flatMap((s) => s.points.map((p) => p.x)))].sort((a, b) => a - b);
  const on = series.find((s) => s.copyAvoid);
  const off = series.find((s) => !s.copyAvoid);

  const headline =
    progress < 1 ? (
      <span>
        Curve <strong>{Math.round(progress * 100)}%</strong> <span className="slv-muted">measured</span>
      </span>
    ) : sweep === 'buffers' && step.before && step.after ? (
      <span data-step-at={step.measuredAt ?? ''} data-needed={step.needed}>
        CPU{' '}
        <strong>
          {formatPct(step.before.cpuPct, 0)} → {formatPct(step.after.cpuPct, 0)}
        </strong>{' '}
        at <strong>{step.after.x}</strong> buffers
        <span className="slv-muted"> (SO_SNDBUF/send + 1 = {step.needed})</span>
      </span>
    ) : sweep === 'dirty' && on && on.points.length > 1 ? (
      <span data-dirty-rise="">
        copy avoidance{' '}
        <strong>
          {formatPct(on.points[0]!.cpuPct, 0)} → {formatPct(on.points[on.points.length - 1]!.cpuPct, 0)}
        </strong>{' '}
        CPU
        <span className="slv-muted">
          {' '}
          from {formatSize(on.points[0]!.x)} to {formatSize(on.points[on.points.length - 1]!.x)} written
        </span>
      </span>
    ) : undefined;

  const styles = [copyAvoidStyle(true, theme), copyAvoidStyle(false, theme)];
  const side = innerW >= 720;
  const gap = Math.round(t.fontSize * 1.5);
  const chartW = side ? Math.floor((innerW - gap) / 2) - 1 : innerW;
  return (
    <ViewFrame
      view="hpux-curves"
      theme={theme}
      width={width}
      title={title}
      headline={headline}
      summary={summary}
      legend={
        <Legend
          label="Curves legend"
          items={[
            ...styles.map((s, i) => ({ key: i ? 'off' : 'on', label: s.label, swatch: <SeriesSwatch style={s} theme={theme} /> })),
            ...(series.some((s) => s.points.some((p) => p.forcedPct > 0))
              ? [
                  {
                    key: 'hollow',
                    label: 'Hollow marker: copies forced (a buffer written while lent)',
                    swatch: <HollowSwatch t={t} theme={theme} />,
                  },
                ]
              : []),
            ...(sweep === 'buffers'
              ? [
                  {
                    key: 'rule',
                    label: `Dashed line: SO_SNDBUF / send size + 1 = ${step.needed} buffers`,
                    swatch: <RuleSwatch colour={t.text} size={swatchSize(theme)} />,
                  },
                ]
              : []),
          ]}
        />
      }
      table={{
        caption:
          sweep === 'buffers'
            ? `Sender CPU and throughput against send buffers (${formatSize(setup.buffersDirtyBytes)} written into each)`
            : `Sender CPU and throughput against bytes written per buffer (${setup.dirtyBuffers} buffers)`,
        columns: [
          sweep === 'buffers' ? 'Send buffers' : 'Bytes written',
          'CPU, copy avoidance',
          'CPU, copies',
          'Mb/s, copy avoidance',
          'Mb/s, copies',
          'Copies forced',
        ],
        rows: xs.map((x) => {
          const a = on?.points.find((p) => p.x === x);
          const b = off?.points.find((p) => p.x === x);
          return [
            sweep === 'buffers' ? String(x) : formatSize(x),
            a ? formatPct(a.cpuPct) : '—',
            b ? formatPct(b.cpuPct) : '—',
            a ? formatMbps(a.mbps) : '—',
            b ? formatMbps(b.mbps) : '—',
            a ? formatPct(a.forcedPct, 0) : '—',
          ];
        }),
      }}
    >
      <div className="slv-hpux-switch" role="group" aria-label="Curves: what the x axis is">
        {(['buffers', 'dirty'] as const).map((s) => (
          <button key={s} type="button" className="slv-button" aria-pressed={sweep === s} data-sweep={s} onClick={() => setSweep(s)}>
            {SWEEP_WORDS[s]}
          </button>
        ))}
      </div>
      {series.length === 0 ? (
        <p className="slv-muted" data-hpux-message="">
          {progress < 1
            ? 'The curve run is starting…'
            : 'No curve yet: run it to measure the sender\u2019s CPU and the throughput with 1 to 16 send buffers and 0 B to 4 KiB written into each.'}
        </p>
      ) : (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: `0 ${gap}px` }} data-sweep-shown={sweep}>
          {(['cpu', 'mbps'] as const).map((measure) => (
            <Chart
              key={measure}
              measure={measure}
              sweep={sweep}
              series={series}
              setup={setup}
              needed={step.needed}
              step={step}
              width={chartW}
              height={props.height ?? Math.round(t.fontSize * 17)}
              t={t}
            />
          ))}
        </div>
      )}
    </ViewFrame>
  );
}

function Chart({
  measure,
  sweep,
  series,
  setup,
  needed,
  step,
  width,
  height,
  t,
}: {
  measure: CurveMeasure;
  sweep: CurveSweep;
  series: readonly CurveSeries[];
  setup: HpuxCurveSetup;
  needed: number;
  step: BufferStep;
  width: number;
  height: number;
  t: ThemeTokens;
}) {
  const fs = t.fontSize;
  const small = t.smallSize;
  // room on the right for the direct labels ("copy avoidance")
  const labelW = Math.max(...series.map((s) => copyAvoidStyle(s.copyAvoid).short.length), 6) * small * 0.62;
  const margin = { top: fs * 2.9, right: labelW + (t.name === 'projector' ? 11 : 9) + 8, bottom: fs * 3.2, left: fs * 3 };
  const x = xScale(sweep, setup, margin.left, width - margin.right);
  const y = yScale(measure, series, height - margin.bottom, margin.top);
  const styles = series.map((s) => copyAvoidStyle(s.copyAvoid, t.name));
  const every = Math.max(1, Math.ceil(x.ticks.length / Math.max(2, Math.floor((width - margin.left - margin.right) / (fs * 2.6)))));
  // every `every`th count and the rule's, without its neighbours crowding it
  const xTicks = x.ticks.filter(
    (v, i) => sweep !== 'buffers' || v === needed || (i % every === 0 && (every === 1 || Math.abs(v - needed) > 1)),
  );
  const flat = measure === 'mbps' && flatThroughput(series);
  const markerSize = t.name === 'projector' ? 11 : 9;
  const ends = spreadLabels(
    series.map((s, i) => {
      const last = s.points[s.points.length - 1]!;
      return { i, x: x(last.x), y: y(valueOf(last, measure)) };
    }),
    small * 1.3,
    margin.top,
    height - margin.bottom,
  );
  const axisTitle = measure === 'cpu' ? 'Sender CPU busy, %' : 'Throughput, Mb/s';
  const showRule = sweep === 'buffers' && needed <= setup.maxBuffers;
  const yTicks = y.ticks(5);
  const base = height - margin.bottom;
  const box = { left: margin.left, right: width - margin.right, base };
  return (
    <svg width={width} height={height} aria-hidden="true" data-chart={`${sweep}-${measure}`}>
      <text x={0} y={fs * 1.1} fontSize={small} fontWeight={700} data-flat={flat ? '' : undefined}>
        {axisTitle}
        {flat && (
          <tspan fontWeight={400} style={{ fill: t.muted }}>
            : the same throughout
          </tspan>
        )}
      </text>
      <YGrid ticks={yTicks} y={y} box={box} theme={t.name} />
      <XAxis
        ticks={xTicks}
        x={x}
        box={box}
        format={(v) => (sweep === 'buffers' ? String(v) : formatSize(v))}
        theme={t.name}
        titleY={height - fs * 0.25}
        title={sweep === 'buffers' ? 'Send buffers the application cycles through' : 'Bytes written into each buffer (steps, not to scale)'}
      />
      {showRule && (
        <g data-rule={needed}>
          <line
            x1={x(needed)}
            x2={x(needed)}
            y1={margin.top - fs * 0.3}
            y2={height - margin.bottom}
            stroke={t.text}
            strokeWidth={2}
            strokeDasharray="6 4"
          />
          <text
            x={x(needed) + 5}
            y={margin.top - fs * 0.55}
            fontSize={small}
            fontWeight={700}
            textAnchor={x(needed) > width * 0.6 ? 'end' : 'start'}
            dx={x(needed) > width * 0.6 ? -10 : 0}
            style={{ stroke: t.background, strokeWidth: 4, paintOrder: 'stroke' }}
          >
            SO_SNDBUF/send + 1 = {needed}
          </text>
        </g>
      )}
      {sweep === 'buffers' && measure === 'cpu' && step.before && step.after && step.measuredAt !== null && (
        <StepNote
          x1={x(step.after.x)}
          y={(y(step.before.cpuPct) + y(step.after.cpuPct)) / 2}
          width={width}
          t={t}
          at={step.measuredAt}
          text={`\u2212${Math.round(step.before.cpuPct - step.after.cpuPct)} points: no more forced copies`}
        />
      )}
      {series.map((s, i) => {
        const style = styles[i]!;
        const d = s.points.map((p, j) => `${j === 0 ? 'M' : 'L'}${x(p.x)},${y(valueOf(p, measure))}`).join(' ');
        return (
          <g key={String(s.copyAvoid)} data-series={s.copyAvoid ? 'on' : 'off'}>
            <path
              d={d}
              fill="none"
              stroke={style.colour}
              strokeWidth={t.strokeWidth + 0.5}
              strokeDasharray={style.dash || undefined}
              strokeLinejoin="round"
            />
            {s.points.map((p) => (
              <g key={p.x} data-x={p.x} data-value={valueOf(p, measure)}>
                <SeriesMarker
                  style={style}
                  x={x(p.x)}
                  y={y(valueOf(p, measure))}
                  size={markerSize}
                  filled={p.forcedPct <= 0}
                  background={t.background}
                />
              </g>
            ))}
          </g>
        );
      })}
      {ends.map((e) => (
        <text key={e.i} x={e.x + markerSize} y={e.y + small * 0.35} fontSize={small} fontWeight={700} style={{ fill: styles[e.i]!.colour }}>
          {styles[e.i]!.short}
        </text>
      ))}
    </svg>
  );
}

/** The step's label beside the drop, on the right, wrapped to the room there. */
function StepNote({ x1, y, width, t, at, text }: { x1: number; y: number; width: number; t: ThemeTokens; at: number; text: string }) {
  const small = t.smallSize;
  const lines = wrapWords(text, Math.max(10, Math.floor((width - x1 - 10) / (small * 0.62))));
  const top = y - ((lines.length - 1) * small * 1.2) / 2 + small * 0.35;
  return (
    <g data-step={at}>
      <text x={x1 + 8} y={top} fontSize={small} fontWeight={700} style={{ stroke: t.background, strokeWidth: 4, paintOrder: 'stroke' }}>
        {lines.map((l, i) => (
          <tspan key={i} x={x1 + 8} dy={i === 0 ? 0 : small * 1.2}>
            {l}
          </tspan>
        ))}
      </text>
    </g>
  );
}

function HollowSwatch({ t, theme }: { t: ThemeTokens; theme?: Theme }) {
  const s = swatchSize(theme);
  return (
    <svg width={s} height={s}>
      <SeriesMarker style={copyAvoidStyle(true, theme)} x={s / 2} y={s / 2} size={s * 0.55} filled={false} background={t.background} />
    </svg>
  );
}

function RuleSwatch({ colour, size }: { colour: string; size: number }) {
  return (
    <svg width={size} height={size}>
      <line x1={size / 2} x2={size / 2} y1={0} y2={size} stroke={colour} strokeWidth={2} strokeDasharray="4 3" />
    </svg>
  );
}
