/*
 * model.ts (hpux-curves) -- the sender's CPU and the throughput of HP-UX 9.0's TCP
 * stream (source 003) against the number of send buffers the application cycles through
 * (the paper's Figure 5) and against the bytes it writes into each before sending it
 * (Figure 3), copy avoidance on and off, from the lab's curve run: the series, the
 * scales, the step at SO_SNDBUF / send size + 1 buffers (where the forced copies stop),
 * and the words.
 */
import { scaleLinear, scalePoint, type ScaleLinear, type ScalePoint } from 'd3';
import { formatPct, listWords } from '../../../views/format.js';
import type { CurveSweep, HpuxCurvePoint, HpuxCurveSetup } from '../curve-runs.js';

export type { CurveSweep, HpuxCurvePoint, HpuxCurveSetup };
import { buffersNeeded, copyAvoidStyle, formatMbps, formatSize } from '../data.js';

export type CurveMeasure = 'cpu' | 'mbps';

/** The bytes written per buffer in the dirtiness sweep: an ordinal axis (0 has no log). */
export const DIRTY_STEPS: readonly number[] = [0, 4, 64, 256, 1024, 4096];

export interface CurveSeries {
  copyAvoid: boolean;
  points: HpuxCurvePoint[];
}

/** One series per setting of copy avoidance (on first), sorted by x; a later point for the same x wins. */
export function curveSeries(points: readonly HpuxCurvePoint[], sweep: CurveSweep): CurveSeries[] {
  return [true, false].flatMap((copyAvoid) => {
    const byX = new Map<number, HpuxCurvePoint>();
    for (const p of points) {
      if (p.sweep === sweep && p.copyAvoid === copyAvoid && Number.isFinite(p.x) && Number.isFinite(p.cpuPct) && Number.isFinite(p.mbps))
        byX.set(p.x, p);
    }
    const sorted = [...byX.values()].sort((a, b) => a.x - b.x);
    return sorted.length ? [{ copyAvoid, points: sorted }] : [];
  });
}

export function valueOf(p: HpuxCurvePoint, measure: CurveMeasure): number {
  return measure === 'cpu' ? p.cpuPct : p.mbps;
}

/** The x scale: buffers 1..max linear; bytes written as evenly spaced steps. */
export function xScale(sweep: CurveSweep, setup: HpuxCurveSetup, x0: number, x1: number): ((v: number) => number) & { ticks: number[] } {
  if (sweep === 'buffers') {
    const s: ScaleLinear<number, number> = scaleLinear()
      .domain([1, Math.max(2, setup.maxBuffers)])
      .range([x0, x1]);
    const f = (v: number) => s(v);
    return Object.assign(f, { ticks: Array.from({ length: Math.max(2, setup.maxBuffers) }, (_, i) => i + 1) });
  }
  const s: ScalePoint<string> = scalePoint<string>().domain(DIRTY_STEPS.map(String)).range([x0, x1]);
  const f = (v: number) => s(String(v)) ?? x0;
  return Object.assign(f, { ticks: [...DIRTY_STEPS] });
}

/** The y scale: CPU 0..100%, throughput 0..a little over the fastest point (nice). */
export function yScale(measure: CurveMeasure, series: readonly CurveSeries[], y0: number, y1: number): ScaleLinear<number, number> {
  if (measure === 'cpu') return scaleLinear().domain([0, 100]).range([y0, y1]);
  const max = Math.max(1, ...series.flatMap((s) => s.points.map((p) => p.mbps)));
  return scaleLinear()
    .domain([0, max * 1.15])
    .nice()
    .range([y0, y1]);
}

export interface BufferStep {
  /** SO_SNDBUF / send size + 1. */
  needed: number;
  /** With copy avoidance: the buffer count where the sender's CPU falls most, if it falls by 5 points or more. */
  measuredAt: number | null;
  /** The CPU just before and at the step (copy avoidance on). */
  before: HpuxCurvePoint | null;
  after: HpuxCurvePoint | null;
}

