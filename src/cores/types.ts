/*
 * src/cores/types.ts -- "Your own cores" (issue 41): real lock algorithms run by real
 * threads (browser Web Workers or Node worker_threads) over one SharedArrayBuffer with
 * Atomics. Shared by the browser bench (src/cores/page/) and `stacklab locks` (src/cli/).
 */

/** The lock algorithms, each a few lines over Atomics (src/cores/locks.ts). */
export type LockAlgorithm = 'tas' | 'ttas' | 'ticket' | 'mcs' | 'futex' | 'wake_all';
export const LOCK_ALGORITHMS: readonly LockAlgorithm[] = ['tas', 'ttas', 'ticket', 'mcs', 'futex', 'wake_all'];

/** What one run measures with: the same for every worker of the run. */
export interface BenchParams {
  algorithm: LockAlgorithm;
  /** Threads contending (1 .. 2 x hardwareConcurrency). */
  workers: number;
  /** Cache lines (64 bytes) of shared state each critical section reads and writes. */
  criticalLines: number;
  /** Extra work in the critical section, in loop iterations of a fixed busy loop (0: only the lines). */
  criticalSpins: number;
  /** Work between two acquisitions, outside the lock, in the same busy-loop iterations. */
  thinkSpins: number;
  /** Wall time the run lasts once every worker is at the start line, ms. */
  durationMs: number;
  /** A worker stops after this many acquisitions, if the time is not up first (the tests: a count each). */
  maxAcquisitions?: number;
}

/** One run's figures (the workers' counts gathered by the runner). */
export interface RunResult {
  params: BenchParams;
  /** Acquisitions by all workers per second of wall time. */
  acquisitionsPerS: number;
  /** Each worker's acquisitions, in worker order. */
  perWorker: number[];
  /** Jain's fairness index over perWorker: 1 when every worker got the same share, 1/n when one got all. */
  fairness: number;
  /** Median hand-off latency, ns: a release to the next acquisition by another worker (NaN with one worker). */
  handoffNs: number;
  /**
   * How far a hand-off can be off, ns: the two largest of the threads' clock errors (a
   * hand-off is timed on two threads' clocks). A median hand-off at or under 0 is shorter
   * than this, which is all the run can say of it.
   */
  clockErrorNs: number;
  /** The shared counter each critical section increments equals the sum of perWorker (mutual exclusion held). */
  counterExact: boolean;
}

/** One algorithm at one worker count over repeated runs: the spread the chart draws. */
export interface PointResult {
  algorithm: LockAlgorithm;
  workers: number;
  runs: RunResult[];
  /** Median, min and max of the runs' acquisitionsPerS. */
  median: number;
  min: number;
  max: number;
}

/** This machine's costs, measured (src/cores/machine.ts). */
export interface MachineCosts {
  /** One cache line's transfer between two cores: half a ping-pong round trip, ns (the median of 25 batches of 10,000 round trips, after a warm-up). */
  lineTransferNs: number;
  /** An uncontended acquire and release of a test-and-set lock, ns. */
  uncontendedNs: number;
  /** The busy loop's speed: ns per iteration (to turn spins into ns and back). */
  spinNs: number;
  /** navigator.hardwareConcurrency / os.availableParallelism(). */
  cores: number;
  /**
   * Whether a measurement's timed batches agreed (machine.ts, batchesSettled) within its
   * attempts. False: other work on the machine kept slowing it, so the figures may be high.
   */
  settled: boolean;
}

/** Starts one thread running src/cores/thread-main.ts (browser: a module Worker; Node: worker_threads, src/cores/node-host.ts). */
export interface ThreadHost {
  spawn(): BenchThread;
  cores: number;
}

export interface BenchThread {
  post(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
  onError(listener: (message: string) => void): void;
  terminate(): void;
}
