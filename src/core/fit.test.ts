/*
 * fit.test.ts -- the Amdahl and USL fits recover the coefficients of synthetic curves
 * (dense and sparse sweeps, with and without small deterministic noise, with and
 * without the N = 1 point), find N_max, are no worse than a fine grid search of their
 * own objective (Gunther's least squares of the ratios), take X1 from the 1-CPU run or
 * say it is fitted, say which coefficient the data hold at a bound, judge each fit
 * against the sweep's own peak (synthetic curves, and real sweeps of the simulator: the
 * classic kernel over 1..16 and 1..32 CPUs, the service under a ticket lock and under
 * MCS over the lab's 8..64), and turn degenerate input into a reason in words.
 */
import { describe, expect, it } from 'vitest';
import { amdahlAt, fitAmdahl, fitSweep, fitUsl, sweepPeak, uslAt, type FitPoint, type UslFit } from './fit.js';
import { readSchema, reportValue, runScenario, validateScenario, type Report } from './index.js';
import { loadCoreFromDisk } from './node.js';
import { readPreset } from './presets.js';
import { kernelInfo } from '../kernels/index.js';

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

const PAIRS: Array<[number, number]> = [
  [0.05, 0.0005],
  [0.1, 0],
  [0, 0.001],
  [0.02, 0.0002],
  [0.3, 0.01],
  [0, 0],
];

