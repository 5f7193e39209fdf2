/*
 * progress-file.ts -- the learner's lesson progress as a file they can keep, move to
 * another browser or hand in: JSON { format: "stacklab-progress", version, exportedAt,
 * progress }, where progress is exactly what src/lesson/progress.ts keeps in
 * localStorage. Importing merges the file into what the browser has; it never takes
 * anything away.
 *
 * Invariants: reading a file never throws and never changes anything; a file that is
 * not ours, damaged or from a newer StackLab is refused with a message that says why.
 * Validation is progress.ts's own loadProgress(), so the file and storage accept the
 * same data.
 */
import { isPlainObject } from '../core/scenario-values.js';
import { findForbiddenKey, forbiddenKeyClause } from '../core/safe-keys.js';
import { loadProgress, PROGRESS_KEY, PROGRESS_VERSION, type LessonProgress, type ProgressData } from './progress.js';

export const PROGRESS_FILE_FORMAT = 'stacklab-progress';
export const PROGRESS_FILE_VERSION = 1;
/** Far more than any real progress file; a bigger file is not read at all. */
export const MAX_PROGRESS_FILE_BYTES = 2_000_000;

export interface ProgressFile {
  format: typeof PROGRESS_FILE_FORMAT;
  version: typeof PROGRESS_FILE_VERSION;
  exportedAt: string;
  progress: ProgressData;
}

export function progressFile(data: ProgressData, now = new Date()): ProgressFile {
  return { format: PROGRESS_FILE_FORMAT, version: PROGRESS_FILE_VERSION, exportedAt: now.toISOString(), progress: data };
}

export function progressFileName(now = new Date()): string {
  return `stacklab-progress-${now.toISOString().slice(0, 10)}.json`;
}

export type ReadResult = { ok: true; data: ProgressData; lessons: number; dropped?: string } | { ok: false; message: string };

/** Reads a progress file's text; says in words what is wrong with one it cannot use. */
export function readProgressFile(text: string, name = 'The file'): ReadResult {
  const fail = (why: string): ReadResult => ({
    ok: false,
    message: `${name} could not be imported: ${why} Your progress has not changed.`,
  });
  if (text.length > MAX_PROGRESS_FILE_BYTES)
    return fail(`it is ${Math.round(text.length / 1000)} KB, far larger than any StackLab progress file.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return fail('it is not JSON (is it the file StackLab saved, unchanged?).');
  }
  const forbidden = findForbiddenKey(parsed);
  if (forbidden) return fail(`it ${forbiddenKeyClause(forbidden)}`);
  if (!isPlainObject(parsed) || parsed.format !== PROGRESS_FILE_FORMAT) {
    return fail(`it is not a StackLab progress file (it has no "format": "${PROGRESS_FILE_FORMAT}").`);
  }
  if (typeof parsed.version !== 'number') return fail('it has no version number.');
  if (parsed.version > PROGRESS_FILE_VERSION) {
    return fail(`it was written by a newer StackLab (file version ${parsed.version}; this one reads version ${PROGRESS_FILE_VERSION}).`);
  }
  if (parsed.version !== PROGRESS_FILE_VERSION) return fail(`its version ${parsed.version} is not one StackLab ever wrote.`);
  if (!isPlainObject(parsed.progress)) return fail('it has no progress in it.');
  // The same reader as saved progress, over a one-entry storage holding the file's part.
  const progressText = JSON.stringify(parsed.progress);
  const read = loadProgress({
    getItem: (key) => (key === PROGRESS_KEY ? progressText : null),
    setItem: () => {},
    removeItem: () => {},
  });
  if (read.notice && read.notice.kind !== 'partly-corrupt') {
    if (read.notice.kind === 'newer')
      return fail(`its progress is in format ${String(parsed.progress.version)}, newer than this StackLab's format ${PROGRESS_VERSION}.`);
    return fail('its progress is damaged (it is not in the format StackLab writes).');
  }
  const lessons = Object.keys(read.data.lessons).length;
  return read.notice ? { ok: true, data: read.data, lessons, dropped: read.notice.message } : { ok: true, data: read.data, lessons };
}

const earlier = (a?: string, b?: string) => (a === undefined ? b : b === undefined ? a : a <= b ? a : b);

/**
 * One lesson's progress from what the browser has and what a file brings: nothing is
 * lost. A committed prediction is never replaced (predictions are kept as first made);
 * runs are the union; a question keeps the longer record of attempts and stays right
 * once right; a lesson is complete if either says so, from the earlier time.
 */
export function mergeLesson(mine: LessonProgress, theirs: LessonProgress): LessonProgress {
  const labs = { ...theirs.labs };
  for (const [id, lab] of Object.entries(mine.labs)) {
    const other = labs[id];
    labs[id] = other ? { runs: { ...other.runs, ...lab.runs }, ...(lab.manual || other.manual ? { manual: true } : {}) } : lab;
  }
  const checks = { ...theirs.checks };
  for (const [id, check] of Object.entries(mine.checks)) {
    const other = checks[id];
    if (!other) checks[id] = check;
    else {
      const longer = other.attempts.length > check.attempts.length ? other : check;
      // Answers to two versions of the check: keep the longer record as it is.
      checks[id] =
        check.key !== other.key
          ? longer
          : { attempts: longer.attempts, correct: check.correct || other.correct, ...(check.key !== undefined ? { key: check.key } : {}) };
    }
  }
  const merged: LessonProgress = { predictions: { ...theirs.predictions, ...mine.predictions }, labs, checks };
  const completedAt = earlier(mine.completedAt, theirs.completedAt);
  if (completedAt) merged.completedAt = completedAt;
  return merged;
}

export function mergeProgress(mine: ProgressData, theirs: ProgressData): ProgressData {
  const lessons = { ...mine.lessons };
  for (const [id, lesson] of Object.entries(theirs.lessons)) {
    lessons[id] = lessons[id] ? mergeLesson(lessons[id]!, lesson) : lesson;
  }
  // The order questions show their options in: a browser with no answers yet takes the
  // file's (the learner moving to a new browser); one with answers keeps its own.
  const fresh = Object.keys(mine.lessons).length === 0;
  const seed = fresh ? (theirs.seed ?? mine.seed) : (mine.seed ?? theirs.seed);
  return seed === undefined ? { version: PROGRESS_VERSION, lessons } : { version: PROGRESS_VERSION, lessons, seed };
}
