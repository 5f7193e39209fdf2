/*
 * summary.ts -- what a kernel gives the CLI's readable summary (stacklab run without
 * --json, and stacklab sweep): its own sections of a run, and the columns of a sweep
 * (src/kernels/cli/<kernel>.ts, loaded lazily so the browser never carries them). A
 * section is a table of text cells; the CLI lays it out. A row that is one value of the
 * report takes its label from the core (`reported`: the MetricDesc table of the C
 * function that wrote it, through REPORT_METRICS), so the words are the core's.
 */
import { REPORT_METRICS, type Report, type ReportMetricPath } from '../core/report.js';

/** A table: its header, then rows of cells, all text. */
export interface SummaryTable {
  header: string[];
  rows: string[][];
}

/** A section of a run's summary: a table, or one line of text. */
export type SummarySection = SummaryTable | string;

/** A kernel's part of the CLI's readable output. */
export interface KernelCli {
  /** Its sections of a run's summary, after the modes, locks and RADs every run has. */
  summary(report: Report): SummarySection[];
  /** The sweep table's columns after the varied field's. */
  sweep: SweepColumns;
}

/** A sweep's columns after the varied field's: one header and one cell per report. */
export interface SweepColumns {
  header: string[];
  cells(report: Report): string[];
}

const wholeFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
const oneFormat = new Intl.NumberFormat('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const twoFormat = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 41039 -> "41,039". */
export const whole = (value: number) => wholeFormat.format(value);
/** One decimal: "27.4". */
export const one = (value: number) => oneFormat.format(value);
/** Two decimals: "0.45". */
export const two = (value: number) => twoFormat.format(value);
/** A percentage's number, one decimal (the % is the caller's). */
export const pct = one;

/** A duration in ns, in the unit that reads best. */
export function duration(ns: number): string {
  if (ns >= 1e9) return `${two(ns / 1e9)} s`;
  if (ns >= 1e6) return `${two(ns / 1e6)} ms`;
  if (ns >= 1e3) return `${two(ns / 1e3)} µs`;
  return `${whole(ns)} ns`;
}

/** A row for one value of the report: the core's label (a rate's unit joined to it: "Sends/s"), then the cell. */
export function reported(path: ReportMetricPath, cell: string): string[] {
  const words = REPORT_METRICS[path];
  return [words.unit === '/s' || words.unit === '/min' ? `${words.label}${words.unit}` : words.label, cell];
}

/** The lock columns of a sweep that every kernel with locks shares. */
export const LOCK_COLUMNS: SweepColumns = {
  header: ['MP synch %', 'hold % all locks', 'locks/s'],
  cells: (report) => [pct(report.mpsynch_pct), pct(report.hold_pct_all_locks), whole(report.locks_per_s)],
};

/** Columns side by side. */
export function columns(...parts: SweepColumns[]): SweepColumns {
  return { header: parts.flatMap((part) => part.header), cells: (report) => parts.flatMap((part) => part.cells(report)) };
}
