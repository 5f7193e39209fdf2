/*
 * model.ts (scaling) -- a sweep's reports as chart data: one point per CPU count per
 * kernel (transmit packets/s, MP synchronization, designated-CPU busy %), the CPU
 * count where the designated TCP/IP CPU saturates, and the chart's words.
 */
import type { Report } from '../../core/report.js';
import { formatCount, formatPct } from '../format.js';
import type { KernelName } from '../palette.js';
import { kernelInfo } from '../../kernels/index.js';

export interface SweepPoint {
  kernel: KernelName;
  cpus: number;
  transmitPps: number;
  mpsynchPct: number;
  designatedBusyPct: number;
}

/** Designated-CPU busy share at which it counts as saturated (the paper's "completely saturated"). */
export const SATURATION_PCT = 97.5;

export function cpusOfReport(report: Report): number {
  return Number((report.scenario as { machine?: { cpus?: number } }).machine?.cpus ?? report.cpus.length);
}

export function pointOf(report: Report): SweepPoint {
  return {
    kernel: kernelInfo(report.kernel).openvmsPair,
    cpus: cpusOfReport(report),
    transmitPps: report.throughput.transmit_packets_per_s,
    mpsynchPct: report.mpsynch_pct,
    designatedBusyPct: report.designated_cpu_busy_pct,
  };
}

/** Points per kernel, each sorted by CPU count (a later report for the same count wins). */
export function seriesOf(reports: readonly Report[]): Record<KernelName, SweepPoint[]> {
  const out: Record<KernelName, Map<number, SweepPoint>> = { classic: new Map(), scalable: new Map() };
  for (const r of reports) {
    const p = pointOf(r);
    out[p.kernel].set(p.cpus, p);
  }
  const sorted = (m: Map<number, SweepPoint>) => [...m.values()].sort((a, b) => a.cpus - b.cpus);
  return { classic: sorted(out.classic), scalable: sorted(out.scalable) };
}

/** The fewest CPUs at which the Scalable Kernel's designated CPU is saturated, or null. */
export function saturationCpus(scalable: readonly SweepPoint[], threshold = SATURATION_PCT): number | null {
  for (const p of scalable) if (p.designatedBusyPct >= threshold) return p.cpus;
  return null;
}

/** The x domain: the planned range when given (so a partial sweep does not rescale), else the points'. */
export function cpuDomain(points: readonly SweepPoint[], cpuRange?: readonly [number, number]): [number, number] {
  if (cpuRange) return [cpuRange[0], Math.max(cpuRange[0] + 1, cpuRange[1])];
  if (points.length === 0) return [1, 16];
  const lo = Math.min(...points.map((p) => p.cpus));
  const hi = Math.max(...points.map((p) => p.cpus));
  return [Math.min(lo, 1), Math.max(hi, lo + 1)];
}

/** Throughput of the Scalable Kernel over the classic kernel at the same CPU count, where both ran. */
export function gainAt(series: Record<KernelName, SweepPoint[]>, cpus: number): number | null {
  const c = series.classic.find((p) => p.cpus === cpus);
  const s = series.scalable.find((p) => p.cpus === cpus);
  if (!c || !s || c.transmitPps <= 0) return null;
  return (s.transmitPps / c.transmitPps - 1) * 100;
}

export function scalingSummary(series: Record<KernelName, SweepPoint[]>, saturation: number | null, progress = 1,
  current?: SweepPoint): string {
  const describe = (kernel: KernelName, name: string) => {
    const s = series[kernel];
    if (s.length === 0) return '';
    const first = s[0]!;
    const last = s[s.length - 1]!;
    const peak = s.reduce((a, b) => (b.transmitPps > a.transmitPps ? b : a));
    const worst = s.reduce((a, b) => (b.mpsynchPct > a.mpsynchPct ? b : a));
    return `${name}: from ${formatCount(first.transmitPps)} transmit packets per second at ${first.cpus} CPU${first.cpus === 1 ? '' : 's'} `
      + `to ${formatCount(last.transmitPps)} at ${last.cpus}${peak !== last ? ` (peak ${formatCount(peak.transmitPps)} at ${peak.cpus})` : ''}; `
      + `MP synchronization up to ${formatPct(worst.mpsynchPct)} at ${worst.cpus} CPUs.`;
  };
  const lastBoth = [...series.scalable].reverse().find((p) => series.classic.some((c) => c.cpus === p.cpus));
  const gain = lastBoth ? gainAt(series, lastBoth.cpus) : null;
  const parts = [
    progress < 1 ? `Sweep ${Math.round(progress * 100)}% done.` : '',
    describe('classic', 'Classic kernel'),
    describe('scalable', 'Scalable Kernel'),
    gain !== null && lastBoth ? `At ${lastBoth.cpus} CPUs the Scalable Kernel transmits ${gain >= 0 ? `${formatPct(gain, 0)} more` : `${formatPct(-gain, 0)} less`} than the classic kernel.` : '',
    saturation !== null
      ? `The designated TCP/IP CPU saturates (at least ${SATURATION_PCT}% busy) from ${saturation} CPUs on.`
      : series.scalable.length > 0 ? 'The designated TCP/IP CPU does not saturate in this range.' : '',
    current ? `This run: ${kernelInfo(current.kernel).title}, ${current.cpus} CPUs, `
      + `${formatCount(current.transmitPps)} transmit packets per second, MP synchronization ${formatPct(current.mpsynchPct)}.` : '',
  ];
  const text = parts.filter(Boolean).join(' ');
  return text || 'No sweep yet: run one to see throughput and MP synchronization against the number of CPUs.';
}
