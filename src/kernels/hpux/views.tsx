/*
 * views.tsx -- the three HP-UX 9.0 views (checksum offload and copy avoidance, source
 * 003) as the lab draws them: each from the lab's state (ViewInputs) to its props. One
 * chunk, loaded when a lab first shows one of them (index.ts: ownViews), so labs of the
 * other kernels do not download them.
 */
import type { ComponentType } from 'react';
import type { ViewInputs } from '../../shared/view-inputs.js';
import { curveProgress } from '../../core/sweep.js';
import { HpuxJourney } from './journey/HpuxJourney.js';
import { HpuxBuffers } from './buffers/HpuxBuffers.js';
import { HpuxCurves } from './curves/HpuxCurves.js';
import { hpuxCurvePoints, hpuxRunSetup } from './curve-runs.js';

/** The journey shows the run's per-send costs: the final report once there is one, live until then. */
export function JourneyView(v: ViewInputs) {
  return <HpuxJourney report={v.finalReport ?? v.report} theme={v.theme} width={v.width} stage={v.stage} />;
}

/** The buffers are a moment's state: always the newest report. */
export function BuffersView(v: ViewInputs) {
  return <HpuxBuffers report={v.report} theme={v.theme} width={v.width} stage={v.stage} />;
}

/** The curves from the lab's curve run (index.ts: the curve's variants). */
export function CurvesView(v: ViewInputs) {
  return (
    <HpuxCurves
      points={hpuxCurvePoints(v.curve)}
      setup={hpuxRunSetup(v.curve, v.scenario ?? {})}
      progress={curveProgress(v.curve)}
      theme={v.theme}
      width={v.width}
    />
  );
}

/** The kernel's views by id (index.ts: ownViews), as the lab finds them (view-registry.tsx). */
export const VIEWS: Readonly<Record<string, ComponentType<ViewInputs>>> = {
  'hpux-journey': JourneyView,
  'hpux-buffers': BuffersView,
  'hpux-curves': CurvesView,
};
