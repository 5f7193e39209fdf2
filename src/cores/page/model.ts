/*
 * model.ts -- the pure numbers and words of the "Your own cores" page (issue 41): each
 * lock algorithm's name, words and series style; the worker counts a learner may pick;
 * the simulator's scenario for the same lock at the same thread count (the service
 * kernel, with this machine's measured line cost and the bench's critical and think
 * times turned into ns) and a lab link that opens it; the chart's series (the measured
 * median and the spread of the repeats, the simulated curve), their fits (core/fit.ts)
 * and the text summary and data table. No DOM, no workers: Vitest checks it
 * (model.test.ts) and the page (CoresPage.tsx) and the chart (CoresChart.tsx) draw it.
 *
 * Words: figures from the machine are "measured on this machine", the simulator's
 * "simulated"; each says which it is wherever both appear.
 */
import { compressToEncodedURIComponent } from 'lz-string';
import { fitSweep, type FitPoint, type SweepFit, type UslFit } from '../../core/fit.js';
import type { ScenarioValues } from '../../core/scenario-values.js';
import type { Variant } from '../../core/sweep.js';
import { themeTokens, type Theme } from '../../views/palette.js';
import type { SeriesStyle } from '../../views/common/series-style.js';
import { realLockScenario, REAL_LOCK_DISCIPLINES } from '../../kernels/service/real-locks.js';
import { LOCK_ALGORITHMS, type BenchParams, type LockAlgorithm, type MachineCosts, type PointResult } from '../types.js';
import { maxWorkers } from '../runner.js';
import { pointSummary } from '../stats.js';

/** The service kernel's discipline for each algorithm (src/kernels/service/real-locks.ts); ttas has none. */
export const SIM_DISCIPLINE: Readonly<Record<LockAlgorithm, string | null>> = Object.fromEntries(
  LOCK_ALGORITHMS.map((algorithm) => [algorithm, REAL_LOCK_DISCIPLINES[algorithm] ?? null]),
) as Record<LockAlgorithm, string | null>;

export interface AlgorithmInfo {
  /** The name as the chart's direct label and the legend say it. */
  label: string;
  /** What it does, in a sentence. */
  words: string;
}

export const ALGORITHM_INFO: Readonly<Record<LockAlgorithm, AlgorithmInfo>> = {
  tas: { label: 'test-and-set', words: 'every waiter swaps the lock word until it gets it: each try moves the line' },
  ttas: {
    label: 'test-and-test-and-set',
    words: 'waiters read the word in their own cache and swap only when it looks free',
  },
  ticket: { label: 'ticket', words: 'a waiter takes a number and spins until the lock serves it: first come, first served' },
  mcs: { label: 'MCS queue', words: 'each waiter spins on a line of its own in a queue; a release touches only the next one' },
  futex: {
    label: 'futex (wake one)',
    words: 'a waiter sleeps in Atomics.wait; a release wakes one sleeper, who races for the lock',
  },
  wake_all: { label: 'wake all', words: 'a waiter sleeps; a release wakes every sleeper, and all but one go back to sleep' },
};

/** Marker shapes; hollow tells two of the same shape apart. */
export interface AlgorithmStyle extends SeriesStyle {
  hollow: boolean;
}

/**
 * Each algorithm's colour, marker and words, from the palette (palette.ts: Okabe-Ito
 * colours, which stay apart with every common colour-vision deficiency) and told apart by
 * marker shape too, so colour never carries the difference alone. Measured lines are
 * solid, simulated ones dashed (`dash` is the simulated line's).
 */
export function algorithmStyle(algorithm: LockAlgorithm, theme?: Theme): AlgorithmStyle {
  const t = themeTokens(theme);
  const dash = simulatedDash(theme);
  const { label } = ALGORITHM_INFO[algorithm];
  const short = algorithm === 'wake_all' ? 'wake all' : algorithm === 'ttas' ? 'ttas' : algorithm;
  const base = { dash, label, short };
  switch (algorithm) {
    case 'tas':
      return { ...base, colour: t.modes.spin, marker: 'square', hollow: false };
    case 'ttas':
      return { ...base, colour: t.series.remedy.colour, marker: 'square', hollow: true };
    case 'ticket':
      return { ...base, colour: t.modes.kernel, marker: 'diamond', hollow: false };
    case 'mcs':
      return { ...base, colour: t.modes.user, marker: 'circle', hollow: false };
    case 'futex':
      return { ...base, colour: t.modes.cswitch, marker: 'triangle', hollow: false };
    case 'wake_all':
      return { ...base, colour: t.text, marker: 'circle', hollow: true };
  }
}

