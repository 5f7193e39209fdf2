/*
 * metric-kit.ts -- how a measure is written (Metric) and the usual ways to write one:
 * one value of the report in the core's own words (core), a share of time, a rate, a
 * time in µs. shared/metrics.ts writes the engine's measures with these, and a kernel
 * its own (src/kernels/<name>/, KernelInfo.metrics).
 */
import { REPORT_METRICS, reportValue, type ReportMetricPath } from '../core/report.js';
import type { Report } from '../core/report.js';

export interface Metric {
  /** What the learner reads, in the sources' words. */
  label: string;
  /** Shown after the number ('%' is written without a space). */
  unit: string;
  /** Digits after the decimal point when shown. */
  digits: number;
  /** The value in a report; undefined when the report does not have it. */
  read: (report: Report) => number | undefined;
  /** Which way is better for the system, where the core says. */
  better?: 'higher' | 'lower';
}

/** Units the core writes as rates: the label carries them ("Transmit packets/s"). */
const RATE_UNITS = new Set(['/s', '/min']);

/**
 * One value of the report in the core's words. `shown` reads it in another unit (ns as
 * ms: { unit: 'ms', per: 1e6 }); `digits` defaults to one for a percentage, none else.
 */
export function core(path: ReportMetricPath, options: { digits?: number; shown?: { unit: string; per: number } } = {}): Metric {
  const words = REPORT_METRICS[path];
  const rate = RATE_UNITS.has(words.unit);
  const per = options.shown?.per ?? 1;
  return {
    label: rate ? `${words.label}${words.unit}` : words.label,
    unit: options.shown?.unit ?? (rate ? '' : words.unit),
    digits: options.digits ?? (words.unit === '%' ? 1 : 0),
    read: (r) => {
      const value = reportValue(r, path);
      return value === undefined ? undefined : value / per;
    },
    better: words.better || undefined,
  };
}

/** The two common kinds: a share of time to one decimal, and a whole-number rate. */
export const percent = (label: string, read: Metric['read']): Metric => ({ label, unit: '%', digits: 1, read });
export const rate = (label: string, read: Metric['read']): Metric => ({ label, unit: '', digits: 0, read });
/** A time the report gives in ns, shown in µs to two decimals. */
export const micro = (label: string, readNs: Metric['read']): Metric => ({
  label,
  unit: 'µs',
  digits: 2,
  read: (r) => {
    const ns = readNs(r);
    return ns === undefined ? undefined : ns / 1000;
  },
});
