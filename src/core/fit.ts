/*
 * fit.ts -- Amdahl's law and Gunther's Universal Scalability Law (USL) fitted, by least
 * squares, to the points of a sweep: (N CPUs, throughput X(N)). Pure numbers, no report,
 * kernel or view; the scaling chart (src/views/scaling/) and the CLI's sweep (src/cli/)
 * both use it, so it lives below both, beside core/sweep.ts.
 *
 *   Amdahl  X(N) = X1 N / (1 + s (N - 1))                          0 <= s <= 1
 *   USL     X(N) = X1 N / (1 + sigma (N - 1) + kappa N (N - 1))    sigma, kappa >= 0
 *
 * X1 is fitted too: the N = 1 point may be missing, and is as noisy as any other.
 *
 * Method. N / X(N) = (1 + sigma (N - 1) + kappa N (N - 1)) / X1 is a quadratic in N, so
 * a linear least squares of N / X on 1, N - 1 and N (N - 1) (weighted by X^2 / N, so its
 * residuals approximate those of X) gives a start (Gunther's linearisation, without
 * needing X1 first). Levenberg-Marquardt then refines X1, sigma and kappa on the
 * original residuals X - X(N), each step projected onto the bounds. The bounds are
 * honoured by solving on every face of the box (each coefficient free, or held at a
 * bound: kappa = 0, sigma = 0, s = 1) and keeping the least sum of squares, preferring
 * fewer free coefficients on a tie; so a coefficient the data do not need comes out
 * exactly 0.
 *
 * Invariants: a result is either a fit whose numbers are all finite (absent ones are
 * null, never NaN or Infinity, so JSON keeps them) or a reason in words.
 */

/** One point of a sweep: N CPUs, throughput X(N) (any unit, the same for all). */
export interface FitPoint {
  n: number;
  x: number;
}

export interface UslFit {
  model: 'usl';
  /** Throughput of one CPU, as the curve has it. */
  x1: number;
  /** Contention: the share of each request's time that is serialised. */
  sigma: number;
  /** Coherency: the crosstalk cost that grows with every pair of CPUs. */
  kappa: number;
  /** Coefficient of determination of X (not of N / X). */
  r2: number;
  /** How many points were fitted. */
  points: number;
  /** Where throughput peaks: sqrt((1 - sigma) / kappa) when kappa > 0 (1 when sigma >= 1:
   * throughput falls from the first CPU on); null when kappa = 0 (no peak). */
  nMax: number | null;
  /** X(nMax), or null with no peak. */
  peak: number | null;
  /** With no peak (kappa = 0): the ceiling X1 / sigma that throughput approaches; null
   * when there is a peak, or when sigma = 0 too (linear: no ceiling). */
  ceiling: number | null;
}

export interface AmdahlFit {
  model: 'amdahl';
  x1: number;
  /** The serial fraction. */
  s: number;
  r2: number;
  points: number;
  /** X1 / s, what throughput approaches as N grows; null when s = 0 (linear). */
  ceiling: number | null;
}

/** A fit, or why there is none. */
export type Fitted<T> = { ok: true; fit: T } | { ok: false; reason: string };

/** Both fits of one sweep. */
export interface SweepFit {
  usl: Fitted<UslFit>;
  amdahl: Fitted<AmdahlFit>;
}

/** USL throughput at N CPUs. */
export function uslAt(fit: Pick<UslFit, 'x1' | 'sigma' | 'kappa'>, n: number): number {
  return curve([fit.x1, fit.sigma, fit.kappa], n);
}

/** Amdahl throughput at N CPUs. */
export function amdahlAt(fit: Pick<AmdahlFit, 'x1' | 's'>, n: number): number {
  return curve([fit.x1, fit.s, 0], n);
}

/** A coefficient to 3 significant digits ("0.0512", "0.000182", "0"), the way the chart and the CLI print sigma, kappa and s. */
export function significant(value: number): string {
  return String(Number(value.toPrecision(3)));
}

