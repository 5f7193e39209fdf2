/*
 * model.ts (numa-traffic) -- the traffic between RADs as a heat matrix: rows are the
 * RAD where the data was (the memory or cache a transfer or copy came from), columns
 * the RAD of the CPU that needed it (report.numa.traffic_bytes_per_s[from][to]). The
 * diagonal is local; everything off it crossed the switch between QBBs, and its share
 * of all bytes is report.numa.cross_rad_pct (the source: "66% of the IO is cross QBB").
 *
 * Colours come from ColorBrewer's YlGnBu, a sequential scale that stays ordered in
 * lightness for every kind of colour vision; a square-root scale, so a small flow is
 * still seen beside a large one; zero is drawn blank and every cell says its value.
 */
import { color, interpolateYlGnBu, scaleSequentialSqrt } from 'd3';
import type { Report } from '../../core/report.js';
import { textOn } from '../color.js';
import { formatPct, listWords } from '../format.js';
import { formatBytesRate, numaOf, numaRunOf, radName } from '../numa-data.js';

export interface TrafficCell {
  /** The RAD where the data was. */
  from: number;
  /** The RAD of the CPU that needed it. */
  to: number;
  bytesPerS: number;
  local: boolean;
  /** Share of all the traffic, percent. */
  sharePct: number;
}

export interface TrafficMatrix {
  rads: number;
  /** cells[from][to]. */
  cells: TrafficCell[][];
  totalBytesPerS: number;
  maxBytesPerS: number;
  /** Off-diagonal share of all bytes, percent (the report's figure). */
  crossPct: number;
  /** RAM disk bytes read from another RAD than the reader's, percent (kernel numa). */
  ramdiskCrossPct: number | null;
  /** The largest cross-RAD flow, if any. */
  largestCross: TrafficCell | null;
}

export function trafficMatrix(report: Report | undefined): TrafficMatrix | null {
  const numa = numaOf(report);
  if (!numa) return null;
  const m = numa.traffic_bytes_per_s;
  const rads = numa.rads;
  let total = 0;
  let max = 0;
  for (let i = 0; i < rads; i++)
    for (let j = 0; j < rads; j++) {
      const v = Math.max(0, m[i]?.[j] ?? 0);
      total += v;
      max = Math.max(max, v);
    }
  const cells = Array.from({ length: rads }, (_, from) =>
    Array.from({ length: rads }, (_, to) => {
      const v = Math.max(0, m[from]?.[to] ?? 0);
      return { from, to, bytesPerS: v, local: from === to, sharePct: total > 0 ? (100 * v) / total : 0 };
    }),
  );
  let largestCross: TrafficCell | null = null;
  for (const row of cells)
    for (const c of row) {
      if (!c.local && c.bytesPerS > 0 && (!largestCross || c.bytesPerS > largestCross.bytesPerS)) largestCross = c;
    }
  const run = numaRunOf(report);
  return {
    rads,
    cells,
    totalBytesPerS: total,
    maxBytesPerS: max,
    crossPct: Number.isFinite(numa.cross_rad_pct) ? numa.cross_rad_pct : 0,
    ramdiskCrossPct: run && Number.isFinite(run.ramdisk_cross_rad_pct) ? run.ramdisk_cross_rad_pct : null,
    largestCross,
  };
}

/** The fill of a cell: blank for zero, else YlGnBu by the square root of the rate. */
export function trafficFill(bytesPerS: number, maxBytesPerS: number, blank: string): string {
  if (!(bytesPerS > 0) || !(maxBytesPerS > 0)) return blank;
  // start a little in, so the smallest flow is not white
  const scale = scaleSequentialSqrt((u: number) => interpolateYlGnBu(0.12 + 0.88 * u)).domain([0, maxBytesPerS]);
  return color(scale(Math.min(bytesPerS, maxBytesPerS)))?.formatHex() ?? blank;
}

/** Text colour with the higher contrast on a cell's fill. */
export function trafficText(fill: string): string {
  return textOn(fill);
}

/** Stops for the colour key, as [offset 0..1, colour]. */
export function trafficKeyStops(maxBytesPerS: number, n = 9): [number, string][] {
  return Array.from({ length: n }, (_, i) => {
    const u = i / (n - 1);
    return [u, trafficFill(Math.max(1e-9, u * u * maxBytesPerS), maxBytesPerS, '#ffffff')];
  });
}

export function trafficSummary(matrix: TrafficMatrix | null): string {
  if (!matrix) return 'No traffic between RADs yet: the report with the NUMA figures has not come.';
  if (matrix.totalBytesPerS <= 0) return `No memory traffic measured yet between the ${matrix.rads} RADs.`;
  const parts: string[] = [];
  for (const row of matrix.cells) {
    const flows = row
      .filter((c) => c.bytesPerS > 0)
      .map((c) => `${c.local ? 'to its own CPUs' : `to ${radName(c.to)}`} ${formatBytesRate(c.bytesPerS)}`);
    if (flows.length > 0) parts.push(`from ${radName(row[0]!.from)}'s memory ${listWords(flows)}`);
  }
  return (
    `Traffic between RADs, bytes per second from the RAD where the data was to the RAD of the CPU that needed it: ` +
    `${formatPct(matrix.crossPct)} of ${formatBytesRate(matrix.totalBytesPerS)} crosses RADs` +
    `${matrix.ramdiskCrossPct !== null ? ` (RAM disk reads: ${formatPct(matrix.ramdiskCrossPct)} cross RADs)` : ''}. ` +
    `${matrix.largestCross ? `The largest cross-RAD flow is ${radName(matrix.largestCross.from)} to ${radName(matrix.largestCross.to)}, ${formatBytesRate(matrix.largestCross.bytesPerS)}. ` : ''}` +
    `In detail: ${parts.join('; ')}.`
  );
}