/** The dash of every simulated line (and its legend swatch): longer on the projector. */
export function simulatedDash(theme?: Theme): string {
  return themeTokens(theme).name === 'projector' ? '10 6' : '7 5';
}

/** The counts offered as choices, 1 to 2 x cores: small counts one by one, then coarser steps, always the cores and twice them. */
export function workerChoices(cores: number): number[] {
  const c = Math.max(1, Math.floor(cores));
  const top = maxWorkers(c);
  const set = new Set<number>([1, 2, 3, 4, c, top]);
  for (let n = 6; n <= top; n = n < 8 ? n + 2 : n < 16 ? n + 4 : n * 2) set.add(n);
  for (let n = 8; n <= top; n *= 2) set.add(n);
  set.add(Math.round(c * 1.5));
  return [...set].filter((n) => n >= 1 && n <= top).sort((a, b) => a - b);
}

// ---- the simulator's side -------------------------------------------------------------

/**
 * The bench's critical section and think time in ns, from this machine's busy-loop speed.
 * The simulator's critical section is the work under the lock besides the state's lines
 * (it moves those itself): the busy loop and the lock's own uncontended cost. Given
 * `loopNs`, one thread's measured time per acquisition of this lock (1e9 / its 1-thread
 * rate), the critical section is that less the think time instead: the bench loop's own
 * work (its clock reads and counters, under the lock) counted in, so the simulator's one
 * CPU does what the machine's one thread did and the curves differ only by contention.
 */
export function benchTimesNs(
  params: Pick<BenchParams, 'criticalSpins' | 'thinkSpins'>,
  costs: MachineCosts,
  loopNs?: number,
): {
  criticalNs: number;
  thinkNs: number;
  /** Whether the critical section came from the 1-thread run (loopNs). */
  calibrated: boolean;
} {
  const thinkNs = Math.max(0, params.thinkSpins * costs.spinNs);
  const fromSpins = Math.max(1, params.criticalSpins * costs.spinNs + costs.uncontendedNs);
  const calibrated = loopNs !== undefined && Number.isFinite(loopNs) && loopNs - thinkNs > fromSpins;
  const criticalNs = calibrated ? loopNs - thinkNs : fromSpins;
  return { criticalNs: round(criticalNs), thinkNs: round(thinkNs), calibrated };
}

/** Each algorithm's measured time per acquisition with one thread, ns (where the 1-thread point was run). */
export function oneThreadLoopNs(points: readonly PointResult[]): Partial<Record<LockAlgorithm, number>> {
  const out: Partial<Record<LockAlgorithm, number>> = {};
  for (const p of points) if (p.workers === 1 && Number.isFinite(p.median) && p.median > 0) out[p.algorithm] = 1e9 / p.median;
  return out;
}

const round = (ns: number) => Math.round(ns * 10) / 10;

/** The line cost the simulator is given: the measured one, or with one core (no second core to pass a line to) the modern presets' 100 ns. */
export const FALLBACK_TRANSFER_NS = 100;
export function lineTransferNs(costs: Pick<MachineCosts, 'lineTransferNs'>): number {
  return Number.isFinite(costs.lineTransferNs) && costs.lineTransferNs > 0
    ? Math.max(1, round(costs.lineTransferNs))
    : FALLBACK_TRANSFER_NS;
}

/**
 * The service kernel's scenario for this lock at `workers` CPUs: the bench's shape (the
 * critical section's lines, its work and the work between acquisitions, fixed, as the
 * bench's busy loop is) on a machine whose line transfer is the one measured here. Null
 * for ttas, which has no discipline of its own in the simulator.
 */
