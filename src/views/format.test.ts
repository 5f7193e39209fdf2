/*
 * format.test.ts -- how numbers read, text wrapping and fitting, and the motion
 * helpers (easing and tweening as pure functions).
 */
import { describe, expect, it } from 'vitest';
import {
  boldWidthEm,
  firstThatFits,
  fitFontSize,
  fitFontSizeOrNone,
  formatCount,
  formatMs,
  formatNs,
  formatPct,
  formatRate,
  listWords,
  plural,
  wrapBoldWords,
  wrapWords,
} from './format.js';
import { easeOut, tweenAt } from './motion.js';

describe('format', () => {
  it('writes simulated times in the unit that reads best', () => {
    expect(formatNs(950)).toBe('950 ns');
    expect(formatNs(12_500)).toBe('12.5 µs');
    expect(formatNs(3_117_635)).toBe('3.12 ms');
    expect(formatNs(360_000_000)).toBe('360 ms');
    expect(formatNs(2.5e9)).toBe('2.5 s');
    expect(formatMs(327_412_345)).toBe('327.412 ms');
    expect(formatNs(NaN)).toBe('–');
  });

  it('writes percentages, counts and rates', () => {
    expect(formatPct(27.374)).toBe('27.4%');
    expect(formatPct(27.374, 0)).toBe('27%');
    expect(formatCount(204153)).toBe('204,153');
    expect(formatRate(41038.9)).toBe('41,039/s');
    expect(listWords(['a', 'b', 'c'])).toBe('a, b and c');
    expect(plural(1, 'CPU')).toBe('1 CPU');
    expect(plural(4, 'CPU')).toBe('4 CPUs');
  });

  it('wraps words to a line length and fits text to a width', () => {
    const lines = wrapWords('the TCP/IP global spin lock of the classic kernel (disk I/O takes it too)', 30);
    expect(lines.every((l) => l.length <= 30)).toBe(true);
    expect(lines.join(' ')).toBe('the TCP/IP global spin lock of the classic kernel (disk I/O takes it too)');
    expect(fitFontSize('spinning', 1000, 20)).toBe(20);
    expect(fitFontSize('spinning', 60, 20)).toBeLessThan(20);
    expect(fitFontSize('spinning', 1, 20)).toBe(10);
  });
});

describe('boldWidthEm, wrapBoldWords', () => {
  it('measures bold words near enough to tell a fitting title from one that runs out', () => {
    // in Chromium on Debian, "Checksum" in bold at 17 px measured 98 px: 5.76 em
    expect(boldWidthEm('Checksum')).toBeCloseTo(5.73, 1);
    // wider than its letter count suggests, as m is; narrower where i, l, t are
    expect(boldWidthEm('Checksum')).toBeGreaterThan(boldWidthEm('Applicat'));
    expect(boldWidthEm('')).toBe(0);
  });

  it('breaks at spaces so no line is wider than asked, unless one word is', () => {
    expect(wrapBoldWords('2 Into the kernel', 7)).toEqual(['2 Into the', 'kernel']);
    expect(wrapBoldWords('Application', 3)).toEqual(['Application']);
    for (const line of wrapBoldWords('Woken by the last release, waiting for a CPU', 8)) expect(boldWidthEm(line)).toBeLessThanOrEqual(8);
  });
});

describe('motion', () => {
  it('eases out and lands exactly on the target', () => {
    expect(easeOut(0)).toBe(0);
    expect(easeOut(1)).toBe(1);
    expect(easeOut(0.5)).toBeGreaterThan(0.5);
    expect(tweenAt(10, 20, 0, 200)).toBe(10);
    expect(tweenAt(10, 20, 200, 200)).toBe(20);
    expect(tweenAt(10, 20, 500, 200)).toBe(20);
    expect(tweenAt(10, 20, 100, 0)).toBe(20);
  });
});

describe('firstThatFits', () => {
  it('takes the first words that fit at the least size, or none', () => {
    expect(firstThatFits(['holds lock', 'holder'], 200, 16, 10, 16, true)).toBe('holds lock');
    expect(firstThatFits(['holds lock', 'holder'], 75, 16, 10, 16, true)).toBe('holder');
    expect(firstThatFits(['holds lock', 'holder'], 20, 16, 10, 16, true)).toBeUndefined();
  });
});

describe('fitFontSizeOrNone', () => {
  it('fits like fitFontSize, never under the least size, and gives 0 where the text does not fit at it', () => {
    expect(fitFontSizeOrNone('spinning', 200, 20, 10, 0, true)).toBe(fitFontSize('spinning', 200, 20, 10, true));
    expect(fitFontSizeOrNone('spinning', 200, 20, 10, 17, true)).toBe(20);
    // 8 bold characters at 17 px need about 87 px
    expect(fitFontSizeOrNone('spinning', 80, 20, 10, 17, true)).toBe(0);
    expect(fitFontSizeOrNone('spinning', 80, 20, 10, 0, true)).toBe(fitFontSize('spinning', 80, 20, 10, true));
    expect(fitFontSizeOrNone('spinning', 90, 20, 10, 17, true)).toBeGreaterThanOrEqual(17);
  });
});
