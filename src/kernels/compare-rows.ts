/*
 * compare-rows.ts -- a Compare row that is one value of the report (KernelInfo.
 * compareMetrics): it reads that value, and which way is better is the core's
 * (REPORT_METRICS, from the MetricDesc table of the C function that writes it).
 */
import { REPORT_METRICS, reportValue, type ReportMetricPath } from '../core/report.js';
import type { CompareMetric } from './types.js';

export function reportCompareRow(path: ReportMetricPath, row: Omit<CompareMetric, 'read' | 'better'>): CompareMetric {
  const better = REPORT_METRICS[path].better;
  return { ...row, ...(better ? { better } : {}), read: ({ report }) => reportValue(report, path) ?? NaN };
}
