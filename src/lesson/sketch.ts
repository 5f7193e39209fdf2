/*
 * sketch.ts -- what a sketched curve says beside the runs it predicted: which way each
 * step between two points goes, and where each curve is highest. A sketch is about
 * shape (does throughput keep rising, level off or fall?), so the verdict compares
 * directions and peaks, not values; the chart and its table show the values. Along
 * machine.cpus the runs are also fitted by the Universal Scalability Law, with the fit's
 * verdict (core/fit.ts): a poor fit is said to be one, and its peak is no prediction.
 */
import { fitUsl, significant, uslAt } from '../core/fit.js';
import type { PredictSketch } from './components.js';
import { plural } from '../views/format.js';

export type Direction = 'up' | 'down' | 'flat';

/** A step counts as flat when it moves less than this share of the curve's highest value. */
export const FLAT_SHARE = 0.05;

/** The direction of each step between neighbouring points. */
export function directions(values: number[]): Direction[] {
  const top = Math.max(...values.map(Math.abs), 0);
  return values.slice(1).map((value, i) => {
    const change = value - values[i]!;
    if (Math.abs(change) <= FLAT_SHARE * top) return 'flat';
    return change > 0 ? 'up' : 'down';
  });
}

/** The index of the highest point (the first, if several are equal). */
export function peakIndex(values: number[]): number {
  return values.reduce((best, value, i) => (value > values[best]! ? i : best), 0);
}

export interface SketchVerdict {
  /** Steps whose direction the sketch got right, of all steps. */
  sameSteps: number;
  steps: number;
  text: string;
}

/** The plain verdict for a sketch against the runs (every point measured). */
export function sketchVerdict(sketch: PredictSketch, predicted: number[], measured: number[]): SketchVerdict {
  const want = directions(measured);
  const got = directions(predicted);
  const sameSteps = want.filter((direction, i) => direction === got[i]).length;
  const at = (i: number) => `${sketch.at[i]} ${sketch.label}`;
  const runPeak = peakIndex(measured);
  const yourPeak = peakIndex(predicted);
  const shape =
    sameSteps === want.length
      ? 'Your sketch has the shape the runs measured: every step goes the way it went.'
      : `Your sketch goes the way the runs went on ${sameSteps} of ${want.length} steps.`;
  const firstMiss = want.findIndex((direction, i) => direction !== got[i]);
  const miss =
    firstMiss < 0
      ? ''
      : ` From ${at(firstMiss)} to ${at(firstMiss + 1)} the runs went ${words(want[firstMiss]!)}; your sketch went ${words(got[firstMiss]!)}.`;
  const peak =
    runPeak === yourPeak
      ? ` Both are highest at ${at(runPeak)}.`
      : ` The runs are highest at ${at(runPeak)}; your sketch at ${at(yourPeak)}.`;
  return { sameSteps, steps: want.length, text: `${shape}${miss}${peak}` };
}

function words(direction: Direction): string {
  return direction === 'up' ? 'up' : direction === 'down' ? 'down' : 'about level';
}

/** A value the learner can set: on the axis's grid, between 0 and max. */
export function snap(sketch: PredictSketch, value: number): number {
  const stepped = Math.round(value / sketch.step) * sketch.step;
  return Math.min(sketch.max, Math.max(0, Number(stepped.toPrecision(12))));
}

/** Where an untouched sketch starts: every point at the middle of the axis. */
export function startValues(sketch: PredictSketch): number[] {
  return sketch.at.map(() => snap(sketch, sketch.max / 2));
}

export interface SketchFit {
  /** The fitted throughput at each of the sketch's points. */
  fitted: number[];
  /** Whether the fit's peak agrees with the runs' own (core/fit.ts); absent when there is no fit. */
  verdict?: 'good' | 'poor';
  /** Whether the fitted curve stays well below the runs' highest point (MISSED_TOP):
   * then it does not say where the runs peak, whatever its verdict. */
  missesTop?: boolean;
  text: string;
}

const count = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });

/** A fitted curve whose highest value is more than this share below the runs' highest
 * misses their top: a table above it shows a run higher than the curve ever goes. */
