/*
 * report.ts -- the core's metrics report (lab_sim_report_json). Its types are
 * report-types.ts, generated from the core's own description of what it writes
 * (schema.report; see report-shape.ts); here are the helpers that read it.
 */
import type { Report, ReportMetricPath } from './report-types.js';

export * from './report-types.js';

/**
 * The SNA transfer's response time in ns from its rate: the transfer runs back to
 * back, so in steady state it is its size (the report's scenario) over the bytes it
 * moved per second. A saturated 1-way may finish no transfer in a run, so this is the
 * steadier measure. NaN when it moved nothing or the kernel is not SNA.
 */
export function transferResponseNs(report: Report): number {
  const bytes = (report.scenario?.sna as Record<string, unknown> | undefined)?.transfer_bytes;
  const rate = report.sna?.transfer_bytes_per_s ?? 0;
  return typeof bytes === 'number' && bytes > 0 && rate > 0 ? (1e9 * bytes) / rate : NaN;
}

/** The number at one of the report's described paths (a path without [] or {}), if the report has it. */
export function reportValue(report: Report | undefined, path: ReportMetricPath): number | undefined {
  let at: unknown = report;
  for (const key of path.split('.')) at = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined;
  return typeof at === 'number' ? at : undefined;
}
