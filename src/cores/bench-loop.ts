/*
 * src/cores/bench-loop.ts -- what one thread of a "Your own cores" run does (issue 41):
 * wait until every thread is ready, agree on a clock, then acquire, work on the shared
 * state, release and think, until the run's time is up or the coordinator says stop.
 * The same code runs in a browser's Web Worker and in a Node worker_thread: no DOM, no
 * Node imports; the clock is performance.now(), which both have.
 *
 * The shared buffer, one per run, in 64-byte lines (locks.ts), each item at most 16
 * bytes at the start of its own line:
 *
 *   line 0  control: arrivals, ready, go, stop, threads that have acquired the lock (Int32s)
 *   line 1  timing: the start time (Float64), the clock-sync turn (Int32: the thread
 *           asking, then 0 once it is done)
 *   line 2  clock sync: ping, pong (Int32s), the reference thread's time (Float64)
 *   line 3  the shared counter, incremented under the lock by a plain read then write
 *   line 4  the last release: its thread (index + 1) and its time (Float64)
 *   line 5  the lock's lines (lockLines), then criticalLines lines of shared state
 *
 * Clocks: each worker's performance.now() counts from its own start (Node's
 * worker_threads and browsers' workers each have their own timeOrigin), so before the
 * run every thread measures its clock against thread 0's over shared memory (ping-pongs,
 * the one with the shortest round trip kept, as NTP does; syncClock) and the hand-off
 * latencies are in thread 0's time, right to within the two threads' clock errors (each
 * half its best round trip, reported). In Node performance.now() counts in nanoseconds; a
 * cross-origin isolated browser coarsens it to 5 µs (100 µs otherwise), so there a
 * hand-off shorter than that reads as 0 or 5 µs and only the median over many means
 * much.
 */
import { lineFloat64Index, lineIndex, lockLines, makeLock, spin } from './locks.js';
import type { BenchParams } from './types.js';

const CONTROL = 0;
const TIMING = 1;
const SYNC = 2;
const COUNTER = 3;
const HANDOFF = 4;
const FIRST_LOCK_LINE = 5;

const ARRIVALS = lineIndex(CONTROL);
const READY = lineIndex(CONTROL) + 1;
const GO = lineIndex(CONTROL) + 2;
/** The stop flag's Int32 index: the coordinator stores 1 there to end a run early. */
export const STOP_INDEX = lineIndex(CONTROL) + 3;
/** Threads that have acquired the lock at least once in this run. */
const STARTED = lineIndex(CONTROL) + 4;
const START_TIME = lineFloat64Index(TIMING, 0);
const TURN = lineIndex(TIMING) + 2;
const PING = lineIndex(SYNC);
const PONG = lineIndex(SYNC) + 1;
const REPLY_TIME = lineFloat64Index(SYNC, 8);
/** The shared counter's Int32 index: after the run it holds the acquisitions, if the lock held. */
export const COUNTER_INDEX = lineIndex(COUNTER);
const LAST_OWNER = lineIndex(HANDOFF);
const RELEASE_TIME = lineFloat64Index(HANDOFF, 8);

/** Ping-pongs each thread makes with thread 0 to learn its clock's offset, at least. */
const SYNC_ROUNDS = 16;
/** A round trip this short ends the clock sync (ms): a line's round trip between two cores is a few hundred ns. */
const SYNC_GOOD_MS = 0.001;
/** Longest a thread goes on pinging for a round trip under SYNC_GOOD_MS, ms. */
const SYNC_BUDGET_MS = 20;
/** The run starts this long after the last thread's clock is known, ms: every thread is awake by then. */
const START_LEAD_MS = 2;
/** Hand-off samples a thread keeps: beyond this it keeps every second one, then every fourth... */
export const MAX_HANDOFF_SAMPLES = 2048;
/**
 * A run lasts its time and, if a thread has not yet had the lock by then, goes on until
 * every thread has had it once, up to this many times its time: so that a point at N
 * threads is a run of N threads, not of the fewer the scheduler let onto the cores (with
 * more threads than cores a thread can wait a whole short run for a time slice, and a
 * queue lock's next owner can be one of those). The rate counts the whole run.
 */
