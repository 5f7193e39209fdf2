/*
 * model.ts (net-size-curve) -- goodput against message size, one line per stack (the
 * lab's curve run: tcp_stream at 16 B .. 64 KiB on each stack): the series, the log2
 * size scale and the linear Gb/s scale, the link's payload limit, the ratio of the
 * user-level stack to the kernel's at the smallest size, and the size where each line
 * first reaches 95% of the limit.
 */
import { line, scaleLinear, scaleLog, type ScaleLinear, type ScaleLogarithmic } from 'd3';
import { listWords } from '../../../views/format.js';
import { formatBytes, formatGbps, formatRatio, stackLabel, STACK_ORDER } from '../data.js';

export interface SizePoint {
  stack: string;
  messageBytes: number;
  goodputBitsPerS: number;
}

export interface SizeSeries {
  stack: string;
  points: SizePoint[];
  /** The first size (smallest) whose goodput reaches `reachPct` of the limit, or null. */
  reachesAt: number | null;
}

export const DEFAULT_LINK_LIMIT_GBPS = 9.4;
export const REACH_PCT = 95;
export const SIZE_DOMAIN: readonly [number, number] = [16, 65536];

/** Points per stack (the stacks' usual order first), each sorted by size; a later point for the same size wins. */
export function sizeSeries(points: readonly SizePoint[], linkLimitGbps = DEFAULT_LINK_LIMIT_GBPS, reachPct = REACH_PCT): SizeSeries[] {
  const byStack = new Map<string, Map<number, SizePoint>>();
  for (const p of points) {
    if (!(p.messageBytes > 0) || !Number.isFinite(p.goodputBitsPerS)) continue;
    let m = byStack.get(p.stack);
    if (!m) byStack.set(p.stack, (m = new Map()));
    m.set(p.messageBytes, { ...p, goodputBitsPerS: Math.max(0, p.goodputBitsPerS) });
  }
  const rank = (s: string) => (STACK_ORDER.includes(s) ? STACK_ORDER.indexOf(s) : STACK_ORDER.length);
  return [...byStack.entries()]
    .sort((a, b) => rank(a[0]) - rank(b[0]) || a[0].localeCompare(b[0]))
    .map(([stack, m]) => {
      const sorted = [...m.values()].sort((a, b) => a.messageBytes - b.messageBytes);
      const target = (linkLimitGbps * 1e9 * reachPct) / 100;
      return { stack, points: sorted, reachesAt: sorted.find((p) => p.goodputBitsPerS >= target)?.messageBytes ?? null };
    });
}

/** The x scale: log2 of the message size, 16 B .. 64 KiB (wider if points fall outside). */
export function sizeScale(series: readonly SizeSeries[], x0: number, x1: number): ScaleLogarithmic<number, number> {
  const sizes = series.flatMap((s) => s.points.map((p) => p.messageBytes));
  const lo = Math.min(SIZE_DOMAIN[0], ...sizes);
  const hi = Math.max(SIZE_DOMAIN[1], ...sizes);
  return scaleLog().base(2).domain([lo, hi]).range([x0, x1]);
}

/** The y scale in Gb/s: 0 .. a little over the limit (or the fastest point), nice. */
export function goodputScale(series: readonly SizeSeries[], linkLimitGbps: number, y0: number, y1: number): ScaleLinear<number, number> {
  const max = Math.max(linkLimitGbps, ...series.flatMap((s) => s.points.map((p) => p.goodputBitsPerS / 1e9)));
  return scaleLinear()
    .domain([0, Math.max(1, max * 1.04)])
    .nice()
    .range([y0, y1]);
}

/** Size ticks at powers of 4 (16 B, 64 B, 256 B, 1 KiB, ...), fewer when narrow. */
export function sizeTicks(domain: readonly number[], maxTicks: number): number[] {
  const [lo, hi] = [domain[0]!, domain[domain.length - 1]!];
  const all: number[] = [];
  for (let e = Math.ceil(Math.log2(lo)); e <= Math.floor(Math.log2(hi)); e++) all.push(2 ** e);
  for (const every of [1, 2, 4, 8]) {
    const picked = all.filter((v) => Math.round(Math.log2(v / all[0]!)) % every === 0);
    if (picked.length <= maxTicks) return picked;
  }
  return [all[0]!, all[all.length - 1]!];
}

/** The SVG path of a series. */
export function sizePath(points: readonly SizePoint[], x: (v: number) => number, y: (v: number) => number): string {
  return (
    line<SizePoint>()
      .x((p) => x(p.messageBytes))
      .y((p) => y(p.goodputBitsPerS / 1e9))(points as SizePoint[]) ?? ''
  );
}

export interface SizeKeyNumbers {
  /** The smallest size both the kernel and onload were measured at, with their ratio. */
  smallest: { bytes: number; ratio: number; kernel: number; onload: number } | null;
  reaches: { stack: string; bytes: number | null }[];
}

export function sizeKeyNumbers(series: readonly SizeSeries[]): SizeKeyNumbers {
  const kernel = series.find((s) => s.stack === 'kernel');
  const onload = series.find((s) => s.stack === 'onload');
  let smallest: SizeKeyNumbers['smallest'] = null;
  if (kernel && onload) {
    const k = kernel.points.find((p) => p.goodputBitsPerS > 0 && onload.points.some((q) => q.messageBytes === p.messageBytes));
    const o = k && onload.points.find((q) => q.messageBytes === k.messageBytes);
    if (k && o)
      smallest = {
        bytes: k.messageBytes,
        ratio: o.goodputBitsPerS / k.goodputBitsPerS,
        kernel: k.goodputBitsPerS,
        onload: o.goodputBitsPerS,
      };
  }
  return { smallest, reaches: series.map((s) => ({ stack: s.stack, bytes: s.reachesAt })) };
}

export function sizeSummary(series: readonly SizeSeries[], linkLimitGbps: number, progress = 1): string {
  if (series.length === 0) {
    return progress < 1
      ? 'The curve run is starting: no sizes measured yet.'
      : 'No curve yet: run it to measure goodput against message size on each stack.';
  }
  const keys = sizeKeyNumbers(series);
  const lines = series.map(
    (s) => `${stackLabel(s.stack)}: ${listWords(s.points.map((p) => `${formatBytes(p.messageBytes)} ${formatGbps(p.goodputBitsPerS)}`))}.`,
  );
  const reach = keys.reaches.map((r) =>
    r.bytes !== null
      ? `${stackLabel(r.stack)} first reaches ${REACH_PCT}% of the limit at ${formatBytes(r.bytes)}`
      : `${stackLabel(r.stack)} does not reach ${REACH_PCT}% of the limit`,
  );
  return [
    progress < 1 ? `Curve ${Math.round(progress * 100)}% measured.` : '',
    `Goodput (payload delivered, Gb/s) against message size, TCP stream; the link carries at most ${linkLimitGbps} Gb/s of payload.`,
    ...lines,
    keys.smallest
      ? `At ${formatBytes(keys.smallest.bytes)} OpenOnload delivers ${formatRatio(keys.smallest.ratio)} times the kernel stack's goodput.`
      : '',
    reach.length ? `${listWords(reach)}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}
