/*
 * fit.ts -- Amdahl's law and Gunther's Universal Scalability Law (USL) fitted to the
 * points of a sweep, (N CPUs, throughput X(N)), and each fit judged against the sweep's
 * own peak. Pure numbers and words, no report, kernel or view; the scaling chart
 * (src/views/scaling/), the CLI's sweep (src/cli/) and the lessons' sketches
 * (src/lesson/sketch.ts) all use it, so it lives below them, beside core/sweep.ts.
 *
 *   Amdahl  C(N) = N / (1 + s (N - 1))                          0 <= s <= 1
 *   USL     C(N) = N / (1 + sigma (N - 1) + kappa N (N - 1))    sigma, kappa >= 0
 *
 * C(N) = X(N) / X1 is the relative capacity: throughput as a multiple of one CPU's.
 *
 * Method: Gunther's, fitted to throughput ratios (Neil J. Gunther, "Guerrilla Capacity
 * Planning", Springer 2007, ch. 5 and 6). With x = N - 1 and y = N / C(N) - 1, the USL is
 * the quadratic through the origin
 *
 *   y = sigma x + kappa x (x + 1)
 *
 * (Amdahl is its kappa = 0 line, y = s x), fitted by linear least squares in y with the
 * coefficients held to their bounds. In y the points far out count for more than the
 * first ones (y grows as x squared there), so the region around and past the peak,
 * where the two laws differ, decides the fit, not the near-linear start.
 *
 * X1. When the sweep has N = 1 points, X1 is their throughput (their mean if several),
 * measured, as Gunther normalises. Without one, X1 is fitted with the coefficients: N/X(N)
 * = (1 + sigma x + kappa x (x + 1)) / X1 is the same quadratic with its constant term
 * 1/X1 left free: a linear least squares of N/X over 1/X1, sigma/X1 and kappa/X1, whose
 * residuals are those in y divided by X1, so X1 comes out of the same regression, as its
 * intercept at N = 1 (Gunther, too, estimates a missing X(1) from a fit rather than
 * guessing it). An extrapolated X1 can be far from what a 1-CPU run would measure.
 * `x1From` says which it is.
 *
 * Bounds. The least squares is solved on every face of the bounds (each coefficient free
 * or held at a bound: kappa = 0, sigma = 0, s = 0 or s = 1) and the least sum of squares
 * of a face whose free coefficients keep within their bounds wins, fewer free
 * coefficients on a tie (a difference below 1e-9 of the data's own sum of squares), so
 * a coefficient the data do not need is exactly 0. A coefficient is `clamped` when its
 * bound binds: the points would pull it past the bound (a step of that coefficient alone,
 * out of the box, would lower the sum of squares by more than a tie), so its value is
 * the law's limit, not a measurement.
 *
 * The verdict (`quality`), each rule in the words the reasons use:
 *  - the sweep's own peak is its highest point (the fewest CPUs on a tie); the sweep
 *    "falls" when its last point (its most CPUs) is more than FLAT_TOLERANCE (2%) below
 *    it, and otherwise is "still rising" (its highest point is its last, more than 2%
 *    above its point a quarter of its range before) or "levels off";
 *  - USL, the sweep falls: poor if the fit has no peak (kappa = 0); poor if its N_max is
 *    more than PEAK_TOLERANCE (20%) from the sweep's peak N and outside the measured
 *    counts either side of it (a sparse sweep cannot place its peak more finely); poor if
 *    its peak throughput is more than 20% from the sweep's highest; else good;
 *  - USL, the sweep does not fall: poor if the fit has a peak (its N_max beyond the
 *    sweep's last point, where nothing was measured, or a fall inside the range that the
 *    sweep does not show); good if it has none;
 *  - Amdahl (no peak, ever): poor if the sweep falls, good if it does not;
 *  - a clamped coefficient is said among the reasons ("sigma is held at its bound 0");
 *    by itself it does not make a fit poor.
 * A poor fit's peak is not a prediction: the chart and the CLI say "poor fit" instead
 * (`summary`, the verdict in a few words, is the chart's label).
 * R^2 is reported but judges nothing: a curve can follow most points closely and still
 * put the peak in the wrong place.
 *
 * Invariants: a result is either a fit whose numbers are all finite (absent ones are
 * null, never NaN or Infinity, so JSON keeps them) or a reason in words; every fit has a
 * verdict and at least one reason.
 */

