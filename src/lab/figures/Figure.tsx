/*
 * Figure.tsx -- one of the lab's headline numbers: a label, the value big enough for
 * the back row, a detail line, and the raw value in data-value for tests.
 */
import type { ReactNode } from 'react';

export function Figure(props: { label: string; value: string; detail?: string; testId: string; raw: number; headline?: boolean }) {
  return (
    <div className={props.headline ? 'figure figure-headline' : 'figure'} data-testid={props.testId} data-value={Number.isFinite(props.raw) ? props.raw : ''}>
      <dt>{props.label}</dt>
      <dd>
        <span className="figure-value">{props.value}</span>
        {props.detail && <span className="figure-detail">{props.detail}</span>}
      </dd>
    </div>
  );
}

/** The list the figures stand in, with its name for screen readers. */
export function FigureList({ children }: { children: ReactNode }) {
  return <dl className="figures" aria-label="Key figures of this run">{children}</dl>;
}
