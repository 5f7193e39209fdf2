/*
 * Reproductions from "SNA Server/6000 Performance on SMP", Bulka, Hermanson, Selvaggi,
 * Sime (IBM AIXpert) (../shared/seeds/README.md), run headless on the wasm core.
 * Parameters and their reasons: lessons/scenarios/README.md.
 */
import { describe, expect, it } from 'vitest';
import { readSchema, runScenario, validateScenario } from './index.js';
import { loadCoreFromDisk } from './node.js';
import { readPreset } from './presets.js';
import type { Report } from './report.js';

const core = await loadCoreFromDisk();
const schema = readSchema(core);

function runPreset(name: string): Report {
  return JSON.parse(runScenario(core, validateScenario(schema, readPreset(name)).values)) as Report;
}

interface LineFigures { locks: string[]; transfers_per_s: number }

/** Coherence transfers per second of the lines that hold the per-CPU pool locks. */
function poolLineTransfers(report: Report): number {
  const lines = (report as unknown as { lines: LineFigures[] }).lines;
  return lines.filter((line) => line.locks.some((lock) => lock.startsWith('pool['))).reduce((sum, line) => sum + line.transfers_per_s, 0);
}

describe('V7: two hot locks in one cache line', () => {
  const shared = runPreset('sna-false-sharing');
  const separate = runPreset('sna-after-port');
  it('a coherence storm while they share a line; at least 5 times fewer transfers once separated', () => {
    const before = poolLineTransfers(shared);
    const after = poolLineTransfers(separate);
    expect(before).toBeGreaterThan(1000);
    expect(after * 5).toBeLessThanOrEqual(before);
  });
});
