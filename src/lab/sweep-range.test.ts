/*
 * The scaling sweep's CPU range as typed: whole numbers from 1 to the core's largest
 * machine, from no higher than to, a step of 1 or more; refused in words otherwise; and
 * said back as the sweep will run it.
 */
import { describe, expect, it } from 'vitest';
import { rangeWords, readRange } from './sweep-range.js';

describe("the sweep's CPU range", () => {
  it('reads a range typed as whole numbers', () => {
    expect(readRange('1', '32', '1', 256)).toEqual({ cpus: { from: 1, to: 32, step: 1 } });
    expect(readRange(' 8', '64 ', '8', 256)).toEqual({ cpus: { from: 8, to: 64, step: 8 } });
    expect(readRange('4', '4', '1', 256)).toEqual({ cpus: { from: 4, to: 4, step: 1 } });
  });

  it('refuses what the sweep cannot run, in words', () => {
    expect(readRange('', '32', '1', 256)).toEqual({ problem: 'From, to and step are whole numbers of CPUs.' });
    expect(readRange('1.5', '32', '1', 256)).toEqual({ problem: 'From, to and step are whole numbers of CPUs.' });
    expect(readRange('0', '32', '1', 256)).toEqual({ problem: 'A sweep starts at 1 CPU or more.' });
    expect(readRange('1', '300', '1', 256)).toEqual({ problem: "The simulator's machines have at most 256 CPUs." });
    expect(readRange('9', '8', '1', 256)).toEqual({
      problem: '\u2018From\u2019 (9) is above \u2018to\u2019 (8): the sweep would run nothing.',
    });
    expect(readRange('1', '8', '0', 256)).toEqual({ problem: 'The step is 1 CPU or more.' });
  });

  it('says the range as the sweep runs it (a step that misses `to` stops below it)', () => {
    expect(rangeWords({ from: 1, to: 32, step: 1 })).toBe('1 to 32 CPUs');
    expect(rangeWords({ from: 8, to: 64, step: 8 })).toBe('8 to 64 CPUs in steps of 8');
    expect(rangeWords({ from: 4, to: 30, step: 10 })).toBe('4 to 24 CPUs in steps of 10');
    expect(rangeWords({ from: 1, to: 1, step: 1 })).toBe('1 to 1 CPU');
  });
});
