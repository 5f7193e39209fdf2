/*
 * mechanisms.ts -- the core's mechanism catalogue (kernel_api.h: Mechanism), read from
 * its schema: which scenarios use each mechanism, what is wrong with an entry, and the
 * page docs/mechanisms.md that lists them with the presets and lessons that use them.
 *
 * A mechanism's `when` says which scenarios use it: clauses joined by "; ", each
 * "kernels: conditions" or "kernels" alone. Kernels are joined by ","; conditions
 * "path=value" are joined by ", ", a value may be "a|b" (any of them), and ">n" or
 * "=n" compare a number. A scenario uses the mechanism when one clause names its kernel
 * and all of that clause's conditions hold for its values (defaults filled in).
 *
 * The words (does, systems) are only in the native core's schema (LAB_FIELD_DOCS):
 * the page is written from it; the wasm's schema has the rest.
 */
import type { Schema, SchemaField, SchemaMechanism } from './schema.js';
import type { ScenarioValues } from './scenario-values.js';

export type { SchemaMechanism };

export interface MechanismCondition {
  path: string;
  /** Any of these values (enum names or numbers in words), or a number it must exceed. */
  values?: string[];
  greaterThan?: number;
}

export interface MechanismClause {
  kernels: string[];
  conditions: MechanismCondition[];
}

/** A preset's labelled departure from a real system's mechanism (its meta.deviations). */
export interface Deviation {
  /** The real system the preset names. */
  system: string;
  /** The mechanism that system used (a catalogue id), when the model has it... */
  mechanism?: string;
  /** ...or, when it does not, what the system did, in words. */
  real?: string;
  /** The mechanism the preset runs instead (a catalogue id). */
  instead: string;
  /** Why, in a sentence a student can read, with what the system's mechanism gives. */
  why: string;
}

/** Parses a `when`; throws an Error saying what is wrong. */
export function parseWhen(when: string): MechanismClause[] {
  if (when.trim() === '') throw new Error('`when` is empty');
  return when.split(';').map((raw) => {
    const clause = raw.trim();
    const colon = clause.indexOf(':');
    const kernelText = colon < 0 ? clause : clause.slice(0, colon);
    const kernels = kernelText.split(',').map((k) => k.trim());
    if (kernels.some((k) => !/^[a-z]+$/.test(k))) throw new Error(`"${clause}": kernels must be names joined by ","`);
    const conditions =
      colon < 0
        ? []
        : clause
            .slice(colon + 1)
            .split(',')
            .map((c) => {
              const text = c.trim();
              const gt = /^([a-z_.]+)>(-?[0-9.]+)$/.exec(text);
              if (gt) return { path: gt[1]!, greaterThan: Number(gt[2]) };
              const eq = /^([a-z_.]+)=([a-z0-9_.|-]+)$/.exec(text);
              if (!eq) throw new Error(`"${text}" is neither path=value nor path>number`);
              return { path: eq[1]!, values: eq[2]!.split('|') };
            });
    return { kernels, conditions };
  });
}

function valueMatches(condition: MechanismCondition, value: number | string | undefined): boolean {
  if (value === undefined) return false;
  if (condition.greaterThan !== undefined) return typeof value === 'number' && value > condition.greaterThan;
  return condition.values!.some((v) => (typeof value === 'number' ? Number(v) === value : v === value));
}

/** Whether a scenario (every field's value, defaults filled in) uses the mechanism. */
export function usesMechanism(mechanism: SchemaMechanism, values: ScenarioValues): boolean {
  const kernel = values['kernel.kind'];
  return parseWhen(mechanism.when).some(
    (clause) =>
      typeof kernel === 'string' &&
      clause.kernels.includes(kernel) &&
      clause.conditions.every((condition) => valueMatches(condition, values[condition.path])),
  );
}

/** The mechanisms a scenario uses, in the catalogue's order. */
export function mechanismsOf(schema: Schema, values: ScenarioValues): SchemaMechanism[] {
  return schema.mechanisms.filter((mechanism) => usesMechanism(mechanism, values));
}

function belongsTo(field: SchemaField, kernel: string): boolean {
  return field.kernel === '' || field.kernel.split(' ').includes(kernel);
}

/** What is wrong with the catalogue, in words (none: []). */
export function catalogueProblems(schema: Schema): string[] {
  const problems: string[] = [];
  const kernels = new Set(schema.kernels.map((k) => k.name));
  const fields = new Map(schema.fields.map((f) => [f.path, f]));
  const ids = new Map<string, number>();
  const names = new Map<string, number>();
  for (const m of schema.mechanisms) {
    ids.set(m.id, (ids.get(m.id) ?? 0) + 1);
    names.set(m.name.toLowerCase(), (names.get(m.name.toLowerCase()) ?? 0) + 1);
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(m.id)) problems.push(`${m.id}: an id is lower-case words joined by hyphens`);
    let clauses: MechanismClause[];
    try {
      clauses = parseWhen(m.when);
    } catch (error) {
      problems.push(`${m.id}: ${(error as Error).message}`);
      continue;
    }
    for (const clause of clauses) {
      for (const kernel of clause.kernels) {
        if (!kernels.has(kernel)) {
          problems.push(`${m.id}: no kernel is called "${kernel}"`);
          continue;
        }
        if (m.kernels.length > 0 && !m.kernels.includes(kernel))
          problems.push(`${m.id}: its table is not in ${kernel}'s record, yet its \`when\` names ${kernel}`);
        for (const condition of clause.conditions) {
          const field = fields.get(condition.path);
          if (!field) {
            problems.push(`${m.id}: no field ${condition.path}`);
            continue;
          }
          if (!belongsTo(field, kernel)) problems.push(`${m.id}: ${condition.path} is not a field of ${kernel}`);
          if (field.type === 'enum' && condition.values) {
            for (const v of condition.values)
              if (!field.values!.includes(v)) problems.push(`${m.id}: ${condition.path} has no value "${v}" (${field.values!.join(', ')})`);
          }
          if (field.type === 'enum' && condition.greaterThan !== undefined)
            problems.push(`${m.id}: ${condition.path} is an enum; compare it with =`);
        }
      }
    }
  }
  for (const [id, n] of ids) if (n > 1) problems.push(`${n} mechanisms share the id ${id}`);
  for (const [name, n] of names) if (n > 1) problems.push(`${n} mechanisms share the name "${name}"`);
  return problems;
}

