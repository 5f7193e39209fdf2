/*
 * why.ts -- "why did this CPU wait?", answered in plain sentences from the trace
 * records around the moment asked about. Pure: records in, sentences out.
 *
 * A spin: the CPU's acquire record after the moment says which lock and how long it
 * spun (arg, ns), so the spin began at t - arg; the spin record at that time says how
 * many CPUs were spinning ahead of it; the last acquire of the lock before then says
 * who held it (CPU, process) and from when, and its release when it let go; the
 * acquires in between say who went first. A spin with no spin record was for a free
 * lock whose cache line was in another CPU's cache (the line_transfer record says
 * whose).
 *
 * A blocking wait (the thundering herd of SNA's lockl): a context switch on a CPU
 * dispatches a thread; its wake record, and the lock_wake (or post) record just before
 * it at the same time, say who woke it and how many were woken with it; its
 * lock_sleep record says when it fell asleep and behind how many; after the dispatch
 * it either takes the lock or finds it taken again (futile_wake).
 *
 * Whatever the window does not hold any more (it starts later, or the ring dropped
 * records) is said so, never guessed.
 */
import type { TraceSlice } from '../../core/snapshot.js';
import { formatMs, formatNs } from '../../views/format.js';
import { lockAtIndex, lockRecordKinds, recordsUpTo, type LockAt, type LockWaiter } from './lock-state.js';

export interface WhyTrace {
  slice: TraceSlice;
  /** Records are complete from this simulated time on. */
  startNs: number;
}

export interface WhyContext {
  /** schema.trace.kinds and schema.modes: what the records' kind and mode numbers mean. */
  kinds: readonly string[];
  modes: readonly string[];
  lockNames: readonly string[];
  /** Each lock's kind (snapshot.locks[].kind): 'spin', 'wake_all', 'handoff' or 'wake_one'. */
  lockKinds: readonly string[];
  /** kernel.lock_kind: how a spin lock picks the next holder ('tas', 'ticket', 'fair'). */
  spinAlgorithm: string;
  /** Simulated time now (a spin still going has lasted until now). */
  nowNs: number;
  /** A thread's name ("process 14", "TP 47"). */
  threadName?: (thread: number) => string;
}

export interface WhyQuery {
  cpu: number;
  /** The moment asked about (a time inside the segment clicked). */
  t: number;
  /** From a CPU tile: when the CPU is not waiting at t, explain its latest wait before t. */
  latest?: boolean;
}

export interface WhyAnswer {
  kind: 'spin' | 'blocking' | 'none';
  title: string;
  sentences: string[];
  /** What the trace no longer holds, in words; empty when nothing is missing. */
  missing: string[];
  /** For a spin: what the sentences say, as the replay of the trace found it. */
  spin?: SpinFacts;
}

/** A spin as the sentences tell it, from the lock's replay (lock-state.ts). */
export interface SpinFacts {
  cpu: number;
  lock: number;
  start: number;
  /** When it took the lock, if it has. */
  end?: number;
  /** The lock just before the CPU's spin record. */
  atStart: LockAt;
  /** When the holder at the start released it, if the trace has it. */
  holderRelease?: number;
  /** The CPUs that took the lock while it spun, in order. */
  tookBefore: number[];
  /** The lock at the moment asked about, when that lies inside the spin after its start. */
  atQuery?: LockAt;
}

interface Kinds {
  mode: number;
  spin: number;
  acquire: number;
  release: number;
  block: number;
  wake: number;
  dispatch: number;
  lockSleep: number;
  lockWake: number;
  futile: number;
  line: number;
  post: number;
}

