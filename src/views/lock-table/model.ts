/*
 * model.ts (lock-table) -- the lock table of the Scalable Kernel paper (hold % all
 * locks, spin % all locks, locks per second, and the hold time of the one lock it gives
 * a row: I/O lock 8) for runs of the model, live from a snapshot or from finished
 * reports, beside the published figures (KernelInfo.paperLockTable).
 */
import type { Report } from '../../core/report.js';
import type { Snapshot } from '../../core/snapshot.js';
import { formatCount, formatNs, formatPct, formatRate, pctOf, plural } from '../format.js';
import type { SeriesName } from '../palette.js';
import { lockInfo } from '../lock/model.js';
import { soFar } from '../snapshot-data.js';
import { capitalised, KERNELS, kernelInfo } from '../../kernels/index.js';
import type { PaperLockColumn } from '../../kernels/types.js';

/** Columns in the registry's order (the classic kernel first). */
const order = (kernel: string) => KERNELS.findIndex((k) => k.name === kernel);

/** The paper's published columns (KernelInfo.paperLockTable: the 16-CPU GS160 testbed), in the registry's order. */
export const PUBLISHED: readonly { kernel: string; column: PaperLockColumn }[] = KERNELS.flatMap((k) =>
  k.paperLockTable ? [{ kernel: k.name, column: k.paperLockTable }] : [],
);

/** The one lock the published table gives a row of its own (PaperLockColumn.lock: I/O lock 8), if any kernel publishes one. */
export const PAPER_LOCK: string | undefined = PUBLISHED[0]?.column.lock.name;

export const SOURCE_CITATION =
  'R. Rappaport, Y. Pouffary, S. Lieman and M. J. Marotta (HP), ' +
  'the OpenVMS TCP/IP Scalable Kernel paper: 16-CPU GS160 Wildfire testbed';

export interface LockFigures {
  hold: number;
  spin: number;
  locksPerS: number;
  /** The hold time (%) of the paper's lock (PAPER_LOCK), 0 where the run has none. */
  lockHold: number;
  perLock: { name: string; hold: number; spin: number; perS: number }[];
}

export interface LockTableColumn {
  key: string;
  heading: string;
  detail: string;
  /** The kernel that ran (its name in the registry). */
  source: string;
  /** The series style its bars are drawn in (its kernel's KernelInfo.series). */
  series: SeriesName;
  figures: LockFigures;
  live: boolean;
  /** Whether the run has measured anything yet: during its warm-up the window is empty and its figures are not zeros but unknown. */
  measured: boolean;
}

/** The column's detail while the run is still in its warm-up, before statistics start. */
const WARMING_UP = 'warming up: no figures until the warm-up ends';

/** The series style a run's column is drawn in (KernelInfo.series). */
function kernelOf(name: string): SeriesName {
  return kernelInfo(name).series;
}

function cpusOf(report: Report): number {
  return Number((report.scenario as { machine?: { cpus?: number } }).machine?.cpus ?? report.cpus.length);
}

export function figuresFromReport(report: Report): LockFigures {
  return {
    hold: report.hold_pct_all_locks,
    spin: report.spin_pct_all_locks,
    locksPerS: report.locks_per_s,
    lockHold: report.locks.find((l) => l.name === PAPER_LOCK)?.hold_pct ?? 0,
    perLock: report.locks.map((l) => ({ name: l.name, hold: l.hold_pct, spin: l.spin_pct, perS: l.acquisitions_per_s })),
  };
}

/** The same figures, live, as metrics.c defines them (hold: share of the window; spin: share of the machine). */
export function figuresFromSnapshot(snapshot: Snapshot): LockFigures {
  const w = snapshot.windowNs;
  const machine = w * snapshot.cpus.length;
  const perLock = snapshot.locks.map((l) => ({
    name: l.name,
    hold: Math.min(100, pctOf(l.holdNs, w)),
    spin: pctOf(l.spinNs, machine),
    perS: w > 0 ? l.acquisitions / (w / 1e9) : 0,
  }));
  return {
    hold: perLock.reduce((s, l) => s + l.hold, 0),
    spin: perLock.reduce((s, l) => s + l.spin, 0),
    locksPerS: perLock.reduce((s, l) => s + l.perS, 0),
    lockHold: perLock.find((l) => l.name === PAPER_LOCK)?.hold ?? 0,
    perLock,
  };
}

function kernelTitle(kernel: string): string {
  return capitalised(kernelInfo(kernel).title);
}

/** The paper's table is about the two OpenVMS TCP/IP kernels: its figures stand beside theirs only. */
export function comparesWithPaper(columns: readonly LockTableColumn[]): boolean {
  return columns.length > 0 && columns.every((c) => kernelInfo(c.source).paperLockTable !== undefined);
}

