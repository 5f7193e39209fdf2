#!/usr/bin/env node
// bench.mjs -- how fast the core runs: native events/s, wasm events/s in Node, their
// ratio, and the wall time of a machine.cpus 1..32 sweep of both kernels in wasm (as
// many workers as the lab takes here) with the core time it needs; then the lab in Chromium (bench-browser.mjs):
// bundle sizes gzipped, navigation to the first animated frame, frame times with 64
// CPUs animating and the timeline on screen, with 256 CPUs and every view that draws
// them on screen, and with a GS320 and its NUMA topology.
// It prints one table, each figure with its goal (issue 40's) and whether it is met, and
// writes the same as JSON to .cache/bench/latest.json (and a copy named by the time),
// with the commit and the machine; docs/performance.md keeps the history. It never
// fails the build: speed is a benchmark's business, not a test's.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { cliDir, ensureBuilt, root } from './ensure-built.mjs';
import { browserFigures, bundleSizes, CPUS256_RUN, GS320_RUN, kb } from './bench-browser.mjs';

/** The goals of issue 40 (docs/performance.md keeps the history). */
const SWEEP_FULL_S = 1.0;
const SWEEP_COARSE_S = 0.5;
/** testbed-classic's native events/s when the goal was set (main at 563072a, this machine kind). */
const NATIVE_BEFORE = 9.3e6;
const NATIVE_GOAL = 2 * NATIVE_BEFORE;
const WASM_RATIO = 0.9;
const FRAME_MS = 16.7;
const TASK_MS = 50;
const LAB_FPS = 60;
const FIRST_FRAME_MS = 500;

if (!isMainThread) await sweepWorker();
else await main();

/**
 * A sweep worker, as the lab's (src/worker/host.ts): loads the core, says so, then takes
 * its share of a progressive sweep (src/core/progressive.ts): every point to the end of
 * its provisional window, a report there ('provisional'), 'waiting'; on 'continue' each run
 * on to its end ('final'), then 'done'.
 */
