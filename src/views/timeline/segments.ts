/*
 * segments.ts -- turns the trace's 'mode' records into per-CPU segments for the
 * timeline: typed-array columns (start, end, mode, thread, lock), one lane per CPU.
 *
 * Invariants:
 *  - within a lane, segments are in time order and do not overlap: end[i] <= start[i+1];
 *  - a segment [start, end) says the CPU was in `mode` all that time (modes are
 *    palette indexes, see palette.MODES; the schema's mode names are mapped once);
 *  - each lane's last mode is kept open (openStart/openMode) until the next record;
 *    views draw it up to the snapshot's now;
 *  - memory is bounded: a lane holds at most maxPerLane closed segments; when full the
 *    oldest half is dropped (and counted), never allocated without bound.
 *
 * The core emits a 'mode' record only when a CPU's mode (or the lock it spins on)
 * changes, at the simulated time of the change; 'spin' records at the same time name
 * the lock, which is kept with the segment for the tooltip.
 */
import type { Snapshot, TraceSlice } from '../../core/snapshot.js';
import { modeIndex } from '../palette.js';

/** The schema's names that trace records index into (schema.modes, schema.trace.kinds). */
export interface TraceNames {
  modes: readonly string[];
  kinds: readonly string[];
}

export interface Lane {
  start: Float64Array;
  end: Float64Array;
  /** Palette mode index (palette.MODES). */
  mode: Uint8Array;
  /** Process running, -1 for none, fork thread or interrupt. */
  thread: Int32Array;
  /** Lock spun on for spin segments, else -1. */
  lock: Int8Array;
  count: number;
  /** The mode the CPU is in since openStart (-1: not known yet). */
  openMode: number;
  openStart: number;
  openThread: number;
  openLock: number;
}

export interface TimelineSegments {
  lanes: Lane[];
  /** Earliest time any lane still holds (after drops), Infinity when empty. */
  firstNs: number;
  /** Latest record time seen. */
  lastNs: number;
  /** Closed segments over all lanes. */
  total: number;
  /** Segments dropped to keep memory bounded. */
  dropped: number;
  /** Increases on every change, so views can tell a mutated store apart. */
  version: number;
}

export const DEFAULT_MAX_PER_LANE = 1 << 18;

/**
 * All lanes together hold at most this many segments (22 bytes each: about 370 MB),
 * what 64 CPUs of DEFAULT_MAX_PER_LANE came to; more CPUs share it, so a long run on
 * 256 CPUs keeps 65,536 a lane rather than growing to 1.5 GB.
 */
export const MAX_SEGMENTS = 64 * DEFAULT_MAX_PER_LANE;

/** Segments a lane may hold for this many CPUs: DEFAULT_MAX_PER_LANE up to 64 CPUs, MAX_SEGMENTS shared beyond. */
export function maxPerLaneFor(cpus: number): number {
  return Math.max(2, Math.min(DEFAULT_MAX_PER_LANE, Math.floor(MAX_SEGMENTS / Math.max(1, cpus))));
}
const INITIAL_CAPACITY = 1024;

function newLane(capacity: number): Lane {
  return {
    start: new Float64Array(capacity),
    end: new Float64Array(capacity),
    mode: new Uint8Array(capacity),
    thread: new Int32Array(capacity),
    lock: new Int8Array(capacity),
    count: 0,
    openMode: -1,
    openStart: 0,
    openThread: -1,
    openLock: -1,
  };
}

function grow(lane: Lane, capacity: number): void {
  const copy = <T extends Float64Array | Uint8Array | Int32Array | Int8Array>(a: T, make: (n: number) => T): T => {
    const b = make(capacity);
    b.set(a.subarray(0, lane.count) as never);
    return b;
  };
  lane.start = copy(lane.start, (n) => new Float64Array(n));
  lane.end = copy(lane.end, (n) => new Float64Array(n));
  lane.mode = copy(lane.mode, (n) => new Uint8Array(n));
  lane.thread = copy(lane.thread, (n) => new Int32Array(n));
  lane.lock = copy(lane.lock, (n) => new Int8Array(n));
}

/**
 * Builds and keeps per-CPU segments from trace slices. Keep one per simulation, call
 * append() with each slice in order; pass `segments` to the Timeline view.
 */
export class SegmentBuilder {
  readonly segments: TimelineSegments;
  private readonly modeMap: Int16Array;
  private readonly modeKind: number;
  private readonly spinKind: number;
  private readonly spinMode = modeIndex('spin');
  /** A 'spin' record seen just before its CPU's 'mode' record at the same time. */
  private readonly pendingLock: Int16Array;
  private readonly pendingT: Float64Array;

