/*
 * MonitorModes.tsx -- the MONITOR MODES display in the source's layout (004, slide 39):
 * a "TIME IN PROCESSOR MODES" header, "Combined for N CPUs" over a 0..N x 100 scale
 * with quarter ticks, and one bar per row from Interrupt State to Idle Time with its
 * value beside it. Buttons switch between all CPUs and one RAD's CPUs (a machine of
 * several RADs), as MONITOR MODES /CPU=(0,1,2,3) would. Executive and Supervisor Mode
 * are not modelled and say so in a footnote.
 */
import { useId, useState } from 'react';
import { scaleLinear } from 'd3';
import type { Report } from '../../core/report.js';
import type { Snapshot } from '../../core/snapshot.js';
import { leastWordSize, themeTokens, type Theme } from '../palette.js';
import { formatCount, formatNs, formatPct, plural } from '../format.js';
import { innerWidth, ViewFrame } from '../common/ViewFrame.js';
import { Legend, ModeSwatch } from '../common/Legend.js';
import { ModeRect, PatternDefs } from '../common/marks.js';
import { numaLayout } from '../numa-data.js';
import '../numa-topology/numa.css';
import {
  combinedLine,
  monitorScopes,
  monitorSummary,
  monitorTable,
  NOT_MODELLED_NOTE,
  NOT_MODELLED_SHORT,
  scopeLabel,
  type MonitorScope,
} from './model.js';

export interface MonitorModesProps {
  snapshot: Snapshot;
  /** The newest report: which CPU is in which RAD (report.numa.rad_of_cpu). */
  report?: Report;
  theme?: Theme;
  /** Width of the whole view in CSS px (default 720). */
  width?: number;
  /** The most height the display's drawing may take, in px (the presenter's stage): its rows close up to fit it, to 1.4 em. */
  height?: number;
  /**
   * On the presenter's stage, where it has less room: no legend (each bar is named by its
   * row, the scale's line says what a value is, and the footnote what else the legend
   * adds: fork threads in Interrupt State, context switches in Kernel Mode), a shorter
   * footnote, and the RAD buttons say "RAD 1" where "RAD 1 (CPUs 4–7)" would take a
   * second line.
   */
  stage?: boolean;
  /** schema.modes, the order of each CPU's modeNs (default palette.MODES). */
  modeNames?: readonly string[];
  /** The scope shown first (default all CPUs). */
  initialScope?: MonitorScope;
  title?: string;
}

const HEAD = 'TIME IN PROCESSOR MODES';