async function sweepWorker() {
  const load = (file) => import(pathToFileURL(join(workerData.cliDir, 'core', file)).href);
  const { loadCoreFromDisk } = await load('node.js');
  const { Simulation } = await load('sim.js');
  const { batchEnds } = await load('progressive.js');
  const core = await loadCoreFromDisk();
  parentPort.postMessage({ type: 'ready' });
  let kept = [];
  parentPort.on('message', (message) => {
    if (message.type === 'share') {
      kept = [];
      for (const values of message.share) {
        const simulation = Simulation.create(core, values);
        for (const end of batchEnds(values)) {
          simulation.runUntil(end);
          simulation.report();
        }
        kept.push(simulation);
        parentPort.postMessage({ type: 'provisional' });
      }
      parentPort.postMessage({ type: 'waiting' });
    } else if (message.type === 'continue') {
      for (const simulation of kept) {
        simulation.runToEnd();
        simulation.reportText();
        simulation.free();
        parentPort.postMessage({ type: 'final' });
      }
      parentPort.postMessage({ type: 'done' });
    }
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
  const { dealProgressive, progressiveOrder } = await load('progressive.js');

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
   * Wall time of the 1..32-CPU sweep of both kernels, the way the lab runs it: progressive
   * (src/core/progressive.ts), on as many simulation workers as the lab starts on this
   * machine (sweepWorkerCount: a core each, one left to the page), each with its share
   * dealt back and forth in coarse-to-fine order. Two times: until the whole provisional
   * curve is in (every worker waiting), and until the last final point. Timing starts once
   * the workers have loaded the core, as the lab's workers have by the time a learner
   * clicks (they load while the first run plays).
   */
  async function sweepSeconds(presets) {
    const points = [];
    for (let cpus = 1; cpus <= 32; cpus++) {
      for (const preset of presets)
        points.push({ cpus, values: { ...presetValues(preset), 'machine.cpus': cpus, 'sim.trace_capacity': 0 } });
    }
    const shares = dealProgressive(progressiveOrder(points), sweepWorkerCount(availableParallelism()))
      .filter((share) => share.length > 0)
      .map((share) => share.map((p) => p.values));
    const workers = shares.map(() => new Worker(new URL(import.meta.url), { workerData: { cliDir } }));
    await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('message', resolve))));
    const start = performance.now();
    let waiting = 0;
    let coarseSeconds = 0;
    await Promise.all(
      workers.map(
        (worker, i) =>
          new Promise((resolve, reject) => {
            worker.on('message', (message) => {
              if (message.type === 'waiting' && ++waiting === workers.length) {
                coarseSeconds = (performance.now() - start) / 1000;
                for (const w of workers) w.postMessage({ type: 'continue' });
              } else if (message.type === 'done') resolve();
            });
            worker.on('error', reject);
            worker.postMessage({ type: 'share', share: shares[i] });
          }),
      ),
    );
    const seconds = (performance.now() - start) / 1000;
    await Promise.all(workers.map((worker) => worker.terminate()));
    return { seconds, coarseSeconds, workers: workers.length, runs: points.length };
  }

  const testbed = presetValues('testbed-classic');
  const native = nativeEventsPerS(testbed);
  const wasm = wasmEventsPerS(testbed);
  if (native.events !== wasm.events) console.warn(`warning: native ran ${native.events} events, wasm ${wasm.events}`);
  const ratio = wasm.eventsPerS / native.eventsPerS;
  const sweep = await sweepSeconds(['testbed-classic', 'testbed-scalable']);

  console.log(`StackLab benchmark (${fmt(native.events)} events per testbed-classic run, median of ${REPEATS})\n`);
  const coreRows = [
    row(
      '1..32-CPU sweep of both kernels, wall time',
      `full < ${SWEEP_FULL_S} s`,
      sweep.seconds < SWEEP_FULL_S,
      `${fmt(sweep.seconds, 2)} s (${sweep.runs} runs on ${sweep.workers} workers, progressive)`,
      { seconds: sweep.seconds, runs: sweep.runs, workers: sweep.workers },
    ),
    row(
      '  the whole provisional curve',
      `< ${SWEEP_COARSE_S} s`,
      sweep.coarseSeconds < SWEEP_COARSE_S,
      `${fmt(sweep.coarseSeconds, 2)} s`,
      { seconds: sweep.coarseSeconds },
    ),
    row(
      'core events/s, native, testbed-classic',
      `>= ${fmt(NATIVE_GOAL / 1e6, 1)} M (2x ${fmt(NATIVE_BEFORE / 1e6, 1)} M)`,
      native.eventsPerS >= NATIVE_GOAL,
      `${fmt(native.eventsPerS / 1e6, 1)} M (fastest ${fmt(native.best / 1e6, 1)} M)`,
      { eventsPerS: native.eventsPerS, best: native.best, events: native.events },
    ),
    row(
      'wasm / native, same build',
      `>= ${WASM_RATIO}`,
      ratio >= WASM_RATIO,
      `${fmt(ratio, 2)} (${fmt(wasm.eventsPerS / 1e6, 1)} M events/s in Node)`,
      { ratio, wasmEventsPerS: wasm.eventsPerS, wasmBest: wasm.best },
    ),
  ];
  const browser = await browserRows(fmt);
  const rows = [...coreRows, ...browser];
  printTable(rows);
  const out = writeResults(rows);
  console.log(`\nThe figures as JSON: ${out}`);
}

/** One figure: what it is, its goal in words, whether it is met (undefined: not measured), and what was measured. */
function row(figure, goal, met, now, data) {
  return { figure, goal, met, now, data };
}

function printTable(rows) {
  const widths = ['figure', 'goal'].map((key) => Math.max(key.length, ...rows.map((r) => r[key].length)));
  const line = (a, b, c, d) => `${a.padEnd(widths[0])}  ${b.padEnd(widths[1])}  ${c.padEnd(7)}  ${d}`;
  console.log(line('figure', 'goal', 'verdict', 'now'));
  for (const r of rows) console.log(line(r.figure, r.goal, r.met === undefined ? '-' : r.met ? 'met' : 'not met', r.now));
}

