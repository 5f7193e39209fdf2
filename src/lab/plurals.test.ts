/*
 * One CPU is "1 CPU", never "1 CPUs", wherever the lab says how many CPUs: the status
 * line, Compare's side titles, the modes views' captions, the MONITOR table's line.
 * All of them use one helper, plural() in src/views/format.ts.
 */
import { describe, expect, it } from 'vitest';
import { sideTitle } from './compare/words.js';
import { setupWords } from './status-words.js';
import { combinedLine, type MonitorTable } from '../views/monitor-modes/model.js';
import { modesSummary } from '../views/modes/model.js';

describe('one CPU', () => {
  it('is "1 CPU" and sixteen are "16 CPUs"', () => {
    for (const [n, words] of [
      [1, '1 CPU'],
      [16, '16 CPUs'],
    ] as const) {
      expect(setupWords({ 'machine.cpus': n, 'kernel.kind': 'classic' })).toBe(`${words}, classic kernel`);
      expect(sideTitle({ 'machine.cpus': n, 'kernel.kind': 'classic' })).toBe(`Classic kernel · ${words}`);
      const table = {
        scope: 'all',
        cpus: Array.from({ length: n }, (_, i) => i),
        scaleMax: 100 * n,
        ticks: [],
        rows: [],
        windowNs: 1,
      } as MonitorTable;
      expect(combinedLine(table)).toBe(`Combined for ${words}`);
      expect(modesSummary({ cpus: n, scaleMax: 100 * n, rows: [], windowNs: 1 })).toContain(`combined for ${words} (`);
    }
  });
});
