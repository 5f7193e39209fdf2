/*
 * NetLivelock.tsx -- receive livelock: delivered against offered packets per second,
 * one line per receive mode (an interrupt per packet, interrupt moderation, polling),
 * the dotted diagonal where every packet is delivered, each mode's peak marked, and
 * its key numbers (peak and where, delivered at the highest load, fall from the peak)
 * under the chart. A pure function of its points (the lab makes them by running the
 * scenario at each offered load in each mode); the shell draws the Run curve button.
 */
import { themeTokens } from '../../../views/palette.js';
import { formatPct } from '../../../views/format.js';
import { innerWidth, ViewFrame } from '../../../views/common/ViewFrame.js';
import { XAxis, YGrid } from '../../../views/common/axes.js';
import { Legend, swatchSize } from '../../../views/common/Legend.js';
import { SeriesMarker, SeriesSwatch } from '../../../views/common/series.js';
import '../onload.css';
import { formatPerS, receiveModeStyle, type NetCurveViewProps } from '../data.js';
import { spreadLabels } from '../../../views/common/series-style.js';
import {
  deliveredScale,
  diagonal,
  livelockHighlights,
  livelockPath,
  livelockSeries,
  livelockSummary,
  millions,
  offeredScale,
  type LivelockPoint,
} from './model.js';

export interface NetLivelockProps extends NetCurveViewProps {
  /** Delivered against offered packets per second, per receive mode (udp_receive runs). */
  points: readonly LivelockPoint[];
  /** Words for the modes, by mode name (default: interrupts, moderation, polling in words). */
  modeLabels?: Readonly<Record<string, string>>;
}

