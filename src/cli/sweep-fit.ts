/*
 * sweep-fit.ts -- a sweep over machine.cpus, fitted: its kernel's main throughput
 * (KernelInfo.throughput) against the number of CPUs, by Amdahl's law and the Universal
 * Scalability Law (core/fit.ts), as lines under the sweep table and as the `fit` object
 * of `sweep --json --fit`. Each law's line says where X1 came from and which coefficient
 * is held at its bound; under the lines, each fit's verdict (good, or POOR FIT) and its
 * reasons. A poor fit's peak is printed as its curve's, not as a prediction. The fit
 * describes the simulator's curve, not the source's.
 */
import { fitSweep, significant, sweepPeak, type AmdahlFit, type FitQuality, type Fitted, type UslFit, type X1From } from '../core/fit.js';
import { REPORT_METRICS, reportValue, type Report, type ReportMetricPath } from '../core/report.js';
import { kernelInfo } from '../kernels/index.js';
import { two, whole } from '../kernels/summary.js';

/** The field a fit needs the sweep to vary. */
export const FIT_PATH = 'machine.cpus';

/** A fit as JSON: its numbers, or why there is none. */
export type FitJson<T> = T | { model: T extends { model: infer M } ? M : never; reason: string };

export interface SweepFitJson {
  /** What was fitted against what: the varied field and the report value. */
  x: typeof FIT_PATH;
  y: ReportMetricPath;
  /** The y value's unit, as the core describes it ("/s", "Mb/s"). */
  unit: string;
  points: number;
  /** The sweep's own highest point, to set beside the fitted peak; null when no throughput is a number. */
  highest: { cpus: number; throughput: number } | null;
  amdahl: FitJson<AmdahlFit>;
  usl: FitJson<UslFit>;
  /** In words: what the numbers describe. */
  note: string;
}

const NOTE = "the simulator's sweep, fitted: the numbers describe the model's curve, not the source's measurements";

function asJson<T extends { model: string }>(result: Fitted<T>, model: T['model']): FitJson<T> {
  return result.ok ? result.fit : ({ model, reason: result.reason } as FitJson<T>);
}

/** Fits the sweep's main throughput against its CPU counts (the varied values). */
export function sweepFit(cpus: readonly number[], reports: readonly Report[]): SweepFitJson {
  const throughput = kernelInfo(reports[0]?.kernel).throughput.path;
  const points = reports.map((report, i) => ({ n: cpus[i]!, x: reportValue(report, throughput) ?? NaN }));
  const { usl, amdahl } = fitSweep(points);
  const highest = sweepPeak(points);
  return {
    x: FIT_PATH,
    y: throughput,
    unit: REPORT_METRICS[throughput].unit,
    points: points.length,
    highest: highest && { cpus: highest.cpus, throughput: highest.throughput },
    amdahl: asJson(amdahl, 'amdahl'),
    usl: asJson(usl, 'usl'),
    note: NOTE,
  };
}

/** A throughput: whole numbers from 100 up, two decimals below. */
const amount = (value: number) => (value >= 100 ? whole(value) : two(value));

/** Where X1 came from, after its number. */
const X1_WORDS: Readonly<Record<X1From, string>> = { measured: 'the 1-CPU run', fitted: 'fitted: no 1-CPU run' };

/** A coefficient's cell: "sigma 0.0122", or "sigma 0 (held at its bound)". */
const coefficient = (name: string, value: number, clamped: readonly string[]) =>
  `${name} ${significant(value)}${clamped.includes(name) ? ' (held at its bound)' : ''}`;

/** The fit as text: one line of what was fitted, a row per model (or its reason), then each fit's verdict and reasons. */
export function formatSweepFit(fit: SweepFitJson): string {
  const words = REPORT_METRICS[fit.y];
  const what = `${words.label}${words.unit === '/s' || words.unit === '/min' ? words.unit : ` (${words.unit})`}`;
  const lines = [`Scaling fit of ${what} against ${fit.x}, ${fit.points} runs (${NOTE}):`];
  const row = (name: string, cells: string) => lines.push(`  ${name.padEnd(7)} ${cells}`);
  const verdicts: Array<[string, FitQuality]> = [];
  if ('reason' in fit.amdahl) row('Amdahl', `no fit: ${fit.amdahl.reason}`);
  else {
    const a = fit.amdahl;
    row(
      'Amdahl',
      `X1 ${amount(a.x1)} (${X1_WORDS[a.x1From]})  ${coefficient('s', a.s, a.clamped)}  R^2 ${a.r2.toFixed(4)}  ` +
        (a.ceiling === null ? 'linear: no peak, no ceiling' : `no peak: approaches ${amount(a.ceiling)}`),
    );
    verdicts.push(['Amdahl', a.quality]);
  }
  if ('reason' in fit.usl) row('USL', `no fit: ${fit.usl.reason}`);
  else {
    const u = fit.usl;
    const poor = u.quality.verdict === 'poor';
    row(
      'USL',
      `X1 ${amount(u.x1)} (${X1_WORDS[u.x1From]})  ${coefficient('sigma', u.sigma, u.clamped)}  ${coefficient('kappa', u.kappa, u.clamped)}  ` +
        `R^2 ${u.r2.toFixed(4)}  ` +
        (u.nMax !== null && u.peak !== null
          ? poor
            ? `its curve peaks at ${u.nMax.toFixed(1)} CPUs (${amount(u.peak)}): a poor fit's, not a prediction`
            : `N_max ${u.nMax.toFixed(1)} CPUs, peak ${amount(u.peak)}`
          : u.ceiling !== null
            ? `no peak (kappa = 0): approaches X1/sigma = ${amount(u.ceiling)}`
            : 'linear: no peak, no ceiling'),
    );
    verdicts.push(['USL', u.quality]);
  }
  if (fit.highest) lines.push(`  The sweep itself peaks at ${fit.highest.cpus} CPUs: ${amount(fit.highest.throughput)}.`);
  for (const [name, quality] of verdicts) {
    lines.push(`  ${name}: ${quality.verdict === 'poor' ? 'POOR FIT' : 'good fit'}`);
    for (const reason of quality.reasons) lines.push(`    - ${reason}`);
  }
  return lines.join('\n') + '\n';
}
