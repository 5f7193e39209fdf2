/*
 * robustness-node.ts -- Node only: the lessons read from disk, the report's stamp, and
 * `npm run robustness` (scripts/robustness.mjs loads this module with Vite's module
 * runner): every conclusion of every lesson judged at its preset and across the set of
 * robustness.ts, on the native runner (wasm-core/build/stacklab-native), one process per
 * core, each distinct run once (and kept in .cache/robustness/ for the next time); it writes docs/robustness.md and fails when an unscoped
 * conclusion holds in under 90% of the set or any conclusion fails at its preset.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { readSchema, type FlatScenario, type Report, type Schema } from '../core/index.js';
import type { MetricId } from '../shared/metrics.js';
import { loadCoreFromDisk, nativePath, repoRoot } from '../core/node.js';
import { presetNames, readPreset } from '../core/presets.js';
import { buildCatalog, type Catalog } from './catalog.js';
import type { Conclusion } from './components.js';
import { formatProblem, type Lesson } from './parse.js';
import {
  PRESET,
  REPORT_FILE,
  SAMPLED,
  candidateCosts,
  failures,
  judgeAt,
  metricsOf,
  outcome,
  perturbationName,
  perturbationSet,
  perturbedPoints,
  presetPoints,
  probes,
  readReport,
  relationText,
  renderReport,
  runKey,
  share,
  sortWorstFirst,
  type Row,
} from './robustness.js';

/** Every lesson in lessons/, parsed against the core's schema. */
export function readCatalog(schema: Schema): Catalog {
  const dir = join(repoRoot, 'lessons');
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.md') && file !== 'SUMMARY.md')
    .sort();
  return buildCatalog({
    summary: readFileSync(join(dir, 'SUMMARY.md'), 'utf8'),
    lessons: Object.fromEntries(files.map((file) => [file, readFileSync(join(dir, file), 'utf8')])),
    presets: Object.fromEntries(presetNames().map((name) => [name, readPreset(name)])),
    schema,
  });
}

/** The code that judges a conclusion (a change to it makes the report stale too): how it is read and compared, and every measure it reads (the engine's and each kernel's own). */
function judgingSources(): string[] {
  return ['src/lesson/conclusions.ts', 'src/lesson/robustness.ts', ...metricSources()];
}

/** The code that reads every measure: the engine's table and kit, and each kernel's own metrics.ts. */
function metricSources(): string[] {
  const kernels = join(repoRoot, 'src', 'kernels');
  const kernelMetrics = readdirSync(kernels)
    .filter((name) => existsSync(join(kernels, name, 'metrics.ts')))
    .sort()
    .map((name) => `src/kernels/${name}/metrics.ts`);
  return ['src/shared/metrics.ts', 'src/shared/metric-kit.ts', ...kernelMetrics];
}

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
      continue; // a directory
    }
    add(`wasm-core/src/${file}`, content);
  }
  const scenarios = join(repoRoot, 'lessons', 'scenarios');
  for (const file of readdirSync(scenarios)
    .filter((f) => f.endsWith('.json'))
    .sort())
    add(`lessons/scenarios/${file}`, readFileSync(join(scenarios, file)));
  for (const lesson of lessons)
    add(lesson.file, JSON.stringify({ scenarios: lesson.meta.scenarios, conclusions: lesson.meta.conclusions ?? [] }));
  for (const file of judgingSources()) add(file, readFileSync(join(repoRoot, file)));
  return hash.digest('hex').slice(0, 24);
}

/** Whether docs/robustness.md's stamp is that of what it is made from as it is now (scripts/gen.mjs). */
export async function reportIsCurrent(): Promise<boolean> {
  const catalog = readCatalog(readSchema(await loadCoreFromDisk()));
  let text: string;
  try {
    text = readFileSync(join(repoRoot, REPORT_FILE), 'utf8');
  } catch {
    return false;
  }
  return readReport(text).stamp === computeStamp(catalog.lessons);
}

/** What the command keeps of a run: a digest of its report without the scenario, and its metrics. */
interface Kept {
  outcome: string;
  metrics: Partial<Record<MetricId, number>>;
}

