/*
 * layout.ts (lock) -- where the spin lock view's parts go: each lane's size and rows for
 * its width and its spinners (laneGeometry), the lanes one under the other (stackLanes),
 * the lock box, the hold bar and the queue's arrow (laneParts), each CPU's chip, keyed
 * by CPU so it slides from the queue into the lock (laneChips), and whether the spin
 * line has room for the acquisitions (statsFit). Pure functions of the lane, the width
 * and the theme's sizes: no React, no DOM. LockView.tsx draws what these say.
 */
import type { ModeName, ThemeTokens } from '../palette.js';
import { wrapWords } from '../format.js';
import { stackOffsets } from '../common/stack.js';
import type { ChipPlace, LockLane } from './model.js';

export interface LaneGeometry {
  fs: number;
  small: number;
  chipW: number;
  chipH: number;
  chipGap: number;
  lockX: number;
  lockW: number;
  queueX: number;
  perRow: number;
  rows: number;
  shown: number;
  /** The lock's role, wrapped to the width. */
  roleLines: string[];
  statsY: number;
  chipsY: number;
  height: number;
}

/**
 * The size a lane is drawn at: the other locks a little smaller than the hot one, except
 * in the projector theme, whose small size is already the least a lecture hall reads.
 */
export function laneScale(lane: Pick<LockLane, 'primary'>, lanes: number, theme: string): number {
  return lane.primary || lanes === 1 || theme === 'projector' ? 1 : 0.9;
}

/**
 * Where the parts of a lane go, for its width and the number of spinners. The kernel's
 * hot lock queues its spinners in up to three rows, two on the presenter's stage (whose
 * room beside a question holds no more); a longer queue ends with "+N more".
 */
export function laneGeometry(
  lane: LockLane,
  width: number,
  t: Pick<ThemeTokens, 'fontSize' | 'smallSize'>,
  scale: number,
  stage = false,
): LaneGeometry {
  const fs = Math.round(t.fontSize * scale);
  const small = Math.round(t.smallSize * scale);
  const chipW = Math.round(fs * 4.9);
  const chipH = Math.round(fs * 2.1);
  const chipGap = Math.round(fs * 0.5);
  const lockX = 4;
  const lockW = chipW + fs * 1.6;
  const queueX = lockX + lockW + fs * 2.6;
  const perRow = Math.max(1, Math.floor((width - queueX + chipGap) / (chipW + chipGap)));
  const maxRows = lane.primary ? (stage ? 2 : 3) : 1;
  const rows = Math.max(1, Math.min(maxRows, Math.ceil(lane.waiters.length / perRow)));
  const capacity = perRow * rows;
  const shown = lane.waiters.length > capacity ? capacity - 1 : lane.waiters.length;
  // SVG text cannot wrap itself: wrap by an average glyph width that errs wide (0.62 em covers
  // the fallback sans fonts), so the lock's header never runs past the view's edge
  const roleLines = wrapWords(
    `${lane.name === lane.label ? '' : `${lane.name}: `}${lane.role}`,
    Math.max(12, Math.floor(width / (small * 0.62))),
  );
  const statsY = fs * 1.3 + roleLines.length * (small + 3) + fs * 0.9;
  const chipsY = statsY + fs * 3;
  const lockBottom = chipsY + small + 2 - fs * 0.5 + chipH + fs + small + 8;
  const chipsBottom = chipsY + rows * (chipH + small + 6);
  const height = Math.max(lockBottom, chipsBottom) + 4;
  return { fs, small, chipW, chipH, chipGap, lockX, lockW, queueX, perRow, rows, shown, roleLines, statsY, chipsY, height };
}

/** The lanes one under the other, a rule's room between them: each lane's top, and the drawing's height. */
export function stackLanes(geos: readonly Pick<LaneGeometry, 'height'>[]): { starts: number[]; height: number } {
  const stacked = stackOffsets(geos.map((geo) => geo.height + 14));
  return { starts: stacked.starts, height: Math.max(40, stacked.end) };
}

/** The top-left corner of the i-th place in the queue (the first next to the lock). */
export function slotAt(geo: LaneGeometry, i: number): { x: number; y: number } {
  return {
    x: geo.queueX + (i % geo.perRow) * (geo.chipW + geo.chipGap),
    y: geo.chipsY + Math.floor(i / geo.perRow) * (geo.chipH + geo.small + 6) + geo.small + 2,
  };
}

