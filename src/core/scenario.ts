/*
 * scenario.ts -- scenarios as plain JSON, checked against one schema built from the
 * core's field table, explained in words, and encoded into a lab_Scenario.
 *
 * A scenario file nests objects whose leaves are the core's dotted field paths
 * ({"machine":{"cpus":16}} is machine.cpus = 16). "meta" describes the scenario for
 * people and is never sent to the core. A field not given takes its default.
 * The core checks everything again when it is encoded and may still refuse (for
 * example fields that are fine alone but not together); its own words are kept.
 */
import { Ajv, type ErrorObject } from 'ajv';
import { defaultValue, fieldsByPath, type Schema, type SchemaField } from './schema.js';
import type { Core, Ptr } from './wasm.js';

export * from './scenario-values.js';
import {
  flattenScenario, isPlainObject, mergeOverDefaults, META, nestScenario, ScenarioError,
  type ScenarioDocument, type ScenarioMeta, type ScenarioProblem, type ScenarioValues,
} from './scenario-values.js';

// ---- the JSON Schema -------------------------------------------------------------

type JsonSchema = Record<string, unknown>;

function fieldJsonSchema(field: SchemaField): JsonSchema {
  const base = { description: field.doc, default: defaultValue(field) };
  if (field.type === 'enum') return { ...base, enum: field.values };
  return {
    ...base,
    type: field.type === 'int' ? 'integer' : 'number',
    minimum: field.min,
    maximum: field.max,
  };
}

