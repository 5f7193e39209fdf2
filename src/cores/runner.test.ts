// src/cores/runner.test.ts -- the coordinator of "Your own cores" over real Node
// worker_threads: a plan's points and progress, cancellation, a failing thread, and
// this machine's measured costs.
import { describe, expect, it } from 'vitest';
import { batchesSettled, measureMachine, steadyFigure } from './machine.js';
import { nodeThreadHost } from './node-host.js';
import { runBench } from './runner.js';
import type { BenchThread, ThreadHost } from './types.js';

const host = nodeThreadHost();
const work = { criticalLines: 2, criticalSpins: 0, thinkSpins: 0 };

describe('runBench', () => {
  it('runs every algorithm at every worker count, repeats times, and gathers the points in order', async () => {
    const progress: Array<[number, number]> = [];
    const pointsSeen: string[] = [];
    const points = await runBench(
      host,
      { algorithms: ['tas', 'futex'], workerCounts: [1, 2], repeats: 2, durationMs: 30, ...work },
      {
        onRun: (run, { done, total }) => {
          progress.push([done, total]);
          expect(run.counterExact).toBe(true);
        },
        onPoint: (point) => pointsSeen.push(`${point.algorithm}x${point.workers}`),
      },
    );
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((done) => [done, 8]));
    expect(points.map((point) => `${point.algorithm}x${point.workers}`)).toEqual(['tasx1', 'tasx2', 'futexx1', 'futexx2']);
    expect(pointsSeen).toEqual(['tasx1', 'tasx2', 'futexx1', 'futexx2']);
    for (const point of points) {
      expect(point.runs).toHaveLength(2);
      expect(point.min).toBeGreaterThan(0);
      expect(point.min).toBeLessThanOrEqual(point.median);
      expect(point.median).toBeLessThanOrEqual(point.max);
      for (const run of point.runs) {
        expect(run.perWorker).toHaveLength(point.workers);
        expect(run.fairness).toBeGreaterThan(0);
        expect(run.fairness).toBeLessThanOrEqual(1 + 1e-12);
        if (point.workers === 1) expect(run.handoffNs).toBeNaN();
      }
    }
  });

  it('past the cores, a short run goes on until every thread has had the lock (the point is a run of all its threads)', async () => {
    // Twice the cores, queue locks whose next owner may be off the cores, and runs short
    // enough (5 ms) that a thread can miss them whole: each run still ends with every
    // thread's acquisitions above 0, and within MAX_RUN_STRETCH of its time.
    const workers = 2 * host.cores;
    const started = performance.now();
    const points = await runBench(host, { algorithms: ['ticket', 'mcs'], workerCounts: [workers], repeats: 3, durationMs: 5, ...work });
    for (const run of points.flatMap((point) => point.runs)) {
      expect(run.perWorker, `${run.params.algorithm}: ${run.perWorker.join('/')}`).toHaveLength(workers);
      expect(Math.min(...run.perWorker), `${run.params.algorithm}: ${run.perWorker.join('/')}`).toBeGreaterThan(0);
      expect(run.counterExact).toBe(true);
    }
    expect(performance.now() - started).toBeLessThan(6 * (5 * 10 + 1000));
  });

  it('a cancelled run ends at once (the threads see the stop flag) and the promise rejects', async () => {
    const controller = new AbortController();
    const started = performance.now();
    const running = runBench(
      host,
      { algorithms: ['ticket'], workerCounts: [2], repeats: 1, durationMs: 10_000, ...work },
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 300);
    await expect(running).rejects.toThrow(/abort/i);
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it("a thread that fails rejects the run with the thread's words", async () => {
    const failing: ThreadHost = {
      cores: 2,
      spawn(): BenchThread {
        let fail: (message: string) => void = () => {};
        return {
          post: () => setTimeout(() => fail('out of memory'), 1),
          onMessage: () => {},
          onError: (listener) => void (fail = listener),
          terminate: () => {},
        };
      },
    };
    await expect(runBench(failing, { algorithms: ['tas'], workerCounts: [1], repeats: 1, durationMs: 10, ...work })).rejects.toThrow(
      'thread 0 failed: out of memory',
    );
  });
});

describe('measureMachine', () => {
  it("a set of timed batches' figure leaves the warm-up out: the median of the rest", () => {
    // the first batches run unoptimised (as measured here: 150-260 ns against 27-60 after)
    expect(steadyFigure([199, 201, 174, 160, 150, 30, 27, 219, 29, 31], 5)).toBe(30);
    expect(steadyFigure([40, 50, 60], 5)).toBe(50);
    expect(steadyFigure([], 5)).toBeNaN();
  });

  it('a measurement is settled when its steady batches agree: the slowest quarter within 1.5 times the fastest', () => {
    const warmup = [199, 201, 174, 160, 150];
    expect(batchesSettled([...warmup, 50, 52, 51, 55, 49, 53, 50, 54], 5)).toBe(true);
    // a busy machine: most batches slowed by other work (as on a first visit, 307 ns against 45)
    expect(batchesSettled([...warmup, 300, 45, 290, 310, 47, 280, 305, 299], 5)).toBe(false);
    expect(batchesSettled([], 5)).toBe(false);
  });

  it('measures a line transfer, an uncontended acquire and the busy loop, all positive and finite', async () => {
    const costs = await measureMachine(host);
    expect(costs.cores).toBe(host.cores);
    expect(typeof costs.settled).toBe('boolean');
    for (const value of [costs.uncontendedNs, costs.spinNs, ...(host.cores >= 2 ? [costs.lineTransferNs] : [])]) {
      expect(Number.isFinite(value) && value > 0, String(value)).toBe(true);
    }
    // and a line's transfer is well under 10 µs on any machine
    if (host.cores >= 2) expect(costs.lineTransferNs).toBeLessThan(10_000);
  });
});