export interface LaneParts {
  /** The lane's name and the baseline the role's lines hang from (each line a small line further down). */
  title: { y: number; size: number };
  roleY: number;
  roleLineH: number;
  /** The hold bar (0..100 % of its width), its word on the left and its figure on the right; the spin line under it. */
  held: { x: number; y: number };
  bar: { x: number; y: number; w: number; h: number };
  holdFigure: { x: number; y: number };
  spinY: number;
  /** The lock's box (with the shackle's path above it), the word inside an empty one and the word under it. */
  lock: { x: number; y: number; w: number; h: number; shackle: string; inside: { x: number; y: number }; under: { x: number; y: number } };
  /** Where its owner's chip sits, in the middle of the box. */
  holder: { x: number; y: number };
  /** The queue's arrow into the lock (line and head), level with the first row of chips. */
  arrow: { x1: number; x2: number; y: number; head: string };
  /** "no CPU spinning", at the queue's first place. */
  none: { x: number; y: number };
  /** "+N more" in the place after the last chip shown. */
  more: { x: number; y: number };
}

export function laneParts(geo: LaneGeometry): LaneParts {
  const { fs, small, chipW, chipH, lockX, lockW, queueX, statsY } = geo;
  const barW = Math.round(fs * 9);
  const lockBoxY = geo.chipsY + small + 2 - fs * 0.5;
  const first = slotAt(geo, 0);
  const after = slotAt(geo, geo.shown);
  const arrowY = first.y + chipH / 2;
  return {
    title: { y: fs * 1.05, size: fs * 1.1 },
    roleY: fs * 1.3,
    roleLineH: small + 3,
    held: { x: 0, y: statsY + fs * 0.35 },
    bar: { x: fs * 3, y: statsY - fs * 0.45, w: barW, h: fs * 0.9 },
    holdFigure: { x: fs * 3 + barW + 8, y: statsY + fs * 0.38 },
    spinY: statsY + fs * 1.45 + fs * 0.38,
    lock: {
      x: lockX,
      y: lockBoxY,
      w: lockW,
      h: chipH + fs,
      shackle: `M ${lockX + lockW / 2 - fs * 0.9} ${lockBoxY} v ${-fs * 0.55} a ${fs * 0.9} ${fs * 0.9} 0 0 1 ${fs * 1.8} 0 v ${fs * 0.55}`,
      inside: { x: lockX + lockW / 2, y: lockBoxY + (chipH + fs) / 2 + small * 0.35 },
      under: { x: lockX + lockW / 2, y: lockBoxY + chipH + fs + small + 4 },
    },
    holder: { x: lockX + (lockW - chipW) / 2, y: lockBoxY + fs * 0.5 },
    arrow: {
      x1: queueX - fs * 0.6,
      x2: lockX + lockW + fs * 0.5,
      y: arrowY,
      head: `M ${lockX + lockW + fs * 0.5} ${arrowY} l ${fs * 0.7} ${-fs * 0.45} v ${fs * 0.9} z`,
    },
    none: { x: queueX, y: arrowY + small * 0.35 },
    more: { x: after.x + chipW / 2, y: after.y + chipH / 2 + fs * 0.35 },
  };
}

/** A CPU's chip in a lane: its mode, its place in the queue (1st, 2nd, ...; none in the lock), dashed when the lock is being handed to it. */
export type LaneChip = ChipPlace & { mode: ModeName; order?: number; dashed: boolean };

/**
 * The lane's chips, keyed by CPU in one list so a CPU slides from the queue into the
 * lock: the owner in the lock, the CPU it is being handed to (dashed) in the same place,
 * then the spinners shown, in the order they started.
 */
export function laneChips(lane: LockLane, geo: LaneGeometry, modeOf: (cpu: number) => ModeName): LaneChip[] {
  const holderPos = laneParts(geo).holder;
  return [
    ...(lane.holder >= 0 ? [{ cpu: lane.holder, mode: modeOf(lane.holder), ...holderPos, order: undefined, dashed: false }] : []),
    ...(lane.reserved >= 0 && lane.reserved !== lane.holder
      ? [{ cpu: lane.reserved, mode: modeOf(lane.reserved), ...holderPos, order: undefined, dashed: true }]
      : []),
    ...lane.waiters
      .slice(0, geo.shown)
      .map((cpu, i) => ({ cpu, mode: 'spin' as ModeName, ...slotAt(geo, i), order: i + 1, dashed: false })),
  ];
}

/** Whether the spin line has room for the acquisitions too (estimated wide, like the role lines). */
export function statsFit(width: number, small: number, fs: number, rate: string): boolean {
  const words = 'spin  of all CPU time = 00.0 CPUs ·  acquisitions'.length + rate.length;
  return words * small * 0.62 + 'x100.0%'.length * fs * 0.65 <= width;
}
