#!/usr/bin/env node
// bench.mjs -- how fast the core runs: native events/s, wasm events/s in Node, their
// ratio, and the wall time of a machine.cpus 1..32 sweep of both kernels in wasm (as
// many workers as the lab takes here) with the core time it needs; then the lab in Chromium (bench-browser.mjs):
// bundle sizes gzipped, navigation to the first animated frame, frame times with 64
// CPUs animating and the timeline on screen, with 256 CPUs and every view that draws
// them on screen, and with a GS320 and its NUMA topology.
// It reports against the goals and never fails the build.
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { cliDir, ensureBuilt } from './ensure-built.mjs';
import { browserFigures, bundleSizes, CPUS256_RUN, DEFAULT_RUN, GS320_RUN, kb } from './bench-browser.mjs';

if (!isMainThread) await sweepWorker();
else await main();

/** A sweep worker: loads the core, says so, then runs each scenario it is sent. */
async function sweepWorker() {
  const load = (file) => import(pathToFileURL(join(workerData.cliDir, 'core', file)).href);
  const { loadCoreFromDisk } = await load('node.js');
  const { Simulation } = await load('sim.js');
  const core = await loadCoreFromDisk();
  parentPort.postMessage('ready');
  parentPort.on('message', (values) => {
    const start = performance.now();
    const simulation = Simulation.create(core, values);
    simulation.runToEnd();
    simulation.reportText();
    simulation.free();
    parentPort.postMessage({ ms: performance.now() - start });
  });
}

