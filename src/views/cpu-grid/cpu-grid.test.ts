/*
 * cpu-grid.test.ts -- the CPU grid's layout fits 1..64 tiles without overlap and keeps
 * them readable, and its words agree with real snapshots of the core.
 */
import { describe, expect, it } from 'vitest';
import { runFixture } from '../fixtures/index.js';
import { mpsynch } from '../snapshot-data.js';
import { cpuGridSummary, defaultColumns, defaultGridHeight, gridLayout, TILE_ASPECT, tileDetail, tileDetailText } from './model.js';

describe('grid layout', () => {
  it('fits every CPU count from 1 to 64 inside the space, tiles not overlapping', () => {
    for (const [w, h] of [[690, 300], [388, 420], [1200, 500], [300, 120]] as const) {
      for (let n = 1; n <= 64; n++) {
        const g = gridLayout(n, w, h, 6);
        expect(g.cols * g.rows).toBeGreaterThanOrEqual(n);
        expect(g.rows - 1).toBeLessThan(Math.ceil(n / g.cols));
        expect(g.width).toBeLessThanOrEqual(w);
        expect(g.height).toBeLessThanOrEqual(h);
        expect(g.tileW).toBeGreaterThan(0);
        expect(Math.abs(g.tileW / Math.max(1, g.tileH) - TILE_ASPECT)).toBeLessThan(0.2);
      }
    }
  });

  it('chooses the largest tiles: one CPU fills the space, 16 make a tidy grid', () => {
    expect(gridLayout(1, 400, 400).cols).toBe(1);
    const sixteen = gridLayout(16, 688, defaultGridHeight(16, 688, 15), 6);
    expect(16 % sixteen.cols).toBe(0);
    expect(tileDetail(sixteen.tileW, 15)).toBe('full');
  });

  it('prefers column counts that divide the CPUs evenly', () => {
    expect(defaultColumns(16, 688, 78)).toBe(8);
    expect(defaultColumns(16, 688, 104)).toBe(4);
    expect(defaultColumns(64, 688, 36)).toBe(16);
    expect(defaultColumns(7, 688, 78)).toBe(7);
  });

  it('says less on smaller tiles and more in the projector theme only when there is room', () => {
    expect(tileDetail(200, 15)).toBe('full');
    expect(tileDetail(70, 15)).toBe('label');
    expect(tileDetail(35, 15)).toBe('number');
    expect(tileDetail(20, 15)).toBe('none');
    expect(tileDetail(90, 20)).toBe('label');
  });
});

describe('grid words from real snapshots', () => {
  it('agrees with the core on MP synchronization over the run', () => {
    for (const name of ['classic-16', 'scalable-16', 'classic-64', 'scalable-64'] as const) {
      const f = runFixture(name);
      const m = mpsynch(f.snapshot, f.names.modes);
      // the snapshot at the end of the run covers the report's window
      expect(f.snapshot.windowNs).toBe(f.report.window_ns);
      expect(m.windowPct).toBeCloseTo(f.report.mpsynch_pct, 2);
      expect(m.windowCpus).toBeCloseTo(f.report.mpsynch_cpus, 2);
      expect(m.spinningNow).toBe(f.snapshot.cpus.filter((c) => c.mode === 'spin').length);
    }
  });

  it('names the CPUs spinning and the lock they spin for', () => {
    const f = runFixture('classic-16');
    const text = cpuGridSummary(f.snapshot, f.names.modes);
    const spinning = f.snapshot.cpus.filter((c) => c.mode === 'spin');
    expect(spinning.length).toBeGreaterThan(0);
    expect(text).toContain(`${spinning.length} of 16 CPUs spinning`);
    for (const c of spinning) expect(tileDetailText(c, f.names.locks)).toBe(`for ${f.names.locks[c.spinLock]}`);
    expect(text).toContain('Spinning for: IOLOCK8');
    expect(text).toContain('classic kernel');
    expect(text).not.toContain('designated');
    expect(text).not.toMatch(/NaN|undefined/);
  });

  it('marks the designated TCP/IP CPU for the Scalable Kernel only', () => {
    const f = runFixture('scalable-16');
    const text = cpuGridSummary(f.snapshot, f.names.modes);
    expect(text).toContain(`CPU ${f.snapshot.designatedCpu} is the designated TCP/IP CPU`);
    expect(text).toContain('Scalable Kernel');
  });
});
