/*
 * model.ts (cache-lines) -- the cache lines that hold lock words, as pure functions:
 * the locks grouped by the line their word lives in, which CPU's cache owns each line,
 * its coherence transfers (so far and per second), and false sharing -- two or more
 * locks in use in one line, so each one's traffic moves the others' word too (the
 * SNA Server/6000 pool locks declared side by side in one 32-byte line). Lines with no
 * activity are left out; the rest come hottest first, in an order that only changes
 * when a line clearly overtakes another, so rows do not flicker while the counts climb.
 */
import type { LockKind, Snapshot } from '../../../core/snapshot.js';
import { textOnFill, themeTokens, type Theme } from '../../../views/palette.js';
import { cpuName, formatCount, formatRate, listWords, plural } from '../../../views/format.js';
import { snaLockInfo } from '../data.js';
import { steadyOrder } from '../../../views/common/order.js';
import { soFar } from '../../../views/snapshot-data.js';

export interface LineLock {
  name: string;
  /** What it protects, in the source's words ('' when unknown). */
  label: string;
  kind: LockKind;
  acquisitions: number;
  /** In use: acquired, held or waited for in this run. */
  inUse: boolean;
}

export interface CacheLine {
  line: number;
  /** Its locks, those in use first, then the idle ones, each in the kernel's order. */
  locks: LineLock[];
  inUse: number;
  /** Two or more locks in use share the line. */
  falseSharing: boolean;
  /** The CPU whose cache owns it, -1 when no CPU has touched it. */
  owner: number;
  /** Coherence transfers since the measurement started, and per second. */
  transfers: number;
  transfersPerS: number;
  acquisitions: number;
  /** Anything happened to it: transfers or its locks acquired. */
  active: boolean;
}

/** Every line that holds a lock word, in line order. */
export function cacheLines(snapshot: Snapshot): CacheLine[] {
  const secs = snapshot.windowNs / 1e9;
  const byLine = new Map<number, CacheLine>();
  for (const lock of snapshot.locks) {
    let line = byLine.get(lock.line);
    if (!line) {
      line = {
        line: lock.line,
        locks: [],
        inUse: 0,
        falseSharing: false,
        owner: lock.lineOwner,
        transfers: lock.lineTransfers,
        transfersPerS: secs > 0 ? lock.lineTransfers / secs : 0,
        acquisitions: 0,
        active: false,
      };
      byLine.set(lock.line, line);
    }
    const inUse = lock.acquisitions > 0 || lock.holder >= 0 || lock.ownerThread >= 0 || lock.waiters.length > 0;
    line.locks.push({ name: lock.name, label: snaLockInfo(lock.name).label, kind: lock.kind, acquisitions: lock.acquisitions, inUse });
    line.acquisitions += lock.acquisitions;
  }
  const lines = [...byLine.values()].sort((a, b) => a.line - b.line);
  for (const line of lines) {
    const used = line.locks.filter((l) => l.inUse);
    line.locks = [...used, ...line.locks.filter((l) => !l.inUse)];
    line.inUse = used.length;
    line.falseSharing = used.length >= 2;
    line.active = line.transfers > 0 || line.acquisitions > 0;
  }
  return lines;
}

/** How much hotter a line must be to move above one shown above it (and at least 5 transfers more). */
export const OVERTAKE = 1.2;

/**
 * The active lines, hottest first (transfers, then acquisitions). With the order shown
 * before (`previous`, line numbers), a line moves above another only when it has
 * clearly more transfers, so neighbours with nearly equal counts keep their places.
 */
export function orderLines(lines: readonly CacheLine[], previous?: readonly number[]): CacheLine[] {
  return steadyOrder(
    lines.filter((l) => l.active),
    (l) => l.line,
    (a, b) => b.transfers - a.transfers || b.acquisitions - a.acquisitions || a.line - b.line,
    (up, down) =>
      up.transfers > down.transfers * OVERTAKE + 5 ||
      (down.transfers === 0 && up.transfers === 0 && up.acquisitions > down.acquisitions * OVERTAKE + 5),
    previous,
  );
}

