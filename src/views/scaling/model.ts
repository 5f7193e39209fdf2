/*
 * model.ts (scaling) -- a sweep's reports as chart data: one series per kernel swept
 * (the OpenVMS pair side by side, or one kernel alone), one point per CPU count (the
 * kernel's main throughput, KernelInfo.throughput; the time spent spinning; the
 * designated CPU's busy %), the CPU count where a designated CPU saturates (only for a
 * kernel that has one), each series' Amdahl and USL fit (core/fit.ts) with its N_max (a
 * good fit's only: a poor fit's peak is not a prediction, and is labelled "poor fit: …"
 * instead), and the chart's words in each kernel's terms, each fit's verdict and reasons
 * among them.
 */
import type { Report } from '../../core/report.js';
import { reportValue } from '../../core/report.js';
import { PROVISIONAL, type ProvisionalFigure } from '../../core/progressive.js';
import { amdahlAt, fitSweep, significant, uslAt, type AmdahlFit, type Fitted, type SweepFit, type UslFit } from '../../core/fit.js';
import { formatCount, formatOne, formatPct, plural } from '../format.js';
import { spinningWords } from '../palette.js';
import { capitalised, KERNELS, kernelInfo } from '../../kernels/index.js';

export interface SweepPoint {
  /** The report's kernel (kernel.kind). */
  kernel: string;
  cpus: number;
  /** The kernel's main throughput (KernelInfo.throughput: transmit packets/s, requests/s). */
  throughput: number;
  /** Time spent spinning for locks, % of all CPU time (MP synchronization in OpenVMS's words). */
  mpsynchPct: number;
  designatedBusyPct: number;
}

/** A provisional point (core/progressive.ts): its short window's figures, and its throughput's 95% interval. */
export interface ProvisionalPoint extends SweepPoint {
  /** Half-width of the throughput's 95% interval (NaN where there is none). */
  halfWidth: number;
}

/** A sweep's provisional report, as the lab holds it (core/sweep.ts ProvisionalSweepPoint). */
export interface ProvisionalReport {
  report: Report;
  figure: ProvisionalFigure;
}

/** One kernel's provisional points, sorted by CPU count. */
export interface ProvisionalSeries {
  kernel: string;
  points: ProvisionalPoint[];
}

/**
 * The provisional points that have no final point yet, one series per kernel in the
 * registry's order. Their throughput is the provisional figure (the report's own, over
 * the short window), with its interval.
 */
export function provisionalSeriesOf(provisional: readonly ProvisionalReport[], finals: readonly Series[]): ProvisionalSeries[] {
  const final = new Set(finals.flatMap((s) => s.points.map((p) => `${p.kernel}@${p.cpus}`)));
  const byKernel = new Map<string, ProvisionalPoint[]>();
  for (const { report, figure } of provisional) {
    const p = pointOf(report);
    if (final.has(`${p.kernel}@${p.cpus}`)) continue;
    let points = byKernel.get(p.kernel);
    if (!points) byKernel.set(p.kernel, (points = []));
    points.push({ ...p, throughput: Number.isFinite(figure.value) ? figure.value : p.throughput, halfWidth: figure.halfWidth });
  }
  return [...byKernel]
    .sort(([a], [b]) => kernelOrder(a) - kernelOrder(b))
    .map(([kernel, points]) => ({ kernel, points: points.sort((a, b) => a.cpus - b.cpus) }));
}

/** "12,345 ± 678" (the interval's half-width where there is one). */
export function provisionalText(p: ProvisionalPoint, format: (v: number) => string): string {
  return `≈ ${format(p.throughput)}${Number.isFinite(p.halfWidth) ? ` ± ${format(p.halfWidth)}` : ''}`;
}

/** The words for a provisional curve: what its points are, and how many are exact already. */
export function provisionalWords(provisional: readonly ProvisionalSeries[], finals: number): string {
  const n = provisional.reduce((a, s) => a + s.points.length, 0);
  if (n === 0) return '';
  return (
    `${plural(n, 'point')} ${n === 1 ? 'is' : 'are'} provisional: the simulator's figure over the first ` +
    `${Number((PROVISIONAL.fraction * 100).toFixed(2))}% of each run's measurement window, with its 95% interval ` +
    `(batch means, the model's estimate of how far a run this short lands from another seed's); ` +
    `each is replaced by its final figure as its run ends (${finals} final so far).`
  );
}

/** A kernel's place in the registry: series, legends and table columns keep that order. */
export const kernelOrder = (kernel: string): number => KERNELS.indexOf(kernelInfo(kernel));

/** One kernel's points, sorted by CPU count. */
export interface Series {
  kernel: string;
  points: SweepPoint[];
}

