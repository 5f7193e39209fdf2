/*
 * NetSizeCurve.tsx -- throughput against message size: goodput (Gb/s, linear) against
 * the message size (bytes, log2, 16 B .. 64 KiB), one line per stack, the link's payload
 * limit as a dashed line, where each line first reaches 95% of it marked. A pure
 * function of its points (the lab makes them by running the scenario at each size on
 * each stack); the shell draws the Run curve button and progress.
 */
import { themeTokens } from '../../../views/palette.js';
import { formatOne } from '../../../views/format.js';
import { innerWidth, ViewFrame } from '../../../views/common/ViewFrame.js';
import { XAxis, YGrid } from '../../../views/common/axes.js';
import { Legend, swatchSize } from '../../../views/common/Legend.js';
import { SeriesMarker, SeriesSwatch } from '../../../views/common/series.js';
import '../onload.css';
import { formatBytes, formatGbps, formatRatio, stackStyle, type NetCurveViewProps } from '../data.js';
import { spreadLabels } from '../../../views/common/series-style.js';
import {
  DEFAULT_LINK_LIMIT_GBPS,
  goodputScale,
  REACH_PCT,
  sizeKeyNumbers,
  sizePath,
  sizeScale,
  sizeSeries,
  sizeSummary,
  sizeTicks,
  type SizePoint,
} from './model.js';

export interface NetSizeCurveProps extends NetCurveViewProps {
  /** Goodput per stack and message size (tcp_stream runs). */
  points: readonly SizePoint[];
  /** The link's payload limit, Gb/s (default 9.4: 10 GbE less the headers). */
  linkLimitGbps?: number;
}

