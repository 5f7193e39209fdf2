import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { describeFault, readSchema, runScenario, Simulation, SimulationStalled, validateScenario, type ScenarioValues } from './index.js';
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
    expect(JSON.parse(wasm).error).toBeUndefined(); // no preset trips the engine's stall checks
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

describe('a run that cannot go on', () => {
  // Accepted by every check, but every step of a transaction costs 0 ns: the clock can
  // never move. The core used to loop forever; now it stops and says why.
  const noTime = (): ScenarioValues => ({
    ...validateScenario(schema, readPreset('testbed-classic')).values,
    'machine.cpus': 1,
    'workload.processes': 1,
    'workload.think.mean_ns': 0,
    'workload.user_work.mean_ns': 0,
    'workload.writes_per_txn': 0,
    'workload.reads_per_txn': 0,
    'sim.duration_ns': 1e6,
    'sim.warmup_ns': 0,
  });
  const words =
    /^The run cannot go on \(at 115 ns\): thread 0 on CPU 0 ran 1000000 steps of its program "process" without the simulated clock moving: .*cost above 0 ns/;

  it("throws the core's words from runUntil, stays where it stopped, and reports them, never a result", () => {
    const simulation = Simulation.create(core, noTime());
    try {
      expect(simulation.error).toBe('');
      let thrown: unknown;
      try {
        simulation.runUntil(1e6);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(SimulationStalled);
      expect((thrown as Error).message).toMatch(words);
      expect(simulation.done).toBe(true);
      expect(simulation.now).toBe(115);
      expect(() => simulation.step(5)).toThrow(SimulationStalled);
      expect(simulation.now).toBe(115);
      expect(simulation.report().error).toBe(simulation.error);
      // the worker's fault carries the words as they are (the lab's banner shows them)
      expect(describeFault(thrown)).toEqual({ type: 'fault', message: (thrown as Error).message, trap: false });
    } finally {
      simulation.free();
    }
  });

  it("runScenario (the CLI's path) throws them; the native runner prints them and exits 3", () => {
    expect(() => runScenario(core, noTime())).toThrow(words);
    const args = Object.entries(noTime()).map(([path, value]) => `${path}=${value}`);
    const native = spawnSync(nativePath, ['run', ...args], { encoding: 'utf8' });
    expect(native.status).toBe(3);
    expect(native.stderr.trim()).toMatch(words);
    expect(JSON.parse(native.stdout).error).toBe(native.stderr.trim());
  });

  it('restoring a checkpoint from before the stall takes it back, and the run finds it again', () => {
    const simulation = Simulation.create(core, noTime());
    try {
      const start = simulation.checkpoint();
      expect(() => simulation.runToEnd()).toThrow(SimulationStalled);
      const first = simulation.error;
      simulation.restore(start);
      expect(simulation.error).toBe('');
      expect(simulation.done).toBe(false);
      expect(() => simulation.runToEnd()).toThrow(first);
    } finally {
      simulation.free();
    }
  });
});