export function bufferStep(series: readonly CurveSeries[], setup: HpuxCurveSetup): BufferStep {
  const needed = buffersNeeded(setup.soSndbuf, setup.sendBytes);
  const on = series.find((s) => s.copyAvoid)?.points ?? [];
  let best = 0;
  let at: number | null = null;
  for (let i = 1; i < on.length; i++) {
    const fall = on[i - 1]!.cpuPct - on[i]!.cpuPct;
    if (on[i]!.x === on[i - 1]!.x + 1 && fall > best) {
      best = fall;
      at = on[i]!.x;
    }
  }
  const measuredAt = best >= 5 ? at : null;
  const step = measuredAt ?? needed;
  return {
    needed,
    measuredAt,
    before: on.find((p) => p.x === step - 1) ?? null,
    after: on.find((p) => p.x === step) ?? null,
  };
}

/** Whether the throughput hardly changes (within 3%) across the series: the sender's CPU is not what limits it. */
export function flatThroughput(series: readonly CurveSeries[]): boolean {
  const values = series.flatMap((s) => s.points.map((p) => p.mbps));
  return values.length > 1 && Math.max(...values) - Math.min(...values) <= 0.03 * Math.max(...values);
}

export function xWords(sweep: CurveSweep, x: number): string {
  return sweep === 'buffers' ? `${x} buffer${x === 1 ? '' : 's'}` : `${formatSize(x)} written`;
}

export function curvesSummary(points: readonly HpuxCurvePoint[], setup: HpuxCurveSetup, progress = 1): string {
  const buffers = curveSeries(points, 'buffers');
  const dirty = curveSeries(points, 'dirty');
  if (buffers.length === 0 && dirty.length === 0) {
    return progress < 1
      ? 'The curve run is starting: nothing measured yet.'
      : 'No curve yet: run it to measure the sender\u2019s CPU and the throughput against the number of send buffers and the bytes written into each.';
  }
  const step = bufferStep(buffers, setup);
  const line = (s: CurveSeries, sweep: CurveSweep) =>
    `${copyAvoidStyle(s.copyAvoid).label}: ` +
    listWords(s.points.map((p) => `${xWords(sweep, p.x)} ${formatPct(p.cpuPct, 0)} CPU, ${formatMbps(p.mbps)}`)) +
    '.';
  const stepWords =
    step.before && step.after
      ? `With copy avoidance the sender's CPU falls from ${formatPct(step.before.cpuPct, 0)} at ${step.after.x - 1} buffers to ${formatPct(step.after.cpuPct, 0)} at ${step.after.x}` +
        (step.measuredAt === step.needed
          ? ', exactly SO_SNDBUF / send size + 1'
          : step.measuredAt === null
            ? ''
            : `; the rule SO_SNDBUF / send size + 1 says ${step.needed}`) +
        `: forced copies ${formatPct(step.before.forcedPct, 0)} before, ${formatPct(step.after.forcedPct, 0)} from there on.`
      : '';
  return [
    progress < 1 ? `Curve ${Math.round(progress * 100)}% measured.` : '',
    `SO_SNDBUF ${formatSize(setup.soSndbuf)}, sends of ${formatSize(setup.sendBytes)}: SO_SNDBUF / send size + 1 = ${step.needed} buffers.`,
    buffers.length ? `Against the number of send buffers (the application writing ${formatSize(setup.buffersDirtyBytes)} into each):` : '',
    ...buffers.map((s) => line(s, 'buffers')),
    stepWords,
    flatThroughput(buffers)
      ? `The throughput is the same throughout (${formatMbps(buffers[0]!.points[0]!.mbps)}): something other than the sender's CPU limits it.`
      : '',
    dirty.length ? `Against the bytes written into each buffer before its send (${setup.dirtyBuffers} buffers):` : '',
    ...dirty.map((s) => line(s, 'dirty')),
  ]
    .filter(Boolean)
    .join(' ');
}