/** Writes the rows, the machine and the commit to .cache/bench/<time>.json and latest.json; returns the latter's path. */
function writeResults(rows) {
  const dir = join(root, '.cache', 'bench');
  mkdirSync(dir, { recursive: true });
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    // not a checkout
  }
  const result = {
    at: new Date().toISOString(),
    commit,
    machine: {
      cpus: availableParallelism(),
      model: cpus()[0]?.model ?? 'unknown',
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    },
    rows,
  };
  const text = JSON.stringify(result, null, 2) + '\n';
  writeFileSync(join(dir, `${result.at.replace(/[:.]/g, '-')}.json`), text);
  const latest = join(dir, 'latest.json');
  writeFileSync(latest, text);
  return latest;
}

/** The lab in the browser: sizes from dist/, then Chromium's timings, as rows of the table. */
async function browserRows(fmt) {
  const sizes = bundleSizes();
  const rows = [
    row(
      'initial JavaScript, gzipped',
      '<= 150 KB',
      kb(sizes.initialJs) <= 150,
      `${fmt(kb(sizes.initialJs), 1)} KB (${sizes.initialFiles} files)`,
      { bytes: sizes.initialJs },
    ),
    row('simulation worker JavaScript, gzipped', '-', undefined, `${fmt(kb(sizes.workerJs), 1)} KB`, { bytes: sizes.workerJs }),
    row('wasm core, gzipped', '<= 50 KB', kb(sizes.wasm) <= 50, `${fmt(kb(sizes.wasm), 1)} KB`, { bytes: sizes.wasm }),
  ];
  let browser;
  try {
    browser = await browserFigures();
  } catch (error) {
    browser = { skipped: error.message };
  }
  if (browser.skipped) {
    rows.push(row('Chromium timings', '-', undefined, `skipped: ${browser.skipped}`, {}));
    return rows;
  }
  rows.push(
    row(
      '  in the lab, from the click: the whole provisional curve',
      `< ${SWEEP_COARSE_S * 1000} ms`,
      browser.labSweep.provisionalMs < SWEEP_COARSE_S * 1000,
      `${fmt(browser.labSweep.provisionalMs)} ms (every final point: ${fmt(browser.labSweep.doneMs)} ms)`,
      browser.labSweep,
    ),
    row(
      'navigation to the first animated frame (median of 3)',
      `< ${FIRST_FRAME_MS} ms`,
      browser.firstAnimatedMs < FIRST_FRAME_MS,
      `${fmt(browser.firstAnimatedMs)} ms`,
      { ms: browser.firstAnimatedMs },
    ),
  );
  // rAF timestamps jitter by a fraction of a millisecond around 1/60 s; 0.5 ms of slack allows for it
  const frameOk = (run) => run.p95 <= FRAME_MS + 0.5;
  const fps = (run) => `${fmt(run.labFps, 1)} lab frames/s`;
  const frames = (run) => `p95 ${fmt(run.p95, 1)} ms, longest task ${fmt(run.longestTask)} ms`;
  for (const [name, run] of Object.entries(browser.frameRuns)) {
    if (run.skipped) {
      rows.push(row(name, '-', false, `skipped: ${run.skipped}`, {}));
      continue;
    }
    const onScreen = !run.offScreen?.length;
    const data = { ...run };
    if (name === CPUS256_RUN || name === GS320_RUN) {
      rows.push(
        row(
          name,
          `${LAB_FPS} lab frames/s, p95 <= ${FRAME_MS} ms`,
          onScreen && run.labFps >= LAB_FPS * 0.97 && frameOk(run),
          `${fps(run)}, ${frames(run)}${onScreen ? '' : `; not on screen: ${run.offScreen.join(', ')}`}`,
          data,
        ),
      );
    } else {
      rows.push(
        row(
          name,
          `p95 <= ${FRAME_MS} ms, tasks <= ${TASK_MS} ms`,
          frameOk(run) && run.longestTask <= TASK_MS,
          `${frames(run)}, ${fps(run)}`,
          data,
        ),
      );
    }
  }
  return rows;
}
