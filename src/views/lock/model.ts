/*
 * model.ts (lock) -- the lock view's figures, as pure functions: which locks to show
 * for a kernel (the hot one first), each lock's owner, the CPUs spinning on it in the
 * order they started, its hold % (share of the window held) and spin % (CPU time
 * spinning for it, as a share of the machine), as the core's report defines them.
 */
import type { Snapshot } from '../../core/snapshot.js';
import { cpuName, formatCount, formatOne, formatPct, formatRate, listWords, plural } from '../format.js';
import { steadyOrder } from '../common/order.js';
import { pctOf } from '../format.js';
import { measuredWhen } from '../snapshot-data.js';
import { capitalised, KERNELS, kernelInfo } from '../../kernels/index.js';
import type { LockWords } from '../../kernels/types.js';
import { own } from '../../core/safe-keys.js';

export type LockInfo = LockWords;

/** Every kernel's locks in its source's words (KernelInfo.lockWords), by the core's lock name. */
export const LOCK_INFO: Readonly<Record<string, LockInfo>> = Object.assign({}, ...KERNELS.map((kernel) => kernel.lockWords ?? {}));

export function lockInfo(name: string): LockInfo {
  return own(LOCK_INFO, name) ?? { label: name, role: '' };
}

/** The kernel's hot lock (src/kernels: mainLock), or '' for a kernel that names none. */
export function primaryLock(kernel: Snapshot['kernel']): string {
  return kernelInfo(kernel).mainLock ?? '';
}

export interface LockLane {
  name: string;
  label: string;
  role: string;
  primary: boolean;
  holder: number;
  /** Handed over (line transfer or ticket) but not yet held, -1 when none. */
  reserved: number;
  waiters: number[];
  /** Share of the window the lock was held, 0..100. */
  holdPct: number;
  /** CPU time spinning for it as a share of the machine, 0..100. */
  spinPct: number;
  /** The same as a number of CPUs. */
  spinCpus: number;
  acquisitionsPerS: number;
  /** Used since measuring began (acquired, held or waited for): the core's counts start after the warm-up. */
  used: boolean;
  /** Whether anything is measured yet: during the warm-up the window is empty, and the percentages are unknown, not 0. */
  measured: boolean;
  /** When its figures come while not measured: after the warm-up, or once the full run they come from has finished. */
  measuredWhen: string;
}

export function lockLane(snapshot: Snapshot, index: number): LockLane {
  const lock = snapshot.locks[index]!;
  const info = lockInfo(lock.name);
  const w = snapshot.windowNs;
  const cpus = snapshot.cpus.length;
  return {
    name: lock.name,
    label: info.label,
    role: info.role,
    primary: lock.name === primaryLock(snapshot.kernel),
    holder: lock.holder,
    reserved: lock.reserved,
    waiters: lock.waiters,
    holdPct: Math.min(100, pctOf(lock.holdNs, w)),
    spinPct: pctOf(lock.spinNs, w * cpus),
    spinCpus: w > 0 ? lock.spinNs / w : 0,
    acquisitionsPerS: w > 0 ? lock.acquisitions / (w / 1e9) : 0,
    used: lock.acquisitions > 0 || lock.holder >= 0 || lock.waiters.length > 0 || lock.holdNs > 0,
    measured: w > 0,
    measuredWhen: measuredWhen(snapshot),
  };
}

/** At most this many lanes are drawn unless asked otherwise; the rest are counted (the data table has them all). */
export const MAX_LANES = 6;
/** How much more a lock must cost (spin %, else hold %) than the lane above it to move above it. */
const OVERTAKE = 1.2;
/** ... and by at least this many percentage points, so near-equal locks keep their places. */
const OVERTAKE_POINTS = 0.5;

export interface LockLanes {
  /** The lanes drawn: the kernel's hot lock, then the costliest others. */
  lanes: LockLane[];
  /** Spin locks this run used that there was no room to draw, in the same steady order. */
  more: LockLane[];
  /** Spin locks this run never used. */
  unused: string[];
}

/** Costlier first: spin time, then hold time, then acquisitions; else the core's order. */
function costlier(a: LockLane, b: LockLane): number {
  return b.spinPct - a.spinPct || b.holdPct - a.holdPct || b.acquisitionsPerS - a.acquisitionsPerS;
}

function clearlyCostlier(up: LockLane, down: LockLane): boolean {
  if (up.spinPct > down.spinPct * OVERTAKE + OVERTAKE_POINTS) return true;
  return up.spinPct <= OVERTAKE_POINTS && down.spinPct <= OVERTAKE_POINTS && up.holdPct > down.holdPct * OVERTAKE + OVERTAKE_POINTS;
}

/**
 * The lanes to draw: the given names in that order (all of them), or by default the
 * kernel's hot lock first and then the other locks this run used, costliest first, at
 * most `max` in all. `previous` is the order drawn last (lock names): a lock moves above
 * another only when it clearly costs more, so lanes do not swap on every frame. A
 * kernel with a lock per session (SNA) uses a hundred or more: drawing them all would
 * push every view below off the screen.
 */
