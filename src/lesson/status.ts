/*
 * status.ts -- where a learner stands in a lesson, derived from the lesson and their
 * saved progress (never stored twice): which steps are done, whether a lab is
 * unlocked, which task run a report answers, and what it measured.
 */
import type { Report } from '../core/report.js';
import type { FieldSettings, LabComponent } from './components.js';
import { readMetric } from './metrics.js';
import type { Lesson, Step } from './parse.js';
import type { LessonProgress, RunRecord } from './progress.js';

export function stepDone(lesson: Lesson, progress: LessonProgress, step: Step): boolean {
  switch (step.kind) {
    case 'predict':
      return step.id in progress.predictions;
    case 'lab':
      return labDone(lesson.labs[step.id]!, progress);
    case 'check':
      return progress.checks[step.id]?.correct === true;
  }
}

export function labDone(lab: LabComponent, progress: LessonProgress): boolean {
  const saved = progress.labs[lab.id];
  if (!saved) return false;
  return saved.manual === true || lab.task.runs.every((_, index) => String(index) in saved.runs);
}

/** The predictions a lab waits for that are not committed yet. */
export function missingPredictions(lab: LabComponent, progress: LessonProgress): string[] {
  return (lab.requires ?? []).filter((id) => !(id in progress.predictions));
}

export interface LessonStatus {
  done: number;
  total: number;
  complete: boolean;
  started: boolean;
}

export function lessonStatus(lesson: Lesson, progress: LessonProgress): LessonStatus {
  const done = lesson.steps.filter((step) => stepDone(lesson, progress, step)).length;
  const started = done > 0 || Object.keys(progress.checks).length > 0;
  return { done, total: lesson.steps.length, complete: done === lesson.steps.length, started };
}

/** The value of a dotted field path in a report's (nested) scenario. */
function scenarioValue(report: Report, path: string): unknown {
  let node: unknown = report.scenario;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

export function reportMatches(report: Report, settings: FieldSettings): boolean {
  return Object.entries(settings).every(([path, value]) => scenarioValue(report, path) === value);
}

/** Which of the task's runs this report is (-1 if none). */
export function matchRun(lab: LabComponent, report: Report): number {
  return lab.task.runs.findIndex((run) => reportMatches(report, run));
}

/** What a report measured, for the metrics the task records. */
export function recordRun(lab: LabComponent, report: Report): RunRecord {
  const record: RunRecord = {};
  for (const metric of lab.task.record) {
    const value = readMetric(report, metric);
    if (value !== undefined) record[metric] = value;
  }
  return record;
}
