/*
 * layout.ts (krp-queue) -- where the KRP queue view's parts go: three columns under one
 * row of headings (the CPUs in process context | the queue | the designated CPU), the
 * CPUs as a grid of chips sized to fill their column, the queue's tokens from its head,
 * a token's place along its flight, and which wording of each label fits its room
 * (`fitting`). Pure functions of the CPUs, the width, the height and the theme's sizes:
 * no React, no DOM. KrpQueue.tsx draws what these say.
 */
import type { ThemeTokens } from '../../../views/palette.js';
import { leastWordSize } from '../../../views/palette.js';
import { fitFontSize } from '../../../views/format.js';
import type { KrpEventKind } from './flow.js';

type Box = { x: number; y: number; w: number; h: number };

export interface KrpLayout {
  fs: number;
  /** The headings' row: the columns begin under it, and run down `areaH`. */
  top: number;
  areaH: number;
  /** The CPUs' column: its width, their grid's columns, each chip's size and the gap between them, each chip's top-left corner by CPU. */
  sourcesW: number;
  cols: number;
  gap: number;
  chipW: number;
  chipH: number;
  sources: Map<number, { x: number; y: number }>;
  /** The designated CPU's box, at the right. */
  d: Box;
  /** The queue: a rounded bar from x0 (its tail) to x1 (its head, next to the designated CPU), `h` high at `y`. */
  queue: { x0: number; x1: number; y: number; h: number };
  /** A token's size, and how many fit in the queue's bar. */
  token: number;
  room: number;
}

/**
 * Where the parts go. The CPUs other than the designated one (`sources`, by id) take
 * the grid of columns that makes their chips largest within 30 % of the width and the
 * height under the headings (at most 4 em wide, 0.72 as high as wide); the designated
 * CPU's box is at the right, the queue between, level with the box's middle.
 */
export function krpLayout(sources: readonly number[], innerW: number, height: number, t: Pick<ThemeTokens, 'fontSize'>): KrpLayout {
  const fs = t.fontSize;
  const top = Math.round(fs * 2.1);
  const areaH = height - top - 4;
  const sourcesW = Math.round(innerW * 0.3);
  let cols = 1;
  let cell = 0;
  for (let c = 1; c <= Math.max(1, sources.length); c++) {
    const r = Math.ceil(sources.length / c);
    const size = Math.min((sourcesW - 4 * (c - 1)) / c, (areaH - 4 * (r - 1)) / r / 0.72);
    if (size > cell) {
      cell = size;
      cols = c;
    }
  }
  const gap = sources.length > 32 ? 3 : 4;
  const chipW = Math.max(6, Math.min(cell, fs * 4));
  const chipH = Math.max(6, chipW * 0.72);
  const places = new Map(
    sources.map((id, i) => [
      id,
      {
        x: (i % cols) * (chipW + gap),
        y: top + Math.floor(i / cols) * (chipH + gap),
      },
    ]),
  );

  const dW = Math.round(Math.min(innerW * 0.28, fs * 14));
  const dH = Math.round(Math.min(areaH * 0.52, fs * 7));
  const dX = innerW - dW - 4;
  const dY = top;
  const qX0 = sourcesW + fs * 2.5;
  const qX1 = dX - fs * 2.5;
  const qH = Math.round(fs * 2.4);
  const qY = Math.round(top + dH / 2 - qH / 2);
  const token = Math.round(fs * 1.15);
  const room = Math.max(1, Math.floor((qX1 - qX0 - 8) / (token + 3)));
  return {
    fs,
    top,
    areaH,
    sourcesW,
    cols,
    gap,
    chipW,
    chipH,
    sources: places,
    d: { x: dX, y: dY, w: dW, h: dH },
    queue: { x0: qX0, x1: qX1, y: qY, h: qH },
    token,
    room,
  };
}

/** The first of the words (longest first) whose estimated width fits, else the last. */
export function fitting(words: readonly string[], width: number, size: number): string {
  return words.find((w) => w.length * size * 0.6 <= width) ?? words[words.length - 1]!;
}

/** A heading: its left edge, its words (the wording that fits its column) and their size. */
export interface Heading {
  x: number;
  text: string;
  size: number;
}

/**
 * The columns' headings, each within its column: a shorter wording where the longest
 * does not fit, then a smaller size. Without a KRP queue (`role` false) one heading
 * over the whole width.
 */
export function krpHeadings(layout: KrpLayout, innerW: number, role: boolean, smallSize: number): Heading[] {
  const { fs, queue, d } = layout;
  const columns: [number, number, readonly string[]][] = role
    ? [
        [0, queue.x0 - fs, ['CPUs in process context', 'Process context', 'CPUs']],
        [queue.x0, d.x - fs * 0.8, ['TCPIP_KRP work queue', 'KRP queue', 'Queue']],
        [d.x, innerW, ['Designated TCP/IP CPU', 'Designated CPU', 'TCP/IP CPU']],
      ]
    : [[0, innerW, ['CPUs in process context']]];
  return columns.map(([x0, x1, words]) => {
    const text = fitting(words, x1 - x0, smallSize);
    return { x: x0, text, size: fitFontSize(text, x1 - x0, smallSize, 9, true) };
  });
}

