/*
 * status.ts -- where a learner stands in a lesson, derived from the lesson and their
 * saved progress (never stored twice): which steps are done, whether a lab is
 * unlocked, which task run a report answers, and what it measured.
 */
import type { Report } from '../core/report.js';
import { savedAnswer } from './check-answer.js';
import { flattenScenario, type FlatScenario } from '../core/scenario-values.js';
import type { LabComponent } from './components.js';
import { readMetric } from '../shared/metrics.js';
import type { Lesson, Step } from './parse.js';
import type { LessonProgress, RunRecord } from './progress.js';

export function stepDone(lesson: Lesson, progress: LessonProgress, step: Step): boolean {
  switch (step.kind) {
    case 'predict':
      return step.id in progress.predictions;
    case 'lab':
      return labDone(lesson.labs[step.id]!, progress);
    case 'check':
      return lesson.checks[step.id] !== undefined && savedAnswer(lesson.checks[step.id]!, progress.checks[step.id])?.correct === true;
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
  /** Anything is saved: a step done, or a wrong answer, or some of a lab's runs. */
  started: boolean;
}

export function lessonStatus(lesson: Lesson, progress: LessonProgress): LessonStatus {
  const done = lesson.steps.filter((step) => stepDone(lesson, progress, step)).length;
  const started = done > 0 || [progress.predictions, progress.labs, progress.checks].some((saved) => Object.keys(saved).length > 0);
  return { done, total: lesson.steps.length, complete: done === lesson.steps.length, started };
}

/** The settings a report ran with, by dotted field path. */
export function ranSettings(report: Report): FlatScenario {
  return flattenScenario(report.scenario ?? {});
}

/** Which of the task's runs this report is (-1 if none). */
export function matchRun(lab: LabComponent, report: Report): number {
  const ran = ranSettings(report);
  return lab.task.runs.findIndex((run) => Object.entries(run).every(([path, value]) => ran[path] === value));
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
