/*
 * curve-runs.ts -- the HP-UX 9.0 curves (kernel hpux, source 003, Figures 3 and 5),
 * made by running the lab's scenario again with a few fields overridden (short runs,
 * tracing off; lab/CurveControls.tsx starts them through store.runVariants):
 *  - the sender's CPU and the throughput against the number of send buffers the
 *    application cycles through (1..16, or past SO_SNDBUF/send + 1 when that is more),
 *    with copy avoidance on and, for reference, off;
 *  - the same against the bytes written into each buffer before its send (0 B .. 4 KiB),
 *    copy avoidance on (with SO_SNDBUF/send + 1 buffers, so no copy is forced) and off.
 * Copy avoidance needs NIO FDDI, send(2) and page-aligned buffers, so every variant
 * has them; everything else (SO_SNDBUF, send size, costs) is the lab's scenario.
 */
import type { Report } from '../../core/report.js';
import type { ScenarioValues } from '../../core/scenario-values.js';
import type { Variant, VariantRun } from '../../core/sweep.js';

/** Which sweep a point is of: the number of send buffers, or the bytes written into each. */
export type CurveSweep = 'buffers' | 'dirty';

export interface HpuxCurvePoint {
  sweep: CurveSweep;
  copyAvoid: boolean;
  /** The number of send buffers, or the bytes written per buffer. */
  x: number;
  /** The sender's CPU busy, percent. */
  cpuPct: number;
  mbps: number;
  forcedPct: number;
}

/** What the curve ran with. */
export interface HpuxCurveSetup {
  soSndbuf: number;
  sendBytes: number;
  /** The buffers sweep runs 1..maxBuffers. */
  maxBuffers: number;
  /** Bytes written per buffer in the buffers sweep. */
  buffersDirtyBytes: number;
  /** Buffers in the dirtiness sweep. */
  dirtyBuffers: number;
}
import { buffersNeeded } from './rules.js';

/** Each variant runs 0.2 s of simulated time after a 50 ms warm-up. */
export const HPUX_CURVE_DURATION_NS = 200e6;
export const HPUX_CURVE_WARMUP_NS = 50e6;

export const HPUX_DIRTY_BYTES: readonly number[] = [0, 4, 64, 256, 1024, 4096];
/** The application writes the first word of each buffer (the paper's Figure 5) when the scenario writes none. */
export const FIRST_WORD_BYTES = 4;
export const MIN_MAX_BUFFERS = 16;

const BUFFERS = 'Send buffers';
const DIRTY = 'Bytes written';

function numberOf(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

/** What the curve runs with, from the lab's scenario: the rule's numbers and each sweep's fixed value. */
export function hpuxCurveSetup(scenario: ScenarioValues): HpuxCurveSetup {
  const soSndbuf = numberOf(scenario['hpux.so_sndbuf'], 32768);
  const sendBytes = numberOf(scenario['net.message_bytes'], 4096);
  const needed = buffersNeeded(soSndbuf, sendBytes);
  const dirty = numberOf(scenario['hpux.dirty_bytes'], 0);
  return {
    soSndbuf,
    sendBytes,
    maxBuffers: Math.max(MIN_MAX_BUFFERS, needed + 3),
    buffersDirtyBytes: dirty > 0 ? dirty : FIRST_WORD_BYTES,
    dirtyBuffers: Math.max(needed, numberOf(scenario['hpux.send_buffers'], 1)),
  };
}

const ca = (on: boolean): ScenarioValues => ({
  'hpux.send_copyavoid': on ? 'on' : 'off',
  'hpux.interface': 'nio_fddi',
  'hpux.send_call': 'send',
  'hpux.alignment': 'page',
});

/** Every variant of the curve: the buffers sweep with copy avoidance on, then off; the dirtiness sweep on, then off. */
export function hpuxCurveVariants(scenario: ScenarioValues): Variant[] {
  const setup = hpuxCurveSetup(scenario);
  const base: ScenarioValues = {
    ...scenario,
    'kernel.kind': 'hpux',
    'sim.duration_ns': HPUX_CURVE_DURATION_NS,
    'sim.warmup_ns': HPUX_CURVE_WARMUP_NS,
  };
  const counts = Array.from({ length: setup.maxBuffers }, (_, i) => i + 1);
  const words = (on: boolean) => (on ? 'copy avoidance' : 'copies');
  return [
    ...[true, false].flatMap((on) =>
      counts.map((k) => ({
        label: `${BUFFERS}: ${k}, ${words(on)}`,
        values: { ...base, ...ca(on), 'hpux.send_buffers': k, 'hpux.dirty_bytes': setup.buffersDirtyBytes },
      })),
    ),
    ...[true, false].flatMap((on) =>
      HPUX_DIRTY_BYTES.map((bytes) => ({
        label: `${DIRTY}: ${bytes} B, ${words(on)}`,
        values: { ...base, ...ca(on), 'hpux.send_buffers': setup.dirtyBuffers, 'hpux.dirty_bytes': bytes },
      })),
    ),
  ];
}

/** The curve's points from a run (finished variants only). */
export function hpuxCurvePoints(run: VariantRun | undefined): HpuxCurvePoint[] {
  if (!run) return [];
  return run.variants.flatMap((variant, i): HpuxCurvePoint[] => {
    const hp = (run.reports[i] as Report | undefined)?.hpux;
    if (!hp) return [];
    const v = variant.values;
    const buffers = variant.label.startsWith(BUFFERS);
    return [
      {
        sweep: buffers ? 'buffers' : 'dirty',
        copyAvoid: v['hpux.send_copyavoid'] === 'on',
        x: Number(buffers ? v['hpux.send_buffers'] : v['hpux.dirty_bytes']),
        cpuPct: hp.sender_cpu_pct,
        mbps: hp.throughput_mbps,
        forcedPct: hp.forced_copies_pct,
      },
    ];
  });
}

/** The setup a run was made with (read back from its variants), or the lab scenario's when there is no run. */
export function hpuxRunSetup(run: VariantRun | undefined, scenario: ScenarioValues): HpuxCurveSetup {
  const first = run?.variants[0]?.values;
  if (!run || !first) return hpuxCurveSetup(scenario);
  const buffers = run.variants.filter((variant) => variant.label.startsWith(BUFFERS));
  const dirty = run.variants.find((variant) => variant.label.startsWith(DIRTY));
  const setup = hpuxCurveSetup(first);
  return {
    ...setup,
    maxBuffers: Math.max(1, ...buffers.map((variant) => Number(variant.values['hpux.send_buffers']))),
    buffersDirtyBytes: Number(first['hpux.dirty_bytes']),
    dirtyBuffers: dirty ? Number(dirty.values['hpux.send_buffers']) : setup.dirtyBuffers,
  };
}