describe('the USL fit recovers known coefficients', () => {
  // Noise limits what 5 or 6 points can pin down (kappa = 0.0002 peaks at N = 70, far past
  // 32): at +-0.02% every coefficient is within 2% on the sparse sweeps, at +-0.5% on the
  // dense one; at +-0.5% on a sparse sweep the curve itself stays within 1% (below).
  const sweeps: Array<[string, number[], number]> = [
    ['1..64', DENSE, 0],
    ['1..64, +-0.5% noise', DENSE, 0.005],
    ['1,2,4..32', SPARSE, 0],
    ['1,2,4..32, +-0.02% noise', SPARSE, 0.0002],
    ['2,4..32 (no N = 1)', SPARSE_NO_ONE, 0],
    ['2,4..32 (no N = 1), +-0.02% noise', SPARSE_NO_ONE, 0.0002],
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
    for (const [ns, noise] of [
      [DENSE, 0],
      [DENSE, 0.005],
      [SPARSE, 0],
      [SPARSE_NO_ONE, 0],
      [SPARSE, 0.0005],
    ] as const) {
      const points = noisy(
        ns.map((n) => ({ n, x: amdahlAt({ x1: X1, s }, n) })),
        noise,
      );
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

/**
 * The fit's own objective, Gunther's: the sum of squares of N/X(N) - (1 + sigma x + kappa
 * x (x + 1)) / X1 over the points (x = N - 1), which is that of y = N/C(N) - 1 divided by
 * X1 squared, with X1 the 1-CPU run's when there is one, else the best for (sigma, kappa).
 */
function ratioSse(points: FitPoint[], sigma: number, kappa: number): number {
  const g = points.map(({ n }) => 1 + sigma * (n - 1) + kappa * n * (n - 1));
  const z = points.map(({ n, x }) => n / x);
  const ones = points.filter((p) => p.n === 1);
  const a =
    ones.length > 0
      ? ones.length / ones.reduce((sum, p) => sum + p.x, 0)
      : z.reduce((sum, v, i) => sum + v * g[i]!, 0) / g.reduce((sum, v) => sum + v * v, 0);
  return z.reduce((sum, v, i) => sum + (v - a * g[i]!) ** 2, 0);
}

/** The least of that objective on a grid of (sigma, kappa): a check on the global minimum. */
function gridBest(points: FitPoint[], sigmas: number[], kappas: number[]): number {
  let best = Infinity;
  for (const sigma of sigmas) for (const kappa of kappas) best = Math.min(best, ratioSse(points, sigma, kappa));
  return best;
}

describe('the fit is the least squares of the ratios, not a local dip', () => {
  const shapes: Array<[string, FitPoint[]]> = [
    ['rises then falls (sparse, noisy)', noisy(usl(SPARSE, 0.3, 0.01), 0.02)],
    ['rises then falls, no N = 1 (sparse, noisy)', noisy(usl(SPARSE_NO_ONE, 0.05, 0.002), 0.02)],
    ['a plateau with a bump', [1, 2, 3, 4, 6, 8, 12, 16].map((n, i) => ({ n, x: [100, 180, 230, 250, 262, 255, 260, 258][i]! }))],
    ['falls from the start', [1, 2, 3, 4, 5].map((n, i) => ({ n, x: [100, 90, 70, 60, 50][i]! }))],
    ['superlinear (a curve USL cannot follow)', [1, 2, 3, 4, 5].map((n) => ({ n, x: n * n }))],
  ];
  const steps = (to: number, count: number) => Array.from({ length: count + 1 }, (_, i) => (to * i) / count);

  it.each(shapes)('USL: %s', (_name, points) => {
    const result = fitUsl(points);
    if (!result.ok) throw new Error(result.reason);
    const grid = gridBest(points, steps(3, 300), steps(0.05, 250));
    expect(ratioSse(points, result.fit.sigma, result.fit.kappa)).toBeLessThanOrEqual(grid * (1 + 1e-9));
  });

  it.each(shapes)('Amdahl: %s', (_name, points) => {
    const result = fitAmdahl(points);
    if (!result.ok) throw new Error(result.reason);
    const grid = gridBest(points, steps(1, 20000), [0]);
    expect(ratioSse(points, result.fit.s, 0)).toBeLessThanOrEqual(grid * (1 + 1e-9));
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
    [
      'two points',
      [
        { n: 1, x: 10 },
        { n: 2, x: 19 },
      ],
      /only 2 points/,
    ],
    [
      'every point at one N',
      [
        { n: 4, x: 10 },
        { n: 4, x: 11 },
        { n: 4, x: 12 },
      ],
      /every point is at N = 4/,
    ],
    [
      'two distinct N',
      [
        { n: 1, x: 10 },
        { n: 2, x: 19 },
        { n: 2, x: 18 },
      ],
      /only 2 different CPU counts \(1 and 2\)/,
    ],
    [
      'zero throughput',
      [
        { n: 1, x: 10 },
        { n: 2, x: 0 },
        { n: 3, x: 25 },
      ],
      /throughput at N = 2 is 0/,
    ],
    [
      'negative throughput',
      [
        { n: 1, x: 10 },
        { n: 2, x: -5 },
        { n: 3, x: 25 },
      ],
      /throughput at N = 2 is -5/,
    ],
    [
      'NaN throughput',
      [
        { n: 1, x: 10 },
        { n: 2, x: NaN },
        { n: 3, x: 25 },
      ],
      /throughput at N = 2 is not a finite number/,
    ],
    [
      'infinite throughput',
      [
        { n: 1, x: 10 },
        { n: 2, x: Infinity },
        { n: 3, x: 25 },
      ],
      /not a finite number/,
    ],
    [
      'NaN CPU count',
      [
        { n: NaN, x: 10 },
        { n: 2, x: 19 },
        { n: 3, x: 25 },
      ],
      /CPU count is not a number/,
    ],
    [
      'CPU count below 1',
      [
        { n: 0, x: 10 },
        { n: 2, x: 19 },
        { n: 3, x: 25 },
      ],
      /CPU count 0 is below 1/,
    ],
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
    const { usl: u, amdahl: a } = fitSweep([
      { n: 1, x: 10 },
      { n: 2, x: 19 },
      { n: 3, x: 25 },
    ]);
    expect(u.ok && a.ok).toBe(true);
    expectFinite(u, a);
  });
});

describe("X1: the 1-CPU run's, or fitted when the sweep has none", () => {
  it('is the measured throughput at N = 1 (the mean of several runs there), whatever the rest', () => {
    const points = noisy(usl(SPARSE, 0.05, 0.0005), 0.01);
    const result = fitUsl(points);
    expect(result.ok && [result.fit.x1, result.fit.x1From]).toEqual([points[0]!.x, 'measured']);
    const twice = fitAmdahl([
      { n: 1, x: 100 },
      { n: 1, x: 110 },
      { n: 2, x: 190 },
      { n: 4, x: 340 },
    ]);
    expect(twice.ok && [twice.fit.x1, twice.fit.x1From]).toEqual([105, 'measured']);
  });

  it('is fitted, and says so, without an N = 1 point', () => {
    const usl8 = fitUsl(usl([8, 16, 24, 32, 40], 0.02, 0.0004));
    if (!usl8.ok) throw new Error(usl8.reason);
    expect(usl8.fit.x1From).toBe('fitted');
    near(usl8.fit.x1, X1, 0);
    const amdahl8 = fitAmdahl([8, 16, 24, 32].map((n) => ({ n, x: amdahlAt({ x1: X1, s: 0.05 }, n) })));
    expect(amdahl8.ok && amdahl8.fit.x1From).toBe('fitted');
  });
});

describe('a coefficient the data hold at its bound is named', () => {
  it('none on an exact curve, even with a coefficient at 0', () => {
    for (const [sigma, kappa] of PAIRS) {
      const result = fitUsl(usl(DENSE, sigma, kappa));
      expect(result.ok && result.fit.clamped).toEqual([]);
    }
    const amdahl = fitAmdahl(DENSE.map((n) => ({ n, x: amdahlAt({ x1: X1, s: 0 }, n) })));
    expect(amdahl.ok && amdahl.fit.clamped).toEqual([]);
  });

  it('sigma and kappa at 0 on a superlinear sweep, in words among the reasons', () => {
    const result = fitUsl([1, 2, 3, 4, 5].map((n) => ({ n, x: n * n })));
    if (!result.ok) throw new Error(result.reason);
    expect([result.fit.sigma, result.fit.kappa, result.fit.clamped]).toEqual([0, 0, ['sigma', 'kappa']]);
    expect(result.fit.quality.reasons).toContain(
      'sigma is held at its bound 0: the points would take it below 0, which the law does not allow',
    );
    expect(result.fit.quality.reasons).toContain(
      'kappa is held at its bound 0: the points would take it below 0, which the law does not allow',
    );
  });

  it('s at 1 when throughput falls as CPUs are added', () => {
    const result = fitAmdahl([1, 2, 3, 4, 5].map((n, i) => ({ n, x: [100, 90, 70, 60, 50][i]! })));
    if (!result.ok) throw new Error(result.reason);
    expect([result.fit.s, result.fit.clamped]).toEqual([1, ['s']]);
    expect(result.fit.quality.reasons).toContain(
      's is held at its bound 1: the points would take it above 1, which the law does not allow',
    );
  });
});

/** A fit that must be there. */
function fitted(points: readonly FitPoint[]): UslFit {
  const result = fitUsl(points);
  if (!result.ok) throw new Error(result.reason);
  return result.fit;
}

describe("the sweep's own peak", () => {
  it('is its highest point, with the counts either side, and how the sweep ends', () => {
    expect(
      sweepPeak([
        { n: 4, x: 10 },
        { n: 1, x: 3 },
        { n: 2, x: 6 },
        { n: 8, x: 9 },
      ]),
    ).toEqual({
      cpus: 4,
      throughput: 10,
      before: 2,
      after: 8,
      lastCpus: 8,
      lastThroughput: 9,
      tail: { cpus: 4, throughput: 10 },
      end: 'falls',
    });
    expect(
      sweepPeak([
        { n: 1, x: 3 },
        { n: 2, x: 6 },
        { n: 4, x: 10 },
      ]),
    ).toMatchObject({ cpus: 4, after: null, end: 'rising' });
    // within 2% of the highest at the end: it levels off, not falling; the last the highest, but by
    // under 2% over the last quarter of the range (from 13 CPUs here): it levels off too
    expect(
      sweepPeak([
        { n: 1, x: 3 },
        { n: 2, x: 10 },
        { n: 4, x: 9.9 },
      ]),
    ).toMatchObject({ cpus: 2, end: 'flat' });
    expect(sweepPeak([1, 2, 4, 8, 12, 14, 16].map((n, i) => ({ n, x: [1, 2, 4, 8, 9.95, 10, 10.1][i]! })))).toMatchObject({
      cpus: 16,
      tail: { cpus: 14, throughput: 10 },
      end: 'flat',
    });
    // a curve rising a little at each of many steps is still rising over its last quarter
    expect(sweepPeak(DENSE.map((n) => ({ n, x: n })))).toMatchObject({ tail: { cpus: 49 }, end: 'rising' });
    expect(
      sweepPeak([
        { n: 1, x: 5 },
        { n: 2, x: 5 },
        { n: 4, x: 4 },
      ]),
    ).toMatchObject({ cpus: 1, before: null, end: 'falls' });
    expect(sweepPeak([])).toBeNull();
  });
});

describe("the verdict: a fitted peak must agree with the sweep's own", () => {
  it("an exact USL curve is fitted exactly and judged good, its peak beside the sweep's", () => {
    const points = usl(DENSE, 0.05, 0.0005);
    const fit = fitted(points);
    expect(fit.nMax).toBeCloseTo(Math.sqrt(0.95 / 0.0005), 9);
    expect(fit.r2).toBeGreaterThan(0.999999);
    expect(fit.quality).toEqual({
      verdict: 'good',
      reasons: [
        `the fit's peak (43.6 CPUs, ${Math.round(fit.peak!).toLocaleString('en')}) agrees with the sweep's own (44 CPUs, ` +
          `${Math.round(points[43]!.x).toLocaleString('en')}): within 20% in CPUs, within 20% in throughput`,
      ],
      summary: 'good fit',
    });
  });

  it('a linear curve gets no peak, and is good', () => {
    const fit = fitted(usl(SPARSE, 0, 0));
    expect([fit.sigma, fit.kappa, fit.nMax, fit.peak, fit.ceiling, fit.clamped]).toEqual([0, 0, null, null, null, []]);
    expect(fit.quality).toEqual({
      verdict: 'good',
      reasons: ['the sweep does not fall (it is still rising at its last point, 32 CPUs), and the fit predicts no peak'],
      summary: 'good fit',
    });
  });

  it('a flat curve gets no predicted peak; a nearly flat one whose fit peaks is poor, its peak not a prediction', () => {
    const flat = fitted([1, 2, 4, 8].map((n) => ({ n, x: 500 })));
    expect(flat.sigma).toBeCloseTo(1, 12);
    expect([flat.kappa, flat.nMax, flat.peak]).toEqual([0, null, null]);
    expect(flat.quality.verdict).toBe('good');
    expect(flat.quality.reasons[0]).toBe(
      'the sweep does not fall (it levels off: at 8 CPUs it is within 2% of its highest, 500 at 1 CPU), and the fit predicts no peak',
    );
    // rises to a plateau that wobbles by 1%: the law bends it into a peak the sweep does not show
    const plateau = fitted([1, 2, 4, 8, 12, 16, 24, 32].map((n, i) => ({ n, x: [100, 195, 370, 640, 700, 707, 700, 707][i]! })));
    expect(plateau.nMax).not.toBeNull();
    expect(plateau.nMax!).toBeLessThan(32);
    expect(plateau.quality.verdict).toBe('poor');
    expect(plateau.quality.summary).toBe(`poor fit: peak at ${plateau.nMax!.toFixed(1)} CPUs, the sweep does not fall`);
    expect(plateau.quality.reasons[0]).toBe(
      `the fit's curve peaks at ${plateau.nMax!.toFixed(1)} CPUs and falls after it, ` +
        'but the sweep does not fall (it levels off: at 32 CPUs it is within 2% of its highest, 707 at 16 CPUs)',
    );
  });

  it('an exact curve sampled before its peak is poor: the peak lies beyond anything measured', () => {
    const fit = fitted(usl(DENSE.slice(0, 16), 0, 0.001));
    expect(fit.nMax).toBeCloseTo(Math.sqrt(1000), 9);
    expect(fit.quality).toEqual({
      verdict: 'poor',
      reasons: [
        "the fit puts a peak at 31.6 CPUs, beyond the sweep's last point (16 CPUs), where nothing was measured, " +
          'and the sweep does not fall (it is still rising at its last point, 16 CPUs)',
      ],
      summary: 'poor fit: peak at 31.6 CPUs, past the sweep',
    });
  });

  it('a sparse sweep places its peak only between the counts either side of it', () => {
    // N_max 19.5: the sweep's highest is at 16 (just above 24), 22% short of it, but between 8 and 24
    const fit = fitted(usl([8, 16, 24, 32, 40, 48, 56, 64], 0, 1 / 19.5 ** 2));
    expect(sweepPeak(usl([8, 16, 24, 32, 40, 48, 56, 64], 0, 1 / 19.5 ** 2))).toMatchObject({ cpus: 16, before: 8, after: 24 });
    expect(fit.x1From).toBe('fitted');
    expect(fit.quality.verdict).toBe('good');
    expect(fit.quality.reasons[0]).toMatch(
      /^the fit's peak \(19\.5 CPUs, [\d,]+\) agrees with the sweep's own \(16 CPUs, [\d,]+\): between the counts the sweep measured either side of its peak \(8 CPUs and 24 CPUs\), within 20% in throughput$/,
    );
  });

  it("Amdahl's law never falls: poor on a sweep that does, good on one that does not", () => {
    const falls = fitAmdahl(usl(DENSE, 0.05, 0.0005));
    expect(falls.ok && falls.fit.quality.verdict).toBe('poor');
    expect(falls.ok && falls.fit.quality.summary).toBe('poor fit: the sweep falls, the law cannot');
    expect(falls.ok && falls.fit.quality.reasons[0]).toMatch(
      /^the sweep peaks at 44 CPUs \([\d,]+\) and falls 3% by 64 CPUs, and Amdahl's law never falls$/,
    );
    const rises = fitAmdahl(DENSE.map((n) => ({ n, x: amdahlAt({ x1: X1, s: 0.1 }, n) })));
    expect(rises.ok && rises.fit.quality).toEqual({
      verdict: 'good',
      reasons: ["the sweep does not fall (it is still rising at its last point, 64 CPUs), and neither does Amdahl's law"],
      summary: 'good fit',
    });
  });

  it('every fit has a verdict and a reason in words, never NaN', () => {
    const shapes = [
      usl(DENSE, 0.3, 0.01),
      usl(SPARSE, 1.5, 0.01),
      noisy(usl(SPARSE_NO_ONE, 0.05, 0.002), 0.02),
      [1, 2, 3].map((n, i) => ({ n, x: [10, 19, 25][i]! })),
      [1, 2, 4, 8].map((n) => ({ n, x: 500 })),
    ];
    for (const points of shapes) {
      for (const result of Object.values(fitSweep(points))) {
        if (!result.ok) throw new Error(result.reason);
        expect(['good', 'poor']).toContain(result.fit.quality.verdict);
        expect(result.fit.quality.reasons.length).toBeGreaterThan(0);
        for (const reason of result.fit.quality.reasons) expect(reason).not.toMatch(/NaN|undefined|Infinity/);
      }
    }
  });
});

describe('real sweeps of the simulator, each preset as it is', async () => {
  const core = await loadCoreFromDisk();
  const schema = readSchema(core);
  /** The preset's main throughput (its kernel's, as the chart and the CLI fit it) at each CPU count. */
  function sweep(preset: string, cpus: number[]): FitPoint[] {
    const base = validateScenario(schema, readPreset(preset)).values;
    return cpus.map((n) => {
      const report = JSON.parse(runScenario(core, { ...base, 'machine.cpus': n })) as Report;
      return { n, x: reportValue(report, kernelInfo(report.kernel).throughput.path)! };
    });
  }
  const range = (from: number, to: number, step = 1) =>
    Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);
  const count = (x: number) => Math.round(x).toLocaleString('en');
  const classic = sweep('testbed-classic', range(1, 32));

  it('classic, 1..16 CPUs: the sweep peaks at 15 and falls; the fit puts its peak far past it: poor, sigma held at 0', () => {
    const points = classic.slice(0, 16);
    const own = sweepPeak(points)!;
    expect([own.cpus, own.end]).toEqual([15, 'falls']);
    const fit = fitted(points);
    expect([fit.x1, fit.x1From, fit.sigma, fit.clamped]).toEqual([points[0]!.x, 'measured', 0, ['sigma']]);
    expect(fit.r2).toBeGreaterThan(0.98); // a high R^2 ...
    expect(fit.quality.verdict).toBe('poor'); // ... and a wrong peak
    expect(fit.quality.summary).toBe(`poor fit: peak at ${fit.nMax!.toFixed(1)} CPUs, not 15`);
    const past = Math.round((fit.nMax! / 15 - 1) * 100);
    expect(past).toBeGreaterThan(20);
    expect(fit.quality.reasons).toEqual([
      `the fit's peak (${fit.nMax!.toFixed(1)} CPUs) is ${past}% past the sweep's own peak (15 CPUs)`,
      ...(Math.abs(fit.peak! / own.throughput - 1) > 0.2
        ? [
            `the fit's peak throughput (${count(fit.peak!)}) is ${Math.round(Math.abs(fit.peak! / own.throughput - 1) * 100)}% ` +
              `${fit.peak! > own.throughput ? 'above' : 'below'} the sweep's highest (${count(own.throughput)} at 15 CPUs)`,
          ]
        : []),
      'sigma is held at its bound 0: the points would take it below 0, which the law does not allow',
    ]);
    const amdahl = fitAmdahl(points);
    expect(amdahl.ok && amdahl.fit.quality.verdict).toBe('poor');
    expect(amdahl.ok && amdahl.fit.quality.reasons[0]).toMatch(
      /^the sweep peaks at 15 CPUs \([\d,]+\) and falls \d+% by 16 CPUs, and Amdahl's law never falls$/,
    );
  });

  it("classic, 1..32 CPUs: the fit's N_max is near the sweep's, its peak throughput far below: poor", () => {
    const own = sweepPeak(classic)!;
    expect([own.cpus, own.end]).toEqual([15, 'falls']);
    const fit = fitted(classic);
    expect(Math.abs(fit.nMax! / 15 - 1)).toBeLessThanOrEqual(0.2);
    const below = 1 - fit.peak! / own.throughput;
    expect(below).toBeGreaterThan(0.2);
    expect(fit.quality.verdict).toBe('poor');
    expect(fit.quality.reasons[0]).toBe(
      `the fit's peak throughput (${count(fit.peak!)}) is ${Math.round(below * 100)}% below the sweep's highest (${count(own.throughput)} at 15 CPUs)`,
    );
    expect(fit.quality.summary).toBe(`poor fit: peak ${count(fit.peak!)}, not ${count(own.throughput)}`);
    expect(fit.quality.reasons.some((r) => r.includes('past the sweep') || r.includes('short of the sweep'))).toBe(false);
  });

  it("service-ticket, 8..64 CPUs: the ticket lock peaks and collapses; the fit's peak agrees with it: good", () => {
    const points = sweep('service-ticket', range(8, 64, 8));
    const own = sweepPeak(points)!;
    expect([own.cpus, own.end]).toEqual([16, 'falls']);
    expect(own.lastThroughput).toBeLessThan(own.throughput * 0.5);
    const fit = fitted(points);
    expect(fit.x1From).toBe('fitted');
    expect(fit.kappa).toBeGreaterThan(0);
    expect(Math.abs(fit.nMax! / 16 - 1)).toBeLessThanOrEqual(0.2);
    expect(Math.abs(fit.peak! / own.throughput - 1)).toBeLessThanOrEqual(0.2);
    expect(fit.quality).toEqual({
      verdict: 'good',
      reasons: [
        `the fit's peak (${fit.nMax!.toFixed(1)} CPUs, ${count(fit.peak!)}) agrees with the sweep's own (16 CPUs, ${count(own.throughput)}): ` +
          'within 20% in CPUs, within 20% in throughput',
      ],
      summary: 'good fit',
    });
    const amdahl = fitAmdahl(points);
    expect(amdahl.ok && amdahl.fit.quality.verdict).toBe('poor');
  });

  it('service-mcs, 8..64 CPUs: the queue lock levels off and never falls; a fitted peak is poor, Amdahl is good', () => {
    const points = sweep('service-mcs', range(8, 64, 8));
    const own = sweepPeak(points)!;
    expect(own.end).not.toBe('falls');
    const fit = fitted(points);
    expect(fit.nMax).not.toBeNull();
    expect(fit.nMax!).toBeLessThan(64);
    expect(fit.quality.verdict).toBe('poor');
    expect(fit.quality.reasons[0]).toMatch(
      new RegExp(
        `^the fit's curve peaks at ${fit.nMax!.toFixed(1).replace('.', '\\.')} CPUs and falls after it, but the sweep does not fall \\(`,
      ),
    );
    const amdahl = fitAmdahl(points);
    expect(amdahl.ok && amdahl.fit.quality.verdict).toBe('good');
    expect(amdahl.ok && amdahl.fit.quality.reasons[0]).toMatch(/^the sweep does not fall \(.*\), and neither does Amdahl's law$/);
  });
});
