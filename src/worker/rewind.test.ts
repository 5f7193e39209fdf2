// rewind.test.ts -- seeking over the real core (SimHost in Node): the state after a
// seek, back or forth, is the very state a straight run reaches at that time (snapshot,
// report, the trace records just before it), checkpoints stay within their budget,
// and playing on after a seek back reaches the same numbers as before.
import { describe, expect, it } from 'vitest';
import { readSchema, traceLength, validateScenario, type ScenarioValues, type TraceSlice } from '../core/index.js';
import { loadCoreFromDisk } from '../core/node.js';
import { readPreset } from '../core/presets.js';
import type { FrameReply, WorkerReply } from '../core/protocol.js';
import { SimHost, type HostOptions } from './host.js';
import { nodeHostEnv } from './node-host-env.test-support.js';

const core0 = await loadCoreFromDisk();
const schema = readSchema(core0);
const scenario: ScenarioValues = validateScenario(schema, readPreset('testbed-classic')).values;

async function makeHost(options: Partial<HostOptions> = {}) {
  const core = await loadCoreFromDisk();
  const replies: WorkerReply[] = [];
  const env = nodeHostEnv((reply) => replies.push(reply));
  const host = new SimHost(core, env, options);
  host.handle({ type: 'load', epoch: 1, scenario, skipWarmup: true, traceCapacity: 262_144 });
  const frames = () => replies.filter((r): r is FrameReply => r.type === 'frame');
  const last = () => frames()[frames().length - 1]!;
  // a long warm-up yields between chunks: wait for the load's frame
  for (let i = 0; i < 400 && frames().length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(frames()[0]).toMatchObject({ reason: 'load' });
  return { host, replies, frames, last };
}

/** The records of a slice as rows, for comparing. */
function rows(slice: TraceSlice): number[][] {
  return Array.from({ length: traceLength(slice) }, (_, i) => [
    slice.t[i]!,
    slice.kind[i]!,
    slice.cpu[i]!,
    slice.thread[i]!,
    slice.object[i]!,
    slice.arg[i]!,
  ]);
}

const START = 40e6;
const budget = 2 * 1024 * 1024;

describe('rewind', () => {
  it('a seek back and forth gives the state, report and trace of a straight run to the same time', async () => {
    // the run: 16 ms in 0.5 ms steps, checkpoints every 0.25 ms in a 2 MB budget (so they are thinned)
    const run = await makeHost({ checkpoints: { budgetBytes: budget, intervalNs: 2.5e5 }, seekLeadNs: 3e5 });
    for (let i = 0; i < 32; i++) run.host.handle({ type: 'step', unit: 'time', ns: 5e5 });
    const end = run.last();
    expect(end.nowNs).toBe(START + 16e6);
    expect(end.rewind!.reachedNs).toBe(START + 16e6);
    expect(end.rewind!.bytes).toBeLessThanOrEqual(budget);
    expect(end.rewind!.intervalNs).toBeGreaterThan(2.5e5); // thinned at least once
    expect(end.rewind!.checkpoints).toBeGreaterThan(3);

    // the reference: a straight run to t, at one go
    const t = START + 7_345_678;
    const straight = await makeHost();
    straight.host.handle({ type: 'step', unit: 'time', ns: t - START });
    const ref = straight.last();
    expect(ref.nowNs).toBe(t);

    // back to t, forward past it, back to t again
    for (const [epoch, to] of [
      [2, t],
      [3, START + 12e6],
      [4, START + 1e6],
      [5, t],
    ] as const) {
      run.host.handle({ type: 'seek', epoch, ns: to });
      const frame = run.last();
      expect(frame).toMatchObject({ epoch, reason: 'seek', nowNs: to, traceGap: true, playing: false, done: false });
    }
    const seek = run.last();
    expect(Array.from(seek.snapshot)).toEqual(Array.from(ref.snapshot));
    expect(seek.events).toBe(ref.events);
    expect(JSON.stringify(seek.report)).toBe(JSON.stringify(ref.report));
    // the records replayed before t are exactly the straight run's last records up to t
    const replayed = rows(seek.trace);
    expect(replayed.length).toBeGreaterThan(100);
    const straightRows = rows(ref.trace);
    expect(replayed).toEqual(straightRows.slice(straightRows.length - replayed.length));
    // it started from a checkpoint at least the lead before t
    expect(replayed[0]![0]!).toBeLessThanOrEqual(t - 3e5);

    // playing on from t reaches the same numbers as the first time
    run.host.handle({ type: 'step', unit: 'time', ns: START + 16e6 - t });
    const again = run.last();
    expect(again.nowNs).toBe(end.nowNs);
    expect(JSON.stringify(again.report)).toBe(JSON.stringify(end.report));
    expect(Array.from(again.snapshot)).toEqual(Array.from(end.snapshot));
  }, 60_000);

  it('clamps a seek to the part of the run reached, and refuses a time that is not a number', async () => {
    const run = await makeHost();
    run.host.handle({ type: 'step', unit: 'time', ns: 2e6 });
    run.host.handle({ type: 'seek', epoch: 2, ns: 1e12 });
    expect(run.last()).toMatchObject({ reason: 'seek', nowNs: START + 2e6 });
    run.host.handle({ type: 'seek', epoch: 3, ns: 0 });
    expect(run.last()).toMatchObject({ reason: 'seek', nowNs: START });
    run.host.handle({ type: 'seek', epoch: 4, ns: Number.NaN });
    expect(run.replies[run.replies.length - 1]).toMatchObject({ type: 'fault' });
  });
});
