/*
 * Learning statements from a real lesson (lessons/ as the browser bundles them): what a
 * change in saved progress says as xAPI statements -- verbs, activity ids, results with
 * response, success and score -- and that nothing is said twice or after a reset.
 */
import { describe, expect, it } from 'vitest';
import { catalog } from '../lesson/library.js';
import { emptyLessonProgress, type LessonProgress } from '../lesson/progress.js';
import { labRunFinished, lessonOpened, lessonScore, statementsBetween, uuid, VERBS, type StatementContext } from './statements.js';

const lesson = catalog.lessons.find((l) => Object.keys(l.checks).length >= 2 && Object.keys(l.predicts).length >= 1)!;
const base = 'https://user.github.io/project/';
let n = 0;
const ctx: StatementContext = { base, now: () => new Date('2026-11-23T10:00:00Z'), newId: () => `id-${++n}` };
const checkIds = Object.keys(lesson.checks);
const [firstCheck, secondCheck] = [lesson.checks[checkIds[0]!]!, lesson.checks[checkIds[1]!]!];
const right = (id: string) => lesson.checks[id]!.options.findIndex((o) => o.correct === true);
const wrong = (id: string) => lesson.checks[id]!.options.findIndex((o) => o.correct !== true);
const predictId = Object.keys(lesson.predicts)[0]!;
const predict = lesson.predicts[predictId]!;

describe('statements', () => {
  it('opening a lesson is "experienced" the lesson activity', () => {
    const s = lessonOpened(ctx, lesson);
    expect(s.verb).toEqual({ id: VERBS.experienced, display: { 'en-US': 'experienced' } });
    expect(s.object.id).toBe(`${base}#/lessons/${lesson.meta.id}`);
    expect(s.object.definition.type).toBe('http://adlnet.gov/expapi/activities/lesson');
    expect(s.object.definition.name['en-US']).toBe(lesson.meta.title);
    expect(s.timestamp).toBe('2026-11-23T10:00:00.000Z');
    expect(s).not.toHaveProperty('actor');
  });

  it('a committed prediction is "answered" with its response and no success (it has no right answer)', () => {
    const after: LessonProgress = {
      ...emptyLessonProgress(),
      predictions: { [predictId]: predict.options ? { kind: 'option', index: 1, at: 'x' } : { kind: 'number', value: 12.5, at: 'x' } },
    };
    const [s, ...rest] = statementsBetween(ctx, lesson, emptyLessonProgress(), after);
    expect(rest).toEqual([]);
    expect(s!.verb.id).toBe(VERBS.answered);
    expect(s!.object.id).toBe(`${base}#/lessons/${lesson.meta.id}/predict/${predictId}`);
    expect(s!.result).toEqual({ response: predict.options ? '1' : '12.5' });
    expect(s!.object.definition.interactionType).toBe(predict.options ? 'choice' : 'numeric');
    expect(s!.context?.contextActivities?.parent[0]!.id).toBe(`${base}#/lessons/${lesson.meta.id}`);
  });

  it('each check attempt is "answered" with the choice and whether it was right', () => {
    const before: LessonProgress = {
      ...emptyLessonProgress(),
      checks: { [firstCheck.id]: { attempts: [wrong(firstCheck.id)], correct: false } },
    };
    const after: LessonProgress = {
      ...emptyLessonProgress(),
      checks: { [firstCheck.id]: { attempts: [wrong(firstCheck.id), right(firstCheck.id)], correct: true } },
    };
    const said = statementsBetween(ctx, lesson, before, after);
    expect(said).toHaveLength(1);
    expect(said[0]!.result).toEqual({ response: String(right(firstCheck.id)), success: true });
    expect(said[0]!.object.definition.correctResponsesPattern).toEqual([String(right(firstCheck.id))]);
    expect(said[0]!.object.definition.choices).toHaveLength(firstCheck.options.length);
    const wrongly = statementsBetween(ctx, lesson, emptyLessonProgress(), before);
    expect(wrongly[0]!.result).toEqual({ response: String(wrong(firstCheck.id)), success: false });
  });

  it('a measured run is "experienced" the experiment, with what it measured', () => {
    const labId = Object.keys(lesson.labs)[0]!;
    const after: LessonProgress = { ...emptyLessonProgress(), labs: { [labId]: { runs: { '0': { mpsynch_pct: 27.4 } } } } };
    const [s] = statementsBetween(ctx, lesson, emptyLessonProgress(), after);
    expect(s!.verb.id).toBe(VERBS.experienced);
    expect(s!.object.id).toBe(`${base}#/lessons/${lesson.meta.id}/lab/${labId}`);
    expect(s!.result).toEqual({ completion: true, extensions: { [`${base}#/xapi/metric/mpsynch_pct`]: 27.4 } });
  });

  it('completion is "completed" with the score: questions right at the first attempt', () => {
    const checks = {
      [firstCheck.id]: { attempts: [right(firstCheck.id)], correct: true },
      [secondCheck.id]: { attempts: [wrong(secondCheck.id), right(secondCheck.id)], correct: true },
    };
    const before: LessonProgress = { ...emptyLessonProgress(), checks };
    const after: LessonProgress = { ...before, completedAt: '2026-11-23T10:00:00Z' };
    const said = statementsBetween(ctx, lesson, before, after);
    expect(said).toHaveLength(1);
    expect(said[0]!.verb.id).toBe(VERBS.completed);
    const total = checkIds.length;
    expect(said[0]!.result).toEqual({
      completion: true,
      success: false,
      score: { scaled: Math.round((1 / total) * 1000) / 1000, raw: 1, min: 0, max: total },
    });
    expect(lessonScore(lesson, emptyLessonProgress())).toEqual({ scaled: 0, raw: 0, min: 0, max: total });
  });

  it('says nothing when nothing new happened, or after a reset', () => {
    const some: LessonProgress = {
      ...emptyLessonProgress(),
      checks: { [firstCheck.id]: { attempts: [0], correct: false } },
      completedAt: 'x',
    };
    expect(statementsBetween(ctx, lesson, some, some)).toEqual([]);
    expect(statementsBetween(ctx, lesson, some, emptyLessonProgress())).toEqual([]);
  });

  it('a finished lab run is "completed" with finite measures only', () => {
    const s = labRunFinished(ctx, '#/lab?s=abc', { mpsynch_pct: 3.5, transactions_per_min: NaN });
    expect(s.object.id).toBe(`${base}#/lab?s=abc`);
    expect(s.result).toEqual({ completion: true, extensions: { [`${base}#/xapi/metric/mpsynch_pct`]: 3.5 } });
  });

  it('statement ids are version 4 UUIDs', () => {
    expect(uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
