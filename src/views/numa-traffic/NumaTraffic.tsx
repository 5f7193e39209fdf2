/*
 * NumaTraffic.tsx -- the traffic between RADs as a heat matrix: one row per RAD where
 * the data was, one column per RAD of the CPU that needed it, each cell its bytes per
 * second in a colour-blind-safe sequential scale and in words; the diagonal (local)
 * outlined. Headline: the share of bytes that crossed RADs.
 */
import { useId } from 'react';
import type { Report } from '../../core/report.js';
import type { Snapshot } from '../../core/snapshot.js';
import { leastWordSize, themeTokens, type Theme } from '../palette.js';
import { firstThatFits, fitFontSize, formatPct } from '../format.js';
import { innerWidth, ViewFrame } from '../common/ViewFrame.js';
import { Legend } from '../common/Legend.js';
import { bytesRateUnit, formatBytesRate, formatInUnit, radName } from '../numa-data.js';
import { trafficFill, trafficKeyStops, trafficMatrix, trafficSummary, trafficText } from './model.js';
import '../numa-topology/numa.css';

export interface NumaTrafficProps {
  snapshot?: Snapshot;
  /** The newest report (report.numa.traffic_bytes_per_s). */
  report?: Report;
  theme?: Theme;
  width?: number;
  /** The most height its drawing (the matrix and its colour key) may take, in px: the presenter's stage; by default as the width allows. */
  height?: number;
  title?: string;
}

