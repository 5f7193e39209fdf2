/*
 * conclusions.ts -- a lesson's conclusions (front matter `conclusions:`): the runs each
 * one reads, and whether its relation holds for the values measured at those runs. One
 * module for every place that judges a conclusion: the lesson tests (at the preset), the
 * robustness command and its CI check (across costs and seeds: robustness.ts). Pure: the
 * caller runs the scenarios (the wasm core in tests, the native runner in the command).
 *
 * The relations (docs/lessons.md, "Conclusions"):
 * - greater: a > b; with factor k, a >= k x b.       less: a < b; with factor k, a x k <= b.
 * - order: the metric strictly increases (or decreases) from each run to the next.
 * - monotone: along `at`, each step goes the stated way; with tolerance_pct t, a step
 *   may go back by at most t% of the point before it; and the last point is beyond the
 *   first in the stated way.
 * - flat: every point past `past` is within tolerance_pct % of the point at `past`.
 * - peak_at: the highest point of the curve is at `peak`, ± tolerance in the field's units.
 * - rises_then_falls: the highest point is neither the first nor the last of `at`: the
 *   curve rises to a peak inside the range and falls after it (where, a numeric claim says).
 *
 * Each judgement has a margin: how far it is from failing (negative when it fails), in
 * the relation's own terms (a relative difference, percentage points, field units), so
 * the worst of many judgements of one conclusion can be found.
 */
import type { FlatScenario } from '../core/scenario.js';
import { metricOf, type MetricId } from '../shared/metrics.js';
import type { Conclusion, ConclusionRelation, FieldSettings } from './components.js';

/** One run a conclusion reads, and the metric it reads from it. */
export interface ConclusionPoint {
  /** In words: "a", "b", "kernel.lock_kind=mcs", "machine.cpus=8". */
  label: string;
  values: FlatScenario;
  metric: MetricId;
}

export interface Judgement {
  holds: boolean;
  /** > 0 (or >= 0 where equality holds) when it holds; the lower, the closer to failing. */
  margin: number;
  /** The measured values, in words: "a = 41200, b = 38100". */
  measured: string;
}

/** Which fields each relation takes (besides id, says, relation and scope). */
export const RELATION_FIELDS: Record<ConclusionRelation, { required: string[]; optional: string[] }> = {
  greater: { required: ['a', 'b'], optional: ['factor'] },
  less: { required: ['a', 'b'], optional: ['factor'] },
  order: { required: ['metric', 'direction', 'runs'], optional: [] },
  monotone: { required: ['scenario', 'metric', 'field', 'at', 'direction'], optional: ['set', 'tolerance_pct'] },
  flat: { required: ['scenario', 'metric', 'field', 'at', 'past', 'tolerance_pct'], optional: ['set'] },
  peak_at: { required: ['scenario', 'metric', 'field', 'at', 'peak'], optional: ['set', 'tolerance'] },
  rises_then_falls: { required: ['scenario', 'metric', 'field', 'at'], optional: ['set'] },
};

export const CONCLUSION_COMMON_FIELDS = ['id', 'says', 'relation', 'scope'];

function settingsLabel(settings: FieldSettings | undefined): string {
  return Object.entries(settings ?? {})
    .map(([path, value]) => `${path}=${value}`)
    .join(' ');
}

/** The runs a conclusion reads, in the order its relation reads them. */
export function conclusionPoints(conclusion: Conclusion, scenarios: Record<string, FlatScenario>): ConclusionPoint[] {
  const run = (scenario: string, set: FieldSettings | undefined): FlatScenario => ({ ...scenarios[scenario], ...(set ?? {}) });
  switch (conclusion.relation) {
    case 'greater':
    case 'less':
      return (['a', 'b'] as const).map((side) => {
        const ref = conclusion[side]!;
        return { label: side, values: run(ref.scenario, ref.set), metric: ref.metric };
      });
    case 'order':
      return conclusion.runs!.map((ref) => ({
        label: settingsLabel(ref.set) || ref.scenario,
        values: run(ref.scenario, ref.set),
        metric: conclusion.metric!,
      }));
    case 'monotone':
    case 'flat':
    case 'peak_at':
    case 'rises_then_falls':
      return conclusion.at!.map((x) => ({
        label: `${conclusion.field}=${x}`,
        values: run(conclusion.scenario!, { ...(conclusion.set ?? {}), [conclusion.field!]: x }),
        metric: conclusion.metric!,
      }));
  }
}

/** A number as the robustness report writes it: six significant digits. */
export function formatValue(value: number | undefined): string {
  if (value === undefined) return 'nothing';
  return String(Number(value.toPrecision(6)));
}

const relative = (delta: number, base: number) => delta / Math.max(Math.abs(base), 1e-9);