export const MAX_RUN_STRETCH = 10;
/** Blocking waits wake this often to look at the stop flag, ms. */
const WAIT_SLICE_MS = 50;

export interface BenchLayout {
  /** The lock's first line. */
  lockLine: number;
  /** The first line of the shared state the critical section works on. */
  dataLine: number;
  lines: number;
  /** The SharedArrayBuffer's size. */
  bytes: number;
}

/** Where everything is in a run's buffer. */
export function benchLayout(params: Pick<BenchParams, 'algorithm' | 'workers' | 'criticalLines'>): BenchLayout {
  const dataLine = FIRST_LOCK_LINE + lockLines(params.algorithm, params.workers);
  const lines = dataLine + params.criticalLines;
  return { lockLine: FIRST_LOCK_LINE, dataLine, lines, bytes: lines * lineIndex(1) * Int32Array.BYTES_PER_ELEMENT };
}

/** One thread's figures for one run. */
export interface BenchOutcome {
  acquisitions: number;
  /** Hand-offs to this thread from another, ns: a subsample spread evenly over the run. */
  handoffSamplesNs: number[];
  /** How far this thread's clock can be from thread 0's, ns (half its best sync round trip; 0 for thread 0). */
  clockErrorNs: number;
  /** From the common start to this thread's last release, ms. */
  elapsedMs: number;
  /** The busy loops' result, returned so that no compiler drops them. */
  sink: number;
}

/** Runs thread `index` (0 .. params.workers - 1) of a run over `buffer` (benchLayout's size). */
export function benchThread(buffer: SharedArrayBuffer, index: number, params: BenchParams): BenchOutcome {
  const m = new Int32Array(buffer);
  const f = new Float64Array(buffer);
  const { lockLine, dataLine } = benchLayout(params);
  const lock = makeLock(params.algorithm, m, lockLine, index);
  const none: BenchOutcome = { acquisitions: 0, handoffSamplesNs: [], clockErrorNs: 0, elapsedMs: 0, sink: 0 };

  // Every thread ready: the last to arrive lets them all go on.
  if (Atomics.add(m, ARRIVALS, 1) + 1 === params.workers) {
    Atomics.store(m, READY, 1);
    Atomics.notify(m, READY);
  } else if (!waitWhile(m, READY, 0)) return none;

  const clock = syncClock(m, f, index, params.workers);
  if (clock === undefined) return none;
  const { offset } = clock;
  const now = () => performance.now() + offset;

  if (index === 0) {
    f[START_TIME] = now() + START_LEAD_MS;
    Atomics.store(m, GO, 1);
    Atomics.notify(m, GO);
  } else if (!waitWhile(m, GO, 0)) return none;
  const start = f[START_TIME]!;
  const deadline = start + params.durationMs;
  const lastDeadline = start + params.durationMs * MAX_RUN_STRETCH;
  while (now() < start); // all together

  const self = index + 1;
  const { criticalLines, criticalSpins, thinkSpins } = params;
  const most = params.maxAcquisitions ?? Infinity;
  let samples: number[] = [];
  let stride = 1;
  let skipped = 0;
  let acquisitions = 0;
  let sink = 0;
  while (Atomics.load(m, STOP_INDEX) === 0) {
    lock.acquire();
    const acquired = now();
    const owner = m[LAST_OWNER]!;
    if (owner !== 0 && owner !== self && ++skipped >= stride) {
      skipped = 0;
      samples.push((acquired - f[RELEASE_TIME]!) * 1e6);
      if (samples.length >= MAX_HANDOFF_SAMPLES) {
        samples = samples.filter((_, i) => i % 2 === 0);
        stride *= 2;
      }
    }
    for (let line = 0; line < criticalLines; line++) {
      const i = lineIndex(dataLine + line);
      m[i] = m[i]! + 1;
    }
    if (criticalSpins > 0) sink ^= spin(criticalSpins, acquisitions);
    m[COUNTER_INDEX] = m[COUNTER_INDEX]! + 1; // not atomic: a lost update shows a broken lock
    if (acquisitions === 0) Atomics.add(m, STARTED, 1);
    acquisitions++;
    m[LAST_OWNER] = self;
    f[RELEASE_TIME] = now();
    lock.release();
    if (thinkSpins > 0) sink ^= spin(thinkSpins, sink);
    if (acquired >= deadline && (Atomics.load(m, STARTED) === params.workers || acquired >= lastDeadline)) {
      Atomics.store(m, STOP_INDEX, 1);
      break;
    }
    if (acquisitions === most) break; // the others go on to theirs
  }
  return { acquisitions, handoffSamplesNs: samples, clockErrorNs: clock.errorMs * 1e6, elapsedMs: now() - start, sink };
}

