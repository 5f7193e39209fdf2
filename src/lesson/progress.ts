/*
 * progress.ts -- the learner's progress through lessons, kept in localStorage under one
 * versioned key: predictions committed, runs measured, check answers, completion.
 *
 * Invariants: reading storage never throws. Absent storage starts empty; storage that is
 * not ours (not JSON, wrong shape, a version this code does not know) starts empty with
 * a notice the page shows beside a Reset button; entries that are partly damaged are
 * dropped one by one and the rest kept. The store's snapshot is replaced, never mutated,
 * on every change, so React's useSyncExternalStore sees each change.
 */
import { isPlainObject } from '../core/scenario-values.js';
import { findForbiddenKey, forbiddenKeyMessage, own } from '../core/safe-keys.js';
import { isMetricId, type MetricId } from '../shared/metrics.js';

export const PROGRESS_VERSION = 1;
/** The key carries the version, so an older build never misreads a newer format. */
export const PROGRESS_KEY = `stacklab.lessons.v${PROGRESS_VERSION}`;

export type Prediction =
  | { kind: 'option'; index: number; at: string }
  | { kind: 'number'; value: number; at: string }
  /** A sketched curve: one value per point of the predict's sketch, left to right. */
  | { kind: 'sketch'; values: number[]; at: string };

/** What one run measured, by metric. */
export type RunRecord = Partial<Record<MetricId, number>>;

export interface LabProgress {
  /** Task run index (as text) -> what the learner's run of it measured. */
  runs: Record<string, RunRecord>;
  /** Marked done by hand because the lab could not run in this browser. */
  manual?: boolean;
}

export interface CheckProgress {
  /** Option indexes chosen, in order; the last is the current answer. */
  attempts: number[];
  correct: boolean;
  /** The check's key (status.ts: checkKey) when it was answered: an answer saved for
   * other options (a lesson rewritten since) is not read as an answer to these. */
  key?: string;
}

export interface LessonProgress {
  predictions: Record<string, Prediction>;
  labs: Record<string, LabProgress>;
  checks: Record<string, CheckProgress>;
  completedAt?: string;
}

export interface ProgressData {
  version: typeof PROGRESS_VERSION;
  lessons: Record<string, LessonProgress>;
  /** The learner's own seed (a 32-bit unsigned integer): the order each check shows its
   * options in, the same on every reload and in a progress file. Answers are kept as the
   * options' indexes in the lesson file, whatever the order shown. */
  seed?: number;
}

const isSeed = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 0xffffffff;

/** A new learner seed, from the browser's random source where there is one. */
export function newSeed(): number {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  if (c?.getRandomValues) return c.getRandomValues(new Uint32Array(1))[0]!;
  return Math.floor(Math.random() * 0x100000000) >>> 0;
}

/** Why saved progress could not be used as it was. */
export type ProgressNotice =
  | { kind: 'unavailable'; message: string }
  | { kind: 'corrupt'; message: string }
  | { kind: 'partly-corrupt'; message: string }
  | { kind: 'newer'; message: string }
  | { kind: 'save-failed'; message: string };

export interface ProgressState {
  data: ProgressData;
  notice?: ProgressNotice;
}

/** The part of the Web Storage API this module uses. */
export type ProgressStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function emptyProgress(): ProgressData {
  return { version: PROGRESS_VERSION, lessons: {} };
}

export function emptyLessonProgress(): LessonProgress {
  return { predictions: {}, labs: {}, checks: {} };
}

// ---- reading ---------------------------------------------------------------------

const isTime = (value: unknown): value is string => typeof value === 'string' && value.length <= 40;

function readPrediction(value: unknown): Prediction | undefined {
  if (!isPlainObject(value) || !isTime(value.at)) return undefined;
  if (value.kind === 'option' && Number.isInteger(value.index) && (value.index as number) >= 0) {
    return { kind: 'option', index: value.index as number, at: value.at };
  }
  if (value.kind === 'number' && typeof value.value === 'number' && Number.isFinite(value.value)) {
    return { kind: 'number', value: value.value, at: value.at };
  }
  if (
    value.kind === 'sketch' &&
    Array.isArray(value.values) &&
    value.values.length > 0 &&
    value.values.length <= 16 &&
    value.values.every((v) => typeof v === 'number' && Number.isFinite(v))
  ) {
    return { kind: 'sketch', values: [...(value.values as number[])], at: value.at };
  }
  return undefined;
}

