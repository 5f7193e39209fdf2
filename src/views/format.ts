/*
 * format.ts -- how the views write numbers: percentages, simulated times, rates and
 * counts, in one style (en locale, thin rounding) so every view reads the same.
 */

const int = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** 27.374 -> "27.4%". Non-finite values read as "–". */
export function formatPct(value: number, digits = 1): string {
  if (!Number.isFinite(value)) return '–';
  return `${value.toFixed(digits)}%`;
}

/** A count with thousands separators: 204153 -> "204,153". */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return '–';
  return int.format(Math.round(value));
}

/** A number with one decimal: 4.38 -> "4.4". */
export function formatOne(value: number): string {
  if (!Number.isFinite(value)) return '–';
  return oneDecimal.format(value);
}

/** A rate per second, compact for large values: 41038.9 -> "41,039/s". */
export function formatRate(perSecond: number, unit = '/s'): string {
  if (!Number.isFinite(perSecond)) return '–';
  return `${int.format(Math.round(perSecond))}${unit}`;
}

/**
 * Simulated nanoseconds in the largest unit that keeps a leading digit:
 * 950 -> "950 ns", 12_500 -> "12.5 µs", 3_117_635 -> "3.12 ms", 4e8 -> "400 ms".
 * With `significant`, that many significant digits (a clock: 43_166_512 -> "43.1665 ms"
 * with 6).
 */
export function formatNs(ns: number, significant?: number): string {
  if (!Number.isFinite(ns)) return '–';
  const abs = Math.abs(ns);
  const pick = (value: number, unit: string) => {
    if (significant !== undefined) return `${Number(value.toPrecision(significant))} ${unit}`;
    const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
    return `${Number(value.toFixed(digits))} ${unit}`;
  };
  if (abs < 1e3) return `${Math.round(ns)} ns`;
  if (abs < 1e6) return pick(ns / 1e3, 'µs');
  if (abs < 1e9) return pick(ns / 1e6, 'ms');
  return pick(ns / 1e9, 's');
}

/** A simulated instant in ms to the nanosecond's µs: 327412345 -> "327.412 ms". */
export function formatMs(ns: number, decimals = 3): string {
  if (!Number.isFinite(ns)) return '–';
  return `${(ns / 1e6).toFixed(decimals)} ms`;
}

/** A share of the window: part/whole as a percentage, 0 when the window is empty. */
export function pctOf(part: number, whole: number): number {
  return whole > 0 ? (100 * part) / whole : 0;
}

/** "CPU 3" for a CPU index; "none" for -1. */
export function cpuName(cpu: number): string {
  return cpu >= 0 ? `CPU ${cpu}` : 'none';
}

/** Joins words as English prose: ["a","b","c"] -> "a, b and c". */
export function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** "1 CPU", "4 CPUs". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/**
 * Splits text into lines of at most `max` at spaces (SVG text does not wrap): `max`
 * characters, or whatever `measure` counts (boldWidthEm: ems of bold text). A word
 * longer than `max` takes a line of its own.
 */
export function wrapWords(text: string, max: number, measure: (line: string) => number = (line) => line.length): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (line && measure(joined) > max) {
      lines.push(line);
      line = word;
    } else {
      line = joined;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The width of bold text in ems, in DejaVu Sans Bold (the face Debian's Chromium draws
 * the views in): its advance widths for lower case, digits and the common marks, 0.78 for
 * a capital (most are 0.68-0.85) and 0.7 for anything else. Near enough to tell whether
 * a title fits a box, where "Checksum" (5.7 em) and "Application" (6.4 em) are both
 * about 8 characters wide by a flat average and differ by a tenth.
 */
export function boldWidthEm(text: string): number {
  let em = 0;
  for (const ch of text) em += BOLD_EM[ch] ?? (ch >= 'A' && ch <= 'Z' ? 0.78 : 0.7);
  return em;
}

const BOLD_EM: Readonly<Record<string, number>> = {
  a: 0.675,
  b: 0.716,
  c: 0.593,
  d: 0.716,
  e: 0.678,
  f: 0.435,
  g: 0.716,
  h: 0.712,
  i: 0.343,
  j: 0.343,
  k: 0.665,
  l: 0.343,
  m: 1.042,
  n: 0.712,
  o: 0.687,
  p: 0.716,
  q: 0.716,
  r: 0.493,
  s: 0.595,
  t: 0.478,
  u: 0.712,
  v: 0.652,
  w: 0.924,
  x: 0.645,
  y: 0.652,
  z: 0.582,
  I: 0.372,
  M: 0.995,
  W: 1.103,
  ' ': 0.348,
  ',': 0.38,
  '.': 0.38,
  '(': 0.457,
  ')': 0.457,
  ':': 0.4,
  '0': 0.696,
  '1': 0.696,
  '2': 0.696,
  '3': 0.696,
  '4': 0.696,
  '5': 0.696,
  '6': 0.696,
  '7': 0.696,
  '8': 0.696,
  '9': 0.696,
};

/** wrapWords by width: lines of at most `maxEm` ems of bold text (boldWidthEm), at spaces. */
export function wrapBoldWords(text: string, maxEm: number): string[] {
  return wrapWords(text, maxEm, boldWidthEm);
}

/** The largest font size (at most max, at least min) at which text roughly fits in width px. */
export function fitFontSize(text: string, width: number, max: number, min = 10, bold = false): number {
  return Math.max(min, Math.min(max, width / Math.max(1, text.length * perChar(bold))));
}

/** Estimated width of a character, in ems. */
function perChar(bold: boolean): number {
  return bold ? 0.64 : 0.58;
}

/**
 * fitFontSize, but never under `least` (a theme's smallest readable size: palette.ts,
 * leastWordSize) nor `min`: 0 where the text does not fit at that size, so the caller
 * leaves it out or takes shorter words (rather than draw it past its room).
 */
export function fitFontSizeOrNone(text: string, width: number, max: number, min: number, least: number, bold = false): number {
  const floor = Math.max(min, least);
  if (text.length * perChar(bold) * floor > width) return 0;
  return fitFontSize(text, width, max, floor, bold);
}

/** The first of `options` (longest first) that fits `width` at no less than `least` (fitFontSizeOrNone), or undefined when none does. */
export function firstThatFits(
  options: readonly string[],
  width: number,
  max: number,
  min: number,
  least: number,
  bold = false,
): string | undefined {
  return options.find((words) => fitFontSizeOrNone(words, width, max, min, least, bold) > 0);
}
