/*
 * curve-runs.test.ts -- the HP-UX curve run: which variants it runs (1..16 send
 * buffers, or past SO_SNDBUF/send + 1 when that is more, and 0 B..4 KiB written, each
 * with copy avoidance on and off, short runs over NIO FDDI with send(2) and aligned
 * pages, the lab's scenario otherwise), the setup read back from a run, the points from
 * finished variants only; and which views the lab draws for kernel hpux (its three, none
 * of onload's, the OpenVMS ones or the herd).
 */
import { describe, expect, it } from 'vitest';
import type { Report } from '../../core/report.js';
import type { VariantRun } from '../../core/sweep.js';
import { DIRTY_STEPS } from './curves/model.js';
import {
  HPUX_CURVE_DURATION_NS,
  HPUX_CURVE_WARMUP_NS,
  hpuxCurvePoints,
  hpuxCurveSetup,
  hpuxCurveVariants,
  hpuxRunSetup,
} from './curve-runs.js';
import { curveOf, curveVariants } from '../../lab/curves.js';
import { VIEW_IDS, viewsForKernel } from '../../shared/view-ids.js';

const lab = {
  'kernel.kind': 'hpux',
  'hpux.interface': 'lan0_loopback',
  'hpux.send_copyavoid': 'off',
  'hpux.send_buffers': 8,
  'hpux.dirty_bytes': 0,
  'hpux.so_sndbuf': 32768,
  'net.message_bytes': 4096,
  'hpux.alignment': 'unaligned',
  'hpux.send_call': 'write',
  'machine.cpus': 2,
};

describe('the hpux curve variants', () => {
  it('1..16 buffers and six amounts written, each with copy avoidance on and off, short runs', () => {
    const variants = hpuxCurveVariants(lab);
    expect(variants).toHaveLength(2 * 16 + 2 * DIRTY_STEPS.length);
    expect(curveVariants('hpux-curves', lab)).toEqual(variants);
    expect(curveOf('hpux-curves')?.variants).toBe(hpuxCurveVariants);
    for (const v of variants) {
      // copy avoidance can happen: NIO FDDI, send(2), aligned pages, whatever the lab had
      expect(v.values).toMatchObject({
        'kernel.kind': 'hpux',
        'hpux.interface': 'nio_fddi',
        'hpux.send_call': 'send',
        'hpux.alignment': 'page',
        'sim.duration_ns': HPUX_CURVE_DURATION_NS,
        'sim.warmup_ns': HPUX_CURVE_WARMUP_NS,
        'hpux.so_sndbuf': 32768,
        'machine.cpus': 2,
      });
    }
    expect(variants[0]!.label).toBe('Send buffers: 1, copy avoidance');
    expect(variants[16]!.label).toBe('Send buffers: 1, copies');
    expect(variants[32]!.label).toBe('Bytes written: 0 B, copy avoidance');
    // the buffers sweep writes the first word when the lab writes nothing; the dirtiness sweep has the rule's buffers
    expect(variants[0]!.values['hpux.dirty_bytes']).toBe(4);
    expect(variants[32]!.values['hpux.send_buffers']).toBe(9);
    expect(variants.filter((v) => v.values['hpux.send_copyavoid'] === 'on')).toHaveLength(16 + DIRTY_STEPS.length);
  });

  it('runs past the rule when it asks for more than 16: 64 KiB SO_SNDBUF needs 17', () => {
    const setup = hpuxCurveSetup({ ...lab, 'hpux.so_sndbuf': 65536, 'hpux.dirty_bytes': 64, 'hpux.send_buffers': 30 });
    expect(setup).toEqual({ soSndbuf: 65536, sendBytes: 4096, maxBuffers: 20, buffersDirtyBytes: 64, dirtyBuffers: 30 });
    expect(hpuxCurveVariants({ ...lab, 'hpux.so_sndbuf': 65536 }).filter((v) => v.label.startsWith('Send buffers'))).toHaveLength(40);
  });

  it('points from finished variants only; the setup read back from the run', () => {
    const variants = hpuxCurveVariants({ ...lab, 'hpux.dirty_bytes': 64 });
    const report = (i: number) =>
      ({ hpux: { sender_cpu_pct: 90 - i, throughput_mbps: 60, forced_copies_pct: i < 8 ? 100 : 0 } }) as unknown as Report;
    const run: VariantRun = {
      seq: 1,
      key: 'k',
      variants,
      status: 'running',
      done: 3,
      reports: variants.map((_, i) => (i === 0 || i === 8 || i === 33 ? report(i) : undefined)),
      refusals: variants.map(() => undefined),
    };
    expect(hpuxCurvePoints(run)).toEqual([
      { sweep: 'buffers', copyAvoid: true, x: 1, cpuPct: 90, mbps: 60, forcedPct: 100 },
      { sweep: 'buffers', copyAvoid: true, x: 9, cpuPct: 82, mbps: 60, forcedPct: 0 },
      { sweep: 'dirty', copyAvoid: true, x: 4, cpuPct: 57, mbps: 60, forcedPct: 0 },
    ]);
    expect(hpuxCurvePoints(undefined)).toEqual([]);
    // the lab's scenario changed since the run: the view still labels the run by what it ran with
    expect(hpuxRunSetup(run, { ...lab, 'hpux.so_sndbuf': 8192 })).toEqual({
      soSndbuf: 32768,
      sendBytes: 4096,
      maxBuffers: 16,
      buffersDirtyBytes: 64,
      dirtyBuffers: 9,
    });
    expect(hpuxRunSetup(undefined, lab).soSndbuf).toBe(32768);
  });
});

describe('views drawn for kernel hpux', () => {
  it("its three views, the general ones, and none of the other kernels' own", () => {
    const drawn = viewsForKernel(VIEW_IDS, 'hpux', 1);
    expect(drawn).toEqual(expect.arrayContaining(['hpux-journey', 'hpux-buffers', 'hpux-curves', 'cpu-grid', 'modes', 'timeline']));
    for (const id of [
      'net-latency',
      'net-size-curve',
      'net-livelock',
      'net-stack-lock',
      'krp-queue',
      'scaling',
      'herd',
      'cache-lines',
      'lock',
      'lock-table',
    ]) {
      expect(drawn, id).not.toContain(id);
    }
    for (const kernel of ['classic', 'scalable', 'sna', 'numa', 'onload']) {
      expect(
        viewsForKernel(VIEW_IDS, kernel, 1).filter((id) => id.startsWith('hpux-')),
        kernel,
      ).toEqual([]);
    }
  });
});
