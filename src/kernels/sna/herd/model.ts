/*
 * model.ts (herd) -- the thundering herd's figures, as pure functions: which blocking
 * lock is the hot one (the most sleepers woken; hs_region in SNA Server/6000 as
 * ported), who sleeps on it, who waits in the run queue and what each CPU runs, the
 * running counts of context switches and futile wake-ups, the lock's miss rate, and the
 * last wake-all bounce, derived from successive snapshots: the wake-up counter jumps
 * when a release wakes the sleepers, one of them takes the lock, and the others come
 * back to the sleep list as the futile counter climbs.
 *
 * Invariants: a scene is a function of one snapshot (and the lock it follows); a
 * bounce is a function of the previous memory and the snapshot, and starts over when
 * time or the counters go backwards (a reset, a new scenario).
 */
import type { LockKind, LockState, Snapshot } from '../../../core/snapshot.js';
import type { Report } from '../../../core/report.js';
import type { ModeName } from '../../../views/palette.js';
import { cpuName, formatCount, formatNs, formatPct, formatRate, listWords, pctOf, plural } from '../../../views/format.js';
import {
  COMPARE_ROWS,
  LOCK_KIND_WORDS,
  reportExtras,
  reportMatches,
  snaLockInfo,
  threadName,
  threadWords,
  type RunFigures,
} from '../data.js';
import { kernelInfo } from '../../index.js';

/** What the view can show: the herd on a blocking lock, CPUs spinning on a spin lock, or nothing to show. */
export type HerdMode = 'herd' | 'spin' | 'none';

function used(lock: LockState): boolean {
  return lock.acquisitions > 0 || lock.holder >= 0 || lock.ownerThread >= 0 || lock.waiters.length > 0 || lock.wakeups > 0;
}

/** How hot a lock is, compared first by its first number, then the next. */
function heat(lock: LockState): [number, number, number] {
  return lock.kind === 'spin'
    ? [lock.spinNs, lock.holdNs, lock.acquisitions]
    : [lock.wakeups + lock.waiters.length, lock.holdNs, lock.acquisitions];
}