/** A series with both laws fitted through its throughput. */
export interface FittedSeries extends Series {
  fit: SweepFit;
}

/** Designated-CPU busy share at which it counts as saturated (the paper's "completely saturated"). */
export const SATURATION_PCT = 97.5;

export function cpusOfReport(report: Report): number {
  return Number((report.scenario as { machine?: { cpus?: number } }).machine?.cpus ?? report.cpus.length);
}

export function pointOf(report: Report): SweepPoint {
  return {
    kernel: report.kernel,
    cpus: cpusOfReport(report),
    throughput: reportValue(report, kernelInfo(report.kernel).throughput.path) ?? NaN,
    mpsynchPct: report.mpsynch_pct,
    designatedBusyPct: report.designated_cpu_busy_pct,
  };
}

/** One series per kernel that has points, in the registry's order, each sorted by CPU count
 * (a later report for the same count wins). */
export function seriesOf(reports: readonly Report[]): Series[] {
  const byKernel = new Map<string, Map<number, SweepPoint>>();
  for (const r of reports) {
    const p = pointOf(r);
    let points = byKernel.get(p.kernel);
    if (!points) byKernel.set(p.kernel, (points = new Map()));
    points.set(p.cpus, p);
  }
  return [...byKernel]
    .sort(([a], [b]) => kernelOrder(a) - kernelOrder(b))
    .map(([kernel, points]) => ({ kernel, points: [...points.values()].sort((a, b) => a.cpus - b.cpus) }));
}

/** The points of every series. */
export function allPoints(series: readonly Series[]): SweepPoint[] {
  return series.flatMap((s) => s.points);
}

/** The series of a kernel with a CPU of a role of its own that can saturate (KernelInfo.roleCpu: the Scalable Kernel's designated TCP/IP CPU), if one was swept. */
export function designatedSeries<S extends Series>(series: readonly S[]): S | undefined {
  return series.find((s) => kernelInfo(s.kernel).roleCpu);
}

/** That CPU's name in its kernel's few words ("designated CPU"), for the series that has one. */
export function roleShort(series: Series | undefined): string {
  return (series && kernelInfo(series.kernel).roleCpu?.short) ?? '';
}

/** The fewest CPUs at which the designated CPU is saturated, or null. */
export function saturationCpus(points: readonly SweepPoint[], threshold = SATURATION_PCT): number | null {
  for (const p of points) if (p.designatedBusyPct >= threshold) return p.cpus;
  return null;
}

/** The x domain: the planned range when given (so a partial sweep does not rescale), widened
 * to any point outside it (the current run), else the points'. */
export function cpuDomain(points: readonly SweepPoint[], cpuRange?: readonly [number, number]): [number, number] {
  if (cpuRange) {
    const lo = Math.min(cpuRange[0], ...points.map((p) => p.cpus));
    const hi = Math.max(cpuRange[1], ...points.map((p) => p.cpus));
    return [lo, Math.max(lo + 1, hi)];
  }
  if (points.length === 0) return [1, 16];
  const lo = Math.min(...points.map((p) => p.cpus));
  const hi = Math.max(...points.map((p) => p.cpus));
  return [Math.min(lo, 1), Math.max(hi, lo + 1)];
}

/** Throughput of the second series over the first at the same CPU count, in % (the Scalable
 * Kernel's gain over the classic kernel), where both ran; null with fewer than two series. */
export function gainAt(series: readonly Series[], cpus: number): number | null {
  const a = series[0]?.points.find((p) => p.cpus === cpus);
  const b = series[1]?.points.find((p) => p.cpus === cpus);
  if (!a || !b || !(a.throughput > 0)) return null;
  return (b.throughput / a.throughput - 1) * 100;
}

/** "1 CPU", "16 CPUs". */
const cpusWords = (n: number) => `${n} CPU${n === 1 ? '' : 's'}`;

/** A kernel's words for spinning, mid-sentence: "MP synchronization", "spinning for locks". */
function spinningInSentence(kernel: string): string {
  const words = spinningWords(kernelInfo(kernel).vocabulary);
  return /^.[A-Z]/.test(words) ? words : words.charAt(0).toLowerCase() + words.slice(1);
}

/** Whether time spent spinning is worth a panel: some point (or the current run) spun at all. */
export function spinApplies(points: readonly SweepPoint[]): boolean {
  return points.some((p) => p.mpsynchPct > 0);
}