function kindsOf(names: readonly string[]): Kinds {
  const k = (name: string) => names.indexOf(name);
  return {
    mode: k('mode'),
    spin: k('spin'),
    acquire: k('acquire'),
    release: k('release'),
    block: k('block'),
    wake: k('wake'),
    dispatch: k('dispatch'),
    lockSleep: k('lock_sleep'),
    lockWake: k('lock_wake'),
    futile: k('futile_wake'),
    line: k('line_transfer'),
    post: k('post'),
  };
}

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 21st... */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** "CPU 2", "CPU 2 and CPU 7", "CPU 2, CPU 7 and CPU 3". */
function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Index of the first record after time t (records are in time order). */
const after = recordsUpTo;

/** The last record at or before index `from` - 1 that matches, or -1. */
function findBack(slice: TraceSlice, from: number, match: (i: number) => boolean, stop?: (i: number) => boolean): number {
  for (let i = Math.min(from, slice.t.length) - 1; i >= 0; i--) {
    if (match(i)) return i;
    if (stop?.(i)) return -1;
  }
  return -1;
}

/** The first record at or after index `from` that matches, or -1. */
function findForward(slice: TraceSlice, from: number, match: (i: number) => boolean, stop?: (i: number) => boolean): number {
  for (let i = Math.max(0, from); i < slice.t.length; i++) {
    if (match(i)) return i;
    if (stop?.(i)) return -1;
  }
  return -1;
}

/** Explains what the CPU was waiting for at the moment asked about. */
export function explainWait(trace: WhyTrace, ctx: WhyContext, query: WhyQuery): WhyAnswer {
  const { slice } = trace;
  const k = kindsOf(ctx.kinds);
  const cpuWords = `CPU ${query.cpu}`;
  const missing: string[] = [];
  const windowNote = () => {
    const dropped =
      slice.dropped > 0
        ? ` (and ${slice.dropped.toLocaleString('en')} records of this run were lost along the way: more came than the trace had room for)`
        : '';
    return `The trace window starts at ${formatMs(trace.startNs)}${dropped}; anything before that is no longer in it.`;
  };
  if (query.t < trace.startNs || slice.t.length === 0) {
    return {
      kind: 'none',
      title: `${cpuWords} at ${formatMs(query.t)}`,
      sentences: [],
      missing: [
        `The trace no longer holds the records of ${formatMs(query.t)}, so it cannot say why ${cpuWords} waited then. ${windowNote()}`,
      ],
    };
  }
  const spinMode = ctx.modes.indexOf('spin');
  const cswitchMode = ctx.modes.indexOf('cswitch');
  const isMode = (i: number) => slice.kind[i] === k.mode && slice.cpu[i] === query.cpu;
  // the CPU's mode at t: its last mode record at or before t
  let modeAt = findBack(slice, after(slice, query.t), isMode);
  let t = query.t;
  const waiting = (i: number) => slice.object[i] === spinMode || slice.object[i] === cswitchMode;
  let lead = '';
  if (query.latest && (modeAt < 0 || !waiting(modeAt))) {
    const now = modeAt >= 0 ? (ctx.modes[slice.object[modeAt]!] ?? 'another mode') : '';
    const last = findBack(slice, after(slice, query.t), (i) => isMode(i) && waiting(i));
    if (last < 0) {
      return {
        kind: 'none',
        title: `${cpuWords} is not waiting`,
        sentences: [
          `${cpuWords} is ${now ? `in ${modeWords(now)}` : 'not waiting'} now, and it has not spun or switched context since ${formatMs(trace.startNs)}.`,
        ],
        missing: [],
      };
    }
    lead = `${cpuWords} is ${now ? `in ${modeWords(now)}` : 'not waiting'} now; its latest wait began at ${formatMs(slice.t[last]!)}.`;
    modeAt = last;
    t = slice.t[last]!;
  }
  if (modeAt < 0) {
    return {
      kind: 'none',
      title: `${cpuWords} at ${formatMs(t)}`,
      sentences: [],
      missing: [`The trace holds no mode record of ${cpuWords} at or before ${formatMs(t)}. ${windowNote()}`],
    };
  }
  const mode = slice.object[modeAt]!;
  let answer: WhyAnswer;
  if (mode === spinMode) answer = explainSpin(trace, ctx, k, query.cpu, t, slice.t[modeAt]!);
  else if (mode === cswitchMode) answer = explainDispatch(trace, ctx, k, query.cpu, t);
  else {
    const name = ctx.modes[mode] ?? 'another mode';
    answer = {
      kind: 'none',
      title: `${cpuWords} at ${formatMs(t)}: not waiting`,
      sentences: [
        `${cpuWords} was in ${modeWords(name)} at ${formatMs(t)}, not waiting. Waits are the spinning (hatched) segments, and the context switches that bring back a thread woken from a lock.`,
      ],
      missing,
    };
  }
  if (lead) answer.sentences.unshift(lead);
  if (answer.missing.length > 0 && !answer.missing.some((m) => m.includes('window starts'))) answer.missing.push(windowNote());
  return answer;
}

