/*
 * views.tsx -- the network views (two hosts, the kernel stack against OpenOnload,
 * source 002) as the lab draws them: each from the lab's state (ViewInputs) to its
 * props. One chunk, loaded when a lab first shows one of them (index.ts: ownViews).
 */
import type { ComponentType } from 'react';
import type { ViewInputs } from '../../shared/view-inputs.js';
import { curveProgress } from '../../core/sweep.js';
import { NetLatency } from './latency/NetLatency.js';
import { NetStackLock } from './stack-lock/NetStackLock.js';
import { NetSizeCurve } from './size-curve/NetSizeCurve.js';
import { NetLivelock } from './livelock/NetLivelock.js';
import { livelockPoints, sizeCurvePoints } from './curve-runs.js';

/** The round trip, beside the companion run: the same ping-pong on the other stack (LabShell starts it). */
export function LatencyView(v: ViewInputs) {
  const other = v.companion?.report.net?.test === 'pingpong' ? v.companion.report : undefined;
  return <NetLatency report={v.finalReport ?? v.report} compare={other} theme={v.theme} width={v.width} stage={v.stage} />;
}

export function StackLockView(v: ViewInputs) {
  return <NetStackLock report={v.report} theme={v.theme} width={v.width} />;
}

export function SizeCurveView(v: ViewInputs) {
  return <NetSizeCurve points={sizeCurvePoints(v.curve)} progress={curveProgress(v.curve)} theme={v.theme} width={v.width} />;
}

export function LivelockView(v: ViewInputs) {
  return <NetLivelock points={livelockPoints(v.curve)} progress={curveProgress(v.curve)} theme={v.theme} width={v.width} />;
}

/** The kernel's views by id (index.ts: ownViews), as the lab finds them (view-registry.tsx). */
export const VIEWS: Readonly<Record<string, ComponentType<ViewInputs>>> = {
  'net-latency': LatencyView,
  'net-stack-lock': StackLockView,
  'net-size-curve': SizeCurveView,
  'net-livelock': LivelockView,
};
