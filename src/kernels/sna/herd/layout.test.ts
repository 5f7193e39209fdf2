/*
 * layout.test.ts (herd) -- the thundering herd's layout for many widths, font sizes and
 * scenes: chips and tiles do not overlap and stay within the width, the places run down
 * the view in order, the words between them fit their line or are wrapped; plus a few
 * exact values (the lab's theme at 720 px).
 */
import { describe, expect, it } from 'vitest';
import { runFixture } from '../../../views/fixtures/index.js';
import type { ModeName } from '../../../views/palette.js';
import { compareRows, herdScene, hotLockIndex, type HerdScene } from './model.js';
import { runFiguresFromReport } from '../data.js';
import {
  arrowHead,
  bandLineY,
  chipPlaces,
  chipText,
  compareLayout,
  emptyNoteAt,
  herdColumns,
  herdGeometry,
  loopArrows,
  textW,
  tileAt,
  tileParts,
  tileWords,
  type ChipPlace,
  type HerdGeometry,
} from './layout.js';

const asPorted = runFixture('sna-as-ported-4');
const afterPort = runFixture('sna-after-port-4');
const portedScene = herdScene(asPorted.snapshot, hotLockIndex(asPorted.snapshot), asPorted.report);
const spinScene = herdScene(afterPort.snapshot, hotLockIndex(afterPort.snapshot), afterPort.report);

/** A busy herd: `n` CPUs each running a thread (CPU 0 holds the lock), `asleep` sleepers, `ready` runnable (half of them just woken). */
function busyHerd(n: number, asleep: number, ready: number): HerdScene {
  const modes: ModeName[] = ['kernel', 'user', 'cswitch', 'idle'];
  const waiting = Array.from({ length: asleep }, (_, i) => 1000 + i);
  const readyIds = Array.from({ length: ready }, (_, i) => 2000 + i);
  return {
    ...portedScene,
    waiting,
    ready: readyIds,
    woken: readyIds.filter((_, i) => i % 2 === 0),
    ownerThread: 0,
    cpus: Array.from({ length: n }, (_, cpu) => ({
      cpu,
      mode: modes[cpu % modes.length]!,
      thread: modes[cpu % 4] === 'idle' ? -1 : cpu,
      holdsLock: cpu === 0,
      spinning: false,
    })),
  };
}

const scenes: [string, HerdScene][] = [
  ['as ported (4 CPUs)', portedScene],
  ['after the port (spin lock)', spinScene],
  ['a busy herd (16 CPUs, 30 asleep, 12 ready)', busyHerd(16, 30, 12)],
  ['an empty herd (2 CPUs)', busyHerd(2, 0, 0)],
];
const sizes = [
  { fontSize: 15, smallSize: 13 },
  { fontSize: 20, smallSize: 17 },
];
const widths = [320, 430, 552, 720, 1000];
const cases = scenes.flatMap(([name, scene]) =>
  sizes.flatMap((t) => widths.flatMap((width) => [false, true].map((stage) => ({ name, scene, t, width, stage })))),
);

const overlap = (a: { x: number; y: number; w: number; h: number }, b: { x: number; y: number; w: number; h: number }) =>
  a.x < b.x + b.w - 1e-6 && b.x < a.x + a.w - 1e-6 && a.y < b.y + b.h - 1e-6 && b.y < a.y + a.h - 1e-6;
const box = (geo: HerdGeometry, p: ChipPlace) => ({ x: p.x, y: p.y, w: geo.chipW, h: geo.chipH });

