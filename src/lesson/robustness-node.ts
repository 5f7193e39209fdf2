/*
 * robustness-node.ts -- Node only: the lessons read from disk, the report's stamp, and
 * `npm run robustness` (scripts/robustness.mjs loads this module with Vite's module
 * runner): every conclusion of every lesson judged at its preset and across the set of
 * robustness.ts, on the native runner (wasm-core/build/stacklab-native), one process per
 * core, each distinct run once; it writes docs/robustness.md and fails when an unscoped
 * conclusion holds in under 90% of the set or any conclusion fails at its preset.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { readSchema, type FlatScenario, type Report, type Schema } from '../core/index.js';
import { loadCoreFromDisk, nativePath, repoRoot } from '../core/node.js';
import { presetNames, readPreset } from '../core/presets.js';
import { buildCatalog, type Catalog } from './catalog.js';
import type { Conclusion } from './components.js';
import { formatProblem, type Lesson } from './parse.js';
import {
  PRESET, REPORT_FILE, SAMPLED, candidateCosts, failures, judgeAt, outcome, perturbationName, perturbationSet, perturbedPoints,
  presetPoints, probes, relationText, renderReport, runKey, share, sortWorstFirst, type Row,
} from './robustness.js';

/** Every lesson in lessons/, parsed against the core's schema. */
export function readCatalog(schema: Schema): Catalog {
  const dir = join(repoRoot, 'lessons');
  const files = readdirSync(dir).filter((file) => file.endsWith('.md') && file !== 'SUMMARY.md').sort();
  return buildCatalog({
    summary: readFileSync(join(dir, 'SUMMARY.md'), 'utf8'),
    lessons: Object.fromEntries(files.map((file) => [file, readFileSync(join(dir, file), 'utf8')])),
    presets: Object.fromEntries(presetNames().map((name) => [name, readPreset(name)])),
    schema,
  });
}

/** The code that judges conclusions: a change to it makes the report stale too. */
const JUDGING_SOURCES = ['src/lesson/conclusions.ts', 'src/lesson/robustness.ts', 'src/shared/metrics.ts'];

/**
 * The report's stamp: SHA-256 over the core's sources (wasm-core/src), the presets
 * (lessons/scenarios/*.json), every lesson's scenarios and conclusions, and the code
 * that judges them.
 */
export function computeStamp(lessons: Lesson[]): string {
  const hash = createHash('sha256');
  const add = (name: string, content: string | Buffer) => hash.update(`${name}\0`).update(content).update('\0');
  const core = join(repoRoot, 'wasm-core', 'src');
  for (const file of (readdirSync(core, { recursive: true }) as string[]).map((f) => f.split('\\').join('/')).sort()) {
    const path = join(core, file);
    let content: Buffer;
    try {
      content = readFileSync(path);
    } catch {
      continue;   // a directory
    }
    add(`wasm-core/src/${file}`, content);
  }
  const scenarios = join(repoRoot, 'lessons', 'scenarios');
  for (const file of readdirSync(scenarios).filter((f) => f.endsWith('.json')).sort()) add(`lessons/scenarios/${file}`, readFileSync(join(scenarios, file)));
  for (const lesson of lessons) add(lesson.file, JSON.stringify({ scenarios: lesson.meta.scenarios, conclusions: lesson.meta.conclusions ?? [] }));
  for (const file of JUDGING_SOURCES) add(file, readFileSync(join(repoRoot, file)));
  return hash.digest('hex').slice(0, 24);
}

/** Runs each distinct scenario once on the native runner, `parallel` at a time. */
async function runNative(runs: Map<string, FlatScenario>, done: Map<string, Report>, parallel: number): Promise<void> {
  const todo = [...runs].filter(([key]) => !done.has(key));
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const [key, values] = todo[next++]!;
      const args = Object.entries(values).map(([path, value]) => `${path}=${value}`);
      const text = await new Promise<string>((resolve, reject) => {
        execFile(nativePath, ['run', ...args], { maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
          if (error) reject(new Error(`the native runner failed on ${args.join(' ')}: ${stderr || error.message}`));
          else resolve(stdout);
        });
      });
      done.set(key, JSON.parse(text) as Report);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));
}

interface Planned { lesson: Lesson; conclusion: Conclusion; points: ReturnType<typeof presetPoints>; candidates: string[] }

