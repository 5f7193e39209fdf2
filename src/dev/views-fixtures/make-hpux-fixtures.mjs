// make-hpux-fixtures.mjs -- DEV ONLY: writes src/views/fixtures/hpux-runs.json from real
// runs of the core for the HP-UX 9.0 views (kernel "hpux", source 003): the final report
// of each hpux preset (per-CPU mode times left out for size), reports of
// hpux-cow-8-buffers and hpux-cow-9-buffers a few moments apart (the buffers as the lab
// sees them while playing), and the curve of hpux-cow-8-buffers as the lab's Run curve
// makes it (src/kernels/hpux/curve-runs.ts: the same variants, the same short runs).
// Usage: node src/dev/views-fixtures/make-hpux-fixtures.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..', '..');
const load = async (path) => (await runnerImport(join(root, path), { configFile: false, logLevel: 'error' })).module;

const { loadCoreFromDisk } = await load('src/core/node.ts');
const { readSchema, validateScenario, Simulation, runScenario } = await load('src/core/index.ts');
const { hpuxCurveSetup, hpuxCurveVariants, hpuxCurvePoints } = await load('src/kernels/hpux/curve-runs.ts');
const core = await loadCoreFromDisk();
const schema = readSchema(core);

const PRESETS = [
  'hpux-fddi-host-checksum',
  'hpux-fddi-copies',
  'hpux-cow-8-buffers',
  'hpux-cow-9-buffers',
  'hpux-fddi-copy-avoidance',
  'hpux-loopback-lan0',
  'hpux-loopback-lo0',
];
const valuesOf = (name) =>
  validateScenario(schema, JSON.parse(readFileSync(join(root, 'lessons', 'scenarios', `${name}.json`), 'utf8'))).values;
const slim = (report) => ({ ...report, cpus: [] });

const finalReport = (values) => JSON.parse(runScenario(core, values));

/** Reports at `times` (simulated ns), as the lab's live reports while it plays. */
function liveReports(values, times) {
  const run = Simulation.create(core, values);
  try {
    return times.map((t) => {
      run.runUntil(t);
      return slim(run.report());
    });
  } finally {
    run.free();
  }
}

const reports = Object.fromEntries(PRESETS.map((name) => [name, slim(finalReport(valuesOf(name)))]));
const moments = [300e6, 300.1e6, 300.2e6, 300.3e6, 300.4e6, 300.5e6];
const live = {
  'hpux-cow-8-buffers': liveReports(valuesOf('hpux-cow-8-buffers'), moments),
  'hpux-cow-9-buffers': liveReports(valuesOf('hpux-cow-9-buffers'), moments),
};

const scenario = valuesOf('hpux-cow-8-buffers');
const variants = hpuxCurveVariants(scenario);
const curveRun = {
  seq: 1,
  key: 'fixture',
  variants,
  status: 'done',
  done: variants.length,
  reports: variants.map((variant) => finalReport(variant.values)),
  refusals: variants.map(() => undefined),
};
const fixture = {
  about:
    "Real runs of the core for the HP-UX 9.0 views: the hpux presets' final reports, live reports of " +
    'hpux-cow-8-buffers and hpux-cow-9-buffers at 300.0..300.5 ms, and the curve of hpux-cow-8-buffers as the lab runs it. ' +
    'Per-CPU mode times left out for size. Written by src/dev/views-fixtures/make-hpux-fixtures.mjs; do not edit.',
  reports,
  live,
  curve: { scenario: 'hpux-cow-8-buffers', setup: hpuxCurveSetup(scenario), points: hpuxCurvePoints(curveRun) },
};
const text = JSON.stringify(fixture) + '\n';
writeFileSync(join(root, 'src', 'views', 'fixtures', 'hpux-runs.json'), text);
process.stdout.write(`wrote src/views/fixtures/hpux-runs.json (${(text.length / 1024).toFixed(0)} KB, ${variants.length} curve runs)\n`);