async function main() {
  ensureBuilt();
  const load = (file) => import(pathToFileURL(join(cliDir, 'core', file)).href);
  const { loadCoreFromDisk, nativePath } = await load('node.js');
  const { readPreset } = await load('presets.js');
  const { readSchema } = await load('schema.js');
  const { validateScenario } = await load('scenario.js');
  const { Simulation } = await load('sim.js');
  const { sweepWorkerCount } = await load('sweep.js');

  const REPEATS = 5;
  const core = await loadCoreFromDisk();
  const schema = readSchema(core);
  const presetValues = (name) => validateScenario(schema, readPreset(name)).values;
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const fmt = (n, digits = 0) => n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

  function nativeEventsPerS(values) {
    const args = Object.entries(values).map(([path, value]) => `${path}=${value}`);
    const runs = Array.from({ length: REPEATS }, () => JSON.parse(execFileSync(nativePath, ['bench', ...args], { encoding: 'utf8' })));
    const rates = runs.map((run) => run.events_per_s);
    return { events: runs[0].events, eventsPerS: median(rates), best: Math.max(...rates) };
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
    return { events, eventsPerS: median(rates), best: Math.max(...rates) };
  }

  /**
   * Wall time of the 1..32-CPU sweep of both kernels, the way the lab runs it: as many
   * simulation workers as the lab starts on this machine (sweepWorkerCount: a core each,
   * one left to the page; each run is independent), each taking the next run from a
   * shared list, biggest first. Timing starts once the workers have loaded the core, as
   * the lab's workers already have.
   */
  async function sweepSeconds(presets) {
    const runs = [];
    for (let cpus = 32; cpus >= 1; cpus--) {
      for (const preset of presets) runs.push({ ...presetValues(preset), 'machine.cpus': cpus });
    }
    const workers = Array.from(
      { length: Math.min(sweepWorkerCount(availableParallelism()), runs.length) },
      () => new Worker(new URL(import.meta.url), { workerData: { cliDir } }),
    );
    await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('message', resolve))));
    const start = performance.now();
    let next = 0;
    let coreMs = 0;
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise((resolve, reject) => {
            const feed = () => (next < runs.length ? worker.postMessage(runs[next++]) : resolve());
            worker.on('message', (done) => {
              coreMs += done.ms;
              feed();
            });
            worker.on('error', reject);
            feed();
          }),
      ),
    );
    const seconds = (performance.now() - start) / 1000;
    await Promise.all(workers.map((worker) => worker.terminate()));
    return { seconds, coreSeconds: coreMs / 1000, workers: workers.length, runs: runs.length };
  }

  const testbed = presetValues('testbed-classic');
  const native = nativeEventsPerS(testbed);
  const wasm = wasmEventsPerS(testbed);
  if (native.events !== wasm.events) console.warn(`warning: native ran ${native.events} events, wasm ${wasm.events}`);
  const ratio = wasm.eventsPerS / native.eventsPerS;
  const sweep = await sweepSeconds(['testbed-classic', 'testbed-scalable']);

  const rows = [
    ['native events/s (testbed-classic)', fmt(native.eventsPerS)],
    ['  fastest of the runs (timing on this VM varies)', fmt(native.best)],
    ['wasm events/s in Node (testbed-classic)', fmt(wasm.eventsPerS)],
    ['  fastest of the runs', fmt(wasm.best)],
    ['wasm / native', fmt(ratio, 2) + ' x'],
    [`sweep machine.cpus=1..32, both kernels (${sweep.runs} runs, wasm, ${sweep.workers} workers)`, fmt(sweep.seconds, 2) + ' s'],
    // The work itself: no number of workers beats it divided by the cores.
    [
      '  core time of its runs (summed; / cores = the least it can take)',
      `${fmt(sweep.coreSeconds, 2)} s (${fmt(sweep.coreSeconds / availableParallelism(), 2)} s on ${availableParallelism()} cores)`,
    ],
  ];
  const goals = [
    ['wasm >= 0.7 x native', ratio >= 0.7],
    ['native >= 10 M events/s', native.eventsPerS >= 10e6],
    ['sweep (both kernels, 1..32 CPUs) < 0.5 s', sweep.seconds < 0.5],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log(`StackLab benchmark (${fmt(native.events)} events per testbed-classic run, median of ${REPEATS})\n`);
  for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value.padStart(14)}`);
  console.log('\nGoals');
  for (const [goal, met] of goals) console.log(`  ${met ? 'met    ' : 'not met'}  ${goal}`);

  await printBrowserFigures(fmt);
}

/** The lab in the browser: sizes from dist/, then Chromium's timings. */
async function printBrowserFigures(fmt) {
  console.log('\nThe lab in Chromium');
  const sizes = bundleSizes();
  const rows = [
    [`initial JavaScript, gzipped (${sizes.initialFiles} file${sizes.initialFiles === 1 ? '' : 's'})`, fmt(kb(sizes.initialJs), 1) + ' KB'],
    ['simulation worker JavaScript, gzipped', fmt(kb(sizes.workerJs), 1) + ' KB'],
    ['wasm core, gzipped', fmt(kb(sizes.wasm), 1) + ' KB'],
  ];
  const goals = [
    ['initial JavaScript <= 150 KB gzipped', kb(sizes.initialJs) <= 150],
    ['wasm <= 50 KB gzipped', kb(sizes.wasm) <= 50],
  ];
  let browser;
  try {
    browser = await browserFigures();
  } catch (error) {
    browser = { skipped: error.message };
  }
  if (browser.skipped) {
    rows.push(['Chromium timings', `skipped: ${browser.skipped}`]);
  } else {
    rows.push(['navigation to the first animated frame (median of 3)', fmt(browser.firstAnimatedMs) + ' ms']);
    for (const [name, run] of Object.entries(browser.frameRuns)) {
      if (run.skipped) {
        rows.push([`${name}`, `skipped: ${run.skipped}`]);
        continue;
      }
      if (run.offScreen?.length) rows.push([`${name}: not on screen (so not animating)`, run.offScreen.join(', ')]);
      rows.push([`${name}: frame time p50 / p95 / max`, `${fmt(run.p50, 1)} / ${fmt(run.p95, 1)} / ${fmt(run.max, 1)} ms`]);
      rows.push([
        `  frames over 25 ms; long tasks (longest)`,
        `${fmt(run.dropped * 100, 1)}%; ${run.longTasks} (${fmt(run.longestTask)} ms)`,
      ]);
      rows.push([`  lab frames shown per second`, fmt(run.labFps, 1)]);
    }
    const all = Object.values(browser.frameRuns).filter((run) => !run.skipped);
    // rAF timestamps jitter by a fraction of a millisecond around 1/60 s; 0.5 ms of slack allows for it.
    const sixtyHz = (run) => run.p95 <= 16.7 + 0.5;
    goals.push([
      'p95 frame time <= 16.7 ms, one 60 Hz frame (64 CPUs, timeline on screen; timestamps jitter by 0.5 ms)',
      sixtyHz(browser.frameRuns[DEFAULT_RUN]),
    ]);
    const cpus256 = browser.frameRuns[CPUS256_RUN];
    goals.push([
      'p95 frame time <= 16.7 ms with 256 CPUs, every view that draws CPUs on screen',
      !cpus256.skipped && !cpus256.offScreen.length && sixtyHz(cpus256),
    ]);
    goals.push([
      'p95 frame time <= 16.7 ms on a GS320 (32 CPUs, 8 RADs) with the NUMA topology on screen',
      sixtyHz(browser.frameRuns[GS320_RUN]),
    ]);
    goals.push(['no task over 50 ms while animating', all.every((run) => run.longestTask <= 50)]);
  }
  const width = Math.max(...rows.map(([label]) => label.length));
  for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
  console.log('\nGoals');
  for (const [goal, met] of goals) console.log(`  ${met ? 'met    ' : 'not met'}  ${goal}`);
}
