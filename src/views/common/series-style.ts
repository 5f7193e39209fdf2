/*
 * series-style.ts -- how a chart's series are told apart (SeriesStyle: colour, dash,
 * marker shape and words, drawn by series.tsx) and how their direct labels are kept
 * apart (spreadLabels): shared by the kernels' curves (src/kernels/onload/,
 * src/kernels/hpux/).
 */

export interface SeriesStyle {
  colour: string;
  /** SVG stroke-dasharray; '' is solid. */
  dash: string;
  marker: 'square' | 'circle' | 'diamond' | 'triangle';
  label: string;
  /** A word or two for direct labels. */
  short: string;
}

/** Moves labels (by y) apart so no two are closer than `gap`, keeping their order and staying within [lo, hi]. */
export function spreadLabels<T extends { y: number }>(labels: readonly T[], gap: number, lo = -Infinity, hi = Infinity): T[] {
  const sorted = [...labels].sort((a, b) => a.y - b.y).map((l) => ({ ...l }));
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.y - sorted[i - 1]!.y < gap) sorted[i]!.y = sorted[i - 1]!.y + gap;
  }
  const over = sorted.length ? sorted[sorted.length - 1]!.y - hi : 0;
  if (over > 0) for (const l of sorted) l.y -= over;
  for (let i = 0; i < sorted.length; i++) {
    const min = i === 0 ? lo : sorted[i - 1]!.y + gap;
    if (sorted[i]!.y < min) sorted[i]!.y = min;
  }
  return sorted;
}