/** The tokens waiting in the queue, from its head leftwards: as many as there is room for, less three for "+N" where it overflows. */
export function queueTokens(layout: KrpLayout, len: number): { boxes: { x: number; y: number }[]; overflow: number } {
  const { queue, token, room } = layout;
  const inQueue = len > room ? Math.max(0, room - 3) : len;
  return {
    boxes: Array.from({ length: inQueue }, (_, i) => ({ x: queue.x1 - 6 - (i + 1) * (token + 3), y: queue.y + (queue.h - token) / 2 })),
    overflow: len - inQueue,
  };
}

/** The path a token flies: from a CPU's chip into the queue's tail (queue), or from its head to the designated CPU (start). */
export function flightPath(
  layout: KrpLayout,
  kind: KrpEventKind,
  cpu: number,
): { x0: number; y0: number; x1: number; y1: number; bend: number } {
  const { fs, queue, d, chipW, chipH } = layout;
  if (kind === 'queue') {
    const p = layout.sources.get(cpu) ?? { x: 0, y: queue.y };
    return { x0: p.x + chipW / 2, y0: p.y + chipH / 2, x1: queue.x0 + 4, y1: queue.y + queue.h / 2, bend: -fs * 1.5 };
  }
  return { x0: queue.x1 - 4, y0: queue.y + queue.h / 2, x1: d.x, y1: d.y + d.h / 2, bend: -fs * 1.5 };
}

/**
 * A token `progress` (0..1) of the way along its flight, on a curve over the top: its
 * box (0.8 of a queued token) and its opacity (fading over the last tenth).
 */
export function tokenInFlight(
  layout: KrpLayout,
  kind: KrpEventKind,
  cpu: number,
  progress: number,
): { x: number; y: number; size: number; opacity: number } {
  const p = flightPath(layout, kind, cpu);
  const u = progress;
  const mx = (p.x0 + p.x1) / 2;
  const my = Math.min(p.y0, p.y1) + p.bend;
  const px = (1 - u) * (1 - u) * p.x0 + 2 * (1 - u) * u * mx + u * u * p.x1;
  const py = (1 - u) * (1 - u) * p.y0 + 2 * (1 - u) * u * my + u * u * p.y1;
  const token = layout.token;
  return { x: px - token * 0.4, y: py - token * 0.4, size: token * 0.8, opacity: u > 0.9 ? (1 - u) * 10 : 1 };
}

/** Where the words under the queue go: its length, and under it the longest so far, centred within the queue's width. */
export function queueCaption(layout: KrpLayout): { x: number; lengthY: number; maxY: number; width: number } {
  const { fs, queue } = layout;
  return {
    x: (queue.x0 + queue.x1) / 2,
    lengthY: queue.y + queue.h + layout.fs * 1.6,
    maxY: queue.y + queue.h + fs * 3,
    width: queue.x1 - queue.x0,
  };
}

/** The designated CPU's box's words (their baselines, centred) and its busy gauge under it. */
export interface DesignatedParts {
  centre: number;
  nameY: number;
  modeY: number;
  doingY: number;
  /** The room for the words saying what it runs (the box less its margins). */
  doingW: number;
  busyY: number;
  gauge: Box;
  figureY: number;
  /** The fork thread's ring when one is created: the box grown by 6 px. */
  pulse: Box;
}

export function designatedParts(layout: KrpLayout): DesignatedParts {
  const { fs, d } = layout;
  return {
    centre: d.x + d.w / 2,
    nameY: d.y + fs * 1.4,
    modeY: d.y + d.h / 2 + fs * 0.7,
    doingY: d.y + d.h - fs * 0.7,
    doingW: d.w - 12,
    busyY: d.y + d.h + fs * 1.4,
    gauge: { x: d.x, y: d.y + d.h + fs * 1.9, w: d.w, h: fs * 1.1 },
    figureY: d.y + d.h + fs * 4.3,
    pulse: { x: d.x - 6, y: d.y - 6, w: d.w + 12, h: d.h + 12 },
  };
}

/** The gauge's words: "busy in kernel context", shortened where the column is narrow rather than set in type a lecture hall cannot read. */
export function busyWords(layout: KrpLayout, t: Pick<ThemeTokens, 'name' | 'smallSize'>): { text: string; size: number } {
  const text = fitting(['busy in kernel context', 'busy (kernel)', 'busy'], layout.d.w, t.smallSize);
  return { text, size: fitFontSize(text, layout.d.w, t.smallSize, Math.max(10, leastWordSize(t))) };
}

/** Whether " saturated" fits beside the busy figure (else it goes under it). */
export function saturatedBeside(
  layout: KrpLayout,
  figure: string,
  t: Pick<ThemeTokens, 'fontSize' | 'largeSize'>,
  innerW: number,
): boolean {
  return figure.length * t.largeSize * 0.7 + ' saturated'.length * t.fontSize * 0.66 <= innerW - layout.d.x;
}

/** Without a KRP queue (the classic kernel): the words beside the CPUs, centred in the room right of them, at a size that fits. */
export function classicNote(
  layout: KrpLayout,
  innerW: number,
  t: Pick<ThemeTokens, 'fontSize'>,
  line: string,
): { x: number; y: number; size: number } {
  const x0 = layout.sourcesW + layout.fs;
  return { x: (x0 + innerW) / 2, y: layout.top + layout.areaH / 2, size: fitFontSize(line, innerW - x0 - 4, t.fontSize, 10) };
}
