/*
 * Figure.tsx -- one of the lab's headline numbers: a label, the value big enough for
 * the back row, a detail line, and the raw value in data-value for tests. A figure
 * that is one value of the report names it (`metric`) and takes the core's label for
 * it (REPORT_METRICS, from the MetricDesc table of the C function that writes it)
 * unless the card words it shorter; then the core's words are its title.
 */
import type { CSSProperties, ReactNode } from 'react';
import { REPORT_METRICS, type ReportMetricPath } from '../../core/report.js';

type FigureProps = { value: string; detail?: string; testId: string; raw: number; headline?: boolean } & (
  { label: string; metric?: ReportMetricPath } | { label?: string; metric: ReportMetricPath }
);

export function Figure(props: FigureProps) {
  const core = props.metric ? REPORT_METRICS[props.metric].label : undefined;
  const label = props.label ?? core ?? '';
  return (
    <div
      className={props.headline ? 'figure figure-headline' : 'figure'}
      data-testid={props.testId}
      data-value={Number.isFinite(props.raw) ? props.raw : ''}
      style={{ '--chars': Math.max(props.value.length, 4) } as CSSProperties}
    >
      <dt title={core && core !== label ? core : undefined}>{label}</dt>
      <dd>
        <span className="figure-value">{props.value}</span>
        {props.detail && <span className="figure-detail">{props.detail}</span>}
      </dd>
    </div>
  );
}

/** The list the figures stand in, with its name for screen readers. */
export function FigureList({ children }: { children: ReactNode }) {
  return (
    <dl className="figures" aria-label="Key figures of this run">
      {children}
    </dl>
  );
}

/**
 * Said beside the figures when this run's setting is one where the model contradicts
 * its source: what the source reports, what the model gives, and where the reason is.
 */
export function ModelGap({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <p className="model-gap" role="note" data-testid={testId}>
      <strong>The model disagrees with the source here. </strong>
      {children}
    </p>
  );
}
