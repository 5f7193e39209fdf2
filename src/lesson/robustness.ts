/*
 * robustness.ts -- checked across costs, not at one point: the perturbation set every
 * conclusion of every lesson is judged over, and the report (docs/robustness.md) that
 * records the judgements. One module for the command that makes the report
 * (`npm run robustness`: robustness-node.ts, with the native runner) and the CI test that
 * re-runs a sample of it (robustness.test.ts, with the wasm core), so the two cannot
 * drift apart. Pure: the callers run the scenarios.
 *
 * The set, for each conclusion: every cost of its runs' kernels (a COST field of the
 * core's schema, PATH.mean_ns, whose kernel column is empty or names the run's kernel,
 * with a mean above 0) scaled by 0.5 and by 2, one at a time, and JOINT_SAMPLES samples
 * that scale every such cost at once by its own factor, log-uniform in [0.5, 2] (a
 * seeded generator: sample k scales a cost by the same factor in every run and every
 * report), each at sim.seed 1, 2 and 3. Scaled means are rounded to whole nanoseconds.
 * A cost that changes nothing in any of the conclusion's runs (at x2, at the preset's
 * seed) is left out of the one-at-a-time part: its runs would be the preset's again.
 */
import { nestScenario, validateScenario, type FlatScenario, type ScenarioValues } from '../core/scenario.js';
import type { Schema } from '../core/schema.js';
import { METRIC_IDS, readMetric, type MetricId } from '../shared/metrics.js';
import type { Report } from '../core/report.js';
import type { Conclusion } from './components.js';
import { conclusionPoints, judge, relationText, type ConclusionPoint, type Judgement } from './conclusions.js';
import { generator, hashText } from './option-order.js';
import type { Lesson } from './parse.js';

export const FACTORS = [0.5, 2] as const;
export const JOINT_SAMPLES = 16;
export const SEEDS = [1, 2, 3] as const;
/** An unscoped conclusion must hold in at least this share of the set. */
export const PASS_SHARE = 0.9;
export const REPORT_FILE = 'docs/robustness.md';

/** One member of the set: a cost scaled alone, or a joint sample, at a seed. */
export interface Perturbation {
  seed: number;
  cost?: string;
  factor?: number;
  sample?: number;
}

/** The preset point: the lesson's scenarios exactly as written. */
export const PRESET = 'preset';

export function perturbationName(p: Perturbation): string {
  if (p.cost !== undefined) return `${p.cost} x${p.factor}, seed ${p.seed}`;
  return `joint sample ${p.sample}, seed ${p.seed}`;
}

/** The inverse of perturbationName (undefined for the preset or a name it did not write). */
export function parsePerturbation(name: string): Perturbation | undefined {
  const single = /^(\S+) x([\d.]+), seed (\d+)$/.exec(name);
  if (single) return { cost: single[1]!, factor: Number(single[2]), seed: Number(single[3]) };
  const joint = /^joint sample (\d+), seed (\d+)$/.exec(name);
  if (joint) return { sample: Number(joint[1]), seed: Number(joint[2]) };
  return undefined;
}

/** Joint sample k's factor for one cost: log-uniform in [0.5, 2], the same wherever it is used. */
export function jointFactor(sample: number, cost: string): number {
  const u = generator(hashText(`${sample}:${cost}`))();
  return 2 ** (2 * u - 1);
}

/** Every value of a run, the core's defaults filled in (what the runners are given). */
export function fullValues(schema: Schema, values: FlatScenario): ScenarioValues {
  return validateScenario(schema, nestScenario(values)).values;
}

/** The costs of a run's kernel whose mean is above 0, by their mean's path. */
export function costsOf(schema: Schema, values: ScenarioValues): string[] {
  const paths = new Set(schema.fields.map((field) => field.path));
  const kind = String(values['kernel.kind']);
  return schema.fields
    .filter((field) => field.path.endsWith('.mean_ns') && paths.has(field.path.replace(/\.mean_ns$/, '.dist')))
    .filter((field) => field.kernel === '' || field.kernel.split(' ').includes(kind))
    .filter((field) => Number(values[field.path]) > 0)
    .map((field) => field.path);
}

/** The runs of a conclusion at the preset, each with every value. */
export function presetPoints(schema: Schema, lesson: Lesson, conclusion: Conclusion): ConclusionPoint[] {
  return conclusionPoints(conclusion, lesson.scenarios).map((point) => ({ ...point, values: fullValues(schema, point.values) }));
}

