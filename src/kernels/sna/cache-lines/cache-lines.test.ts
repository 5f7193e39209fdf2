/*
 * cache-lines.test.ts -- the cache-line view's figures, from real snapshots of the SNA
 * kernel, match the core's report (lines, their locks, transfers per second); false
 * sharing is found where the presets put it; rows keep their places until one line
 * clearly overtakes another; every CPU colour comes from the palette and stays apart.
 */
import { describe, expect, it } from 'vitest';
import { runFixture } from '../../../views/fixtures/index.js';
import { reportExtras } from '../data.js';
import { minPairDifference, VISIONS, contrastRatio } from '../../../views/color.js';
import { THEMES, type Theme } from '../../../views/palette.js';
import {
  cacheLines,
  cacheLinesSummary,
  cpuColour,
  falseSharingText,
  lineLocksText,
  orderLines,
  shownLines,
  type CacheLine,
} from './model.js';

const asPorted = runFixture('sna-as-ported-4');
const afterPort = runFixture('sna-after-port-4');
const falseSharing = runFixture('sna-false-sharing-4');

describe('lines and their locks', () => {
  it('group the locks by the line their word lives in, as the report does, with its transfers per second', () => {
    for (const f of [asPorted, afterPort, falseSharing]) {
      const lines = cacheLines(f.snapshot);
      const reported = reportExtras(f.report).lines!;
      expect(lines.map((l) => l.line)).toEqual(reported.map((l) => l.id));
      for (const line of lines) {
        const r = reported.find((l) => l.id === line.line)!;
        expect([...line.locks.map((l) => l.name)].sort()).toEqual([...r.locks].sort());
        expect(line.transfersPerS).toBeCloseTo(r.transfers_per_s, 0);
      }
    }
  });

  it('finds false sharing where the pool locks share one line, and none where each has its own', () => {
    const shared = cacheLines(falseSharing.snapshot).filter((l) => l.falseSharing);
    expect(shared).toHaveLength(1);
    const pools = shared[0]!;
    expect(pools.locks.every((l) => l.name.startsWith('pool['))).toBe(true);
    expect(pools.locks).toHaveLength(8);
    // one pool per CPU is in use: four of the eight locks in the line
    expect(pools.inUse).toBe(falseSharing.snapshot.cpus.length);
    expect(pools.locks.slice(0, pools.inUse).every((l) => l.inUse)).toBe(true);
    expect(falseSharingText(pools)).toBe('false sharing: 4 locks in one line');
    expect(lineLocksText(pools)).toBe('pool[0], pool[1], pool[2] and pool[3] (idle beside them: pool[4] … pool[7])');
    expect(pools.transfers).toBeGreaterThan(0);
    expect(cacheLines(afterPort.snapshot).filter((l) => l.falseSharing)).toEqual([]);
    expect(cacheLines(asPorted.snapshot).filter((l) => l.falseSharing)).toEqual([]);
  });

  it('shows only lines with activity, hottest first, at most max, and counts the rest', () => {
    const lines = shownLines(afterPort.snapshot, 5);
    const active = cacheLines(afterPort.snapshot).filter((l) => l.active);
    expect(lines.shown).toHaveLength(5);
    expect(lines.shown.length + lines.more.length).toBe(active.length);
    for (let i = 1; i < lines.shown.length; i++) expect(lines.shown[i - 1]!.transfers).toBeGreaterThanOrEqual(lines.shown[i]!.transfers);
    expect(lines.more.every((l) => l.transfers <= lines.shown.at(-1)!.transfers)).toBe(true);
    // as ported: hs_region's line is the hottest
    expect(shownLines(asPorted.snapshot, 8).shown[0]!.locks[0]!.name).toBe('hs_region');
    const text = cacheLinesSummary(falseSharing.snapshot, shownLines(falseSharing.snapshot, 30));
    expect(text).toContain('false sharing: 4 locks in one line');
    expect(text).toContain(`Its owner now is CPU ${cacheLines(falseSharing.snapshot).find((l) => l.falseSharing)!.owner}`);
    expect(text).not.toMatch(/NaN|undefined/);
  });
});

describe('row order', () => {
  const line = (n: number, transfers: number, acquisitions = 0): CacheLine => ({
    line: n,
    locks: [],
    inUse: 0,
    falseSharing: false,
    owner: 0,
    transfers,
    transfersPerS: transfers,
    acquisitions,
    active: transfers > 0 || acquisitions > 0,
  });

  it('keeps nearly equal lines where they were, and lets a clearly hotter one move up', () => {
    const lines = [line(1, 100), line(2, 105), line(3, 300), line(4, 0)];
    expect(orderLines(lines).map((l) => l.line)).toEqual([3, 2, 1]);
    // 1 was shown above 2: 105 is not clearly more than 100
    expect(orderLines(lines, [3, 1, 2]).map((l) => l.line)).toEqual([3, 1, 2]);
    // 3 was last, but it has three times the transfers
    expect(orderLines(lines, [1, 2, 3]).map((l) => l.line)).toEqual([3, 1, 2]);
    // a line new to the view goes by its transfers
    expect(orderLines([...lines, line(5, 1000)], [3, 1, 2]).map((l) => l.line)).toEqual([5, 3, 1, 2]);
  });
});

describe('CPU colours', () => {
  for (const theme of Object.keys(THEMES) as Theme[]) {
    it(`come from the palette, stay apart for every vision up to 8 CPUs, and carry readable numbers (${theme})`, () => {
      const t = THEMES[theme];
      const colours = Array.from({ length: 8 }, (_, cpu) => cpuColour(cpu, theme));
      for (const c of colours) {
        expect([...Object.values(t.modes), t.text]).toContain(c.fill);
        expect(contrastRatio(c.ink, c.fill)).toBeGreaterThanOrEqual(4.5);
      }
      for (const vision of VISIONS) {
        expect(
          minPairDifference(
            colours.map((c) => c.fill),
            vision,
          ).delta,
          vision,
        ).toBeGreaterThanOrEqual(10);
      }
      expect(cpuColour(8, theme)).toEqual(cpuColour(0, theme));
    });
  }
});
