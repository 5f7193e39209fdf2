/*
 * view-inputs.ts -- what the lab gives a view's adapter (ViewInputs): the decoded
 * snapshot, the trace window, the reports, the sweep, the curve run, the size and the
 * theme. The engine's views (src/lab/view-registry.tsx) and a kernel's own views
 * (src/kernels/<name>/, KernelInfo.ownViews) are both written against it, so a kernel
 * adds a view without the lab knowing its props.
 */
import type { Report, Schema, Snapshot, SweepState, TraceWindow, VariantRun } from '../core/index.js';
import type { ScenarioValues } from '../core/scenario-values.js';
import type { Theme } from '../views/palette.js';

/** A wait chosen in a view (a spin or context-switch segment, a CPU tile), for the Why panel. */
export interface WhyRequest {
  cpu: number;
  /** The moment chosen (simulated ns). */
  t: number;
  /** From a CPU tile: explain its latest wait when it is not waiting at t. */
  latest?: boolean;
}

/** Everything a view may take; each adapter passes on what its view uses. */
export interface ViewInputs {
  snapshot: Snapshot;
  trace?: TraceWindow;
  /** The newest report (live while playing). */
  report?: Report;
  /** The report of the run that reached its end, if it has. */
  finalReport?: Report;
  sweep?: SweepState;
  /** The same workload run another way (the other lock kind, say), for views that set the two side by side. */
  companion?: { label: string; report: Report };
  schema: Schema;
  /** The CPU that takes the network interrupts, if one does (KernelInfo.interruptCpu). */
  interruptCpu?: number;
  /** Playback speed, simulated ns per wall second. */
  speed: number;
  theme: Theme;
  width: number;
  /** The height to draw the main graphic to, for a view that can (the CPU grid's tiles, the RAD traffic matrix, the timeline's lanes, the mode bars, MONITOR MODES's rows, the herd's places); otherwise the view's own. */
  height?: number;
  /**
   * Drawn on the presenter's stage, one view to a screen at the back row's size: a view
   * that can draws its main part only (the lock view: the kernel's hot lock, the other
   * locks counted in words below it).
   */
  stage?: boolean;
  /** A wait was chosen (a spin or context-switch segment, a CPU tile): open the Why panel. */
  onWait?: (request: WhyRequest) => void;
  /** The view's curve run, for a kernel's curves (KernelView.curve; lab/CurveControls.tsx starts it). */
  curve?: VariantRun;
  /** The lab's scenario, for what a curve not yet run would run with (hpux-curves). */
  scenario?: ScenarioValues;
}