/** A JSON Schema (draft-07) for scenario files, built from the core's field table. */
export function scenarioJsonSchema(schema: Schema): JsonSchema {
  const root: JsonSchema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'StackLab scenario',
    type: 'object',
    additionalProperties: false,
    properties: {
      [META]: {
        type: 'object',
        description: 'Describes the scenario for people; the core ignores it.',
        properties: {
          name: { type: 'string' },
          title: { type: 'string' },
          description: { type: 'string' },
          reproduces: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  };
  for (const field of schema.fields) {
    const keys = field.path.split('.');
    let node = root;
    for (const key of keys.slice(0, -1)) {
      const properties = node.properties as Record<string, JsonSchema>;
      node = properties[key] ??= { type: 'object', additionalProperties: false, properties: {} };
    }
    (node.properties as Record<string, JsonSchema>)[keys[keys.length - 1]!] = fieldJsonSchema(field);
  }
  return root;
}

const validators = new WeakMap<Schema, ReturnType<Ajv['compile']>>();

function validatorFor(schema: Schema) {
  let validate = validators.get(schema);
  if (!validate) {
    validate = new Ajv({ allErrors: true, strict: true }).compile(scenarioJsonSchema(schema));
    validators.set(schema, validate);
  }
  return validate;
}

export type Checked =
  | { ok: true; values: ScenarioValues; meta: ScenarioMeta }
  | { ok: false; problems: ScenarioProblem[] };

/** Checks a scenario document; on success gives every field's value (defaults filled in). */
export function checkScenario(schema: Schema, document: unknown): Checked {
  if (!isPlainObject(document)) {
    return {
      ok: false,
      problems: [{ path: '', message: `a scenario must be a JSON object such as {"machine":{"cpus":16}}, but this is ${describeValue(document)}` }],
    };
  }
  const validate = validatorFor(schema);
  if (!validate(document)) return { ok: false, problems: explainErrors(schema, document, validate.errors ?? []) };
  const given = flattenScenario(document) as ScenarioValues;
  return { ok: true, values: mergeOverDefaults(schema, given), meta: (document[META] ?? {}) as ScenarioMeta };
}

/** Like checkScenario, but throws ScenarioError listing every problem. */
export function validateScenario(schema: Schema, document: unknown): { values: ScenarioValues; meta: ScenarioMeta } {
  const checked = checkScenario(schema, document);
  if (!checked.ok) throw new ScenarioError(checked.problems);
  return checked;
}

// ---- errors in words -------------------------------------------------------------

/** Most useful first: a wrong type explains more than a range on the same field. */
const keywordOrder = ['additionalProperties', 'type', 'enum', 'minimum', 'maximum'];

function explainErrors(schema: Schema, document: ScenarioDocument, errors: ErrorObject[]): ScenarioProblem[] {
  const byPath = new Map<string, ErrorObject>();
  const sorted = [...errors].sort((a, b) => rank(a) - rank(b));
  for (const error of sorted) {
    const path = errorPath(error);
    if (!byPath.has(path)) byPath.set(path, error);
  }
  return [...byPath].map(([path, error]) => ({ path, message: explainError(schema, document, path, error) }));
}

function rank(error: ErrorObject): number {
  const index = keywordOrder.indexOf(error.keyword);
  return index < 0 ? keywordOrder.length : index;
}

function errorPath(error: ErrorObject): string {
  const parts = error.instancePath.split('/').slice(1).map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'additionalProperties') parts.push(String(error.params.additionalProperty));
  return parts.join('.');
}

function valueAt(document: ScenarioDocument, path: string): unknown {
  let node: unknown = document;
  for (const key of path.split('.')) node = isPlainObject(node) ? node[key] : undefined;
  return node;
}

function explainError(schema: Schema, document: ScenarioDocument, path: string, error: ErrorObject): string {
  const field = fieldsByPath(schema).get(path);
  const value = valueAt(document, path);
  if (error.keyword === 'additionalProperties') return unknownField(schema, path);
  if (!field) {
    if (path === META || path.startsWith(META + '.')) {
      return `${path} is ${describeValue(value)}, but ${error.message ?? 'it is not allowed'}. "meta" holds name, title and description as text and reproduces as a list of names.`;
    }
    const example = schema.fields.find((f) => f.path.startsWith(path + '.'));
    const nested = example ? JSON.stringify(nestScenario({ [example.path]: defaultValue(example) })) : '{}';
    return `${path} is ${describeValue(value)}, but it must be an object of fields${example ? ` such as ${example.path}` : ''}. Fix: nest its fields, as in ${nested}.`;
  }
  if (field.type === 'enum') {
    const names = field.values!;
    const suggestion = typeof value === 'string' ? closest(value, names) : undefined;
    return `${path} is ${typeof value === 'string' ? `"${value}"` : describeValue(value)}, which is not one of its names: ${names.join(', ')}.`
      + (suggestion ? ` Did you mean "${suggestion}"?` : '')
      + ` Fix: set ${path} to one of ${names.map((name) => `"${name}"`).join(', ')}.`;
  }
  const range = `${rangeText(field)}`;
  const example = `such as ${defaultValue(field)}`;
  if (error.keyword === 'type') {
    if (field.type === 'int' && typeof value === 'number') {
      return `${path} is ${value}, but it must be a whole number ${range}. Fix: use a whole number ${example}.`;
    }
    return `${path} is ${describeValue(value)}, but it must be a ${field.type === 'int' ? 'whole number' : 'number'} ${range}. Fix: give a number (in JSON, without quotes), ${example}.`;
  }
  return `${path} is ${describeValue(value)}, outside its range: it must be ${range}. Fix: set ${path} between ${field.min} and ${field.max}.`;
}

function rangeText(field: SchemaField): string {
  return `from ${field.min} to ${field.max}${field.unit ? ' ' + field.unit : ''}`;
}

/** The message for a path no field has, with the likeliest intended field. */
export function unknownField(schema: Schema, path: string): string {
  // Groups count too: "machin" is probably "machine".
  const names = new Set(schema.fields.flatMap((field) => {
    const parts = field.path.split('.');
    return parts.map((_, i) => parts.slice(0, i + 1).join('.'));
  }));
  const suggestion = closest(path, [...names]);
  return `unknown field "${path}".`
    + (suggestion ? ` Did you mean "${suggestion}"?` : '')
    + ' Fix: correct or remove it; docs/scenario.md lists every field.';
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (typeof value === 'string') return `"${value}" (text)`;
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return String(value);
}

/** The candidate nearest to what was typed, if it is near enough to be a typo. */
export function closest(typed: string, candidates: string[]): string | undefined {
  const lower = typed.toLowerCase();
  const lastPart = (path: string) => path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  // "cpus" for "machine.cpus": the right name in the wrong place, if only one field has it.
  const sameName = candidates.filter((candidate) => lastPart(candidate) === lastPart(lower));
  let best: string | undefined;
  let bestScore = Infinity;
  for (const candidate of candidates) {
    const whole = editDistance(lower, candidate.toLowerCase());
    const score = sameName.length === 1 && sameName[0] === candidate ? Math.min(whole, 1) : whole;
    if (score < bestScore) [best, bestScore] = [candidate, score];
  }
  return best !== undefined && bestScore <= Math.max(2, Math.floor(typed.length / 3)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length]!;
}

// ---- encoding into the core -------------------------------------------------------

/** A lab_Scenario in wasm memory; free() it (or hand it to a Simulation, which does). */
export class EncodedScenario {
  constructor(readonly core: Core, readonly ptr: Ptr) {}

  /** The core's value of a field: a number, or an enum's index. */
  get(field: SchemaField): number {
    return this.core.exports.lab_scenario_get(this.ptr, field.index);
  }

  /** The core's words for its last refusal, or "". */
  error(): string {
    return this.core.readString(this.core.exports.lab_scenario_error(this.ptr));
  }

  free(): void {
    this.core.exports.lab_scenario_free(this.ptr);
  }
}

/** The number lab_scenario_set takes for a checked value. */
export function encodeValue(field: SchemaField, value: number | string): number {
  if (field.type !== 'enum') return value as number;
  const index = field.values!.indexOf(value as string);
  if (index < 0) throw new ScenarioError([{ path: field.path, message: `${field.path} is "${value}", which is not one of ${field.values!.join(', ')}` }]);
  return index;
}

/**
 * Encodes checked values into a new lab_Scenario, field by field, then asks the core
 * to check the fields together. Throws ScenarioError with the core's words if it refuses.
 */
export function encodeScenario(core: Core, schema: Schema, values: ScenarioValues): EncodedScenario {
  const exports = core.exports;
  const byPath = fieldsByPath(schema);
  const ptr = exports.lab_scenario_new();
  if (ptr === 0) throw new Error('the core could not allocate a scenario');
  const scenario = new EncodedScenario(core, ptr);
  const problems: ScenarioProblem[] = [];
  for (const [path, value] of Object.entries(values)) {
    const field = byPath.get(path);
    if (!field) {
      problems.push({ path, message: unknownField(schema, path) });
      continue;
    }
    const status = exports.lab_scenario_set(ptr, field.index, encodeValue(field, value));
    if (status !== 0) problems.push({ path, message: coreRefusal(core, scenario, status) });
  }
  if (problems.length === 0) {
    const status = exports.lab_scenario_validate(ptr);
    if (status !== 0) problems.push({ path: '', message: coreRefusal(core, scenario, status) });
  }
  if (problems.length > 0) {
    scenario.free();
    throw new ScenarioError(problems);
  }
  return scenario;
}

function coreRefusal(core: Core, scenario: EncodedScenario, status: number): string {
  return scenario.error() || core.statusMessage(status);
}
