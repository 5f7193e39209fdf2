#!/usr/bin/env node
// npm run gen: every file derived from the core (or from the presets and lessons) and
// committed, made again by its generator, in order (the scenario doc reads the field
// docs written before it); only files whose text changed are written.
// `npm run gen -- --check` (npm run gen:check; CI runs it) writes nothing: it names each
// stale file with the command that rewrites it, ends with "gen: N passed, N failed" and
// exits 1 when any is stale. scripts/generator.mjs is the part every generator shares.
//
// Not here, on purpose: the core's reference reports (wasm-core/test/reference/, rewritten
// only by UPDATE=1 make -C wasm-core test when a model change is meant: a generator that
// rewrote them would hide every regression they catch), the views' fixtures
// (src/dev/views-fixtures/, real runs frozen as test input) and the docs' screenshots
// (e2e/docs-screenshots.spec.ts, a browser's).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { runnerImport } from 'vite';
import { ensureBuilt } from './ensure-built.mjs';
import { generator as fieldDocs } from './gen-field-docs.mjs';
import { generator as fuzzSeeds } from './gen-fuzz-seeds.mjs';
import { generator as kernelList } from './gen-kernel-list.mjs';
import { generator as mechanisms } from './gen-mechanisms.mjs';
import { generator as readmeLessons } from './gen-readme-lessons.mjs';
import { generator as reportTypes } from './gen-report-types.mjs';
import { generator as scenarioDoc } from './gen-scenario-doc.mjs';
import { root, runGenerators } from './generator.mjs';

/**
 * docs/robustness.md: every lesson's conclusions judged across costs, minutes of runs the
 * first time, so it is checked by its stamp (a hash of what it is made from) and made
 * again only when that is stale, by `npm run robustness`.
 */
const robustness = {
  name: "the lessons' conclusions across costs",
  command: 'npm run robustness',
  async outputs() {
    ensureBuilt({ refreshCore: true });
    const { module } = await runnerImport(join(root, 'src/lesson/robustness-node.ts'), { configFile: false, logLevel: 'error' });
    return [
      {
        path: 'docs/robustness.md',
        about: "wasm-core/src, the presets, the lessons' scenarios and conclusions and the code that judges them",
        isCurrent: () => module.reportIsCurrent(),
        async write() {
          process.stdout.write('gen: docs/robustness.md is stale: npm run robustness (minutes the first time)\n');
          const run = spawnSync(process.execPath, [join(root, 'scripts', 'robustness.mjs')], { cwd: root, stdio: 'inherit' });
          if (run.status !== 0) throw new Error(`npm run robustness exited ${run.status}`);
        },
      },
    ];
  },
};

export const GENERATORS = [kernelList, reportTypes, fieldDocs, scenarioDoc, readmeLessons, mechanisms, fuzzSeeds, robustness];

/** `--without robustness`: every generator but the lessons' judgement across costs (minutes): the toy-kernel test's build. */
const without = process.argv.includes('--without') ? process.argv[process.argv.indexOf('--without') + 1] : undefined;
const chosen = GENERATORS.filter((generator) => !(without === 'robustness' && generator === robustness));

process.exitCode = (await runGenerators(chosen, { check: process.argv.includes('--check') })) > 0 ? 1 : 0;
