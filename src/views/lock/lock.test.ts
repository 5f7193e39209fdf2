/*
 * lock.test.ts -- the lock view's figures, derived from real snapshots, match the
 * core's own report, and each kernel leads with its hot lock.
 */
import { describe, expect, it } from 'vitest';
import { runFixture } from '../fixtures/index.js';
import { laneGeometry } from './layout.js';
import { chipsCanSlide, lockLanes, lockSummary, MAX_LANES, moreLanesText, primaryLock, unusedText } from './model.js';

describe('lock lanes', () => {
  it("puts the kernel's hot lock first and leaves out locks the kernel never used", () => {
    const classic = runFixture('classic-16');
    const { lanes, unused } = lockLanes(classic.snapshot);
    expect(primaryLock('classic')).toBe('IOLOCK8');
    expect(lanes[0]!.name).toBe('IOLOCK8');
    expect(lanes[0]!.primary).toBe(true);
    expect(unused).toEqual(['TCPIP_GLOBAL']);
    const scalable = lockLanes(runFixture('scalable-16').snapshot);
    expect(scalable.lanes[0]!.name).toBe('TCPIP_GLOBAL');
    expect(scalable.unused).toEqual([]);
  });

  it('shows the locks asked for, in that order', () => {
    const { lanes } = lockLanes(runFixture('classic-16').snapshot, ['SCHED', 'IOLOCK8', 'NOPE']);
    expect(lanes.map((l) => l.name)).toEqual(['SCHED', 'IOLOCK8']);
  });

  it('gives the hold %, spin % and acquisitions the core reports, per lock', () => {
    for (const name of ['classic-16', 'scalable-16', 'classic-64', 'scalable-64'] as const) {
      const f = runFixture(name);
      const { lanes } = lockLanes(f.snapshot, f.names.locks);
      for (const lane of lanes) {
        const r = f.report.locks.find((l) => l.name === lane.name)!;
        expect(lane.holdPct, `${name} ${lane.name} hold`).toBeCloseTo(r.hold_pct, 2);
        expect(lane.spinPct, `${name} ${lane.name} spin`).toBeCloseTo(r.spin_pct, 2);
        expect(lane.acquisitionsPerS / r.acquisitions_per_s || 1).toBeCloseTo(1, 3);
      }
    }
  });

  it('keeps the spinners in the order they started and says so', () => {
    const f = runFixture('classic-64');
    const lane = lockLanes(f.snapshot).lanes[0]!;
    const lock = f.snapshot.locks.find((l) => l.name === 'IOLOCK8')!;
    expect(lane.waiters).toEqual(lock.waiters);
    expect(lane.waiters.length).toBeGreaterThan(1);
    const text = lockSummary(f.snapshot, [lane], []);
    expect(text).toContain(`held by CPU ${lock.holder}`);
    expect(text).toContain(
      `in order: ${lane.waiters
        .slice(0, -1)
        .map((c) => `CPU ${c}`)
        .join(', ')} and CPU ${lane.waiters.at(-1)}`,
    );
    expect(text).not.toMatch(/NaN|undefined/);
  });
});

describe('chip slides', () => {
  const W = 80;
  const H = 34;
  const slot = (i: number, perRow = 4) => ({ x: 200 + (i % perRow) * (W + 8), y: Math.floor(i / perRow) * (H + 20) });
  const places = (cpus: number[]) => new Map(cpus.map((cpu, i) => [cpu, slot(i)]));
  const after = (cpus: number[]) => cpus.map((cpu, i) => ({ cpu, ...slot(i) }));

  it('lets a queue move forward by a place, in a row, with a newcomer at the back only where nobody passes', () => {
    // 5 went into the lock: everyone moves up one place in the same row
    expect(chipsCanSlide(places([5, 6, 7]), after([6, 7]), W, H)).toBe(true);
    // the queue moved up and 9 joined where 7 was a moment ago: they would overlap
    expect(chipsCanSlide(places([5, 6, 7]), after([6, 7, 9]), W, H)).toBe(false);
    // nothing moved, one joined at the back
    expect(chipsCanSlide(places([5, 6]), after([5, 6, 9]), W, H)).toBe(true);
  });

  it('never slides a chip past another or across rows', () => {
    // the old head goes to the back, past the others
    expect(chipsCanSlide(places([5, 6, 7]), after([6, 7, 5]), W, H)).toBe(false);
    // the first chip of the second row moves up to the end of the first, over a chip moving along
    expect(chipsCanSlide(places([1, 2, 3, 4, 5]), after([2, 3, 4, 5]), W, H)).toBe(false);
  });
});

