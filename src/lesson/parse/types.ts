/*
 * types.ts -- what parsing a lesson gives (a Lesson: its sections, steps and
 * components, its resolved scenarios) or, when the file is wrong, every problem with
 * its file, line and fix.
 */
import type { FlatScenario, ScenarioDocument } from '../../core/scenario.js';
import type { Schema } from '../../core/schema.js';
import type { SourceProblem } from '../../core/yaml-lines.js';
import {
  type CheckComponent,
  type CompareComponent,
  type Component,
  type FrontMatter,
  type LabComponent,
  type PredictComponent,
  type SectionTitle,
} from '../components.js';

/** One thing wrong with a lesson file. */
export type LessonProblem = SourceProblem;

export function formatProblem(problem: LessonProblem): string {
  return `${problem.file}:${problem.line}: ${problem.message} Fix: ${problem.fix}`;
}

/** The lesson's ```compare blocks, in page order. */
export function lessonCompares(lesson: Lesson): CompareComponent[] {
  return lesson.sections
    .flatMap((section) => section.blocks)
    .flatMap((block) => (block.kind === 'component' && block.component.type === 'compare' ? [block.component] : []));
}

export class LessonParseError extends Error {
  readonly problems: LessonProblem[];

  constructor(problems: LessonProblem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'LessonParseError';
    this.problems = problems;
  }
}

export type Block = { kind: 'markdown'; html: string } | { kind: 'component'; line: number; component: Component };

export interface LessonSection {
  title: SectionTitle;
  /** A stable id for the section's heading, e.g. "what-you-will-learn". */
  slug: string;
  line: number;
  blocks: Block[];
  /** The steps its components ask of the learner, in order. */
  steps: Step[];
}

/** A step the learner completes: commit a prediction, make a lab's runs, answer a check. */
export interface Step {
  kind: 'predict' | 'lab' | 'check';
  id: string;
}

export interface Lesson {
  file: string;
  meta: FrontMatter;
  sections: LessonSection[];
  steps: Step[];
  predicts: Record<string, PredictComponent>;
  labs: Record<string, LabComponent>;
  checks: Record<string, CheckComponent>;
  /** Each front-matter scenario resolved: the preset's fields with its overrides. */
  scenarios: Record<string, FlatScenario>;
  /** Each lab's scenario: its front-matter scenario with the lab's own overrides. */
  labScenarios: Record<string, FlatScenario>;
}

export interface ParseContext {
  /** Scenario documents by preset name (lessons/scenarios/<name>.json). */
  presets: Record<string, ScenarioDocument>;
  /** The core's schema: when given, every field path and value is checked too. */
  schema?: Schema;
}
