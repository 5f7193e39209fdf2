// src/cores/stats.test.ts -- the figures of "Your own cores": medians, Jain's fairness
// index, a run's figures from its threads' outcomes, a point's spread.
import { describe, expect, it } from 'vitest';
import type { BenchOutcome } from './bench-loop.js';
import { jainFairness, median, minMax, pointResult, runResult } from './stats.js';
import type { BenchParams } from './types.js';

const params: BenchParams = { algorithm: 'ticket', workers: 2, criticalLines: 2, criticalSpins: 0, thinkSpins: 0, durationMs: 100 };
const outcome = (acquisitions: number, elapsedMs: number, handoffSamplesNs: number[] = [], clockErrorNs = 0): BenchOutcome => ({
  acquisitions,
  elapsedMs,
  handoffSamplesNs,
  clockErrorNs,
  sink: 0,
});

describe('median, min and max', () => {
  it('the middle value, or the mean of the two middle ones; NaN for none', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNaN();
  });

  it('sorts numbers as numbers and leaves its input alone', () => {
    const values = [10, 9, 100];
    expect(median(values)).toBe(10);
    expect(values).toEqual([10, 9, 100]);
  });

  it('min and max, NaN for none', () => {
    expect(minMax([3, -1, 8])).toEqual({ min: -1, max: 8 });
    expect(minMax([])).toEqual({ min: NaN, max: NaN });
  });
});

describe("Jain's fairness index", () => {
  it('is 1 when every share is the same', () => {
    expect(jainFairness([5, 5, 5, 5])).toBe(1);
    expect(jainFairness([42])).toBe(1);
  });

  it('is 1/n when one thread got everything', () => {
    expect(jainFairness([100, 0, 0, 0])).toBeCloseTo(0.25, 12);
    expect(jainFairness([0, 7])).toBeCloseTo(0.5, 12);
  });

  it('lies between, as (sum x)^2 / (n sum x^2)', () => {
    expect(jainFairness([1, 2, 3])).toBeCloseTo(36 / (3 * 14), 12);
  });

  it('is NaN when there is nothing to share', () => {
    expect(jainFairness([])).toBeNaN();
    expect(jainFairness([0, 0])).toBeNaN();
  });
});

describe("a run's figures", () => {
  it('acquisitions/s over the longest thread, the shares, fairness, the median hand-off of all samples', () => {
    const run = runResult(params, [outcome(600, 99, [100, 300]), outcome(400, 100, [200])], 1000);
    expect(run.params).toBe(params);
    expect(run.perWorker).toEqual([600, 400]);
    expect(run.acquisitionsPerS).toBeCloseTo(10_000, 9);
    expect(run.fairness).toBeCloseTo(1_000_000 / (2 * 520_000), 12);
    expect(run.handoffNs).toBe(200);
    expect(run.counterExact).toBe(true);
  });

  it("a hand-off's error is the two largest clock errors: it is timed on two threads' clocks", () => {
    const three = { ...params, workers: 3 };
    expect(runResult(three, [outcome(1, 1, [], 0), outcome(1, 1, [], 150), outcome(1, 1, [], 90)], 3).clockErrorNs).toBe(240);
    expect(runResult({ ...params, workers: 1 }, [outcome(1, 1)], 1).clockErrorNs).toBe(0);
  });

  it('a counter short of the acquisitions is a lost update', () => {
    expect(runResult(params, [outcome(600, 100), outcome(400, 100)], 999).counterExact).toBe(false);
  });

  it('the Int32 counter wraps past 2^31, and the check wraps with it', () => {
    const total = 2 ** 31 + 5;
    const wrapped = new Int32Array([total])[0]!;
    expect(wrapped).toBeLessThan(0);
    expect(runResult(params, [outcome(total - 5, 1000), outcome(5, 1000)], wrapped).counterExact).toBe(true);
  });

  it('no hand-off with one thread, and no rate from no time', () => {
    const run = runResult({ ...params, workers: 1 }, [outcome(0, 0)], 0);
    expect(run.handoffNs).toBeNaN();
    expect(run.acquisitionsPerS).toBe(0);
    expect(run.counterExact).toBe(true);
  });
});

describe("a point's spread", () => {
  it('the median, min and max of its runs', () => {
    const runs = [30, 10, 20].map((rate) => ({ ...runResult(params, [outcome(1, 1)], 1), acquisitionsPerS: rate }));
    const point = pointResult('ticket', 2, runs);
    expect(point).toMatchObject({ algorithm: 'ticket', workers: 2, median: 20, min: 10, max: 30 });
    expect(point.runs).toBe(runs);
  });
});
