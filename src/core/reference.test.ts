/*
 * reference.test.ts -- the oracle for refactors of the core: every preset's full
 * report, run by the wasm core, equals the reference output stored in
 * wasm-core/test/reference/<preset>.json byte for byte (the native core is held to
 * the same files by wasm-core/test/reference.sh). The scenario each reference was run
 * from is stored beside it as <preset>.args (path=value lines), so the native test
 * needs no JSON parser; this test keeps those files equal to lessons/scenarios/.
 *
 * A model change rewrites both on purpose: UPDATE=1 npx vitest run src/core/reference.test.ts
 * (and UPDATE=1 make -C wasm-core test, which must then agree).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSchema, runScenario, validateScenario, type ScenarioValues } from './index.js';
import { loadCoreFromDisk, repoRoot } from './node.js';
import { listPresets, readPreset } from './presets.js';

const core = await loadCoreFromDisk();
const schema = readSchema(core);
const presets = listPresets().map((preset) => preset.name);
const referenceDir = join(repoRoot, 'wasm-core', 'test', 'reference');
const update = process.env.UPDATE === '1';

/** The preset's scenario as the native runner's arguments: every field, one per line. */
function argsText(values: ScenarioValues): string {
  return Object.entries(values)
    .map(([path, value]) => `${path}=${value}\n`)
    .join('');
}

function stored(file: string): string | undefined {
  const path = join(referenceDir, file);
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}

describe('reference outputs (wasm-core/test/reference)', () => {
  it('every preset has a reference, and every reference a preset', () => {
    const references = readdirSync(referenceDir)
      .filter((file) => file.endsWith('.args'))
      .map((file) => file.slice(0, -5));
    if (!update) expect(references.sort()).toEqual([...presets].sort());
  });

  it.each(presets)('preset %s: the stored arguments are the preset, and the wasm report is the reference byte for byte', (name) => {
    const { values } = validateScenario(schema, readPreset(name));
    const args = argsText(values);
    const report = runScenario(core, values) + '\n';
    if (update) {
      writeFileSync(join(referenceDir, `${name}.args`), args);
      writeFileSync(join(referenceDir, `${name}.json`), report);
      return;
    }
    expect(stored(`${name}.args`), `${name}.args is stale: UPDATE=1 regenerates it`).toBe(args);
    expect(stored(`${name}.json`), `the ${name} report moved: a refactor must not; a model change updates it with UPDATE=1`).toBe(report);
  });

  it.each(presets)('preset %s: every miss rate is a share of its calls, 0 to 100 percent', (name) => {
    const report = JSON.parse(stored(`${name}.json`)!) as {
      locks: { name: string; miss_rate_pct: number; contended_pct: number }[];
      lock_miss_rate_pct: number;
    };
    for (const lock of report.locks) {
      expect(lock.miss_rate_pct, `${name}: ${lock.name}`).toBeGreaterThanOrEqual(0);
      expect(lock.miss_rate_pct, `${name}: ${lock.name} (its spinners of the moment are calls too)`).toBeLessThanOrEqual(100);
    }
    expect(report.lock_miss_rate_pct).toBeGreaterThanOrEqual(0);
    expect(report.lock_miss_rate_pct).toBeLessThanOrEqual(100);
  });
});
