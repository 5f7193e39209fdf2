/*
 * statements.ts -- learning events as xAPI-shaped statements (Experience API 1.0.3:
 * verb, object, result, context, timestamp), made from what the learner did in an
 * embedded lesson or lab. The lesson's own progress store (src/lesson/progress.ts) is
 * the record of what happened; statementsBetween() compares two snapshots of one
 * lesson's progress and says, as statements, what changed. So the lesson components do
 * not know about embedding, and every statement matches something saved.
 *
 * There is no actor: the lab does not know who the learner is. The host page (an LMS,
 * a course site) adds its own actor before it stores a statement. docs/embedding.md
 * documents every statement made here.
 */
import type { CheckComponent, PredictComponent } from '../lesson/components.js';
import type { LessonProgress, Prediction } from '../lesson/progress.js';
import { savedAnswer } from '../lesson/check-answer.js';
import { own } from '../core/safe-keys.js';

export const VERBS = {
  experienced: 'http://adlnet.gov/expapi/verbs/experienced',
  answered: 'http://adlnet.gov/expapi/verbs/answered',
  completed: 'http://adlnet.gov/expapi/verbs/completed',
} as const;
export type VerbName = keyof typeof VERBS;

const ACTIVITY_TYPES = {
  lesson: 'http://adlnet.gov/expapi/activities/lesson',
  question: 'http://adlnet.gov/expapi/activities/cmi.interaction',
  simulation: 'http://adlnet.gov/expapi/activities/simulation',
} as const;

type LanguageMap = Record<string, string>;

export interface Activity {
  objectType: 'Activity';
  id: string;
  definition: {
    name: LanguageMap;
    type: string;
    description?: LanguageMap;
    interactionType?: 'choice' | 'numeric';
    choices?: { id: string; description: LanguageMap }[];
    correctResponsesPattern?: string[];
  };
}

export interface StatementResult {
  response?: string;
  success?: boolean;
  completion?: boolean;
  score?: { scaled: number; raw: number; min: number; max: number };
  extensions?: Record<string, number>;
}

export interface Statement {
  id: string;
  verb: { id: string; display: LanguageMap };
  object: Activity;
  result?: StatementResult;
  context?: { platform: string; language: string; contextActivities?: { parent: { objectType: 'Activity'; id: string }[] } };
  timestamp: string;
}

/** What statements need to know about a lesson (a parsed Lesson has all of it). */
export interface LessonInfo {
  meta: { id: string; title: string; summary?: string };
  predicts: Record<string, PredictComponent>;
  checks: Record<string, CheckComponent>;
  labs: Record<string, { id: string; task: { text: string; runs: unknown[] } }>;
}

export interface StatementContext {
  /** The lab's address without its hash, e.g. https://user.github.io/stacklab/ : activity ids start here. */
  base: string;
  now?: () => Date;
  newId?: () => string;
}

const en = (text: string): LanguageMap => ({ 'en-US': text });