/** Sleeps while m[i] is `value`; false if the stop flag was raised meanwhile. */
function waitWhile(m: Int32Array, i: number, value: number): boolean {
  while (Atomics.load(m, i) === value) {
    if (Atomics.load(m, STOP_INDEX) !== 0) return false;
    Atomics.wait(m, i, value, WAIT_SLICE_MS);
  }
  return true;
}

/**
 * This thread's clock against thread 0's: the offset to add to its performance.now(),
 * and how far that offset can be wrong, ms (undefined if stopped). Thread 0 answers each
 * other thread in turn, the rest sleep meanwhile (so two threads run, even with more
 * threads than cores): the asker notes its time, pings, and on the pong reads thread 0's
 * time, taken at some moment of the round trip, so the offset is right to within half
 * the round trip. The asker keeps the shortest of its rounds, and goes on past
 * SYNC_ROUNDS until one is under SYNC_GOOD_MS or SYNC_BUDGET_MS is spent: on a busy
 * machine the two threads are seldom on cores at once, and a round that waits for the
 * scheduler is milliseconds long (a hand-off of 300 ns then read as -1.6 ms).
 */
function syncClock(m: Int32Array, f: Float64Array, index: number, workers: number): { offset: number; errorMs: number } | undefined {
  const stopped = () => Atomics.load(m, STOP_INDEX) !== 0;
  if (index === 0) {
    for (let asker = 1; asker < workers; asker++) {
      let answered = Atomics.load(m, PONG);
      Atomics.store(m, TURN, asker);
      Atomics.notify(m, TURN);
      // answer every ping until the asker says it is done (it has read its last pong)
      for (;;) {
        const ping = Atomics.load(m, PING);
        if (ping !== answered) {
          f[REPLY_TIME] = performance.now();
          Atomics.store(m, PONG, ping);
          answered = ping;
        } else if (Atomics.load(m, TURN) !== asker) break;
        else if (stopped()) return undefined;
      }
    }
    return { offset: 0, errorMs: 0 };
  }
  for (let turn: number; (turn = Atomics.load(m, TURN)) !== index;) if (!waitWhile(m, TURN, turn)) return undefined;
  const begun = performance.now();
  let best = Infinity;
  let offset = 0;
  for (let r = 0; r < SYNC_ROUNDS || (best > SYNC_GOOD_MS && performance.now() - begun < SYNC_BUDGET_MS); r++) {
    const round = Atomics.load(m, PONG) + 1;
    const sent = performance.now();
    Atomics.store(m, PING, round);
    while (Atomics.load(m, PONG) !== round) if (stopped()) return undefined;
    const back = performance.now();
    if (back - sent < best) {
      best = back - sent;
      offset = f[REPLY_TIME]! - (sent + back) / 2;
    }
  }
  Atomics.store(m, TURN, 0); // done: thread 0 goes on to the next
  return { offset, errorMs: best / 2 };
}
