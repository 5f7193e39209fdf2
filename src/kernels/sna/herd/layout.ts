/*
 * layout.ts (herd) -- where everything in the thundering herd view goes: the loop's
 * places and the words between them (herdGeometry), each chip's place (chipPlaces), the
 * CPU tiles (tileAt, tileParts), the loop's arrows (loopArrows), the view's two columns
 * beside a comparison (herdColumns) and the comparison's bars (compareLayout). Pure
 * functions of the scene, the width and the theme's sizes: no React, no DOM.
 * HerdView.tsx draws what these say.
 */
import type { ModeName, ThemeTokens } from '../../../views/palette.js';
import { leastWordSize } from '../../../views/palette.js';
import { firstThatFits, fitFontSize, wrapWords } from '../../../views/format.js';
import { stackOffsets } from '../../../views/common/stack.js';
import type { CompareRow, HerdScene } from './model.js';

type Sizes = Pick<ThemeTokens, 'fontSize' | 'smallSize'>;

// ---- the view's columns -------------------------------------------------------------------

/** The loop's width and the comparison's: side by side where the view is wide enough, else one above the other. */
export function herdColumns(
  innerW: number,
  fontSize: number,
  compare: boolean,
): { side: boolean; gapX: number; herdW: number; compareW: number } {
  const side = compare && innerW >= 760;
  const gapX = Math.round(fontSize * 1.4);
  const herdW = side ? Math.round((innerW - gapX) * 0.6) : innerW;
  const compareW = side ? innerW - gapX - herdW : innerW;
  return { side, gapX, herdW, compareW };
}

// ---- the loop -----------------------------------------------------------------------------

/** One line of words between two places: what happens going down (start) and coming back up (end). */
export interface BandRow {
  start?: string;
  end?: string;
}

export interface HerdGeometry {
  fs: number;
  small: number;
  chipW: number;
  chipH: number;
  gap: number;
  /** The chips run from x0 to x1; the loop's arrows run outside, down the left and back up the right. */
  x0: number;
  x1: number;
  /** Where the chips begin: x0, or on the stage after the places' names. */
  chipX: number;
  /** Where the CPU tiles begin: chipX, or on the stage x0 (the tiles name their CPUs, so the row needs no name). */
  tileX: number;
  width: number;
  perRow: number;
  /** Top of each place's chips, and how many rows of chips it has room for. */
  waitY: number;
  waitRows: number;
  readyY: number;
  readyRows: number;
  cpuY: number;
  tileW: number;
  tileH: number;
  tileCols: number;
  /** Where the CPU tiles end. */
  tilesRight: number;
  lineH: number;
  /** The label above each place (on the stage, beside it), and the words between places. */
  labels: { y: number; text: string; key?: string }[];
  bands: { y: number; rows: BandRow[] }[];
  height: number;
}

/** Room text takes at a size, erring wide (0.6 em a glyph) so it never runs out of its box. */
export function textW(text: string, size: number): number {
  return text.length * size * 0.6;
}

/**
 * Where everything goes. On the presenter's stage (`stage`) each place's name stands to
 * the left of its chips instead of above them, and given a `height` (the room the stage
 * leaves the drawing) the places take one row of chips where two would not fit (a place
 * with more than a row holds ends with "+N more").
 */
