/*
 * feed.ts -- keeps timeline segments up to date from the shell's trace window (the
 * core's TraceHistory.view(): a bounded, sliding window of recent records, the time it
 * starts at and each CPU's mode then). Only records not seen before are appended, so
 * a frame costs what arrived since the last one, not the whole window; the segments
 * keep more history than the window does (bounded per lane by SegmentBuilder).
 *
 * A new window restarts the segments when the history was reset (a new modeAtStart
 * array, or time going backwards) or when records were lost between two looks (the
 * window now starts after the last record seen). Restarting clears the same lanes
 * (typed arrays kept, memory bounded by maxPerLane): at the top speed that happens on
 * every frame, and it must not allocate.
 */
import type { Schema } from '../../core/schema.js';
import type { TraceSlice } from '../../core/snapshot.js';
import { DEFAULT_MAX_PER_LANE, SegmentBuilder, type TimelineSegments, type TraceNames } from './segments.js';

/** What the views need of a trace window; src/core/trace.ts's TraceWindow has this shape. */
export interface TraceWindowLike {
  slice: TraceSlice;
  /** Records are complete from this simulated time on. */
  startNs: number;
  /** Mode (schema.modes index) of each CPU at startNs, -1 when unknown. */
  modeAtStart: ArrayLike<number>;
  version: number;
}

/** The names trace records index into, from the core's schema. */
export function traceNames(schema: Pick<Schema, 'modes' | 'trace'>): TraceNames {
  return { modes: schema.modes, kinds: schema.trace.kinds };
}

/** A plain slice (a fixture, a test) as a window that starts at startNs. */
export function sliceWindow(slice: TraceSlice, startNs: number, modeAtStart: ArrayLike<number>, version = 1): TraceWindowLike {
  return { slice, startNs, modeAtStart, version };
}

/** First index with t[i] > value (records are in time order). */
export function upperBound(t: Float64Array, value: number, from = 0, to = t.length): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (t[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index with t[i] >= value. */
export function lowerBound(t: Float64Array, value: number, from = 0, to = t.length): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (t[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class SegmentFeed {
  private builder: SegmentBuilder | null = null;
  private modeAtStart: ArrayLike<number> | null = null;
  private version = -1;
  private lastT = -Infinity;
  /** Records at exactly lastT already appended (records can share a time). */
  private tiesSeen = 0;
  private startNs = -Infinity;
  /** Times the segments restarted (reset or gap). */
  restarts = 0;

  constructor(
    private readonly cpus: number,
    private readonly names: TraceNames,
    private readonly maxPerLane = DEFAULT_MAX_PER_LANE,
  ) {}

  /** The segments after taking in the window (always the same object; its version changes). */
  update(window: TraceWindowLike): TimelineSegments {
    if (this.builder && window.version === this.version && window.modeAtStart === this.modeAtStart) return this.builder.segments;
    const { t } = window.slice;
    const n = t.length;
    const reset =
      !this.builder ||
      window.modeAtStart !== this.modeAtStart ||
      window.startNs < this.startNs ||
      (this.lastT > -Infinity && window.startNs > this.lastT);
    let from = 0;
    if (reset) {
      this.restart(window);
    } else {
      const lo = lowerBound(t, this.lastT);
      const hi = upperBound(t, this.lastT, lo);
      from = lo < hi ? Math.min(hi, lo + this.tiesSeen) : hi;
    }
    if (from < n) {
      this.builder!.append(sub(window.slice, from, n));
      const last = t[n - 1]!;
      const firstOfLast = lowerBound(t, last);
      this.tiesSeen = last === this.lastT ? this.tiesSeen + (n - Math.max(from, firstOfLast)) : n - Math.max(from, firstOfLast);
      this.lastT = last;
    }
    this.version = window.version;
    this.startNs = window.startNs;
    return this.builder!.segments;
  }

  /**
   * Starts the segments over from the window's start. The builder (and its lanes'
   * typed arrays) is kept and cleared, not replaced: at the top speed every frame can
   * start over, and fresh lanes each time would be megabytes of garbage per frame.
   */
  private restart(window: TraceWindowLike): void {
    if (this.builder) {
      this.restarts++;
      this.builder.clear();
    } else {
      this.builder = new SegmentBuilder(this.cpus, this.names, this.maxPerLane);
    }
    this.modeAtStart = window.modeAtStart;
    this.lastT = -Infinity;
    this.tiesSeen = 0;
    this.builder.seedModeIndexes(window.startNs, window.modeAtStart);
  }
}

function sub(s: TraceSlice, from: number, to: number): TraceSlice {
  return {
    t: s.t.subarray(from, to),
    kind: s.kind.subarray(from, to),
    cpu: s.cpu.subarray(from, to),
    thread: s.thread.subarray(from, to),
    object: s.object.subarray(from, to),
    arg: s.arg.subarray(from, to),
    dropped: s.dropped,
  };
}