describe.each(cases)('herd layout: $name, $width px, font $t.fontSize, stage $stage', ({ scene, t, width, stage }) => {
  const geo = herdGeometry(scene, width, t, { stage });
  const places = chipPlaces(scene, geo);

  it('runs its places down the view in order, within its height', () => {
    expect(geo.x0).toBeLessThan(geo.x1);
    expect(geo.chipX).toBeGreaterThanOrEqual(geo.x0);
    expect(geo.waitY).toBeGreaterThanOrEqual(0);
    expect(geo.readyY).toBeGreaterThan(geo.waitY + geo.waitRows * geo.chipH);
    expect(geo.cpuY).toBeGreaterThan(geo.readyY + geo.readyRows * geo.chipH);
    const rows = Math.ceil(Math.max(1, scene.cpus.length) / geo.tileCols);
    expect(geo.cpuY + rows * geo.tileH).toBeLessThanOrEqual(geo.height);
    for (let i = 1; i < geo.labels.length; i++) expect(geo.labels[i]!.y).toBeGreaterThan(geo.labels[i - 1]!.y);
    const bandYs = geo.bands.map((b) => b.y);
    expect(bandYs[0]).toBeGreaterThan(geo.waitY);
    expect(bandYs[0]).toBeLessThan(geo.readyY);
    expect(bandYs[1]).toBeGreaterThan(geo.readyY);
    expect(bandYs[1]).toBeLessThan(geo.cpuY);
  });

  it('keeps the chips within the width and apart', () => {
    for (const p of places) {
      expect(p.x).toBeGreaterThanOrEqual(geo.x0);
      expect(p.x + geo.chipW).toBeLessThanOrEqual(geo.x1 + 1e-6);
      expect(p.y + geo.chipH).toBeLessThanOrEqual(geo.height);
    }
    for (let i = 0; i < places.length; i++) {
      for (let j = i + 1; j < places.length; j++) expect(overlap(box(geo, places[i]!), box(geo, places[j]!))).toBe(false);
    }
    // one chip a thread (or a spinning CPU)
    expect(new Set(places.map((p) => p.key)).size).toBe(places.length);
  });

  it("lays the CPU tiles in a grid within the width, each running thread's chip inside its tile", () => {
    const tiles = scene.cpus.map((_, i) => ({ ...tileAt(geo, i), w: geo.tileW, h: geo.tileH }));
    for (const tile of tiles) {
      expect(tile.x).toBeGreaterThanOrEqual(geo.x0);
      expect(tile.x + tile.w).toBeLessThanOrEqual(geo.tilesRight + 1e-6);
    }
    expect(geo.tilesRight).toBeLessThanOrEqual(geo.x1 + 1e-6);
    for (let i = 0; i < tiles.length; i++) {
      for (let j = i + 1; j < tiles.length; j++) expect(overlap(tiles[i]!, tiles[j]!)).toBe(false);
    }
    scene.cpus.forEach((c, i) => {
      const chip = places.find((p) => p.kind === 'running' && p.cpu === c.cpu);
      expect(!!chip).toBe(c.thread >= 0);
      if (!chip) return;
      const tile = tileParts(geo, i, true);
      expect(chip.x).toBeGreaterThanOrEqual(tile.x);
      expect(chip.x + geo.chipW).toBeLessThanOrEqual(tile.x + tile.w + 1e-6);
      expect(tile.name.y).toBeLessThan(chip.y);
      expect(tile.words.y).toBeGreaterThan(chip.y + geo.chipH);
      expect(tile.words.y).toBeLessThan(tile.y + tile.h);
    });
  });

  it('puts a place\'s overflow in a "+N more" chip, the chips shown plus N making the whole place', () => {
    const asleep = places.filter((p) => p.kind === 'asleep' || p.kind === 'spinning').length;
    const more = places.filter((p) => p.kind === 'more').reduce((sum, p) => sum + p.more!, 0);
    const queued = places.filter((p) => p.kind === 'woken' || p.kind === 'ready').length;
    const onCpu = new Set(scene.cpus.map((c) => c.thread).filter((id) => id >= 0));
    const waiting = scene.mode === 'herd' ? scene.waiting.filter((id) => !onCpu.has(id)).length : scene.waiting.length;
    const ready = scene.ready.filter((id) => !onCpu.has(id) && !(scene.mode === 'herd' && scene.waiting.includes(id))).length;
    expect(asleep + queued + more).toBe(waiting + ready);
  });

  it('fits the words between the places on their lines, or wraps them', () => {
    const room = geo.x1 - geo.x0;
    const chars = Math.max(12, Math.floor(room / (geo.small * 0.6)));
    for (const band of geo.bands) {
      for (const row of band.rows) {
        if (row.start && row.end) expect(textW(row.start, geo.small) + textW(row.end, geo.small) + geo.fs * 2).toBeLessThanOrEqual(room);
        for (const line of [row.start, row.end]) {
          if (line && line.includes(' ')) expect(line.length).toBeLessThanOrEqual(chars);
        }
      }
      for (let j = 1; j < band.rows.length; j++) expect(bandLineY(geo, band, j)).toBeGreaterThan(bandLineY(geo, band, j - 1));
    }
  });

  it("fits each tile's words in the tile, shortened for the holder where needed", () => {
    for (const projector of [false, true]) {
      const theme = { name: projector ? ('projector' as const) : ('light' as const), smallSize: t.smallSize };
      for (const c of scene.cpus) {
        const words = tileWords(geo, theme, c.mode, c.holdsLock);
        if (c.holdsLock) expect(['holds lock', 'holder', '']).toContain(words.text);
        if (words.text === '' || words.size <= (c.holdsLock && projector ? Math.max(10, t.smallSize) : 10)) continue;
        // at the size it is given, estimated wide (0.64 em a bold glyph, 0.58 a plain one), it fits the tile less its margins
        expect(words.text.length * words.size * (words.bold ? 0.64 : 0.58)).toBeLessThanOrEqual(geo.tileW - 8 + 1e-6);
        expect(words.size).toBeLessThanOrEqual(t.smallSize);
      }
    }
  });
});