function hotter(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/**
 * The hot lock: of the blocking locks this run used, the one whose release woke the
 * most sleepers (then the longest held); when it used none, the spin lock spun on
 * longest. The lock followed so far (`keep`) stays while it is within 20 % of the
 * hottest, so the view does not jump between two locks that are nearly as hot.
 * -1 when no lock was used.
 */
export function hotLockIndex(snapshot: Snapshot, keep?: string): number {
  const blocking = snapshot.locks.flatMap((l, i) => (l.kind !== 'spin' && used(l) ? [i] : []));
  const candidates = blocking.length > 0 ? blocking : snapshot.locks.flatMap((l, i) => (l.kind === 'spin' && used(l) ? [i] : []));
  if (candidates.length === 0) return -1;
  let best = candidates[0]!;
  for (const i of candidates) if (hotter(heat(snapshot.locks[i]!), heat(snapshot.locks[best]!)) > 0) best = i;
  const kept = keep === undefined ? -1 : (candidates.find((i) => snapshot.locks[i]!.name === keep) ?? -1);
  if (kept >= 0 && kept !== best) {
    const [k] = heat(snapshot.locks[kept]!);
    const [b] = heat(snapshot.locks[best]!);
    if (k! >= 0.8 * b!) return kept;
  }
  return best;
}

export interface HerdCpu {
  cpu: number;
  mode: ModeName;
  /** Thread it runs, -1 when none. */
  thread: number;
  holdsLock: boolean;
  /** Spinning for the hot lock (a spin lock). */
  spinning: boolean;
}

export interface HerdScene {
  mode: HerdMode;
  kernel: Snapshot['kernel'];
  lockIndex: number;
  name: string;
  /** What the lock protects, in the source's words ('' when unknown). */
  label: string;
  kind: LockKind;
  /** The thread holding the lock (blocking locks), -1 when free. */
  ownerThread: number;
  /** The CPU holding it, -1 when free (or held by a thread that waits for a CPU). */
  holderCpu: number;
  /** Who waits, in arrival order: sleeping threads (herd), spinning CPUs (spin). */
  waiting: number[];
  /** Runnable threads (state ready); those the last release woke first. */
  ready: number[];
  /** The runnable threads the last release woke (the herd on its way to a CPU). */
  woken: number[];
  /** The run queue's length as the scheduler counts it. */
  runQueue: number;
  cpus: HerdCpu[];
  /** Since the measurement started: every context switch, every futile wake-up (all locks), this lock's wake-ups. */
  contextSwitches: number;
  futile: number;
  lockWakeups: number;
  lockFutile: number;
  /** Futile wake-ups as a share of context switches: the switches wasted on the herd. */
  wastedPct: number;
  contextSwitchesPerS: number;
  futilePerS: number;
  /** The lock's misses as a share of its attempts, NaN when unknown. */
  missRatePct: number;
  /** False when estimated from the snapshot (the report did not cover this instant). */
  missExact: boolean;
}

/** The lock's miss rate: exact from a report of the same instant, else estimated (blocking locks: every miss sleeps once). */
export function lockMissRate(snapshot: Snapshot, lockIndex: number, report?: Report): { pct: number; exact: boolean } {
  const lock = snapshot.locks[lockIndex];
  if (!lock) return { pct: NaN, exact: false };
  const fromReport = report ? reportExtras(report).locks.find((l) => l.name === lock.name)?.miss_rate_pct : undefined;
  if (fromReport !== undefined && reportMatches(report, snapshot)) return { pct: fromReport, exact: true };
  if (lock.kind !== 'spin') {
    const sleeps = lock.wakeups + lock.waiters.length;
    return { pct: pctOf(sleeps, lock.acquisitions + sleeps), exact: false };
  }
  return { pct: fromReport ?? NaN, exact: false };
}

export function herdScene(snapshot: Snapshot, lockIndex: number, report?: Report, awake: readonly number[] = []): HerdScene {
  const lock = snapshot.locks[lockIndex];
  const secs = snapshot.windowNs / 1e9;
  // a herd is drawn for a kernel that lists this view (its threads sleep on blocking locks)
  const mode: HerdMode = !kernelInfo(snapshot.kernel).views.includes('herd') || !lock ? 'none' : lock.kind === 'spin' ? 'spin' : 'herd';
  const isAwake = new Set(awake);
  const ready = snapshot.threads.filter((t) => t.state === 'ready').map((t) => t.id);
  const woken = awake.filter((id) => snapshot.threads[id]?.state === 'ready');
  const miss = lockMissRate(snapshot, lockIndex, report);
  return {
    mode,
    kernel: snapshot.kernel,
    lockIndex,
    name: lock?.name ?? '',
    label: lock ? snaLockInfo(lock.name).label : '',
    kind: lock?.kind ?? 'spin',
    ownerThread: lock?.ownerThread ?? -1,
    holderCpu: lock?.holder ?? -1,
    waiting: lock ? [...lock.waiters] : [],
    ready: [...woken, ...ready.filter((id) => !isAwake.has(id))],
    woken,
    runQueue: snapshot.runQueue,
    cpus: snapshot.cpus.map((c) => ({
      cpu: c.id,
      mode: c.mode,
      thread: c.thread,
      // a hand-off lock is the woken thread's before it reaches a CPU
      holdsLock: !!lock && (lock.holder === c.id || (lock.ownerThread >= 0 && c.thread === lock.ownerThread)),
      spinning: !!lock && c.spinLock === lockIndex,
    })),
    contextSwitches: snapshot.dispatches,
    futile: snapshot.futile,
    lockWakeups: lock?.wakeups ?? 0,
    lockFutile: lock?.futile ?? 0,
    wastedPct: pctOf(snapshot.futile, snapshot.dispatches),
    contextSwitchesPerS: secs > 0 ? snapshot.dispatches / secs : 0,
    futilePerS: secs > 0 ? snapshot.futile / secs : 0,
    missRatePct: miss.pct,
    missExact: miss.exact,
  };
}

// ---- the bounce, from successive snapshots ---------------------------------------------

/**
 * The releases that woke sleepers since the herd was last at rest: one release, or
 * several when the next came while threads the earlier woke were still on their way.
 */
export interface Bounce {
  /** Simulated time of the first snapshot that showed the first release. */
  atNs: number;
  /** Releases seen (the wake-up counter stepped in that many snapshots). */
  releases: number;
  /** Threads woken: the wake-up counter's steps (several releases may fall between two snapshots). */
  woken: number;
  /** The sleepers known to have been woken: those asleep on the lock in the snapshot before each release. */
  members: number[];
  /** The threads seen holding the lock since, in turn. */
  winners: number[];
  /** Members asleep on the lock again: they lost, and their wake-up was futile. */
  backToSleep: number[];
  /** Futile wake-ups counted on the lock since the first release. */
  futile: number;
}

/** A bounce keeps gathering releases while its herd is on the way, up to this many. */
export const MAX_RELEASES = 6;

export interface HerdMemory {
  lock: string;
  nowNs: number;
  wakeups: number;
  futile: number;
  /** The lock's sleepers in the last snapshot, in arrival order. */
  sleepers: number[];
  /**
   * Threads a release of the lock woke that are still on their way: runnable, or on a
   * CPU without the lock (being switched to). They leave when they take the lock or go
   * back to sleep.
   */
  awake: number[];
  /** Releases seen to wake sleepers since the memory started. */
  bounces: number;
  last: Bounce | null;
}

/**
 * The memory after one more snapshot: a step of the lock's wake-up counter is a
 * release that woke its sleepers (all of them for lockl, the longest sleeper for
 * wake-one); later snapshots say who took the lock and which of the woken went back to
 * sleep. Starts over for another lock, or when time or the counters go backwards.
 */
export function advanceHerd(memory: HerdMemory | undefined, shown: Snapshot, lockIndex: number): HerdMemory | undefined {
  // releases are counted by the live counters' steps, also where the view's figures are a full run's (core/measures.ts)
  const snapshot = shown.measuredBy?.live ?? shown;
  const lock = snapshot.locks[lockIndex];
  if (!lock || lock.kind === 'spin') return undefined;
  const owner = lock.ownerThread;
  const onTheWay = (id: number) => {
    const state = snapshot.threads[id]?.state;
    return state === 'ready' || (state === 'running' && id !== owner);
  };
  const base = { lock: lock.name, nowNs: snapshot.nowNs, wakeups: lock.wakeups, futile: lock.futile, sleepers: [...lock.waiters] };
  if (
    !memory ||
    memory.lock !== lock.name ||
    snapshot.nowNs < memory.nowNs ||
    lock.wakeups < memory.wakeups ||
    lock.futile < memory.futile
  ) {
    return { ...base, awake: [], bounces: 0, last: null };
  }
  const woken = lock.wakeups - memory.wakeups;
  const asleep = new Set(lock.waiters);
  const fresh = woken > 0 ? (lock.kind === 'wake_all' ? memory.sleepers : memory.sleepers.slice(0, woken)) : [];
  const awake = [...new Set([...memory.awake, ...fresh])].filter(onTheWay);
  const prev = memory.last;
  // a release while the last one's herd is still on its way belongs to the same bounce
  const goesOn = !!prev && (woken === 0 || (prev.releases < MAX_RELEASES && prev.members.some((id) => memory.awake.includes(id))));
  const start: Bounce | null =
    woken > 0 && !goesOn ? { atNs: snapshot.nowNs, releases: 0, woken: 0, members: [], winners: [], backToSleep: [], futile: 0 } : prev;
  if (!start) return { ...base, awake, bounces: memory.bounces, last: null };
  const members = [...new Set([...start.members, ...fresh])];
  return {
    ...base,
    awake,
    bounces: memory.bounces + (woken > 0 ? 1 : 0),
    last: {
      atNs: start.atNs,
      releases: start.releases + (woken > 0 ? 1 : 0),
      woken: start.woken + woken,
      members,
      winners: owner >= 0 && start.winners.at(-1) !== owner ? [...start.winners, owner] : start.winners,
      backToSleep: members.filter((id) => asleep.has(id)),
      futile: start.futile + lock.futile - memory.futile,
    },
  };
}

/**
 * The last bounce in words: "The release 0.18 ms ago woke 6 threads; DLC 1 took the
 * lock; TP 147 and TP 150 went back to sleep." Its time is said as a time ago, not a
 * time on the clock: the lab's clock and the presenter's count from different origins
 * (the presenter's from the end of the warm-up).
 */
export function bounceText(snapshot: Snapshot, bounce: Bounce, kind: LockKind = 'wake_all', short = false): string {
  if (short) return shortBounceText(snapshot, bounce, kind);
  // a thread's name never breaks between its words ("TP 114")
  const name = (id: number) => threadName(snapshot, id).replace(/ /g, '\u00a0');
  const ago = Math.max(0, snapshot.nowNs - bounce.atNs);
  const woke =
    bounce.releases <= 1
      ? `The release seen ${ago < 1_000 ? 'just now' : `${formatNs(ago, 2)} ago`} woke ${plural(bounce.woken, 'thread')}`
      : `In the last ${formatNs(ago, 2)}, ${bounce.releases} releases woke ${plural(bounce.woken, 'thread')}`;
  const won =
    bounce.winners.length === 0
      ? 'nobody has taken the lock yet'
      : `${listWords(bounce.winners.map((id) => `${name(id)}${bounce.members.includes(id) ? '' : ' (already awake)'}`))} took the lock${bounce.winners.length > 1 ? ' in turn' : ''}`;
  const lost =
    bounce.backToSleep.length > 0
      ? `${listWords(bounce.backToSleep.map(name))} went back to sleep: ${bounce.backToSleep.length === 1 ? 'a futile wake-up' : 'futile wake-ups'}`
      : kind === 'handoff'
        ? 'nobody else was woken, so no wake-up was futile'
        : kind === 'wake_one'
          ? 'nobody else was woken, and the one woken has not found the lock taken'
          : 'none of them has gone back to sleep yet';
  return `${woke}; ${won}; ${lost}.`;
}

/** The most characters of the stage's words for a bounce: two lines beside a question, so the view keeps one height. */
export const SHORT_BOUNCE_CHARS = 84;

/**
 * The bounce in the stage's words, at most SHORT_BOUNCE_CHARS: "Just now a release woke
 * 2; HS 5 took it; TP 88 went back to sleep." Two or more threads are counted, not
 * named (their chips are on screen).
 */
function shortBounceText(snapshot: Snapshot, bounce: Bounce, kind: LockKind): string {
  const name = (id: number) => threadName(snapshot, id).replace(/ /g, '\u00a0');
  const ago = Math.max(0, snapshot.nowNs - bounce.atNs);
  const woke =
    bounce.releases <= 1
      ? `${ago < 1_000 ? 'Just now' : `${formatNs(ago, 2)} ago`} a release woke ${formatCount(bounce.woken)}`
      : `In ${formatNs(ago, 2)}, ${formatCount(bounce.releases)} releases woke ${formatCount(bounce.woken)}`;
  const won =
    bounce.winners.length === 0
      ? 'none has the lock yet'
      : bounce.winners.length === 1
        ? `${name(bounce.winners[0]!)} took it`
        : `${formatCount(bounce.winners.length)} took it in turn`;
  const lost =
    bounce.backToSleep.length === 1
      ? `${name(bounce.backToSleep[0]!)} back asleep: futile`
      : bounce.backToSleep.length > 1
        ? `${formatCount(bounce.backToSleep.length)} back asleep: futile`
        : kind === 'wake_all'
          ? 'none back asleep yet'
          : 'no one else was woken';
  return `${woke}; ${won}; ${lost}.`;
}

// ---- comparison and words -----------------------------------------------------------

export interface CompareRow {
  key: keyof RunFigures;
  label: string;
  current: number;
  other: number;
  currentText: string;
  otherText: string;
}

export function compareRows(current: RunFigures, other: RunFigures): CompareRow[] {
  const text = (row: (typeof COMPARE_ROWS)[number], v: number) => (Number.isFinite(v) ? row.format(v) : row.missing);
  return COMPARE_ROWS.map((row) => ({
    key: row.key,
    label: row.label,
    current: current[row.key],
    other: other[row.key],
    currentText: text(row, current[row.key]),
    otherText: text(row, other[row.key]),
  }));
}

/** The presets that show a herd, for the sentence the view says when it has none to show. */
export const HERD_PRESET = { name: 'sna-as-ported', title: 'SNA Server/6000 on a 4-way AIX SMP, as first ported' };

/** The sentence shown instead of the herd when this run has none. */
export function noHerdText(snapshot: Snapshot): string {
  const what =
    'This view shows the thundering herd: threads asleep on a blocking lock (AIX lockl), all woken by ' +
    'each release, one winning and the rest going back to sleep, each a wasted context switch.';
  if (!kernelInfo(snapshot.kernel).views.includes('herd')) {
    const kernel = `The ${kernelInfo(snapshot.kernel).title}`;
    return (
      `${what} ${kernel} has no blocking locks: its waiters spin. Load the preset “${HERD_PRESET.title}” ` +
      `(${HERD_PRESET.name}) to see a herd.`
    );
  }
  return `${what} No lock has been taken yet in this run.`;
}

export function herdSummary(
  snapshot: Snapshot,
  scene: HerdScene,
  memory: HerdMemory | undefined,
  compare?: { label: string; rows: readonly CompareRow[] },
): string {
  if (scene.mode === 'none') return noHerdText(snapshot);
  const name = (id: number) => threadName(snapshot, id);
  const lockWords = `${scene.name}${scene.label ? `, ${scene.label}` : ''}`;
  const parts: string[] = [];
  if (scene.mode === 'herd') {
    parts.push(
      scene.kind === 'wake_all'
        ? `Thundering herd on ${lockWords}: ${LOCK_KIND_WORDS.wake_all.long}.`
        : `No herd on ${lockWords}: ${LOCK_KIND_WORDS[scene.kind].long}, so only one thread wakes.`,
    );
    const ownerCpu = scene.cpus.find((c) => c.holdsLock)?.cpu ?? -1;
    parts.push(
      scene.ownerThread >= 0
        ? `It is held by ${threadWords(snapshot, scene.ownerThread)}${ownerCpu >= 0 ? ` on ${cpuName(ownerCpu)}` : ', which waits for a CPU'}.`
        : 'It is free.',
    );
    parts.push(
      scene.waiting.length > 0
        ? `${plural(scene.waiting.length, 'thread')} asleep on it, in arrival order: ${listWords(scene.waiting.map(name))}.`
        : 'Nobody is asleep on it.',
    );
  } else {
    parts.push(`The hot lock, ${lockWords}, is ${LOCK_KIND_WORDS.spin.long}: there is no herd to wake.`);
    parts.push(scene.holderCpu >= 0 ? `It is held by ${cpuName(scene.holderCpu)}.` : 'It is free.');
    parts.push(
      scene.waiting.length > 0
        ? `${plural(scene.waiting.length, 'CPU')} spinning for it, in order: ${listWords(scene.waiting.map(cpuName))}.`
        : 'No CPU is spinning for it.',
    );
  }
  parts.push(scene.ready.length > 0 ? `Run queue: ${listWords(scene.ready.map(name))}.` : 'The run queue is empty.');
  parts.push(`CPUs: ${scene.cpus.map((c) => `${cpuName(c.cpu)} ${c.thread >= 0 ? `runs ${name(c.thread)}` : 'is idle'}`).join('; ')}.`);
  if (memory?.last) parts.push(bounceText(snapshot, memory.last, scene.kind));
  parts.push(
    `Since the measurement started: ${formatCount(scene.futile)} futile wake-ups, each a wasted context switch, ` +
      `of ${formatCount(scene.contextSwitches)} context switches (${formatPct(scene.wastedPct)}); ` +
      `${formatRate(scene.contextSwitchesPerS)} context switches and ${formatRate(scene.futilePerS)} futile wake-ups.`,
  );
  if (Number.isFinite(scene.missRatePct)) {
    parts.push(`${scene.name} missed ${scene.missExact ? '' : 'about '}${formatPct(scene.missRatePct)} of the attempts to take it.`);
  }
  if (compare) {
    parts.push(
      `Compared with ${compare.label}: ${compare.rows.map((r) => `${r.label.toLowerCase()} ${r.currentText} here, ${r.otherText} there`).join('; ')}.`,
    );
  }
  return parts.join(' ');
}