export function NetSizeCurve(props: NetSizeCurveProps) {
  const { theme } = props;
  const t = themeTokens(theme);
  const width = props.width ?? 760;
  const innerW = innerWidth(width);
  const limit = props.linkLimitGbps ?? DEFAULT_LINK_LIMIT_GBPS;
  const progress = Math.max(0, Math.min(1, props.progress ?? 1));
  const series = sizeSeries(props.points, limit);
  const keys = sizeKeyNumbers(series);
  const title = props.title ?? 'Throughput against message size';
  const summary = sizeSummary(series, limit, progress);
  const styles = series.map((s) => stackStyle(s.stack, theme));
  const sizes = [...new Set(series.flatMap((s) => s.points.map((p) => p.messageBytes)))].sort((a, b) => a - b);

  const headline =
    progress < 1 ? (
      <span>
        Curve <strong>{Math.round(progress * 100)}%</strong> <span className="slv-muted">measured</span>
      </span>
    ) : series.length > 0 ? (
      <span data-ratio={keys.smallest ? keys.smallest.ratio : undefined}>
        {keys.smallest && (
          <>
            Onload <strong>{formatRatio(keys.smallest.ratio)}×</strong> kernel at {formatBytes(keys.smallest.bytes)}
          </>
        )}
        {keys.reaches.some((r) => r.bytes !== null) && (
          <span className="slv-muted">
            {keys.smallest ? ' · ' : ''}
            {REACH_PCT}% of the link:{' '}
            {keys.reaches.map((r) => `${stackStyle(r.stack).short} ${r.bytes !== null ? formatBytes(r.bytes) : 'never'}`).join(', ')}
          </span>
        )}
      </span>
    ) : undefined;

  const fs = t.fontSize;
  const small = t.smallSize;
  const height = props.height ?? Math.round(fs * 19);
  const margin = { top: fs * 2, right: fs * 5.4, bottom: fs * 3.4, left: fs * 3 };
  const x = sizeScale(series, margin.left, innerW - margin.right);
  const y = goodputScale(series, limit, height - margin.bottom, margin.top);
  const xTicks = sizeTicks(x.domain(), Math.max(3, Math.floor((innerW - margin.left - margin.right) / (fs * 4))));
  const box = { left: margin.left, right: innerW - margin.right, base: height - margin.bottom };
  const yTicks = y.ticks(6);
  const markerSize = t.name === 'projector' ? 11 : 9;
  const ends = spreadLabels(
    series.map((s, i) => {
      const last = s.points[s.points.length - 1]!;
      return { i, x: x(last.messageBytes), y: y(last.goodputBitsPerS / 1e9) };
    }),
    small * 1.25,
    margin.top,
    height - margin.bottom,
  );
  const target = (limit * REACH_PCT) / 100;

  return (
    <ViewFrame
      view="net-size-curve"
      theme={theme}
      width={width}
      title={title}
      headline={headline}
      summary={summary}
      legend={
        <Legend
          label="Size curve legend"
          items={[
            ...series.map((s, i) => ({ key: s.stack, label: styles[i]!.label, swatch: <SeriesSwatch style={styles[i]!} theme={theme} /> })),
            {
              key: 'limit',
              label: `The link's payload limit, ${formatOne(limit)} Gb/s`,
              swatch: <LimitSwatch colour={t.text} size={swatchSize(theme)} />,
            },
            {
              key: 'reach',
              label: `Dotted: where a line first reaches ${REACH_PCT}% of the limit`,
              swatch: <ReachSwatch colour={t.muted} size={swatchSize(theme)} />,
            },
          ]}
        />
      }
      table={{
        caption: 'Goodput (Gb/s) by message size, TCP stream',
        columns: ['Message size', ...series.map((s) => stackStyle(s.stack).label), ...(keys.smallest ? ['Onload ÷ kernel'] : [])],
        rows: sizes.map((bytes) => {
          const at = series.map((s) => s.points.find((p) => p.messageBytes === bytes));
          const k = series.find((s) => s.stack === 'kernel')?.points.find((p) => p.messageBytes === bytes);
          const o = series.find((s) => s.stack === 'onload')?.points.find((p) => p.messageBytes === bytes);
          return [
            formatBytes(bytes),
            ...at.map((p) => (p ? formatGbps(p.goodputBitsPerS) : '—')),
            ...(keys.smallest ? [k && o && k.goodputBitsPerS > 0 ? `${formatRatio(o.goodputBitsPerS / k.goodputBitsPerS)}×` : '—'] : []),
          ];
        }),
      }}
    >
      {series.length === 0 && (
        <p className="slv-muted" data-net-message="">
          {progress < 1 ? 'The curve run is starting…' : 'No curve yet: run it to measure goodput at each message size on each stack.'}
        </p>
      )}
      {series.length > 0 && (
        <svg width={innerW} height={height} aria-hidden="true" data-chart="size">
          <text x={0} y={fs * 1.1} fontSize={small} fontWeight={700}>
            Goodput, Gb/s
          </text>
          <YGrid ticks={yTicks} y={y} box={box} theme={theme} />
          <XAxis
            ticks={xTicks}
            x={x}
            box={box}
            format={formatBytes}
            title="Message size (bytes, log scale)"
            titleY={height - fs * 0.3}
            theme={theme}
          />
          <g data-limit={limit}>
            <line
              x1={margin.left}
              x2={innerW - margin.right}
              y1={y(limit)}
              y2={y(limit)}
              stroke={t.text}
              strokeWidth={2}
              strokeDasharray="9 6"
            />
            <text
              x={margin.left + 6}
              y={y(limit) - 6}
              fontSize={small}
              fontWeight={700}
              style={{ stroke: t.background, strokeWidth: 4, paintOrder: 'stroke' }}
            >
              link payload limit {formatOne(limit)} Gb/s
            </text>
          </g>
          {series.map(
            (s, i) =>
              s.reachesAt !== null && (
                <line
                  key={`reach-${s.stack}`}
                  data-reach={s.stack}
                  x1={x(s.reachesAt)}
                  x2={x(s.reachesAt)}
                  y1={y(target)}
                  y2={height - margin.bottom}
                  stroke={styles[i]!.colour}
                  strokeWidth={2}
                  strokeDasharray="2 4"
                />
              ),
          )}
          {series.map((s, i) => {
            const style = styles[i]!;
            return (
              <g key={s.stack} data-stack={s.stack}>
                <path
                  d={sizePath(s.points, x, y)}
                  fill="none"
                  stroke={style.colour}
                  strokeWidth={t.strokeWidth + 0.5}
                  strokeDasharray={style.dash || undefined}
                  strokeLinejoin="round"
                />
                {s.points.map((p) => (
                  <SeriesMarker
                    key={p.messageBytes}
                    style={style}
                    x={x(p.messageBytes)}
                    y={y(p.goodputBitsPerS / 1e9)}
                    size={markerSize}
                    background={t.background}
                  />
                ))}
              </g>
            );
          })}
          {ends.map((e) => (
            <text
              key={e.i}
              x={e.x + markerSize}
              y={e.y + small * 0.35}
              fontSize={small}
              fontWeight={700}
              style={{ fill: styles[e.i]!.colour }}
            >
              {styles[e.i]!.short}
            </text>
          ))}
        </svg>
      )}
    </ViewFrame>
  );
}

function LimitSwatch({ colour, size }: { colour: string; size: number }) {
  return (
    <svg width={size * 2} height={size}>
      <line x1={0} x2={size * 2} y1={size / 2} y2={size / 2} stroke={colour} strokeWidth={2} strokeDasharray="6 4" />
    </svg>
  );
}

function ReachSwatch({ colour, size }: { colour: string; size: number }) {
  return (
    <svg width={size} height={size}>
      <line x1={size / 2} x2={size / 2} y1={0} y2={size} stroke={colour} strokeWidth={2} strokeDasharray="2 4" />
    </svg>
  );
}
