/*
 * draw.ts -- what the timeline canvas draws, as pure functions: for each CPU lane and
 * the visible time window, the pixel runs to fill, culled to the window and merged so
 * that no lane ever needs more than about two rectangles per pixel column, however
 * many segments it holds.
 *
 * Segments at least a pixel wide are drawn as they are (adjacent runs of one mode are
 * merged). Segments narrower than a pixel are accumulated per pixel column, and the
 * column takes the mode that occupied most of its time, as Perfetto and most trace
 * viewers do: a 2 ms spin among 0.1 µs blips stays visible, a blip never hides it.
 */
import { firstEndingAfter, type Lane } from './segments.js';

export const MODE_SLOTS = 8;

/** Pixel runs of one lane: [x0[i], x1[i]) in mode[i]; x in CSS px from the left edge. */
export interface Runs {
  x0: Float32Array;
  x1: Float32Array;
  mode: Uint8Array;
  count: number;
}

export function newRuns(capacity: number): Runs {
  return { x0: new Float32Array(capacity), x1: new Float32Array(capacity), mode: new Uint8Array(capacity), count: 0 };
}

/** Reuses `into` when it is large enough for a lane `width` px wide. */
export function runsFor(width: number, into?: Runs): Runs {
  const need = Math.ceil(width) * 2 + 8;
  if (into && into.x0.length >= need) {
    into.count = 0;
    return into;
  }
  return newRuns(need);
}

function push(runs: Runs, x0: number, x1: number, mode: number): void {
  if (x1 <= x0) return;
  const n = runs.count;
  if (n > 0 && runs.mode[n - 1] === mode && runs.x1[n - 1]! >= x0 - 1e-3) {
    runs.x1[n - 1] = x1;
    return;
  }
  if (n >= runs.x0.length) return; // cannot happen with runsFor's capacity; never overflow
  runs.x0[n] = x0;
  runs.x1[n] = x1;
  runs.mode[n] = mode;
  runs.count = n + 1;
}

const ACC = new Float64Array(MODE_SLOTS);

/**
 * The runs of one lane over the window [t0, t1) drawn `width` px wide. The open
 * segment (the lane's current mode) runs to nowNs.
 */
export function laneRuns(lane: Lane, t0: number, t1: number, width: number, nowNs: number, into?: Runs): Runs {
  const runs = runsFor(width, into);
  if (!(t1 > t0) || width <= 0) return runs;
  const k = width / (t1 - t0);
  const acc = ACC; // shared scratch (laneRuns is not re-entrant): no allocation per lane per frame
  acc.fill(0);
  let col = -1; // pixel column being accumulated, -1 none
  let accTotal = 0;

  const flush = () => {
    if (col < 0) return;
    let best = 0;
    for (let m = 1; m < MODE_SLOTS; m++) if (acc[m]! > acc[best]!) best = m;
    if (accTotal > 0) push(runs, col, Math.min(width, col + 1), best);
    acc.fill(0);
    accTotal = 0;
    col = -1;
  };

  const add = (start: number, end: number, mode: number) => {
    if (end <= t0 || start >= t1 || mode >= MODE_SLOTS) return;
    const x0 = Math.max(0, (start - t0) * k);
    const x1 = Math.min(width, (end - t0) * k);
    if (x1 <= x0) return;
    const c0 = Math.floor(x0);
    if (col >= 0 && c0 !== col) flush();
    const firstEnd = Math.min(x1, c0 + 1);
    col = c0;
    acc[mode]! += firstEnd - x0;
    accTotal += firstEnd - x0;
    if (x1 <= c0 + 1) return;
    flush();
    const whole = Math.floor(x1);
    if (whole > c0 + 1) push(runs, c0 + 1, whole, mode);
    if (x1 > whole) {
      col = whole;
      acc[mode]! += x1 - whole;
      accTotal += x1 - whole;
    }
  };

  for (let i = firstEndingAfter(lane, t0); i < lane.count; i++) {
    const s = lane.start[i]!;
    if (s >= t1) break;
    add(s, lane.end[i]!, lane.mode[i]!);
  }
  if (lane.openMode >= 0 && nowNs > lane.openStart) add(lane.openStart, nowNs, lane.openMode);
  flush();
  return runs;
}

/**
 * Most CPU lanes drawn at once: 64 lanes of 7 px keep each CPU a visible stripe with a
 * label every other lane. More CPUs (up to the core's 256) are shown in equal groups of
 * at most this many, one group at a time, the group named above the canvas.
 */
export const MAX_LANES = 64;

export interface LaneGroups {
  /** CPUs per group (the last may have fewer), and how many groups. */
  size: number;
  count: number;
}

/** Equal groups of at most `max` CPUs: 256 -> 4 x 64, 100 -> 2 x 50, 65 -> 2 x 33, 64 -> 1 x 64. */
export function laneGroups(n: number, max = MAX_LANES): LaneGroups {
  const cpus = Math.max(1, Math.floor(n));
  const count = Math.ceil(cpus / max);
  return { size: Math.ceil(cpus / count), count };
}

/** The CPUs of group g: [first, last], both shown. */
export function groupCpus(g: number, groups: LaneGroups, n: number): [number, number] {
  const first = Math.max(0, Math.min(groups.count - 1, g)) * groups.size;
  return [first, Math.min(n, first + groups.size) - 1];
}

/** The visible window after zooming by `factor` (< 1 zooms in) around time `at`. */
export function zoomWindow(t0: number, t1: number, at: number, factor: number, minSpan: number, maxSpan: number): [number, number] {
  const span = t1 - t0;
  const next = Math.min(maxSpan, Math.max(minSpan, span * factor));
  const f = span > 0 ? (at - t0) / span : 0.5;
  const a = at - f * next;
  return [a, a + next];
}

/** The window kept inside [lo, hi]; a window wider than that ends at hi. */
export function clampWindow(t0: number, t1: number, lo: number, hi: number): [number, number] {
  const span = t1 - t0;
  if (span >= hi - lo) return [hi - span, hi];
  if (t0 < lo) return [lo, lo + span];
  if (t1 > hi) return [hi - span, hi];
  return [t0, t1];
}

/** The window moved by dt, kept inside [lo, hi] where possible. */
export function panWindow(t0: number, t1: number, dt: number, lo: number, hi: number): [number, number] {
  const span = t1 - t0;
  let a = t0 + dt;
  if (a + span > hi) a = hi - span;
  if (a < lo) a = lo;
  return [a, a + span];
}
