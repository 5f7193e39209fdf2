/*
 * model.ts (scaling) -- a sweep's reports as chart data: one point per CPU count per
 * kernel (transmit packets/s, MP synchronization, designated-CPU busy %), the CPU
 * count where the designated TCP/IP CPU saturates, each kernel's Amdahl and USL fit
 * (core/fit.ts) with its N_max, and the chart's words.
 */
import type { Report } from '../../core/report.js';
import { amdahlAt, fitSweep, significant, uslAt, type SweepFit } from '../../core/fit.js';
import { formatCount, formatOne, formatPct } from '../format.js';
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

/** Which law the chart draws through each kernel's sweep. */
export type FitModel = 'usl' | 'amdahl';

export const FIT_MODEL_WORDS: Readonly<Record<FitModel, string>> = {
  usl: 'Universal Scalability Law',
  amdahl: 'Amdahl\'s law',
};

/** Each kernel's transmit packets per second against its CPU counts, fitted by both laws (core/fit.ts). */
export function fitsOf(series: Record<KernelName, SweepPoint[]>): Record<KernelName, SweepFit> {
  const fit = (points: readonly SweepPoint[]) => fitSweep(points.map((p) => ({ n: p.cpus, x: p.transmitPps })));
  return { classic: fit(series.classic), scalable: fit(series.scalable) };
}

/** The fitted throughput at N CPUs, or null when that law has no fit. */
export function fittedAt(fit: SweepFit, model: FitModel, n: number): number | null {
  if (model === 'usl') return fit.usl.ok ? uslAt(fit.usl.fit, n) : null;
  return fit.amdahl.ok ? amdahlAt(fit.amdahl.fit, n) : null;
}

/** The fitted curve across the x domain, [N, throughput] pairs close enough together to look smooth. */
export function fitCurve(fit: SweepFit, model: FitModel, domain: readonly [number, number], samples = 120): Array<[number, number]> {
  const [lo, hi] = domain;
  const out: Array<[number, number]> = [];
  for (let i = 0; i <= samples; i++) {
    const n = Math.max(1, lo + ((hi - lo) * i) / samples);
    const x = fittedAt(fit, model, n);
    if (x !== null) out.push([n, x]);
  }
  return out;
}

/** N_max, where it is drawn: inside the x domain, or past its end by at most half its width
 * ("near": marked at the edge with an arrow); null when there is no peak or it is far off. */
export function nMaxMark(fit: SweepFit, domain: readonly [number, number]): { nMax: number; peak: number; beyond: boolean } | null {
  if (!fit.usl.ok || fit.usl.fit.nMax === null || fit.usl.fit.peak === null) return null;
  const { nMax, peak } = fit.usl.fit;
  const [lo, hi] = domain;
  if (nMax >= lo && nMax <= hi) return { nMax, peak, beyond: false };
  if (nMax > hi && nMax <= hi + (hi - lo) / 2) return { nMax, peak, beyond: true };
  return null;
}

/** How closely a fit follows the sweep, from its R^2. */
function closeness(r2: number): string {
  return r2 >= 0.98 ? 'a close fit' : r2 >= 0.9 ? 'a fair fit' : 'a rough fit: the law misses part of the sweep\u2019s shape';
}

const pkts = (v: number) => `${formatCount(v)} transmit packets/s`;

/** One kernel's fit in words, in this run's terms (KernelInfo.scalingTerms); '' without points. */
export function fitWords(kernel: KernelName, points: readonly SweepPoint[], fit: SweepFit, model: FitModel): string {
  if (points.length === 0) return '';
  const info = kernelInfo(kernel);
  const name = info.title.charAt(0).toUpperCase() + info.title.slice(1);
  const result = model === 'usl' ? fit.usl : fit.amdahl;
  if (!result.ok) return `${name}: no ${FIT_MODEL_WORDS[model]} fit yet: ${result.reason}`;
  const terms = info.scalingTerms;
  const serial = `the share of each request\u2019s time that is serialised${terms ? ` (here ${terms.serial})` : ''}`;
  const crosstalk = `the cost of crosstalk that grows with every pair of CPUs${terms ? ` (here ${terms.crosstalk})` : ''}`;
  const coefficient = (symbol: string, value: number, meaning: string) =>
    value === 0 ? `${symbol} = 0: the fit puts none of the loss down to ${meaning}` : `${symbol} = ${significant(value)}, ${meaning}`;
  const highest = points.reduce((a, b) => (b.transmitPps > a.transmitPps ? b : a));
  const own = `the sweep\u2019s own highest point: ${formatCount(highest.transmitPps)} at ${highest.cpus} CPU${highest.cpus === 1 ? '' : 's'}`;
  const head = `${name}, ${FIT_MODEL_WORDS[model]} (${points.length} points, R\u00b2 ${result.fit.r2.toFixed(3)}, ${closeness(result.fit.r2)}): `;
  if (result.fit.model === 'amdahl') {
    const a = result.fit;
    return head + `${coefficient('s', a.s, serial)}. `
      + (a.ceiling === null ? 'Throughput grows in proportion to the CPUs' : `No peak: throughput approaches X1/s = ${pkts(a.ceiling)}`)
      + `; ${own}.`;
  }
  const u = result.fit;
  const peak = u.nMax !== null && u.peak !== null
    ? `Peak at N_max = ${formatOne(u.nMax)} CPUs: ${pkts(u.peak)}`
    : u.ceiling !== null ? `No peak (kappa = 0): throughput approaches X1/sigma = ${pkts(u.ceiling)}` : 'No peak: throughput grows in proportion to the CPUs';
  return head + `${coefficient('sigma', u.sigma, serial)}; ${coefficient('kappa', u.kappa, crosstalk)}. ${peak}; ${own}.`;
}

/** What every fit on the chart is, said once. */
export const FIT_NOTE = 'Dashed curves: the simulator\u2019s sweep, fitted by least squares. The numbers describe the model\u2019s curve, not the source\u2019s measurements.';

/** The fits of both kernels in words, then the note; '' before any point. */
export function fitSummary(series: Record<KernelName, SweepPoint[]>, fits: Record<KernelName, SweepFit>, model: FitModel): string {
  const parts = (['classic', 'scalable'] as const).map((k) => fitWords(k, series[k], fits[k], model)).filter(Boolean);
  return parts.length === 0 ? '' : [...parts, FIT_NOTE].join(' ');
}
