/*
 * model.ts (cpu-grid) -- the CPU grid's layout and words, as pure functions: how many
 * columns and rows fit 1..64 tiles in the space given, how more CPUs (up to the core's
 * 256) pack into a dense grid of small cells numbered along its edges, what each tile
 * says, and the text equivalent of the whole grid.
 */
import type { CpuState, Snapshot } from '../../core/snapshot.js';
import { MODE_INFO, MODES, modeInfo } from '../palette.js';
import { cpuName, formatOne, formatPct, listWords, plural } from '../format.js';
import { measuredWhen, mpsynch } from '../snapshot-data.js';
import { kernelInfo, modeVocabulary } from '../../kernels/index.js';
import type { RoleCpu } from '../../kernels/types.js';

export interface GridLayout {
  cols: number;
  rows: number;
  tileW: number;
  tileH: number;
  gap: number;
  /** Width and height the tiles take. */
  width: number;
  height: number;
}

/**
 * The CPU with a role of its own in the run's kernel, which the grid outlines and names
 * (KernelInfo.roleCpu: the Scalable Kernel's designated TCP/IP CPU), and the kernel's
 * words for it; cpu -1 where the kernel has none.
 */
export function roleCpuOf(snapshot: Snapshot): { cpu: number; role?: RoleCpu } {
  const role = kernelInfo(snapshot.kernel).roleCpu;
  return role ? { cpu: role.cpu(snapshot), role } : { cpu: -1 };
}

/** Tiles are a little wider than tall, so two lines of words fit. */
export const TILE_ASPECT = 1.15;

/**
 * The largest tiles (width/height = TILE_ASPECT) that fit n in width x height with
 * `gap` between them; ties go to fewer rows.
 */
export function gridLayout(n: number, width: number, height: number, gap = 6): GridLayout {
  const count = Math.max(1, Math.floor(n));
  let best: GridLayout | null = null;
  for (let cols = 1; cols <= count; cols++) {
    const rows = Math.ceil(count / cols);
    const byW = (width - gap * (cols - 1)) / cols;
    const byH = ((height - gap * (rows - 1)) / rows) * TILE_ASPECT;
    const tileW = Math.floor(Math.max(0, Math.min(byW, byH)));
    if (!best || tileW > best.tileW) {
      const tileH = Math.floor(tileW / TILE_ASPECT);
      best = { cols, rows, tileW, tileH, gap, width: cols * tileW + (cols - 1) * gap, height: rows * tileH + (rows - 1) * gap };
    }
  }
  return best!;
}

/**
 * Columns for n tiles across `width`: as many as keep tiles at least `minTileW` wide
 * (so their words stay readable), preferring a count that divides n evenly.
 */
export function defaultColumns(n: number, width: number, minTileW: number, gap = 6): number {
  const count = Math.max(1, Math.floor(n));
  const fits = (cols: number) => (width - gap * (cols - 1)) / cols >= minTileW;
  let most = 1;
  for (let cols = count; cols >= 1; cols--)
    if (fits(cols)) {
      most = cols;
      break;
    }
  for (let cols = most; cols >= Math.ceil(most * 0.6); cols--) if (count % cols === 0) return cols;
  return most;
}

/** A default height for a width: tiles wide enough to say what the CPU does (just its number at 64 CPUs). */
export function defaultGridHeight(n: number, width: number, fontSize = 15): number {
  const minTileW = n <= 16 ? fontSize * 5.2 : n <= 32 ? fontSize * 4.2 : fontSize * 2.4;
  const gap = n > 32 ? 4 : 6;
  const cols = defaultColumns(n, width, minTileW, gap);
  const tileW = (width - gap * (cols - 1)) / cols;
  const rows = Math.ceil(n / cols);
  return Math.ceil(rows * (tileW / TILE_ASPECT) + (rows - 1) * gap);
}

/**
 * From this many CPUs on the grid is dense: square cells on one canvas, coloured by
 * mode, numbered along the edges (the row's first CPU on the left, the offset in the
 * row on top) rather than inside, read one at a time by pointer or keyboard. Up to 64,
 * tiles that say what each CPU does.
 */
export const DENSE_GRID_FROM = 65;

