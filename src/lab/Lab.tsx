/*
 * Lab.tsx -- the embeddable lab: parameter panel, transport and views for one scenario.
 * CONTRACT (shared by the lab shell and the lesson renderer; keep the props stable):
 * lessons render <Lab scenario controls views compact onReport/> inside their pages.
 * (Placeholder until the lab shell lands.)
 */
import type { ScenarioValues } from '../core/scenario.js';
import type { Report } from '../core/report.js';

/** The views a lab can show. */
export type ViewId = 'cpu-grid' | 'lock' | 'krp-queue' | 'modes' | 'timeline' | 'lock-table' | 'scaling';

export interface LabProps {
  /** Scenario values (flat, keyed by field path) the lab opens with. */
  scenario: ScenarioValues;
  /** Which parameter controls to show, by scenario field path; undefined shows all. */
  controls?: string[];
  /** Which views to show; undefined shows all. */
  views?: ViewId[];
  /** Embedded in a lesson or an iframe: smaller chrome, no URL syncing. */
  compact?: boolean;
  /** Accessible name of this lab (several labs can be on one page). */
  label?: string;
  /** Called each time a run reaches the scenario's end, with the core's report. */
  onReport?: (report: Report) => void;
}

export function Lab(props: LabProps) {
  return <section aria-label={props.label ?? 'Lab'}><p>The lab is loading.</p></section>;
}
