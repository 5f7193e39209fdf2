/*
 * Lab.tsx -- the embeddable lab: parameter panel, transport and views for one scenario.
 * CONTRACT (shared by the lab shell and the lesson renderer; keep the props stable):
 * lessons render <Lab scenario controls views compact onReport/> inside their pages.
 * Each <Lab> runs its own simulation worker; several can share a page.
 */
import type { ScenarioValues } from '../core/scenario.js';
import type { Report } from '../core/report.js';
import { LabShell } from './LabShell.js';
import type { KnownViewId } from '../shared/view-ids.js';

/** The views a lab can show: 'cpu-grid', 'lock', 'krp-queue', 'modes', 'timeline', 'lock-table', 'scaling' (view-ids.ts). */
export type ViewId = KnownViewId;

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
  return (
    <LabShell
      scenario={props.scenario}
      scenarioSource="lesson"
      controls={props.controls}
      views={props.views}
      compact={props.compact}
      label={props.label}
      onReport={props.onReport}
    />
  );
}