function modeWords(mode: string): string {
  return (
    (
      {
        user: 'user mode',
        kernel: 'kernel mode',
        fork: 'a fork thread (IPL 8)',
        spin: 'spinning for a lock',
        interrupt: 'an interrupt',
        cswitch: 'a context switch',
        idle: 'the idle loop',
      } as Record<string, string>
    )[mode] ?? mode
  );
}

/** Who a record's CPU was running: "process 14", or its kernel context from the CPU's mode then. */
function contextWords(trace: WhyTrace, ctx: WhyContext, k: Kinds, i: number): string {
  const { slice } = trace;
  const thread = slice.thread[i]!;
  if (thread >= 0) return ctx.threadName ? ctx.threadName(thread) : `process ${thread}`;
  const cpu = slice.cpu[i]!;
  const m = findBack(
    slice,
    i + 1,
    (j) => slice.kind[j] === k.mode && slice.cpu[j] === cpu && slice.object[j] !== ctx.modes.indexOf('spin'),
  );
  const mode = m >= 0 ? ctx.modes[slice.object[m]!] : undefined;
  return mode === 'interrupt' ? 'an interrupt' : mode === 'fork' ? 'its IPL 8 fork thread' : 'kernel context';
}

/** "CPU 11 (since 41.990 ms)", the first six and how many more. */
function waiterWords(waiters: readonly LockWaiter[]): string {
  const words = waiters.map((w) => `CPU ${w.cpu} (since ${formatMs(w.since)})`);
  return listWords(words.length > 6 ? [...words.slice(0, 6), `${words.length - 6} more`] : words);
}

/** Who held the lock at an instant, in words: "CPU 2 held it (...)", or free and on its way. */
function holderClause(trace: WhyTrace, ctx: WhyContext, k: Kinds, at: LockAt): string {
  const h = at.holder;
  if (at.state === 'held' && h) {
    const acquired =
      h.acquireIndex >= 0
        ? `${contextWords(trace, ctx, k, h.acquireIndex)}, acquired at ${formatMs(h.since)}`
        : `acquired at ${formatMs(h.since)}, before the trace window`;
    return `CPU ${h.cpu} held it (${acquired})`;
  }
  if (at.state === 'free') {
    const next = at.next && at.next.t > at.t ? `it was on its way to CPU ${at.next.cpu}, which took it at ${formatMs(at.next.t)}` : '';
    if (at.released)
      return `it was between holders: CPU ${at.released.cpu} released it at ${formatMs(at.released.t)}${next ? `, and ${next}` : ''}`;
    return `it was free${next ? ` and ${next}` : ''}`;
  }
  return '';
}

