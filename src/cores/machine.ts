/*
 * src/cores/machine.ts -- this machine's costs, measured (issue 41), to set beside the
 * simulator's: how long a cache line takes to move between two cores (two threads flip
 * one line back and forth: a round trip is two transfers), what an uncontended
 * test-and-set acquire and release costs, and how fast the bench's busy loop runs.
 *
 * The thread side (pingSide, pongSide, soloCosts) runs in a worker through
 * src/cores/thread-main.ts; measureMachine coordinates over a ThreadHost.
 */
import { lineIndex, LINE_BYTES, makeLock, spin } from './locks.js';
import { ThreadPool } from './pool.js';
import { median } from './stats.js';
import type { MachineCosts, ThreadHost } from './types.js';

// The ping-pong buffer: a control line (ready, stop), and the line the threads flip.
const READY = 0;
const STOP = 1;
const FLAG = lineIndex(1);
/** The ping-pong buffer's size. */
export const PING_PONG_BYTES = 2 * LINE_BYTES;

/**
 * Round trips per timed batch, and batches: the median batch after the warm-up is the
 * figure (steadyFigure). 10,000 round trips take about a millisecond, so a browser's 5 µs
 * timer step moves a batch's mean by under 1%.
 */
export const PING_PONG_ROUNDS = 10_000;
export const PING_PONG_BATCHES = 25;
/**
 * Batches at the start that are not counted: the loop runs before the JIT has optimised
 * it. In Node on a 2-core machine the first 2-3 batches of 10,000 round trips read
 * 150-260 ns a transfer and the rest 27-60; with batches of 2,000 and no warm-up, the
 * median was the warm-up's in one Chromium measurement of four (165 ns against 44-52).
 */
export const WARMUP_BATCHES = 5;

/** The figure of a set of timed batches: the median of those after the first `warmup` (the median of all if there are no more). */
export function steadyFigure(batches: readonly number[], warmup: number): number {
  return median(batches.length > warmup ? batches.slice(warmup) : batches);
}

/**
 * Measurements of the machine, at most, until one is settled (a pause between them lets
 * the page's own start-up work finish): a learner's first visit measures while the
 * service worker stores the site, and a line transfer read 307 ns there against 43-55 a
 * few seconds later.
 */
export const MEASURE_ATTEMPTS = 3;
/** A measurement is settled when its steady batches' slowest quarter is within this factor of their fastest quarter. */
export const SETTLED_SPREAD = 1.5;
/** The pause before another measurement, ms. */
export const MEASURE_PAUSE_MS = 250;

/** Whether the steady batches (after `warmup`) agree: their upper quartile within SETTLED_SPREAD of their lower one. */
export function batchesSettled(batches: readonly number[], warmup: number): boolean {
  const steady = [...(batches.length > warmup ? batches.slice(warmup) : batches)].sort((a, b) => a - b);
  if (steady.length === 0) return false;
  const lower = steady[Math.floor((steady.length - 1) / 4)]!;
  const upper = steady[Math.ceil(((steady.length - 1) * 3) / 4)]!;
  return upper <= SETTLED_SPREAD * lower;
}

/**
 * The pinging thread: waits for the other, then flips the line to an odd value and spins
 * until the other makes it even, `rounds` times a batch. Returns each batch's mean round
 * trip, ns ([] if stopped).
 */
export function pingSide(buffer: SharedArrayBuffer, rounds: number, batches: number): number[] {
  const m = new Int32Array(buffer);
  while (Atomics.load(m, READY) === 0) {
    if (Atomics.load(m, STOP) !== 0) return [];
    Atomics.wait(m, READY, 0, 50);
  }
  const roundTrips: number[] = [];
  let value = 0;
  for (let batch = 0; batch < batches; batch++) {
    const started = performance.now();
    for (let round = 0; round < rounds; round++) {
      Atomics.store(m, FLAG, ++value);
      ++value;
      while (Atomics.load(m, FLAG) !== value) if (Atomics.load(m, STOP) !== 0) return [];
    }
    roundTrips.push(((performance.now() - started) * 1e6) / rounds);
  }
  return roundTrips;
}

/** The other thread: answers each odd value with the next even one. */
export function pongSide(buffer: SharedArrayBuffer, rounds: number, batches: number): void {
  const m = new Int32Array(buffer);
  Atomics.store(m, READY, 1);
  Atomics.notify(m, READY);
  let value = 0;
  for (let i = rounds * batches; i > 0; i--) {
    ++value;
    while (Atomics.load(m, FLAG) !== value) if (Atomics.load(m, STOP) !== 0) return;
    Atomics.store(m, FLAG, ++value);
  }
}

