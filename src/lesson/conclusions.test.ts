/*
 * Each relation of a conclusion judged on made-up values (conclusions.ts): what holds,
 * what fails, and the margin that says how close it came.
 */
import { describe, expect, it } from 'vitest';
import type { Conclusion } from './components.js';
import { conclusionPoints, judge } from './conclusions.js';

const scenarios = { s: { 'machine.cpus': 1 } };
function curve(relation: Conclusion['relation'], extra: Partial<Conclusion> = {}): Conclusion {
  return {
    id: 'c',
    says: 'x',
    relation,
    scenario: 's',
    metric: 'transmit_packets_per_s',
    field: 'machine.cpus',
    at: [2, 4, 8, 16],
    ...extra,
  } as Conclusion;
}
const judged = (c: Conclusion, values: number[]) => judge(c, conclusionPoints(c, scenarios), values);

describe('conclusions: each relation', () => {
  it('greater and less, with and without a factor', () => {
    const side = (cpus: number) => ({ scenario: 's', set: { 'machine.cpus': cpus }, metric: 'transmit_packets_per_s' as const });
    const greater = { id: 'g', says: 'x', relation: 'greater', a: side(2), b: side(1) } as Conclusion;
    expect(judged(greater, [3, 2]).holds).toBe(true);
    expect(judged(greater, [2, 3]).holds).toBe(false);
    expect(judged({ ...greater, factor: 2 }, [3, 2]).holds).toBe(false);
    const less = { ...greater, relation: 'less' } as Conclusion;
    expect(judged(less, [2, 3]).holds).toBe(true);
  });

  it('monotone: every step the stated way, and the whole curve too', () => {
    const up = curve('monotone', { direction: 'increasing' });
    expect(judged(up, [1, 2, 3, 4]).holds).toBe(true);
    expect(judged(up, [1, 3, 2, 4]).holds).toBe(false);
    expect(judged({ ...up, tolerance_pct: 40 }, [1, 3, 2, 4]).holds).toBe(true);
  });

  it('flat: every point past `past` within the tolerance of it', () => {
    const level = curve('flat', { past: 4, tolerance_pct: 5 });
    expect(judged(level, [1, 10, 10.4, 9.7]).holds).toBe(true);
    expect(judged(level, [1, 10, 11, 10]).holds).toBe(false);
  });

  it('peak_at: the highest point where it is said, within the tolerance', () => {
    const top = curve('peak_at', { peak: 8, tolerance: 4 });
    expect(judged(top, [1, 3, 5, 2]).holds).toBe(true);
    expect(judged(top, [5, 3, 2, 1]).holds).toBe(false);
  });

  it('rises_then_falls: the highest point inside the range, lower at both ends', () => {
    const hump = curve('rises_then_falls');
    const hill = judged(hump, [1, 5, 3, 2]);
    expect(hill.holds).toBe(true);
    expect(hill.margin).toBeCloseTo(60);
    expect(hill.measured).toMatch(/highest at machine\.cpus=4/);
    expect(judged(hump, [1, 2, 3, 4]).holds).toBe(false); // still rising at the end
    expect(judged(hump, [4, 3, 2, 1]).holds).toBe(false); // falling from the start
    expect(judged(hump, [1, 5, 5, 5]).holds).toBe(false); // the peak at the last point too
  });
});