export function fitSweep(points: readonly FitPoint[]): SweepFit {
  return { usl: fitUsl(points), amdahl: fitAmdahl(points) };
}

export function fitUsl(points: readonly FitPoint[]): Fitted<UslFit> {
  const refused = refuse(points);
  if (refused) return { ok: false, reason: refused };
  const best = bestOfFaces(points, [
    { free: [true, true], fixed: [0, 0], hi: [Infinity, Infinity] },
    { free: [true, false], fixed: [0, 0], hi: [Infinity, Infinity] },
    { free: [false, true], fixed: [0, 0], hi: [Infinity, Infinity] },
    { free: [false, false], fixed: [0, 0], hi: [Infinity, Infinity] },
  ]);
  if (!best) return { ok: false, reason: NO_CONVERGENCE };
  const [x1, sigma, kappa] = best.p;
  let nMax: number | null = null;
  let peak: number | null = null;
  let ceiling: number | null = null;
  if (kappa > 0) {
    nMax = sigma < 1 ? Math.sqrt((1 - sigma) / kappa) : 1;
    peak = curve(best.p, nMax);
  } else if (sigma > 0) {
    ceiling = x1 / sigma;
  }
  const fit: UslFit = { model: 'usl', x1, sigma, kappa, r2: best.r2, points: points.length, nMax, peak, ceiling };
  return allFinite(fit) ? { ok: true, fit } : { ok: false, reason: NO_CONVERGENCE };
}

export function fitAmdahl(points: readonly FitPoint[]): Fitted<AmdahlFit> {
  const refused = refuse(points);
  if (refused) return { ok: false, reason: refused };
  const best = bestOfFaces(points, [
    { free: [true, false], fixed: [0, 0], hi: [1, 0] },
    { free: [false, false], fixed: [0, 0], hi: [1, 0] },
    { free: [false, false], fixed: [1, 0], hi: [1, 0] },
  ]);
  if (!best) return { ok: false, reason: NO_CONVERGENCE };
  const [x1, s] = best.p;
  const fit: AmdahlFit = { model: 'amdahl', x1, s, r2: best.r2, points: points.length, ceiling: s > 0 ? x1 / s : null };
  return allFinite(fit) ? { ok: true, fit } : { ok: false, reason: NO_CONVERGENCE };
}

const NO_CONVERGENCE = 'the least-squares fit did not settle on finite coefficients for these points.';

/** Why these points cannot be fitted, in words, or null when they can. */
function refuse(points: readonly FitPoint[]): string | null {
  if (points.length === 0) return 'no points yet: a fit needs at least 3 CPU counts with their throughput.';
  for (const { n, x } of points) {
    if (!Number.isFinite(n)) return 'a CPU count is not a number; every point needs a finite N.';
    if (n < 1) return `the CPU count ${n} is below 1; N counts CPUs, from 1 up.`;
    if (!Number.isFinite(x)) return `the throughput at N = ${n} is not a finite number.`;
    if (x <= 0) return `the throughput at N = ${n} is ${x}; a fit needs every throughput above zero (did that run measure anything?).`;
  }
  if (points.length < 3) {
    return `only ${points.length} point${points.length === 1 ? '' : 's'}: a fit needs at least 3 (CPU count, throughput) points.`;
  }
  const distinct = [...new Set(points.map((p) => p.n))].sort((a, b) => a - b);
  if (distinct.length === 1) return `every point is at N = ${distinct[0]}: a fit needs at least 3 different CPU counts.`;
  if (distinct.length === 2) {
    return `the points have only 2 different CPU counts (${distinct[0]} and ${distinct[1]}): a fit needs at least 3.`;
  }
  return null;
}

function allFinite(fit: object): boolean {
  return Object.values(fit).every((v) => typeof v !== 'number' || Number.isFinite(v));
}

/** [X1, sigma, kappa]; Amdahl is the USL with kappa held at 0 and sigma (s) at most 1. */
type Params = [number, number, number];

/** A face of the bounds: which of sigma and kappa are free; the values of the others; upper bounds. */
interface Face {
  free: [boolean, boolean];
  fixed: [number, number];
  hi: [number, number];
}

