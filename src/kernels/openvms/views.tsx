/*
 * views.tsx -- the OpenVMS TCP/IP kernels' own view (source 000) as the lab draws it:
 * the Scalable Kernel's KRP queue (krp-queue/), from the lab's state (ViewInputs) to its
 * props. One chunk, loaded when a lab first shows it (scalable.ts: ownViews; classic.ts
 * lists it too, where it says the classic kernel has no KRP queue).
 */
import type { ComponentType } from 'react';
import type { Schema } from '../../core/index.js';
import type { ViewInputs } from '../../shared/view-inputs.js';
import { traceNames } from '../../views/timeline/feed.js';
import type { TraceNames } from '../../views/timeline/segments.js';
import { KrpQueue } from './krp-queue/KrpQueue.js';

/** The trace names of a schema, one object per schema (the view keeps state keyed on it). */
const namesOf = new WeakMap<Schema, TraceNames>();
function names(schema: Schema): TraceNames {
  let found = namesOf.get(schema);
  if (!found) namesOf.set(schema, (found = traceNames(schema)));
  return found;
}

export function KrpQueueView(v: ViewInputs) {
  return (
    <KrpQueue
      snapshot={v.snapshot}
      trace={v.trace}
      names={names(v.schema)}
      report={v.report}
      theme={v.theme}
      width={v.width}
      modeNames={v.schema.modes}
      // Tokens take about half a second of wall time to fly, at any speed.
      flowNs={Number.isFinite(v.speed) ? Math.min(2e7, Math.max(2e3, v.speed / 2)) : 2e7}
    />
  );
}

/** The kernels' views by id (scalable.ts: ownViews), as the lab finds them (view-registry.tsx, by KernelInfo.folder). */
export const VIEWS: Readonly<Record<string, ComponentType<ViewInputs>>> = {
  'krp-queue': KrpQueueView,
};