/** One point of a sweep: N CPUs, throughput X(N) (any unit, the same for all). */
export interface FitPoint {
  n: number;
  x: number;
}

/** Whether a fit's peak agrees with the sweep's own, and why, in plain words. */
export interface FitQuality {
  verdict: 'good' | 'poor';
  reasons: string[];
  /** The verdict in a few words, for a chart's label: "good fit", "poor fit: peak at 31.1 CPUs, not 15". */
  summary: string;
}

/** Where X1 came from: the sweep's 1-CPU run(s), or fitted (no 1-CPU run). */
export type X1From = 'measured' | 'fitted';

export interface UslFit {
  model: 'usl';
  /** Throughput of one CPU: the 1-CPU run's, or fitted (x1From). */
  x1: number;
  x1From: X1From;
  /** Contention: in the law's reading, the share of each request's time that is
   * serialised; fitted, a description of the curve's shape, not a measurement. */
  sigma: number;
  /** Coherency: the crosstalk cost that grows with every pair of CPUs. */
  kappa: number;
  /** The coefficients held at a bound by the data (see the header). */
  clamped: Array<'sigma' | 'kappa'>;
  /** Coefficient of determination of X (not of y). */
  r2: number;
  /** How many points were fitted. */
  points: number;
  /** Where throughput peaks: sqrt((1 - sigma) / kappa) when kappa > 0, at least 1 (1 when
   * sigma >= 1: throughput falls from the first CPU on); null when kappa = 0 (no peak). */
  nMax: number | null;
  /** X(nMax), or null with no peak. */
  peak: number | null;
  /** With no peak (kappa = 0): the ceiling X1 / sigma that throughput approaches; null
   * when there is a peak, or when sigma = 0 too (linear: no ceiling). */
  ceiling: number | null;
  quality: FitQuality;
}

export interface AmdahlFit {
  model: 'amdahl';
  x1: number;
  x1From: X1From;
  /** The serial fraction. */
  s: number;
  clamped: Array<'s'>;
  r2: number;
  points: number;
  /** X1 / s, what throughput approaches as N grows; null when s = 0 (linear). */
  ceiling: number | null;
  quality: FitQuality;
}

/** A fit, or why there is none. */
export type Fitted<T> = { ok: true; fit: T } | { ok: false; reason: string };

/** Both fits of one sweep. */
export interface SweepFit {
  usl: Fitted<UslFit>;
  amdahl: Fitted<AmdahlFit>;
}

/** How far a fitted peak may lie from the sweep's own, in N and in throughput, as a share. */
export const PEAK_TOLERANCE = 0.2;
/** A last point within this share of the sweep's highest has not fallen: the sweep is flat there. */
export const FLAT_TOLERANCE = 0.02;

/** The sweep's own peak and how it ends. */
export interface SweepPeak {
  /** The highest point (the fewest CPUs on a tie). */
  cpus: number;
  throughput: number;
  /** The measured CPU counts either side of it; null at an end of the sweep. */
  before: number | null;
  after: number | null;
  /** The last point: the most CPUs (the mean throughput if several runs have them). */
  lastCpus: number;
  lastThroughput: number;
  /** The point a quarter of the sweep's range before its last (the first at or past
   * N_last - (N_last - N_first) / 4, else the one before the last): how the sweep ends is
   * measured from it. */
  tail: { cpus: number; throughput: number };
  /** falls: the last point is more than FLAT_TOLERANCE below the highest; rising: the
   * highest is the last, more than FLAT_TOLERANCE above the tail's point; else flat. */
  end: 'falls' | 'rising' | 'flat';
}

/** USL throughput at N CPUs. */
export function uslAt(fit: Pick<UslFit, 'x1' | 'sigma' | 'kappa'>, n: number): number {
  return curve(fit.x1, fit.sigma, fit.kappa, n);
}