/** The measures that mean something for these runs: the paper's lock's hold time only where a run has that lock. */
export function measuresFor(columns: readonly LockTableColumn[]): readonly (typeof MEASURES)[number][] {
  const hasLock = columns.some((c) => c.figures.perLock.some((l) => l.name === PAPER_LOCK));
  return MEASURES.filter((m) => m.key !== 'lockHold' || hasLock);
}

export function columnFromReport(report: Report, index = 0): LockTableColumn {
  const kernel = kernelOf(report.kernel);
  return {
    key: `report-${index}-${report.kernel}`,
    heading: `${kernelTitle(report.kernel)} (model)`,
    detail: `${plural(cpusOf(report), 'CPU')}, ${report.window_ns > 0 ? `${formatNs(report.window_ns)} measured` : WARMING_UP}`,
    source: report.kernel,
    series: kernel,
    figures: figuresFromReport(report),
    live: false,
    measured: report.window_ns > 0,
  };
}

export function columnFromSnapshot(snapshot: Snapshot): LockTableColumn {
  return {
    key: `live-${snapshot.kernel}`,
    heading: `${kernelTitle(snapshot.kernel)} (model, live)`,
    detail: `${plural(snapshot.cpus.length, 'CPU')}, ${snapshot.windowNs > 0 ? `${formatNs(snapshot.windowNs)} ${soFar(snapshot)}` : WARMING_UP}`,
    source: snapshot.kernel,
    series: kernelOf(snapshot.kernel),
    figures: figuresFromSnapshot(snapshot),
    live: true,
    measured: snapshot.windowNs > 0,
  };
}

/** Columns for the runs: the reports (classic first), else the report, else the live snapshot. */
export function lockTableColumns(args: { snapshot?: Snapshot; report?: Report; reports?: readonly Report[] }): LockTableColumn[] {
  const reports = args.reports && args.reports.length > 0 ? [...args.reports] : args.report ? [args.report] : [];
  if (reports.length > 0) {
    return reports.map((r, i) => columnFromReport(r, i)).sort((a, b) => order(a.source) - order(b.source));
  }
  return args.snapshot ? [columnFromSnapshot(args.snapshot)] : [];
}

export type MeasureKey = 'hold' | 'spin' | 'locksPerS' | 'lockHold';

export const MEASURES: readonly { key: MeasureKey; label: string; unit: string }[] = [
  { key: 'hold', label: 'Hold % all locks', unit: '% of the time, summed over locks (several held at once pass 100%)' },
  { key: 'spin', label: 'Spin % all locks', unit: '% of all CPU time' },
  { key: 'locksPerS', label: 'Locks per second', unit: 'acquisitions of all locks' },
  ...(PAPER_LOCK ? [{ key: 'lockHold' as const, label: `${lockInfo(PAPER_LOCK).label} hold time`, unit: '% of the time held' }] : []),
];

/** A published column's figure for a measure. */
export function publishedValue(column: PaperLockColumn, key: MeasureKey): number {
  return key === 'lockHold' ? column.lock.hold : column[key];
}

export function formatMeasure(key: MeasureKey, value: number): string {
  return key === 'locksPerS' ? formatCount(value) : formatPct(value);
}

export function lockTableSummary(columns: readonly LockTableColumn[], showPublished = true): string {
  const parts = columns.map((c) =>
    c.measured
      ? `${c.heading}, ${c.detail}: ` +
        measuresFor(columns)
          .map((m) => `${m.label.toLowerCase()} ${formatMeasure(m.key, c.figures[m.key])}`)
          .join(', ') +
        '.'
      : `${c.heading}, ${c.detail}.`,
  );
  const published = showPublished
    ? ` Published for the GS160: ${PUBLISHED.map(
        ({ column: p }) =>
          `${p.paperName} ${p.hold}% hold, ${p.spin}% spin, ` +
          `${formatCount(p.locksPerS)} locks per second, ${lockInfo(p.lock.name).label} ${p.lock.text}`,
      ).join('; ')}.`
    : '';
  return `Lock table. ${parts.join(' ')}${published}`;
}

export function perLockText(l: LockFigures['perLock'][number]): string {
  return `${lockInfo(l.name).label}: hold ${formatPct(l.hold)}, spin ${formatPct(l.spin)}, ${formatRate(l.perS)}`;
}

/** The locks some run took, in the kernels' order (a lock no run took is only counted). */
export function locksListed(columns: readonly LockTableColumn[]): string[] {
  const names: string[] = [];
  for (const c of columns) for (const l of c.figures.perLock) if (!names.includes(l.name) && (l.perS > 0 || l.hold > 0)) names.push(l.name);
  return names;
}

/** How many of the kernels' locks no run took. */
export function locksUnused(columns: readonly LockTableColumn[]): number {
  // during the warm-up nothing is measured: no lock can be said to be unused yet
  if (!columns.some((c) => c.measured)) return 0;
  const all = new Set(columns.flatMap((c) => c.figures.perLock.map((l) => l.name)));
  return all.size - locksListed(columns).length;
}