describe('many locks', () => {
  it('draws at most six lanes, costliest first, counts the rest and keeps them all for the data table', () => {
    const f = runFixture('sna-false-sharing-4');
    const spin = f.snapshot.locks.filter((l) => l.kind === 'spin');
    const { lanes, more, unused } = lockLanes(f.snapshot);
    const used = lockLanes(f.snapshot, undefined, { max: Infinity }).lanes;
    expect(used.length).toBeGreaterThan(MAX_LANES);
    expect(lanes).toHaveLength(MAX_LANES);
    expect([...lanes, ...more].map((l) => l.name).sort()).toEqual(used.map((l) => l.name).sort());
    expect(lanes.length + more.length + unused.length).toBe(spin.length);
    for (let i = 1; i < lanes.length; i++) expect(lanes[i]!.spinPct).toBeLessThanOrEqual(lanes[i - 1]!.spinPct);
    expect(Math.min(...lanes.map((l) => l.spinPct))).toBeGreaterThanOrEqual(Math.max(...more.map((l) => l.spinPct)));
    expect(lanes.map((l) => l.name)).toEqual(used.slice(0, MAX_LANES).map((l) => l.name));
    const words = moreLanesText(more);
    expect(words).toMatch(new RegExp(`^${more.length} more spin locks in use, not drawn for room .*The data table lists every one\\.$`));
    expect(lockSummary(f.snapshot, lanes, unused, more)).toContain(words);
    // on the presenter's stage no data table is offered, so the words do not send the reader to one
    const staged = moreLanesText(more, false);
    expect(staged).toMatch(new RegExp(`^${more.length} more spin locks in use, spinning [0-9.]+% of all CPU time together: .*\\.$`));
    expect(staged).not.toContain('data table');
    expect(lockSummary(f.snapshot, lanes, unused, more, false)).not.toContain('data table');
  });

  it('keeps the order drawn before unless a lock clearly costs more', () => {
    const f = runFixture('sna-false-sharing-4');
    const first = lockLanes(f.snapshot, undefined, { max: 3 });
    const reversed = [...first.lanes, ...first.more].map((l) => l.name).reverse();
    const again = lockLanes(f.snapshot, undefined, { max: 3, previous: reversed });
    // whatever the previous order, a lane only moves up past one that costs clearly less
    const shown = again.lanes;
    for (let i = 1; i < shown.length; i++) {
      const up = shown[i - 1]!;
      const down = shown[i]!;
      const before = reversed.indexOf(up.name) < reversed.indexOf(down.name);
      expect(
        before || up.spinPct > down.spinPct * 1.2 + 0.5 || up.holdPct > down.holdPct * 1.2 + 0.5,
        `${up.name} above ${down.name}`,
      ).toBe(true);
    }
    // the same order again, nothing moves
    const order = [...again.lanes, ...again.more].map((l) => l.name);
    expect(lockLanes(f.snapshot, undefined, { max: 3, previous: order }).lanes.map((l) => l.name)).toEqual(order.slice(0, 3));
  });

  it('names at most eight unused locks and counts the rest', () => {
    expect(unusedText([])).toBe('');
    expect(unusedText(['SCHED', 'IOLOCK8'])).toBe('Not taken since measuring began: SCHED and I/O lock 8.');
    // the classic kernel's TCP/IP global spin lock is I/O lock 8: the Scalable Kernel's is named as its
    expect(unusedText(['TCPIP_GLOBAL'])).toBe("Not taken since measuring began: the Scalable Kernel's TCP/IP global spin lock.");
    const many = Array.from({ length: 11 }, (_, i) => `session[${i}]`);
    expect(unusedText(many)).toBe(`Not taken since measuring began: ${many.slice(0, 8).join(', ')} and 3 more.`);
  });
});

describe("the hot lock's queue of spinners", () => {
  it('takes up to three rows in the lab, two on the presenter\'s stage, then ends with "+N more"', () => {
    const hot = lockLanes(runFixture('classic-16').snapshot).lanes[0]!;
    const t = { fontSize: 20, smallSize: 17 };
    // fifteen CPUs spinning, beside the presenter's question (520 px: three chips a row)
    const lane = { ...hot, waiters: Array.from({ length: 15 }, (_, i) => i + 1) };
    const lab = laneGeometry(lane, 520, t, 1);
    const stage = laneGeometry(lane, 520, t, 1, true);
    expect(lab.perRow).toBe(stage.perRow);
    expect(lab.rows).toBe(3);
    expect(stage.rows).toBe(2);
    expect(stage.shown).toBe(2 * stage.perRow - 1);
    expect(stage.height).toBeLessThan(lab.height);
  });
});
