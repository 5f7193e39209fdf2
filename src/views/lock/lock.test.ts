/*
 * lock.test.ts -- the lock view's figures, derived from real snapshots, match the
 * core's own report, and each kernel leads with its hot lock.
 */
import { describe, expect, it } from 'vitest';
import { runFixture } from '../fixtures/index.js';
import { chipsCanSlide, lockLanes, lockSummary, primaryLock } from './model.js';

describe('lock lanes', () => {
  it('puts the kernel\'s hot lock first and leaves out locks the kernel never used', () => {
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
    expect(text).toContain(`in order: ${lane.waiters.slice(0, -1).map((c) => `CPU ${c}`).join(', ')} and CPU ${lane.waiters.at(-1)}`);
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
