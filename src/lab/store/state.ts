/*
 * state.ts -- what a lab's pages read of its store: the scenario, the latest decoded
 * snapshot and report, the trace window the views read, the run's state and its
 * flags, sweeps, variant runs and the companion run. The state object is immutable; a
 * change replaces it (and only the parts that changed), so components can select
 * parts of it and skip renders when theirs did not change.
 */
import type { Speed } from '../../core/playback.js';
import type { RewindInfo } from '../../core/protocol.js';
import type { Report } from '../../core/report.js';
import type { ScenarioProblem, ScenarioValues } from '../../core/scenario-values.js';
import type { Schema } from '../../core/schema.js';
import type { Snapshot } from '../../core/snapshot.js';
import type { SweepState, VariantRun } from '../../core/sweep.js';
import type { TraceWindow } from '../../core/trace.js';
import type { RunState } from './reducer.js';

export interface LabState {
  /** Where the run is (reducer.ts); the flags below are this state seen from outside (project). */
  run: RunState;
  status: 'starting' | 'ready' | 'failed';
  schema?: Schema;
  /** The scenario the lab runs (or is loading), every field. */
  scenario: ScenarioValues;
  /** Why the lab's scenario was refused, in words; the lab then runs its last good scenario. */
  problems: ScenarioProblem[];
  /** Why the worker stopped (a trap, a crash); the lab shows it with a Reset button. */
  fault?: string;
  /** With a fault: the simulated time the run had reached, where it can be restarted (a worker that went quiet). */
  resumeNs?: number;
  /** Why the lab did not open what it was given (a damaged link, say), until dismissed. */
  notice?: string;
  loading: boolean;
  /** How far a long warm-up has got (0..1), while loading. */
  warmupProgress?: number;
  snapshot?: Snapshot;
  trace?: TraceWindow;
  /** The newest report (live while playing, final at the end). */
  report?: Report;
  /** The report of the last run that reached its end. */
  finalReport?: Report;
  /** Playback asked for (the worker confirms by sending frames). */
  playing: boolean;
  done: boolean;
  speed: Speed;
  nowNs: number;
  startNs: number;
  durationNs: number;
  warmupNs: number;
  events: number;
  /** Frames shown so far (the page exposes it for tests and the benchmark). */
  frames: number;
  /** The records of the last step, in words. */
  lastStep: string[];
  sweep: SweepState;
  sweepNotes: string[];
  /** Rewind: how far the run reached and its checkpoints (from the worker's frames). */
  rewind?: RewindInfo;
  /** The simulated time a seek asked for, until its frame is shown. */
  seekTargetNs?: number;
  /** Variant runs by name (runVariants): the latest run of each. */
  variants: Readonly<Record<string, VariantRun>>;
  /** The companion run (runCompanion): the lab's scenario with a few fields changed, run to its end. */
  companion?: CompanionRun;
}

/** The lab's scenario with a few fields changed, run to its end beside the lab's own run. */
export interface CompanionRun {
  /** Words for it ("with hand-off locks"). */
  label: string;
  /** The fields changed. */
  overrides: ScenarioValues;
  /** The scenario it runs: the lab's when it started, with the overrides. */
  scenario: ScenarioValues;
  /** refused: the core did not accept the scenario (message says why). */
  status: 'running' | 'done' | 'refused' | 'cancelled' | 'failed';
  /** The core's report once it has run to its end. */
  report?: Report;
  message?: string;
}

/** A companion run's state from its variant run's. */
export function companionOf(label: string, overrides: ScenarioValues, run: VariantRun): CompanionRun {
  const report = run.reports[0];
  const message = run.refusals[0] ?? run.message;
  return {
    label,
    overrides,
    scenario: run.variants[0]?.values ?? {},
    status: run.refusals[0] ? 'refused' : run.status,
    ...(report ? { report } : {}),
    ...(message ? { message } : {}),
  };
}
