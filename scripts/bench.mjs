#!/usr/bin/env node
// bench.mjs -- how fast the core runs: native events/s, wasm events/s in Node, their
// ratio, and the wall time of a machine.cpus 1..32 sweep for both kernels in wasm.
// It reports against the goals and never fails the build.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { cliDir, ensureBuilt } from './ensure-built.mjs';

ensureBuilt();
const load = (file) => import(pathToFileURL(join(cliDir, 'core', file)).href);
const { loadCoreFromDisk, nativePath } = await load('node.js');
const { readPreset } = await load('presets.js');
const { readSchema } = await load('schema.js');
const { validateScenario } = await load('scenario.js');
const { Simulation } = await load('sim.js');

const REPEATS = 3;
const core = await loadCoreFromDisk();
const schema = readSchema(core);
const presetValues = (name) => validateScenario(schema, readPreset(name)).values;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n, digits = 0) => n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function nativeEventsPerS(values) {
  const args = Object.entries(values).map(([path, value]) => `${path}=${value}`);
  const runs = Array.from({ length: REPEATS }, () => JSON.parse(execFileSync(nativePath, ['bench', ...args], { encoding: 'utf8' })));
  return { events: runs[0].events, eventsPerS: median(runs.map((run) => run.events_per_s)) };
}

/** Events/s of runToEnd in wasm; the first run warms the JIT up and is not counted. */
function wasmEventsPerS(values) {
  const rates = [];
  let events = 0;
  for (let i = 0; i <= REPEATS; i++) {
    const simulation = Simulation.create(core, values);
    const start = performance.now();
    simulation.runToEnd();
    const seconds = (performance.now() - start) / 1000;
    events = simulation.events;
    simulation.free();
    if (i > 0) rates.push(events / seconds);
  }
  return { events, eventsPerS: median(rates) };
}

function sweepSeconds(preset) {
  const base = presetValues(preset);
  const start = performance.now();
  for (let cpus = 1; cpus <= 32; cpus++) {
    const simulation = Simulation.create(core, { ...base, 'machine.cpus': cpus });
    simulation.runToEnd();
    simulation.reportText();
    simulation.free();
  }
  return (performance.now() - start) / 1000;
}

const testbed = presetValues('testbed-classic');
const native = nativeEventsPerS(testbed);
const wasm = wasmEventsPerS(testbed);
if (native.events !== wasm.events) console.warn(`warning: native ran ${native.events} events, wasm ${wasm.events}`);
const ratio = wasm.eventsPerS / native.eventsPerS;
const sweeps = ['testbed-classic', 'testbed-scalable'].map((preset) => ({ preset, seconds: sweepSeconds(preset) }));
const sweepTotal = sweeps.reduce((sum, sweep) => sum + sweep.seconds, 0);

const rows = [
  ['native events/s (testbed-classic)', fmt(native.eventsPerS)],
  ['wasm events/s in Node (testbed-classic)', fmt(wasm.eventsPerS)],
  ['wasm / native', fmt(ratio, 2) + ' x'],
  ...sweeps.map(({ preset, seconds }) => [`sweep machine.cpus=1..32, ${preset} (wasm)`, fmt(seconds, 2) + ' s']),
  ['both sweeps', fmt(sweepTotal, 2) + ' s'],
];
const goals = [
  ['wasm >= 0.7 x native', ratio >= 0.7],
  ['native >= 10 M events/s', native.eventsPerS >= 10e6],
  ['sweep (both kernels, 1..32 CPUs) < 2 s', sweepTotal < 2],
];
const width = Math.max(...rows.map(([label]) => label.length));
console.log(`StackLab benchmark (${fmt(native.events)} events per testbed-classic run, median of ${REPEATS})\n`);
for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value.padStart(14)}`);
console.log('\nGoals');
for (const [goal, met] of goals) console.log(`  ${met ? 'met    ' : 'not met'}  ${goal}`);