export interface DenseLayout {
  cols: number;
  rows: number;
  /** Side of a cell, px, and the gap between cells. */
  cell: number;
  gap: number;
  /** Room on the left for the rows' first CPU numbers, and on top for the column offsets. */
  left: number;
  top: number;
  /** The whole drawing, labels included (and room for a ring around the last cells). */
  width: number;
  height: number;
  /** A row label every rowLabelEvery rows, a column label every colLabelEvery columns. */
  rowLabelEvery: number;
  colLabelEvery: number;
  /** Whether each cell is large enough to carry its own number. */
  cellNumbers: boolean;
}

/**
 * Columns for a dense grid of n cells: a multiple of 4 (so rows start at round
 * numbers: 0, 16, 32... for 256) that makes the grid about square, one that divides n
 * when there is one (16 x 16 for 256, 16 x 8 for 128, 12 x 8 for 96).
 */
export function denseColumns(n: number): number {
  const count = Math.max(1, Math.floor(n));
  const root = Math.sqrt(count);
  const first = Math.max(4, Math.ceil(root / 4) * 4);
  for (let cols = first; cols <= 1.5 * root; cols += 4) if (count % cols === 0) return cols;
  return first;
}

/**
 * The dense grid for n CPUs in `width` px (and at most `maxHeight` px tall): square
 * cells as large as fit, up to `3 x fontSize`, at least 6 px; labels as often as
 * their digits fit (every row and column when cells are at least a label tall).
 */
export function denseGridLayout(n: number, width: number, fontSize: number, maxHeight = Infinity): DenseLayout {
  const count = Math.max(1, Math.floor(n));
  const cols = denseColumns(count);
  const rows = Math.ceil(count / cols);
  const digitW = fontSize * 0.62;
  const left = Math.ceil(String((rows - 1) * cols).length * digitW + 10);
  const top = Math.ceil(fontSize + 6);
  const byW = (width - left - 4) / cols;
  const byH = (maxHeight - top - 4) / rows;
  const cell = Math.floor(Math.max(6, Math.min(byW, byH, fontSize * 3)));
  const gap = cell >= 16 ? 2 : 1;
  const colLabelW = `+${cols - 1}`.length * digitW + 4;
  const every = (size: number, need: number) => [1, 2, 4, 8, 16].find((k) => k * size >= need) ?? 16;
  return {
    cols,
    rows,
    cell,
    gap,
    left,
    top,
    width: left + cols * cell + 4,
    height: top + rows * cell + 4,
    rowLabelEvery: every(cell, fontSize * 1.1),
    colLabelEvery: every(cell, colLabelW),
    cellNumbers: cell >= String(count - 1).length * digitW + 6 && cell >= fontSize * 1.4,
  };
}

/** The cell under a point (px from the drawing's top left), or -1. */
export function denseCellAt(layout: DenseLayout, n: number, x: number, y: number): number {
  const col = Math.floor((x - layout.left) / layout.cell);
  const row = Math.floor((y - layout.top) / layout.cell);
  if (x < layout.left || y < layout.top || col >= layout.cols || row >= layout.rows) return -1;
  const i = row * layout.cols + col;
  return i < n ? i : -1;
}

/**
 * Where the keyboard cursor goes from cell i on a key (arrows by one cell or one row,
 * Page Up/Down by four rows, Home/End to the first and last), or null for other keys.
 */
export function moveCell(i: number, key: string, cols: number, n: number): number | null {
  const moves: Record<string, number> = {
    ArrowLeft: -1,
    ArrowRight: 1,
    ArrowUp: -cols,
    ArrowDown: cols,
    PageUp: -4 * cols,
    PageDown: 4 * cols,
  };
  if (key === 'Home') return 0;
  if (key === 'End') return n - 1;
  const d = moves[key];
  if (d === undefined) return null;
  return Math.max(0, Math.min(n - 1, i + d));
}

/**
 * One CPU in words, for the dense grid's readout: "CPU 137: spinning for IOLOCK8 (process 17)";
 * `roles.role` is its role's words where it has one ("the designated TCP/IP CPU").
 */
export function cpuReadout(
  cpu: CpuState,
  lockNames: readonly string[],
  roles: { role?: string; interrupt?: boolean } = {},
  threadName?: (thread: number) => string,
): string {
  const doing =
    cpu.mode === 'spin' && cpu.spinLock >= 0
      ? `spinning for ${lockNames[cpu.spinLock] ?? `lock ${cpu.spinLock}`}${cpu.level === 'process' && cpu.thread >= 0 ? ` (${runningText(cpu, threadName)})` : ''}`
      : cpu.level === 'idle'
        ? tileModeText(cpu)
        : `${tileModeText(cpu)}, running ${runningText(cpu, threadName)}`;
  const role = [roles.role ?? '', roles.interrupt ? 'takes the network interrupts' : ''].filter(Boolean);
  return `CPU ${cpu.id}: ${doing}${role.length ? `; ${role.join(', ')}` : ''}.`;
}

