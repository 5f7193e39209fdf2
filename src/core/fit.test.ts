/*
 * fit.test.ts -- the Amdahl and USL fits recover the coefficients of synthetic curves
 * (dense and sparse sweeps, with and without small deterministic noise, with and
 * without the N = 1 point), find N_max, are no worse than a fine grid search (the
 * global least squares), and turn degenerate input into a reason in words.
 */
import { describe, expect, it } from 'vitest';
import { amdahlAt, fitAmdahl, fitSweep, fitUsl, uslAt, type FitPoint } from './fit.js';

const DENSE = Array.from({ length: 64 }, (_, i) => i + 1);
const SPARSE = [1, 2, 4, 8, 16, 32];
const SPARSE_NO_ONE = [2, 4, 8, 16, 32];
const X1 = 1234.5;

/** Deterministic noise: a multiplicative wobble of at most +-amplitude (golden-angle phases, no generator). */
function noisy(points: FitPoint[], amplitude: number): FitPoint[] {
  return points.map(({ n, x }, i) => ({ n, x: x * (1 + amplitude * Math.sin(i * 2.399963 + 1)) }));
}

function usl(ns: number[], sigma: number, kappa: number, x1 = X1): FitPoint[] {
  return ns.map((n) => ({ n, x: uslAt({ x1, sigma, kappa }, n) }));
}

/** Within 2% of a coefficient; a zero coefficient must come out near zero (absolute). */
function near(actual: number, expected: number, zeroTolerance: number): void {
  if (expected === 0) expect(actual).toBeLessThanOrEqual(zeroTolerance);
  else expect(Math.abs(actual / expected - 1)).toBeLessThan(0.02);
}

const PAIRS: Array<[number, number]> = [[0.05, 0.0005], [0.1, 0], [0, 0.001], [0.02, 0.0002], [0.3, 0.01], [0, 0]];

describe('the USL fit recovers known coefficients', () => {
  // Noise limits what 5 or 6 points can pin down (kappa = 0.0002 peaks at N = 70, far past
  // 32): at +-0.02% every coefficient is within 2% on the sparse sweeps, at +-0.5% on the
  // dense one; at +-0.5% on a sparse sweep the curve itself stays within 1% (below).
  const sweeps: Array<[string, number[], number]> = [
    ['1..64', DENSE, 0], ['1..64, +-0.5% noise', DENSE, 0.005],
    ['1,2,4..32', SPARSE, 0], ['1,2,4..32, +-0.02% noise', SPARSE, 0.0002],
    ['2,4..32 (no N = 1)', SPARSE_NO_ONE, 0], ['2,4..32 (no N = 1), +-0.02% noise', SPARSE_NO_ONE, 0.0002],
  ];
  for (const [sigma, kappa] of PAIRS) {
    it.each(sweeps)(`sigma ${sigma}, kappa ${kappa}: %s`, (_name, ns, noise) => {
      const result = fitUsl(noisy(usl(ns, sigma, kappa), noise));
      if (!result.ok) throw new Error(result.reason);
      const fit = result.fit;
      near(fit.x1, X1, 0);
      near(fit.sigma, sigma, noise ? 0.002 : 1e-9);
      near(fit.kappa, kappa, noise ? 2e-5 : 1e-12);
      expect(fit.r2).toBeGreaterThan(noise ? 0.999 : 0.999999);
      expect(fit.points).toBe(ns.length);
      if (kappa > 0) near(fit.nMax!, Math.sqrt((1 - sigma) / kappa), 0);
    });
  }

  it('keeps the whole curve within 1% on a sparse sweep with +-0.5% noise', () => {
    for (const [sigma, kappa] of PAIRS) {
      const result = fitUsl(noisy(usl(SPARSE, sigma, kappa), 0.005));
      if (!result.ok) throw new Error(result.reason);
      for (const n of DENSE.slice(0, 32)) {
        expect(Math.abs(uslAt(result.fit, n) / uslAt({ x1: X1, sigma, kappa }, n) - 1)).toBeLessThan(0.01);
      }
    }
  });

  it('coefficients the data do not need come out exactly 0', () => {
    const amdahlShaped = fitUsl(usl(DENSE, 0.1, 0));
    expect(amdahlShaped.ok && amdahlShaped.fit.kappa).toBe(0);
    const linear = fitUsl(usl(DENSE, 0, 0));
    expect(linear.ok && [linear.fit.sigma, linear.fit.kappa]).toEqual([0, 0]);
  });
});