export function NumaTraffic(props: NumaTrafficProps) {
  const { theme } = props;
  const t = themeTokens(theme);
  const gradient = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const width = props.width ?? 720;
  const innerW = innerWidth(width);
  const matrix = trafficMatrix(props.report);
  const title = props.title ?? 'Traffic between RADs';
  const summary = trafficSummary(matrix);

  if (!matrix) {
    return (
      <ViewFrame view="numa-traffic" theme={theme} width={width} title={title} summary={summary}>
        <p style={{ margin: 0 }}>Waiting for the first report with the NUMA figures.</p>
      </ViewFrame>
    );
  }

  const fs = t.fontSize;
  const n = matrix.rads;
  const labelW = Math.round(fs * 5.6);
  const headH = Math.round(fs * 3.2);
  // as wide as the view allows; where a height is given (the presenter's stage), no taller than it either
  const byHeight = props.height !== undefined ? Math.floor((props.height - headH - Math.round(fs * 4.4)) / n) : Infinity;
  // (fitted to a height, a cell stays wide enough for its column's "RAD n" at full size with room between)
  const cell = Math.max(
    props.height !== undefined ? fs * 3.5 : fs * 2.6,
    Math.min(fs * 7, Math.floor((innerW - labelW - 4) / n), byHeight),
  );
  const gridW = cell * n;
  const keyY = headH + gridW + Math.round(fs * 1.2);
  const height = keyY + Math.round(fs * 3.2);
  const keyW = Math.min(gridW, 320);
  const blank = t.background;
  const unit = bytesRateUnit(matrix.maxBytesPerS);
  // with room, each cell says its unit; where cells are narrow, the unit is said once above
  const withUnit = matrix.cells.flat().every((c) => `${formatInUnit(c.bytesPerS, unit)} ${unit.name}`.length * fs * 0.62 <= cell - 8);
  const valueText = (v: number) => (withUnit ? `${formatInUnit(v, unit)} ${unit.name}` : formatInUnit(v, unit));
  // the axes' titles, shortened where the full words would be drawn under the theme's least size
  const least = leastWordSize(t);
  const unitWords = withUnit ? '' : ` (${unit.name})`;
  const shortest = (options: string[], room: number) =>
    firstThatFits(options, room, t.smallSize, 9, least, true) ?? options[options.length - 1]!;
  const columnTitle = shortest(
    [`RAD of the CPU that needed the data →${unitWords}`, `RAD of the CPU that needed it →${unitWords}`, `CPU's RAD →${unitWords}`],
    innerW - labelW,
  );
  const rowTitle = shortest(['RAD where the data was ↓', 'Data in RAD ↓'], gridW);
  const cellFont = Math.min(fs, ...matrix.cells.flat().map((c) => fitFontSize(valueText(c.bytesPerS), cell - 8, fs, 9, true)));

  const headline = (
    <span data-cross-pct={matrix.crossPct}>
      <strong>{formatPct(matrix.crossPct, 0)}</strong> of the bytes cross RADs
      {matrix.ramdiskCrossPct !== null && (
        <span className="slv-muted"> · RAM disk reads {formatPct(matrix.ramdiskCrossPct, 0)} cross-RAD</span>
      )}
    </span>
  );

  return (
    <ViewFrame
      view="numa-traffic"
      theme={theme}
      width={width}
      title={title}
      headline={headline}
      summary={summary}
      legend={
        <Legend
          label="How to read the matrix"
          items={[
            {
              key: 'local',
              label: 'Outlined diagonal: local (data and CPU in the same RAD)',
              swatch: (
                <svg width={18} height={18}>
                  <rect x={1.5} y={1.5} width={15} height={15} fill="none" stroke={t.text} strokeWidth={3} />
                </svg>
              ),
            },
            {
              key: 'scale',
              label: 'Darker: more bytes per second (square-root scale); blank: none',
              swatch: (
                <svg width={36} height={18}>
                  <rect x={0} y={3} width={12} height={12} fill={trafficFill(0.05, 1, blank)} />
                  <rect x={12} y={3} width={12} height={12} fill={trafficFill(0.3, 1, blank)} />
                  <rect x={24} y={3} width={12} height={12} fill={trafficFill(1, 1, blank)} />
                </svg>
              ),
            },
          ]}
        />
      }
      table={{
        caption: 'Bytes per second from the RAD where the data was (rows) to the RAD of the CPU that needed it (columns)',
        columns: ['Data was in', ...Array.from({ length: n }, (_, j) => `CPU in ${radName(j)}`)],
        rows: matrix.cells.map((row, i) => [radName(i), ...row.map((c) => formatBytesRate(c.bytesPerS))]),
      }}
    >
      <svg width={innerW} height={height} aria-hidden="true" data-rads={n}>
        <defs>
          <linearGradient id={gradient} x1="0" x2="1" y1="0" y2="0">
            {trafficKeyStops(matrix.maxBytesPerS).map(([u, c]) => (
              <stop key={u} offset={u} stopColor={c} />
            ))}
          </linearGradient>
        </defs>
        <text
          x={labelW}
          y={fs * 1.05}
          fontSize={fitFontSize(columnTitle, innerW - labelW, t.smallSize, 9, true)}
          fontWeight={700}
          data-unit={withUnit ? undefined : unit.name}
        >
          {columnTitle}
        </text>
        <text
          transform={`translate(${fs * 0.95},${headH + gridW / 2}) rotate(-90)`}
          fontSize={fitFontSize(rowTitle, gridW, t.smallSize, 9, true)}
          fontWeight={700}
          textAnchor="middle"
        >
          {rowTitle}
        </text>
        {Array.from({ length: n }, (_, j) => {
          // a column narrower than "RAD n" in bold with room either side is headed by its number (the title above says RAD)
          const head = radName(j).length * fs * 0.75 + 10 <= cell ? radName(j) : String(j);
          return (
            <text
              key={`c${j}`}
              x={labelW + j * cell + cell / 2}
              y={headH - fs * 0.45}
              fontSize={fitFontSize(head, cell - 4, fs, Math.max(9, least), true)}
              fontWeight={700}
              textAnchor="middle"
            >
              {head}
            </text>
          );
        })}
        {matrix.cells.map((row, i) => (
          <g key={`r${i}`}>
            <text
              x={labelW - 8}
              y={headH + i * cell + cell / 2 + fs * 0.35}
              fontSize={fitFontSize(radName(i), labelW - fs * 2, fs, 9, true)}
              fontWeight={700}
              textAnchor="end"
            >
              {radName(i)}
            </text>
            {row.map((c) => {
              const fill = trafficFill(c.bytesPerS, matrix.maxBytesPerS, blank);
              const x = labelW + c.to * cell;
              const y = headH + c.from * cell;
              return (
                <g key={c.to} data-from={c.from} data-to={c.to} data-bytes={Math.round(c.bytesPerS)}>
                  <rect x={x + 1} y={y + 1} width={cell - 2} height={cell - 2} fill={fill} stroke={t.grid} strokeWidth={1} />
                  {c.local && (
                    <rect
                      x={x + 2.5}
                      y={y + 2.5}
                      width={cell - 5}
                      height={cell - 5}
                      fill="none"
                      stroke={t.text}
                      strokeWidth={t.strokeWidth + 0.5}
                    />
                  )}
                  <text
                    x={x + cell / 2}
                    y={y + cell / 2 + cellFont * 0.35}
                    fontSize={cellFont}
                    fontWeight={700}
                    textAnchor="middle"
                    style={{ fill: c.bytesPerS > 0 ? trafficText(fill) : t.muted }}
                  >
                    {valueText(c.bytesPerS)}
                  </text>
                </g>
              );
            })}
          </g>
        ))}
        <rect x={labelW} y={keyY} width={keyW} height={fs * 0.9} fill={`url(#${gradient})`} stroke={t.axis} strokeWidth={1} />
        <text x={labelW} y={keyY + fs * 2.1} fontSize={t.smallSize}>
          0
        </text>
        <text x={labelW + keyW} y={keyY + fs * 2.1} fontSize={t.smallSize} textAnchor="end">
          {formatBytesRate(matrix.maxBytesPerS)}
        </text>
      </svg>
    </ViewFrame>
  );
}
