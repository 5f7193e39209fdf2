/*
 * order.ts -- a hottest-first order that does not flicker. Views that show only the
 * busiest few of many things (cache lines, spin locks) rank them afresh each frame; with
 * nearly equal counts a plain sort would swap neighbours on every snapshot. Here the
 * order shown before is kept, newcomers join in plain order after the ones already
 * known, and then an item moves above the one before it only when it is clearly ahead
 * (`clearlyAhead`, the view's margin). useRememberedOrder keeps the order drawn last
 * for a view's next frame.
 */
import { useState, type DependencyList } from 'react';

/**
 * `items` hottest first, remembering `previous` (the keys in the order shown last).
 * `hotter` orders newcomers (and everything when there is no previous order);
 * `clearlyAhead(up, down)` says when `up` has earned the place above `down`.
 */
export function steadyOrder<T, K>(
  items: readonly T[],
  key: (item: T) => K,
  hotter: (a: T, b: T) => number,
  clearlyAhead: (up: T, down: T) => boolean,
  previous?: readonly K[],
): T[] {
  if (!previous) return [...items].sort(hotter);
  const rank = new Map(previous.map((k, i) => [k, i]));
  const known = items.filter((item) => rank.has(key(item))).sort((a, b) => rank.get(key(a))! - rank.get(key(b))!);
  const order = [...known, ...items.filter((item) => !rank.has(key(item))).sort(hotter)];
  // insertion sort with a margin: each swap puts a clearly hotter item first, so it ends
  for (let i = 1; i < order.length; i++) {
    for (let j = i; j > 0; j--) {
      const up = order[j]!;
      const down = order[j - 1]!;
      if (!clearlyAhead(up, down)) break;
      order[j] = down;
      order[j - 1] = up;
    }
  }
  return order;
}

/** Whether two dependency lists hold the same values (as React compares a hook's deps). */
function sameDeps(a: DependencyList, b: DependencyList): boolean {
  return a.length === b.length && a.every((value, i) => Object.is(value, b[i]));
}

/**
 * What `choose` picks given the order drawn last (the keys `keysOf` gives), recomputed
 * when `deps` change. The pick is kept in state, set while rendering when the deps
 * change (React's "storing information from previous renders"), so a discarded render
 * changes nothing and a render reads no ref.
 */
export function useRememberedOrder<T, K>(
  choose: (previous: readonly K[] | undefined) => T,
  keysOf: (chosen: T) => K[],
  deps: DependencyList,
): T {
  const [kept, setKept] = useState<{ chosen: T; deps: DependencyList } | null>(null);
  if (kept && sameDeps(kept.deps, deps)) return kept.chosen;
  const chosen = choose(kept ? keysOf(kept.chosen) : undefined);
  setKept({ chosen, deps: [...deps] });
  return chosen;
}