/** Amdahl throughput at N CPUs. */
export function amdahlAt(fit: Pick<AmdahlFit, 'x1' | 's'>, n: number): number {
  return curve(fit.x1, fit.s, 0, n);
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
  const solved = fitRatios(points, [
    { name: 'sigma', column: (x) => x, hi: Infinity },
    { name: 'kappa', column: (x) => x * (x + 1), hi: Infinity },
  ]);
  if (!solved) return { ok: false, reason: NO_CONVERGENCE };
  const {
    x1,
    x1From,
    coefficients: [sigma, kappa],
    clamped,
  } = solved;
  let nMax: number | null = null;
  let peak: number | null = null;
  let ceiling: number | null = null;
  if (kappa! > 0) {
    nMax = sigma! < 1 ? Math.max(1, Math.sqrt((1 - sigma!) / kappa!)) : 1;
    peak = curve(x1, sigma!, kappa!, nMax);
  } else if (sigma! > 0) {
    ceiling = x1 / sigma!;
  }
  const numbers = { x1, sigma: sigma!, kappa: kappa!, nMax, peak, ceiling, r2: rSquared(points, (n) => curve(x1, sigma!, kappa!, n)) };
  if (!allFinite(numbers)) return { ok: false, reason: NO_CONVERGENCE };
  const quality = judge(sweepPeak(points)!, nMax !== null && peak !== null ? { nMax, peak } : null, 'usl', clamped);
  const fit: UslFit = {
    model: 'usl',
    ...numbers,
    x1From,
    clamped: clamped.map((c) => c.name as 'sigma' | 'kappa'),
    points: points.length,
    quality,
  };
  return { ok: true, fit };
}

export function fitAmdahl(points: readonly FitPoint[]): Fitted<AmdahlFit> {
  const refused = refuse(points);
  if (refused) return { ok: false, reason: refused };
  const solved = fitRatios(points, [{ name: 's', column: (x) => x, hi: 1 }]);
  if (!solved) return { ok: false, reason: NO_CONVERGENCE };
  const {
    x1,
    x1From,
    coefficients: [s],
    clamped,
  } = solved;
  const numbers = { x1, s: s!, ceiling: s! > 0 ? x1 / s! : null, r2: rSquared(points, (n) => curve(x1, s!, 0, n)) };
  if (!allFinite(numbers)) return { ok: false, reason: NO_CONVERGENCE };
  const quality = judge(sweepPeak(points)!, null, 'amdahl', clamped);
  const fit: AmdahlFit = { model: 'amdahl', ...numbers, x1From, clamped: clamped.map(() => 's' as const), points: points.length, quality };
  return { ok: true, fit };
}

