/*
 * data.ts -- what the SNA Server/6000 views (herd, cache lines) read beyond the
 * snapshot: the report's scheduler, cache-line and miss-rate figures, the SNA kernel's
 * threads and locks in the source's words, and which run figures two runs are
 * compared by.
 *
 * The SNA kernel's threads are, in order: the Transaction Programs TP 0..S (S =
 * sna.sessions; TP S moves the measured 1 MB transfer), their Half Session kprocs
 * HS 0..S, then the two DLC kprocs (the sessions' link, the transfer's token ring),
 * so S follows from the thread count (2S + 4 threads).
 */
import type { LineReport, LockReport, Report, SchedulerReport } from '../../core/report.js';
import type { LockKind, Snapshot } from '../../core/snapshot.js';
import { formatNs, formatPct, formatRate } from '../../views/format.js';
import { mpsynch } from '../../views/snapshot-data.js';
import { kernelInfo } from '../index.js';

/** The scheduler's, the cache lines' and the locks' figures in the report (every kernel). */
export type SchedulerFigures = SchedulerReport;
export type LineFigures = LineReport;
export type LockExtraFigures = LockReport;

/** The report's fields these views read beyond the snapshot (core/report-types.ts has them all). */
export function reportExtras(report: Report): Report {
  return report;
}

/** A report covers the snapshot exactly when it was written at the same moment. */
export function reportMatches(report: Report | undefined, snapshot: Snapshot): report is Report {
  return !!report && report.window_ns === snapshot.windowNs && report.kernel === snapshot.kernel;
}

// ---- threads -------------------------------------------------------------------------

/** A thread's short name: "TP 12", "HS 12", "DLC 0" where its kernel names its threads (KernelInfo.threads); else "thread 12". */
export function threadName(snapshot: Snapshot, id: number): string {
  return kernelInfo(snapshot.kernel).threads?.name(snapshot.threads.length, id) ?? `thread ${id}`;
}

/** What a thread is, for text equivalents: "TP 150 (the measured transfer's Transaction Program)". */
export function threadWords(snapshot: Snapshot, id: number): string {
  return kernelInfo(snapshot.kernel).threads?.words(snapshot.threads.length, id) ?? `thread ${id}`;
}

// ---- locks ---------------------------------------------------------------------------

export interface SnaLockInfo {
  /** What it protects, in the source's words. */
  label: string;
}

/** The SNA kernel's locks (kernel_sna.c), what each protects. */
export function snaLockInfo(name: string): SnaLockInfo {
  const indexed = /^([a-z_]+)\[(.+)\]$/.exec(name);
  const base = indexed ? indexed[1]! : name;
  const i = indexed ? indexed[2]! : '';
  switch (base) {
    case 'hs_region':
      return { label: 'the Half Session region lock, around the whole HS path' };
    case 'session_table':
      return { label: 'the connection table lock' };
    case 'bucket':
      return { label: `the connection table's hash bucket ${i} lock` };
    case 'session':
      return { label: `session data lock ${i} (the sessions hash onto 16)` };
    case 'snaipcm_hash':
      return { label: 'the MBUF_SNAIPCM hash table lock' };
    case 'xmalloc_heap':
      return { label: 'the kernel heap lock (xmalloc)' };
    case 'pool':
      return { label: `CPU ${i}'s memory pool lock` };
    case 'dlc':
      return { label: i === 'transfer' ? "the DLC lock of the transfer's token ring" : "the DLC lock of the sessions' link" };
    default:
      return { label: '' };
  }
}

/** How a lock of this kind makes its waiters wait. */
export const LOCK_KIND_WORDS: Readonly<Record<LockKind, { short: string; long: string }>> = {
  wake_all: { short: 'lockl, wake all', long: 'a blocking lockl(): a release wakes every sleeper' },
  handoff: { short: 'hand-off', long: 'a blocking lock that hands itself to the longest sleeper on release' },
  wake_one: {
    short: 'wake one, lock left free',
    long: 'a blocking lock (a futex mutex) that wakes one sleeper on release (in the model the longest) and leaves itself free, so a running thread may take it first',
  },
  spin: { short: 'simple (spin) lock', long: 'a simple lock: waiters spin on their CPUs and nobody sleeps' },
};

// ---- the figures two runs are compared by ----------------------------------------------

export interface RunFigures {
  contextSwitchesPerS: number;
  futileWakeupsPerS: number;
  /** Misses as a share of all lock attempts (every lock), NaN when unknown. */
  missRatePct: number;
  /** MP synchronization: spinning, % of all CPU time. */
  spinPct: number;
  /** Mean response of the measured transfer in ns, NaN when none finished. */
  transferResponseNs: number;
  /** The measured transfer's bytes per second. */
  transferBytesPerS: number;
}

/** A finished (or live) run's figures from its report. */
export function runFiguresFromReport(report: Report): RunFigures {
  const x = reportExtras(report);
  const sna = report.sna;
  return {
    contextSwitchesPerS: x.scheduler?.context_switches_per_s ?? NaN,
    futileWakeupsPerS: x.scheduler?.futile_wakeups_per_s ?? NaN,
    missRatePct: x.lock_miss_rate_pct ?? NaN,
    spinPct: report.mpsynch_pct,
    transferResponseNs: sna && sna.transfers_completed > 0 ? sna.transfer_response_ns : NaN,
    transferBytesPerS: sna?.transfer_bytes_per_s ?? NaN,
  };
}

/**
 * The live run's figures: counts from the snapshot (exact at this instant), what only
 * the report has (miss rate, the transfer) from the newest report when there is one.
 */
export function runFiguresLive(snapshot: Snapshot, report?: Report, modeNames?: readonly string[]): RunFigures {
  const secs = snapshot.windowNs / 1e9;
  const fromReport = report && report.kernel === snapshot.kernel ? runFiguresFromReport(report) : undefined;
  return {
    contextSwitchesPerS: secs > 0 ? snapshot.dispatches / secs : 0,
    futileWakeupsPerS: secs > 0 ? snapshot.futile / secs : 0,
    missRatePct: fromReport?.missRatePct ?? NaN,
    spinPct: mpsynch(snapshot, modeNames).windowPct,
    transferResponseNs: fromReport?.transferResponseNs ?? NaN,
    transferBytesPerS: fromReport?.transferBytesPerS ?? NaN,
  };
}

export interface FigureRow {
  key: keyof RunFigures;
  label: string;
  format: (value: number) => string;
  /** Said when the value is unknown (NaN). */
  missing: string;
}

/** The rows of the side-by-side comparison, in order. */
export const COMPARE_ROWS: readonly FigureRow[] = [
  { key: 'contextSwitchesPerS', label: 'Context switches', format: (v) => formatRate(v), missing: 'not yet known' },
  { key: 'futileWakeupsPerS', label: 'Futile wake-ups', format: (v) => formatRate(v), missing: 'not yet known' },
  { key: 'missRatePct', label: 'Lock miss rate (all locks)', format: (v) => formatPct(v), missing: 'not yet known' },
  { key: 'spinPct', label: 'Spinning (% of CPU time)', format: (v) => formatPct(v), missing: 'not yet known' },
  { key: 'transferResponseNs', label: 'Measured transfer response', format: (v) => formatNs(v), missing: 'none finished yet' },
];