describe('herd layout: exact values', () => {
  const t = { fontSize: 15, smallSize: 13 };
  const geo = herdGeometry(portedScene, 720, t);

  it("in the lab's theme at 720 px: eight chips a row, two rows a place, four tiles a row", () => {
    expect({ chipW: geo.chipW, chipH: geo.chipH, gap: geo.gap, x0: geo.x0, x1: geo.x1, perRow: geo.perRow }).toEqual({
      chipW: 69,
      chipH: 29,
      gap: 7,
      x0: 27,
      x1: 693,
      perRow: 8,
    });
    expect({ waitY: geo.waitY, readyY: geo.readyY, cpuY: geo.cpuY, height: geo.height }).toEqual({
      waitY: 23,
      readyY: 149,
      cpuY: 275,
      height: 361,
    });
    expect({ tileW: geo.tileW, tileH: geo.tileH, tileCols: geo.tileCols, tilesRight: geo.tilesRight }).toEqual({
      tileW: 120,
      tileH: 77,
      tileCols: 4,
      tilesRight: 528,
    });
    expect(geo.labels.map((l) => l.text)).toEqual(['Asleep on hs_region · 6', 'Run queue · 0', 'CPUs']);
    expect(geo.bands[0]!.rows).toEqual([{ start: '↓ a release wakes every sleeper', end: 'missed the lock: back to sleep ↑' }]);
  });

  it("places the sleepers along the first row, the holder's thread in the middle of CPU 0's tile", () => {
    const places = chipPlaces(portedScene, geo);
    expect(places.filter((p) => p.kind === 'asleep').map((p) => [p.x, p.y])).toEqual([
      [27, 23],
      [103, 23],
      [179, 23],
      [255, 23],
      [331, 23],
      [407, 23],
    ]);
    expect(places.find((p) => p.kind === 'running')).toMatchObject({ cpu: 0, holds: true, x: 52.5, y: 298 });
    expect(tileParts(geo, 3, false)).toMatchObject({ x: 408, y: 275, name: { x: 414, y: 291 }, padlock: { x: 515.5, y: 285.5 } });
    expect(chipText(geo)).toEqual({ label: { x: 34.5, y: 14.5 + 15 * 0.36 }, more: { x: 4, y: 14.5 + 13 * 0.35 } });
    expect(emptyNoteAt(geo, geo.readyY)).toEqual({ x: 31, y: 149 + 14.5 + 13 * 0.35 });
  });

  it('draws the loop outside the chips: down the left, back up the right past the tiles', () => {
    const arrows = loopArrows(geo);
    expect(arrows.wake).toBe('M 23 37.5 H 12 V 163.5 H 16');
    expect(arrows.dispatch).toBe('M 12 163.5 V 312.5 H 16');
    expect(arrows.miss).toBe('M 532 312.5 H 708 V 37.5 H 704');
    expect(arrows.wakeHead).toBe(arrowHead(25, 163.5, 'right', 9));
    expect(arrows.missHead).toBe(arrowHead(695, 37.5, 'left', 9));
    expect(arrowHead(10, 20, 'down', 5)).toBe('M 10 20 l -3 -5 h 6 z');
  });

  it("shortens the holder's words in a narrow tile, then leaves them out at the projector's least size", () => {
    const narrow = { ...geo, tileW: 70 };
    expect(tileWords(geo, { name: 'light', smallSize: 13 }, 'kernel', true).text).toBe('holds lock');
    expect(tileWords(narrow, { name: 'light', smallSize: 13 }, 'kernel', true).text).toBe('holder');
    expect(tileWords({ ...geo, tileW: 40 }, { name: 'projector', smallSize: 17 }, 'kernel', true).text).toBe('');
    expect(tileWords(geo, { name: 'light', smallSize: 13 }, 'spin', false)).toEqual({ text: 'spinning', size: 13, bold: false });
  });
});

