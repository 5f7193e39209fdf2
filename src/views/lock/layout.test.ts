/*
 * layout.test.ts (lock) -- the spin lock view's layout for many widths, font sizes and
 * queue lengths: chips do not overlap and stay within the width, the queue runs away
 * from the lock in order, the rows are as many as the lane allows and the rest is
 * "+N more", the lanes stack without overlapping; plus exact values (the classic
 * kernel's I/O lock 8 at 680 px).
 */
import { describe, expect, it } from 'vitest';
import { runFixture } from '../fixtures/index.js';
import { lockLanes, type LockLane } from './model.js';
import { laneChips, laneGeometry, laneParts, laneScale, slotAt, stackLanes, statsFit } from './layout.js';

const hot = lockLanes(runFixture('classic-16').snapshot).lanes[0]!;
const other = { ...hot, primary: false };
const withQueue = (lane: LockLane, n: number, holder = lane.holder, reserved = -1): LockLane => ({
  ...lane,
  holder,
  reserved,
  waiters: Array.from({ length: n }, (_, i) => 100 + i),
});
const sizes = [
  { fontSize: 15, smallSize: 13 },
  { fontSize: 20, smallSize: 17 },
];
const cases = [320, 520, 680, 1000].flatMap((width) =>
  sizes.flatMap((t) =>
    [0, 1, 5, 15, 40].flatMap((n) =>
      [false, true].flatMap((stage) => [1, 0.9].map((scale) => ({ width, t, n, stage, scale, primary: scale === 1 }))),
    ),
  ),
);

describe.each(cases)(
  'lock lane: $width px, font $t.fontSize × $scale, $n spinning, stage $stage',
  ({ width, t, n, stage, scale, primary }) => {
    const lane = withQueue(primary ? hot : other, n, 3, n % 2 ? 7 : -1);
    const geo = laneGeometry(lane, width, t, scale, stage);
    const chips = laneChips(lane, geo, () => 'kernel');
    const parts = laneParts(geo);

    it('queues as many spinners as its rows hold, the rest counted as "+N more"', () => {
      const maxRows = primary ? (stage ? 2 : 3) : 1;
      expect(geo.rows).toBeGreaterThanOrEqual(1);
      expect(geo.rows).toBeLessThanOrEqual(maxRows);
      expect(geo.shown).toBeLessThanOrEqual(n);
      if (geo.shown < n) expect(geo.shown).toBe(geo.rows * geo.perRow - 1);
      else expect(n).toBeLessThanOrEqual(geo.rows * geo.perRow);
      expect(chips.filter((c) => c.order !== undefined).map((c) => c.order)).toEqual(Array.from({ length: geo.shown }, (_, i) => i + 1));
    });

    it('keeps the queue\'s chips and its "+N more" within the width and the lane, apart, in order away from the lock', () => {
      const queue = chips.filter((c) => c.order !== undefined);
      const places = [...queue, ...(geo.shown < n ? [slotAt(geo, geo.shown)] : [])];
      for (const p of places) {
        expect(p.x).toBeGreaterThanOrEqual(geo.queueX);
        // a lane narrower than one chip beside the lock still takes one chip a row
        if (geo.perRow > 1) expect(p.x + geo.chipW).toBeLessThanOrEqual(width);
        expect(p.y + geo.chipH).toBeLessThanOrEqual(geo.height);
      }
      for (let i = 1; i < places.length; i++) {
        const a = places[i - 1]!;
        const b = places[i]!;
        // along a row to the right, then down a row
        expect(b.y > a.y || (b.y === a.y && b.x >= a.x + geo.chipW)).toBe(true);
        if (b.y > a.y) expect(b.y).toBeGreaterThanOrEqual(a.y + geo.chipH);
      }
      expect(parts.more.x).toBe(slotAt(geo, geo.shown).x + geo.chipW / 2);
    });

    it('sits the owner (and a CPU it is handed to) inside the lock box, left of the queue, under the figures', () => {
      const inLock = chips.filter((c) => c.order === undefined);
      expect(inLock.map((c) => c.cpu)).toEqual(n % 2 ? [3, 7] : [3]);
      expect(inLock.map((c) => c.dashed)).toEqual(n % 2 ? [false, true] : [false]);
      const { lock } = parts;
      for (const c of inLock) {
        expect(c.x).toBeGreaterThanOrEqual(lock.x);
        expect(c.x + geo.chipW).toBeLessThanOrEqual(lock.x + lock.w);
        expect(c.y).toBeGreaterThanOrEqual(lock.y);
        expect(c.y + geo.chipH).toBeLessThanOrEqual(lock.y + lock.h);
      }
      expect(lock.x + lock.w).toBeLessThan(parts.arrow.x2 + 1e-6);
      expect(parts.arrow.x2).toBeLessThan(parts.arrow.x1);
      expect(parts.arrow.x1).toBeLessThan(geo.queueX);
      expect(lock.under.y).toBeLessThanOrEqual(geo.height);
      // the role's lines, then the hold bar, then the spin line, then the lock's shackle
      expect(parts.roleY + geo.roleLines.length * parts.roleLineH).toBeLessThan(parts.bar.y);
      expect(parts.bar.y + parts.bar.h).toBeLessThan(parts.spinY);
      expect(parts.spinY).toBeLessThan(lock.y - geo.fs * 0.55);
      expect(parts.holdFigure.x).toBeGreaterThan(parts.bar.x + parts.bar.w);
    });

    it("wraps the lock's role to the width", () => {
      const chars = Math.max(12, Math.floor(width / (geo.small * 0.62)));
      for (const line of geo.roleLines) if (line.includes(' ')) expect(line.length).toBeLessThanOrEqual(chars);
    });
  },
);

