/*
 * sweep.ts -- the scaling sweep: one scenario run to its end for each CPU count and
 * each kernel swept (the lab's own, and its sweep partner if it has one), tracing off,
 * as the source's scaling charts were measured. Pure: plans the runs, splits them
 * between workers and gathers their reports.
 *
 * A CPU field that names a CPU the smaller machines lack (the designated CPU, the
 * interrupt CPU) falls back to its default at those points, so every point is a
 * valid scenario; the plan says where that happened.
 *
 * A variant run is the same machinery for a short list of labelled scenarios (the
 * porting journey's 1-way and 4-way runs, a companion run beside the lab's): each run
 * to its end, tracing off; its state says what finished and, in words, what the core
 * refused.
 */
import type { ProvisionalFigure } from './progressive.js';
import type { Report } from './report.js';
import type { ScenarioProblem, ScenarioValues } from './scenario.js';
import type { SweepSpec } from './protocol.js';

/** A kernel.kind, the core's name for a kernel (src/kernels knows what each is). */
export type KernelKind = string;

/** The CPU counts a sweep runs at: from, from + step, ... up to `to` at most. */
export interface SweepCpus {
  from: number;
  to: number;
  step: number;
}

/** 1 to 32 CPUs, every count: the OpenVMS paper's range, and the default. */
export const DEFAULT_SWEEP_CPUS: SweepCpus = { from: 1, to: 32, step: 1 };

export interface SweepPlanPoint extends SweepSpec {
  cpus: number;
  kernel: KernelKind;
}

export interface SweepPlan {
  points: SweepPlanPoint[];
  /** Plain-words notes on adjustments (for example a designated CPU that some machines lack). */
  notes: string[];
}

/** One finished point: the CPU count, the kernel and the core's report. */
export interface SweepPoint {
  cpus: number;
  kernel: KernelKind;
  report: Report;
}

/**
 * A point's provisional figure (core/progressive.ts): the report of its short window and
 * its throughput with the interval, until its final report replaces it.
 */
export interface ProvisionalSweepPoint extends SweepPoint {
  figure: ProvisionalFigure;
}

/** What the lab knows about the sweep, for the scaling chart and the lock table. */
export interface SweepState {
  status: 'idle' | 'running' | 'done' | 'cancelled' | 'failed';
  /** Points finished, for the progress bar. */
  done: number;
  total: number;
  /** Finished points, ordered by kernel then CPU count. */
  points: SweepPoint[];
  /** Provisional points not yet finished (a progressive sweep's first pass), ordered the same way. */
  provisional?: ProvisionalSweepPoint[];
  /** The scenario the sweep varied (every field but machine.cpus and kernel.kind as the lab had them). */
  base?: ScenarioValues;
  /** The kernels it runs (kernel.kind), and the CPU counts. */
  kernels?: readonly KernelKind[];
  cpus?: SweepCpus;
  message?: string;
}

export const idleSweep: SweepState = { status: 'idle', done: 0, total: 0, points: [] };

export interface SweepOptions {
  /** The CPU counts (default 1 to 32, every count). */
  cpus?: SweepCpus;
  /** The kernels to run, in order (default the scenario's own kernel.kind). */
  kernels?: readonly KernelKind[];
}

/**
 * How many workers a sweep runs in at once, given the machine's cores
 * (navigator.hardwareConcurrency, undefined where the browser does not say): one per
 * core but one, which the page and the lab's own run keep; at least 2, as on a 2-core
 * school laptop, where the sweep's runs and the page share the cores; at most 8, as
 * each worker holds its own copy of the core.
 */
export function sweepWorkerCount(cores: number | undefined): number {
  const n = Number.isFinite(cores) && cores! >= 1 ? Math.floor(cores!) : 2;
  return Math.max(2, Math.min(8, n - 1));
}

/** The CPU counts of a range: from, from + step, ... while at most `to` (none when the range is empty). */
export function cpuCounts({ from, to, step }: SweepCpus): number[] {
  const out: number[] = [];
  if (!(step >= 1) || !Number.isFinite(from) || !Number.isFinite(to)) return out;
  for (let cpus = from; cpus <= to; cpus += step) out.push(cpus);
  return out;
}

/** The runs of a sweep over machine.cpus for each kernel, tracing off. */
export function planSweep(base: ScenarioValues, options: SweepOptions = {}): SweepPlan {
  const counts = cpuCounts(options.cpus ?? DEFAULT_SWEEP_CPUS);
  const kernels = options.kernels ?? [String(base['kernel.kind'])];
  const fromCpus = counts[0] ?? 1;
  const points: SweepPlanPoint[] = [];
  const notes: string[] = [];
  const designated = Number(base['kernel.designated_cpu'] ?? -1);
  const interrupt = Number(base['machine.interrupt_cpu'] ?? 0);
  if (designated >= fromCpus) {
    notes.push(`Machines with ${designated} CPUs or fewer have no CPU ${designated}; there the designated CPU is the last CPU.`);
  }
  if (interrupt >= fromCpus) {
    notes.push(`Machines with ${interrupt} CPUs or fewer have no CPU ${interrupt}; there interrupts go to CPU 0.`);
  }
  for (const kernel of kernels) {
    for (const cpus of counts) {
      const values = withCpus({ ...base, 'kernel.kind': kernel, 'sim.trace_capacity': 0 }, cpus);
      points.push({ index: points.length, cpus, kernel, values });
    }
  }
  return { points, notes };
}

