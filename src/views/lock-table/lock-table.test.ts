/*
 * lock-table.test.ts -- the lock table: live figures from a snapshot equal the core's
 * report, both kernels side by side (classic first), and the paper's published numbers.
 */
import { describe, expect, it } from 'vitest';
import { runFixture } from '../fixtures/index.js';
import { figuresFromReport, figuresFromSnapshot, lockTableColumns, lockTableSummary, locksUnused, PUBLISHED } from './model.js';

const classic = runFixture('classic-16');
const scalable = runFixture('scalable-16');

describe('lock table', () => {
  it('computes the same figures live as the core reports at the end of the run', () => {
    for (const f of [classic, scalable, runFixture('classic-64')]) {
      const live = figuresFromSnapshot(f.snapshot);
      const done = figuresFromReport(f.report);
      expect(live.hold).toBeCloseTo(done.hold, 2);
      expect(live.spin).toBeCloseTo(done.spin, 2);
      expect(live.lockHold).toBeCloseTo(done.lockHold, 2);
      expect(live.locksPerS / done.locksPerS).toBeCloseTo(1, 4);
    }
  });

  it('puts the classic kernel first when both reports are given, whatever their order', () => {
    const columns = lockTableColumns({ reports: [scalable.report, classic.report] });
    expect(columns.map((c) => c.source)).toEqual(['classic', 'scalable']);
    expect(columns[0]!.figures.hold).toBe(classic.report.hold_pct_all_locks);
    expect(columns[1]!.figures.lockHold).toBe(scalable.report.iolock8_hold_pct);
  });

  it('falls back from reports to one report to the live snapshot', () => {
    expect(lockTableColumns({ report: classic.report, snapshot: scalable.snapshot })[0]!.source).toBe('classic');
    const live = lockTableColumns({ snapshot: scalable.snapshot });
    expect(live).toHaveLength(1);
    expect(live[0]!.live).toBe(true);
    expect(lockTableColumns({})).toEqual([]);
  });

  it('quotes the paper exactly', () => {
    expect(PUBLISHED.map((p) => p.kernel)).toEqual(['classic', 'scalable']);
    expect(PUBLISHED[0]!.column).toMatchObject({
      paperName: 'traditional kernel',
      hold: 54.8,
      spin: 24.1,
      locksPerS: 204_153,
      lock: { name: 'IOLOCK8', hold: 31.4, text: '31.4%' },
    });
    expect(PUBLISHED[1]!.column).toMatchObject({
      paperName: 'Scalable Kernel',
      hold: 35.2,
      spin: 4.4,
      locksPerS: 162_033,
      lock: { name: 'IOLOCK8', hold: 5, text: '<5%' },
    });
    const text = lockTableSummary(lockTableColumns({ reports: [classic.report, scalable.report] }));
    expect(text).toContain('traditional kernel 54.8% hold, 24.1% spin, 204,153 locks per second, I/O lock 8 31.4%');
    expect(text).toContain('Scalable Kernel 35.2% hold, 4.4% spin, 162,033 locks per second, I/O lock 8 <5%');
    expect(text).toContain(`spin % all locks ${classic.report.spin_pct_all_locks.toFixed(1)}%`);
    expect(text).not.toMatch(/NaN|undefined/);
  });

  it('shows the model moving the way the paper did: less spinning and I/O lock 8 freed', () => {
    const [c, s] = lockTableColumns({ reports: [classic.report, scalable.report] });
    expect(s!.figures.spin).toBeLessThan(c!.figures.spin / 5);
    expect(s!.figures.lockHold).toBeLessThan(5);
    expect(s!.figures.locksPerS).toBeLessThan(c!.figures.locksPerS);
    expect(s!.figures.hold).toBeLessThan(c!.figures.hold);
  });

  it('says a run still in its warm-up has measured nothing yet, not 0.0%', () => {
    const warming = { ...classic.report, window_ns: 0 };
    const [column] = lockTableColumns({ report: warming });
    expect(column!.measured).toBe(false);
    expect(column!.detail).toMatch(/warming up: no figures until the warm-up ends/);
    expect(lockTableSummary([column!], false)).not.toMatch(/0\.0%/);
    expect(locksUnused([column!])).toBe(0);
    const live = lockTableColumns({ snapshot: { ...classic.snapshot, windowNs: 0 } });
    expect(live[0]!.measured).toBe(false);
    expect(lockTableColumns({ report: classic.report })[0]!.measured).toBe(true);
  });
});