export async function main(): Promise<number> {
  const started = Date.now();
  const core = await loadCoreFromDisk();
  const schema = readSchema(core);
  const catalog = readCatalog(schema);
  if (catalog.problems.length > 0) {
    process.stderr.write(`robustness: the lessons do not parse:\n${catalog.problems.map(formatProblem).join('\n')}\n`);
    return 1;
  }
  const parallel = availableParallelism();
  const reports = new Map<string, Report>();
  const report = (values: FlatScenario) => {
    const found = reports.get(runKey(values));
    if (!found) throw new Error(`no run for ${runKey(values)}`);
    return found;
  };
  const plan: Planned[] = catalog.lessons.flatMap((lesson) => (lesson.meta.conclusions ?? []).map((conclusion) => {
    const points = presetPoints(schema, lesson, conclusion);
    return { lesson, conclusion, points, candidates: candidateCosts(schema, points) };
  }));

  // First the presets and, for each candidate cost, the conclusion's runs with it doubled.
  const first = new Map<string, FlatScenario>();
  for (const { points, candidates } of plan) {
    for (const point of points) first.set(runKey(point.values), point.values);
    for (const probe of probes(points, candidates)) for (const point of perturbedPoints(schema, points, probe)) first.set(runKey(point.values), point.values);
  }
  await runNative(first, reports, parallel);
  const outcomes = new Map<string, string>();
  const outcomeOf = (values: FlatScenario) => {
    const key = runKey(values);
    if (!outcomes.has(key)) outcomes.set(key, outcome(JSON.stringify(report(values))));
    return outcomes.get(key)!;
  };
  const effective = plan.map(({ points, candidates }) => candidates.filter((_, i) => {
    const probe = probes(points, candidates)[i]!;
    return perturbedPoints(schema, points, probe).some((point, j) => outcomeOf(point.values) !== outcomeOf(points[j]!.values));
  }));

  // Then the whole set.
  const second = new Map<string, FlatScenario>();
  plan.forEach(({ points }, index) => {
    for (const p of perturbationSet(effective[index]!)) for (const point of perturbedPoints(schema, points, p)) second.set(runKey(point.values), point.values);
  });
  await runNative(second, reports, parallel);

  const rows: Row[] = plan.map(({ lesson, conclusion, points, candidates }, index) => {
    const preset = judgeAt(conclusion, points, report);
    let held = 0;
    let worst = { name: PRESET, judgement: preset };
    const set = perturbationSet(effective[index]!);
    for (const p of set) {
      const judgement = judgeAt(conclusion, perturbedPoints(schema, points, p), report);
      if (judgement.holds) held++;
      if (judgement.margin < worst.judgement.margin) worst = { name: perturbationName(p), judgement };
    }
    const samples = SAMPLED.map((p) => (p === PRESET
      ? { name: PRESET, judgement: preset }
      : { name: perturbationName(p), judgement: judgeAt(conclusion, perturbedPoints(schema, points, p), report) }));
    // The worst case too, so CI re-runs the point the report says is weakest.
    if (!samples.some((sample) => sample.name === worst.name)) samples.push(worst);
    return {
      lesson: lesson.meta.id, id: conclusion.id, says: conclusion.says, scope: conclusion.scope, relation: relationText(conclusion),
      held, total: set.length, preset, worst, costs: effective[index]!, inert: candidates.filter((cost) => !effective[index]!.includes(cost)), samples,
    };
  });

  const text = renderReport(rows, computeStamp(catalog.lessons), reports.size);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const out = join(repoRoot, REPORT_FILE);
  writeFileSync(out, text);
  process.stdout.write(`robustness: wrote ${REPORT_FILE}: ${rows.length} conclusions, ${reports.size} distinct runs on ${parallel} processes, ${seconds} s\n`);
  for (const row of sortWorstFirst(rows).slice(0, 10)) {
    process.stdout.write(`  ${(100 * share(row)).toFixed(1).padStart(5)}%  ${row.lesson}: ${row.id}${row.scope ? ' (scoped)' : ''}\n`);
  }
  const failed = failures(rows);
  if (failed.length > 0) {
    process.stderr.write(`robustness: ${failed.length} conclusion${failed.length === 1 ? '' : 's'} failed:\n${failed.map((line) => `  ${line}`).join('\n')}\n`);
    return 1;
  }
  return 0;
}
