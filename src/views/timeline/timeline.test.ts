/*
 * timeline.test.ts -- the timeline's segment builder, window feed and pixel runs, on a
 * real trace: a 16-CPU classic-kernel run of the core with well over 100,000 mode
 * segments. The segments must account for every CPU's time exactly as the core's own
 * mode counters do, and drawing must stay bounded by pixels, not by segments.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCoreFromDisk, presetDir } from '../../core/node.js';
import { readSchema, type Schema } from '../../core/schema.js';
import { validateScenario } from '../../core/scenario.js';
import type { Snapshot, TraceSlice } from '../../core/snapshot.js';
import { Simulation } from '../../core/sim.js';
import { concatTraces } from '../../core/trace.js';
import { MODES } from '../palette.js';
import {
  buildSegments,
  DEFAULT_MAX_PER_LANE,
  firstEndingAfter,
  maxPerLaneFor,
  modeTimeIn,
  SegmentBuilder,
  segmentAt,
  type TimelineSegments,
} from './segments.js';
import { groupCpus, laneGroups, laneRuns, MAX_LANES, MODE_SLOTS, panWindow, zoomWindow } from './draw.js';
import { SegmentFeed, sliceWindow, traceNames, lowerBound } from './feed.js';

interface RealTrace {
  schema: Schema;
  before: Snapshot;
  after: Snapshot;
  slices: TraceSlice[];
  trace: TraceSlice;
}

let real: RealTrace;

beforeAll(async () => {
  const core = await loadCoreFromDisk();
  const schema = readSchema(core);
  const document = JSON.parse(readFileSync(join(presetDir, 'testbed-classic.json'), 'utf8'));
  const { values } = validateScenario(schema, document);
  const run = Simulation.create(core, { ...values, 'sim.trace_capacity': 1 << 20 });
  try {
    run.runUntil(50_000_000);
    run.readTrace();
    const before = run.snapshot();
    const slices: TraceSlice[] = [];
    for (let t = 60_000_000; t <= 340_000_000; t += 10_000_000) {
      run.runUntil(t);
      slices.push(run.readTrace());
    }
    const after = run.snapshot();
    real = { schema, before, after, slices, trace: concatTraces(slices) };
  } finally {
    run.free();
  }
}, 120_000);

function check(segments: TimelineSegments) {
  for (const lane of segments.lanes) {
    for (let i = 0; i < lane.count; i++) {
      if (!(lane.end[i]! > lane.start[i]!)) throw new Error(`empty segment at ${i}`);
      if (i > 0 && lane.start[i]! < lane.end[i - 1]!) throw new Error(`overlap at ${i}`);
      if (lane.mode[i]! >= MODES.length) throw new Error(`unknown mode at ${i}`);
    }
    if (lane.count > 0 && lane.openStart < lane.end[lane.count - 1]!)
      throw new Error('open segment starts before the last closed one ends');
  }
}

describe('segment builder on a real trace', () => {
  it('makes well over 100,000 ordered, non-overlapping segments', () => {
    const segments = buildSegments(real.trace, 16, traceNames(real.schema), real.before);
    expect(real.trace.dropped).toBe(0);
    expect(segments.total).toBeGreaterThan(100_000);
    check(segments);
  });

  it('accounts for every nanosecond of every CPU exactly as the core does', () => {
    const segments = buildSegments(real.trace, 16, traceNames(real.schema), real.before);
    const t0 = real.before.nowNs;
    const t1 = real.after.nowNs;
    for (let cpu = 0; cpu < 16; cpu++) {
      const got = modeTimeIn(segments.lanes[cpu]!, t0, t1, t1);
      for (let m = 0; m < MODES.length; m++) {
        const core = real.after.cpus[cpu]!.modeNs[m]! - real.before.cpus[cpu]!.modeNs[m]!;
        expect(got[m], `CPU ${cpu} ${MODES[m]}`).toBe(core);
      }
    }
  });

  it('finds the segment under a time and names the lock a spin was for', () => {
    const segments = buildSegments(real.trace, 16, traceNames(real.schema), real.before);
    const lane = segments.lanes[3]!;
    const i = Math.floor(lane.count / 2);
    const mid = (lane.start[i]! + lane.end[i]!) / 2;
    const at = segmentAt(segments, 3, mid, real.after.nowNs)!;
    expect(at.index).toBe(i);
    expect(at.mode).toBe(lane.mode[i]);
    // every 'spin' record names the lock of the spin segment that starts with it
    const spinKind = real.schema.trace.kinds.indexOf('spin');
    let checked = 0;
    for (let r = 0; r < real.trace.t.length; r++) {
      if (real.trace.kind[r] !== spinKind) continue;
      const seg = segmentAt(segments, real.trace.cpu[r]!, real.trace.t[r]!, real.after.nowNs)!;
      expect(MODES[seg.mode]).toBe('spin');
      expect(seg.lock).toBe(real.trace.object[r]);
      checked++;
    }
    expect(checked).toBeGreaterThan(1000);
    expect(segmentAt(segments, 3, real.after.nowNs - 1, real.after.nowNs)).not.toBeNull();
    expect(segmentAt(segments, 99, mid, real.after.nowNs)).toBeNull();
  });

  it('keeps memory bounded: a full lane drops its oldest half and counts it', () => {
    const builder = new SegmentBuilder(16, traceNames(real.schema), 4096);
    builder.seed(real.before);
    for (const slice of real.slices) builder.append(slice);
    const { segments } = builder;
    check(segments);
    expect(segments.dropped).toBeGreaterThan(0);
    const full = buildSegments(real.trace, 16, traceNames(real.schema), real.before);
    for (let cpu = 0; cpu < 16; cpu++) {
      const lane = segments.lanes[cpu]!;
      const all = full.lanes[cpu]!;
      expect(lane.count).toBeLessThanOrEqual(4096);
      // what is kept is the newest segments, unchanged
      expect(lane.end[lane.count - 1]).toBe(all.end[all.count - 1]);
      expect(lane.start[0]).toBe(all.start[all.count - lane.count]);
    }
    expect(segments.total + segments.dropped).toBe(full.total);
  });
});

describe('segment feed from a sliding trace window', () => {
  it('gives the same segments as building from the whole trace, one frame at a time', () => {
    const names = traceNames(real.schema);
    const modeAtStart = Int32Array.from(real.before.cpus, (c) => MODES.indexOf(c.mode));
    const feed = new SegmentFeed(16, names);
    const { t } = real.trace;
    // frames of 1 ms, the window holding at most the last 40,000 records
    let version = 0;
    let segments: TimelineSegments | null = null;
    let startIndex = 0;
    const trimmed = modeAtStart.slice();
    let startNs = real.before.nowNs;
    for (let frameEnd = real.before.nowNs + 1e6; ; frameEnd += 1e6) {
      const end = lowerBound(t, frameEnd);
      while (end - startIndex > 40_000) {
        if (real.trace.kind[startIndex] === names.kinds.indexOf('mode'))
          trimmed[real.trace.cpu[startIndex]!] = real.trace.object[startIndex]!;
        startNs = t[startIndex]!;
        startIndex++;
      }
      const slice = sub(real.trace, startIndex, end);
      segments = feed.update(sliceWindow(slice, startNs, modeAtStart, ++version));
      if (end >= t.length) break;
    }
    expect(feed.restarts).toBe(0);
    const whole = buildSegments(real.trace, 16, names, real.before);
    whole.lanes.forEach((lane, cpu) => {
      const got = segments!.lanes[cpu]!;
      expect(got.count).toBe(lane.count);
      expect(Array.from(got.start.subarray(0, got.count))).toEqual(Array.from(lane.start.subarray(0, lane.count)));
      expect(Array.from(got.mode.subarray(0, got.count))).toEqual(Array.from(lane.mode.subarray(0, lane.count)));
    });
  });

  it('starts over in the same lanes after a gap: no new typed arrays, the same segments as a fresh start', () => {
    const names = traceNames(real.schema);
    const modes = Int32Array.from(real.before.cpus, (c) => real.schema.modes.indexOf(c.mode));
    const feed = new SegmentFeed(16, names);
    const first = feed.update(sliceWindow(real.slices[0]!, real.before.nowNs, modes, 1));
    const buffers = first.lanes.map((lane) => [lane.start, lane.end, lane.mode, lane.thread, lane.lock]);
    const versionBefore = first.version;
    // records were lost: the window jumps past everything seen, with each CPU's mode at its start
    const later = real.slices[1]!;
    const startNs = later.t[0]! - 1;
    const laterModes = new Int32Array(16).fill(-1);
    const again = feed.update(sliceWindow(later, startNs, laterModes, 2));
    expect(feed.restarts).toBe(1);
    expect(again).toBe(first);
    expect(again.version).toBeGreaterThan(versionBefore);
    again.lanes.forEach((lane, cpu) => {
      // capacity was enough: the very same arrays
      if (lane.start.length === buffers[cpu]![0]!.length) {
        expect([lane.start, lane.end, lane.mode, lane.thread, lane.lock]).toEqual(buffers[cpu]);
        expect(lane.start).toBe(buffers[cpu]![0]);
      }
    });
    const fresh = new SegmentFeed(16, names).update(sliceWindow(later, startNs, laterModes, 1));
    check(again);
    expect(again.total).toBe(fresh.total);
    expect(again.dropped).toBe(0);
    expect(again.firstNs).toBe(fresh.firstNs);
    expect(again.lastNs).toBe(fresh.lastNs);
    fresh.lanes.forEach((lane, cpu) => {
      const got = again.lanes[cpu]!;
      expect(got.count).toBe(lane.count);
      for (const column of ['start', 'end', 'mode', 'thread', 'lock'] as const) {
        expect(Array.from(got[column].subarray(0, got.count)), `CPU ${cpu} ${column}`).toEqual(
          Array.from(lane[column].subarray(0, lane.count)),
        );
      }
      expect([got.openMode, got.openStart, got.openThread, got.openLock]).toEqual([
        lane.openMode,
        lane.openStart,
        lane.openThread,
        lane.openLock,
      ]);
    });
  });

  it('restarts when the history is reset or records were lost between two looks', () => {
    const names = traceNames(real.schema);
    const modes = new Int32Array(16).fill(-1);
    const feed = new SegmentFeed(16, names);
    const a = real.slices[0]!;
    feed.update(sliceWindow(a, real.before.nowNs, modes, 1));
    expect(feed.restarts).toBe(0);
    // the window jumped past everything seen
    const later = real.slices[5]!;
    feed.update(sliceWindow(later, later.t[0]! - 1, modes, 2));
    expect(feed.restarts).toBe(1);
    // a reset: a new modeAtStart array
    feed.update(sliceWindow(later, later.t[0]! - 1, new Int32Array(16).fill(-1), 3));
    expect(feed.restarts).toBe(2);
  });
});

describe('lane groups (up to 256 CPUs)', () => {
  it('draws every CPU at once up to 64, then equal groups of at most 64', () => {
    expect(laneGroups(1)).toEqual({ size: 1, count: 1 });
    expect(laneGroups(64)).toEqual({ size: 64, count: 1 });
    expect(laneGroups(65)).toEqual({ size: 33, count: 2 });
    expect(laneGroups(128)).toEqual({ size: 64, count: 2 });
    expect(laneGroups(256)).toEqual({ size: 64, count: 4 });
    expect(laneGroups(100)).toEqual({ size: 50, count: 2 });
  });

  it('keeps the history of 64 CPUs per lane up to 64, and the same memory in all beyond', () => {
    expect(maxPerLaneFor(1)).toBe(DEFAULT_MAX_PER_LANE);
    expect(maxPerLaneFor(64)).toBe(DEFAULT_MAX_PER_LANE);
    expect(maxPerLaneFor(128)).toBe(DEFAULT_MAX_PER_LANE / 2);
    expect(maxPerLaneFor(256)).toBe(DEFAULT_MAX_PER_LANE / 4);
    for (const n of [65, 100, 200, 256]) expect(n * maxPerLaneFor(n)).toBeLessThanOrEqual(64 * DEFAULT_MAX_PER_LANE);
  });

  it('covers each CPU exactly once, in order, for 1, 64, 128 and 256 CPUs and every count between', () => {
    for (let n = 1; n <= 256; n++) {
      const groups = laneGroups(n);
      expect(groups.size).toBeLessThanOrEqual(MAX_LANES);
      let next = 0;
      for (let g = 0; g < groups.count; g++) {
        const [first, last] = groupCpus(g, groups, n);
        expect(first).toBe(next);
        expect(last).toBeGreaterThanOrEqual(first);
        expect(last - first + 1).toBeLessThanOrEqual(groups.size);
        next = last + 1;
      }
      expect(next).toBe(n);
    }
    expect(groupCpus(2, laneGroups(256), 256)).toEqual([128, 191]);
    // a group past the end is the last one
    expect(groupCpus(9, laneGroups(256), 256)).toEqual([192, 255]);
  });
});

describe('pixel runs', () => {
  it('never draws more than two runs per pixel column, however many segments', () => {
    const segments = buildSegments(real.trace, 16, traceNames(real.schema), real.before);
    const t0 = real.before.nowNs;
    const t1 = real.after.nowNs;
    for (const width of [300, 1600]) {
      for (const span of [t1 - t0, (t1 - t0) / 10, 1e6, 2e4]) {
        for (const lane of segments.lanes) {
          const runs = laneRuns(lane, t1 - span, t1, width, t1);
          expect(runs.count).toBeLessThanOrEqual(2 * width + 8);
          for (let i = 0; i < runs.count; i++) {
            expect(runs.x1[i]!).toBeGreaterThan(runs.x0[i]!);
            expect(runs.x0[i]!).toBeGreaterThanOrEqual(0);
            expect(runs.x1[i]!).toBeLessThanOrEqual(width + 1e-3);
            if (i > 0) expect(runs.x0[i]!).toBeGreaterThanOrEqual(runs.x1[i - 1]! - 1e-3);
          }
        }
      }
    }
  });

  it('gives a pixel column the mode that held it longest', () => {
    const segments = buildSegments(real.trace, 16, traceNames(real.schema), real.before);
    const t0 = real.before.nowNs;
    const t1 = real.after.nowNs;
    const width = 800;
    const perPx = (t1 - t0) / width;
    let checked = 0;
    for (const cpu of [0, 7, 12]) {
      const lane = segments.lanes[cpu]!;
      const runs = laneRuns(lane, t0, t1, width, t1);
      for (let r = 0; r < runs.count; r++) {
        for (let x = Math.ceil(runs.x0[r]!); x + 1 <= runs.x1[r]!; x += 37) {
          const time = modeTimeIn(lane, t0 + x * perPx, t0 + (x + 1) * perPx, t1, MODE_SLOTS);
          let best = 0;
          for (let m = 1; m < MODE_SLOTS; m++) if (time[m]! > time[best]!) best = m;
          expect(runs.mode[r], `CPU ${cpu} px ${x}`).toBe(best);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('draws one full frame of 16 lanes, 100,000+ segments, in a few milliseconds', () => {
    const segments = buildSegments(real.trace, 16, traceNames(real.schema), real.before);
    const t0 = real.before.nowNs;
    const t1 = real.after.nowNs;
    const frames = 30;
    const start = performance.now();
    for (let f = 0; f < frames; f++) {
      const span = (t1 - t0) / (1 + f);
      for (const lane of segments.lanes) laneRuns(lane, t1 - span, t1, 1600, t1);
    }
    const perFrame = (performance.now() - start) / frames;
    // the budget of one 60 Hz frame, with room for painting
    expect(perFrame).toBeLessThan(8);
  });

  it('zooms around a point and pans within bounds', () => {
    const [a, b] = zoomWindow(0, 1000, 250, 0.5, 10, 1e6);
    expect(b - a).toBe(500);
    expect(a + (b - a) * 0.25).toBe(250);
    expect(zoomWindow(0, 1000, 500, 1e-9, 10, 1e6)[1] - zoomWindow(0, 1000, 500, 1e-9, 10, 1e6)[0]).toBe(10);
    expect(panWindow(0, 100, 1000, 0, 500)).toEqual([400, 500]);
    expect(panWindow(0, 100, -50, 0, 500)).toEqual([0, 100]);
    const lane = buildSegments(real.trace, 16, traceNames(real.schema)).lanes[0]!;
    expect(firstEndingAfter(lane, -1)).toBe(0);
    expect(firstEndingAfter(lane, Infinity)).toBe(lane.count);
  });
});

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
