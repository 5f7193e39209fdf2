/*
 * lock-state.ts -- one lock at one instant, from the trace records the event log shows:
 * who holds it and since when, whether it is free (and, during a hand-over, whom it is
 * on its way to), which CPUs spin for it and since when, which threads sleep on it.
 * The Why panel says only what this function finds, so it cannot contradict the log.
 *
 * The instant is a place in the records: after records [0, index), at time t (all the
 * records at or before t, for lockAt). What the records say, per stacklab.h:
 *   acquire  cpu takes the lock; arg = ns it spun first (so it spun from t - arg)
 *   release  cpu lets go; arg = ns it held it (so it held it from t - arg)
 *   spin     cpu starts spinning for it (a spin for a free lock whose cache line is in
 *            another cache has no spin record: its acquire's arg says it spun)
 *   lock_sleep / wake   a thread falls asleep on a blocking lock / becomes ready again
 * A spin lock's release picks the next holder at once, but that CPU's acquire comes
 * only when the line has travelled (the hand-over): in between, the lock is free, on
 * its way to that CPU, which is still spinning. The core's spin record counts only the
 * CPUs left in the wait list ("ahead of it"), not the one the lock is on its way to;
 * the replay here counts every CPU still spinning.
 */
import type { TraceSlice } from '../../core/snapshot.js';

export interface LockRecordKinds {
  spin: number;
  acquire: number;
  release: number;
  lockSleep: number;
  wake: number;
}

export function lockRecordKinds(names: readonly string[]): LockRecordKinds {
  const k = (name: string) => names.indexOf(name);
  return { spin: k('spin'), acquire: k('acquire'), release: k('release'), lockSleep: k('lock_sleep'), wake: k('wake') };
}

export interface LockHolder {
  cpu: number;
  thread: number;
  /** When it took the lock. */
  since: number;
  /** Index of its acquire record, or -1 when that lies before the window (then `since` comes from its release's arg). */
  acquireIndex: number;
}

export interface LockWaiter {
  cpu: number;
  thread: number;
  /** When it started waiting. */
  since: number;
  /** When it took the lock (its acquire record), if the trace has it. */
  until?: number;
  /** A spin for a free lock whose line was elsewhere (no spin record). */
  line?: boolean;
}

export interface LockAt {
  lock: number;
  index: number;
  t: number;
  /** 'unknown': the window holds no record of the lock around the instant. */
  state: 'held' | 'free' | 'unknown';
  holder?: LockHolder;
  /** When free: the release before the instant (absent when it lies before the window). */
  released?: { cpu: number; thread: number; t: number; index: number };
  /** When free: whoever took it next (the CPU a hand-over was bringing it to), if the trace has it. */
  next?: { cpu: number; thread: number; t: number; index: number };
  /** CPUs spinning for it at the instant, in the order they started. */
  spinners: LockWaiter[];
  /** Threads asleep on it (a blocking lock), in the order they fell asleep. */
  sleepers: LockWaiter[];
}