export const MISSED_TOP = 0.05;

/**
 * The Universal Scalability Law fitted to the runs of a sketch along machine.cpus
 * (core/fit.ts): its verdict and reasons first (a poor fit's peak is no prediction);
 * where its curve stays below the runs' own highest point, that in plain words before
 * anything else, since the table above shows it; its coefficients in words (which is
 * held at its bound), and where its curve peaks. Undefined for a sketch along another
 * field; a reason in words when the runs cannot be fitted.
 */
export function sketchFit(sketch: PredictSketch, measured: number[], unit: string): SketchFit | undefined {
  if (sketch.field !== 'machine.cpus') return undefined;
  const usl = fitUsl(sketch.at.map((n, i) => ({ n, x: measured[i]! })));
  if (!usl.ok) return { fitted: [], text: `No scalability fit of these runs: ${usl.reason}` };
  const { sigma, kappa, nMax, peak, ceiling, r2, clamped, quality, x1From } = usl.fit;
  const poor = quality.verdict === 'poor';
  const fitted = sketch.at.map((n) => uslAt(usl.fit, n));
  const held = (symbol: 'sigma' | 'kappa') => (clamped.includes(symbol) ? ', held at its bound' : '');
  // The runs' highest point, and the highest the fitted curve reaches (its peak, its
  // ceiling, or, for a curve still rising, its value at the last run).
  const top = peakIndex(measured);
  const highest = measured[top]!;
  const curveTop = peak ?? ceiling ?? Math.max(...fitted);
  const missesTop = curveTop < (1 - MISSED_TOP) * highest;
  const missed =
    missesTop && poor
      ? ` So it does not describe the top of your runs: where this machine peaks is what your runs show (${plural(sketch.at[top]!, 'CPU')}, ${count.format(highest)} ${unit}), not what the fit says.`
      : missesTop
        ? ` It does not describe the top of your runs: your runs are highest at ${plural(sketch.at[top]!, 'CPU')} (${count.format(highest)} ${unit}), ` +
          `and the fitted curve never gets that high: ${peak !== null && nMax !== null ? `its peak, about ${count.format(peak)} at about ${plural(Math.round(nMax), 'CPU')}` : `its highest, about ${count.format(curveTop)}`}, ` +
          `is ${Math.round((1 - curveTop / highest) * 100)}% lower. The law's smooth curve cannot follow a peak this sharp, so where this machine peaks is ` +
          `what your runs show, not what the fit says.`
        : '';
  const where =
    nMax !== null && peak !== null
      ? poor || missesTop
        ? `its curve peaks at about ${plural(Math.round(nMax), 'CPU')} (about ${count.format(peak)} ${unit}), but ${poor ? "a poor fit's" : "a curve that misses the runs' top has a"} peak ${poor ? 'is' : 'that is'} not a prediction`
        : `its curve peaks at about ${plural(Math.round(nMax), 'CPU')} (about ${count.format(peak)} ${unit}) and falls after it`
      : ceiling !== null
        ? `its curve has no peak and levels off towards ${count.format(ceiling)} ${unit}`
        : 'its curve is a straight line: no limit in this range';
  return {
    fitted,
    verdict: quality.verdict,
    missesTop,
    text:
      `The Universal Scalability Law fitted to your runs (the simulator's, not a source's) is ${poor ? 'a POOR FIT' : missesTop ? 'a fit of their shape, not of their top' : 'a good fit'}: ` +
      `${quality.reasons.join('; ')}.${missed} Contention σ = ${significant(sigma)}${held('sigma')}, ` +
      `in the law's reading the share of each request that only one CPU at a time can do; coherency κ = ${significant(kappa)}${held('kappa')}, ` +
      `in its reading the crosstalk (cache lines travelling) that grows with every pair of CPUs. They describe the curve's shape over ` +
      `these runs, not measurements of them, and only as far as the fit is good; R² = ${r2.toFixed(2)}` +
      `${x1From === 'fitted' ? "; one CPU's throughput is fitted too, as there is no run at 1 CPU" : ''}. With these, ${where}.`,
  };
}
