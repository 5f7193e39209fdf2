/*
 * curve-runs.test.ts -- the network views' curve runs: which variants each runs (every
 * size on both stacks, every offered load in the three receive modes, short runs of the
 * lab's scenario otherwise), the receive mode a variant makes, the points taken from
 * finished variants only, the progress and the state in words; and the companion run
 * the round-trip breakdown sets beside the lab's (the other stack).
 */
import { describe, expect, it } from 'vitest';
import type { Report } from '../../core/report.js';
import type { VariantRun } from '../../core/sweep.js';
import { companionFor } from '../../lab/companion-choice.js';
import { curveProgress } from '../../core/sweep.js';
import { curveStatus, curveVariants } from '../../lab/curves.js';
import { CURVE_DURATION_NS, CURVE_OFFERED, CURVE_SIZES, livelockPoints, receiveModeOf, sizeCurvePoints } from './curve-runs.js';

const lab = { 'kernel.kind': 'onload', 'net.test': 'pingpong', 'net.stack': 'kernel', 'machine.cpus': 8, 'net.moderation_ns': 60000 };

function fakeRun(id: 'net-size-curve' | 'net-livelock', finishedCount: number, status: VariantRun['status'] = 'running'): VariantRun {
  const variants = curveVariants(id, lab);
  const reports = variants.map((v, i) =>
    i < finishedCount
      ? ({
          net: {
            test: v.values['net.test'],
            stack: v.values['net.stack'],
            message_bytes: v.values['net.message_bytes'] ?? 32,
            goodput_bits_per_s: 1e9 * (i + 1),
            delivered_per_s: 1000 * (i + 1),
          },
        } as unknown as Report)
      : undefined,
  );
  return { seq: 1, key: 'k', variants, status, done: finishedCount, reports, refusals: variants.map(() => undefined) };
}

describe('curve variants', () => {
  it('the size curve: each size on each stack, TCP stream, short runs, the scenario otherwise', () => {
    const variants = curveVariants('net-size-curve', lab);
    expect(variants).toHaveLength(CURVE_SIZES.length * 2);
    expect(new Set(variants.map((v) => v.values['net.stack']))).toEqual(new Set(['kernel', 'onload']));
    for (const v of variants) {
      expect(v.values).toMatchObject({ 'net.test': 'tcp_stream', 'sim.duration_ns': CURVE_DURATION_NS, 'machine.cpus': 8 });
      expect(CURVE_SIZES).toContain(v.values['net.message_bytes']);
    }
    expect(variants[0]!.label).toBe('kernel, 16 B messages');
    expect(variants.at(-1)!.label).toBe('onload, 64 KiB messages');
  });

  it('the livelock curve: each offered load with interrupts, moderation and polling', () => {
    const variants = curveVariants('net-livelock', lab);
    expect(variants).toHaveLength(CURVE_OFFERED.length * 3);
    const modes = variants.map((v) => receiveModeOf(v.values));
    expect(modes.filter((m) => m === 'interrupts')).toHaveLength(CURVE_OFFERED.length);
    expect(modes.filter((m) => m === 'moderation')).toHaveLength(CURVE_OFFERED.length);
    expect(modes.filter((m) => m === 'polling')).toHaveLength(CURVE_OFFERED.length);
    // an interrupt per packet really has no moderation, whatever the lab's scenario had
    expect(variants[0]!.values['net.moderation_ns']).toBe(0);
    for (const v of variants) expect(v.values['net.test']).toBe('udp_receive');
  });

  it('a scenario with a NAPI budget adds its own curve; the other modes run without NAPI', () => {
    const variants = curveVariants('net-livelock', { ...lab, 'net.napi_budget': 64, 'net.queue_feedback': 'on' });
    expect(variants).toHaveLength(CURVE_OFFERED.length * 4);
    const napi = variants.filter((v) => receiveModeOf(v.values) === 'napi');
    expect(napi).toHaveLength(CURVE_OFFERED.length);
    for (const v of napi) {
      expect(v.values['net.napi_budget']).toBe(64);
      expect(v.values['net.queue_feedback']).toBe('on');
      expect(v.values['net.moderation_ns']).toBe(60000);
      expect(v.label).toMatch(/^NAPI, 64 packets a poll, feedback on, /);
    }
    for (const v of variants.filter((w) => receiveModeOf(w.values) !== 'napi')) {
      expect(v.values['net.napi_budget']).toBe(0);
      expect(v.values['net.queue_feedback']).toBe('off');
    }
  });
});

describe('curve points, progress and words', () => {
  it('takes points from finished variants only', () => {
    const size = sizeCurvePoints(fakeRun('net-size-curve', 3));
    expect(size).toEqual([
      { stack: 'kernel', messageBytes: 16, goodputBitsPerS: 1e9 },
      { stack: 'kernel', messageBytes: 64, goodputBitsPerS: 2e9 },
      { stack: 'kernel', messageBytes: 256, goodputBitsPerS: 3e9 },
    ]);
    const livelock = livelockPoints(fakeRun('net-livelock', 2));
    expect(livelock).toEqual([
      { mode: 'interrupts', offeredPerS: 250e3, deliveredPerS: 1000 },
      { mode: 'interrupts', offeredPerS: 500e3, deliveredPerS: 2000 },
    ]);
    expect(sizeCurvePoints(undefined)).toEqual([]);
  });

  it('progress is the share done while running, 1 otherwise', () => {
    expect(curveProgress(fakeRun('net-livelock', 6))).toBeCloseTo(6 / 24, 9);
    expect(curveProgress(fakeRun('net-livelock', 24, 'done'))).toBe(1);
    expect(curveProgress(undefined)).toBe(1);
  });

  it('says where the curve run is', () => {
    expect(curveStatus(fakeRun('net-size-curve', 5), true)).toBe('Running 5 of 14 short runs…');
    expect(curveStatus(fakeRun('net-size-curve', 14, 'done'), true)).toBe('Curve done: 14 runs.');
    expect(curveStatus(fakeRun('net-size-curve', 14, 'done'), false)).toMatch(/scenario has changed since/);
    expect(curveStatus(fakeRun('net-size-curve', 4, 'cancelled'), true)).toBe('Curve cancelled after 4 of 14 runs.');
    expect(curveStatus({ ...fakeRun('net-size-curve', 0, 'failed'), message: 'worker fault' }, true)).toBe(
      'The curve failed: worker fault',
    );
    expect(curveStatus(undefined, true)).toBe('');
  });
});

describe('companion run', () => {
  it('the round-trip breakdown of a ping-pong sets the other stack beside it', () => {
    expect(companionFor(lab, ['net-latency'])).toEqual({ overrides: { 'net.stack': 'onload' }, label: 'The same ping-pong on OpenOnload' });
    expect(companionFor({ ...lab, 'net.stack': 'onload' }, ['net-latency'])!.overrides).toEqual({ 'net.stack': 'kernel' });
  });

  it('none for other benchmarks, or when the view is hidden', () => {
    expect(companionFor({ ...lab, 'net.test': 'udp_send' }, ['net-latency'])).toBeNull();
    expect(companionFor(lab, ['cpu-grid', 'modes'])).toBeNull();
    expect(companionFor({ 'kernel.kind': 'sna', 'sna.lock_kind': 'simple' }, ['herd'])!.overrides).toEqual({ 'sna.lock_kind': 'lockl' });
  });
});