describe('N_max and the peak', () => {
  it('N_max = sqrt((1 - sigma) / kappa), and the peak is the curve there', () => {
    const result = fitUsl(usl(DENSE, 0.05, 0.0005));
    if (!result.ok) throw new Error(result.reason);
    expect(result.fit.nMax).toBeCloseTo(Math.sqrt(0.95 / 0.0005), 6);
    expect(result.fit.peak).toBeCloseTo(uslAt({ x1: X1, sigma: 0.05, kappa: 0.0005 }, result.fit.nMax!), 3);
    expect(result.fit.ceiling).toBeNull();
    // the peak is the highest point of the curve
    for (const n of [40, 43, 44, 47]) expect(uslAt(result.fit, n)).toBeLessThanOrEqual(result.fit.peak! + 1e-9);
  });

  it('no peak when kappa = 0: throughput approaches X1 / sigma', () => {
    const result = fitUsl(usl(DENSE, 0.1, 0));
    if (!result.ok) throw new Error(result.reason);
    expect(result.fit.nMax).toBeNull();
    expect(result.fit.peak).toBeNull();
    expect(result.fit.ceiling).toBeCloseTo(X1 / 0.1, 6);
  });

  it('linear scaling has neither a peak nor a ceiling', () => {
    const result = fitUsl(usl(SPARSE, 0, 0));
    expect(result.ok && [result.fit.nMax, result.fit.peak, result.fit.ceiling]).toEqual([null, null, null]);
  });

  it('a curve that falls from the first CPU on peaks at N = 1 (sigma >= 1)', () => {
    const result = fitUsl(usl(SPARSE, 1.5, 0.01));
    if (!result.ok) throw new Error(result.reason);
    near(result.fit.sigma, 1.5, 0);
    expect(result.fit.nMax).toBe(1);
    expect(result.fit.peak).toBeCloseTo(X1, 6);
  });
});

describe('the Amdahl fit', () => {
  it.each([0, 0.01, 0.1, 0.5, 1])('recovers s = %s, dense and sparse, with and without noise and N = 1', (s) => {
    for (const [ns, noise] of [[DENSE, 0], [DENSE, 0.005], [SPARSE, 0], [SPARSE_NO_ONE, 0], [SPARSE, 0.0005]] as const) {
      const points = noisy(ns.map((n) => ({ n, x: amdahlAt({ x1: X1, s }, n) })), noise);
      const result = fitAmdahl(points);
      if (!result.ok) throw new Error(result.reason);
      near(result.fit.x1, X1, 0);
      near(result.fit.s, s, noise ? 0.002 : 1e-9);
      expect(result.fit.s).toBeLessThanOrEqual(1);
      expect(result.fit.ceiling === null).toBe(result.fit.s === 0);
    }
  });

  it('keeps s within [0, 1] on a curve that falls', () => {
    const result = fitAmdahl(usl(DENSE, 0.3, 0.01));
    if (!result.ok) throw new Error(result.reason);
    expect(result.fit.s).toBeGreaterThanOrEqual(0);
    expect(result.fit.s).toBeLessThanOrEqual(1);
  });
});

/** The best sum of squares on a grid of (sigma, kappa), X1 solved for each: a check on the global minimum. */
function gridBest(points: FitPoint[], sigmas: number[], kappas: number[]): number {
  let best = Infinity;
  for (const sigma of sigmas) {
    for (const kappa of kappas) {
      const g = points.map(({ n }) => uslAt({ x1: 1, sigma, kappa }, n));
      const x1 = points.reduce((sum, p, i) => sum + p.x * g[i]!, 0) / g.reduce((sum, v) => sum + v * v, 0);
      best = Math.min(best, points.reduce((sum, p, i) => sum + (p.x - x1 * g[i]!) ** 2, 0));
    }
  }
  return best;
}

function sse(points: FitPoint[], at: (n: number) => number): number {
  return points.reduce((sum, { n, x }) => sum + (x - at(n)) ** 2, 0);
}

