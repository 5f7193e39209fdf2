import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { readSchema, runScenario, Simulation, validateScenario, type ScenarioValues } from './index.js';
import { loadCoreFromDisk, nativePath } from './node.js';
import { listPresets, readPreset } from './presets.js';

const core = await loadCoreFromDisk();
const schema = readSchema(core);
const presets = listPresets();

/** Keeps test runs short: at most this much simulated time per run. */
const SHORT_NS = 1_000_000_000;

/** A preset's values, with the run cut to at most SHORT_NS (and the warm-up to a fifth of it). */
function shortened(name: string): ScenarioValues {
  const { values } = validateScenario(schema, readPreset(name));
  const duration = Math.min(Number(values['sim.duration_ns']), SHORT_NS);
  return {
    ...values,
    'sim.duration_ns': duration,
    'sim.warmup_ns': Math.min(Number(values['sim.warmup_ns']), Math.floor(duration / 5)),
  };
}

/** The native binary's report for the same values, given as path=value arguments. */
function nativeReport(values: ScenarioValues): string {
  const args = Object.entries(values).map(([path, value]) => `${path}=${value}`);
  return execFileSync(nativePath, ['run', ...args], { encoding: 'utf8' });
}

describe('determinism', () => {
  it('there are presets to check', () => {
    expect(presets.map((preset) => preset.name)).toEqual(expect.arrayContaining(['testbed-classic', 'testbed-scalable']));
  });

  it.each(presets.map((preset) => preset.name))('preset %s: the wasm report equals the native report byte for byte', (name) => {
    const values = shortened(name);
    const wasm = runScenario(core, values);
    expect(JSON.parse(wasm).events).toBeGreaterThan(0);
    expect(wasm + '\n').toBe(nativeReport(values));
  });

  it('the same scenario gives the same report every time; another seed gives another', () => {
    const values = shortened('testbed-classic');
    const seed = Number(values['sim.seed']);
    expect(runScenario(core, values)).toBe(runScenario(core, values));
    expect(runScenario(core, { ...values, 'sim.seed': seed + 1 })).not.toBe(runScenario(core, values));
  });
});

describe('checkpoint and restore', () => {
  it('running on from a restored checkpoint gives the same report', () => {
    const values = shortened('testbed-scalable');
    const simulation = Simulation.create(core, values);
    const second = Simulation.create(core, values);
    try {
      simulation.runUntil(Number(values['sim.duration_ns']) / 2);
      const checkpoint = simulation.checkpoint();
      const at = simulation.now;
      simulation.runToEnd();
      const reportA = simulation.reportText();

      simulation.restore(checkpoint);
      expect(simulation.now).toBe(at);
      simulation.runToEnd();
      const reportB = simulation.reportText();
      expect(reportB).toBe(reportA);

      second.restore(checkpoint); // into another handle built from the same scenario
      second.runToEnd();
      expect(second.reportText()).toBe(reportA);
    } finally {
      simulation.free();
      second.free();
    }
  });

  it('refuses a checkpoint of another scenario', () => {
    const values = shortened('testbed-classic');
    const small = Simulation.create(core, { ...values, 'machine.cpus': 2 });
    const big = Simulation.create(core, values);
    try {
      expect(() => big.restore(small.checkpoint())).toThrow(/restore failed/);
    } finally {
      small.free();
      big.free();
    }
  });
});