  constructor(
    cpus: number,
    names: TraceNames,
    private readonly maxPerLane = DEFAULT_MAX_PER_LANE,
  ) {
    if (maxPerLane < 2) throw new RangeError('maxPerLane must be at least 2');
    this.modeKind = names.kinds.indexOf('mode');
    this.spinKind = names.kinds.indexOf('spin');
    if (this.modeKind < 0) throw new Error('the trace schema has no "mode" record kind');
    this.modeMap = Int16Array.from(names.modes, (name) => modeIndex(name));
    this.pendingLock = new Int16Array(cpus).fill(-1);
    this.pendingT = new Float64Array(cpus).fill(NaN);
    this.segments = {
      lanes: Array.from({ length: cpus }, () => newLane(Math.min(INITIAL_CAPACITY, maxPerLane))),
      firstNs: Infinity,
      lastNs: -Infinity,
      total: 0,
      dropped: 0,
      version: 0,
    };
  }

  /**
   * Forgets every segment and starts over, keeping the lanes' typed arrays (their
   * capacity, bounded by maxPerLane) so that starting over allocates nothing. The
   * segments object stays the same; its version keeps increasing.
   */
  clear(): void {
    const s = this.segments;
    for (const lane of s.lanes) {
      lane.count = 0;
      lane.openMode = -1;
      lane.openStart = 0;
      lane.openThread = -1;
      lane.openLock = -1;
    }
    this.pendingLock.fill(-1);
    this.pendingT.fill(NaN);
    s.firstNs = Infinity;
    s.lastNs = -Infinity;
    s.total = 0;
    s.dropped = 0;
    s.version++;
  }

  /**
   * Starts lanes whose mode is not known yet at time t in the given modes, as indexes
   * into the schema's modes (names.modes); -1 leaves a lane unknown. No allocation.
   */
  seedModeIndexes(t: number, modes: ArrayLike<number>): void {
    const { lanes } = this.segments;
    const n = Math.min(lanes.length, modes.length);
    for (let cpu = 0; cpu < n; cpu++) {
      const lane = lanes[cpu]!;
      const m = modes[cpu]!;
      const mode = m >= 0 ? (this.modeMap[m] ?? -1) : -1;
      if (lane.openMode >= 0 || mode < 0) continue;
      lane.openMode = mode;
      lane.openStart = t;
      lane.openThread = -1;
      lane.openLock = -1;
      if (t < this.segments.firstNs) this.segments.firstNs = t;
    }
    if (t > this.segments.lastNs) this.segments.lastNs = t;
    this.segments.version++;
  }

  /** Starts every lane from a snapshot's modes (so the time before the first record counts). */
  seed(snapshot: Snapshot): void {
    this.seedModes(
      snapshot.nowNs,
      snapshot.cpus.map((c) => c.mode),
      snapshot.cpus.map((c) => (c.level === 'process' ? c.thread : -1)),
      snapshot.cpus.map((c) => c.spinLock),
    );
  }

  /**
   * Starts lanes whose mode is not known yet at time t in the named modes ('' or an
   * unknown name leaves a lane unknown until its first record).
   */
  seedModes(t: number, modes: readonly string[], threads?: readonly number[], locks?: readonly number[]): void {
    const { lanes } = this.segments;
    modes.forEach((name, cpu) => {
      const lane = lanes[cpu];
      const mode = modeIndex(name);
      if (!lane || lane.openMode >= 0 || mode < 0) return;
      lane.openMode = mode;
      lane.openStart = t;
      lane.openThread = threads?.[cpu] ?? -1;
      lane.openLock = locks?.[cpu] ?? -1;
      this.segments.firstNs = Math.min(this.segments.firstNs, t);
    });
    this.segments.lastNs = Math.max(this.segments.lastNs, t);
    this.segments.version++;
  }

  /** Adds the records of one slice (in time order, after every earlier slice). */
  append(slice: TraceSlice): void {
    const { t, kind, cpu, thread, object } = slice;
    const { lanes } = this.segments;
    const n = t.length;
    let last = this.segments.lastNs;
    for (let i = 0; i < n; i++) {
      const k = kind[i]!;
      const c = cpu[i]!;
      const lane = lanes[c];
      if (!lane) continue;
      const at = t[i]!;
      if (k === this.modeKind) {
        const mode = this.modeMap[object[i]!] ?? -1;
        if (lane.openMode >= 0 && at > lane.openStart) this.close(lane, at);
        else if (lane.openMode < 0) this.segments.firstNs = Math.min(this.segments.firstNs, at);
        lane.openMode = mode;
        lane.openStart = at;
        lane.openThread = thread[i]!;
        lane.openLock = mode === this.spinMode && this.pendingT[c] === at ? this.pendingLock[c]! : -1;
        if (at > last) last = at;
      } else if (k === this.spinKind) {
        // the core writes 'spin' (which lock) and 'mode' (now spinning) at the same time, in either order
        if (lane.openStart === at && lane.openMode === this.spinMode) lane.openLock = object[i]!;
        else {
          this.pendingLock[c] = object[i]!;
          this.pendingT[c] = at;
        }
      }
    }
    this.segments.lastNs = last;
    this.segments.version++;
  }