/** The costs any of a conclusion's runs has, sorted. */
export function candidateCosts(schema: Schema, points: ConclusionPoint[]): string[] {
  return [...new Set(points.flatMap((point) => costsOf(schema, point.values as ScenarioValues)))].sort();
}

/** One run under a perturbation (its costs scaled, its seed set). */
export function perturb(schema: Schema, values: ScenarioValues, p: Perturbation): ScenarioValues {
  const next: ScenarioValues = { ...values, 'sim.seed': p.seed };
  for (const cost of costsOf(schema, values)) {
    const factor = p.cost !== undefined ? (cost === p.cost ? p.factor! : 1) : jointFactor(p.sample!, cost);
    if (factor !== 1) next[cost] = Math.max(0, Math.round(Number(values[cost]) * factor));
  }
  return next;
}

export function perturbedPoints(schema: Schema, points: ConclusionPoint[], p: Perturbation): ConclusionPoint[] {
  return points.map((point) => ({ ...point, values: perturb(schema, point.values as ScenarioValues, p) }));
}

/** The probes that find a cost that changes nothing: each candidate x2 at the preset's seed. */
export function probes(points: ConclusionPoint[], costs: string[]): Perturbation[] {
  const seed = Number(points[0]!.values['sim.seed']);
  return costs.map((cost) => ({ cost, factor: 2, seed }));
}

/** The set for a conclusion whose effective costs are given. */
export function perturbationSet(costs: string[]): Perturbation[] {
  const set: Perturbation[] = [];
  for (const seed of SEEDS) {
    for (const cost of costs) for (const factor of FACTORS) set.push({ cost, factor, seed });
    for (let sample = 1; sample <= JOINT_SAMPLES; sample++) set.push({ sample, seed });
  }
  return set;
}

/** The points the CI test re-runs for each conclusion: the preset, and joint sample 1 at
 * seed 1 (and the conclusion's worst case, which the report adds to them). */
export const SAMPLED: (Perturbation | typeof PRESET)[] = [PRESET, { sample: 1, seed: 1 }];