/** How much a tile can say at its size. */
export type TileDetail = 'full' | 'label' | 'number' | 'none';

export function tileDetail(tileW: number, fontSize: number): TileDetail {
  if (tileW >= fontSize * 5.2) return 'full';
  if (tileW >= fontSize * 4) return 'label';
  if (tileW >= fontSize * 2) return 'number';
  return 'none';
}

/** What the CPU is running, in words: "process 17", "fork thread", "interrupt", "nothing". */
export function runningText(cpu: CpuState, threadName?: (thread: number) => string): string {
  switch (cpu.level) {
    case 'process':
      return cpu.thread >= 0 ? (threadName ? threadName(cpu.thread) : `process ${cpu.thread}`) : 'a process';
    case 'fork':
      return 'fork thread';
    case 'interrupt':
      return 'interrupt';
    default:
      return 'nothing';
  }
}

/** The tile's second line: what it spins for, or what it runs. */
export function tileDetailText(cpu: CpuState, lockNames: readonly string[], threadName?: (thread: number) => string): string {
  if (cpu.mode === 'spin' && cpu.spinLock >= 0) return `for ${lockNames[cpu.spinLock] ?? `lock ${cpu.spinLock}`}`;
  return runningText(cpu, threadName);
}

/** Word for the tile's mode. */
export function tileModeText(cpu: CpuState): string {
  return cpu.mode === 'spin' ? 'spinning' : cpu.mode === 'interrupt' ? 'interrupt' : (MODE_INFO[cpu.mode]?.short ?? cpu.mode);
}

/** The grid's text equivalent. */
export function cpuGridSummary(snapshot: Snapshot, modeNames: readonly string[] = MODES): string {
  const m = mpsynch(snapshot, modeNames);
  const byMode = MODES.map((mode) => ({ mode, cpus: snapshot.cpus.filter((c) => c.mode === mode).map((c) => c.id) })).filter(
    (g) => g.cpus.length > 0,
  );
  const lockNames = snapshot.locks.map((l) => l.name);
  const vocabulary = modeVocabulary(snapshot.kernel);
  const parts = byMode.map(
    (g) =>
      `${plural(g.cpus.length, 'CPU')} ${modeInfo(g.mode, vocabulary).label.toLowerCase()}` +
      (g.cpus.length <= 6 ? ` (${listWords(g.cpus.map(String))})` : ''),
  );
  const spinners = snapshot.cpus.filter((c) => c.mode === 'spin' && c.spinLock >= 0);
  const spinFor =
    spinners.length > 0
      ? ` Spinning for: ${listWords([...new Set(spinners.map((c) => lockNames[c.spinLock] ?? `lock ${c.spinLock}`))])}.`
      : '';
  const { cpu: d, role } = roleCpuOf(snapshot);
  const designated =
    role && d >= 0 && snapshot.cpus[d]
      ? ` ${cpuName(d)} is the ${role.name}, now ${tileModeText(snapshot.cpus[d]!)} running ${runningText(snapshot.cpus[d]!)}.`
      : '';
  return (
    `${plural(m.cpus, 'CPU')}, ${kernelInfo(snapshot.kernel).title}. ` +
    `Now: ${listWords(parts)}.${spinFor} ` +
    `${vocabulary === 'openvms' ? 'MP synchronization now' : 'Now'} ${m.spinningNow} of ${plural(m.cpus, 'CPU')} spinning (${formatPct(m.nowPct, 0)}); ` +
    (snapshot.windowNs > 0
      ? `over the run ${formatPct(m.windowPct)} of all CPU time, ${formatOne(m.windowCpus)} CPUs' worth.`
      : `over the run: ${measuredWhen(snapshot)}.`) +
    designated
  );
}

/** Each mode's share of one CPU's time in the window (0..1), in MODES order. */
export function cpuModeShares(cpu: CpuState, windowNs: number, modeNames: readonly string[] = MODES): number[] {
  return MODES.map((mode) => (windowNs > 0 ? (cpu.modeNs[modeNames.indexOf(mode)] ?? 0) / windowNs : 0));
}
