/*
 * LockTable.tsx -- the paper's lock table (hold % all locks, spin % all locks, locks
 * per second, I/O lock 8 hold time) for this run, or for both kernels side by side
 * when two reports are given, beside the published GS160 figures; per-lock detail
 * below. An HTML table: readable by screen readers as it is.
 */
import type { Report } from '../../core/report.js';
import type { Snapshot } from '../../core/snapshot.js';
import { themeTokens, type SeriesName, type Theme } from '../palette.js';
import { formatPct, formatRate } from '../format.js';
import { ViewFrame } from '../common/ViewFrame.js';
import { Legend, SeriesSwatch } from '../common/Legend.js';
import { lockInfo } from '../lock/model.js';
import {
  comparesWithPaper,
  formatMeasure,
  publishedValue,
  lockTableColumns,
  lockTableSummary,
  locksListed,
  locksUnused,
  measuresFor,
  PUBLISHED,
  SOURCE_CITATION,
  type LockTableColumn,
  type MeasureKey,
} from './model.js';
import { capitalised, kernelInfo } from '../../kernels/index.js';

export interface LockTableProps {
  /** The live run (used when no report is given). */
  snapshot?: Snapshot;
  /** The finished run's report. */
  report?: Report;
  /** One or two finished runs (classic and scalable) to show side by side; wins over report. */
  reports?: readonly Report[];
  /** Show the paper's published figures (default: when every run is an OpenVMS TCP/IP kernel, the paper's subject). */
  showPublished?: boolean;
  theme?: Theme;
  /** Width of the whole view in CSS px (default 720). */
  width?: number;
  title?: string;
}

/** Scale of the little bars: percentages on 0..100, locks/s on the largest value shown. */
function barFraction(key: MeasureKey, value: number, maxLocks: number): number {
  if (key === 'locksPerS') return maxLocks > 0 ? value / maxLocks : 0;
  return Math.min(1, value / 100);
}