export function herdGeometry(
  scene: HerdScene,
  width: number,
  t: Sizes,
  { stage = false, height }: { stage?: boolean; height?: number } = {},
): HerdGeometry {
  const fs = t.fontSize;
  const small = t.smallSize;
  const chipW = Math.round(fs * 4.6);
  // chips a little flatter on the stage, where height is what runs out
  const chipH = Math.round(fs * (stage ? 1.7 : 1.9));
  const gap = Math.round(fs * 0.45);
  const x0 = Math.round(fs * 1.8);
  const x1 = width - Math.round(fs * 1.8);
  // the names' column on the stage: "Run queue" in bold at the small size, erring wide
  const chipX = stage ? x0 + Math.round(small * 0.64 * 9 + gap) : x0;
  const perRow = Math.max(1, Math.floor((x1 - chipX + gap) / (chipW + gap)));
  // a fixed number of rows, so the view does not grow and shrink as threads come and go
  const twoRows = perRow < 10 && (height === undefined || herdGeometry(scene, width, t, { stage }).height <= height);
  const rows = twoRows ? 2 : 1;
  const labelH = stage ? 0 : small + 10;
  const lineH = small + 6;
  const herd = scene.mode === 'herd';
  const labels: { y: number; text: string; key?: string }[] = [];
  const bands: { y: number; rows: BandRow[] }[] = [];
  const chars = Math.max(12, Math.floor((x1 - x0) / (small * 0.6)));
  const band = (y: number, rows: BandRow[]) => {
    bands.push({ y, rows });
    return y + rows.length * lineH + 8;
  };
  const pair = (start: string, end: string): BandRow[] =>
    textW(start, small) + textW(end, small) + fs * 2 <= x1 - x0
      ? [{ start, end }]
      : [...wrapWords(start, chars).map((line) => ({ start: line })), ...wrapWords(end, chars).map((line) => ({ end: line }))];
  const words = (text: string): BandRow[] => wrapWords(text, chars).map((line) => ({ start: line }));

  // a place's name: above its chips, or on the stage beside them (its name, and its count under it)
  const label = (y: number, name: string, count?: number) => {
    if (!stage) {
      labels.push({ y: y + small, text: count === undefined ? name : `${name} · ${count}` });
      return;
    }
    labels.push({ y: y + chipH / 2 + small * (count === undefined ? 0.35 : -0.25), text: name });
    if (count !== undefined) labels.push({ y: y + chipH / 2 + small * 0.95, text: String(count), key: `${name} count` });
  };
  let y = 0;
  label(y, stage ? (herd ? 'Asleep' : 'Spinning') : `${herd ? 'Asleep on' : 'Spinning for'} ${scene.name}`, scene.waiting.length);
  const waitY = y + labelH;
  const waitRows = herd || perRow < scene.cpus.length ? rows : 1;
  y = waitY + waitRows * (chipH + gap) + 4;
  // on the stage in fewer words, so the two fit one line beside a question
  y = band(
    y,
    herd
      ? stage
        ? pair(scene.kind === 'wake_all' ? '↓ release wakes all' : '↓ release wakes one', 'a miss: sleep again ↑')
        : pair(
            scene.kind === 'wake_all' ? '↓ a release wakes every sleeper' : '↓ a release wakes the longest sleeper',
            'missed the lock: back to sleep ↑',
          )
      : words(stage ? 'a release lets the first spinner in' : 'a release lets the first spinner in: nobody sleeps, nobody is woken'),
  );
  label(y, 'Run queue', scene.ready.length);
  const readyY = y + labelH;
  const readyRows = rows;
  y = readyY + readyRows * (chipH + gap) + 4;
  y = band(
    y,
    words(
      herd
        ? stage
          ? '↓ each is dispatched: a context switch each'
          : '↓ each is dispatched: one context switch apiece'
        : 'runnable threads wait for a CPU',
    ),
  );
  const cpuY = y + labelH;
  const n = Math.max(1, scene.cpus.length);
  // on the stage the tiles take the whole width: each names its CPU, so the row needs no name beside it
  const tileX = stage ? x0 : chipX;
  const tileCols = Math.max(1, Math.min(n, Math.floor((x1 - tileX + gap) / (chipW + Math.round(fs * 0.5) + gap))));
  const tileW = Math.min(fs * 8, (x1 - tileX - gap * (tileCols - 1)) / tileCols);
  const tilesRight = tileX + tileCols * (tileW + gap) - gap;
  const tileH = small + 10 + chipH + small + 12;
  if (!stage) labels.push({ y: y + small, text: 'CPUs' });
  y = cpuY + Math.ceil(n / tileCols) * (tileH + gap);
  return {
    fs,
    small,
    chipW,
    chipH,
    gap,
    x0,
    x1,
    chipX,
    tileX,
    width,
    perRow,
    waitY,
    waitRows,
    readyY,
    readyRows,
    cpuY,
    tileW,
    tileH,
    tileCols,
    tilesRight,
    lineH,
    labels,
    bands,
    height: Math.ceil(y + 2),
  };
}

