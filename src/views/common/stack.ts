/*
 * stack.ts -- where each of a run of stacked items starts (lanes, rows, bar segments,
 * wrapped labels), from their sizes: the running sum a layout needs, computed before
 * drawing, where a sum kept while mapping to elements would change a variable during
 * render (react-hooks/immutability).
 */

/** Each item's start, from `start` on, and where the run ends; sums in the items' order. */
export function stackOffsets(sizes: readonly number[], start = 0): { starts: number[]; end: number } {
  const starts: number[] = [];
  let at = start;
  for (const size of sizes) {
    starts.push(at);
    at += size;
  }
  return { starts, end: at };
}