export function LockTable(props: LockTableProps) {
  const { theme } = props;
  const t = themeTokens(theme);
  const columns = lockTableColumns(props);
  const showPublished = (props.showPublished ?? true) && comparesWithPaper(columns);
  const measures = measuresFor(columns);
  const unused = locksUnused(columns);
  // the paper's columns, each in its kernel's colours (KernelInfo.series)
  const published = showPublished
    ? PUBLISHED.map(({ kernel, column }) => ({
        series: kernelInfo(kernel).series,
        name: kernel,
        column,
        heading: `Paper: ${column.paperName}`,
      }))
    : [];
  const maxLocks = Math.max(...columns.map((c) => c.figures.locksPerS), ...published.map((p) => p.column.locksPerS));
  /** A frame too narrow for the usual padding (a phone, a docs column). */
  const narrow = (props.width ?? 720) < 480;
  /** Whether the table may be wider than the frame: about 200 px a column. */
  const mayScroll = (props.width ?? 720) < 200 * (1 + columns.length + published.length);
  const lockNames = locksListed(columns);
  const bar = (series: SeriesName, fraction: number, muted = false) => (
    <span
      className="slv-bar"
      aria-hidden="true"
      style={{
        width: `${Math.max(2, Math.round(fraction * 100))}%`,
        background: muted ? 'transparent' : t.series[series].colour,
        border: muted ? `2px solid ${t.series[series].colour}` : undefined,
        boxSizing: 'border-box',
      }}
    />
  );

  return (
    <ViewFrame
      view="lock-table"
      theme={theme}
      width={props.width ?? 720}
      title={props.title ?? 'Lock table'}
      summary={() => lockTableSummary(columns, showPublished)}
      legend={
        showPublished ? (
          <Legend
            label="Lock table legend"
            items={published.map((p, i) => ({
              key: p.name,
              label: `${kernelInfo(p.name).seriesLabel ?? capitalised(kernelInfo(p.name).title)}${i === 0 ? ': filled bars this model, outlined the paper' : ''}`,
              swatch: <SeriesSwatch series={p.series} theme={theme} />,
            }))}
          />
        ) : (
          <Legend
            label="Lock table legend"
            items={columns.map((c) => ({
              key: c.key,
              label: `${c.heading}: filled bars`,
              swatch: <SeriesSwatch series={c.series} theme={theme} />,
            }))}
          />
        )
      }
    >
      {columns.length === 0 && <p>No run yet.</p>}
      {columns.length > 0 && (
        // a frame too narrow for the columns scrolls the table sideways, not the page; where
        // it may, the region takes focus, so the keyboard can scroll it too
        <div
          className="slv-table-scroll"
          {...(mayScroll ? { role: 'region', 'aria-label': 'Lock table, scrolls sideways', tabIndex: 0 } : {})}
        >
          <table className={`slv-locktable${narrow ? ' slv-locktable-narrow' : ''}`}>
            <caption>
              {showPublished ? (
                <>Model figures over the measured window; published figures from {SOURCE_CITATION}.</>
              ) : (
                <>
                  Model figures over the measured window. The published lock table is the OpenVMS TCP/IP paper&apos;s, about other kernels,
                  so it is not shown beside this run.
                </>
              )}
              {/* where the model parts from a published column, and why (KernelInfo.paperLockTable.modelNote) */}
              {[...new Set(columns.map((c) => kernelInfo(c.source).paperLockTable?.modelNote))]
                .filter(Boolean)
                .map((note) => ` ${note}`)
                .join('')}
            </caption>
            <thead>
              <tr>
                <th scope="col">Measure</th>
                {columns.map((c) => (
                  <th scope="col" key={c.key}>
                    {c.heading}
                    <span className="slv-note">{c.detail}</span>
                  </th>
                ))}
                {published.map((p, i) => (
                  <th scope="col" key={p.name} className={`slv-published${i === 0 ? ' slv-first-published' : ''}`}>
                    {p.heading}
                    <span className="slv-note">16-CPU GS160</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {measures.map((m) => (
                <tr key={m.key} data-measure={m.key}>
                  <th scope="row">
                    {m.label}
                    <span className="slv-note">{m.unit}</span>
                  </th>
                  {columns.map((c) => (
                    <td key={c.key} className="slv-num">
                      {c.measured ? (
                        <>
                          {formatMeasure(m.key, c.figures[m.key])}
                          {bar(c.series, barFraction(m.key, c.figures[m.key], maxLocks))}
                        </>
                      ) : (
                        <span className="slv-muted" title="The run is still in its warm-up: nothing is measured yet">
                          —
                        </span>
                      )}
                    </td>
                  ))}
                  {published.map((p, i) => (
                    <td key={p.heading} className={`slv-num slv-published${i === 0 ? ' slv-first-published' : ''}`}>
                      {m.key === 'lockHold' ? p.column.lock.text : formatMeasure(m.key, publishedValue(p.column, m.key))}
                      {p.column.notes?.[m.key] && <span className="slv-note">{p.column.notes[m.key]}</span>}
                      {bar(p.series, barFraction(m.key, publishedValue(p.column, m.key), maxLocks), true)}
                    </td>
                  ))}
                </tr>
              ))}
              <tr className="slv-group">
                <th colSpan={1 + columns.length + published.length} scope="colgroup">
                  {showPublished ? 'Per lock (model only; the paper gives all locks)' : 'Per lock'}
                </th>
              </tr>
              {lockNames.map((name) => (
                <tr key={name} data-lock={name}>
                  <th scope="row">
                    {lockInfo(name).label}
                    <span className="slv-note">{name}</span>
                  </th>
                  {columns.map((c) => (
                    <PerLockCell key={c.key} column={c} name={name} />
                  ))}
                  {published.map((p, i) => (
                    <td key={p.heading} className={`slv-published slv-perlock${i === 0 ? ' slv-first-published' : ''}`}>
                      {name === p.column.lock.name ? `hold ${p.column.lock.text}` : '—'}
                    </td>
                  ))}
                </tr>
              ))}
              {unused > 0 && (
                <tr className="slv-muted-row">
                  <td colSpan={1 + columns.length + published.length} className="slv-muted">
                    {unused === 1 ? 'One more lock was' : `${unused} more locks were`} not taken in{' '}
                    {columns.length === 1 ? 'this run' : 'these runs'}.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
    </ViewFrame>
  );
}

function PerLockCell({ column, name }: { column: LockTableColumn; name: string }) {
  const l = column.figures.perLock.find((x) => x.name === name);
  if (!l || !column.measured) return <td>—</td>;
  if (l.perS === 0 && l.hold === 0) return <td className="slv-muted">not used</td>;
  return (
    <td className="slv-perlock">
      <span>hold {formatPct(l.hold)}</span> · <span>spin {formatPct(l.spin)}</span>
      <br />
      {formatRate(l.perS)}
    </td>
  );
}
