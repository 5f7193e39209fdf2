/*
 * transfer.ts -- the SNA transfer's response time from its rate (source 001's 1 MB
 * transfer), read by the figures, the measures, Compare and the porting journey.
 */
import type { Report } from '../../core/report.js';

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