/** Judges a conclusion given the values measured at its points (conclusionPoints' order). */
export function judge(conclusion: Conclusion, points: ConclusionPoint[], values: (number | undefined)[]): Judgement {
  const measured = points.map((point, i) => `${point.label} = ${formatValue(values[i])}`).join(', ');
  if (values.length !== points.length || values.some((value) => value === undefined || !Number.isFinite(value))) {
    const missing = points.filter((_, i) => values[i] === undefined).map((point) => `${metricOf(point.metric).label} at ${point.label}`);
    return { holds: false, margin: -Infinity, measured: `${measured} (measured nothing: ${missing.join('; ')})` };
  }
  const v = values as number[];
  const sign = conclusion.direction === 'decreasing' ? -1 : 1;
  switch (conclusion.relation) {
    case 'greater': {
      const k = conclusion.factor ?? 1;
      const [a, b] = v as [number, number];
      return { holds: conclusion.factor === undefined ? a > b : a >= k * b, margin: relative(a - k * b, k * b), measured };
    }
    case 'less': {
      const k = conclusion.factor ?? 1;
      const [a, b] = v as [number, number];
      return { holds: conclusion.factor === undefined ? a < b : a * k <= b, margin: relative(b - k * a, b), measured };
    }
    case 'order': {
      const steps = v.slice(1).map((value, i) => relative(sign * (value - v[i]!), v[i]!));
      return { holds: steps.every((step) => step > 0), margin: Math.min(...steps), measured };
    }
    case 'monotone': {
      const tolerance = conclusion.tolerance_pct ?? 0;
      // Each step in the stated way, in percent of the point before it; plus the whole curve's.
      const steps = v.slice(1).map((value, i) => 100 * relative(sign * (value - v[i]!), v[i]!));
      const overall = 100 * relative(sign * (v[v.length - 1]! - v[0]!), v[0]!);
      const margin = Math.min(...steps.map((step) => step + tolerance), overall);
      const holds = overall > 0 && (tolerance === 0 ? steps.every((step) => step > 0) : steps.every((step) => step + tolerance >= 0));
      return { holds, margin, measured };
    }
    case 'flat': {
      const at = conclusion.at!;
      const base = v[at.indexOf(conclusion.past!)]!;
      const deviations = at.flatMap((x, i) => (x > conclusion.past! ? [100 * Math.abs(relative(v[i]! - base, base))] : []));
      const margin = conclusion.tolerance_pct! - Math.max(...deviations);
      return { holds: margin >= 0, margin, measured };
    }
    case 'peak_at': {
      const at = conclusion.at!;
      const top = v.indexOf(Math.max(...v));
      const margin = (conclusion.tolerance ?? 0) - Math.abs(at[top]! - conclusion.peak!);
      return { holds: margin >= 0, margin, measured: `${measured} (highest at ${conclusion.field}=${at[top]})` };
    }
    case 'rises_then_falls': {
      const at = conclusion.at!;
      const peak = Math.max(...v);
      const top = v.indexOf(peak);
      // how far the peak stands above each end, in % of it: both must be above 0
      const margin = Math.min(100 * relative(peak - v[0]!, peak), 100 * relative(peak - v[v.length - 1]!, peak));
      return {
        holds: top > 0 && top < v.length - 1 && margin > 0,
        margin,
        measured: `${measured} (highest at ${conclusion.field}=${at[top]})`,
      };
    }
  }
}

/** The relation in words, for messages and the robustness report. */
export function relationText(conclusion: Conclusion): string {
  const side = (ref: Conclusion['a']) => `${ref!.metric} at ${ref!.scenario}${ref!.set ? ` ${settingsLabel(ref!.set)}` : ''}`;
  const curve = () =>
    `${conclusion.metric} over ${conclusion.field} = ${conclusion.at!.join(', ')} (${conclusion.scenario}${conclusion.set ? ` ${settingsLabel(conclusion.set)}` : ''})`;
  switch (conclusion.relation) {
    case 'greater':
      return `${side(conclusion.a)} ${conclusion.factor ? `>= ${conclusion.factor} x` : '>'} ${side(conclusion.b)}`;
    case 'less':
      return `${side(conclusion.a)}${conclusion.factor ? ` x ${conclusion.factor}` : ''} ${conclusion.factor ? '<=' : '<'} ${side(conclusion.b)}`;
    case 'order':
      return `${conclusion.metric} ${conclusion.direction} along ${conclusion.runs!.map((ref) => settingsLabel(ref.set) || ref.scenario).join(' → ')}`;
    case 'monotone':
      return `${curve()} ${conclusion.direction}${conclusion.tolerance_pct ? ` (steps back ≤ ${conclusion.tolerance_pct}%)` : ''}`;
    case 'flat':
      return `${curve()} within ${conclusion.tolerance_pct}% of its value at ${conclusion.past} past it`;
    case 'peak_at':
      return `${curve()} highest at ${conclusion.peak}${conclusion.tolerance ? ` ± ${conclusion.tolerance}` : ''}`;
    case 'rises_then_falls':
      return `${curve()} highest inside the range, below it at both ends`;
  }
}
