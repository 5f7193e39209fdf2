/*
 * src/cores/locks.ts -- the six lock algorithms "Your own cores" (issue 41) runs on the
 * learner's machine, each a few lines over an Int32Array on a SharedArrayBuffer with
 * Atomics, so the lab can set real locks beside the simulator's model of them.
 *
 * Every lock word, and each MCS waiter's node, sits at the start of a 64-byte line of its
 * own (LINE_INTS Int32s), so two threads touch the same line only when the algorithm
 * makes them. JavaScript cannot see addresses: a "line" is 64 bytes from the buffer's
 * start. V8 allocates a SharedArrayBuffer's memory at least 16 bytes aligned (Node:
 * calloc; Chrome: PartitionAlloc), and nothing placed here is over 16 bytes from the
 * start of its line, so each item still lies inside one hardware line, alone.
 *
 * The blocking locks call Atomics.wait, which a browser forbids on its main thread: these
 * locks run only in workers (Web Workers, Node worker_threads; src/cores/thread-main.ts).
 *
 * The simulator's matching discipline (service.discipline in
 * wasm-core/src/kernels/service/fields.def) is named at each one.
 */
import type { LockAlgorithm } from './types.js';

/** Bytes in a cache line, and Int32s in one. */
export const LINE_BYTES = 64;
export const LINE_INTS = LINE_BYTES / Int32Array.BYTES_PER_ELEMENT;

/** The Int32 index of line `line`'s first word. */
export const lineIndex = (line: number): number => line * LINE_INTS;

/** The Float64 index of the 8 bytes at `byteInLine` of line `line` (a multiple of 8). */
export const lineFloat64Index = (line: number, byteInLine = 8): number => (line * LINE_BYTES + byteInLine) / 8;

/** Lines one lock takes for `workers` threads: its words, and an MCS lock's node per thread. */
export function lockLines(algorithm: LockAlgorithm, workers: number): number {
  if (algorithm === 'ticket') return 2; // next, serving
  if (algorithm === 'mcs') return 1 + workers; // tail, a node per thread
  return 1;
}

/** One thread's handle on a lock: the thread that acquires is the one that releases. */
export interface Lock {
  acquire(): void;
  release(): void;
}

/**
 * The fixed busy loop (a linear congruential step per iteration, which no compiler can
 * drop: the result is returned): the bench's work in and out of the critical section, and
 * the back-off's delay. src/cores/machine.ts measures its ns per iteration.
 */
export function spin(iterations: number, seed = 1): number {
  let x = seed | 0;
  for (let i = 0; i < iterations; i++) x = (Math.imul(x, 1103515245) + 12345) | 0;
  return x;
}

/** Back-off bounds for ttas, in spin() iterations. */
export const BACKOFF_MIN = 4;
export const BACKOFF_MAX = 1024;

/**
 * Thread `me` (0-based, below the workers lockLines was given)'s handle on the lock of
 * `algorithm` whose lines begin at line `base` of `m`.
 */
export function makeLock(algorithm: LockAlgorithm, m: Int32Array, base: number, me: number): Lock {
  const word = lineIndex(base);
  switch (algorithm) {
    // Test-and-set: swap 1 in until the old value was 0. Every waiter's swap writes the
    // line, so it bounces between the spinners' caches. Simulator: tas.
    case 'tas':
      return {
        acquire: () => {
          while (Atomics.exchange(m, word, 1) !== 0);
        },
        release: () => void Atomics.store(m, word, 0),
      };

    // Test-and-test-and-set with exponential back-off (Anderson, "The performance of spin
    // lock alternatives for shared-memory multiprocessors", IEEE TPDS 1990): spin reading
    // (the line stays shared in every waiter's cache), swap only when it reads free, and
    // after a lost swap wait a random time up to a delay that doubles, capped. The
    // simulator has no such discipline: its tas is the plain spin above.
    case 'ttas': {
      let random = Math.imul(me + 1, 0x9e3779b9) | 1; // xorshift32's state, never 0
      return {
        acquire: () => {
          let delay = BACKOFF_MIN;
          for (;;) {
            while (Atomics.load(m, word) !== 0);
            if (Atomics.exchange(m, word, 1) === 0) return;
            random ^= random << 13;
            random ^= random >>> 17;
            random ^= random << 5;
            spin(1 + ((random >>> 0) % delay));
            delay = Math.min(delay * 2, BACKOFF_MAX);
          }
        },
        release: () => void Atomics.store(m, word, 0),
      };
    }

    // Ticket lock (Mellor-Crummey & Scott 1991, after Reed & Kanodia 1979): take the next
    // ticket, spin until it is served; first come, first served. Every waiter reads the
    // one "serving" line, and each release invalidates it in all their caches.
    // Simulator: ticket.
    case 'ticket': {
      const next = word;
      const serving = lineIndex(base + 1);
      return {
        acquire: () => {
          const ticket = Atomics.add(m, next, 1);
          while (Atomics.load(m, serving) !== ticket);
        },
        // Only the holder writes serving; |0 wraps as Atomics.add's ticket does.
        release: () => void Atomics.store(m, serving, (Atomics.load(m, serving) + 1) | 0),
      };
    }

    // MCS queue lock (Mellor-Crummey & Scott, "Algorithms for scalable synchronization on
    // shared-memory multiprocessors", ACM TOCS 9(1), 1991): each waiter spins on the flag
    // in its own node, on its own line, and the holder hands the lock to its successor by
    // clearing that one flag. Nodes are named by thread index + 1 (0: none).
    // Simulator: mcs.
    case 'mcs': {
      const tail = word;
      const locked = (thread: number) => lineIndex(base + 1 + thread);
      const next = (thread: number) => lineIndex(base + 1 + thread) + 1;
      const self = me + 1;
      return {
        acquire: () => {
          Atomics.store(m, next(me), 0);
          Atomics.store(m, locked(me), 1);
          const predecessor = Atomics.exchange(m, tail, self);
          if (predecessor === 0) return;
          Atomics.store(m, next(predecessor - 1), self);
          while (Atomics.load(m, locked(me)) !== 0);
        },
        release: () => {
          let successor = Atomics.load(m, next(me));
          if (successor === 0) {
            if (Atomics.compareExchange(m, tail, self, 0) === self) return; // no one queued
            while ((successor = Atomics.load(m, next(me))) === 0); // one is linking itself in
          }
          Atomics.store(m, locked(successor - 1), 0);
        },
      };
    }

    // A futex mutex: Drepper, "Futexes Are Tricky" (2011), mutex3. 0 free, 1 locked, 2
    // locked with (perhaps) sleepers. A waiter marks 2 and sleeps in Atomics.wait (the
    // futex); the release stores 0 and wakes one sleeper, and the lock stays free until
    // someone takes it (a running thread may take it first). Simulator: wake_one.
    case 'futex':
    case 'wake_all': {
      const wakes = algorithm === 'futex' ? 1 : undefined; // undefined: every sleeper
      return {
        acquire: () => {
          let c = Atomics.compareExchange(m, word, 0, 1);
          if (c === 0) return;
          if (c !== 2) c = Atomics.exchange(m, word, 2);
          while (c !== 0) {
            Atomics.wait(m, word, 2);
            c = Atomics.exchange(m, word, 2);
          }
        },
        // wake_all: the same lock, but the release wakes every sleeper, and all but one go
        // back to sleep: the thundering herd. Simulator: wake_all.
        release: () => {
          if (Atomics.sub(m, word, 1) !== 1) {
            Atomics.store(m, word, 0);
            Atomics.notify(m, word, wakes);
          }
        },
      };
    }
  }
}
