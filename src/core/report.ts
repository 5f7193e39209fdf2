/*
 * report.ts -- the core's metrics report (lab_sim_report_json). Its types are
 * report-types.ts, generated from the core's own description of what it writes
 * (schema.report; see report-shape.ts); here are the helpers that read it.
 */
import type { Report, ReportMetricPath } from './report-types.js';

export * from './report-types.js';

/** The number at one of the report's described paths (a path without [] or {}), if the report has it. */
export function reportValue(report: Report | undefined, path: ReportMetricPath): number | undefined {
  let at: unknown = report;
  for (const key of path.split('.')) at = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined;
  return typeof at === 'number' ? at : undefined;
}