export interface ShownLines {
  shown: CacheLine[];
  /** Active lines left out for room, and their transfers per second together. */
  more: CacheLine[];
  moreTransfersPerS: number;
  all: CacheLine[];
}

/** The lines to draw: at most `max` of the active ones, hottest first; the rest counted. */
export function shownLines(snapshot: Snapshot, max: number, previous?: readonly number[]): ShownLines {
  const all = cacheLines(snapshot);
  const ordered = orderLines(all, previous);
  const shown = ordered.slice(0, Math.max(1, max));
  const more = ordered.slice(shown.length);
  return { shown, more, moreTransfersPerS: more.reduce((sum, l) => sum + l.transfersPerS, 0), all };
}

/** "false sharing: 4 locks in one line". */
export function falseSharingText(line: CacheLine): string {
  return `false sharing: ${line.inUse} locks in one line`;
}

/** The locks of a line in words: "pool[0], pool[1], pool[2] and pool[3] (idle beside them: pool[4] … pool[7])". */
export function lineLocksText(line: CacheLine): string {
  const used = line.locks.filter((l) => l.inUse).map((l) => l.name);
  const idle = line.locks.filter((l) => !l.inUse).map((l) => l.name);
  const idleText = idle.length === 0 ? '' : idle.length <= 2 ? listWords(idle) : `${idle[0]} … ${idle[idle.length - 1]}`;
  if (used.length === 0) return `${listWords(idle.length <= 3 ? idle : [idleText])} (not taken)`;
  return `${listWords(used)}${idle.length ? ` (idle beside ${used.length === 1 ? 'it' : 'them'}: ${idleText})` : ''}`;
}

export function cacheLinesSummary(snapshot: Snapshot, lines: ShownLines): string {
  if (lines.shown.length === 0) return 'Cache lines holding lock words: none has been touched yet in this run.';
  const parts = lines.shown.map((l) => {
    const what = l.falseSharing
      ? `Line ${l.line} holds ${plural(l.inUse, 'lock')} in use, ${lineLocksText(l)}: ${falseSharingText(l)}, so taking any of them moves the line away from the others.`
      : `Line ${l.line} holds ${lineLocksText(l)}.`;
    const owner = l.owner >= 0 ? `Its owner now is ${cpuName(l.owner)}` : 'No CPU owns it';
    return `${what} ${owner}; ${formatRate(l.transfersPerS, ' transfers per second')}, ${formatCount(l.transfers)} ${soFar(snapshot)}.`;
  });
  const shared = lines.all.filter((l) => l.falseSharing).length;
  return [
    `Cache lines holding lock words, hottest first (${snapshot.cpus.length} CPUs).`,
    ...parts,
    lines.more.length > 0
      ? `${plural(lines.more.length, 'more line')} with activity, ${formatRate(lines.moreTransfersPerS, ' transfers per second')} together.`
      : '',
    shared > 0 ? `${plural(shared, 'line')} falsely shared.` : 'No line is falsely shared: every lock in use has a line of its own.',
  ]
    .filter(Boolean)
    .join(' ');
}

// ---- a colour per CPU -----------------------------------------------------------------

/**
 * A colour per CPU, from the palette's Okabe-Ito set (every pair stays apart for the
 * common colour-vision deficiencies: palette.test.ts) and then the text colour; past
 * eight they repeat, and every CPU mark also says its number.
 */
export function cpuColour(cpu: number, theme?: Theme): { fill: string; ink: string } {
  const t = themeTokens(theme);
  const order = [t.modes.kernel, t.modes.user, t.modes.cswitch, t.modes.fork, t.modes.interrupt, t.modes.spin, t.modes.idle, t.text];
  const fill = order[((cpu % order.length) + order.length) % order.length]!;
  return { fill, ink: textOnFill(fill) };
}