export function NetLivelock(props: NetLivelockProps) {
  const { theme } = props;
  const t = themeTokens(theme);
  const width = props.width ?? 760;
  const innerW = innerWidth(width);
  const progress = Math.max(0, Math.min(1, props.progress ?? 1));
  const series = livelockSeries(props.points);
  const styles = series.map((s) => receiveModeStyle(s.mode, theme, props.modeLabels));
  const { worst, best } = livelockHighlights(series);
  const title = props.title ?? 'Delivered against offered load';
  const summary = livelockSummary(series, props.modeLabels, progress);
  const offered = [...new Set(series.flatMap((s) => s.points.map((p) => p.offeredPerS)))].sort((a, b) => a - b);

  const headline =
    progress < 1 ? (
      <span>
        Curve <strong>{Math.round(progress * 100)}%</strong> <span className="slv-muted">measured</span>
      </span>
    ) : series.length > 0 ? (
      <span>
        {worst && (
          <span data-worst={worst.mode}>
            {receiveModeStyle(worst.mode).short} fall <strong>{formatPct(worst.fallPct, 0)}</strong> from peak
          </span>
        )}
        {worst && best && ' · '}
        {best && (
          <span data-best={best.mode}>
            {receiveModeStyle(best.mode).short} <strong>{formatPerS(best.last.deliveredPerS)}</strong> at{' '}
            {formatPerS(best.last.offeredPerS)} offered
          </span>
        )}
      </span>
    ) : undefined;

  const fs = t.fontSize;
  const small = t.smallSize;
  const height = props.height ?? Math.round(fs * 19);
  const margin = { top: fs * 2, right: fs * 6.4, bottom: fs * 3.4, left: fs * 3.6 };
  const x = offeredScale(series, margin.left, innerW - margin.right);
  const y = deliveredScale(series, height - margin.bottom, margin.top);
  const xTicks = x.ticks(Math.max(3, Math.min(8, Math.floor((innerW - margin.left - margin.right) / (fs * 4)))));
  const box = { left: margin.left, right: innerW - margin.right, base: height - margin.bottom };
  const yTicks = y.ticks(5);
  const [[d0x, d0y], [d1x, d1y]] = diagonal(x, y);
  const markerSize = t.name === 'projector' ? 11 : 9;
  const ends = spreadLabels(
    series.map((s, i) => ({ i, x: x(s.last.offeredPerS), y: y(s.last.deliveredPerS) })),
    small * 1.25,
    margin.top,
    height - margin.bottom - small * 0.5,
  );

  return (
    <ViewFrame
      view="net-livelock"
      theme={theme}
      width={width}
      title={title}
      headline={headline}
      summary={summary}
      legend={
        <Legend
          label="Livelock chart legend"
          items={[
            ...series.map((s, i) => ({ key: s.mode, label: styles[i]!.label, swatch: <SeriesSwatch style={styles[i]!} theme={theme} /> })),
            {
              key: 'diag',
              label: 'Every packet delivered (delivered = offered)',
              swatch: <DiagonalSwatch colour={t.text} size={swatchSize(theme)} />,
            },
            { key: 'peak', label: 'Ringed: each mode\u2019s peak', swatch: <PeakSwatch colour={t.text} size={swatchSize(theme)} /> },
          ]}
        />
      }
      table={{
        caption: 'Delivered packets per second by offered load and receive mode (UDP receive)',
        columns: ['Offered', ...styles.map((style) => style.label)],
        rows: offered.map((o) => [
          formatPerS(o),
          ...series.map((s) => {
            const p = s.points.find((q) => q.offeredPerS === o);
            return p ? formatPerS(p.deliveredPerS) : '—';
          }),
        ]),
      }}
    >
      {series.length === 0 && (
        <p className="slv-muted" data-net-message="">
          {progress < 1
            ? 'The curve run is starting…'
            : 'No curve yet: run it to measure delivered packets at each offered load in each receive mode.'}
        </p>
      )}
      {series.length > 0 && (
        <>
          <svg width={innerW} height={height} aria-hidden="true" data-chart="livelock">
            <text x={0} y={fs * 1.1} fontSize={small} fontWeight={700}>
              Delivered, packets/s
            </text>
            <YGrid ticks={yTicks} y={y} box={box} format={millions} theme={theme} />
            <XAxis ticks={xTicks} x={x} box={box} format={millions} title="Offered, packets/s" titleY={height - fs * 0.3} theme={theme} />
            <g data-diagonal="">
              <line
                x1={x(d0x)}
                y1={y(d0y)}
                x2={x(d1x)}
                y2={y(d1y)}
                stroke={t.text}
                strokeWidth={2}
                strokeDasharray="1 5"
                strokeLinecap="round"
              />
              <text
                x={x(d1x) - 6}
                y={y(d1y) + small * 1.3}
                fontSize={small}
                textAnchor="end"
                fontWeight={700}
                style={{ stroke: t.background, strokeWidth: 4, paintOrder: 'stroke' }}
              >
                every packet delivered
              </text>
            </g>
            {series.map((s, i) => {
              const style = styles[i]!;
              return (
                <g key={s.mode} data-mode={s.mode} data-fall={Math.round(s.fallPct)}>
                  <path
                    d={livelockPath(s.points, x, y)}
                    fill="none"
                    stroke={style.colour}
                    strokeWidth={t.strokeWidth + 0.5}
                    strokeDasharray={style.dash || undefined}
                    strokeLinejoin="round"
                  />
                  {s.points.map((p) => (
                    <SeriesMarker
                      key={p.offeredPerS}
                      style={style}
                      x={x(p.offeredPerS)}
                      y={y(p.deliveredPerS)}
                      size={markerSize}
                      background={t.background}
                    />
                  ))}
                  <circle
                    cx={x(s.peak.offeredPerS)}
                    cy={y(s.peak.deliveredPerS)}
                    r={markerSize * 1.15}
                    fill="none"
                    stroke={t.text}
                    strokeWidth={2}
                    data-peak=""
                  />
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
          <ul className="slv-net-keys" aria-label="Key numbers per receive mode">
            {series.map((s, i) => (
              <li key={s.mode} data-key-mode={s.mode}>
                <span className="slv-net-key-name">
                  <SeriesSwatch style={styles[i]!} theme={theme} /> {styles[i]!.short}
                </span>
                <span>
                  peak <strong>{formatPerS(s.peak.deliveredPerS)}</strong> at {formatPerS(s.peak.offeredPerS)} offered
                </span>
                <span>
                  at {formatPerS(s.last.offeredPerS)} offered: <strong>{formatPerS(s.last.deliveredPerS)}</strong>
                </span>
                <span>
                  {s.fallPct >= 0.5 ? (
                    <>
                      <strong>−{formatPct(s.fallPct, 0)}</strong> from peak
                    </>
                  ) : (
                    'holds its peak'
                  )}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </ViewFrame>
  );
}

function DiagonalSwatch({ colour, size }: { colour: string; size: number }) {
  return (
    <svg width={size} height={size}>
      <line x1={1} y1={size - 1} x2={size - 1} y2={1} stroke={colour} strokeWidth={2} strokeDasharray="1 4" strokeLinecap="round" />
    </svg>
  );
}

function PeakSwatch({ colour, size }: { colour: string; size: number }) {
  return (
    <svg width={size} height={size}>
      <circle cx={size / 2} cy={size / 2} r={size / 2 - 2} fill="none" stroke={colour} strokeWidth={2} />
    </svg>
  );
}
