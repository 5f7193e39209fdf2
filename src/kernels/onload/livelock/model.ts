/*
 * model.ts (net-livelock) -- receive livelock: packets delivered to the application
 * against packets offered to the receiving host, one line per receive mode (an
 * interrupt per packet, interrupt moderation, polling), the diagonal y = x where every
 * packet is delivered, and each mode's key numbers: its peak and where, what it still
 * delivers at the highest offered load, and its fall from the peak.
 */
import { line, scaleLinear, type ScaleLinear } from 'd3';
import { formatPct, listWords } from '../../../views/format.js';
import { formatPerS, RECEIVE_MODE_ORDER, receiveModeStyle } from '../data.js';

export interface LivelockPoint {
  mode: string;
  offeredPerS: number;
  deliveredPerS: number;
}

export interface LivelockSeries {
  mode: string;
  points: LivelockPoint[];
  peak: LivelockPoint;
  /** The point at the highest offered load. */
  last: LivelockPoint;
  /** Fall from the peak to the highest offered load, percent of the peak (0 when it holds). */
  fallPct: number;
}

export const OFFERED_MAX = 3.2e6;

/** Points per mode (interrupts, moderation, polling first), sorted by offered load; a later point for the same load wins. */
export function livelockSeries(points: readonly LivelockPoint[]): LivelockSeries[] {
  const byMode = new Map<string, Map<number, LivelockPoint>>();
  for (const p of points) {
    if (!Number.isFinite(p.offeredPerS) || !Number.isFinite(p.deliveredPerS) || p.offeredPerS < 0) continue;
    let m = byMode.get(p.mode);
    if (!m) byMode.set(p.mode, (m = new Map()));
    m.set(p.offeredPerS, { ...p, deliveredPerS: Math.max(0, p.deliveredPerS) });
  }
  const rank = (s: string) => (RECEIVE_MODE_ORDER.includes(s) ? RECEIVE_MODE_ORDER.indexOf(s) : RECEIVE_MODE_ORDER.length);
  return [...byMode.entries()]
    .sort((a, b) => rank(a[0]) - rank(b[0]) || a[0].localeCompare(b[0]))
    .map(([mode, m]) => {
      const sorted = [...m.values()].sort((a, b) => a.offeredPerS - b.offeredPerS);
      const peak = sorted.reduce((a, b) => (b.deliveredPerS > a.deliveredPerS ? b : a));
      const last = sorted[sorted.length - 1]!;
      const fallPct = peak.deliveredPerS > 0 ? Math.max(0, (100 * (peak.deliveredPerS - last.deliveredPerS)) / peak.deliveredPerS) : 0;
      return { mode, points: sorted, peak, last, fallPct };
    });
}

/** x: offered packets/s, 0 .. 3.2 M (wider if a point lies beyond). */
export function offeredScale(series: readonly LivelockSeries[], x0: number, x1: number): ScaleLinear<number, number> {
  const max = Math.max(OFFERED_MAX, ...series.flatMap((s) => s.points.map((p) => p.offeredPerS)));
  return scaleLinear().domain([0, max]).range([x0, x1]);
}

/** y: delivered packets/s, 0 .. a little over the best delivered (at least 1 M), nice. */
export function deliveredScale(series: readonly LivelockSeries[], y0: number, y1: number): ScaleLinear<number, number> {
  const max = Math.max(1e6, ...series.flatMap((s) => s.points.map((p) => p.deliveredPerS)));
  return scaleLinear()
    .domain([0, max * 1.08])
    .nice()
    .range([y0, y1]);
}

/** The diagonal y = x within both domains, as its two ends [offered, delivered]. */
export function diagonal(x: ScaleLinear<number, number>, y: ScaleLinear<number, number>): [[number, number], [number, number]] {
  const end = Math.min(x.domain()[1]!, y.domain()[1]!);
  return [
    [0, 0],
    [end, end],
  ];
}

export function livelockPath(points: readonly LivelockPoint[], x: (v: number) => number, y: (v: number) => number): string {
  return (
    line<LivelockPoint>()
      .x((p) => x(p.offeredPerS))
      .y((p) => y(p.deliveredPerS))(points as LivelockPoint[]) ?? ''
  );
}

/** "M/s" tick labels: 1500000 -> "1.5 M", 0 -> "0". */
export function millions(v: number): string {
  return v === 0 ? '0' : `${Number((v / 1e6).toFixed(2))} M`;
}

/** The mode that falls furthest from its peak, and the one that delivers most at the highest load. */
export function livelockHighlights(series: readonly LivelockSeries[]): { worst: LivelockSeries | null; best: LivelockSeries | null } {
  if (series.length === 0) return { worst: null, best: null };
  const worst = series.reduce((a, b) => (b.fallPct > a.fallPct ? b : a));
  const best = series.reduce((a, b) => (b.last.deliveredPerS > a.last.deliveredPerS ? b : a));
  return { worst: worst.fallPct > 0 ? worst : null, best };
}

export function livelockSummary(series: readonly LivelockSeries[], labels?: Readonly<Record<string, string>>, progress = 1): string {
  if (series.length === 0) {
    return progress < 1
      ? 'The curve run is starting: no loads measured yet.'
      : 'No curve yet: run it to measure delivered against offered packets per second in each receive mode.';
  }
  const words = series.map((s) => {
    const label = receiveModeStyle(s.mode, 'light', labels).label;
    return (
      `${label}: peak ${formatPerS(s.peak.deliveredPerS)} delivered at ${formatPerS(s.peak.offeredPerS)} offered; ` +
      `at ${formatPerS(s.last.offeredPerS)} offered it delivers ${formatPerS(s.last.deliveredPerS)}` +
      `${s.fallPct >= 0.5 ? `, ${formatPct(s.fallPct, 0)} below its peak` : ', holding its peak'}.`
    );
  });
  const { worst, best } = livelockHighlights(series);
  return [
    progress < 1 ? `Curve ${Math.round(progress * 100)}% measured.` : '',
    'Receive livelock: packets per second delivered to the application against packets per second offered (UDP receive). On the diagonal every offered packet is delivered.',
    ...words,
    worst && worst.fallPct >= 10
      ? `Past its peak, ${listWords([receiveModeStyle(worst.mode, 'light', labels).label])} spends ever more of the CPU taking packets it then drops: livelock.`
      : '',
    best ? `At the highest load ${receiveModeStyle(best.mode, 'light', labels).label} delivers the most.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}
