/*
 * ModeBars.tsx -- time in processor modes in the style of OpenVMS MONITOR MODES: one
 * row per mode (Interrupt State, MP Synchronization, Kernel Mode, ..., Idle Time),
 * combined for all CPUs on a 0..100 x CPUs scale, with the value printed beside each
 * bar. An optional second run (the other kernel, say) is drawn as outlined bars.
 */
import { useId } from 'react';
import { scaleLinear } from 'd3';
import type { Report } from '../../core/report.js';
import type { Snapshot } from '../../core/snapshot.js';
import { MONITOR_ORDER, modeInfo, modesFor, themeTokens, type ModeName, type Theme } from '../palette.js';
import { modeVocabulary } from '../../kernels/index.js';
import { formatCount, formatNs, plural } from '../format.js';
import { useTweened } from '../motion.js';
import { innerWidth, ViewFrame } from '../common/ViewFrame.js';
import { Legend, ModeSwatch, swatchSize } from '../common/Legend.js';
import { ModeRect, PatternDefs } from '../common/marks.js';
import { modeBarsFromReport, modeBarsFromSnapshot, modesSummary, modeTicks, type ModeBars as ModeBarsData } from './model.js';

export interface ModeBarsProps {
  snapshot: Snapshot;
  /** The finished run's report; used instead of the snapshot when from = 'report'. */
  report?: Report;
  /** Where the figures come from (default 'snapshot': live, over the window so far). */
  from?: 'snapshot' | 'report';
  /** Another run to compare with (outlined bars), e.g. the other kernel's report. */
  compare?: { label: string; report: Report };
  theme?: Theme;
  /** Width of the whole view in CSS px (default 720). */
  width?: number;
  /** The most height its bars' drawing may take, in px (the presenter's stage); by default as tall as its rows want. */
  height?: number;
  /** schema.modes, the order of each CPU's modeNs (default palette.MODES). */
  modeNames?: readonly string[];
  title?: string;
}

