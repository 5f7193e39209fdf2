/*
 * model.ts (cpu-grid) -- the CPU grid's layout and words, as pure functions: how many
 * columns and rows fit 1..64 tiles in the space given, what each tile says, and the
 * text equivalent of the whole grid.
 */
import type { CpuState, Snapshot } from '../../core/snapshot.js';
import { MODE_INFO, MODES, modeInfo } from '../palette.js';
import { cpuName, formatOne, formatPct, listWords, plural } from '../format.js';
import { designatedCpu, mpsynch } from '../snapshot-data.js';
import { kernelInfo, modeVocabulary } from '../../kernels/index.js';

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
  for (let cols = count; cols >= 1; cols--) if (fits(cols)) { most = cols; break; }
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
    case 'process': return cpu.thread >= 0 ? (threadName ? threadName(cpu.thread) : `process ${cpu.thread}`) : 'a process';
    case 'fork': return 'fork thread';
    case 'interrupt': return 'interrupt';
    default: return 'nothing';
  }
}

/** The tile's second line: what it spins for, or what it runs. */
export function tileDetailText(cpu: CpuState, lockNames: readonly string[], threadName?: (thread: number) => string): string {
  if (cpu.mode === 'spin' && cpu.spinLock >= 0) return `for ${lockNames[cpu.spinLock] ?? `lock ${cpu.spinLock}`}`;
  return runningText(cpu, threadName);
}

/** Word for the tile's mode. */
export function tileModeText(cpu: CpuState): string {
  return cpu.mode === 'spin' ? 'spinning' : cpu.mode === 'interrupt' ? 'interrupt' : MODE_INFO[cpu.mode]?.short ?? cpu.mode;
}

/** The grid's text equivalent. */
export function cpuGridSummary(snapshot: Snapshot, modeNames: readonly string[] = MODES): string {
  const m = mpsynch(snapshot, modeNames);
  const byMode = MODES.map((mode) => ({ mode, cpus: snapshot.cpus.filter((c) => c.mode === mode).map((c) => c.id) }))
    .filter((g) => g.cpus.length > 0);
  const lockNames = snapshot.locks.map((l) => l.name);
  const vocabulary = modeVocabulary(snapshot.kernel);
  const parts = byMode.map((g) => `${plural(g.cpus.length, 'CPU')} ${modeInfo(g.mode, vocabulary).label.toLowerCase()}`
    + (g.cpus.length <= 6 ? ` (${listWords(g.cpus.map(String))})` : ''));
  const spinners = snapshot.cpus.filter((c) => c.mode === 'spin' && c.spinLock >= 0);
  const spinFor = spinners.length > 0
    ? ` Spinning for: ${listWords([...new Set(spinners.map((c) => lockNames[c.spinLock] ?? `lock ${c.spinLock}`))])}.`
    : '';
  const d = designatedCpu(snapshot);
  const designated = d >= 0 && snapshot.cpus[d]
    ? ` ${cpuName(d)} is the designated TCP/IP CPU, now ${tileModeText(snapshot.cpus[d]!)} running ${runningText(snapshot.cpus[d]!)}.`
    : '';
  return `${plural(m.cpus, 'CPU')}, ${kernelInfo(snapshot.kernel).title}. `
    + `Now: ${listWords(parts)}.${spinFor} `
    + `${vocabulary === 'openvms' ? 'MP synchronization now' : 'Now'} ${m.spinningNow} of ${m.cpus} CPUs spinning (${formatPct(m.nowPct, 0)}); `
    + `over the run ${formatPct(m.windowPct)} of all CPU time, ${formatOne(m.windowCpus)} CPUs' worth.${designated}`;
}

/** Each mode's share of one CPU's time in the window (0..1), in MODES order. */
export function cpuModeShares(cpu: CpuState, windowNs: number, modeNames: readonly string[] = MODES): number[] {
  return MODES.map((mode) => (windowNs > 0 ? (cpu.modeNs[modeNames.indexOf(mode)] ?? 0) / windowNs : 0));
}