/** Markdown in lesson text made plain enough for a name or description. */
function plain(markdown: string): string {
  return markdown
    .replace(/\*\*|__|`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A version 4 UUID (statement ids must be UUIDs), without needing a secure context. */
export function uuid(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const lessonActivityId = (base: string, lessonId: string) => `${base}#/lessons/${lessonId}`;

function make(ctx: StatementContext, verb: VerbName, object: Activity, result?: StatementResult, parent?: string): Statement {
  const statement: Statement = {
    id: (ctx.newId ?? uuid)(),
    verb: { id: VERBS[verb], display: en(verb) },
    object,
    timestamp: (ctx.now?.() ?? new Date()).toISOString(),
    context: { platform: 'StackLab', language: 'en-US' },
  };
  if (result) statement.result = result;
  if (parent) statement.context!.contextActivities = { parent: [{ objectType: 'Activity', id: parent }] };
  return statement;
}

function lessonActivity(ctx: StatementContext, lesson: LessonInfo): Activity {
  const definition: Activity['definition'] = { name: en(lesson.meta.title), type: ACTIVITY_TYPES.lesson };
  if (lesson.meta.summary) definition.description = en(plain(lesson.meta.summary));
  return { objectType: 'Activity', id: lessonActivityId(ctx.base, lesson.meta.id), definition };
}

function predictActivity(ctx: StatementContext, lesson: LessonInfo, predict: PredictComponent): Activity {
  const definition: Activity['definition'] = {
    name: en(plain(predict.question)),
    description: en('A prediction, committed before the experiment. It has no right answer.'),
    type: ACTIVITY_TYPES.question,
    interactionType: predict.options ? 'choice' : 'numeric',
  };
  if (predict.options)
    definition.choices = predict.options.map((option, index) => ({ id: String(index), description: en(plain(option.text)) }));
  return { objectType: 'Activity', id: `${lessonActivityId(ctx.base, lesson.meta.id)}/predict/${predict.id}`, definition };
}

function checkActivity(ctx: StatementContext, lesson: LessonInfo, check: CheckComponent): Activity {
  const correct = check.options.findIndex((option) => option.correct === true);
  return {
    objectType: 'Activity',
    id: `${lessonActivityId(ctx.base, lesson.meta.id)}/check/${check.id}`,
    definition: {
      name: en(plain(check.question)),
      type: ACTIVITY_TYPES.question,
      interactionType: 'choice',
      choices: check.options.map((option, index) => ({ id: String(index), description: en(plain(option.text)) })),
      correctResponsesPattern: correct >= 0 ? [String(correct)] : [],
    },
  };
}

function labActivity(ctx: StatementContext, lesson: LessonInfo, labId: string): Activity {
  const lab = lesson.labs[labId];
  return {
    objectType: 'Activity',
    id: `${lessonActivityId(ctx.base, lesson.meta.id)}/lab/${labId}`,
    definition: { name: en(lab ? plain(lab.task.text) : `Experiment ${labId}`), type: ACTIVITY_TYPES.simulation },
  };
}

/** The response to a prediction, as xAPI writes one: the choice's id, the number, or a
 * sketch's values joined by xAPI's "[,]". */
export function predictionResponse(prediction: Prediction): string {
  if (prediction.kind === 'sketch') return prediction.values.map(String).join('[,]');
  return prediction.kind === 'option' ? String(prediction.index) : String(prediction.value);
}

/** The lesson's score: questions answered right at the first attempt, out of all questions. */
export function lessonScore(lesson: LessonInfo, progress: LessonProgress): StatementResult['score'] | undefined {
  const ids = Object.keys(lesson.checks);
  if (ids.length === 0) return undefined;
  const raw = ids.filter((id) => {
    const check = lesson.checks[id]!;
    const first = savedAnswer(check, progress.checks[id])?.attempts[0];
    return first !== undefined && check.options[first]?.correct === true;
  }).length;
  return { scaled: Math.round((raw / ids.length) * 1000) / 1000, raw, min: 0, max: ids.length };
}

/** The learner opened an embedded lesson. */
export function lessonOpened(ctx: StatementContext, lesson: LessonInfo): Statement {
  return make(ctx, 'experienced', lessonActivity(ctx, lesson));
}

/**
 * What changed between two snapshots of one lesson's progress, as statements in the
 * order they happened within the lesson: predictions committed and questions answered
 * (answered), experiment runs measured (experienced), the lesson completed (completed).
 * A reset (less progress than before) makes no statements.
 */
export function statementsBetween(ctx: StatementContext, lesson: LessonInfo, before: LessonProgress, after: LessonProgress): Statement[] {
  const out: Statement[] = [];
  const parent = lessonActivityId(ctx.base, lesson.meta.id);
  for (const [id, prediction] of Object.entries(after.predictions)) {
    const predict = lesson.predicts[id];
    if (!predict || own(before.predictions, id)) continue;
    out.push(make(ctx, 'answered', predictActivity(ctx, lesson, predict), { response: predictionResponse(prediction) }, parent));
  }
  for (const [id, lab] of Object.entries(after.labs)) {
    const had = before.labs[id]?.runs ?? {};
    for (const [index, measured] of Object.entries(lab.runs)) {
      if (had[index]) continue;
      const extensions: Record<string, number> = {};
      for (const [metric, value] of Object.entries(measured)) extensions[`${ctx.base}#/xapi/metric/${metric}`] = value as number;
      const result: StatementResult = { completion: true };
      if (Object.keys(extensions).length > 0) result.extensions = extensions;
      out.push(make(ctx, 'experienced', labActivity(ctx, lesson, id), result, parent));
    }
  }
  for (const [id, check] of Object.entries(after.checks)) {
    const component = lesson.checks[id];
    // Attempts saved for an earlier version of the check are not answers to this one.
    const earlier = component ? (savedAnswer(component, before.checks[id])?.attempts.length ?? 0) : 0;
    if (!component || check.attempts.length <= earlier) continue;
    for (const choice of check.attempts.slice(earlier)) {
      out.push(
        make(
          ctx,
          'answered',
          checkActivity(ctx, lesson, component),
          {
            response: String(choice),
            success: component.options[choice]?.correct === true,
          },
          parent,
        ),
      );
    }
  }
  if (after.completedAt && !before.completedAt) {
    const result: StatementResult = { completion: true };
    const score = lessonScore(lesson, after);
    if (score) {
      result.score = score;
      result.success = score.raw === score.max;
    }
    out.push(make(ctx, 'completed', lessonActivity(ctx, lesson), result));
  }
  return out;
}

/** Statements for a lab embedded on its own (no lesson): opened, and each run to its end. */
export function labOpened(ctx: StatementContext, link: string): Statement {
  return make(ctx, 'experienced', {
    objectType: 'Activity',
    id: `${ctx.base}${link}`,
    definition: { name: en('StackLab lab'), type: ACTIVITY_TYPES.simulation },
  });
}

export function labRunFinished(ctx: StatementContext, link: string, measured: Record<string, number>): Statement {
  const extensions: Record<string, number> = {};
  for (const [metric, value] of Object.entries(measured))
    if (Number.isFinite(value)) extensions[`${ctx.base}#/xapi/metric/${metric}`] = value;
  return make(
    ctx,
    'completed',
    { objectType: 'Activity', id: `${ctx.base}${link}`, definition: { name: en('StackLab lab'), type: ACTIVITY_TYPES.simulation } },
    { completion: true, extensions },
  );
}
