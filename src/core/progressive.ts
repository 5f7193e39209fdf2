/*
 * progressive.ts -- a sweep that shows its whole curve first and then makes it exact
 * (issue 40). Every point of the sweep first runs a short window: the warm-up and the
 * first PROVISIONAL.fraction of its measurement window. Its report then is a provisional
 * figure, drawn as such, with an interval from batch means (below). The points run in a
 * coarse-to-fine order (1, 32, 16, 8, 24, 4, 12, ... CPUs), so the curve's shape is there
 * before its detail. Then each run goes on from where it stopped (the same simulation,
 * kept alive in its worker) to its full length: no event is simulated twice, and the
 * final report is byte for byte the one a straight run gives, because a run's events do
 * not depend on where it pauses (the core's runs are deterministic and chunk-free: see
 * src/worker/host.test.ts and src/core/progressive.test.ts).
 *
 * The interval is the model's own estimate of its seed spread for a run this short: the
 * provisional window is cut into PROVISIONAL.batches equal batches, the figure's rate
 * in each batch is read off the cumulative reports at the batch ends, and the half-width
 * is Student's t (95%, batches - 1 degrees of freedom) times the batches' standard
 * error (batch means: Law and Kelton, Simulation Modeling and Analysis, ch. 9.5).
 * progressive.test.ts checks it against runs with other seeds and against the final
 * figures. It only applies to a figure that is a rate over the measurement window
 * (every kernel's KernelInfo.throughput is one: packets, requests, records or bits per
 * second).
 *
 * Pure: the order, the batch ends, the interval and the split between workers. The
 * worker (src/worker/host.ts) and the CLI (src/cli/stacklab.ts, --progress) run it.
 */
import { reportValue, type Report, type ReportMetricPath } from './report.js';
import type { ScenarioValues } from './scenario-values.js';

export interface ProvisionalPlan {
  /** The share of each run's measurement window run before its provisional report (0 < fraction < 1). */
  fraction: number;
  /** The batches that window is cut into for the interval (at least 2). */
  batches: number;
}

/**
 * A sixteenth of the window, in eight batches: the model's choice. On the testbed pair
 * (1..32 CPUs) a provisional point then costs about 16% of its full run (the warm-up,
 * 10% of a run, is in it), so the whole provisional curve costs a sixth of the sweep,
 * and its interval covers the final figure at 93-97% of the points (testbed-classic,
 * testbed-scalable) and 86-95% for service-tas, whose lock convoys make batches
 * correlated (docs/performance.md).
 */
export const PROVISIONAL: ProvisionalPlan = { fraction: 1 / 16, batches: 8 };

/** Student's t, two-sided 95%, for 1..30 degrees of freedom (the normal's 1.96 beyond). */
const T975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086,
  2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

export function tQuantile95(degrees: number): number {
  return degrees >= 1 && degrees <= T975.length ? T975[Math.floor(degrees) - 1]! : 1.96;
}

/** The simulated times (ns) at which a run's provisional batches end, the last being its provisional window's end. */
export function batchEnds(values: ScenarioValues, plan: ProvisionalPlan = PROVISIONAL): number[] {
  const warmup = Number(values['sim.warmup_ns'] ?? 0);
  const duration = Number(values['sim.duration_ns'] ?? 0);
  const window = Math.max(0, duration - warmup) * plan.fraction;
  return Array.from({ length: plan.batches }, (_, i) => Math.round(warmup + (window * (i + 1)) / plan.batches));
}

/** A provisional figure: its value over the window so far, and its interval's half-width (95%). */
export interface ProvisionalFigure {
  value: number;
  halfWidth: number;
}

/**
 * The figure at `path` (a rate over the measurement window) from the reports taken at
 * each batch end, in order: its value in the last report, and the batch-means interval.
 * Each batch's rate is (value_i * window_i - value_{i-1} * window_{i-1}) / (window_i -
 * window_{i-1}). NaN where the reports do not have the figure, or have no window.
 */
export function provisionalFigure(reports: readonly Report[], path: ReportMetricPath | undefined): ProvisionalFigure {
  const windows = reports.map((r) => Number(r.window_ns));
  const values = reports.map((r) => (path ? (reportValue(r, path) ?? NaN) : NaN));
  return batchMeans(windows, values);
}

/** The batch-means interval from cumulative rates `values` over growing windows `windows` (ns). */
export function batchMeans(windows: readonly number[], values: readonly number[]): ProvisionalFigure {
  const last = values.length - 1;
  if (last < 0 || !values.every(Number.isFinite)) return { value: NaN, halfWidth: NaN };
  const rates: number[] = [];
  for (let i = 0; i <= last; i++) {
    const w0 = i === 0 ? 0 : windows[i - 1]!;
    const c0 = i === 0 ? 0 : values[i - 1]! * w0;
    const span = windows[i]! - w0;
    if (span > 0) rates.push((values[i]! * windows[i]! - c0) / span);
  }
  if (rates.length < 2) return { value: values[last]!, halfWidth: NaN };
  const mean = rates.reduce((a, b) => a + b, 0) / rates.length;
  const variance = rates.reduce((a, r) => a + (r - mean) ** 2, 0) / (rates.length - 1);
  return { value: values[last]!, halfWidth: tQuantile95(rates.length - 1) * Math.sqrt(variance / rates.length) };
}

/**
 * Indices 0..n-1 coarse to fine: both ends, then the middle, then the middles of each
 * half, breadth first. Over 1..32 CPUs: 1, 32, 16, 8, 24, 4, 12, 20, 28, 2, 6, ...
 */
export function coarseOrder(n: number): number[] {
  if (n <= 0) return [];
  if (n === 1) return [0];
  const order = [0, n - 1];
  let spans: Array<[number, number]> = [[0, n - 1]];
  while (spans.length > 0) {
    const next: Array<[number, number]> = [];
    for (const [lo, hi] of spans) {
      if (hi - lo < 2) continue;
      const mid = Math.floor((lo + hi) / 2);
      order.push(mid);
      next.push([lo, mid], [mid, hi]);
    }
    spans = next;
  }
  return order;
}

/**
 * A sweep's points in coarse-to-fine order of their CPU counts (coarseOrder over the
 * distinct counts), the kernels side by side at each count in the order given.
 */
export function progressiveOrder<T extends { cpus: number }>(points: readonly T[]): T[] {
  const counts = [...new Set(points.map((p) => p.cpus))].sort((a, b) => a - b);
  const rank = new Map(coarseOrder(counts.length).map((i, r) => [counts[i]!, r]));
  return points
    .map((point, at) => ({ point, at }))
    .sort((a, b) => rank.get(a.point.cpus)! - rank.get(b.point.cpus)! || a.at - b.at)
    .map(({ point }) => point);
}

/**
 * Deals points (already in progressive order) to `workers` shares back and forth (0, 1,
 * 1, 0, 0, 1, ...), so that with two kernels side by side neither worker gets all of one
 * kernel's runs, and each share keeps the coarse-to-fine order.
 */
export function dealProgressive<T>(points: readonly T[], workers: number): T[][] {
  const n = Math.max(1, Math.floor(workers));
  const shares: T[][] = Array.from({ length: n }, () => []);
  points.forEach((point, i) => {
    const round = Math.floor(i / n);
    const slot = i % n;
    shares[round % 2 === 0 ? slot : n - 1 - slot]!.push(point);
  });
  return shares;
}
