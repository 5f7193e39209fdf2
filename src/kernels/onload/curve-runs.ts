/*
 * curve-runs.ts -- the network views' curves, made by running the lab's scenario again
 * with a few fields overridden (store.runVariants, short runs, tracing off; the lab's
 * curves.ts): goodput against message size on each stack (net-size-curve) and delivered
 * against offered packets per second in each receive mode (net-livelock; NAPI's too
 * when the scenario has net.napi_budget). The variants to run, and the views' points
 * from what has finished.
 */
import type { Report } from '../../core/report.js';
import type { ScenarioValues } from '../../core/scenario-values.js';
import type { Variant, VariantRun } from '../../core/sweep.js';

/** Each variant runs this long (with this warm-up), simulated ns: quick, and long enough to settle. */
export const CURVE_DURATION_NS = 20e6;
export const CURVE_WARMUP_NS = 4e6;

export const CURVE_SIZES: readonly number[] = [16, 64, 256, 1024, 4096, 16384, 65536];
export const CURVE_STACKS: readonly string[] = ['kernel', 'onload'];
export const CURVE_OFFERED: readonly number[] = [250e3, 500e3, 750e3, 1e6, 1.5e6, 2e6, 2.5e6, 3e6];

/** The receive modes of the livelock curve and the fields that make each (the kernel's
 * without NAPI, whatever the lab's scenario has). */
export const RECEIVE_MODES: readonly { mode: string; label: string; values: ScenarioValues }[] = [
  {
    mode: 'interrupts',
    label: 'interrupt per packet',
    values: { 'net.stack': 'kernel', 'net.moderation_ns': 0, 'net.napi_budget': 0, 'net.queue_feedback': 'off' },
  },
  {
    mode: 'moderation',
    label: 'interrupt moderation 60 µs',
    values: { 'net.stack': 'kernel', 'net.moderation_ns': 60000, 'net.napi_budget': 0, 'net.queue_feedback': 'off' },
  },
  { mode: 'polling', label: 'polling (Onload)', values: { 'net.stack': 'onload', 'net.napi_budget': 0, 'net.queue_feedback': 'off' } },
];

/** The curve's modes for a scenario: the three above, and NAPI when the scenario has a
 * budget (the kernel stack moderated at 60 µs, with the scenario's budget and feedback). */
export function receiveModes(scenario: ScenarioValues): readonly { mode: string; label: string; values: ScenarioValues }[] {
  const budget = Number(scenario['net.napi_budget'] ?? 0);
  if (!(budget > 0)) return RECEIVE_MODES;
  const feedback = scenario['net.queue_feedback'] === 'on';
  return [
    ...RECEIVE_MODES,
    {
      mode: 'napi',
      label: `NAPI, ${budget} packets a poll${feedback ? ', feedback on' : ''}`,
      values: {
        'net.stack': 'kernel',
        'net.moderation_ns': 60000,
        'net.napi_budget': budget,
        'net.queue_feedback': feedback ? 'on' : 'off',
      },
    },
  ];
}

const shortRun: ScenarioValues = { 'sim.duration_ns': CURVE_DURATION_NS, 'sim.warmup_ns': CURVE_WARMUP_NS };

function bytesWords(bytes: number): string {
  return bytes >= 1024 ? `${bytes / 1024} KiB` : `${bytes} B`;
}

/** Goodput by message size: each size on each stack, TCP stream, the scenario otherwise. */
export function sizeCurveVariants(scenario: ScenarioValues): Variant[] {
  return CURVE_STACKS.flatMap((stack) =>
    CURVE_SIZES.map((bytes) => ({
      label: `${stack}, ${bytesWords(bytes)} messages`,
      values: {
        ...scenario,
        ...shortRun,
        'kernel.kind': 'onload',
        'net.test': 'tcp_stream',
        'net.stack': stack,
        'net.message_bytes': bytes,
      },
    })),
  );
}

/** Delivered against offered: each offered rate in each receive mode, UDP receive, the scenario otherwise. */
export function livelockVariants(scenario: ScenarioValues): Variant[] {
  return receiveModes(scenario).flatMap(({ label, values }) =>
    CURVE_OFFERED.map((offered) => ({
      label: `${label}, ${offered / 1e3}k packets/s offered`,
      values: { ...scenario, ...shortRun, 'kernel.kind': 'onload', 'net.test': 'udp_receive', ...values, 'net.offered_pps': offered },
    })),
  );
}

/** The receive mode a variant's fields make. */
export function receiveModeOf(values: ScenarioValues): string {
  if (values['net.stack'] === 'onload') return 'polling';
  if (Number(values['net.napi_budget'] ?? 0) > 0) return 'napi';
  return Number(values['net.moderation_ns'] ?? 0) > 0 ? 'moderation' : 'interrupts';
}

function finished(run: VariantRun | undefined): { values: ScenarioValues; report: Report }[] {
  if (!run) return [];
  return run.variants.flatMap((variant, i) => {
    const report = run.reports[i];
    return report?.net ? [{ values: variant.values, report }] : [];
  });
}

/** The size curve's points from a run (finished variants only). */
export function sizeCurvePoints(run: VariantRun | undefined): { stack: string; messageBytes: number; goodputBitsPerS: number }[] {
  return finished(run).map(({ values, report }) => ({
    stack: report.net!.stack ?? String(values['net.stack']),
    messageBytes: Number(report.net!.message_bytes || values['net.message_bytes']),
    goodputBitsPerS: report.net!.goodput_bits_per_s,
  }));
}

/** The livelock curve's points from a run (finished variants only). */
export function livelockPoints(run: VariantRun | undefined): { mode: string; offeredPerS: number; deliveredPerS: number }[] {
  return finished(run).map(({ values, report }) => ({
    mode: receiveModeOf(values),
    offeredPerS: Number(values['net.offered_pps']),
    deliveredPerS: report.net!.delivered_per_s,
  }));
}