  private close(lane: Lane, at: number): void {
    if (lane.count === lane.start.length) {
      if (lane.count >= this.maxPerLane) this.dropOldest(lane);
      else grow(lane, Math.min(this.maxPerLane, lane.start.length * 2));
    }
    const i = lane.count++;
    lane.start[i] = lane.openStart;
    lane.end[i] = at;
    lane.mode[i] = lane.openMode < 0 ? 255 : lane.openMode;
    lane.thread[i] = lane.openThread;
    lane.lock[i] = lane.openLock;
    this.segments.total++;
  }

  private dropOldest(lane: Lane): void {
    const drop = lane.count >> 1;
    lane.start.copyWithin(0, drop, lane.count);
    lane.end.copyWithin(0, drop, lane.count);
    lane.mode.copyWithin(0, drop, lane.count);
    lane.thread.copyWithin(0, drop, lane.count);
    lane.lock.copyWithin(0, drop, lane.count);
    lane.count -= drop;
    this.segments.total -= drop;
    this.segments.dropped += drop;
    let first = Infinity;
    for (const l of this.segments.lanes) first = Math.min(first, l.count > 0 ? l.start[0]! : l.openMode >= 0 ? l.openStart : Infinity);
    this.segments.firstNs = first;
  }
}

/** Segments of one slice (optionally seeded from the snapshot taken where it starts). */
export function buildSegments(
  slice: TraceSlice,
  cpus: number,
  names: TraceNames,
  seed?: Snapshot,
  maxPerLane = DEFAULT_MAX_PER_LANE,
): TimelineSegments {
  const builder = new SegmentBuilder(cpus, names, maxPerLane);
  if (seed) builder.seed(seed);
  builder.append(slice);
  return builder.segments;
}

/** Index of the first segment of the lane that ends after t (count if none). */
export function firstEndingAfter(lane: Lane, t: number): number {
  let lo = 0;
  let hi = lane.count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (lane.end[mid]! <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface SegmentAt {
  cpu: number;
  /** Index in the lane, or -1 for the open segment. */
  index: number;
  start: number;
  end: number;
  mode: number;
  thread: number;
  lock: number;
  open: boolean;
}

/** The segment of a lane that covers time t (the open one runs to nowNs), or null. */
export function segmentAt(segments: TimelineSegments, cpu: number, t: number, nowNs: number): SegmentAt | null {
  const lane = segments.lanes[cpu];
  if (!lane) return null;
  const i = firstEndingAfter(lane, t);
  if (i < lane.count && lane.start[i]! <= t) {
    return {
      cpu,
      index: i,
      start: lane.start[i]!,
      end: lane.end[i]!,
      mode: lane.mode[i]!,
      thread: lane.thread[i]!,
      lock: lane.lock[i]!,
      open: false,
    };
  }
  if (lane.openMode >= 0 && t >= lane.openStart && t <= Math.max(nowNs, lane.openStart)) {
    return {
      cpu,
      index: -1,
      start: lane.openStart,
      end: Math.max(nowNs, lane.openStart),
      mode: lane.openMode,
      thread: lane.openThread,
      lock: lane.openLock,
      open: true,
    };
  }
  return null;
}

/** Time per palette mode in [t0, t1) on one lane (the open segment runs to nowNs). */
export function modeTimeIn(lane: Lane, t0: number, t1: number, nowNs: number, modes = 7): Float64Array {
  const out = new Float64Array(modes);
  for (let i = firstEndingAfter(lane, t0); i < lane.count && lane.start[i]! < t1; i++) {
    const m = lane.mode[i]!;
    if (m < modes) out[m]! += Math.min(t1, lane.end[i]!) - Math.max(t0, lane.start[i]!);
  }
  if (lane.openMode >= 0 && lane.openMode < modes) {
    const a = Math.max(t0, lane.openStart);
    const b = Math.min(t1, nowNs);
    if (b > a) out[lane.openMode]! += b - a;
  }
  return out;
}