function explainSpin(trace: WhyTrace, ctx: WhyContext, k: Kinds, cpu: number, t: number, segmentStart: number): WhyAnswer {
  const { slice } = trace;
  const cpuWords = `CPU ${cpu}`;
  const missing: string[] = [];
  const sentences: string[] = [];
  // the acquire that ended this spin: the CPU's first acquire after t with arg (spun ns) reaching back to t
  const isOwnAcquire = (i: number) => slice.kind[i] === k.acquire && slice.cpu[i] === cpu && slice.t[i]! >= t;
  const acq = findForward(
    slice,
    after(slice, Math.min(t, segmentStart) - 1),
    (i) => isOwnAcquire(i) && slice.arg[i]! > 0 && slice.t[i]! - slice.arg[i]! <= t,
    (i) => isOwnAcquire(i) && slice.t[i]! - slice.arg[i]! > t,
  );
  let lock = -1;
  let start = segmentStart;
  let end: number | undefined;
  if (acq >= 0) {
    lock = slice.object[acq]!;
    end = slice.t[acq]!;
    start = end - slice.arg[acq]!;
  } else {
    // still spinning (or the acquire lies beyond the window): the spin record names the lock
    const sp = findBack(
      slice,
      after(slice, t),
      (i) => slice.kind[i] === k.spin && slice.cpu[i] === cpu,
      (i) => slice.kind[i] === k.acquire && slice.cpu[i] === cpu,
    );
    if (sp >= 0) {
      lock = slice.object[sp]!;
      start = slice.t[sp]!;
    }
  }
  if (lock < 0) {
    return {
      kind: 'spin',
      title: `${cpuWords} spinning at ${formatMs(t)}`,
      sentences: [`${cpuWords} was spinning at ${formatMs(t)}.`],
      missing: [
        `The trace has neither the record of the lock it started spinning for nor the one of its acquire, so it cannot say which lock or who held it.`,
      ],
    };
  }
  const lockName = ctx.lockNames[lock] ?? `lock ${lock}`;
  const spunNs = (end ?? ctx.nowNs) - start;
  const spun = end !== undefined ? `spun ${formatNs(spunNs)}` : `has spun ${formatNs(spunNs)} so far`;
  const title = `Why ${cpuWords} spun for ${lockName}`;
  if (start < trace.startNs) missing.push(`${cpuWords} began spinning at ${formatMs(start)}, before the trace window starts.`);

  // the instant it began: just before its spin record (the records the log shows, replayed)
  const startIdx = after(slice, start - 1);
  const sp = findForward(
    slice,
    startIdx,
    (i) => slice.kind[i] === k.spin && slice.cpu[i] === cpu && slice.object[i] === lock,
    (i) => slice.t[i]! > start,
  );
  const lk = lockRecordKinds(ctx.kinds);
  const atStart = lockAtIndex(slice, lk, lock, sp >= 0 ? sp : startIdx, start);
  const others = atStart.spinners.filter((w) => w.cpu !== cpu);
  const endIdx = acq >= 0 ? acq : slice.t.length;
  const tookBefore: number[] = [];
  for (let i = (sp >= 0 ? sp : startIdx) + 1; i < endIdx; i++) {
    if (slice.kind[i] === k.acquire && slice.object[i] === lock && slice.cpu[i] !== cpu) tookBefore.push(slice.cpu[i]!);
  }
  const facts: SpinFacts = { cpu, lock, start, ...(end !== undefined ? { end } : {}), atStart, tookBefore };
  if (sp < 0) {
    // no spin record: the lock was free but its cache line had to come from another CPU
    const line =
      end !== undefined
        ? findBack(
            slice,
            after(slice, end),
            (i) => slice.kind[i] === k.line && slice.cpu[i] === cpu,
            (i) => slice.t[i]! < start,
          )
        : -1;
    const from = line >= 0 ? slice.arg[line]! : -1;
    sentences.push(
      `${cpuWords} ${spun} for ${lockName}: the lock was free, but its cache line was in ${from >= 0 ? `CPU ${from}'s` : "another CPU's"} cache, so ${cpuWords} waited for the line to come over.`,
    );
  } else {
    const holderWords = holderClause(trace, ctx, k, atStart);
    if (atStart.state === 'unknown') {
      missing.push(
        `The trace no longer holds the acquire of ${lockName} before ${formatMs(start)}, so it cannot say who held it when ${cpuWords} began to spin.`,
      );
    } else if (atStart.state === 'free' && !atStart.released) {
      missing.push(`The trace no longer holds the release of ${lockName} before ${formatMs(start)}.`);
    }
    // a ticket (or fair) lock has a line; with test-and-set the order of arrival decides nothing
    const place =
      ctx.spinAlgorithm === 'tas'
        ? `${cpuWords} was the ${ordinal(others.length + 1)} CPU spinning for it`
        : `${cpuWords} was ${ordinal(others.length + 1)} in line`;
    sentences.push(`${cpuWords} ${spun} for ${lockName}${holderWords ? `: ${holderWords}` : ''}; ${place}.`);
    const h = atStart.state === 'held' ? atStart.holder : undefined;
    if (h) {
      const rel = findForward(slice, sp, (i) => slice.kind[i] === k.release && slice.object[i] === lock && slice.cpu[i] === h.cpu);
      if (rel >= 0) {
        facts.holderRelease = slice.t[rel]!;
        sentences.push(`CPU ${h.cpu} released it at ${formatMs(slice.t[rel]!)}, after holding it ${formatNs(slice.arg[rel]!)}.`);
      } else sentences.push(`CPU ${h.cpu} still holds it.`);
    }
  }
  sentences.push(
    `It began spinning at ${formatMs(start)}${end !== undefined ? ` and took the lock at ${formatMs(end)}` : ' and is still spinning'}.`,
  );

  // who else was spinning, and who went first while it spun
  if (sp >= 0) {
    const algorithm = ctx.spinAlgorithm;
    const spinning =
      others.length === 0
        ? 'No other CPU was spinning for it when it started'
        : `${others.length} other CPU${others.length === 1 ? ' was' : 's were'} already spinning for it when it started: ${waiterWords(others)}`;
    const rule =
      algorithm === 'ticket'
        ? 'a ticket lock serves them first come, first served'
        : algorithm === 'fair'
          ? 'the fair algorithm serves them in order once enough CPUs spin, and lets them race when few do'
          : 'with a test-and-set lock any spinner may win each release, whatever its place';
    sentences.push(`${spinning} (${rule}).`);
    if (tookBefore.length > 0) {
      const firsts = tookBefore.map((c) => `CPU ${c}`);
      const shown = firsts.length > 6 ? [...firsts.slice(0, 6), `${firsts.length - 6} more`] : firsts;
      sentences.push(`While it spun, ${listWords(shown)} took the lock before it.`);
    }
  }
  // the moment asked about, when that is later than the start: the lock then
  if (t > start && (end === undefined || t < end)) {
    const atT = lockAtIndex(slice, lk, lock, after(slice, t), t);
    facts.atQuery = atT;
    const holderNow = holderClause(trace, ctx, k, atT);
    const spinningNow = atT.spinners.filter((w) => w.cpu !== cpu);
    if (holderNow || spinningNow.length > 0) {
      sentences.push(
        `At ${formatMs(t)}${holderNow ? `, ${holderNow}` : ''}; ${
          spinningNow.length === 0
            ? 'no other CPU was spinning for it'
            : `${spinningNow.length === 1 ? 'one other CPU was' : `${spinningNow.length} other CPUs were`} spinning for it: ${waiterWords(spinningNow)}`
        }.`,
      );
    }
  }
  return { kind: 'spin', title, sentences, missing, spin: facts };
}