/** Tells both ping-pong threads to give up (the run was cancelled). */
export function stopPingPong(buffer: SharedArrayBuffer): void {
  Atomics.store(new Int32Array(buffer), STOP, 1);
}

/** One thread alone: an uncontended tas acquire + release, ns, and the busy loop's ns per iteration; settled: both sets of batches agree (batchesSettled). */
export function soloCosts(): { uncontendedNs: number; spinNs: number; settled: boolean; sink: number } {
  const lock = makeLock('tas', new Int32Array(new SharedArrayBuffer(LINE_BYTES)), 0, 0);
  const pairs = 20_000;
  const lockBatches: number[] = [];
  for (let batch = 0; batch < WARMUP_BATCHES + 15; batch++) {
    const started = performance.now();
    for (let i = 0; i < pairs; i++) {
      lock.acquire();
      lock.release();
    }
    lockBatches.push(((performance.now() - started) * 1e6) / pairs);
  }
  const iterations = 200_000;
  const spinBatches: number[] = [];
  let sink = 0;
  for (let batch = 0; batch < WARMUP_BATCHES + 15; batch++) {
    const started = performance.now();
    sink ^= spin(iterations, batch);
    spinBatches.push(((performance.now() - started) * 1e6) / iterations);
  }
  return {
    uncontendedNs: steadyFigure(lockBatches, WARMUP_BATCHES),
    spinNs: steadyFigure(spinBatches, WARMUP_BATCHES),
    settled: batchesSettled(lockBatches, WARMUP_BATCHES) && batchesSettled(spinBatches, WARMUP_BATCHES),
    sink, // so the loop is kept
  };
}

/**
 * Measures this machine through `host`: thread 0 alone (soloCosts), then threads 0 and 1
 * flip a line (lineTransferNs is half the median batch's round trip after the warm-up;
 * NaN with one core, where the two would take turns on it). Up to MEASURE_ATTEMPTS
 * times, until a measurement is settled; each figure is the lowest of the attempts
 * (other work only slows a measurement). Cancelled by `signal`.
 */
export async function measureMachine(host: ThreadHost, signal?: AbortSignal): Promise<MachineCosts> {
  const pool = new ThreadPool(host);
  const buffer = new SharedArrayBuffer(PING_PONG_BYTES);
  const stop = () => stopPingPong(buffer);
  signal?.addEventListener('abort', stop, { once: true });
  try {
    // each figure the lowest of the tries (NaN, the one-core line, gives way to a number)
    const lower = (a: number, b: number) => (Number.isNaN(a) ? b : Math.min(a, b));
    let costs: MachineCosts = { lineTransferNs: NaN, uncontendedNs: Infinity, spinNs: Infinity, cores: host.cores, settled: false };
    for (let attempt = 0; attempt < MEASURE_ATTEMPTS && !costs.settled; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, MEASURE_PAUSE_MS));
      signal?.throwIfAborted();
      const solo = await pool.request(0, { kind: 'solo' });
      signal?.throwIfAborted();
      if (solo.kind !== 'solo') throw new Error(`thread 0 answered ${solo.kind} to solo`);
      let lineTransferNs = NaN;
      let lineSettled = true;
      if (host.cores >= 2) {
        new Int32Array(buffer).fill(0);
        const message = { buffer, rounds: PING_PONG_ROUNDS, batches: WARMUP_BATCHES + PING_PONG_BATCHES };
        const [ping] = await Promise.all([pool.request(0, { kind: 'ping', ...message }), pool.request(1, { kind: 'pong', ...message })]);
        signal?.throwIfAborted();
        if (ping.kind !== 'ping') throw new Error(`thread 0 answered ${ping.kind} to ping`);
        lineTransferNs = steadyFigure(ping.roundTripNs, WARMUP_BATCHES) / 2;
        lineSettled = batchesSettled(ping.roundTripNs, WARMUP_BATCHES);
      }
      costs = {
        lineTransferNs: lower(costs.lineTransferNs, lineTransferNs),
        uncontendedNs: Math.min(costs.uncontendedNs, solo.uncontendedNs),
        spinNs: Math.min(costs.spinNs, solo.spinNs),
        cores: host.cores,
        settled: solo.settled && lineSettled,
      };
    }
    return costs;
  } finally {
    signal?.removeEventListener('abort', stop);
    pool.close();
  }
}
