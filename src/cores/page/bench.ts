/*
 * bench.ts -- the page's handle on a bench run: the runner (src/cores/runner.ts) started
 * with a stop button's AbortController, its progress in runs with words for the point
 * under way, and its end as an outcome (done, cancelled, or failed with the reason in
 * words) rather than an exception, so the page only ever sets its state from it.
 */
import { measureMachine } from '../machine.js';
import { runBench, type BenchPlan } from '../runner.js';
import type { PointResult, ThreadHost } from '../types.js';
import { pointWords } from './model.js';

export { measureMachine, type BenchPlan };

export type BenchOutcome = { status: 'done' } | { status: 'cancelled' } | { status: 'failed'; message: string };

export interface BenchEvents {
  point(point: PointResult): void;
  /** Runs finished of all, and the point under way in words. */
  progress(done: number, total: number, what: string): void;
}

export interface BenchRun {
  cancel(): void;
  done: Promise<BenchOutcome>;
}

export function startBench(host: ThreadHost, plan: BenchPlan, events: BenchEvents): BenchRun {
  const abort = new AbortController();
  const total = plan.algorithms.length * plan.workerCounts.length * plan.repeats;
  const first = plan.algorithms[0] && plan.workerCounts[0] ? pointWords(plan.algorithms[0], plan.workerCounts[0]) : '';
  events.progress(0, total, first);
  const done = runBench(host, plan, {
    signal: abort.signal,
    onRun: (run, progress) => events.progress(progress.done, progress.total, pointWords(run.params.algorithm, run.params.workers)),
    onPoint: (point) => events.point(point),
  }).then(
    (): BenchOutcome => ({ status: 'done' }),
    (error: unknown): BenchOutcome =>
      abort.signal.aborted
        ? { status: 'cancelled' }
        : { status: 'failed', message: error instanceof Error ? error.message : String(error) },
  );
  return { cancel: () => abort.abort(), done };
}
