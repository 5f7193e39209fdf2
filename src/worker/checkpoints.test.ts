// checkpoints.test.ts -- the rewind checkpoints: one per interval, the newest at or
// before a time, and a memory budget kept by thinning old checkpoints evenly.
import { describe, expect, it } from 'vitest';
import { CheckpointStore } from './checkpoints.js';

const bytes = (n: number, fill = 0) => new Uint8Array(n).fill(fill);

describe('CheckpointStore', () => {
  it('keeps one checkpoint per interval, the first always, and never one out of order', () => {
    const store = new CheckpointStore({ budgetBytes: 1000, intervalNs: 100 });
    expect(store.wants(5)).toBe(true);
    expect(store.add(5, bytes(10))).toBe(true);
    expect(store.wants(50)).toBe(false);
    expect(store.add(50, bytes(10))).toBe(false);
    expect(store.add(105, bytes(10))).toBe(true);
    expect(store.add(105, bytes(10), true)).toBe(false);
    expect(store.add(90, bytes(10), true)).toBe(false);
    expect(store.add(150, bytes(10), true)).toBe(true);
    expect(store.times).toEqual([5, 105, 150]);
    expect(store.bytes).toBe(30);
  });

  it('finds the newest checkpoint at or before a time', () => {
    const store = new CheckpointStore({ budgetBytes: 1e6, intervalNs: 10 });
    for (const t of [0, 10, 20, 35, 50]) store.add(t, bytes(1, t));
    expect(store.atOrBefore(-1)).toBeUndefined();
    expect(store.atOrBefore(0)?.tNs).toBe(0);
    expect(store.atOrBefore(19.9)?.tNs).toBe(10);
    expect(store.atOrBefore(20)?.tNs).toBe(20);
    expect(store.atOrBefore(49)?.tNs).toBe(35);
    expect(store.atOrBefore(1e9)?.bytes[0]).toBe(50);
  });

  it('thins evenly when over budget: the start and the newest stay, the interval doubles, the bytes stay within the budget', () => {
    const store = new CheckpointStore({ budgetBytes: 100, intervalNs: 1 });
    for (let t = 0; t <= 10; t++) store.add(t, bytes(10));
    // 11 x 10 bytes > 100: every second one went, keeping 0 and the newest
    expect(store.times).toEqual([0, 2, 4, 6, 8, 10]);
    expect(store.intervalNs).toBe(2);
    expect(store.thinned).toBe(1);
    for (let t = 11; t <= 200; t++) {
      store.add(t, bytes(10));
      expect(store.bytes).toBeLessThanOrEqual(100);
    }
    const times = store.times;
    expect(times[0]).toBe(0);
    // evenly spread: the gaps are all the same (the newest may be closer to its neighbour)
    const gaps = times.slice(1, -1).map((t, i) => t - times[i]!);
    expect(new Set(gaps).size).toBe(1);
    expect(gaps[0]).toBe(store.intervalNs);
    expect(store.intervalNs).toBeGreaterThanOrEqual(32);
    // every time in the run still has a checkpoint at most one interval before it
    for (let t = 0; t <= times[times.length - 1]!; t++) expect(t - store.atOrBefore(t)!.tNs).toBeLessThan(store.intervalNs);
  });

  it('refuses a checkpoint bigger than the whole budget, and starts over on clear', () => {
    const store = new CheckpointStore({ budgetBytes: 50, intervalNs: 1 });
    expect(store.add(0, bytes(51))).toBe(false);
    expect(store.count).toBe(0);
    store.add(0, bytes(20));
    store.add(1, bytes(20));
    store.add(2, bytes(20));
    expect(store.bytes).toBeLessThanOrEqual(50);
    store.clear();
    expect(store.count).toBe(0);
    expect(store.bytes).toBe(0);
    expect(store.intervalNs).toBe(1);
    expect(() => new CheckpointStore({ budgetBytes: 0, intervalNs: 1 })).toThrow(/budget/);
  });
});