/** What is wrong with a preset's deviations, in words (none: []). */
export function deviationProblems(schema: Schema, preset: string, values: ScenarioValues, deviations: Deviation[]): string[] {
  const byId = new Map(schema.mechanisms.map((m) => [m.id, m]));
  const problems: string[] = [];
  for (const d of deviations) {
    const mechanism = d.mechanism === undefined ? undefined : byId.get(d.mechanism);
    const instead = byId.get(d.instead);
    if ((d.mechanism === undefined) === (d.real === undefined))
      problems.push(
        `${preset}: a deviation names the system's mechanism (an id) or says in words what the system did (real), one of the two`,
      );
    else if (d.mechanism !== undefined && !mechanism) problems.push(`${preset}: its deviation names no mechanism "${d.mechanism}"`);
    if (!instead) problems.push(`${preset}: its deviation runs no mechanism "${d.instead}"`);
    if (mechanism && usesMechanism(mechanism, values)) problems.push(`${preset}: it says it departs from ${d.mechanism}, but it uses it`);
    if (instead && !usesMechanism(instead, values)) problems.push(`${preset}: it says it runs ${d.instead} instead, but it does not`);
    if (!d.system?.trim() || (d.why?.trim().length ?? 0) < 40)
      problems.push(`${preset}: a deviation names its system and says why, in a sentence`);
  }
  return problems;
}

/** Where a mechanism lives, for people: the engine's file or the kernels' folders. */
function home(m: SchemaMechanism): string {
  return m.kernels.length === 0 ? 'the engine (wasm-core/src/model/)' : `kernels: ${m.kernels.join(', ')} (wasm-core/src/kernels/)`;
}

export interface Usage {
  /** Preset names, by mechanism id. */
  presets: Map<string, string[]>;
  /** Lesson ids, by mechanism id. */
  lessons: Map<string, string[]>;
  /** Every preset's deviations. */
  deviations: { preset: string; deviation: Deviation }[];
}

/** docs/mechanisms.md: every mechanism, what it does, the real systems and their
 * citations, and the presets and lessons that use it; then the presets' deviations. */
export function mechanismsPage(schema: Schema, usage: Usage): string {
  const lines: string[] = [
    '# Mechanisms',
    '',
    "<!-- Generated from the native core's schema (wasm-core/src/model/mechanisms.c and each",
    "kernel's `mechanisms`) by scripts/gen-mechanisms.mjs: `npm run gen:mechanisms`. Do not edit. -->",
    '',
    'Every mechanism the kernels use, defined once in the core beside the code that implements it:',
    'what it does in the model, the real systems that used it (with the citation: a seed by number,',
    'a paper, or documented behaviour), and the presets and lessons that use it. Two behaviours never',
    'share a name. Where a preset names a real system but runs another mechanism than that system',
    'had, it says so in its `meta.deviations`, listed at the end.',
    '',
    '| mechanism | id | presets | lessons |',
    '|---|---|---|---|',
    ...schema.mechanisms.map(
      (m) => `| ${m.name} | \`${m.id}\` | ${usage.presets.get(m.id)?.length ?? 0} | ${usage.lessons.get(m.id)?.length ?? 0} |`,
    ),
    '',
  ];
  for (const m of schema.mechanisms) {
    const presets = usage.presets.get(m.id) ?? [];
    const lessons = usage.lessons.get(m.id) ?? [];
    lines.push(
      `## ${m.name}`,
      '',
      `\`${m.id}\` · defined in ${home(m)} · used when \`${m.when}\``,
      '',
      `**In the model.** ${m.does}`,
      '',
      `**Real systems.** ${m.systems}`,
      '',
      `**Presets.** ${presets.length ? presets.map((p) => `\`${p}\``).join(', ') : 'none (a field sets it)'}`,
      '',
      `**Lessons.** ${lessons.length ? lessons.map((l) => `[${l}](../lessons/${l}.md)`).join(', ') : 'none'}`,
      '',
    );
  }
  lines.push('## Deviations', '');
  if (usage.deviations.length === 0) lines.push('None: every preset that names a real system runs its mechanisms.', '');
  else {
    lines.push('| preset | real system | its mechanism | the preset runs | why |', '|---|---|---|---|---|');
    for (const { preset, deviation: d } of usage.deviations)
      lines.push(
        `| \`${preset}\` | ${d.system} | ${d.mechanism === undefined ? `${d.real} (not modelled)` : `\`${d.mechanism}\``} | \`${d.instead}\` | ${d.why} |`,
      );
    lines.push('');
  }
  return lines.join('\n');
}
