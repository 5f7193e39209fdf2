/*
 * src/cores/stats.ts -- the numbers of "Your own cores" (issue 41): a run's figures from
 * its threads' counts (RunResult), a point's spread over repeated runs (PointResult),
 * Jain's fairness index, medians. Pure: the browser page and `stacklab locks` share them.
 */
import type { BenchOutcome } from './bench-loop.js';
import type { BenchParams, LockAlgorithm, PointResult, RunResult } from './types.js';

/** The middle finite value (the mean of the two middle ones for an even count); NaN for none. NaN and infinities are left out. */
export function median(values: readonly number[]): number {
  const sorted = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const half = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2;
}

/** The smallest and largest value; NaN, NaN for none. */
export function minMax(values: readonly number[]): { min: number; max: number } {
  if (values.length === 0) return { min: NaN, max: NaN };
  return { min: Math.min(...values), max: Math.max(...values) };
}

/**
 * Jain's fairness index (Jain, Chiu & Hawe, DEC-TR-301, 1984): (sum x)^2 / (n sum x^2).
 * 1 when every share is the same, 1/n when one thread got everything; NaN for no shares
 * or when all are 0 (nothing to share).
 */
export function jainFairness(shares: readonly number[]): number {
  let sum = 0;
  let squares = 0;
  for (const x of shares) {
    sum += x;
    squares += x * x;
  }
  return squares > 0 ? (sum * sum) / (shares.length * squares) : NaN;
}

/**
 * A run's figures from its threads' outcomes (in thread order) and the shared counter
 * after the run (an Int32: it wraps past 2^31, and so does the sum it is checked against).
 * The run lasts from the common start to the last thread's last release.
 */
export function runResult(params: BenchParams, outcomes: readonly BenchOutcome[], counter: number): RunResult {
  const perWorker = outcomes.map((outcome) => outcome.acquisitions);
  const total = perWorker.reduce((a, b) => a + b, 0);
  const elapsedMs = Math.max(0, ...outcomes.map((outcome) => outcome.elapsedMs));
  return {
    params,
    acquisitionsPerS: elapsedMs > 0 ? total / (elapsedMs / 1000) : 0,
    perWorker,
    fairness: jainFairness(perWorker),
    handoffNs: median(outcomes.flatMap((outcome) => outcome.handoffSamplesNs)),
    clockErrorNs: outcomes
      .map((outcome) => outcome.clockErrorNs)
      .sort((a, b) => b - a)
      .slice(0, 2)
      .reduce((a, b) => a + b, 0),
    counterExact: counter === (total | 0),
  };
}

/** One algorithm at one worker count: its runs and the median, min and max of their acquisitions/s. */
export function pointResult(algorithm: LockAlgorithm, workers: number, runs: RunResult[]): PointResult {
  const rates = runs.map((run) => run.acquisitionsPerS);
  return { algorithm, workers, runs, median: median(rates), ...minMax(rates) };
}

/**
 * What a hand-off median can say, given how far the clocks that timed it can be off: the
 * figure itself, or, where the clocks agreed no better than the figure (a busy machine,
 * or a browser's 5 µs timer step), only that it was at most `ns`. A hand-off is never
 * negative, so a median under 0 is all clock error. undefined: no hand-off was timed.
 */
export function handoffReading(handoffNs: number, clockErrorNs: number): { ns: number; atMost: boolean } | undefined {
  if (!Number.isFinite(handoffNs)) return undefined;
  if (clockErrorNs < handoffNs) return { ns: handoffNs, atMost: false };
  return { ns: Math.max(handoffNs, 0) + clockErrorNs, atMost: true };
}

/** A point's figures over its repeated runs, as the page and `stacklab locks` print them. */
export interface PointSummary {
  /** The median of the runs' fairness (NaN if none has one). */
  fairness: number;
  /** The median of the runs' hand-offs, read against the largest clock error among them (handoffReading). */
  handoff: { ns: number; atMost: boolean } | undefined;
  /** The largest clock error among the runs that timed a hand-off, ns. */
  clockErrorNs: number;
  /** Runs whose shared counter came out short (a lost update: the lock did not hold). */
  lostRuns: number;
  /** The most threads one run left without a single acquisition (an unfair lock, or a thread kept off the cores). */
  starved: number;
}

export function pointSummary(point: PointResult): PointSummary {
  const timed = point.runs.filter((run) => Number.isFinite(run.handoffNs));
  const clockErrorNs = Math.max(0, ...timed.map((run) => run.clockErrorNs));
  return {
    fairness: median(point.runs.map((run) => run.fairness)),
    handoff: handoffReading(median(timed.map((run) => run.handoffNs)), clockErrorNs),
    clockErrorNs,
    lostRuns: point.runs.filter((run) => !run.counterExact).length,
    starved: Math.max(0, ...point.runs.map((run) => run.perWorker.filter((n) => n === 0).length)),
  };
}