export function simScenario(
  algorithm: LockAlgorithm,
  workers: number,
  params: Pick<BenchParams, 'criticalLines' | 'criticalSpins' | 'thinkSpins'>,
  costs: MachineCosts,
  loopNs?: number,
): ScenarioValues | null {
  const discipline = SIM_DISCIPLINE[algorithm];
  if (discipline === null) return null;
  const { criticalNs, thinkNs } = benchTimesNs(params, costs, loopNs);
  const transfer = lineTransferNs(costs);
  // Long enough for some thousands of critical sections, short enough to run in a moment.
  const perRequest = criticalNs + thinkNs / Math.max(1, workers) + 2 * transfer * (1 + params.criticalLines);
  const durationNs = Math.round(Math.min(20e6, Math.max(2e6, 4000 * perRequest)));
  return realLockScenario(discipline, {
    cpus: workers,
    lineTransferNs: transfer,
    criticalNs,
    thinkNs,
    stateLines: params.criticalLines,
    durationNs,
  });
}

/** The variants the simulator runs: every algorithm that has a discipline, at every count. */
export function simVariants(
  algorithms: readonly LockAlgorithm[],
  counts: readonly number[],
  params: Pick<BenchParams, 'criticalLines' | 'criticalSpins' | 'thinkSpins'>,
  costs: MachineCosts,
  loopNs: Partial<Record<LockAlgorithm, number>> = {},
): Array<Variant & { algorithm: LockAlgorithm; workers: number }> {
  const out: Array<Variant & { algorithm: LockAlgorithm; workers: number }> = [];
  for (const algorithm of algorithms) {
    for (const workers of counts) {
      const values = simScenario(algorithm, workers, params, costs, loopNs[algorithm]);
      if (values) out.push({ algorithm, workers, label: `${ALGORITHM_INFO[algorithm].label}, ${workers} CPUs (simulated)`, values });
    }
  }
  return out;
}

/** The words for an algorithm the simulator has no discipline for. */
export function noSimulatorWords(algorithm: LockAlgorithm): string | null {
  if (SIM_DISCIPLINE[algorithm] !== null) return null;
  return `${ALGORITHM_INFO[algorithm].label} has no discipline in the simulator (its test-and-set lock is the nearest), so it is measured on this machine only.`;
}

/** A nested scenario document from flat values ("a.b.c": v -> {a: {b: {c: v}}}). */
export function nestValues(values: ScenarioValues): Record<string, unknown> {
  const doc: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(values)) {
    const parts = path.split('.');
    let node = doc;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts[parts.length - 1]!] = value;
  }
  return doc;
}

/**
 * A lab link (#/lab?s=...) on the service kernel with this machine's line transfer and
 * the bench's critical section and think time, for `algorithm` (tas for ttas) at `cpus`
 * CPUs: the format src/lab/url.ts reads (version 1, the scenario's differing fields).
 */
export function labHash(
  algorithm: LockAlgorithm,
  cpus: number,
  params: Pick<BenchParams, 'criticalLines' | 'criticalSpins' | 'thinkSpins'>,
  costs: MachineCosts,
  loopNs?: number,
): string {
  const values = simScenario(algorithm === 'ttas' ? 'tas' : algorithm, Math.max(1, Math.min(256, cpus)), params, costs, loopNs)!;
  const kept = { ...values };
  // the lab's own run length and warm-up (its transport plays it; the sweep sizes its own)
  delete kept['sim.duration_ns'];
  delete kept['sim.warmup_ns'];
  return `#/lab?s=${compressToEncodedURIComponent(JSON.stringify({ v: 1, sc: nestValues(kept) }))}`;
}

// ---- the chart ------------------------------------------------------------------------

/** One point of a series: its thread count, its figure, and for measured points the spread. */
export interface SeriesPoint {
  workers: number;
  value: number;
  min?: number;
  max?: number;
}

export interface Series {
  algorithm: LockAlgorithm;
  source: 'measured' | 'simulated';
  points: SeriesPoint[];
  fit: SweepFit;
}

/** The measured series of each algorithm (medians, min and max), in the algorithms' order, counts ascending. */
export function measuredSeries(points: readonly PointResult[]): Series[] {
  return groupSeries(
    points
      .filter((p) => Number.isFinite(p.median) && p.median > 0)
      .map((p) => ({ algorithm: p.algorithm, workers: p.workers, value: p.median, min: p.min, max: p.max })),
    'measured',
  );
}

