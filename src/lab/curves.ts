/*
 * curves.ts -- the views drawn from a curve run (a kernel's view with a `curve`:
 * KernelView.curve in src/kernels/types.ts): the lab's scenario run again with a few
 * fields overridden, as short runs in workers of their own (store.runVariants, the run
 * named by its view's id). Which views have one, the store's run of each, and its state
 * in words. What each curve runs is its kernel's (src/kernels/<name>/curve-runs.ts).
 */
import type { ScenarioValues } from '../core/scenario-values.js';
import type { Variant, VariantRun } from '../core/sweep.js';
import type { CurveSpec } from '../kernels/types.js';
import { KERNEL_VIEWS } from '../shared/view-ids.js';
import type { LabState } from './store.js';

/** The curve a view draws from, if it draws from one. */
export function curveOf(view: string): CurveSpec | undefined {
  return KERNEL_VIEWS.get(view)?.curve;
}

/** The runs of a view's curve for a scenario (none for a view without a curve). */
export function curveVariants(view: string, scenario: ScenarioValues): Variant[] {
  return curveOf(view)?.variants(scenario) ?? [];
}

const selectors = new Map<string, (s: LabState) => VariantRun | undefined>();

/** A view's curve run in the store: one stable selector per view, for useLab. */
export function selectCurveRun(view: string): (s: LabState) => VariantRun | undefined {
  let select = selectors.get(view);
  if (!select) selectors.set(view, (select = (s: LabState) => s.variants[view]));
  return select;
}

/** The curve's state in words, for the status line. */
export function curveStatus(run: VariantRun | undefined, current: boolean): string {
  if (!run) return '';
  const total = run.variants.length;
  const refused = run.refusals.filter(Boolean).length;
  const refusedWords = refused ? ` ${refused} of them could not be run (see below).` : '';
  switch (run.status) {
    case 'running':
      return `Running ${run.done} of ${total} short runs…`;
    case 'done':
      return `Curve done: ${total - refused} runs.${refusedWords}${current ? '' : ' The scenario has changed since: run the curve again to follow it.'}`;
    case 'cancelled':
      return `Curve cancelled after ${run.done} of ${total} runs.`;
    case 'failed':
      return `The curve failed: ${run.message ?? 'unknown error'}`;
    default:
      return '';
  }
}