/** Index of the first record after time t (records are in time order). */
export function recordsUpTo(slice: TraceSlice, t: number): number {
  let lo = 0;
  let hi = slice.t.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (slice.t[mid]! <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The lock after every record at or before t. */
export function lockAt(slice: TraceSlice, k: LockRecordKinds, lock: number, t: number): LockAt {
  return lockAtIndex(slice, k, lock, recordsUpTo(slice, t), t);
}

/** The lock after records [0, index), at time t (t lies between record index - 1's time and record index's). */
export function lockAtIndex(slice: TraceSlice, k: LockRecordKinds, lock: number, index: number, t: number): LockAt {
  const n = slice.t.length;
  const { kind, object, cpu, thread, arg } = slice;
  const isLock = (i: number) => object[i] === lock && (kind[i] === k.acquire || kind[i] === k.release);
  const out: LockAt = { lock, index, t, state: 'unknown', spinners: [], sleepers: [] };

  // the holder: the lock's last acquire or release before the instant...
  let back = -1;
  for (let i = index - 1; i >= 0; i--)
    if (isLock(i)) {
      back = i;
      break;
    }
  if (back >= 0 && kind[back] === k.acquire) {
    out.state = 'held';
    out.holder = { cpu: cpu[back]!, thread: thread[back]!, since: slice.t[back]!, acquireIndex: back };
  } else if (back >= 0) {
    out.state = 'free';
    out.released = { cpu: cpu[back]!, thread: thread[back]!, t: slice.t[back]!, index: back };
  }
  // ...or, when the window starts later, its first one after: a release says who held it since when
  let ahead = -1;
  for (let i = index; i < n; i++)
    if (isLock(i)) {
      ahead = i;
      break;
    }
  if (back < 0 && ahead >= 0) {
    if (kind[ahead] === k.release) {
      out.state = 'held';
      out.holder = { cpu: cpu[ahead]!, thread: thread[ahead]!, since: slice.t[ahead]! - arg[ahead]!, acquireIndex: -1 };
    } else {
      out.state = 'free';
    }
  }
  if (out.state === 'free' && ahead >= 0 && kind[ahead] === k.acquire) {
    out.next = { cpu: cpu[ahead]!, thread: thread[ahead]!, t: slice.t[ahead]!, index: ahead };
  }

  // the spinners: a CPU whose next acquire of the lock says it was spinning by t...
  const seen = new Set<number>();
  for (let i = index; i < n; i++) {
    if (kind[i] !== k.acquire || object[i] !== lock || seen.has(cpu[i]!)) continue;
    seen.add(cpu[i]!);
    const start = slice.t[i]! - arg[i]!;
    if (arg[i]! > 0 && start <= t) out.spinners.push({ cpu: cpu[i]!, thread: thread[i]!, since: start, until: slice.t[i]! });
  }
  // ...and a CPU whose spin record is the last word: still spinning beyond the window's end
  const settled = new Set<number>();
  for (let i = index - 1; i >= 0; i--) {
    if (object[i] !== lock) continue;
    const c = cpu[i]!;
    if (kind[i] === k.acquire) settled.add(c);
    else if (kind[i] === k.spin && !settled.has(c)) {
      settled.add(c);
      if (!seen.has(c)) out.spinners.push({ cpu: c, thread: thread[i]!, since: slice.t[i]! });
    }
  }
  for (const s of out.spinners) if (s.until !== undefined && !hasSpinRecord(slice, k, lock, s)) s.line = true;
  out.spinners.sort((a, b) => a.since - b.since || a.cpu - b.cpu);

  // the sleepers: a lock_sleep not followed (before the instant) by the thread's wake or acquire
  const awake = new Set<number>();
  for (let i = index - 1; i >= 0; i--) {
    const th = thread[i]!;
    if (kind[i] === k.wake || (kind[i] === k.acquire && object[i] === lock)) awake.add(th);
    else if (kind[i] === k.lockSleep && object[i] === lock && !awake.has(th)) {
      awake.add(th);
      out.sleepers.push({ cpu: cpu[i]!, thread: th, since: slice.t[i]! });
    }
  }
  out.sleepers.sort((a, b) => a.since - b.since);
  return out;
}

/** Whether the spin has its spin record (at its start, before its acquire). */
function hasSpinRecord(slice: TraceSlice, k: LockRecordKinds, lock: number, s: LockWaiter): boolean {
  if (s.since < (slice.t[0] ?? Number.POSITIVE_INFINITY)) return true; // before the window: not known, not claimed
  for (let i = recordsUpTo(slice, s.since - 1); i < slice.t.length && slice.t[i]! <= s.since; i++) {
    if (slice.kind[i] === k.spin && slice.object[i] === lock && slice.cpu[i] === s.cpu) return true;
  }
  return false;
}
