/*
 * src/cores/runner.ts -- the coordinator of "Your own cores" (issue 41): runs each lock
 * algorithm at each worker count, a few times, on real threads started through a
 * ThreadHost (a browser's Web Workers or Node's worker_threads), and gathers the figures
 * (RunResult, PointResult). Environment-free: the browser page and `stacklab locks` both
 * drive it. A run's buffer is made here and shared with its threads (bench-loop.ts
 * says what is in it); the stop flag in it is how a cancelled run ends early.
 */
import { benchLayout, COUNTER_INDEX, MAX_RUN_STRETCH, STOP_INDEX } from './bench-loop.js';
import { ThreadPool } from './pool.js';
import { pointResult, runResult } from './stats.js';
import type { BenchParams, LockAlgorithm, PointResult, RunResult, ThreadHost } from './types.js';

/** What to run: every algorithm at every worker count, `repeats` times, with the same work. */
export interface BenchPlan extends Omit<BenchParams, 'algorithm' | 'workers'> {
  algorithms: readonly LockAlgorithm[];
  workerCounts: readonly number[];
  repeats: number;
}

export interface BenchProgress {
  /** Runs finished, of total. */
  done: number;
  total: number;
}

export interface BenchCallbacks {
  /** Stops the current run at once (its threads see the stop flag) and rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Each run as it ends. */
  onRun?(run: RunResult, progress: BenchProgress): void;
  /** Each point (an algorithm at a worker count) as its last repeat ends. */
  onPoint?(point: PointResult, progress: BenchProgress): void;
}

/** The most threads a run may have (the page and `stacklab locks` alike): twice the cores (past the cores, threads take turns on them). */
export function maxWorkers(cores: number): number {
  return Math.max(2, 2 * Math.max(1, Math.floor(cores)));
}

/** The thread counts run when none are asked for (the page's first choice, `stacklab locks`'s default): 1, 2, 4, ... the cores and twice the cores. */
export function defaultWorkers(cores: number): number[] {
  const c = Math.max(1, Math.floor(cores));
  const top = maxWorkers(c);
  const set = new Set<number>([c, top]);
  for (let n = 1; n <= top; n *= 2) set.add(n);
  return [...set].sort((a, b) => a - b);
}

/** A run that has not ended this long after its longest time (MAX_RUN_STRETCH times its own) has failed (a thread is stuck), ms. */
const OVERDUE_MS = 30_000;

/** The plan's runs, one by one, in order: algorithm, then worker count, then repeat. */
export async function runBench(host: ThreadHost, plan: BenchPlan, callbacks: BenchCallbacks = {}): Promise<PointResult[]> {
  const { algorithms, workerCounts, repeats, ...work } = plan;
  const total = algorithms.length * workerCounts.length * repeats;
  const pool = new ThreadPool(host);
  const points: PointResult[] = [];
  let done = 0;
  try {
    for (const algorithm of algorithms) {
      for (const workers of workerCounts) {
        const runs: RunResult[] = [];
        for (let repeat = 0; repeat < repeats; repeat++) {
          callbacks.signal?.throwIfAborted();
          const run = await runOnce(pool, { ...work, algorithm, workers }, callbacks.signal);
          runs.push(run);
          callbacks.onRun?.(run, { done: ++done, total });
        }
        const point = pointResult(algorithm, workers, runs);
        points.push(point);
        callbacks.onPoint?.(point, { done, total });
      }
    }
    return points;
  } finally {
    pool.close();
  }
}

/** One run on the pool's first params.workers threads. */
export async function runOnce(pool: ThreadPool, params: BenchParams, signal?: AbortSignal): Promise<RunResult> {
  const buffer = new SharedArrayBuffer(benchLayout(params).bytes);
  const m = new Int32Array(buffer);
  const stop = () => Atomics.store(m, STOP_INDEX, 1);
  signal?.addEventListener('abort', stop, { once: true });
  let overdue: ReturnType<typeof setTimeout> | undefined;
  try {
    const replies = Array.from({ length: params.workers }, (_, index) => pool.request(index, { kind: 'bench', buffer, index, params }));
    const late = new Promise<never>((_, reject) => {
      overdue = setTimeout(
        () => {
          stop();
          reject(new Error(`a ${params.algorithm} run with ${params.workers} threads did not end ${OVERDUE_MS / 1000} s after its time`));
        },
        params.durationMs * MAX_RUN_STRETCH + OVERDUE_MS,
      );
    });
    const outcomes = await Promise.race([Promise.all(replies), late]);
    signal?.throwIfAborted();
    return runResult(
      params,
      outcomes.map((reply) => {
        if (reply.kind !== 'bench') throw new Error(`a thread answered ${reply.kind} to a bench run`);
        return reply.outcome;
      }),
      Atomics.load(m, COUNTER_INDEX),
    );
  } finally {
    clearTimeout(overdue);
    signal?.removeEventListener('abort', stop);
  }
}
