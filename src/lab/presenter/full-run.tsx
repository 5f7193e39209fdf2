/*
 * full-run.tsx -- the scene's figures from its full run. A scene plays for seconds of
 * wall time, a few milliseconds of simulated time, so what the run has measured so far
 * is not yet the answer (a throughput of 0.0 Mb/s under a caption that says 26.2). As
 * soon as a scene loads, its scenario (the same values and seed) runs to its end in a
 * worker of its own (the store's variant runs, tracing off), and the scene's figures
 * are that run's: the numbers its claims state, checked by script.test.ts, labelled
 * "full run, N ms simulated".
 */
import { useEffect, useMemo } from 'react';
import { variantKey, type Variant, type VariantRun } from '../../core/sweep.js';
import type { Report } from '../../core/index.js';
import { formatMetric, metricOf, readMetric } from '../../shared/metrics.js';
import { useLab } from '../hooks.js';
import type { LabStore } from '../store.js';
import type { Scene } from './script.js';
import type { ScenarioValues } from '../../core/scenario-values.js';
import { roomTime } from './room-numbers.js';

/** The store's name for the presenter's full run (state.variants). */
export const FULL_RUN = 'presenter-full-run';

export type FullRun = { status: 'running' } | { status: 'done'; report: Report } | { status: 'failed'; message: string };

/** Runs the scene's scenario to its end as the scene loads; its state, for this scene only. */
export function useFullRun(store: LabStore, values: ScenarioValues): FullRun {
  const variants = useMemo<Variant[]>(() => [{ label: 'full run', values }], [values]);
  const key = useMemo(() => variantKey(variants), [variants]);
  useEffect(() => {
    store.runVariants(FULL_RUN, variants).catch(() => undefined);
  }, [store, variants]);
  const run: VariantRun | undefined = useLab(store, (s) => s.variants[FULL_RUN]);
  if (!run || run.key !== key || run.status === 'running' || run.status === 'cancelled') return { status: 'running' };
  const report = run.reports[0];
  if (report) return { status: 'done', report };
  return { status: 'failed', message: run.refusals[0] ?? run.message ?? 'the full run stopped without a report' };
}

/** "Full run, 100 ms simulated". */
export function fullRunWords(report: Report): string {
  return `Full run, ${roomTime(report.window_ns)} simulated`;
}

/**
 * The scene's claimed measures from its full run, one paragraph of label and value
 * (beside the caption, and in the answer under the explanation): the side's fit
 * (useFitFigures) leaves out the last where they do not fit.
 */
export function FullRunFigures({ scene, run, testId = 'full-run' }: { scene: Scene; run: FullRun; testId?: string }) {
  const claims = scene.claims ?? [];
  if (claims.length === 0) return null;
  if (run.status === 'running') {
    return (
      <div className="pr-full-run" data-testid={testId} data-status="running" aria-busy="true">
        <p className="pr-full-run-head">Running the full run in the background…</p>
      </div>
    );
  }
  if (run.status === 'failed') {
    return (
      <div className="pr-full-run" data-testid={testId} data-status="failed">
        <p className="pr-full-run-head" role="alert">
          The full run could not be computed: {run.message}
        </p>
      </div>
    );
  }
  const report = run.report;
  return (
    <div className="pr-full-run pr-full-run-inline" data-testid={testId} data-status="done">
      <p className="pr-full-run-head">{fullRunWords(report)} (the simulator's numbers):</p>
      <dl className="figures pr-measured" aria-label="The full run's figures">
        {claims.map((claim) => {
          const value = readMetric(report, claim.metric);
          return value === undefined ? null : (
            <div key={claim.metric} className="figure pr-measure">
              <dt>{metricOf(claim.metric).label}</dt>{' '}
              <dd>
                <strong data-metric={claim.metric} data-value={value}>
                  {formatMetric(claim.metric, value)}
                </strong>
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
