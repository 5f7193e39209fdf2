/*
 * sweep.ts -- the scaling sweep: one scenario run to its end for each CPU count and
 * each kernel, tracing off, as the source's scaling charts were measured. Pure:
 * plans the runs, splits them between workers and gathers their reports.
 *
 * A CPU field that names a CPU the smaller machines lack (the designated CPU, the
 * interrupt CPU) falls back to its default at those points, so every point is a
 * valid scenario; the plan says where that happened.
 */
import type { Report } from './report.js';
import type { ScenarioValues } from './scenario.js';
import type { SweepSpec } from './protocol.js';

export type KernelKind = 'classic' | 'scalable';

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

/** What the lab knows about the sweep, for the scaling chart and the lock table. */
export interface SweepState {
  status: 'idle' | 'running' | 'done' | 'cancelled' | 'failed';
  /** Points finished, for the progress bar. */
  done: number;
  total: number;
  /** Finished points, ordered by kernel then CPU count. */
  points: SweepPoint[];
  /** The scenario the sweep varied (every field but machine.cpus and kernel.kind as the lab had them). */
  base?: ScenarioValues;
  message?: string;
}

export const idleSweep: SweepState = { status: 'idle', done: 0, total: 0, points: [] };

export interface SweepOptions {
  fromCpus?: number;
  toCpus?: number;
  kernels?: KernelKind[];
}

/** The runs of a sweep over machine.cpus for each kernel, tracing off. */
export function planSweep(base: ScenarioValues, options: SweepOptions = {}): SweepPlan {
  const { fromCpus = 1, toCpus = 32, kernels = ['classic', 'scalable'] } = options;
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
    for (let cpus = fromCpus; cpus <= toCpus; cpus++) {
      const values: ScenarioValues = {
        ...base,
        'machine.cpus': cpus,
        'kernel.kind': kernel,
        'sim.trace_capacity': 0,
      };
      if (designated >= cpus) values['kernel.designated_cpu'] = -1;
      if (interrupt >= cpus) values['machine.interrupt_cpu'] = 0;
      points.push({ index: points.length, cpus, kernel, values });
    }
  }
  return { points, notes };
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

/** Adds a finished point, keeping the list ordered by kernel then CPU count. */
export function addSweepPoint(points: SweepPoint[], point: SweepPoint): SweepPoint[] {
  const next = points.filter((p) => !(p.cpus === point.cpus && p.kernel === point.kernel));
  next.push(point);
  next.sort((a, b) => a.kernel.localeCompare(b.kernel) || a.cpus - b.cpus);
  return next;
}