function readLab(value: unknown): LabProgress | undefined {
  if (!isPlainObject(value) || !isPlainObject(value.runs)) return undefined;
  const runs: Record<string, RunRecord> = {};
  for (const [index, record] of Object.entries(value.runs)) {
    if (!/^\d+$/.test(index) || !isPlainObject(record)) return undefined;
    const run: RunRecord = {};
    for (const [metric, number] of Object.entries(record)) {
      if (!isMetricId(metric) || typeof number !== 'number' || !Number.isFinite(number)) return undefined;
      run[metric] = number;
    }
    runs[index] = run;
  }
  return value.manual === true ? { runs, manual: true } : { runs };
}

function readCheck(value: unknown): CheckProgress | undefined {
  if (!isPlainObject(value) || !Array.isArray(value.attempts) || typeof value.correct !== 'boolean') return undefined;
  if (!value.attempts.every((a) => Number.isInteger(a) && a >= 0) || value.attempts.length > 100) return undefined;
  if (value.key !== undefined && (typeof value.key !== 'string' || !/^[0-9a-f]{1,16}$/.test(value.key))) return undefined;
  return { attempts: value.attempts as number[], correct: value.correct, ...(value.key !== undefined ? { key: value.key } : {}) };
}

/** Keeps every readable entry of a lesson's progress; counts what it had to drop. */
function readLesson(value: unknown): { lesson?: LessonProgress; dropped: number } {
  if (!isPlainObject(value)) return { dropped: 1 };
  const lesson = emptyLessonProgress();
  let dropped = 0;
  const each = <T>(group: unknown, read: (v: unknown) => T | undefined, into: Record<string, T>) => {
    if (group === undefined) return;
    if (!isPlainObject(group)) {
      dropped++;
      return;
    }
    for (const [id, entry] of Object.entries(group)) {
      const ok = read(entry);
      if (ok === undefined) dropped++;
      else into[id] = ok;
    }
  };
  each(value.predictions, readPrediction, lesson.predictions);
  each(value.labs, readLab, lesson.labs);
  each(value.checks, readCheck, lesson.checks);
  if (isTime(value.completedAt)) lesson.completedAt = value.completedAt;
  else if (value.completedAt !== undefined) dropped++;
  return { lesson, dropped };
}

/** Reads progress from storage; never throws. */
export function loadProgress(storage: ProgressStorage | null): ProgressState {
  if (!storage) {
    return {
      data: emptyProgress(),
      notice: {
        kind: 'unavailable',
        message: 'This browser does not let the page keep data, so your progress will last only until you leave the page.',
      },
    };
  }
  let text: string | null;
  try {
    text = storage.getItem(PROGRESS_KEY);
  } catch (error) {
    return {
      data: emptyProgress(),
      notice: {
        kind: 'unavailable',
        message: `Saved progress could not be read (${(error as Error).message || 'storage refused'}), so your progress will last only until you leave the page.`,
      },
    };
  }
  if (text === null) return { data: emptyProgress() };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {
      data: emptyProgress(),
      notice: { kind: 'corrupt', message: 'Your saved lesson progress is damaged (it is not valid JSON) and could not be read.' },
    };
  }
  const forbidden = findForbiddenKey(parsed);
  if (forbidden)
    return {
      data: emptyProgress(),
      notice: { kind: 'corrupt', message: `Your saved lesson progress could not be read. ${forbiddenKeyMessage('It', forbidden)}` },
    };
  if (!isPlainObject(parsed) || typeof parsed.version !== 'number') {
    return {
      data: emptyProgress(),
      notice: {
        kind: 'corrupt',
        message: 'Your saved lesson progress is damaged (it is not in the format this page writes) and could not be read.',
      },
    };
  }
  if (parsed.version !== PROGRESS_VERSION) {
    return {
      data: emptyProgress(),
      notice:
        parsed.version > PROGRESS_VERSION
          ? {
              kind: 'newer',
              message: `Your saved progress was written by a newer version of StackLab (format ${parsed.version}) and cannot be read by this one.`,
            }
          : { kind: 'corrupt', message: `Your saved progress has format ${parsed.version}, which this page does not know.` },
    };
  }
  if (!isPlainObject(parsed.lessons)) {
    return {
      data: emptyProgress(),
      notice: { kind: 'corrupt', message: 'Your saved lesson progress is damaged (it has no list of lessons) and could not be read.' },
    };
  }
  const data = emptyProgress();
  let dropped = 0;
  if (isSeed(parsed.seed)) data.seed = parsed.seed;
  else if (parsed.seed !== undefined) dropped++;
  for (const [id, value] of Object.entries(parsed.lessons)) {
    const read = readLesson(value);
    dropped += read.dropped;
    if (read.lesson) data.lessons[id] = read.lesson;
  }
  if (dropped > 0) {
    return {
      data,
      notice: {
        kind: 'partly-corrupt',
        message: `${dropped} saved answer${dropped === 1 ? ' was' : 's were'} damaged and ${dropped === 1 ? 'was' : 'were'} left out; the rest of your progress is kept.`,
      },
    };
  }
  return { data };
}