export interface SimPoint {
  algorithm: LockAlgorithm;
  workers: number;
  /** Requests (acquisitions) a second, simulated. */
  value: number;
}

export function simulatedSeries(points: readonly SimPoint[]): Series[] {
  return groupSeries(
    points.filter((p) => Number.isFinite(p.value) && p.value > 0),
    'simulated',
  );
}

function groupSeries(points: ReadonlyArray<SeriesPoint & { algorithm: LockAlgorithm }>, source: Series['source']): Series[] {
  const out: Series[] = [];
  for (const algorithm of LOCK_ALGORITHMS) {
    const mine = points
      .filter((p) => p.algorithm === algorithm)
      .map(({ workers, value, min, max }) => (min === undefined ? { workers, value } : { workers, value, min, max }))
      .sort((a, b) => a.workers - b.workers);
    if (mine.length === 0) continue;
    const fitPoints: FitPoint[] = mine.map((p) => ({ n: p.workers, x: p.value }));
    out.push({ algorithm, source, points: mine, fit: fitSweep(fitPoints) });
  }
  return out;
}

/** The chart's y axis top: a round number above every value and spread. */
export function niceTop(series: readonly Series[]): number {
  let top = 0;
  for (const s of series) for (const p of s.points) top = Math.max(top, p.max ?? p.value, p.value);
  if (!(top > 0)) return 1;
  const step = 10 ** Math.floor(Math.log10(top));
  for (const m of [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) if (m * step >= top * 1.05) return m * step;
  return 10 * step;
}

/** Five or six round ticks from 0 to top. */
export function yTicks(top: number): number[] {
  const raw = top / 5;
  const step = 10 ** Math.floor(Math.log10(raw));
  const unit = [1, 2, 2.5, 5, 10].map((m) => m * step).find((u) => top / u <= 6) ?? 10 * step;
  const ticks: number[] = [];
  for (let v = 0; v <= top + unit * 1e-9; v += unit) ticks.push(Number(v.toPrecision(6)));
  return ticks;
}

/** "12.3 M/s", "850 k/s", "420 /s". */
export function formatRate(perSecond: number): string {
  if (!Number.isFinite(perSecond)) return '–';
  const abs = Math.abs(perSecond);
  if (abs >= 1e9) return `${trim(perSecond / 1e9)} G/s`;
  if (abs >= 1e6) return `${trim(perSecond / 1e6)} M/s`;
  if (abs >= 1e3) return `${trim(perSecond / 1e3)} k/s`;
  return `${trim(perSecond)} /s`;
}

/** An axis tick: "12M", "850k", "0". */
export function formatTick(value: number): string {
  if (value === 0) return '0';
  if (value >= 1e9) return `${trim(value / 1e9)}G`;
  if (value >= 1e6) return `${trim(value / 1e6)}M`;
  if (value >= 1e3) return `${trim(value / 1e3)}k`;
  return trim(value);
}

/** A point in words: "ticket, 4 threads". */
export function pointWords(algorithm: LockAlgorithm, workers: number): string {
  return `${ALGORITHM_INFO[algorithm].label}, ${threadsWords(workers)}`;
}

/** "1 thread", "4 threads", "1.2 threads". */
export function threadsWords(n: number): string {
  const t = trim(n);
  return `${t} ${t === '1' ? 'thread' : 'threads'}`;
}

function trim(v: number): string {
  return String(Number(v.toPrecision(v >= 100 ? 3 : 2)));
}

/** ns to "35 ns", "1.2 µs". */
export function formatNsShort(ns: number): string {
  if (!Number.isFinite(ns)) return '–';
  if (ns >= 1e6) return `${trim(ns / 1e6)} ms`;
  if (ns >= 1e3) return `${trim(ns / 1e3)} µs`;
  return `${trim(ns)} ns`;
}

/**
 * A point's hand-off (pointSummary's): the figure, or "at most" one where the threads'
 * clocks agreed no better than the figure; a bound of 0 is under the step of
 * performance.now(), 5 µs in a cross-origin isolated Chromium page (bench-loop.ts).
 */
export function formatHandoff(reading: { ns: number; atMost: boolean }): string {
  if (!reading.atMost) return formatNsShort(reading.ns);
  return reading.ns > 0 ? `at most ${formatNsShort(reading.ns)}` : 'under the clock’s step';
}

/** "2 threads got none" (in the run that starved most), or '' when every thread acquired the lock in every run. */
export function starvedWords(starved: number): string {
  return starved === 0 ? '' : `${starved} ${starved === 1 ? 'thread' : 'threads'} got none`;
}

/** The fit's words for one series: where it peaks, or its ceiling, or that it has none. */
export function fitWords(series: Series): string {
  const usl = series.fit.usl;
  const who = series.source === 'measured' ? 'measured on this machine' : 'simulated';
  if (!usl.ok) return `${ALGORITHM_INFO[series.algorithm].label} (${who}): no fit (${usl.reason})`;
  return `${ALGORITHM_INFO[series.algorithm].label} (${who}): ${uslShape(usl.fit)}`;
}

function uslShape(fit: UslFit): string {
  const quality = fit.quality.verdict === 'poor' ? ` (${fit.quality.summary})` : '';
  if (fit.nMax !== null && fit.peak !== null) return `USL peak ${formatRate(fit.peak)} at ${threadsWords(fit.nMax)}${quality}`;
  if (fit.ceiling !== null) return `USL ceiling ${formatRate(fit.ceiling)}, no peak${quality}`;
  return `grows in proportion to threads${quality}`;
}

/** The data table: one row per algorithm and count, measured and simulated side by side. */
export function tableRows(points: readonly PointResult[], sim: readonly SimPoint[]): Array<Array<string | number>> {
  const rows: Array<Array<string | number>> = [];
  const sorted = [...points].sort(
    (a, b) => LOCK_ALGORITHMS.indexOf(a.algorithm) - LOCK_ALGORITHMS.indexOf(b.algorithm) || a.workers - b.workers,
  );
  for (const p of sorted) {
    const f = pointSummary(p);
    const s = sim.find((q) => q.algorithm === p.algorithm && q.workers === p.workers);
    rows.push([
      pointWords(p.algorithm, p.workers),
      formatRate(p.median),
      `${formatRate(p.min)} – ${formatRate(p.max)}`,
      Number.isFinite(f.fairness) ? f.fairness.toFixed(3) : '–',
      p.workers > 1 && f.handoff ? formatHandoff(f.handoff) : '–',
      f.starved === 0 ? 'every thread' : starvedWords(f.starved),
      SIM_DISCIPLINE[p.algorithm] === null ? 'no discipline' : s ? formatRate(s.value) : '…',
    ]);
  }
  return rows;
}

export const TABLE_COLUMNS = [
  'Lock, threads',
  'Acquisitions/s, measured on this machine (median)',
  'Spread of the repeats (min – max)',
  'Fairness (Jain)',
  'Hand-off (median)',
  'Acquired the lock',
  'Acquisitions/s, simulated',
] as const;

/** The chart's text equivalent: what was measured, where each lock peaked, past the cores, beside the simulator. */
export function summaryWords(measured: readonly Series[], simulated: readonly Series[], cores: number): string {
  if (measured.length === 0) return 'No runs yet: press Start to measure the locks on this machine.';
  const parts: string[] = [
    `Acquisitions a second against threads, measured on this machine (${cores} ${cores === 1 ? 'core' : 'cores'}; past ${threadsWords(cores)} the threads take turns on the cores). Solid lines are measured, dashed lines simulated.`,
  ];
  for (const s of measured) {
    const best = s.points.reduce((a, b) => (b.value > a.value ? b : a));
    const last = s.points[s.points.length - 1]!;
    const sim = simulated.find((q) => q.algorithm === s.algorithm);
    const simBest = sim?.points.reduce((a, b) => (b.value > a.value ? b : a));
    parts.push(
      `${ALGORITHM_INFO[s.algorithm].label}: measured best ${formatRate(best.value)} at ${threadsWords(best.workers)}, ${formatRate(last.value)} at ${last.workers}` +
        (simBest
          ? `; simulated best ${formatRate(simBest.value)} at ${simBest.workers}.`
          : SIM_DISCIPLINE[s.algorithm] === null
            ? '; not simulated.'
            : '.'),
    );
  }
  return parts.join(' ');
}