function explainDispatch(trace: WhyTrace, ctx: WhyContext, k: Kinds, cpu: number, t: number): WhyAnswer {
  const { slice } = trace;
  const name = (thread: number) => (ctx.threadName ? ctx.threadName(thread) : `thread ${thread}`);
  const cpuWords = `CPU ${cpu}`;
  const missing: string[] = [];
  const sentences: string[] = [];
  // the thread this context switch brought in: the CPU's next dispatch (or the last one, if the switch ended the window)
  // (the dispatch record comes first, then the switch's mode record, at the same time)
  const disp = findBack(slice, after(slice, t), (i) => slice.kind[i] === k.dispatch && slice.cpu[i] === cpu);
  if (disp < 0) {
    return {
      kind: 'blocking',
      title: `${cpuWords}: a context switch at ${formatMs(t)}`,
      sentences: [`${cpuWords} was switching context at ${formatMs(t)}.`],
      missing: [`The trace holds no dispatch record for it, so it cannot say which thread it switched to.`],
    };
  }
  const thread = slice.thread[disp]!;
  const dispT = slice.t[disp]!;
  const who = name(thread);
  // what made it ready: its last wake before the dispatch
  const wake = findBack(slice, disp, (i) => slice.kind[i] === k.wake && slice.thread[i] === thread);
  if (wake < 0) {
    sentences.push(`${cpuWords} switched to ${who} at ${formatMs(dispT)}.`);
    missing.push(`The trace no longer holds what made ${who} ready to run, so it cannot say who woke it.`);
    return { kind: 'blocking', title: `Why ${cpuWords} switched to ${who}`, sentences, missing };
  }
  const wakeT = slice.t[wake]!;
  // What made it ready. A lock's release that woke it: the first release of the lock it
  // fell asleep on, after it fell asleep (a release may price its wake-up work, so the
  // sleeper reaches the run queue a little after it: blocking_lock.c). Else a post at the
  // same time just before the wake.
  const asleep = findBack(
    slice,
    wake,
    (i) => slice.kind[i] === k.lockSleep && slice.thread[i] === thread,
    (i) => slice.kind[i] === k.dispatch && slice.thread[i] === thread,
  );
  // A wake-all release wakes every sleeper, so the first release after it fell asleep woke
  // it; a hand-off or wake-one release wakes one, so the last before its wake did.
  const releaseOf = (i: number) => slice.kind[i] === k.lockWake && slice.object[i] === slice.object[asleep]!;
  const release =
    asleep < 0
      ? -1
      : ctx.lockKinds[slice.object[asleep]!] === 'wake_all'
        ? findForward(slice, asleep + 1, releaseOf, (i) => i >= wake)
        : findBack(slice, wake, releaseOf, (i) => i <= asleep);
  const cause =
    release >= 0
      ? release
      : findBack(
          slice,
          wake,
          (i) => slice.kind[i] === k.post && slice.thread[i] === thread,
          (i) => slice.t[i]! < wakeT,
        );
  const readyWait = dispT - wakeT;
  if (cause >= 0 && slice.kind[cause] === k.lockWake) {
    const lock = slice.object[cause]!;
    const lockName = ctx.lockNames[lock] ?? `lock ${lock}`;
    const releaser = slice.thread[cause]!;
    const woken = slice.arg[cause]!;
    const releaseT = slice.t[cause]!;
    // its place among those woken: the wakes after this release of threads asleep on this lock
    const asleepOn = (t: number, before: number) =>
      findBack(slice, before, (i) => slice.kind[i] === k.lockSleep && slice.thread[i] === t && slice.object[i] === lock) >= 0;
    let place = 0;
    for (let i = cause + 1; i <= wake; i++) if (slice.kind[i] === k.wake && asleepOn(slice.thread[i]!, cause)) place++;
    // when it fell asleep, behind how many, and who held the lock then
    const sleep = asleep;
    if (sleep >= 0) {
      const sleepT = slice.t[sleep]!;
      // who held it then: the same replay as for a spin (a lock handed to a woken thread is between holders)
      const at = lockAtIndex(slice, lockRecordKinds(ctx.kinds), lock, sleep, sleepT);
      const h = at.state === 'held' ? at.holder : undefined;
      const holderWords = h
        ? `: ${name(h.thread)} held it (CPU ${h.cpu}, acquired at ${formatMs(h.since)}${h.acquireIndex < 0 ? ', before the trace window' : ''})`
        : at.state === 'free' && at.next
          ? `: it was between holders${at.released ? ` (${name(at.released.thread)} released it at ${formatMs(at.released.t)})` : ''}, on its way to ${name(at.next.thread)}, which took it at ${formatMs(at.next.t)}`
          : '';
      if (at.state === 'unknown') missing.push(`The trace no longer holds who took ${lockName} before ${formatMs(sleepT)}.`);
      sentences.push(
        `${who} slept ${formatNs(wakeT - sleepT)} waiting for ${lockName}${holderWords}; ${who} was ${ordinal(slice.arg[sleep]! + 1)} asleep in line.`,
      );
    } else {
      missing.push(`The trace no longer holds when ${who} fell asleep on ${lockName}.`);
    }
    const kind = ctx.lockKinds[lock];
    const wokeWords =
      kind === 'handoff'
        ? 'the one that had waited longest, handing it the lock'
        : kind === 'wake_one'
          ? 'the one that had waited longest, leaving the lock free for whoever came first'
          : `all ${woken} sleeper${woken === 1 ? '' : 's'} (a wake-all lock: the thundering herd)`;
    sentences.push(
      `At ${formatMs(releaseT)} ${name(releaser)} released ${lockName} on CPU ${slice.cpu[cause]}, which woke ${wokeWords}; ${who} was the ${ordinal(place)} woken${wakeT > releaseT ? `, on the run queue at ${formatMs(wakeT)} once the releaser had done the wake-up work for it` : ''}.`,
    );
    sentences.push(
      `${cpuWords} switched to it at ${formatMs(dispT)}${readyWait > 0 ? `, ${formatNs(readyWait)} after it was woken (it waited for a CPU)` : ''}.`,
    );
    // what happened next: it took the lock, or found it taken again
    const next = findForward(
      slice,
      disp + 1,
      (i) => slice.thread[i] === thread && slice.object[i] === lock && (slice.kind[i] === k.futile || slice.kind[i] === k.acquire),
    );
    if (next >= 0 && slice.kind[next] === k.futile) {
      const taker = findBack(slice, next, (i) => slice.kind[i] === k.acquire && slice.object[i] === lock && slice.thread[i] !== thread);
      const by = taker >= 0 && slice.t[taker]! >= wakeT ? ` by ${name(slice.thread[taker]!)}, which got a CPU first` : '';
      sentences.push(`At ${formatMs(slice.t[next]!)} it found ${lockName} taken again${by}: a futile wake-up, so it went back to sleep.`);
    } else if (next >= 0) {
      sentences.push(`It took ${lockName} at ${formatMs(slice.t[next]!)}.`);
    } else {
      sentences.push(`The trace does not yet say whether it got ${lockName}.`);
    }
    return { kind: 'blocking', title: `Why ${who} waited for ${lockName}`, sentences, missing };
  }
  if (cause >= 0) {
    sentences.push(
      `${cpuWords} switched to ${who} at ${formatMs(dispT)}: CPU ${slice.cpu[cause]} posted it at ${formatMs(wakeT)} (et_post), which woke it.`,
    );
  } else {
    const block = findBack(slice, wake, (i) => slice.kind[i] === k.block && slice.thread[i] === thread);
    const why =
      block >= 0
        ? (['sleeping', 'waiting for a reply', 'waiting for a free KRP', 'asleep on a lock', 'waiting for work', 'waiting for pacing'][
            slice.arg[block]!
          ] ?? 'waiting')
        : '';
    sentences.push(
      `${cpuWords} switched to ${who} at ${formatMs(dispT)}; it had become ready at ${formatMs(wakeT)}${why ? ` after ${why}` : ''}, not woken by a lock.`,
    );
  }
  return { kind: 'blocking', title: `Why ${cpuWords} switched to ${who}`, sentences, missing };
}
