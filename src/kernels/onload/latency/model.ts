/*
 * model.ts (net-latency) -- where one message's one-way trip spends its time
 * (report.net.breakdown_ns, ping-pong test): the stacked bar's segments on one linear
 * scale (shared with a comparison run), the headline numbers (half round trip, and the
 * software overhead: all but the wire), and the animated strip: the seven places a
 * packet passes, which stage moves it between which places, and where it is at a
 * moment of its trip (stage durations in proportion to the measured ones).
 */
import { precisionFixed, scaleLinear, type ScaleLinear } from 'd3';
import type { NetReport, Report } from '../../../core/report.js';
import { listWords } from '../../../views/format.js';
import { formatUs, netOf, overheadWords, stackLabel, stackShort, STAGE_INFO, STAGES, type StageKey } from '../data.js';

export interface LatencySegment {
  stage: StageKey;
  ns: number;
  /** Start and end on the trip, ns from the send call. */
  startNs: number;
  endNs: number;
  hardware: boolean;
  /** Share of the half round trip, percent. */
  pct: number;
}

export interface LatencyRun {
  stack: NetReport['stack'];
  /** "Linux kernel stack", "OpenOnload (user-level stack)". */
  label: string;
  short: string;
  halfRttNs: number;
  wireNs: number;
  /** Everything but the wire: half_rtt_ns minus wire. */
  overheadNs: number;
  overheadWords: string;
  segments: LatencySegment[];
  /** Whether the stack was told by a poll or by an interrupt (the busier of the two in the report). */
  notifiedBy: 'poll' | 'interrupt';
  roundTrips: number;
  messageBytes: number;
}

export type LatencyModel =
  | { kind: 'none' }
  | { kind: 'other-test'; test: NetReport['test']; stack: NetReport['stack'] }
  | { kind: 'breakdown'; run: LatencyRun; compare: LatencyRun | null };

function positive(v: number | undefined): number {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0;
}

/** One run's trip, or null when it is not a ping-pong with a breakdown. */
export function latencyRun(report: Report | undefined): LatencyRun | null {
  const net = netOf(report);
  if (!net || net.test !== 'pingpong') return null;
  const parts = STAGES.map((stage) => positive(net.breakdown_ns?.[stage]));
  const sum = parts.reduce((a, b) => a + b, 0);
  // the parts add up to half_rtt_ns; if the report has no half round trip, the parts are it
  const halfRttNs = positive(net.half_rtt_ns) || sum;
  let at = 0;
  const segments = STAGES.map((stage, i) => {
    const ns = parts[i]!;
    const seg = { stage, ns, startNs: at, endNs: at + ns, hardware: STAGE_INFO[stage].hardware, pct: sum > 0 ? (100 * ns) / sum : 0 };
    at += ns;
    return seg;
  });
  const wireNs = parts[STAGES.indexOf('wire')]!;
  return {
    stack: net.stack,
    label: stackLabel(net.stack),
    short: stackShort(net.stack),
    halfRttNs,
    wireNs,
    overheadNs: Math.max(0, halfRttNs - wireNs),
    overheadWords: overheadWords(net.stack),
    segments,
    notifiedBy:
      positive(net.stack_polls_per_s) >= positive(net.interrupts_per_s) && positive(net.stack_polls_per_s) > 0 ? 'poll' : 'interrupt',
    roundTrips: positive(net.round_trips),
    messageBytes: positive(net.message_bytes),
  };
}

export function latencyModel(report: Report | undefined, compare?: Report): LatencyModel {
  const net = netOf(report);
  if (!net) return { kind: 'none' };
  const run = latencyRun(report);
  if (!run) return { kind: 'other-test', test: net.test, stack: net.stack };
  return { kind: 'breakdown', run, compare: latencyRun(compare) };
}

/** One linear scale for every bar drawn, so two runs compare by length. */
export function latencyScale(runs: readonly LatencyRun[], x0: number, x1: number): ScaleLinear<number, number> {
  const max = Math.max(1, ...runs.map((r) => Math.max(r.halfRttNs, r.segments[r.segments.length - 1]?.endNs ?? 0)));
  return scaleLinear().domain([0, max]).range([x0, x1]);
}

/**
 * The axis's ticks on the ns scale, each labelled in µs with as many decimals as the
 * step needs (ticks 0.5 µs apart read 0.5, 1.0, 1.5, not 0, 1, 1, 2).
 */
export function latencyTicks(x: ScaleLinear<number, number>, count: number): { ns: number; label: string }[] {
  const ticks = x.ticks(count);
  const stepUs = ticks.length > 1 ? (ticks[1]! - ticks[0]!) / 1000 : 1;
  const decimals = precisionFixed(stepUs);
  return ticks.map((ns) => ({
    ns,
    label: (ns / 1000).toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }),
  }));
}

// ---- the strip: one packet, stage by stage ----------------------------------------------

export const PLACES = ['sending app', 'TX ring', 'wire', 'RX ring', 'stack', 'socket', 'receiving app'] as const;
export type Place = (typeof PLACES)[number];