/** The baseline of line `j` of a band of words between two places. */
export function bandLineY(geo: HerdGeometry, band: { y: number }, j: number): number {
  return band.y + (j + 1) * geo.lineH - 4;
}

/** Where a place's note goes when it is empty ("nobody asleep on the lock", "empty"): level with its first row of chips. */
export function emptyNoteAt(geo: HerdGeometry, top: number): { x: number; y: number } {
  return { x: geo.chipX + 4, y: top + geo.chipH / 2 + geo.small * 0.35 };
}

/** A triangle's path, its tip at (x, y), pointing `dir`. */
export function arrowHead(x: number, y: number, dir: 'right' | 'left' | 'down' | 'up', size: number): string {
  const s = size;
  switch (dir) {
    case 'right':
      return `M ${x} ${y} l ${-s} ${-s * 0.6} v ${s * 1.2} z`;
    case 'left':
      return `M ${x} ${y} l ${s} ${-s * 0.6} v ${s * 1.2} z`;
    case 'down':
      return `M ${x} ${y} l ${-s * 0.6} ${-s} h ${s * 1.2} z`;
    default:
      return `M ${x} ${y} l ${-s * 0.6} ${s} h ${s * 1.2} z`;
  }
}

/** The loop's arrows as paths: down the left (wake, then dispatch) and back up the right (a miss: sleep again). */
export interface LoopArrows {
  /** From the sleepers to the run queue, and its head. */
  wake: string;
  wakeHead: string;
  /** From the run queue to the CPUs, and its head. */
  dispatch: string;
  dispatchHead: string;
  /** From the CPUs back up to the sleepers, and its head. */
  miss: string;
  missHead: string;
}

export function loopArrows(geo: HerdGeometry): LoopArrows {
  const { chipH, x0, x1 } = geo;
  const waitMid = geo.waitY + chipH / 2;
  const readyMid = geo.readyY + chipH / 2;
  const cpuMid = geo.cpuY + geo.small + 10 + chipH / 2;
  const xl = Math.round(x0 * 0.45);
  const xr = geo.width - Math.round(x0 * 0.45);
  const head = geo.fs * 0.6;
  return {
    wake: `M ${x0 - 4} ${waitMid} H ${xl} V ${readyMid} H ${x0 - head - 2}`,
    wakeHead: arrowHead(x0 - 2, readyMid, 'right', head),
    dispatch: `M ${xl} ${readyMid} V ${cpuMid} H ${x0 - head - 2}`,
    dispatchHead: arrowHead(x0 - 2, cpuMid, 'right', head),
    miss: `M ${geo.tilesRight + 4} ${cpuMid} H ${xr} V ${waitMid} H ${x1 + head + 2}`,
    missHead: arrowHead(x1 + 2, waitMid, 'left', head),
  };
}

// ---- the CPU tiles ------------------------------------------------------------------------

/** The top-left corner of CPU i's tile. */
export function tileAt(geo: HerdGeometry, i: number): { x: number; y: number } {
  return {
    x: geo.tileX + (i % geo.tileCols) * (geo.tileW + geo.gap),
    y: geo.cpuY + Math.floor(i / geo.tileCols) * (geo.tileH + geo.gap),
  };
}

/** What a CPU is doing, in a word under its thread. */
export const TILE_WORDS: Readonly<Record<ModeName, string>> = {
  user: 'user',
  kernel: 'kernel',
  fork: 'fork',
  spin: 'spinning',
  interrupt: 'interrupt',
  cswitch: 'switching',
  idle: 'idle',
};

