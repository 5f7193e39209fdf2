/*
 * option-order.ts -- the order a check shows its options in: a permutation drawn from
 * the learner's seed, the lesson and the check, so each learner sees their own order
 * (where the right answer sits teaches nothing) and sees it again on every reload.
 */

/** FNV-1a over the text: a 32-bit hash that spreads small differences. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** mulberry32: a small, well-mixed 32-bit generator; numbers in [0, 1). */
export function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x100000000;
  };
}

/** The file indexes of a check's n options, in the order this learner sees them. */
export function optionOrder(seed: number, lessonId: string, checkId: string, n: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  const next = generator(hashText(`${seed >>> 0}:${lessonId}:${checkId}`));
  for (let i = n - 1; i > 0; i--) {
    // Fisher-Yates
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}