export function lockLanes(
  snapshot: Snapshot,
  names?: readonly string[],
  { max = MAX_LANES, previous }: { max?: number; previous?: readonly string[] } = {},
): LockLanes {
  // This view draws spin locks: CPUs spinning. A blocking lock's waiters are sleeping
  // threads, not CPUs, so it is left out here.
  const all = snapshot.locks.flatMap((lock, i) => (lock.kind === 'spin' ? [lockLane(snapshot, i)] : []));
  if (names) {
    return { lanes: names.map((n) => all.find((l) => l.name === n)).filter((l): l is LockLane => !!l), more: [], unused: [] };
  }
  const primary = all.filter((l) => l.primary);
  const others = steadyOrder(
    all.filter((l) => !l.primary && l.used),
    (l) => l.name,
    costlier,
    clearlyCostlier,
    previous,
  );
  const room = Math.max(0, Math.max(1, max) - primary.length);
  return {
    lanes: [...primary, ...others.slice(0, room)],
    more: others.slice(room),
    unused: all.filter((l) => !l.primary && !l.used).map((l) => l.name),
  };
}

/**
 * The locks there was no room for, in words: how many, what spinning for them cost, the
 * costliest by name. `table`: whether the view offers its data table; the presenter's
 * stage offers none and draws the hot lock alone, so there the words are shorter.
 */
export function moreLanesText(more: readonly LockLane[], table = true): string {
  if (more.length === 0) return '';
  const spin = more.reduce((sum, l) => sum + l.spinPct, 0);
  const named = [...more]
    .sort(costlier)
    .slice(0, 4)
    .map((l) => l.label);
  const names = more.length > named.length ? `${named.join(', ')} and ${formatCount(more.length - named.length)} others` : listWords(named);
  return table
    ? `${plural(more.length, 'more spin lock')} in use, not drawn for room (spinning for them ${formatPct(spin)} of all CPU time together): ${names}. The data table lists every one.`
    : `${plural(more.length, 'more spin lock')} in use, spinning ${formatPct(spin)} of all CPU time together: ${names}.`;
}

/** The locks never used, named up to `max` of them. */
export function unusedText(unused: readonly string[], max = 8): string {
  if (unused.length === 0) return '';
  const named = unused.slice(0, max).map((n) => lockInfo(n).elsewhere ?? lockInfo(n).label);
  return `Not taken since measuring began: ${unused.length > max ? `${named.join(', ')} and ${formatCount(unused.length - max)} more` : listWords(named)}.`;
}

export function lockLaneText(lane: LockLane): string {
  const owner =
    lane.holder >= 0 ? `held by ${cpuName(lane.holder)}` : lane.reserved >= 0 ? `being handed to ${cpuName(lane.reserved)}` : 'free';
  const queue =
    lane.waiters.length > 0
      ? `${lane.waiters.length} CPU${lane.waiters.length === 1 ? '' : 's'} spinning for it, in order: ${listWords(lane.waiters.map(cpuName))}`
      : 'nobody spinning for it';
  const name = lane.label === lane.name ? lane.name : `${lane.label} (${lane.name})`;
  if (!lane.measured) return `${name} is ${owner}; ${queue}. Its hold and spin times are ${lane.measuredWhen}.`;
  return (
    `${name} is ${owner}; ${queue}. Over the run it was held ${formatPct(lane.holdPct)} of the time; ` +
    `spinning for it took ${formatPct(lane.spinPct)} of all CPU time (${formatOne(lane.spinCpus)} CPUs); ${formatRate(lane.acquisitionsPerS)} acquisitions.`
  );
}

export function lockSummary(
  snapshot: Snapshot,
  lanes: readonly LockLane[],
  unused: readonly string[],
  more: readonly LockLane[] = [],
  table = true,
): string {
  return (
    `${capitalised(kernelInfo(snapshot.kernel).title)}. ` +
    lanes.map(lockLaneText).join(' ') +
    (more.length ? ` ${moreLanesText(more, table)}` : '') +
    (unused.length ? ` ${unusedText(unused)}` : '')
  );
}

/** Where a chip is drawn (its top-left corner), by CPU. */
export interface ChipPlace {
  cpu: number;
  x: number;
  y: number;
}

/**
 * Whether chips may slide from `before` to `after` (CSS transitions, all the same
 * duration and easing) without any two ever overlapping. During such a slide the
 * offset between two chips is a blend of their offset before and after, so it is safe
 * when, for every pair, the two offsets keep the chips apart along the same axis and
 * on the same side: same row and the same left/right order both times, or rows apart
 * and the same one above both times. A chip new to the lane starts where it ends; one
 * that leaves the lane vanishes. Anything else (a chip jumping rows, the old owner
 * going to the back of the queue past the others) must jump, not slide.
 */
export function chipsCanSlide(
  before: ReadonlyMap<number, { x: number; y: number }>,
  after: readonly ChipPlace[],
  chipW: number,
  chipH: number,
): boolean {
  const n = after.length;
  const x0 = new Float64Array(n);
  const y0 = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const c = after[i]!;
    const from = before.get(c.cpu);
    x0[i] = from ? from.x : c.x;
    y0[i] = from ? from.y : c.y;
  }
  const eps = 1e-6;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const dx0 = x0[j]! - x0[i]!;
      const dy0 = y0[j]! - y0[i]!;
      const dx1 = after[j]!.x - after[i]!.x;
      const dy1 = after[j]!.y - after[i]!.y;
      const apartX = Math.abs(dx0) >= chipW - eps && Math.abs(dx1) >= chipW - eps && Math.sign(dx0) === Math.sign(dx1);
      const apartY = Math.abs(dy0) >= chipH - eps && Math.abs(dy1) >= chipH - eps && Math.sign(dy0) === Math.sign(dy1);
      if (!apartX && !apartY) return false;
    }
  }
  return true;
}