const CACHE_DIR = join(repoRoot, '.cache', 'robustness');
/** What a kept run depends on besides its values: the runner and the code that reads metrics (each kernel's too). */
const readingSources = (): string[] => [...metricSources(), 'src/core/report.ts', 'src/core/report-types.ts', 'src/core/monitor.ts'];

/**
 * Runs kept from earlier invocations, in a file named for the native runner's bytes and
 * the code that reads its reports (so a rebuilt core or a changed metric starts afresh),
 * one line per run. A run's key is a digest of its full set of values.
 */
class RunCache {
  private readonly kept = new Map<string, Kept>();
  private readonly file: string;

  constructor() {
    const hash = createHash('sha256').update(readFileSync(nativePath));
    for (const file of readingSources()) hash.update(readFileSync(join(repoRoot, file)));
    this.file = join(CACHE_DIR, `${hash.digest('hex').slice(0, 24)}.jsonl`);
    if (existsSync(this.file)) {
      for (const line of readFileSync(this.file, 'utf8').split('\n')) {
        if (!line) continue;
        const [key, value] = JSON.parse(line) as [string, Kept];
        this.kept.set(key, value);
      }
    }
  }

  static key(values: FlatScenario): string {
    return createHash('sha256').update(runKey(values)).digest('hex').slice(0, 32);
  }

  get(values: FlatScenario): Kept | undefined {
    return this.kept.get(RunCache.key(values));
  }

  get size(): number {
    return this.kept.size;
  }

  /** Runs each distinct scenario not yet kept on the native runner, `parallel` at a time. */
  async run(runs: FlatScenario[], parallel: number): Promise<number> {
    // each distinct run not kept yet, once
    const unkept = new Map<string, FlatScenario>();
    for (const values of runs) {
      const key = RunCache.key(values);
      if (!this.kept.has(key)) unkept.set(key, values);
    }
    const queue = [...unkept];
    mkdirSync(CACHE_DIR, { recursive: true });
    let next = 0;
    const worker = async () => {
      while (next < queue.length) {
        const [key, values] = queue[next++]!;
        const args = Object.entries(values).map(([path, value]) => `${path}=${value}`);
        const text = await new Promise<string>((resolve, reject) => {
          execFile(nativePath, ['run', ...args], { maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
            if (error) reject(new Error(`the native runner failed on ${args.join(' ')}: ${stderr || error.message}`));
            else resolve(stdout);
          });
        });
        const kept: Kept = {
          outcome: createHash('sha256').update(outcome(text)).digest('hex'),
          metrics: metricsOf(JSON.parse(text) as Report),
        };
        this.kept.set(key, kept);
        appendFileSync(this.file, `${JSON.stringify([key, kept])}\n`);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));
    return queue.length;
  }
}

interface Planned {
  lesson: Lesson;
  conclusion: Conclusion;
  points: ReturnType<typeof presetPoints>;
  candidates: string[];
}

/**
 * With lesson ids, judges only their conclusions and prints them, writing nothing (for
 * writing a lesson); without, judges every lesson's and writes docs/robustness.md.
 */