describe('the fit is the least squares, not a local dip', () => {
  const shapes: Array<[string, FitPoint[]]> = [
    ['rises then falls (sparse, noisy)', noisy(usl(SPARSE, 0.3, 0.01), 0.02)],
    ['a plateau with a bump', [1, 2, 3, 4, 6, 8, 12, 16].map((n, i) => ({ n, x: [100, 180, 230, 250, 262, 255, 260, 258][i]! }))],
    ['falls from the start', [1, 2, 3, 4, 5].map((n, i) => ({ n, x: [100, 90, 70, 60, 50][i]! }))],
    ['superlinear (a curve USL cannot follow)', [1, 2, 3, 4, 5].map((n) => ({ n, x: n * n }))],
  ];
  const steps = (to: number, count: number) => Array.from({ length: count + 1 }, (_, i) => (to * i) / count);

  it.each(shapes)('USL: %s', (_name, points) => {
    const result = fitUsl(points);
    if (!result.ok) throw new Error(result.reason);
    const grid = gridBest(points, steps(3, 300), steps(0.05, 250));
    expect(sse(points, (n) => uslAt(result.fit, n))).toBeLessThanOrEqual(grid * (1 + 1e-9));
  });

  it.each(shapes)('Amdahl: %s', (_name, points) => {
    const result = fitAmdahl(points);
    if (!result.ok) throw new Error(result.reason);
    const grid = gridBest(points, steps(1, 20000), [0]);
    expect(sse(points, (n) => amdahlAt(result.fit, n))).toBeLessThanOrEqual(grid * (1 + 1e-9));
  });
});

/** Every number of every fit is finite (absent ones are null). */
function expectFinite(...results: ReturnType<typeof fitSweep>[keyof ReturnType<typeof fitSweep>][]): void {
  for (const result of results) {
    if (!result.ok) continue;
    for (const value of Object.values(result.fit)) if (typeof value === 'number') expect(Number.isFinite(value)).toBe(true);
  }
}

describe('degenerate input: a reason in words, never NaN', () => {
  const cases: Array<[string, FitPoint[], RegExp]> = [
    ['no points', [], /no points/],
    ['one point', [{ n: 1, x: 10 }], /only 1 point: .* at least 3/],
    ['two points', [{ n: 1, x: 10 }, { n: 2, x: 19 }], /only 2 points/],
    ['every point at one N', [{ n: 4, x: 10 }, { n: 4, x: 11 }, { n: 4, x: 12 }], /every point is at N = 4/],
    ['two distinct N', [{ n: 1, x: 10 }, { n: 2, x: 19 }, { n: 2, x: 18 }], /only 2 different CPU counts \(1 and 2\)/],
    ['zero throughput', [{ n: 1, x: 10 }, { n: 2, x: 0 }, { n: 3, x: 25 }], /throughput at N = 2 is 0/],
    ['negative throughput', [{ n: 1, x: 10 }, { n: 2, x: -5 }, { n: 3, x: 25 }], /throughput at N = 2 is -5/],
    ['NaN throughput', [{ n: 1, x: 10 }, { n: 2, x: NaN }, { n: 3, x: 25 }], /throughput at N = 2 is not a finite number/],
    ['infinite throughput', [{ n: 1, x: 10 }, { n: 2, x: Infinity }, { n: 3, x: 25 }], /not a finite number/],
    ['NaN CPU count', [{ n: NaN, x: 10 }, { n: 2, x: 19 }, { n: 3, x: 25 }], /CPU count is not a number/],
    ['CPU count below 1', [{ n: 0, x: 10 }, { n: 2, x: 19 }, { n: 3, x: 25 }], /CPU count 0 is below 1/],
  ];

  it.each(cases)('%s', (_name, points, reason) => {
    const { usl: u, amdahl: a } = fitSweep(points);
    for (const result of [u, a]) {
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.reason).toMatch(reason);
        expect(result.reason).not.toMatch(/\bNaN\b|undefined/);
      }
    }
  });

  it('a flat sweep is fitted (fully serialised), with R^2 = 1 and no NaN', () => {
    const flat = [1, 2, 4, 8].map((n) => ({ n, x: 500 }));
    const { usl: u, amdahl: a } = fitSweep(flat);
    expect(a.ok && [a.fit.s, a.fit.r2]).toEqual([1, 1]);
    expect(a.ok && a.fit.x1).toBeCloseTo(500, 9);
    expect(u.ok && u.fit.r2).toBe(1);
    expectFinite(u, a);
  });

  it('three points at three CPU counts are enough, and every number is finite', () => {
    const { usl: u, amdahl: a } = fitSweep([{ n: 1, x: 10 }, { n: 2, x: 19 }, { n: 3, x: 25 }]);
    expect(u.ok && a.ok).toBe(true);
    expectFinite(u, a);
  });
});
