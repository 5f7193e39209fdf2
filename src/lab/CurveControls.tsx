/*
 * CurveControls.tsx -- runs a view's curve (curves.ts; what it runs is its kernel's:
 * KernelView.curve): the lab's scenario again with a few fields overridden, as short
 * runs in workers of their own (store.runVariants); a Run curve button, a progress bar,
 * a Cancel button and the curve's state in words for screen readers. Native buttons,
 * so the keyboard works as everywhere else.
 */
import { useEffect, useMemo } from 'react';
import { variantKey } from '../core/sweep.js';
import type { CurveSpec } from '../kernels/types.js';
import { useLab } from './hooks.js';
import { curveStatus, selectCurveRun } from './curves.js';
import type { LabState, LabStore } from './store.js';

const selectReady = (s: LabState) => s.status === 'ready';

export function CurveControls({ store, view, spec }: { store: LabStore; view: string; spec: CurveSpec }) {
  const name = view; // the variant run is named after its view
  const run = useLab(store, selectCurveRun(view));
  const ready = useLab(store, selectReady);
  const scenario = useLab(store, 'scenario');
  const variants = useMemo(() => spec.variants(scenario), [spec, scenario]);
  const current = run?.key === variantKey(variants);
  const running = run?.status === 'running';
  const refusals = run?.refusals.filter((r): r is string => !!r) ?? [];
  const pct = run && run.variants.length > 0 ? Math.round((100 * run.done) / run.variants.length) : 0;
  // a curve still running when the view goes away (another kernel, the view hidden) stops
  useEffect(() => () => store.cancelVariants(name), [store, name]);
  return (
    <div className="sweep" role="group" aria-label={`${spec.name}: curve run`} data-curve={view}>
      <div className="sweep-row">
        {running ? (
          <button type="button" className="btn" onClick={() => store.cancelVariants(name)}>
            Cancel
          </button>
        ) : (
          <button type="button" className="btn btn-primary" disabled={!ready} onClick={() => void store.runVariants(name, variants)}>
            {run ? 'Run curve again' : 'Run curve'}
          </button>
        )}
        <span className="sweep-what">{spec.what(scenario)}; this scenario otherwise</span>
      </div>
      {run && (
        <div className="sweep-progress">
          <progress
            max={run.variants.length || 1}
            value={run.done}
            aria-label={`${spec.name}: runs done`}
            data-testid={`${view}-progress`}
          />
          <span className="sweep-pct" aria-hidden="true">
            {pct}%
          </span>
        </div>
      )}
      <p className="sweep-status" role="status">
        {curveStatus(run, current)}
      </p>
      {refusals.length > 0 && (
        <ul className="sweep-note">
          {refusals.slice(0, 3).map((why, i) => (
            <li key={i}>{why}</li>
          ))}
          {refusals.length > 3 && <li>and {refusals.length - 3} more</li>}
        </ul>
      )}
    </div>
  );
}