/**
 * The scenario on a machine of `cpus` CPUs: a designated or interrupt CPU the machine
 * lacks falls back to its default (the last CPU, CPU 0), as the sweep's notes say.
 */
export function withCpus(base: ScenarioValues, cpus: number): ScenarioValues {
  const values: ScenarioValues = { ...base, 'machine.cpus': cpus };
  if (Number(base['kernel.designated_cpu'] ?? -1) >= cpus) values['kernel.designated_cpu'] = -1;
  if (Number(base['machine.interrupt_cpu'] ?? 0) >= cpus) values['machine.interrupt_cpu'] = 0;
  return values;
}

/**
 * Splits the runs between n workers so each gets a similar amount of work: big
 * machines take longest, so the runs are dealt out in turn, largest first.
 */
export function splitSweep<T extends { cpus: number; index: number }>(points: T[], workers: number): T[][] {
  const shares: T[][] = Array.from({ length: Math.max(1, workers) }, () => []);
  const bySize = [...points].sort((a, b) => b.cpus - a.cpus || a.index - b.index);
  bySize.forEach((point, i) => shares[i % shares.length]!.push(point));
  return shares;
}

/** Adds a point, keeping the list ordered by kernel then CPU count (a later point for the same place replaces the earlier). */
export function addSweepPoint<P extends SweepPoint>(points: readonly P[], point: P): P[] {
  const next = withoutSweepPoint(points, point);
  next.push(point);
  next.sort((a, b) => a.kernel.localeCompare(b.kernel) || a.cpus - b.cpus);
  return next;
}

/** The points but the one at `point`'s place (kernel and CPU count). */
export function withoutSweepPoint<P extends SweepPoint>(points: readonly P[], point: Pick<SweepPoint, 'cpus' | 'kernel'>): P[] {
  return points.filter((p) => !(p.cpus === point.cpus && p.kernel === point.kernel));
}

// ---- variant runs ------------------------------------------------------------------

/** One scenario of a variant run, with words for it ("1-way (1 CPU)"). */
export interface Variant {
  label: string;
  values: ScenarioValues;
}

export type VariantRunStatus = 'running' | 'done' | 'cancelled' | 'failed';

/** What the lab knows about a variant run: what has finished, what was refused and why. */
export interface VariantRun {
  /** Grows with every run one runner starts, so a newer run is told from an older one. */
  seq: number;
  /** The variants in a form to compare runs by (variantKey). */
  key: string;
  variants: readonly Variant[];
  status: VariantRunStatus;
  /** Variants finished: run to their end, or refused. */
  done: number;
  /** Each variant's report once it has run to its end (undefined until then, or if refused). */
  reports: readonly (Report | undefined)[];
  /** Why the core refused a variant, in words (undefined where it did not). */
  refusals: readonly (string | undefined)[];
  /** Why the whole run failed (a worker fault). */
  message?: string;
}

/** The same string for the same labels and values: tells whether a run is of these variants. */
export function variantKey(variants: readonly Variant[]): string {
  return JSON.stringify(variants.map((variant) => [variant.label, variant.values]));
}

/** The worker's list for a variant run: each variant in order, tracing off. */
export function planVariants(variants: readonly Variant[]): (SweepSpec & { cpus: number })[] {
  return variants.map((variant, index) => ({
    index,
    cpus: Number(variant.values['machine.cpus'] ?? 1),
    values: { ...variant.values, 'sim.trace_capacity': 0 },
  }));
}

/** A variant run just started. */
export function startVariantRun(seq: number, variants: readonly Variant[]): VariantRun {
  return {
    seq,
    key: variantKey(variants),
    variants,
    status: 'running',
    done: 0,
    reports: variants.map(() => undefined),
    refusals: variants.map(() => undefined),
  };
}

/** The run with one more variant finished: its report, or why the core refused it. */
export function variantFinished(run: VariantRun, index: number, outcome: { report: Report } | { problems: ScenarioProblem[] }): VariantRun {
  if (index < 0 || index >= run.variants.length) return run;
  if ('report' in outcome) return { ...run, done: run.done + 1, reports: replaceAt(run.reports, index, outcome.report) };
  return {
    ...run,
    done: run.done + 1,
    refusals: replaceAt(run.refusals, index, refusalWords(run.variants[index]!.label, outcome.problems)),
  };
}

/** "4-way (4 CPUs): the simulator did not accept this run: <the core's words>". */
export function refusalWords(label: string, problems: readonly ScenarioProblem[]): string {
  const why = problems.map((problem) => problem.message).join(' ') || 'it gave no reason.';
  return `${label}: the simulator did not accept this run: ${why}`;
}

function replaceAt<T>(list: readonly T[], index: number, value: T): T[] {
  const next = [...list];
  next[index] = value;
  return next;
}

/** Fraction of a run done, 0..1 (1 when there is none or it has stopped). */
export function curveProgress(run: VariantRun | undefined): number {
  if (!run || run.status !== 'running' || run.variants.length === 0) return 1;
  return run.done / run.variants.length;
}