/** The sweep's highest point, its neighbours and how the sweep ends; null without a finite point. */
export function sweepPeak(points: readonly FitPoint[]): SweepPeak | null {
  const finite = points.filter((p) => Number.isFinite(p.n) && Number.isFinite(p.x)).sort((a, b) => a.n - b.n);
  if (finite.length === 0) return null;
  const highest = finite.reduce((a, p) => (p.x > a.x ? p : a));
  const counts = [...new Set(finite.map((p) => p.n))];
  const at = counts.indexOf(highest.n);
  const lastCpus = counts[counts.length - 1]!;
  const mean = (n: number) => {
    const xs = finite.filter((p) => p.n === n).map((p) => p.x);
    return xs.reduce((a, b) => a + b, 0) / xs.length;
  };
  const lastThroughput = mean(lastCpus);
  const from = lastCpus - (lastCpus - counts[0]!) / 4;
  const tailCpus = counts.find((n) => n >= from && n < lastCpus) ?? counts[counts.length - 2] ?? lastCpus;
  const tail = { cpus: tailCpus, throughput: mean(tailCpus) };
  const end =
    lastThroughput < (1 - FLAT_TOLERANCE) * highest.x
      ? 'falls'
      : highest.n === lastCpus && lastThroughput > (1 + FLAT_TOLERANCE) * tail.throughput
        ? 'rising'
        : 'flat';
  return {
    cpus: highest.n,
    throughput: highest.x,
    before: at > 0 ? counts[at - 1]! : null,
    after: at < counts.length - 1 ? counts[at + 1]! : null,
    lastCpus,
    lastThroughput,
    tail,
    end,
  };
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

function allFinite(numbers: object): boolean {
  return Object.values(numbers).every((v) => typeof v !== 'number' || Number.isFinite(v));
}

function curve(x1: number, sigma: number, kappa: number, n: number): number {
  return (x1 * n) / (1 + sigma * (n - 1) + kappa * n * (n - 1));
}

/** R^2 of X: 1 - SSE / SST; for a flat sweep (no variance to explain), 1 if the curve meets every point, else 0. */
function rSquared(points: readonly FitPoint[], at: (n: number) => number): number {
  const scale = Math.max(...points.map((p) => p.x));
  const mean = points.reduce((sum, p) => sum + p.x, 0) / points.length;
  const total = points.reduce((sum, p) => sum + ((p.x - mean) / scale) ** 2, 0);
  const sse = points.reduce((sum, p) => sum + ((p.x - at(p.n)) / scale) ** 2, 0);
  return total > 1e-24 ? 1 - sse / total : sse <= 1e-18 * points.length ? 1 : 0;
}

/** A coefficient of the ratio quadratic: its column in x = N - 1, bounded to [0, hi]. */
interface Coefficient {
  name: 'sigma' | 'kappa' | 's';
  column: (x: number) => number;
  hi: number;
}

/** One face of the bounds: each coefficient free (null) or held at a value. */
type Face = Array<number | null>;

interface FaceSolution {
  /** 1 / X1, in units of the sweep's highest throughput. */
  a: number;
  coefficients: number[];
  sse: number;
  free: number;
}

interface RatioFit {
  x1: number;
  x1From: X1From;
  coefficients: number[];
  clamped: Array<{ name: Coefficient['name']; bound: number; below: boolean }>;
}

/**
 * The least squares of N/X = a (1 + sum of c_j col_j(x)) over the coefficients c_j (and
 * a = 1/X1 when the sweep has no N = 1 point), on every face of their bounds; the best
 * face, and which of its held coefficients the data pull past their bounds.
 */
function fitRatios(points: readonly FitPoint[], coefficients: readonly Coefficient[]): RatioFit | null {
  // Work in units of the highest throughput, so 1/X1 and the coefficients are of like size.
  const scale = Math.max(...points.map((p) => p.x));
  const ones = points.filter((p) => p.n === 1);
  const measured = ones.length > 0 ? ones.reduce((sum, p) => sum + p.x, 0) / ones.length / scale : null;
  const rows = points.map(({ n, x }) => ({ x: n - 1, z: n / (x / scale) }));
  const reference = rows.reduce((sum, r) => sum + r.z * r.z, 0);
  const tie = 1e-9 * reference;
  let best: FaceSolution | null = null;
  let bestFace: Face = [];
  for (const face of faces(coefficients)) {
    const solution = solveFace(rows, coefficients, face, measured === null ? null : 1 / measured);
    if (!solution) continue;
    const inside = solution.a > 0 && solution.coefficients.every((c, j) => c >= 0 && c <= coefficients[j]!.hi);
    if (!inside) continue;
    if (best === null || solution.sse < best.sse - tie || (solution.sse <= best.sse + tie && solution.free < best.free)) {
      best = solution;
      bestFace = face;
    }
  }
  if (!best) return null;
  const clamped: RatioFit['clamped'] = [];
  coefficients.forEach((coefficient, j) => {
    const bound = bestFace[j];
    if (bound === null || bound === undefined) return;
    // The best single step of this coefficient from the solution, with all else fixed.
    let along = 0;
    let norm = 0;
    for (const r of rows) {
      const fitted = best!.a * (1 + coefficients.reduce((sum, c, i) => sum + best!.coefficients[i]! * c.column(r.x), 0));
      const v = best!.a * coefficient.column(r.x);
      along += (r.z - fitted) * v;
      norm += v * v;
    }
    const outward = bound === 0 ? along < 0 : along > 0;
    if (norm > 0 && outward && (along * along) / norm > tie) clamped.push({ name: coefficient.name, bound, below: bound === 0 });
  });
  return { x1: scale / best.a, x1From: measured === null ? 'fitted' : 'measured', coefficients: best.coefficients, clamped };
}

/** Every face: each coefficient free, at 0, or (with a finite upper bound) at it. */
function faces(coefficients: readonly Coefficient[]): Face[] {
  let out: Face[] = [[]];
  for (const c of coefficients) {
    const choices: Array<number | null> = [null, 0, ...(Number.isFinite(c.hi) ? [c.hi] : [])];
    out = out.flatMap((face) => choices.map((choice) => [...face, choice]));
  }
  return out;
}

/**
 * One face's linear least squares. Free unknowns: a = 1/X1 (unless measured) and b_j =
 * a c_j for each free coefficient; the held ones go into a's column, 1 + held c_j col_j.
 */
function solveFace(
  rows: ReadonlyArray<{ x: number; z: number }>,
  coefficients: readonly Coefficient[],
  face: Face,
  known: number | null,
): FaceSolution | null {
  const base = (x: number) => 1 + coefficients.reduce((sum, c, j) => sum + (face[j] ?? 0) * c.column(x), 0);
  const free = coefficients.map((_, j) => j).filter((j) => face[j] === null);
  const columns = [...(known === null ? [base] : []), ...free.map((j) => coefficients[j]!.column)];
  const targets = rows.map((r) => r.z - (known === null ? 0 : known * base(r.x)));
  const solved = columns.length === 0 ? [] : leastSquares(rows.map((r, i) => ({ z: targets[i]!, basis: columns.map((col) => col(r.x)) })));
  if (!solved) return null;
  const a = known ?? solved[0]!;
  const products = known === null ? solved.slice(1) : solved;
  const values = coefficients.map((_, j) => face[j] ?? products[free.indexOf(j)]! / a);
  let sse = 0;
  for (const r of rows) sse += (r.z - a * (1 + coefficients.reduce((sum, c, j) => sum + values[j]! * c.column(r.x), 0))) ** 2;
  if (!Number.isFinite(sse) || !values.every(Number.isFinite) || !Number.isFinite(a)) return null;
  return { a, coefficients: values, sse, free: free.length };
}

/** Linear least squares by Householder QR, columns scaled to unit size; null when they are (nearly) dependent. */
function leastSquares(rows: ReadonlyArray<{ z: number; basis: number[] }>): number[] | null {
  const m = rows.length;
  const k = rows[0]!.basis.length;
  if (m < k) return null;
  const norms = Array.from({ length: k }, (_, j) => Math.hypot(...rows.map((r) => r.basis[j]!)) || 1);
  const a = rows.map((r) => r.basis.map((v, j) => v / norms[j]!));
  const b = rows.map((r) => r.z);
  for (let col = 0; col < k; col++) {
    const length = Math.hypot(...a.slice(col).map((row) => row[col]!));
    if (!(length > 1e-12)) return null;
    const alpha = a[col]![col]! > 0 ? -length : length;
    const v = a.map((row, i) => (i < col ? 0 : row[col]! - (i === col ? alpha : 0)));
    const vv = v.reduce((sum, e) => sum + e * e, 0);
    if (vv === 0) continue;
    for (let j = col; j < k; j++) {
      const f = (2 * a.reduce((sum, row, i) => sum + v[i]! * row[j]!, 0)) / vv;
      for (let i = col; i < m; i++) a[i]![j]! -= f * v[i]!;
    }
    const f = (2 * b.reduce((sum, e, i) => sum + v[i]! * e, 0)) / vv;
    for (let i = col; i < m; i++) b[i]! -= f * v[i]!;
  }
  const out = new Array<number>(k).fill(0);
  for (let r = k - 1; r >= 0; r--) {
    let sum = b[r]!;
    for (let c = r + 1; c < k; c++) sum -= a[r]![c]! * out[c]!;
    out[r] = sum / a[r]![r]!;
  }
  const solved = out.map((v, j) => v / norms[j]!);
  return solved.every(Number.isFinite) ? solved : null;
}

const count = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
const tenth = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });
/** "41,853"; below 100, to 3 significant digits ("2.35"). */
const amount = (x: number) => (Math.abs(x) >= 100 ? count.format(x) : String(Number(x.toPrecision(3))));
const cpus = (n: number) => `${tenth.format(n)} CPU${n === 1 ? '' : 's'}`;
const percent = (share: number) => `${Math.round(share * 100)}%`;