describe("herd layout: the view's columns and the comparison", () => {
  it.each([
    [600, false, { side: false, herdW: 600, compareW: 600 }],
    [600, true, { side: false, herdW: 600, compareW: 600 }],
    [759, true, { side: false, herdW: 759, compareW: 759 }],
    [760, true, { side: true, herdW: 443, compareW: 296 }],
    [1200, true, { side: true, herdW: 707, compareW: 472 }],
  ] as const)('%i px, compare %s', (innerW, compare, expected) => {
    const cols = herdColumns(innerW, 15, compare);
    expect(cols).toMatchObject({ ...expected, gapX: 21 });
    if (cols.side) expect(cols.herdW + cols.gapX + cols.compareW).toBe(innerW);
  });

  const rows = compareRows(runFiguresFromReport(asPorted.report), runFiguresFromReport(afterPort.report));
  it.each([200, 296, 472, 720])(
    'at %i px the bars stay within the panel, the longer of each pair the longest, the figures one under the other',
    (width) => {
      const t = { fontSize: 15, smallSize: 13 };
      const laid = compareLayout(rows, 'This run: lockl, wake all', 'Simple locks, the same workload', width, t);
      const barMax = Math.max(40, width - Math.round(15 * 6.2));
      expect(laid.rows).toHaveLength(rows.length);
      for (let i = 1; i < laid.rows.length; i++) expect(laid.rows[i]!.y).toBeGreaterThan(laid.rows[i - 1]!.y);
      expect(laid.rows[0]!.y).toBeGreaterThan(laid.legend[1]!.y);
      expect(laid.height).toBeGreaterThanOrEqual(laid.rows.at(-1)!.y + laid.rows.at(-1)!.bars[1]!.y + laid.barH);
      for (const { row, bars } of laid.rows) {
        for (const b of bars) expect(b.w).toBeLessThanOrEqual(barMax + 1e-6);
        if (Number.isFinite(row.current) && Number.isFinite(row.other) && Math.max(row.current, row.other) > 0) {
          expect(Math.max(bars[0]!.w, bars[1]!.w)).toBeCloseTo(barMax);
        }
        expect(bars[1]!.y).toBeGreaterThan(bars[0]!.y + laid.barH);
      }
      for (const item of laid.legend) {
        for (const line of item.lines)
          if (line.includes(' ')) expect(line.length).toBeLessThanOrEqual(Math.max(12, Math.floor((width - 24) / (13 * 0.6))));
      }
    },
  );
});