export function ModeBars(props: ModeBarsProps) {
  const { theme } = props;
  const t = themeTokens(theme);
  const patterns = useId();
  const width = props.width ?? 720;
  const innerW = innerWidth(width);
  // OpenVMS runs read as MONITOR MODES; AIX, Linux and HP-UX runs in plain words, without
  // OpenVMS's IPL 8 fork-thread row (their kernels have no such mode).
  const vocabulary = modeVocabulary(props.from === 'report' && props.report ? props.report.kernel : props.snapshot.kernel);
  const words = (mode: ModeName) => modeInfo(mode, vocabulary);
  const shownModes = modesFor(vocabulary, MONITOR_ORDER);
  const ownRows = (data: ModeBarsData): ModeBarsData => ({ ...data, rows: data.rows.filter((r) => shownModes.includes(r.mode)) });
  const bars: ModeBarsData = ownRows(
    props.from === 'report' && props.report ? modeBarsFromReport(props.report) : modeBarsFromSnapshot(props.snapshot, props.modeNames),
  );
  const other = props.compare ? ownRows(modeBarsFromReport(props.compare.report)) : null;
  const shown = useTweened(bars.rows.map((r) => r.value));

  const fs = t.fontSize;
  const labelW = Math.round(fs * 11.5);
  const valueW = Math.round(fs * 3.6);
  const top = Math.round(fs * 3);
  const scaleMax = Math.max(bars.scaleMax, other?.scaleMax ?? 0);
  const tickLabelW = formatCount(scaleMax).length * t.smallSize * 0.62 + 10;
  // room on the right for half the full-scale label, centred on the bars' end
  const endRoom = Math.max(14, tickLabelW / 2);
  // in a narrow frame (a phone, a docs column) each mode's name and value take a line over its bar
  const stacked = innerW - (labelW + valueW + 10) - endRoom < 120;
  const labelH = stacked ? Math.round(fs * 1.3) : 0;
  // a row a bar (two with a comparison); given a height (the presenter's stage), rows close up to fit it, to 1.6 em (2 with two bars)
  const fullRow = Math.round(fs * (other ? 2.5 : 2.1)) + labelH;
  const rowH =
    props.height !== undefined
      ? Math.max(
          Math.round(fs * (other ? 2 : 1.6)) + labelH,
          Math.min(fullRow, Math.floor((props.height - top - fs * 1.8) / Math.max(1, bars.rows.length))),
        )
      : fullRow;
  const barX = stacked ? Math.round(t.smallSize * 0.4) : labelW + valueW + 10;
  const barW = Math.max(stacked ? 60 : 120, innerW - barX - endRoom);
  const x = scaleLinear()
    .domain([0, scaleMax])
    .range([barX, barX + barW]);
  // MONITOR's quarter ticks, thinned to halves or the ends where their labels would touch
  const ticks = modeTicks(scaleMax).filter(
    (_, i, all) => barW / 4 >= tickLabelW || (barW / 2 >= tickLabelW ? i % 2 === 0 : i === 0 || i === all.length - 1),
  );
  const height = top + bars.rows.length * rowH + fs * 1.8;
  const barRowH = rowH - labelH;
  const barH = Math.round(barRowH * (other ? 0.42 : 0.6));

  // the load frame (and any frame before the warm-up ends) has measured nothing: a dash, not 0
  const measured = bars.windowNs > 0;
  const headline = (
    <span>
      {words('spin').monitor} <strong>{measured ? formatCount(bars.rows.find((r) => r.mode === 'spin')!.value) : '–'}</strong>
      <span className="slv-muted">
        {' '}
        of {formatCount(bars.scaleMax)} ({plural(bars.cpus, 'CPU')} × 100%)
      </span>
    </span>
  );

  const legendItems = [
    ...bars.rows
      .filter((r) => words(r.mode).pattern !== 'none')
      .map((r) => ({
        key: r.mode,
        label: `${words(r.mode).monitor}: ${words(r.mode).pattern === 'hatch' ? 'hatched' : 'dotted'}`,
        swatch: <ModeSwatch mode={r.mode} theme={theme} />,
      })),
    {
      key: 'scale',
      label: `Each bar: percent of one CPU, summed over ${plural(bars.cpus, 'CPU')} (full scale ${formatCount(bars.scaleMax)})`,
      swatch: (
        <svg width={swatchSize(theme)} height={swatchSize(theme)}>
          <rect x={1} y={4} width={swatchSize(theme) - 2} height={swatchSize(theme) - 8} fill={t.modes.user} />
        </svg>
      ),
    },
    ...(other
      ? [
          {
            key: 'compare',
            label: props.compare!.label,
            swatch: (
              <svg width={swatchSize(theme)} height={swatchSize(theme)}>
                <rect
                  x={1.5}
                  y={4.5}
                  width={swatchSize(theme) - 3}
                  height={swatchSize(theme) - 9}
                  fill="none"
                  stroke={t.text}
                  strokeWidth={2}
                  strokeDasharray="4 2"
                />
              </svg>
            ),
          },
        ]
      : []),
  ];

  return (
    <ViewFrame
      view="modes"
      theme={theme}
      width={width}
      title={props.title ?? (vocabulary === 'openvms' ? 'Time in processor modes (MONITOR MODES)' : 'Time in processor modes')}
      headline={headline}
      summary={() => modesSummary(bars, vocabulary)}
      legend={<Legend label="How to read the bars" items={legendItems} />}
      table={{
        caption: `Time in processor modes, combined for ${plural(bars.cpus, 'CPU')} (0 to ${formatCount(bars.scaleMax)})`,
        columns: ['Mode', 'This run', ...(other ? [props.compare!.label] : [])],
        rows: bars.rows.map((r) => [
          words(r.mode).monitor,
          formatCount(r.value),
          ...(other ? [formatCount(other.rows.find((o) => o.mode === r.mode)?.value ?? 0)] : []),
        ]),
      }}
    >
      <svg width={innerW} height={height} aria-hidden="true" style={{ fontFamily: t.fontFamily }}>
        <PatternDefs prefix={patterns} theme={theme} />
        <text x={0} y={fs * 0.9} fontSize={t.smallSize} fontWeight={700}>
          Combined for {plural(bars.cpus, 'CPU')}
          <tspan fontWeight={400} style={{ fill: t.muted }}>
            {measured ? `, over ${formatNs(bars.windowNs)}` : ', nothing measured yet'}
          </tspan>
        </text>
        {ticks.map((v) => (
          <g key={v}>
            <line x1={x(v)} x2={x(v)} y1={top - 4} y2={top + bars.rows.length * rowH} stroke={t.grid} strokeDasharray="3 3" />
            <text x={x(v)} y={top - 8} fontSize={t.smallSize} textAnchor="middle">
              {formatCount(v)}
            </text>
            <text x={x(v)} y={top + bars.rows.length * rowH + fs * 1.3} fontSize={t.smallSize} textAnchor="middle">
              {formatCount(v)}
            </text>
          </g>
        ))}
        <line x1={barX} x2={barX} y1={top - 4} y2={top + bars.rows.length * rowH} stroke={t.axis} strokeWidth={1.5} />
        {bars.rows.map((row, i) => {
          const y = top + i * rowH + labelH;
          const cy = y + barRowH / 2;
          const textY = stacked ? y - labelH + fs * 0.95 : cy + fs * 0.35;
          const value = shown[i] ?? row.value;
          const cmp = other?.rows.find((o) => o.mode === row.mode);
          const emphasise = row.mode === 'spin';
          return (
            <g key={row.mode} data-mode={row.mode}>
              <text x={stacked ? barX + 4 : 0} y={textY} fontSize={fs} fontWeight={emphasise ? 800 : 500}>
                {words(row.mode).monitor}
              </text>
              <text x={stacked ? innerW : labelW + valueW} y={textY} fontSize={fs} fontWeight={700} textAnchor="end">
                {measured ? formatCount(row.value) : '–'}
              </text>
              <ModeRect
                mode={row.mode}
                x={barX}
                y={other ? y + barRowH * 0.08 : cy - barH / 2}
                width={x(value) - barX}
                height={barH}
                theme={theme}
                patterns={patterns}
              />
              {cmp && (
                <g>
                  <rect
                    x={barX}
                    y={y + barRowH * 0.08 + barH + 3}
                    width={Math.max(0, x(cmp.value) - barX)}
                    height={barH}
                    fill="none"
                    stroke={t.text}
                    strokeWidth={2}
                    strokeDasharray="4 2"
                  />
                  <text x={x(cmp.value) + 6} y={y + barRowH * 0.08 + barH * 2 + 3 - 2} fontSize={t.smallSize} style={{ fill: t.muted }}>
                    {formatCount(cmp.value)}
                  </text>
                </g>
              )}
            </g>
          );
        })}
      </svg>
    </ViewFrame>
  );
}
