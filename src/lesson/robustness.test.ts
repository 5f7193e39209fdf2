/*
 * docs/robustness.md (npm run robustness) is current and true: its stamp matches the
 * core's sources, the presets and the lessons' conclusions as they are now, it has a row
 * for every conclusion, and a fixed sample of its points (each conclusion at its preset
 * and at joint sample 1, seed 1: robustness.ts's SAMPLED; and its worst case) re-run in the wasm core gives
 * the values and verdicts it recorded. The set and the judging are robustness.ts's and
 * conclusions.ts's, the same the command uses.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nestScenario, readSchema, runScenario, validateScenario, type FlatScenario, type Report } from '../core/index.js';
import { loadCoreFromDisk, repoRoot } from '../core/node.js';
import { readMetric } from '../shared/metrics.js';
import { formatProblem } from './parse.js';
import {
  FACTORS,
  JOINT_SAMPLES,
  PRESET,
  REPORT_FILE,
  SAMPLED,
  jointFactor,
  judgeAt,
  parsePerturbation,
  perturbationName,
  perturbationSet,
  perturbedPoints,
  presetPoints,
  readReport,
  runKey,
  sampleCell,
} from './robustness.js';
import { computeStamp, readCatalog } from './robustness-node.js';

const core = await loadCoreFromDisk();
const schema = readSchema(core);
const catalog = readCatalog(schema);
const text = readFileSync(join(repoRoot, REPORT_FILE), 'utf8');
const recorded = readReport(text);

const reports = new Map<string, Report>();
function run(values: FlatScenario): Report {
  const key = runKey(values);
  let report = reports.get(key);
  if (!report) {
    report = JSON.parse(runScenario(core, validateScenario(schema, nestScenario(values)).values)) as Report;
    reports.set(key, report);
  }
  return report;
}

const conclusions = catalog.lessons.flatMap((lesson) => (lesson.meta.conclusions ?? []).map((conclusion) => ({ lesson, conclusion })));

describe(REPORT_FILE, () => {
  it('the lessons parse', () => {
    expect(catalog.problems.map(formatProblem)).toEqual([]);
  });

  it('is current: its stamp is that of the core, the presets and the conclusions as they are', () => {
    expect(recorded.stamp, `${REPORT_FILE} has no stamp: run \`npm run robustness\``).toBeDefined();
    expect(
      recorded.stamp,
      `${REPORT_FILE} is stale (the core's sources, a preset or a lesson's scenarios or conclusions changed): run \`npm run robustness\` and commit it`,
    ).toBe(computeStamp(catalog.lessons));
  });

  it('records every conclusion, each at the sampled points (and its worst case), and nothing else', () => {
    const names = SAMPLED.map((p) => (p === PRESET ? PRESET : perturbationName(p)));
    const expected = conclusions.flatMap(({ lesson, conclusion }) => names.map((name) => `${lesson.meta.id}/${conclusion.id}/${name}`));
    const samples = recorded.samples.map((sample) => `${sample.lesson}/${sample.id}/${sample.name}`);
    expect(samples.filter((sample) => expected.includes(sample)).sort(), `run \`npm run robustness\``).toEqual(expected.sort());
    const known = new Set(conclusions.map(({ lesson, conclusion }) => `${lesson.meta.id}/${conclusion.id}`));
    expect(
      recorded.samples.filter((sample) => !known.has(`${sample.lesson}/${sample.id}`)).map((sample) => `${sample.lesson}/${sample.id}`),
      `run \`npm run robustness\``,
    ).toEqual([]);
  });

  for (const sample of recorded.samples) {
    it(`${sample.lesson}: ${sample.id} at ${sample.name} measures what the report recorded`, () => {
      const found = conclusions.find(({ lesson, conclusion }) => lesson.meta.id === sample.lesson && conclusion.id === sample.id);
      expect(found, `${sample.lesson} has no conclusion "${sample.id}" any more: run \`npm run robustness\``).toBeDefined();
      const { lesson, conclusion } = found!;
      const points = presetPoints(schema, lesson, conclusion);
      const perturbation = parsePerturbation(sample.name);
      expect(sample.name === PRESET || perturbation !== undefined, `a point named "${sample.name}"`).toBe(true);
      const judgement = judgeAt(conclusion, perturbation ? perturbedPoints(schema, points, perturbation) : points, (values, metric) =>
        readMetric(run(values), metric),
      );
      expect(sampleCell(judgement), `${sample.lesson}: ${sample.id} at ${sample.name}`).toBe(sample.measured);
      expect(judgement.holds, `${sample.lesson}: ${sample.id} at ${sample.name}: ${judgement.measured}`).toBe(sample.holds);
    });
  }
});

describe('the perturbation set', () => {
  it('scales each cost by 0.5 and 2 alone, and all of them in 16 joint samples, at seeds 1 to 3', () => {
    const set = perturbationSet(['costs.a.mean_ns', 'costs.b.mean_ns']);
    expect(set).toHaveLength(3 * (2 * FACTORS.length + JOINT_SAMPLES));
    expect(set.map(perturbationName).slice(0, 5)).toEqual([
      'costs.a.mean_ns x0.5, seed 1',
      'costs.a.mean_ns x2, seed 1',
      'costs.b.mean_ns x0.5, seed 1',
      'costs.b.mean_ns x2, seed 1',
      'joint sample 1, seed 1',
    ]);
    for (const p of set) expect(parsePerturbation(perturbationName(p))).toEqual(p);
  });

  it('draws joint factors log-uniformly in [0.5, 2], the same every time', () => {
    const factors = Array.from({ length: 2000 }, (_, i) => jointFactor(1 + (i % JOINT_SAMPLES), `costs.c${i}.mean_ns`));
    expect(Math.min(...factors)).toBeGreaterThanOrEqual(0.5);
    expect(Math.max(...factors)).toBeLessThanOrEqual(2);
    const logs = factors.map(Math.log2);
    expect(logs.filter((x) => x < 0).length / logs.length).toBeCloseTo(0.5, 1);
    expect(logs.reduce((a, b) => a + b, 0) / logs.length).toBeCloseTo(0, 1);
    expect(jointFactor(3, 'costs.syscall.mean_ns')).toBe(jointFactor(3, 'costs.syscall.mean_ns'));
  });
});