/** Which places each stage moves the packet between (indices into PLACES; equal: it waits there). */
export const STAGE_PATH: Readonly<Record<StageKey, readonly [number, number]>> = {
  send: [0, 1],
  wire: [1, 3],
  notify: [3, 3],
  stack: [3, 5],
  wake: [5, 5],
  receive: [5, 6],
};

/** The stack place's name for this run: "stack (poll)" or "stack (interrupt)". */
export function placeLabel(place: Place, run: LatencyRun): string {
  return place === 'stack' ? `stack (${run.notifiedBy})` : place;
}

/**
 * Whether words centred at x (px), `charW` px a character, fit on one line without running
 * into each other or off either edge of the width; where they do not, the strip gives
 * each two lines (its name over its time).
 */
export function fitsOneLine(labels: readonly { x: number; text: string }[], width: number, charW: number, gap = 8): boolean {
  const spans = [...labels]
    .sort((a, b) => a.x - b.x)
    .map((l) => ({ left: l.x - (l.text.length * charW) / 2, right: l.x + (l.text.length * charW) / 2 }));
  return spans.every((span, i) => span.left >= 0 && span.right <= width && (i === 0 || span.left >= spans[i - 1]!.right + gap));
}

/** Wall milliseconds a whole trip takes in the strip: 2.5 s, whatever the trip's length. */
export const TRIP_MS = 2500;
/** A pause at the end of a trip before the next starts. */
export const PAUSE_MS = 900;

export interface PacketAt {
  /** The stage under way (-1 before the first, STAGES.length when arrived). */
  stageIndex: number;
  stage: StageKey | null;
  /** Position along the places, 0 (sending app) .. 6 (receiving app), fractional while moving. */
  position: number;
  /** Simulated ns into the trip. */
  tripNs: number;
  /** Fraction of the stage done. */
  stageDone: number;
  arrived: boolean;
}

/** Where the packet is `tripNs` into its trip (stages with no time are passed at once). */
export function packetAt(run: LatencyRun, tripNs: number): PacketAt {
  const total = run.segments[run.segments.length - 1]?.endNs ?? 0;
  if (total <= 0 || tripNs >= total) {
    return { stageIndex: STAGES.length, stage: null, position: PLACES.length - 1, tripNs: total, stageDone: 1, arrived: true };
  }
  const t = Math.max(0, tripNs);
  const i = run.segments.findIndex((s) => s.ns > 0 && t < s.endNs);
  const seg = run.segments[i]!;
  const done = seg.ns > 0 ? (t - seg.startNs) / seg.ns : 1;
  const [from, to] = STAGE_PATH[seg.stage];
  return { stageIndex: i, stage: seg.stage, position: from + (to - from) * done, tripNs: t, stageDone: done, arrived: false };
}

/** The trip's simulated ns at a wall time (ms) of the looping animation; null while it pauses at the end. */
export function tripNsAtWall(run: LatencyRun, wallMs: number, tripMs = TRIP_MS, pauseMs = PAUSE_MS): number | null {
  const total = run.segments[run.segments.length - 1]?.endNs ?? 0;
  if (total <= 0) return null;
  const cycle = tripMs + pauseMs;
  const inCycle = ((wallMs % cycle) + cycle) % cycle;
  return inCycle >= tripMs ? null : (inCycle / tripMs) * total;
}

/** How many times slower than real the strip plays: 2.5 s for a 5.3 µs trip is about 470,000 times. */
export function slowdown(run: LatencyRun, tripMs = TRIP_MS): number {
  const total = run.segments[run.segments.length - 1]?.endNs ?? 0;
  return total > 0 ? (tripMs * 1e6) / total : 0;
}

// ---- words -------------------------------------------------------------------------------

function runWords(run: LatencyRun): string {
  const parts = run.segments.filter((s) => s.ns > 0).map((s) => `${STAGE_INFO[s.stage].label} ${formatUs(s.ns)}`);
  return (
    `${run.label}: half a round trip takes ${formatUs(run.halfRttNs)}, of which the wire (hardware) is ${formatUs(run.wireNs)} ` +
    `and ${run.overheadWords} ${formatUs(run.overheadNs)} (${Math.round((100 * run.overheadNs) / Math.max(1, run.halfRttNs))}%). ` +
    `By stage: ${listWords(parts)}.`
  );
}

export function latencySummary(model: LatencyModel): string {
  if (model.kind === 'none') return 'No network figures yet: the report of an onload-kernel run has not come.';
  if (model.kind === 'other-test') {
    return `This run is the ${model.test.replace('_', ' ')} test; where a round trip's time goes is measured in the ping-pong test (net.test pingpong).`;
  }
  const { run, compare } = model;
  let text = `Where a one-way trip's time goes (half a ping-pong round trip${run.messageBytes ? ` of ${run.messageBytes}-byte messages` : ''}). ${runWords(run)}`;
  if (compare) {
    const faster = compare.halfRttNs > run.halfRttNs ? run : compare;
    const slower = faster === run ? compare : run;
    text +=
      ` For comparison, the ${runWords(compare)} ` +
      `The ${faster.label} is ${formatUs(slower.halfRttNs - faster.halfRttNs)} faster per one-way trip; the wire is the same hardware.`;
  }
  return text;
}