/** How a sweep that does not fall ends, in words for parentheses. */
function endWords(own: SweepPeak): string {
  if (own.end === 'rising') return `it is still rising at its last point, ${cpus(own.lastCpus)}`;
  if (own.cpus === own.lastCpus) {
    return `it levels off: its last point, ${cpus(own.lastCpus)}, is less than ${percent(FLAT_TOLERANCE)} above its point at ${cpus(own.tail.cpus)}`;
  }
  return `it levels off: at ${cpus(own.lastCpus)} it is within ${percent(FLAT_TOLERANCE)} of its highest, ${amount(own.throughput)} at ${cpus(own.cpus)}`;
}

/** The verdict on a fit, by the rules in the header. */
function judge(
  own: SweepPeak,
  fitted: { nMax: number; peak: number } | null,
  model: 'usl' | 'amdahl',
  clamped: RatioFit['clamped'],
): FitQuality {
  const poor: string[] = [];
  const good: string[] = [];
  // the first poor reason in a few words
  let gist = '';
  const miss = (reason: string, words: string) => {
    poor.push(reason);
    gist ||= words;
  };
  const falls = `the sweep peaks at ${cpus(own.cpus)} (${amount(own.throughput)}) and falls ${percent(1 - own.lastThroughput / own.throughput)} by ${cpus(own.lastCpus)}`;
  const flat = `the sweep does not fall (${endWords(own)})`;
  if (model === 'amdahl') {
    if (own.end === 'falls') miss(`${falls}, and Amdahl's law never falls`, 'the sweep falls, the law cannot');
    else good.push(`${flat}, and neither does Amdahl's law`);
  } else if (own.end === 'falls') {
    if (!fitted) miss(`${falls}, but the fit has no peak (kappa = 0)`, 'no peak, but the sweep falls');
    else {
      const offN = fitted.nMax / own.cpus - 1;
      const closeN = Math.abs(offN) <= PEAK_TOLERANCE;
      // a sparse sweep places its peak only between the counts it measured either side of it
      const between = (own.before === null || fitted.nMax > own.before) && (own.after === null || fitted.nMax < own.after);
      if (!closeN && !between) {
        miss(
          `the fit's peak (${cpus(fitted.nMax)}) is ${percent(Math.abs(offN))} ${offN > 0 ? 'past' : 'short of'} the sweep's own peak (${cpus(own.cpus)})`,
          `peak at ${cpus(fitted.nMax)}, not ${tenth.format(own.cpus)}`,
        );
      }
      const offX = fitted.peak / own.throughput - 1;
      if (Math.abs(offX) > PEAK_TOLERANCE) {
        miss(
          `the fit's peak throughput (${amount(fitted.peak)}) is ${percent(Math.abs(offX))} ${offX > 0 ? 'above' : 'below'} the sweep's highest (${amount(own.throughput)} at ${cpus(own.cpus)})`,
          `peak ${amount(fitted.peak)}, not ${amount(own.throughput)}`,
        );
      }
      if (poor.length === 0) {
        const where = closeN
          ? `within ${percent(PEAK_TOLERANCE)} in CPUs`
          : `between the counts the sweep measured either side of its peak (${[own.before, own.after]
              .filter((n) => n !== null)
              .map((n) => cpus(n!))
              .join(' and ')})`;
        good.push(
          `the fit's peak (${cpus(fitted.nMax)}, ${amount(fitted.peak)}) agrees with the sweep's own (${cpus(own.cpus)}, ${amount(own.throughput)}): ` +
            `${where}, within ${percent(PEAK_TOLERANCE)} in throughput`,
        );
      }
    }
  } else if (fitted) {
    if (fitted.nMax > own.lastCpus) {
      miss(
        `the fit puts a peak at ${cpus(fitted.nMax)}, beyond the sweep's last point (${cpus(own.lastCpus)}), where nothing was measured, and ${flat}`,
        `peak at ${cpus(fitted.nMax)}, past the sweep`,
      );
    } else {
      miss(
        `the fit's curve peaks at ${cpus(fitted.nMax)} and falls after it, but ${flat}`,
        `peak at ${cpus(fitted.nMax)}, the sweep does not fall`,
      );
    }
  } else {
    good.push(`${flat}, and the fit predicts no peak`);
  }
  const held = clamped.map(
    ({ name, bound, below }) =>
      `${name} is held at its bound ${bound}: the points would take it ${below ? 'below' : 'above'} ${bound}, which the law does not allow`,
  );
  return poor.length > 0
    ? { verdict: 'poor', reasons: [...poor, ...held], summary: `poor fit: ${gist}` }
    : { verdict: 'good', reasons: [...good, ...held], summary: 'good fit' };
}
