/*
 * Progress storage: absent, corrupt, partly damaged, from another version, refused by
 * the browser, or full; it never throws, says what happened, and a reset recovers.
 * Also the derived status: steps done, and when a lesson counts as started (lab runs
 * matched from real reports are checked in lessons.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { CheckComponent, LabComponent } from './components.js';
import type { Lesson } from './parse.js';
import { PROGRESS_KEY, PROGRESS_VERSION, ProgressStore, emptyLessonProgress, loadProgress, type ProgressStorage } from './progress.js';
import { lessonStatus } from './status.js';

class MemoryStorage implements ProgressStorage {
  items = new Map<string, string>();
  failWrites = false;
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.failWrites) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const withText = (text: string) => {
  const storage = new MemoryStorage();
  storage.setItem(PROGRESS_KEY, text);
  return storage;
};

const GOOD = {
  version: PROGRESS_VERSION,
  lessons: {
    'one-lock-for-every-cpu': {
      predictions: { 'spin-at-16': { kind: 'number', value: 12, at: '2026-01-01T00:00:00.000Z' } },
      labs: { 'add-cpus': { runs: { '0': { mpsynch_pct: 0.9 }, '3': { mpsynch_pct: 27.4 } } } },
      checks: { 'what-is-mpsynch': { attempts: [1, 0], correct: true } },
    },
  },
};

describe('loading progress', () => {
  it('uses a versioned key', () => {
    expect(PROGRESS_KEY).toBe('stacklab.lessons.v1');
  });

  it('starts empty, without a notice, when nothing is saved', () => {
    expect(loadProgress(new MemoryStorage())).toEqual({ data: { version: 1, lessons: {} } });
  });

  it('reads what it wrote', () => {
    const state = loadProgress(withText(JSON.stringify(GOOD)));
    expect(state.notice).toBeUndefined();
    expect(state.data).toEqual(GOOD);
  });

  it('treats text that is not JSON as corrupt, with a notice', () => {
    const state = loadProgress(withText('{"version":1,"lessons":'));
    expect(state.data.lessons).toEqual({});
    expect(state.notice).toMatchObject({ kind: 'corrupt' });
    expect(state.notice!.message).toContain('not valid JSON');
  });

  it('treats JSON of the wrong shape as corrupt', () => {
    for (const text of ['null', '[]', '42', '"x"', '{"lessons":{}}', '{"version":1,"lessons":[]}', '{"version":"1","lessons":{}}']) {
      const state = loadProgress(withText(text));
      expect(state.notice?.kind, text).toBe('corrupt');
      expect(state.data.lessons, text).toEqual({});
    }
  });

  it('refuses progress from a newer version and does not overwrite it', () => {
    const newer = JSON.stringify({ version: PROGRESS_VERSION + 1, lessons: { x: {} } });
    const storage = withText(newer);
    const store = new ProgressStore(storage);
    expect(store.getState().notice).toMatchObject({ kind: 'newer' });
    store.update('one-lock-for-every-cpu', (lesson) => ({ ...lesson, completedAt: 'now' }));
    expect(storage.getItem(PROGRESS_KEY)).toBe(newer);
    expect(store.getState().data.lessons['one-lock-for-every-cpu']?.completedAt).toBe('now');
    store.resetAll();
    expect(storage.getItem(PROGRESS_KEY)).toBeNull();
    expect(store.getState().notice).toBeUndefined();
  });

  it('keeps the good entries of partly damaged progress and says how many it dropped', () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- damaging it field by field, whatever the types say
    const damaged = structuredClone(GOOD) as Record<string, any>;
    const lesson = damaged.lessons['one-lock-for-every-cpu'];
    lesson.predictions.bad = { kind: 'number', value: 'lots', at: 'x' };
    lesson.checks.bad = { attempts: 'no', correct: true };
    lesson.labs.bad = { runs: { '0': { not_a_metric: 1 } } };
    damaged.lessons.other = 'nonsense';
    const state = loadProgress(withText(JSON.stringify(damaged)));
    expect(state.notice).toMatchObject({
      kind: 'partly-corrupt',
      message: '4 saved answers were damaged and were left out; the rest of your progress is kept.',
    });
    expect(state.data.lessons['one-lock-for-every-cpu']).toEqual(GOOD.lessons['one-lock-for-every-cpu']);
    expect(state.data.lessons.other).toBeUndefined();
  });

  it('works without storage, and when reading storage throws', () => {
    expect(loadProgress(null).notice).toMatchObject({ kind: 'unavailable' });
    const refusing: ProgressStorage = {
      getItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
      setItem: () => undefined,
      removeItem: () => undefined,
    };
    const state = loadProgress(refusing);
    expect(state.notice).toMatchObject({ kind: 'unavailable' });
    expect(state.notice!.message).toContain('The operation is insecure.');
  });
});

describe('the progress store', () => {
  it('saves every change, survives a reload, and notifies subscribers', () => {
    const storage = new MemoryStorage();
    const store = new ProgressStore(storage);
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    const before = store.getState();
    store.update('l', (lesson) => ({ ...lesson, predictions: { p: { kind: 'option', index: 2, at: 't' } } }));
    expect(calls).toBe(1);
    expect(store.getState()).not.toBe(before); // a new snapshot for useSyncExternalStore
    unsubscribe();
    const reloaded = new ProgressStore(storage);
    expect(reloaded.lesson('l').predictions.p).toEqual({ kind: 'option', index: 2, at: 't' });
    expect(reloaded.lesson('unknown')).toEqual({ predictions: {}, labs: {}, checks: {} });
  });

  it('replaces corrupt progress once the learner makes progress, and clears the notice', () => {
    const storage = withText('not json');
    const store = new ProgressStore(storage);
    expect(store.getState().notice?.kind).toBe('corrupt');
    store.update('l', (lesson) => ({ ...lesson, completedAt: 't' }));
    expect(store.getState().notice).toBeUndefined();
    expect(JSON.parse(storage.getItem(PROGRESS_KEY)!)).toEqual({
      version: 1,
      lessons: { l: { predictions: {}, labs: {}, checks: {}, completedAt: 't' } },
      seed: expect.any(Number),
    });
  });

  it('reset clears corrupt storage and the notice', () => {
    const storage = withText('not json');
    const store = new ProgressStore(storage);
    store.resetAll();
    expect(storage.getItem(PROGRESS_KEY)).toBeNull();
    expect(store.getState()).toEqual({ data: { version: 1, lessons: {}, seed: expect.any(Number) } });
  });

  it('says so when saving fails, and keeps the progress in memory', () => {
    const storage = new MemoryStorage();
    const store = new ProgressStore(storage);
    storage.failWrites = true;
    store.update('l', (lesson) => ({ ...lesson, completedAt: 't' }));
    expect(store.getState().notice).toMatchObject({ kind: 'save-failed' });
    expect(store.getState().notice!.message).toContain('The quota has been exceeded.');
    expect(store.lesson('l').completedAt).toBe('t');
  });

  it('forgets one lesson without touching the others', () => {
    const storage = withText(
      JSON.stringify({
        version: 1,
        lessons: { a: { predictions: {}, labs: {}, checks: {} }, b: { predictions: {}, labs: {}, checks: {}, completedAt: 't' } },
      }),
    );
    const store = new ProgressStore(storage);
    store.resetLesson('a');
    expect(Object.keys(JSON.parse(storage.getItem(PROGRESS_KEY)!).lessons)).toEqual(['b']);
  });

  it('does not let a change mutate the previous snapshot', () => {
    const store = new ProgressStore(new MemoryStorage());
    store.update('l', (lesson) => ({ ...lesson, predictions: { p: { kind: 'number', value: 1, at: 't' } } }));
    const snapshot = store.getState();
    store.update('l', (lesson) => {
      lesson.predictions.q = { kind: 'number', value: 2, at: 't' };
      return lesson;
    });
    expect(Object.keys(snapshot.data.lessons.l!.predictions)).toEqual(['p']);
  });
});

describe('the derived status', () => {
  const lab = {
    type: 'lab',
    id: 'runs',
    scenario: 's',
    controls: ['machine.cpus'],
    views: ['cpu-grid'],
    task: { text: 'Run.', runs: [{ 'machine.cpus': 2 }, { 'machine.cpus': 4 }], record: ['mpsynch_pct'] },
  } satisfies LabComponent;
  const q = {
    type: 'check',
    id: 'q',
    question: 'Which?',
    options: [
      { text: 'This.', correct: true, explain: 'It is.' },
      { text: 'That.', explain: 'It is not.' },
    ],
  } satisfies CheckComponent;
  const lesson = {
    steps: [
      { kind: 'lab', id: 'runs' },
      { kind: 'check', id: 'q' },
    ],
    labs: { runs: lab },
    checks: { q },
  } as unknown as Lesson;

  it('counts a lesson started once anything is saved, and a step done only when it is', () => {
    expect(lessonStatus(lesson, emptyLessonProgress())).toEqual({ done: 0, total: 2, complete: false, started: false });
    const oneRun = { ...emptyLessonProgress(), labs: { runs: { runs: { '0': { mpsynch_pct: 1 } } } } };
    expect(lessonStatus(lesson, oneRun)).toEqual({ done: 0, total: 2, complete: false, started: true });
    const wrong = { ...emptyLessonProgress(), checks: { q: { attempts: [1], correct: false } } };
    expect(lessonStatus(lesson, wrong)).toMatchObject({ done: 0, started: true });
    const all = { ...oneRun, labs: { runs: { runs: { '0': {}, '1': {} } } }, checks: { q: { attempts: [0], correct: true } } };
    expect(lessonStatus(lesson, all)).toEqual({ done: 2, total: 2, complete: true, started: true });
    // Saved for a version of the check whose right option was the second: not done now.
    const stale = { ...all, checks: { q: { attempts: [1], correct: true } } };
    expect(lessonStatus(lesson, stale)).toMatchObject({ done: 1, complete: false });
  });
});