describe('lock layout: lanes and words', () => {
  it("stacks lanes one under the other, a rule's room apart, at least 40 px in all", () => {
    expect(stackLanes([])).toEqual({ starts: [], height: 40 });
    expect(stackLanes([{ height: 100 }, { height: 50.5 }, { height: 80 }])).toEqual({ starts: [0, 114, 178.5], height: 272.5 });
    expect(stackLanes([{ height: 10 }])).toEqual({ starts: [0], height: 40 });
  });

  it.each([
    [true, 3, 'light', 1],
    [false, 3, 'light', 0.9],
    [false, 1, 'light', 1],
    [false, 3, 'projector', 1],
  ] as const)('draws a lane (primary %s, of %i, %s theme) at %s its size', (isPrimary, lanes, theme, scale) => {
    expect(laneScale({ primary: isPrimary }, lanes, theme)).toBe(scale);
  });

  it.each([
    [720, 13, 15, '1.2k/s', true],
    [400, 13, 15, '1.2k/s', false],
    [520, 17, 20, '12.3k/s', false],
    [900, 17, 20, '12.3k/s', true],
  ])('at %i px (small %i, font %i) the spin line has room for "%s acquisitions": %s', (width, small, fs, rate, fits) => {
    expect(statsFit(width, small, fs, rate)).toBe(fits);
    // a wider view never has less room
    if (fits) expect(statsFit(width + 100, small, fs, rate)).toBe(true);
  });
});

describe('lock layout: exact values', () => {
  const geo = laneGeometry(hot, 680, { fontSize: 15, smallSize: 13 }, 1);

  it("lays out the classic kernel's I/O lock 8 at 680 px: six chips a row, two spinners", () => {
    expect(hot.name).toBe('IOLOCK8');
    expect(geo).toMatchObject({
      chipW: 74,
      chipH: 32,
      chipGap: 8,
      lockW: 98,
      queueX: 141,
      perRow: 6,
      rows: 1,
      shown: 2,
      statsY: 49,
      chipsY: 94,
      height: 173.5,
    });
    expect(laneChips(hot, geo, () => 'kernel')).toEqual([
      { cpu: 0, mode: 'kernel', x: 16, y: 109, order: undefined, dashed: false },
      { cpu: 13, mode: 'spin', x: 141, y: 109, order: 1, dashed: false },
      { cpu: 12, mode: 'spin', x: 223, y: 109, order: 2, dashed: false },
    ]);
  });

  it("puts the lock box, its shackle and the queue's arrow where the view has always drawn them", () => {
    const parts = laneParts(geo);
    expect(parts.lock).toEqual({
      x: 4,
      y: 101.5,
      w: 98,
      h: 47,
      shackle: 'M 39.5 101.5 v -8.25 a 13.5 13.5 0 0 1 27 0 v 8.25',
      inside: { x: 53, y: 129.55 },
      under: { x: 53, y: 165.5 },
    });
    expect(parts.arrow).toEqual({ x1: 132, x2: 109.5, y: 125, head: 'M 109.5 125 l 10.5 -6.75 v 13.5 z' });
    expect(parts.bar).toEqual({ x: 45, y: 42.25, w: 135, h: 13.5 });
    expect(parts.more).toEqual({ x: 342, y: 130.25 });
  });
});
