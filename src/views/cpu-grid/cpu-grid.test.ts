/*
 * cpu-grid.test.ts -- the CPU grid's layout fits 1..64 tiles without overlap and keeps
 * them readable, the dense grid fits up to 256 CPUs in the lab's columns with labels
 * that do not touch, and its words agree with real snapshots of the core.
 */
import { describe, expect, it } from 'vitest';
import { runFixture } from '../fixtures/index.js';
import { mpsynch } from '../snapshot-data.js';
import { MODES, THEMES } from '../palette.js';
import { DenseGridPainter } from './draw.js';
import {
  cpuGridSummary,
  cpuReadout,
  defaultColumns,
  roleCpuOf,
  defaultGridHeight,
  DENSE_GRID_FROM,
  denseCellAt,
  denseColumns,
  denseGridLayout,
  gridLayout,
  moveCell,
  TILE_ASPECT,
  tileDetail,
  tileDetailText,
} from './model.js';

describe('grid layout', () => {
  it('fits every CPU count from 1 to 64 inside the space, tiles not overlapping', () => {
    for (const [w, h] of [
      [690, 300],
      [388, 420],
      [1200, 500],
      [300, 120],
    ] as const) {
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

describe('dense grid layout (65 to 256 CPUs)', () => {
  // the lab's narrowest column (1280 px screen) to a wide view; light and projector label sizes
  const widths = [388, 420, 560, 900];
  const sizes = [13, 17];

  it('is about square, rows starting at round numbers, for 1, 64, 128 and 256 CPUs', () => {
    expect(DENSE_GRID_FROM).toBe(65);
    expect(denseColumns(256)).toBe(16);
    expect(denseColumns(128)).toBe(16);
    expect(denseColumns(64)).toBe(8);
    expect(denseColumns(96)).toBe(12);
    expect(denseColumns(1)).toBe(4);
    for (const n of [1, 64, 65, 100, 128, 200, 255, 256]) {
      const cols = denseColumns(n);
      expect(cols % 4).toBe(0);
      const rows = Math.ceil(n / cols);
      expect(cols * rows).toBeGreaterThanOrEqual(n);
      if (n >= 16) expect(Math.max(cols / rows, rows / cols)).toBeLessThanOrEqual(2.5);
    }
  });

  it('fits the width given, every CPU a cell of its own, cells at least 6 px', () => {
    for (const n of [1, 64, 128, 256]) {
      for (const width of widths) {
        for (const fs of sizes) {
          const l = denseGridLayout(n, width, fs);
          expect(l.width).toBeLessThanOrEqual(width);
          expect(l.cell).toBeGreaterThanOrEqual(6);
          expect(l.cell).toBeLessThanOrEqual(fs * 3);
          expect(l.cols * l.rows).toBeGreaterThanOrEqual(n);
          // the middle of each CPU's cell is that CPU, and no other CPU's
          for (let i = 0; i < n; i++) {
            const x = l.left + (i % l.cols) * l.cell + (l.cell - l.gap) / 2;
            const y = l.top + Math.floor(i / l.cols) * l.cell + (l.cell - l.gap) / 2;
            expect(denseCellAt(l, n, x, y)).toBe(i);
          }
          expect(denseCellAt(l, n, l.left - 2, l.top + 2)).toBe(-1);
          expect(denseCellAt(l, n, l.left + 2, l.top - 2)).toBe(-1);
          expect(denseCellAt(l, n, l.left + l.cols * l.cell + 1, l.top + 2)).toBe(-1);
        }
      }
    }
  });

  it('keeps 256 CPUs legible in the lab: cells of 20 px or more, a label for every row or every other', () => {
    for (const width of [388, 420, 560]) {
      const l = denseGridLayout(256, width, 13);
      expect(l.cols).toBe(16);
      expect(l.rows).toBe(16);
      expect(l.cell).toBeGreaterThanOrEqual(20);
      expect(l.rowLabelEvery).toBeLessThanOrEqual(2);
      expect(l.colLabelEvery).toBeLessThanOrEqual(2);
    }
  });

  it('never lets labels touch: rows a label apart, column labels their width apart, left labels inside the gutter', () => {
    for (const n of [1, 64, 128, 256]) {
      for (const width of widths) {
        for (const fs of sizes) {
          const l = denseGridLayout(n, width, fs);
          expect(l.rowLabelEvery * l.cell).toBeGreaterThanOrEqual(fs * 1.1);
          expect(l.colLabelEvery * l.cell).toBeGreaterThanOrEqual(`+${l.cols - 1}`.length * fs * 0.62 + 4);
          expect(String((l.rows - 1) * l.cols).length * fs * 0.62 + 6).toBeLessThanOrEqual(l.left);
          if (l.cellNumbers) expect(String(n - 1).length * fs * 0.62).toBeLessThan(l.cell);
        }
      }
    }
  });

  it('stays within a height when given one', () => {
    for (const n of [64, 128, 256]) {
      const l = denseGridLayout(n, 900, 13, 300);
      expect(l.height).toBeLessThanOrEqual(300);
    }
  });

  it('moves the keyboard cursor by cell, row and four rows, and stops at the ends', () => {
    expect(moveCell(0, 'ArrowLeft', 16, 256)).toBe(0);
    expect(moveCell(0, 'ArrowRight', 16, 256)).toBe(1);
    expect(moveCell(17, 'ArrowUp', 16, 256)).toBe(1);
    expect(moveCell(17, 'ArrowDown', 16, 256)).toBe(33);
    expect(moveCell(17, 'PageDown', 16, 256)).toBe(81);
    expect(moveCell(250, 'PageDown', 16, 256)).toBe(255);
    expect(moveCell(9, 'Home', 16, 256)).toBe(0);
    expect(moveCell(9, 'End', 16, 256)).toBe(255);
    expect(moveCell(9, 'a', 16, 256)).toBeNull();
  });

  it('reads one CPU of a real 256-CPU run in words', () => {
    for (const name of ['classic-256', 'scalable-256'] as const) {
      const f = runFixture(name);
      expect(f.snapshot.cpus).toHaveLength(256);
      const marked = roleCpuOf(f.snapshot);
      for (const cpu of f.snapshot.cpus) {
        const text = cpuReadout(cpu, f.names.locks, { role: marked.role && cpu.id === marked.cpu ? `the ${marked.role.name}` : undefined });
        expect(text).toMatch(new RegExp(`^CPU ${cpu.id}: `));
        expect(text).not.toMatch(/NaN|undefined/);
        if (cpu.mode === 'spin' && cpu.spinLock >= 0) expect(text).toContain(`spinning for ${f.names.locks[cpu.spinLock]}`);
        if (cpu.level === 'idle') expect(text).toBe(`CPU ${cpu.id}: idle.`);
      }
    }
    const s = runFixture('scalable-256').snapshot;
    const marked = roleCpuOf(s);
    expect(marked.cpu).toBe(s.roleCpus.designated_cpu);
    expect(cpuReadout(s.cpus[marked.cpu]!, [], { role: `the ${marked.role!.name}` })).toContain('the designated TCP/IP CPU');
    expect(roleCpuOf(runFixture('classic-256').snapshot)).toEqual({ cpu: -1 });
  });
});

describe('dense grid painter', () => {
  /** A 2D context that counts what is drawn (Node has no canvas). */
  function fakeContext() {
    const calls: Record<string, number> = {};
    const ctx = new Proxy(
      {},
      {
        get:
          (_, name: string) =>
          (...args: unknown[]) => {
            calls[name] = (calls[name] ?? 0) + 1;
            return args;
          },
        set: () => true,
      },
    ) as unknown as CanvasRenderingContext2D;
    return { ctx, calls };
  }
  class FakePath {
    rect() {}
  }

  it('draws the whole grid first, then only the cells whose mode changed', () => {
    const saved = (globalThis as { Path2D?: unknown }).Path2D;
    (globalThis as { Path2D?: unknown }).Path2D = FakePath;
    try {
      const f = runFixture('classic-256');
      const modes = Uint8Array.from(f.snapshot.cpus, (c) => MODES.indexOf(c.mode));
      const layout = denseGridLayout(256, 420, 13);
      const painter = new DenseGridPainter();
      const { ctx, calls } = fakeContext();
      const draw = {
        t: THEMES.light,
        layout,
        modes,
        patterns: { hatch: null, dots: null },
        designated: -1,
        interrupt: 0,
        hover: -1,
        cursor: -1,
      };
      expect(painter.paint(ctx, draw)).toBe(256);
      expect(calls.fillText).toBeGreaterThanOrEqual(16); // the edge labels
      expect(painter.paint(ctx, { ...draw, modes: Uint8Array.from(modes) })).toBe(0);
      const next = Uint8Array.from(modes);
      for (const i of [3, 100, 255]) next[i] = (next[i]! + 1) % MODES.length;
      const cleared = calls.clearRect ?? 0;
      expect(painter.paint(ctx, { ...draw, modes: next })).toBe(3);
      expect(calls.clearRect! - cleared).toBe(3);
      // the pointer moved: everything again (its ring reaches into the neighbours)
      expect(painter.paint(ctx, { ...draw, modes: next, hover: 17 })).toBe(256);
      painter.reset();
      expect(painter.paint(ctx, { ...draw, modes: next, hover: 17 })).toBe(256);
    } finally {
      (globalThis as { Path2D?: unknown }).Path2D = saved;
    }
  });
});

describe('grid words from real snapshots', () => {
  it('agrees with the core on MP synchronization over the run', () => {
    for (const name of ['classic-16', 'scalable-16', 'classic-64', 'scalable-64', 'classic-256', 'scalable-256'] as const) {
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
    expect(text).toContain(`CPU ${f.snapshot.roleCpus.designated_cpu} is the designated TCP/IP CPU`);
    expect(text).toContain('Scalable Kernel');
  });
});