/** A key for a run: the full set of its values. */
export function runKey(values: FlatScenario): string {
  return JSON.stringify(Object.entries(values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** A report without its scenario: what a cost that changes nothing leaves as it was. */
export function outcome(reportText: string): string {
  const report = JSON.parse(reportText) as Record<string, unknown>;
  delete report.scenario;
  return JSON.stringify(report);
}

/** Reads a metric of a run: from its report (the test), or from what the command kept of it. */
export type MetricReader = (values: FlatScenario, metric: MetricId) => number | undefined;

export function judgeAt(conclusion: Conclusion, points: ConclusionPoint[], read: MetricReader): Judgement {
  return judge(
    conclusion,
    points,
    points.map((point) => read(point.values, point.metric)),
  );
}

/** Every metric a report has, by id (what the command keeps of a run). */
export function metricsOf(report: Report): Partial<Record<MetricId, number>> {
  return Object.fromEntries(
    METRIC_IDS.flatMap((id) => {
      const value = readMetric(report, id);
      return value === undefined ? [] : [[id, value]];
    }),
  );
}

// ---- the report ------------------------------------------------------------------

export interface Row {
  lesson: string;
  id: string;
  says: string;
  scope?: string;
  relation: string;
  held: number;
  total: number;
  preset: Judgement;
  worst: { name: string; judgement: Judgement };
  /** Costs left out because they change nothing in its runs. */
  inert: string[];
  costs: string[];
  samples: { name: string; judgement: Judgement }[];
}

export function share(row: Row): number {
  return row.total === 0 ? 1 : row.held / row.total;
}

/** What fails the command: an unscoped conclusion under PASS_SHARE, any conclusion failing at its preset. */
export function failures(rows: Row[]): string[] {
  return rows.flatMap((row) => {
    const name = `${row.lesson}: ${row.id} ("${row.says}")`;
    const out: string[] = [];
    if (!row.preset.holds) out.push(`${name} does not hold at its preset: ${row.preset.measured}`);
    if (row.scope === undefined && share(row) < PASS_SHARE) {
      out.push(
        `${name} holds in ${percent(share(row))} of the set (${row.held} of ${row.total}), under ${percent(PASS_SHARE)}; worst: ${row.worst.name}: ${row.worst.judgement.measured}`,
      );
    }
    return out;
  });
}

function percent(x: number): string {
  return `${(100 * x).toFixed(x === 1 || x === 0 ? 0 : 1)}%`;
}

export function sortWorstFirst(rows: Row[]): Row[] {
  return [...rows].sort(
    (a, b) => share(a) - share(b) || Number(a.preset.holds) - Number(b.preset.holds) || a.worst.judgement.margin - b.worst.judgement.margin,
  );
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ');

export const STAMP_LINE = /^Stamp: `([0-9a-f]+)`/m;
export const SAMPLES_HEADING = '## Sampled points (re-run in CI)';

export function renderReport(rows: Row[], stamp: string, runs: number): string {
  const sorted = sortWorstFirst(rows);
  const lines = [
    "# Robustness of the lessons' conclusions",
    '',
    'Generated by `npm run robustness` (scripts/robustness.mjs, src/lesson/robustness.ts); do not edit.',
    `Stamp: \`${stamp}\` (SHA-256 of the core's sources under wasm-core/src, the presets in lessons/scenarios/*.json, every lesson's scenarios and conclusions, and the code that judges them; src/lesson/robustness.test.ts fails when it is stale).`,
    '',
    "Each conclusion a lesson teaches (its front matter's `conclusions:`, docs/lessons.md) is judged at its preset and",
    `across a set: every cost of its runs' kernels (the COST fields' \`mean_ns\`, those above 0) scaled by ${FACTORS.join(' and by ')} one at a time,`,
    `and ${JOINT_SAMPLES} joint samples with every cost scaled log-uniformly in [0.5, 2] (a fixed, seeded generator),`,
    `each at sim.seed ${SEEDS.join(', ')}, on the native runner. A cost that changes nothing in the conclusion's runs is left out`,
    `of the one-at-a-time part (Inert costs). A conclusion without a scope must hold in at least ${percent(PASS_SHARE)} of the set and`,
    'at its preset; one with a scope (the condition the lesson states) is reported, and must hold at its preset.',
    `${rows.length} conclusions, ${runs} distinct runs. Worst first.`,
    '',
    '| Lesson | Conclusion | What it says | Holds in the set | At the preset | Worst case |',
    '|---|---|---|---|---|---|',
    ...sorted.map((row) => {
      const status = row.scope !== undefined ? ' (scoped)' : share(row) < PASS_SHARE ? ' **under 90%**' : '';
      const says = `“${row.says}”${row.scope ? ` (scope: “${row.scope}”)` : ''}`;
      return `| ${cell(row.lesson)} | ${cell(row.id)} | ${cell(says)} | ${percent(share(row))} (${row.held}/${row.total})${status} | ${row.preset.holds ? 'holds' : '**fails**'}: ${cell(row.preset.measured)} | ${row.worst.judgement.holds ? 'holds' : 'fails'} at ${cell(row.worst.name)}: ${cell(row.worst.judgement.measured)} |`;
    }),
    '',
    '## What each conclusion states',
    '',
    '| Lesson | Conclusion | Relation | Costs scaled | Inert costs |',
    '|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${cell(row.lesson)} | ${cell(row.id)} | ${cell(row.relation)} | ${row.costs.length} | ${row.inert.length ? cell(row.inert.join(', ')) : 'none'} |`,
    ),
    '',
    SAMPLES_HEADING,
    '',
    'src/lesson/robustness.test.ts re-runs these points with the wasm core and expects the same values and verdicts.',
    '',
    '| Lesson | Conclusion | Point | Holds | Measured |',
    '|---|---|---|---|---|',
    ...rows.flatMap((row) =>
      row.samples.map(
        (sample) =>
          `| ${cell(row.lesson)} | ${cell(row.id)} | ${sample.name} | ${sample.judgement.holds ? 'yes' : 'no'} | ${cell(sample.judgement.measured)} |`,
      ),
    ),
    '',
  ];
  return lines.join('\n');
}

export interface RecordedSample {
  lesson: string;
  id: string;
  name: string;
  holds: boolean;
  measured: string;
}

/** The stamp and the sampled points a report recorded. */
export function readReport(text: string): { stamp?: string; samples: RecordedSample[] } {
  const stamp = STAMP_LINE.exec(text)?.[1];
  const at = text.indexOf(SAMPLES_HEADING);
  const samples: RecordedSample[] = [];
  if (at >= 0) {
    for (const line of text.slice(at).split('\n')) {
      if (!line.startsWith('| ') || line.startsWith('| Lesson ') || line.startsWith('|---')) continue;
      const cells = line.slice(2, -2).split(' | ');
      if (cells.length !== 5) continue;
      const [lesson, id, name, holds, measured] = cells as [string, string, string, string, string];
      samples.push({ lesson, id, name, holds: holds === 'yes', measured });
    }
  }
  return { stamp, samples };
}

/** A sample's measured words as the report writes them (a table cell). */
export function sampleCell(judgement: Judgement): string {
  return cell(judgement.measured);
}

export { relationText };