export function MonitorModes(props: MonitorModesProps) {
  const { snapshot, theme } = props;
  const t = themeTokens(theme);
  const patterns = useId();
  const width = props.width ?? 720;
  const innerW = innerWidth(width);
  const layout = numaLayout(props.report, snapshot.cpus.length);
  const scopes = monitorScopes(layout);
  const [chosen, setChosen] = useState<MonitorScope>(props.initialScope ?? 'all');
  const scope = scopes.includes(chosen) ? chosen : 'all';
  const table = monitorTable(snapshot, layout, scope, props.modeNames);
  // a button's words, its padding and border, and the gap after it (erring wide); "Show:" first
  const toolbarW = (short: boolean) =>
    scopes.reduce((sum: number, s) => sum + scopeLabel(s, layout, short).length * t.fontSize * 0.6 + 40, t.fontSize * 4);
  const shortScopes = !!props.stage && toolbarW(false) > innerWidth(props.width ?? 720);

  const fs = t.fontSize;
  const mono = fs * 0.61; // width of one monospace character
  const labelW = Math.round(mono * 19);
  const valueW = Math.round(mono * 6);
  // room on the right for half the full-scale label, centred on the scale's end
  const endRoom = Math.max(Math.round(fs * 1.2), (formatCount(table.scaleMax).length * t.smallSize * 0.62) / 2 + 2);
  // in a narrow frame (a phone, a docs column) each row's name and value take a line over its bar
  const stacked = innerW - (labelW + valueW + Math.round(fs * 0.8)) - endRoom < 120;
  const labelH = stacked ? Math.round(fs * 1.3) : 0;
  const barX = stacked ? Math.round(t.smallSize * 0.4) : labelW + valueW + Math.round(fs * 0.8);
  const barW = Math.max(stacked ? 60 : 120, innerW - barX - endRoom);
  const fullRow = Math.round(fs * 1.9) + labelH;
  const headH = Math.round(fs * 3.4);
  const combined = combinedLine(table);
  // MONITOR prints it on the scale's line; where it would touch the first tick, on its own line above
  const ownLine = combined.length * mono > barX - 8 - t.smallSize;
  const combinedY = headH + Math.round(fs * 1.6);
  const scaleY = combinedY + (ownLine ? Math.round(fs * 1.5) : 0);
  const top = scaleY + Math.round(fs * 0.9);
  // given a height (the presenter's stage), the rows close up to fit it, to 1.4 em (a terminal's lines are closer)
  const rowH =
    props.height !== undefined
      ? Math.max(Math.round(fs * 1.4) + labelH, Math.min(fullRow, Math.floor((props.height - top - fs * 1.2) / table.rows.length)))
      : fullRow;
  const x = scaleLinear()
    .domain([0, Math.max(1, table.scaleMax)])
    .range([barX, barX + barW]);
  const tickLabelW = formatCount(table.scaleMax).length * t.smallSize * 0.62 + 10;
  const ticks = table.ticks.filter(
    (_, i, all) => barW / 4 >= tickLabelW || (barW / 2 >= tickLabelW ? i % 2 === 0 : i === 0 || i === all.length - 1),
  );
  const bottom = top + table.rows.length * rowH;
  const height = bottom + Math.round(fs * 1.2);
  const barH = Math.round((rowH - labelH) * 0.62);
  const spin = table.rows.find((r) => r.id === 'mpsynch')!.value;
  // the header beside the CUR box, as MONITOR has it
  const headX = Math.round(mono * 6 + fs * 1.2);
  const headRoom = innerW - headX;
  // shortened, from its end, where the whole line would be drawn under the theme's least size
  const least = leastWordSize(t);
  // the time its figures cover: this run's so far, or (the presenter) the full run's window, never the live clock beside the full run's numbers
  const nodeWords = snapshot.measuredBy
    ? [`on node STACKLAB, the full run (over ${formatNs(table.windowNs)})`, `on node STACKLAB, the full run`, 'the full run']
    : [
        `on node STACKLAB, ${formatNs(snapshot.nowNs)} simulated (over ${formatNs(table.windowNs)})`,
        `on node STACKLAB, ${formatNs(snapshot.nowNs)} simulated`,
        `${formatNs(snapshot.nowNs)} simulated`,
      ];
  const node = nodeWords.find((words) => monoFit(words, headRoom, t.smallSize) >= least) ?? nodeWords[nodeWords.length - 1]!;

  const headline = (
    <span data-mpsynch={Math.round(spin)}>
      MP Synchronization <strong>{formatCount(spin)}</strong>
      <span className="slv-muted"> of {formatCount(table.scaleMax)}</span>
    </span>
  );

  return (
    <ViewFrame
      view="monitor-modes"
      theme={theme}
      width={width}
      title={props.title ?? 'MONITOR MODES'}
      headline={headline}
      summary={monitorSummary(table)}
      // on the stage each bar is named by its row and the footnote says what the legend would
      legend={
        props.stage ? undefined : (
          <Legend
            label="How to read MONITOR MODES"
            items={[
              { key: 'mpsynch', label: 'MP Synchronization: hatched', swatch: <ModeSwatch mode="spin" theme={theme} /> },
              {
                key: 'interrupt',
                label: 'Interrupt State (interrupts and IPL 8 fork threads): dotted',
                swatch: <ModeSwatch mode="interrupt" theme={theme} />,
              },
              { key: 'kernel', label: 'Kernel Mode (includes context switches)', swatch: <ModeSwatch mode="kernel" theme={theme} /> },
              {
                key: 'scale',
                label: `Each value: percent of one CPU, summed over ${plural(table.cpus.length, 'CPU')} (full scale ${formatCount(table.scaleMax)})`,
                swatch: <ModeSwatch mode="user" theme={theme} />,
              },
            ]}
          />
        )
      }
      table={{
        caption: `Time in processor modes, ${combinedLine(table).toLowerCase()} (0 to ${formatCount(table.scaleMax)})`,
        columns: ['Mode', 'Value', 'Share of the CPUs'],
        rows: table.rows.map((r) => [
          r.label,
          r.modelled ? formatCount(r.value) : '0 (not modelled)',
          formatPct(table.scaleMax > 0 ? (100 * r.value) / table.scaleMax : 0),
        ]),
      }}
    >
      {scopes.length > 1 && (
        <div className="slv-toolbar" role="group" aria-label="CPUs shown in MONITOR MODES">
          <span className="slv-muted">Show:</span>
          {scopes.map((s) => (
            <button
              key={String(s)}
              type="button"
              className="slv-button slv-choice"
              aria-pressed={s === scope}
              aria-label={shortScopes ? scopeLabel(s, layout) : undefined}
              data-scope={String(s)}
              onClick={() => setChosen(s)}
            >
              {scopeLabel(s, layout, shortScopes)}
            </button>
          ))}
        </div>
      )}
      <svg width={innerW} height={height} aria-hidden="true" data-monitor-scope={String(scope)} style={{ fontFamily: t.monoFamily }}>
        <PatternDefs prefix={patterns} theme={theme} />
        {/* MONITOR's header: the CUR box, the display's name, the node and the time */}
        <rect x={1} y={2} width={mono * 6} height={headH - 8} fill="none" stroke={t.text} strokeWidth={1.5} />
        <text
          x={1 + mono * 3}
          y={headH / 2 + fs * 0.3}
          fontSize={fs}
          fontWeight={700}
          textAnchor="middle"
          style={{ fontFamily: t.monoFamily }}
        >
          CUR
        </text>
        <text x={headX} y={fs * 1.1} fontSize={monoFit(HEAD, headRoom, fs)} fontWeight={700} style={{ fontFamily: t.monoFamily }}>
          {HEAD}
        </text>
        <text x={headX} y={fs * 2.5} fontSize={monoFit(node, headRoom, t.smallSize)} style={{ fontFamily: t.monoFamily, fill: t.muted }}>
          {node}
        </text>
        <text x={0} y={combinedY} fontSize={fs} fontWeight={700} style={{ fontFamily: t.monoFamily }}>
          {combined}
        </text>
        {ticks.map((v) => (
          <g key={v}>
            <text x={x(v)} y={scaleY} fontSize={t.smallSize} textAnchor="middle" style={{ fontFamily: t.monoFamily }}>
              {formatCount(v)}
            </text>
            <line x1={x(v)} x2={x(v)} y1={top - 4} y2={bottom + 4} stroke={t.grid} strokeDasharray="3 4" />
          </g>
        ))}
        {/* MONITOR's "+ - - - - +" rules above and below the bars */}
        <line x1={barX} x2={barX + barW} y1={top} y2={top} stroke={t.axis} strokeDasharray="6 6" strokeWidth={1.5} />
        <line x1={barX} x2={barX + barW} y1={bottom} y2={bottom} stroke={t.axis} strokeDasharray="6 6" strokeWidth={1.5} />
        <line x1={barX} x2={barX} y1={top} y2={bottom} stroke={t.axis} strokeWidth={2} />
        {table.rows.map((row, i) => {
          const cy = top + i * rowH + labelH + (rowH - labelH) / 2;
          const textY = stacked ? top + i * rowH + fs * 0.95 : cy + fs * 0.35;
          const emphasise = row.id === 'mpsynch';
          return (
            <g key={row.id} data-row={row.id} data-value={Math.round(row.value)}>
              <text
                x={stacked ? barX + 4 : 0}
                y={textY}
                fontSize={fs}
                fontWeight={emphasise ? 800 : 500}
                style={{ fontFamily: t.monoFamily, fill: row.modelled ? t.text : t.muted }}
              >
                {row.label}
              </text>
              <text
                x={stacked ? innerW : labelW + valueW}
                y={textY}
                fontSize={fs}
                fontWeight={700}
                textAnchor="end"
                style={{ fontFamily: t.monoFamily, fill: row.modelled ? t.text : t.muted }}
              >
                {formatCount(row.value)}
                {row.modelled ? '' : '*'}
              </text>
              {row.colour ? (
                <ModeRect
                  mode={row.colour}
                  x={barX + 1}
                  y={cy - barH / 2}
                  width={Math.max(0, x(row.value) - barX - 1)}
                  height={barH}
                  theme={theme}
                  patterns={patterns}
                />
              ) : (
                <text x={barX + 10} y={cy + t.smallSize * 0.35} fontSize={t.smallSize} style={{ fill: t.muted }}>
                  not modelled *
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <p className="slv-muted" style={{ margin: '4px 0 0', fontSize: 'var(--slv-fs-small)', maxWidth: '75ch' }} data-footnote="">
        {props.stage
          ? `* ${NOT_MODELLED_SHORT} Interrupt State includes fork threads; Kernel Mode, context switches.`
          : `* ${NOT_MODELLED_NOTE} Interrupt State includes IPL 8 fork threads; Kernel Mode includes context switches.`}
      </p>
    </ViewFrame>
  );
}

/** The largest size up to max at which a monospace text fits the width (a glyph is 0.62 em at most). */
function monoFit(text: string, width: number, max: number): number {
  return Math.min(max, width / Math.max(1, text.length * 0.62));
}