interface Solution {
  p: Params;
  sse: number;
  r2: number;
  freeCount: number;
}

function curve(p: Params, n: number): number {
  return (p[0] * n) / (1 + p[1] * (n - 1) + p[2] * n * (n - 1));
}

function sumOfSquares(points: readonly FitPoint[], p: Params): number {
  let sum = 0;
  for (const { n, x } of points) sum += (x - curve(p, n)) ** 2;
  return sum;
}

/** Solves every face, returns the least sum of squares (fewer free coefficients on a tie). */
function bestOfFaces(points: readonly FitPoint[], faces: readonly Face[]): Solution | null {
  // Work in units of the largest throughput, so X1 is near 1 like the other coefficients.
  const scale = Math.max(...points.map((p) => p.x));
  const scaled = points.map(({ n, x }) => ({ n, x: x / scale }));
  const mean = scaled.reduce((sum, p) => sum + p.x, 0) / scaled.length;
  const total = scaled.reduce((sum, p) => sum + (p.x - mean) ** 2, 0);
  let best: Solution | null = null;
  for (const face of faces) {
    const p = refine(scaled, start(scaled, face), face);
    const sse = sumOfSquares(scaled, p);
    if (!Number.isFinite(sse) || !p.every(Number.isFinite) || p[0] <= 0) continue;
    const freeCount = face.free.filter(Boolean).length;
    const tie = best !== null && sse <= best.sse * (1 + 1e-9) + 1e-24;
    if (best === null || (sse < best.sse && !tie) || (tie && freeCount < best.freeCount)) {
      // R^2 of a flat sweep (no variance to explain): 1 if the curve meets every point, else 0.
      const r2 = total > 1e-24 ? 1 - sse / total : sse <= 1e-18 * scaled.length ? 1 : 0;
      best = { p, sse, r2, freeCount };
    }
  }
  if (best) best.p = [best.p[0] * scale, best.p[1], best.p[2]];
  return best;
}

/** A face's free coefficients bounded to [0, hi]; the held ones at their values. */
function project(p: Params, face: Face): Params {
  const bound = (i: 0 | 1) => (face.free[i] ? Math.min(face.hi[i], Math.max(0, p[i + 1]!)) : face.fixed[i]);
  return [Math.max(p[0], 1e-300), bound(0), bound(1)];
}

/** The best X1 for given sigma and kappa: the model is linear in X1. */
function bestX1(points: readonly FitPoint[], sigma: number, kappa: number): number {
  let num = 0;
  let den = 0;
  for (const { n, x } of points) {
    const g = curve([1, sigma, kappa], n);
    num += x * g;
    den += g * g;
  }
  return num / den;
}

/**
 * Gunther's linearisation on this face: N / X = a c0(N) + b (N - 1) + c N (N - 1), with
 * c0 = 1 + (held sigma)(N - 1) + (held kappa) N (N - 1), a = 1 / X1, b = sigma / X1,
 * c = kappa / X1; weighted least squares, then projected onto the face with the best X1.
 */
function start(points: readonly FitPoint[], face: Face): Params {
  const columns: Array<(n: number) => number> = [(n) => 1 + face.fixed[0] * (n - 1) + face.fixed[1] * n * (n - 1)];
  if (face.free[0]) columns.push((n) => n - 1);
  if (face.free[1]) columns.push((n) => n * (n - 1));
  const rows = points.map(({ n, x }) => ({ w: (x * x) / n, z: n / x, basis: columns.map((column) => column(n)) }));
  const solved = leastSquares(rows);
  let sigma = face.fixed[0];
  let kappa = face.fixed[1];
  if (solved && solved[0]! > 0) {
    let k = 1;
    if (face.free[0]) sigma = solved[k++]! / solved[0]!;
    if (face.free[1]) kappa = solved[k++]! / solved[0]!;
  }
  const p = project([1, sigma, kappa], face);
  return [bestX1(points, p[1], p[2]), p[1], p[2]];
}