// ---- the store -------------------------------------------------------------------

export class ProgressStore {
  private state: ProgressState;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly storage: ProgressStorage | null) {
    this.state = loadProgress(storage);
    this.ensureSeed();
  }

  /** The learner's seed, made and saved the first time, so the order options are shown
   * in stays the same across reloads. Damaged or newer saved data is not overwritten
   * for it (the seed then lasts as long as the page). */
  private ensureSeed(save = true): void {
    if (this.state.data.seed !== undefined) return;
    const data: ProgressData = { ...this.state.data, seed: newSeed() };
    this.state = { ...this.state, data };
    if (!save || !this.storage || this.state.notice) return;
    try {
      this.storage.setItem(PROGRESS_KEY, JSON.stringify(data));
    } catch {
      // not saved now; the next answer saves it with everything else
    }
  }

  /** The learner's seed (see ProgressData.seed). */
  seed(): number {
    return this.state.data.seed ?? 0;
  }

  getState = (): ProgressState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  lesson(id: string): LessonProgress {
    return own(this.state.data.lessons, id) ?? emptyLessonProgress();
  }

  /** Applies a change to one lesson's progress and saves everything. */
  update(id: string, change: (lesson: LessonProgress) => LessonProgress): void {
    const next = change(structuredClone(this.lesson(id)));
    const data: ProgressData = { ...this.state.data, lessons: { ...this.state.data.lessons, [id]: next } };
    this.commit(data, this.state.notice);
  }

  /** Takes progress merged with a file's (progress-file.ts, mergeProgress) as the whole
   * saved progress, the learner's seed included. */
  adopt(data: ProgressData): void {
    this.commit(data, this.state.notice);
  }

  /** Forgets one lesson's progress. */
  resetLesson(id: string): void {
    const { [id]: _gone, ...lessons } = this.state.data.lessons;
    this.commit({ ...this.state.data, lessons }, this.state.notice);
  }

  /** Forgets everything, including damaged saved data, and clears the notice. */
  resetAll(): void {
    try {
      this.storage?.removeItem(PROGRESS_KEY);
    } catch {
      // nothing to do: the in-memory state is reset below either way
    }
    this.state = { data: emptyProgress(), notice: this.storage ? undefined : this.state.notice };
    // A fresh start: a new order, saved with the first answer (storage stays empty until then).
    this.ensureSeed(false);
    this.emit();
  }

  dismissNotice(): void {
    if (!this.state.notice) return;
    this.state = { data: this.state.data };
    this.emit();
  }

  /** Another tab changed the saved progress: read it again. */
  reload(): void {
    this.state = loadProgress(this.storage);
    this.ensureSeed();
    this.emit();
  }

  private commit(data: ProgressData, notice: ProgressNotice | undefined): void {
    let saveNotice = notice;
    // Progress from a newer StackLab is not overwritten; it stays until the learner resets.
    if (this.storage && notice?.kind !== 'newer') {
      try {
        this.storage.setItem(PROGRESS_KEY, JSON.stringify(data));
        // What was damaged has now been replaced by good data.
        if (notice && notice.kind !== 'unavailable') saveNotice = undefined;
      } catch (error) {
        saveNotice = {
          kind: 'save-failed',
          message: `Your progress could not be saved (${(error as Error).message || 'storage is full'}); it will last only until you leave the page.`,
        };
      }
    }
    this.state = { data, notice: saveNotice };
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

let browserStore: ProgressStore | undefined;

/** The page's store over window.localStorage (or none, if the browser refuses it). */
export function progressStore(): ProgressStore {
  if (!browserStore) {
    let storage: ProgressStorage | null;
    try {
      storage = window.localStorage;
    } catch {
      storage = null;
    }
    browserStore = new ProgressStore(storage);
    window.addEventListener('storage', (event) => {
      if (event.key === PROGRESS_KEY || event.key === null) browserStore?.reload();
    });
  }
  return browserStore;
}