export interface TileParts {
  x: number;
  y: number;
  w: number;
  h: number;
  /** The baseline of "CPU n" in the tile's top-left corner. */
  name: { x: number; y: number };
  /** The centre of the holder's padlock, in the tile's top-right corner. */
  padlock: { x: number; y: number };
  /** The middle of the words under the thread (or in the middle of an idle tile). */
  words: { x: number; y: number };
}

/** Where the parts of CPU i's tile go; `running` when a thread is on it (its words go under the thread's chip). */
export function tileParts(geo: HerdGeometry, i: number, running: boolean): TileParts {
  const { small, chipH } = geo;
  const tile = tileAt(geo, i);
  const foot = tile.y + small + 10 + chipH + small + 4;
  return {
    ...tile,
    w: geo.tileW,
    h: geo.tileH,
    name: { x: tile.x + 6, y: tile.y + small + 3 },
    padlock: { x: tile.x + geo.tileW - small * 0.5 - 6, y: tile.y + small * 0.5 + 4 },
    words: { x: tile.x + geo.tileW / 2, y: running ? foot : tile.y + small + 10 + chipH / 2 + small * 0.35 },
  };
}

/**
 * The words under a CPU's thread and their size: its mode, or for the lock's holder
 * "holds lock", shortened to "holder" in a narrow tile and left out where neither fits
 * at the theme's least size (the padlock and the thick frame still say it).
 */
export function tileWords(
  geo: HerdGeometry,
  t: Pick<ThemeTokens, 'name' | 'smallSize'>,
  mode: ModeName,
  holds: boolean,
): { text: string; size: number; bold: boolean } {
  const least = leastWordSize(t);
  if (holds) {
    const text = firstThatFits(['holds lock', 'holder'], geo.tileW - 8, t.smallSize, 10, least, true) ?? '';
    return { text, size: fitFontSize(text, geo.tileW - 8, t.smallSize, Math.max(10, least), true), bold: true };
  }
  const text = TILE_WORDS[mode];
  return { text, size: fitFontSize(text, geo.tileW - 8, t.smallSize, 10), bold: false };
}

// ---- the chips ----------------------------------------------------------------------------

export type ChipKind = 'asleep' | 'woken' | 'ready' | 'running' | 'spinning' | 'more';

export interface ChipPlace {
  key: string;
  thread: number;
  cpu: number;
  kind: ChipKind;
  mode?: ModeName;
  holds: boolean;
  x: number;
  y: number;
  /** For 'more': how many are not drawn. */
  more?: number;
}

/**
 * Where each chip goes: threads keyed by id, so a thread moves from the sleepers to
 * the run queue to a CPU and back; spinning CPUs keyed by CPU. A place with more than
 * it has room for ends with a "+N more" chip.
 */
export function chipPlaces(scene: HerdScene, geo: HerdGeometry): ChipPlace[] {
  const out: ChipPlace[] = [];
  const onCpu = new Set(scene.cpus.map((c) => c.thread).filter((id) => id >= 0));
  const woken = new Set(scene.woken);
  const zone = (ids: readonly number[], top: number, rows: number, make: (id: number) => Omit<ChipPlace, 'x' | 'y'>) => {
    const capacity = rows * geo.perRow;
    const shown = ids.length > capacity ? capacity - 1 : ids.length;
    const slot = (i: number) => ({
      x: geo.chipX + (i % geo.perRow) * (geo.chipW + geo.gap),
      y: top + Math.floor(i / geo.perRow) * (geo.chipH + geo.gap),
    });
    ids.slice(0, shown).forEach((id, i) => out.push({ ...make(id), ...slot(i) }));
    if (shown < ids.length) {
      out.push({ key: `more-${top}`, thread: -1, cpu: -1, kind: 'more', holds: false, more: ids.length - shown, ...slot(shown) });
    }
  };
  if (scene.mode === 'herd') {
    zone(
      scene.waiting.filter((id) => !onCpu.has(id)),
      geo.waitY,
      geo.waitRows,
      (id) => ({ key: `t${id}`, thread: id, cpu: -1, kind: 'asleep', holds: false }),
    );
  } else {
    zone(scene.waiting, geo.waitY, geo.waitRows, (cpu) => ({
      key: `c${cpu}`,
      thread: -1,
      cpu,
      kind: 'spinning',
      mode: 'spin',
      holds: false,
    }));
  }
  const asleep = new Set(scene.mode === 'herd' ? scene.waiting : []);
  zone(
    scene.ready.filter((id) => !onCpu.has(id) && !asleep.has(id)),
    geo.readyY,
    geo.readyRows,
    (id) => ({ key: `t${id}`, thread: id, cpu: -1, kind: woken.has(id) ? 'woken' : 'ready', holds: id === scene.ownerThread }),
  );
  scene.cpus.forEach((c, i) => {
    if (c.thread < 0) return;
    const tile = tileAt(geo, i);
    out.push({
      key: `t${c.thread}`,
      thread: c.thread,
      cpu: c.cpu,
      kind: 'running',
      mode: c.mode,
      holds: c.holdsLock,
      x: tile.x + (geo.tileW - geo.chipW) / 2,
      y: tile.y + geo.small + 10,
    });
  });
  return out;
}