export async function main(only: string[] = []): Promise<number> {
  const started = Date.now();
  const core = await loadCoreFromDisk();
  const schema = readSchema(core);
  const catalog = readCatalog(schema);
  if (catalog.problems.length > 0) {
    process.stderr.write(`robustness: the lessons do not parse:\n${catalog.problems.map(formatProblem).join('\n')}\n`);
    return 1;
  }
  const unknown = only.filter((id) => !catalog.lessons.some((lesson) => lesson.meta.id === id));
  if (unknown.length > 0) {
    process.stderr.write(
      `robustness: no lesson ${unknown.map((id) => `"${id}"`).join(', ')}; give lesson ids, such as ${catalog.lessons[0]?.meta.id}.\n`,
    );
    return 1;
  }
  const parallel = availableParallelism();
  const cache = new RunCache();
  const read = (values: FlatScenario, metric: MetricId) => {
    const kept = cache.get(values);
    if (!kept) throw new Error(`no run for ${runKey(values)}`);
    return kept.metrics[metric];
  };
  const lessons = catalog.lessons.filter((lesson) => only.length === 0 || only.includes(lesson.meta.id));
  const plan: Planned[] = lessons.flatMap((lesson) =>
    (lesson.meta.conclusions ?? []).map((conclusion) => {
      const points = presetPoints(schema, lesson, conclusion);
      return { lesson, conclusion, points, candidates: candidateCosts(schema, points) };
    }),
  );

  // First the presets and, for each candidate cost, the conclusion's runs with it doubled.
  let made = await cache.run(
    plan.flatMap(({ points, candidates }) => [
      ...points.map((point) => point.values),
      ...probes(points, candidates).flatMap((probe) => perturbedPoints(schema, points, probe).map((point) => point.values)),
    ]),
    parallel,
  );
  const outcomeOf = (values: FlatScenario) => cache.get(values)!.outcome;
  const effective = plan.map(({ points, candidates }) => {
    const probed = probes(points, candidates);
    return candidates.filter((_, i) =>
      perturbedPoints(schema, points, probed[i]!).some((point, j) => outcomeOf(point.values) !== outcomeOf(points[j]!.values)),
    );
  });

  // Then the whole set.
  made += await cache.run(
    plan.flatMap(({ points }, index) =>
      perturbationSet(effective[index]!).flatMap((p) => perturbedPoints(schema, points, p).map((point) => point.values)),
    ),
    parallel,
  );
  const distinct = new Set<string>();
  const count = (points: ReturnType<typeof presetPoints>) => points.forEach((point) => distinct.add(RunCache.key(point.values)));

  const rows: Row[] = plan.map(({ lesson, conclusion, points, candidates }, index) => {
    const preset = judgeAt(conclusion, points, read);
    count(points);
    let held = 0;
    let worst = { name: PRESET, judgement: preset };
    const set = perturbationSet(effective[index]!);
    for (const p of set) {
      const perturbed = perturbedPoints(schema, points, p);
      count(perturbed);
      const judgement = judgeAt(conclusion, perturbed, read);
      if (judgement.holds) held++;
      if (judgement.margin < worst.judgement.margin) worst = { name: perturbationName(p), judgement };
    }
    const samples = SAMPLED.map((p) =>
      p === PRESET
        ? { name: PRESET, judgement: preset }
        : { name: perturbationName(p), judgement: judgeAt(conclusion, perturbedPoints(schema, points, p), read) },
    );
    // The worst case too, so CI re-runs the point the report says is weakest.
    if (!samples.some((sample) => sample.name === worst.name)) samples.push(worst);
    return {
      lesson: lesson.meta.id,
      id: conclusion.id,
      says: conclusion.says,
      scope: conclusion.scope,
      relation: relationText(conclusion),
      held,
      total: set.length,
      preset,
      worst,
      costs: effective[index]!,
      inert: candidates.filter((cost) => !effective[index]!.includes(cost)),
      samples,
    };
  });

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const runs = `${distinct.size} distinct runs (${made} made now on ${parallel} processes, the rest kept from earlier), ${seconds} s`;
  if (only.length === 0) {
    writeFileSync(join(repoRoot, REPORT_FILE), renderReport(rows, computeStamp(catalog.lessons), distinct.size));
    process.stdout.write(`robustness: wrote ${REPORT_FILE}: ${rows.length} conclusions, ${runs}\n`);
  } else {
    process.stdout.write(`robustness: ${rows.length} conclusions of ${only.join(', ')} (${REPORT_FILE} not written), ${runs}\n`);
  }
  for (const row of sortWorstFirst(rows).slice(0, only.length === 0 ? 10 : rows.length)) {
    process.stdout.write(
      `  ${(100 * share(row)).toFixed(1).padStart(5)}%  ${row.lesson}: ${row.id}${row.scope ? ' (scoped)' : ''}${row.preset.holds ? '' : ' FAILS AT ITS PRESET'}; worst at ${row.worst.name}: ${row.worst.judgement.measured}\n`,
    );
  }
  const failed = failures(rows);
  if (failed.length > 0) {
    process.stderr.write(
      `robustness: ${failed.length} conclusion${failed.length === 1 ? '' : 's'} failed:\n${failed.map((line) => `  ${line}`).join('\n')}\n`,
    );
    return 1;
  }
  return 0;
}
