/*
 * watch.ts -- what a scene's caption tells the class to watch, as a test on the run's
 * state. A question freezes the run at its `at_ms`; where the caption says "watch the
 * lock's queue of spinning CPUs", a freeze at a moment when nobody spins ("Spinning now
 * 0 of 16" under that caption, as happened at 4.1 ms) shows the class the opposite.
 * With `ask.until`, the presenter runs on from `at_ms` in small steps of simulated time
 * until the state the caption names is on screen, and freezes there (Presenter.tsx).
 *
 * Invariants: a watch reads only the live state (who spins, who sleeps), never a counter.
 */
import type { Snapshot } from '../../core/snapshot.js';

export interface Watch {
  /** What is on screen when it holds, in the words the question's kicker uses. */
  words: string;
  holds(snapshot: Snapshot): boolean;
}

/** How many CPUs or threads make a queue: two or more waiting for one lock. */
const QUEUE = 2;

export const WATCHES = {
  /** A queue of CPUs spinning for one spin lock (the lock view's chips, the CPU tiles' hatching). */
  'cpus-spinning': {
    words: 'CPUs spinning for the lock',
    holds: (s) => s.locks.some((lock) => lock.kind === 'spin' && lock.waiters.length >= QUEUE),
  },
  /** Threads asleep on one blocking lock: the herd that its next release wakes. */
  'threads-asleep': {
    words: 'threads asleep on the lock',
    holds: (s) => s.locks.some((lock) => lock.kind !== 'spin' && lock.waiters.length >= QUEUE),
  },
} as const satisfies Record<string, Watch>;

export type WatchId = keyof typeof WATCHES;
export const WATCH_IDS = Object.keys(WATCHES) as WatchId[];

/** Simulated time per step while looking for the watched state (small beside a lock's hold). */
export const WATCH_STEP_NS = 2_000;
/** How far past `at_ms` the presenter looks before it freezes anyway (and says so). */
export const WATCH_LIMIT_NS = 2_000_000;