/** Weighted linear least squares through the normal equations, columns scaled; null if singular. */
function leastSquares(rows: ReadonlyArray<{ w: number; z: number; basis: number[] }>): number[] | null {
  const k = rows[0]!.basis.length;
  const norms = Array.from({ length: k }, (_, j) => Math.max(...rows.map((r) => Math.abs(r.w * r.basis[j]!))) || 1);
  const a = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const b = new Array<number>(k).fill(0);
  for (const { w, z, basis } of rows) {
    const scaled = basis.map((v, j) => (w * v) / norms[j]!);
    for (let i = 0; i < k; i++) {
      b[i]! += scaled[i]! * w * z;
      for (let j = 0; j < k; j++) a[i]![j]! += scaled[i]! * scaled[j]!;
    }
  }
  const solved = solve(a, b);
  return solved && solved.map((v, j) => v / norms[j]!);
}

/** Gaussian elimination with partial pivoting; null when the matrix is (nearly) singular. */
function solve(matrix: number[][], rhs: number[]): number[] | null {
  const k = rhs.length;
  const a = matrix.map((row, i) => [...row, rhs[i]!]);
  const largest = Math.max(...matrix.flat().map(Math.abs));
  for (let col = 0; col < k; col++) {
    let pivot = col;
    for (let r = col + 1; r < k; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    if (!(Math.abs(a[pivot]![col]!) > 1e-14 * largest)) return null;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    for (let r = col + 1; r < k; r++) {
      const f = a[r]![col]! / a[col]![col]!;
      for (let c = col; c <= k; c++) a[r]![c]! -= f * a[col]![c]!;
    }
  }
  const out = new Array<number>(k).fill(0);
  for (let r = k - 1; r >= 0; r--) {
    let sum = a[r]![k]!;
    for (let c = r + 1; c < k; c++) sum -= a[r]![c]! * out[c]!;
    out[r] = sum / a[r]![r]!;
  }
  return out.every(Number.isFinite) ? out : null;
}

/** Projected Levenberg-Marquardt on the residuals X - X(N) over X1 and the face's free coefficients. */
function refine(points: readonly FitPoint[], from: Params, face: Face): Params {
  const free = [0, ...[1, 2].filter((i) => face.free[i - 1])];
  let p = project(from, face);
  let sse = sumOfSquares(points, p);
  let lambda = 1e-3;
  for (let iteration = 0; iteration < 500; iteration++) {
    const jtj = free.map(() => new Array<number>(free.length).fill(0));
    const jtr = new Array<number>(free.length).fill(0);
    for (const { n, x } of points) {
      const d = 1 + p[1] * (n - 1) + p[2] * n * (n - 1);
      const f = (p[0] * n) / d;
      const all = [n / d, (-f * (n - 1)) / d, (-f * n * (n - 1)) / d];
      const row = free.map((i) => all[i]!);
      for (let i = 0; i < free.length; i++) {
        jtr[i]! += row[i]! * (x - f);
        for (let j = 0; j < free.length; j++) jtj[i]![j]! += row[i]! * row[j]!;
      }
    }
    const floor = 1e-15 * Math.max(...jtj.map((row, i) => row[i]!));
    let improved = false;
    while (lambda < 1e16) {
      const damped = jtj.map((row, i) => row.map((v, j) => (i === j ? v + lambda * Math.max(v, floor) : v)));
      const step = solve(damped, jtr);
      if (step) {
        const next = [...p] as Params;
        free.forEach((i, k) => (next[i] = next[i]! + step[k]!));
        const candidate = project(next, face);
        const candidateSse = sumOfSquares(points, candidate);
        if (candidateSse < sse) {
          const gain = sse - candidateSse;
          p = candidate;
          sse = candidateSse;
          lambda = Math.max(lambda / 10, 1e-12);
          improved = gain > 1e-15 * sse + 1e-30;
          break;
        }
      }
      lambda *= 10;
    }
    if (!improved) break;
  }
  return p;
}
