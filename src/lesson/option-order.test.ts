import { describe, expect, it } from 'vitest';
import { optionOrder } from './option-order.js';
import { ProgressStore, PROGRESS_KEY, loadProgress, type ProgressStorage } from './progress.js';

function memoryStorage(initial?: string): ProgressStorage & { text?: string } {
  const store: ProgressStorage & { text?: string } = {
    text: initial,
    getItem: () => store.text ?? null,
    setItem: (_key: string, value: string) => {
      store.text = value;
    },
    removeItem: () => {
      store.text = undefined;
    },
  };
  return store;
}

describe('optionOrder', () => {
  it('is a permutation of the file indexes, the same for the same learner, lesson and check', () => {
    for (const n of [2, 3, 4, 5, 6]) {
      const order = optionOrder(12345, 'a-lesson', 'a-check', n);
      expect([...order].sort()).toEqual(Array.from({ length: n }, (_, i) => i));
      expect(optionOrder(12345, 'a-lesson', 'a-check', n)).toEqual(order);
    }
  });
  it('puts the first option first only about a quarter of the time across learners (4 options)', () => {
    let first = 0;
    const learners = 4000;
    for (let seed = 0; seed < learners; seed++) if (optionOrder(seed * 2654435761, 'lesson', 'check', 4)[0] === 0) first++;
    expect(first / learners).toBeGreaterThan(0.2);
    expect(first / learners).toBeLessThan(0.3);
  });
  it('differs between the checks of one learner', () => {
    const orders = new Set(Array.from({ length: 30 }, (_, i) => optionOrder(7, 'lesson', `check-${i}`, 4).join()));
    expect(orders.size).toBeGreaterThan(10);
  });
});

describe('the learner seed', () => {
  it('is made once, saved at once, and the same after a reload', () => {
    const storage = memoryStorage();
    const first = new ProgressStore(storage);
    const seed = first.seed();
    expect(JSON.parse(storage.text!).seed).toBe(seed);
    expect(new ProgressStore(storage).seed()).toBe(seed);
  });
  it('is kept in progress saved before it existed, without losing the answers', () => {
    const storage = memoryStorage(
      JSON.stringify({ version: 1, lessons: { l: { predictions: {}, labs: {}, checks: { c: { attempts: [1], correct: true } } } } }),
    );
    const store = new ProgressStore(storage);
    expect(store.lesson('l').checks.c).toEqual({ attempts: [1], correct: true });
    expect(JSON.parse(storage.text!).seed).toBe(store.seed());
  });
  it('a damaged seed is left out and counted, the rest kept', () => {
    const read = loadProgress(memoryStorage(JSON.stringify({ version: 1, seed: -3, lessons: {} })));
    expect(read.data.seed).toBeUndefined();
    expect(read.notice?.kind).toBe('partly-corrupt');
  });
  it('does not overwrite saved progress from a newer StackLab', () => {
    const newer = JSON.stringify({ version: 9, lessons: {} });
    const storage = memoryStorage(newer);
    const store = new ProgressStore(storage);
    expect(Number.isInteger(store.seed())).toBe(true);
    expect(storage.text).toBe(newer);
    expect(PROGRESS_KEY).toContain('v1');
  });
});