/** Where a chip's words go, from its top-left corner: its name in the middle, or "+N more" from its left. */
export function chipText(geo: HerdGeometry): { label: { x: number; y: number }; more: { x: number; y: number } } {
  return {
    label: { x: geo.chipW / 2, y: geo.chipH / 2 + geo.fs * 0.36 },
    more: { x: 4, y: geo.chipH / 2 + geo.small * 0.35 },
  };
}

// ---- side by side -------------------------------------------------------------------------

export interface CompareLayout {
  fs: number;
  small: number;
  /** The key: this run (solid) and the other (outlined), each wrapped to the panel's width, the top of each. */
  legend: { solid: boolean; lines: string[]; y: number }[];
  /** The key's swatch width, and where its words begin. */
  swatchW: number;
  textX: number;
  barH: number;
  /** One block a figure: its top, and its two bars (this run's, the other's), each with its top and length (0: none drawn). */
  rows: { row: CompareRow; y: number; bars: { v: number; text: string; solid: boolean; y: number; w: number }[] }[];
  height: number;
}

/** This run's figures against another run's: one pair of bars per figure, each figure's longer bar the panel's width less room for its value. */
export function compareLayout(rows: readonly CompareRow[], current: string, label: string, width: number, t: Sizes): CompareLayout {
  const fs = t.fontSize;
  const small = t.smallSize;
  const chars = Math.max(12, Math.floor((width - fs * 1.6) / (small * 0.6)));
  const legend = [
    { solid: true, lines: wrapWords(current, chars) },
    { solid: false, lines: wrapWords(label, chars) },
  ];
  const barH = Math.round(fs * 0.95);
  const valueW = Math.round(fs * 6.2);
  const barMax = Math.max(40, width - valueW);
  const legendStack = stackOffsets(legend.map((item) => item.lines.length * (small + 4) + 6));
  const rowStack = stackOffsets(
    rows.map(() => small + 8 + 2 * (barH + 6) + fs * 0.6),
    legendStack.end + 6,
  );
  return {
    fs,
    small,
    barH,
    swatchW: fs * 1.1,
    textX: fs * 1.6,
    legend: legend.map((item, i) => ({ ...item, y: legendStack.starts[i]! })),
    rows: rows.map((row, i) => {
      const max = Math.max(Number.isFinite(row.current) ? row.current : 0, Number.isFinite(row.other) ? row.other : 0);
      const len = (v: number) => (Number.isFinite(v) && max > 0 ? Math.max(2, (barMax * v) / max) : 0);
      const bars = [
        { v: row.current, text: row.currentText, solid: true },
        { v: row.other, text: row.otherText, solid: false },
      ];
      return { row, y: rowStack.starts[i]!, bars: bars.map((b, j) => ({ ...b, y: small + 8 + j * (barH + 6), w: len(b.v) })) };
    }),
    height: Math.ceil(rowStack.end),
  };
}
