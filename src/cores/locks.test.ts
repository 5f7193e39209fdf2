// src/cores/locks.test.ts -- the lock algorithms of "Your own cores" (issue 41): each
// keeps mutual exclusion among real threads (4 Node worker_threads, each a few thousand
// acquisitions, and the counter the critical sections add to without atomics ends exact;
// on a machine with fewer than 4 cores the queue locks run 600 ms instead, as many as the
// scheduler lets them), and each lock word and MCS node lies on a line of its own.
import { availableParallelism } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { benchLayout } from './bench-loop.js';
import { lineFloat64Index, lineIndex, LINE_INTS, lockLines, makeLock } from './locks.js';
import { nodeThreadHost } from './node-host.js';
import { ThreadPool } from './pool.js';
import { runOnce } from './runner.js';
import { LOCK_ALGORITHMS, type BenchParams } from './types.js';

const pool = new ThreadPool(nodeThreadHost());
afterAll(() => pool.close());

const EACH = 3000;
const THREADS = 4;
/** Fewer cores than threads: the scheduler sets spinning threads aside for a tick (ms) at a time. */
const oversubscribed = availableParallelism() < THREADS;

describe('mutual exclusion among 4 threads', () => {
  it.each(LOCK_ALGORITHMS)('%s: 4 threads, a few thousand acquisitions each, and the shared counter ends exact', async (algorithm) => {
    const params: BenchParams = {
      algorithm,
      workers: THREADS,
      criticalLines: 2,
      criticalSpins: 20,
      thinkSpins: 200,
      durationMs: 20_000,
      maxAcquisitions: EACH,
    };
    // A queue lock hands the lock on in order, so with more threads than cores each hand-off
    // to a thread the scheduler has set aside waits for the next tick (about 4 ms here):
    // some 250 acquisitions a second. There it runs for a time instead of to a count.
    const queue = algorithm === 'ticket' || algorithm === 'mcs';
    const run = await runOnce(pool, queue && oversubscribed ? { ...params, durationMs: 600, maxAcquisitions: undefined } : params);
    expect(run.counterExact).toBe(true);
    if (queue && oversubscribed) {
      for (const count of run.perWorker) expect(count).toBeGreaterThan(10);
    } else {
      expect(run.perWorker).toEqual([EACH, EACH, EACH, EACH]);
    }
    expect(run.handoffNs).toBeGreaterThanOrEqual(0);
  });
});

describe('one thread, the lock word by word', () => {
  it.each(LOCK_ALGORITHMS)('%s: acquire and release leave the lock as they found it', (algorithm) => {
    const m = new Int32Array(new SharedArrayBuffer(lockLines(algorithm, 1) * 64 + 64));
    const lock = makeLock(algorithm, m, 0, 0);
    for (let i = 0; i < 5; i++) {
      lock.acquire();
      expect(m[lineIndex(0)], 'the lock word says held').not.toBe(0);
      lock.release();
    }
    // free: tas, ttas, futex, wake_all and the MCS tail are 0; a ticket lock serves the next ticket
    if (algorithm === 'ticket') expect(m[lineIndex(1)]).toBe(m[lineIndex(0)]);
    else expect(m[lineIndex(0)]).toBe(0);
  });

  it('a futex mutex held by one thread is 1 (no sleepers) and free after', () => {
    const m = new Int32Array(new SharedArrayBuffer(64));
    const lock = makeLock('futex', m, 0, 0);
    lock.acquire();
    expect(m[0]).toBe(1);
    lock.release();
    expect(m[0]).toBe(0);
  });
});

describe('the layout: a line each', () => {
  it('a line is 16 Int32s; its Float64 slot is 8 bytes in', () => {
    expect(LINE_INTS).toBe(16);
    expect(lineIndex(3)).toBe(48);
    expect(lineFloat64Index(3)).toBe(25);
    expect(lineFloat64Index(3, 0)).toBe(24);
  });

  it('a ticket lock takes two lines (next, serving); an MCS lock a tail and a node per thread', () => {
    expect(lockLines('tas', 8)).toBe(1);
    expect(lockLines('ttas', 8)).toBe(1);
    expect(lockLines('futex', 8)).toBe(1);
    expect(lockLines('wake_all', 8)).toBe(1);
    expect(lockLines('ticket', 8)).toBe(2);
    expect(lockLines('mcs', 8)).toBe(9);
  });

  it("each MCS node's words lie on its own line: threads 0 and 1 write only their own", () => {
    const m = new Int32Array(new SharedArrayBuffer(lockLines('mcs', 2) * 64));
    makeLock('mcs', m, 0, 1).acquire();
    const written = [...m.keys()].filter((i) => m[i] !== 0);
    // the tail (line 0) names thread 1; thread 1's node is line 2; line 1 (thread 0's) is untouched
    expect(written.map((i) => Math.floor(i / LINE_INTS))).toEqual([0, 2]);
  });

  it("a run's buffer: the lock after five lines of its own, then the critical section's lines", () => {
    const layout = benchLayout({ algorithm: 'mcs', workers: 4, criticalLines: 3 });
    expect(layout).toEqual({ lockLine: 5, dataLine: 10, lines: 13, bytes: 13 * 64 });
  });
});