export function scalingSummary(series: readonly Series[], saturation: number | null, progress = 1, current?: SweepPoint): string {
  const describe = ({ kernel, points: s }: Series) => {
    if (s.length === 0) return '';
    const info = kernelInfo(kernel);
    const first = s[0]!;
    const last = s[s.length - 1]!;
    const peak = s.reduce((a, b) => (b.throughput > a.throughput ? b : a));
    const worst = s.reduce((a, b) => (b.mpsynchPct > a.mpsynchPct ? b : a));
    return (
      `${capitalised(info.title)}: from ${formatCount(first.throughput)} ${info.throughput.words} at ${cpusWords(first.cpus)} ` +
      `to ${formatCount(last.throughput)} at ${last.cpus}${peak !== last ? ` (peak ${formatCount(peak.throughput)} at ${peak.cpus})` : ''}` +
      (spinApplies(s) ? `; ${spinningInSentence(kernel)} up to ${formatPct(worst.mpsynchPct)} at ${plural(worst.cpus, 'CPU')}.` : '.')
    );
  };
  const [a, b] = series;
  const lastBoth = a && b ? [...b.points].reverse().find((p) => a.points.some((c) => c.cpus === p.cpus)) : undefined;
  const gain = lastBoth ? gainAt(series, lastBoth.cpus) : null;
  const designated = designatedSeries(series);
  const parts = [
    progress < 1 ? `Sweep ${Math.round(progress * 100)}% done.` : '',
    ...series.map(describe),
    gain !== null && lastBoth && a && b
      ? `At ${plural(lastBoth.cpus, 'CPU')} the ${kernelInfo(b.kernel).title} reaches ${gain >= 0 ? `${formatPct(gain, 0)} more` : `${formatPct(-gain, 0)} fewer`} ` +
        `${kernelInfo(b.kernel).throughput.words} than the ${kernelInfo(a.kernel).title}.`
      : '',
    saturation !== null
      ? `The ${roleShort(designated)} saturates (at least ${SATURATION_PCT}% busy) from ${saturation} CPUs on.`
      : designated && designated.points.length > 0
        ? `The ${roleShort(designated)} does not saturate in this range.`
        : '',
    current ? currentWords(current) : '',
  ];
  const text = parts.filter(Boolean).join(' ');
  return text || 'No sweep yet: run one to see how throughput changes with the number of CPUs.';
}

/** "This run: Scalable Kernel, 16 CPUs, 12,345 transmit packets per second, MP synchronization 4.2%." */
function currentWords(current: SweepPoint): string {
  const info = kernelInfo(current.kernel);
  return (
    `This run: ${info.title}, ${cpusWords(current.cpus)}, ${formatCount(current.throughput)} ${info.throughput.words}, ` +
    `${spinningInSentence(current.kernel)} ${formatPct(current.mpsynchPct)}.`
  );
}

/** Which law the chart draws through each kernel's sweep. */
export type FitModel = 'usl' | 'amdahl';

export const FIT_MODEL_WORDS: Readonly<Record<FitModel, string>> = {
  usl: 'Universal Scalability Law',
  amdahl: "Amdahl's law",
};

/** Each series' throughput against its CPU counts, fitted by both laws (core/fit.ts). */
export function fitsOf(series: readonly Series[]): FittedSeries[] {
  return series.map((s) => ({ ...s, fit: fitSweep(s.points.map((p) => ({ n: p.cpus, x: p.throughput }))) }));
}

/** The law's fit of a series, or why there is none. */
function chosen(fit: SweepFit, model: FitModel): Fitted<UslFit> | Fitted<AmdahlFit> {
  return model === 'usl' ? fit.usl : fit.amdahl;
}

/** Whether the law's fit is there and poor: its curve is drawn apart, and its peak is no prediction. */
export function isPoorFit(fit: SweepFit, model: FitModel): boolean {
  const result = chosen(fit, model);
  return result.ok && result.fit.quality.verdict === 'poor';
}

/** A poor fit's label on the chart, "Classic: poor fit: peak at 31.1 CPUs, not 15"; null for a good fit, or none. */
export function poorFitLabel(kernel: string, fit: SweepFit, model: FitModel): string | null {
  const result = chosen(fit, model);
  return result.ok && result.fit.quality.verdict === 'poor' ? `${kernelInfo(kernel).short}: ${result.fit.quality.summary}` : null;
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
 * ("near": marked at the edge with an arrow); null when there is no peak, it is far off, or
 * the fit is poor (its peak is not a prediction: poorFitLabel says so instead). */
export function nMaxMark(fit: SweepFit, domain: readonly [number, number]): { nMax: number; peak: number; beyond: boolean } | null {
  if (!fit.usl.ok || fit.usl.fit.nMax === null || fit.usl.fit.peak === null || isPoorFit(fit, 'usl')) return null;
  const { nMax, peak } = fit.usl.fit;
  const [lo, hi] = domain;
  if (nMax >= lo && nMax <= hi) return { nMax, peak, beyond: false };
  if (nMax > hi && nMax <= hi + (hi - lo) / 2) return { nMax, peak, beyond: true };
  return null;
}

/** One kernel's fit in words, in its throughput's unit and its terms (KernelInfo.scalingTerms): its verdict and
 * reasons first, then X1 and where it came from, the coefficients (and which is held at its bound), and the peak (a
 * poor fit's as its curve's, not as a prediction); '' without points. */
export function fitWords(kernel: string, points: readonly SweepPoint[], fit: SweepFit, model: FitModel): string {
  if (points.length === 0) return '';
  const info = kernelInfo(kernel);
  const name = capitalised(info.title);
  const amount = (v: number) => `${formatCount(v)} ${info.throughput.unit}`;
  const result = chosen(fit, model);
  if (!result.ok) return `${name}: no ${FIT_MODEL_WORDS[model]} fit yet: ${result.reason}`;
  const terms = info.scalingTerms;
  const serial = `the share of each request\u2019s time that is serialised${terms ? ` (here ${terms.serial})` : ''}`;
  const crosstalk = `the cost of crosstalk that grows with every pair of CPUs${terms ? ` (here ${terms.crosstalk})` : ''}`;
  const clamped: readonly string[] = result.fit.clamped;
  const coefficient = (symbol: string, value: number, meaning: string) => {
    const held = clamped.includes(symbol) ? ', held at its bound' : '';
    return value === 0
      ? `${symbol} = 0${held}: the fit puts none of the loss down to what the law reads as ${meaning}`
      : `${symbol} = ${significant(value)}${held}, in the law\u2019s reading ${meaning}`;
  };
  const highest = points.reduce((a, b) => (b.throughput > a.throughput ? b : a));
  const own = `the sweep\u2019s own highest point: ${formatCount(highest.throughput)} at ${highest.cpus} CPU${highest.cpus === 1 ? '' : 's'}`;
  const { quality, x1, x1From } = result.fit;
  const poor = quality.verdict === 'poor';
  const head =
    `${name}, ${FIT_MODEL_WORDS[model]} (${points.length} points, R\u00b2 ${result.fit.r2.toFixed(3)}): ` +
    `${poor ? 'POOR FIT' : 'Good fit'}: ${quality.reasons.join('; ')}. ` +
    `X1 = ${amount(x1)}, ${x1From === 'measured' ? 'the 1-CPU run\u2019s' : 'fitted: the sweep has no 1-CPU run'}; `;
  if (result.fit.model === 'amdahl') {
    const a = result.fit;
    return (
      head +
      `${coefficient('s', a.s, serial)}. ` +
      (a.ceiling === null ? 'Throughput grows in proportion to the CPUs' : `No peak: throughput approaches X1/s = ${amount(a.ceiling)}`) +
      `; ${own}.`
    );
  }
  const u = result.fit;
  const peak =
    u.nMax !== null && u.peak !== null
      ? poor
        ? `Its curve peaks at ${formatOne(u.nMax)} CPUs (${amount(u.peak)}), a poor fit\u2019s peak, not a prediction`
        : `Peak at N_max = ${formatOne(u.nMax)} CPUs: ${amount(u.peak)}`
      : u.ceiling !== null
        ? `No peak (kappa = 0): throughput approaches X1/sigma = ${amount(u.ceiling)}`
        : 'No peak: throughput grows in proportion to the CPUs';
  return head + `${coefficient('sigma', u.sigma, serial)}; ${coefficient('kappa', u.kappa, crosstalk)}. ${peak}; ${own}.`;
}

/** What every fit on the chart is, said once. */
export const FIT_NOTE =
  'Dashed curves: the simulator\u2019s sweep, fitted by least squares to its throughput ratios (Gunther\u2019s method); ' +
  'sparser dashes: a poor fit, which misses where the sweep peaks (or whether it peaks at all) and predicts nothing. ' +
  'The coefficients are numbers of the fitted curve, not measurements of the runs: they mean what the law reads into them only ' +
  'as far as the fit is good (a coefficient held at its bound, or a poor verdict, says the law\u2019s form misses the curve). ' +
  'The numbers describe the model\u2019s curve, not the source\u2019s measurements.';

/** The fit of every series in words, then the note; '' before any point. */
export function fitSummary(fits: readonly FittedSeries[], model: FitModel): string {
  const parts = fits.map((s) => fitWords(s.kernel, s.points, s.fit, model)).filter(Boolean);
  return parts.length === 0 ? '' : [...parts, FIT_NOTE].join(' ');
}
