/*
 * scenario-values.ts -- scenarios as plain values, with no validator attached: the
 * types, nested <-> flat (dotted paths), defaults, the shortest document for a
 * scenario. scenario.ts re-exports all of it and adds checking (Ajv) and encoding;
 * the page imports this module directly so its initial JavaScript does not carry the
 * validator (the worker checks every scenario it is given).
 */
import { defaultValue, type Schema } from './schema.js';
import { forbiddenKeyMessage, hasForbiddenSegment, isForbiddenKey } from './safe-keys.js';

/** A scenario file's contents: nested objects of fields, plus "meta". */
export type ScenarioDocument = Record<string, unknown>;

/** The people-facing description a scenario file may carry. */
export interface ScenarioMeta {
  name?: string;
  title?: string;
  description?: string;
  reproduces?: string[];
  [key: string]: unknown;
}

/** Dotted path -> value, as written (not yet checked). */
export type FlatScenario = Record<string, unknown>;

/** Every field of the core with a checked value: numbers, and names for enums. */
export type ScenarioValues = Record<string, number | string>;

/** One thing wrong with a scenario, in words that say how to fix it. */
export interface ScenarioProblem {
  path: string;
  message: string;
}

export class ScenarioError extends Error {
  readonly problems: ScenarioProblem[];

  constructor(problems: ScenarioProblem[]) {
    super(problems.map((problem) => problem.message).join('\n'));
    this.name = 'ScenarioError';
    this.problems = problems;
  }
}

export const META = 'meta';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A scenario key that could reach Object.prototype (safe-keys.ts): refused, never used. */
function refuseForbidden(path: string): never {
  throw new ScenarioError([{ path, message: forbiddenKeyMessage('This scenario', path) }]);
}

/**
 * Nested scenario -> dotted paths. Leaves are anything but plain objects; meta is
 * skipped. A key named __proto__, constructor or prototype is a ScenarioError.
 */
export function flattenScenario(document: ScenarioDocument): FlatScenario {
  const flat: FlatScenario = {};
  const walk = (node: Record<string, unknown>, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      const path = prefix + key;
      if (isForbiddenKey(key)) refuseForbidden(path);
      if (isPlainObject(value)) walk(value, path + '.');
      else flat[path] = value;
    }
  };
  const { [META]: _meta, ...fields } = document;
  walk(fields, '');
  return flat;
}

/** Dotted paths -> nested scenario (the inverse of flattenScenario). */
export function nestScenario(flat: FlatScenario): ScenarioDocument {
  const document: ScenarioDocument = {};
  for (const [path, value] of Object.entries(flat)) setPath(document, path, value);
  return document;
}

/**
 * Sets one dotted path in a nested scenario, replacing anything in the way. Only own
 * properties are walked, and a path with a part named __proto__, constructor or
 * prototype is a ScenarioError (it would otherwise write into Object.prototype).
 */
function setPath(document: ScenarioDocument, path: string, value: unknown): void {
  const keys = path.split('.');
  if (hasForbiddenSegment(path)) refuseForbidden(path);
  let node = document;
  for (const key of keys.slice(0, -1)) {
    const next = Object.prototype.hasOwnProperty.call(node, key) ? node[key] : undefined;
    node = isPlainObject(next) ? next : (node[key] = {});
  }
  node[keys[keys.length - 1]!] = value;
}

/** A copy of the document with flat overrides (--set path=value) applied. */
export function withOverrides(document: ScenarioDocument, overrides: FlatScenario): ScenarioDocument {
  const copy = structuredClone(document);
  for (const [path, value] of Object.entries(overrides)) setPath(copy, path, value);
  return copy;
}

/** Every field at its default. */
export function defaultValues(schema: Schema): ScenarioValues {
  return Object.fromEntries(schema.fields.map((field) => [field.path, defaultValue(field)]));
}

/** Checked values over the defaults: a complete scenario. */
export function mergeOverDefaults(schema: Schema, given: ScenarioValues): ScenarioValues {
  return { ...defaultValues(schema), ...given };
}

/** Only the fields that differ from their defaults, nested: the shortest file for a scenario. */
export function minimalDocument(schema: Schema, values: ScenarioValues): ScenarioDocument {
  const defaults = defaultValues(schema);
  const changed = Object.entries(values).filter(([path, value]) => defaults[path] !== value);
  return nestScenario(Object.fromEntries(changed));
}

/**
 * Reads a value typed on a command line (--set path=value) the way JSON would have it:
 * numbers as numbers, everything else as text (an enum name, or a mistake the
 * validator then explains).
 */
export function parseFieldText(text: string): number | string {
  return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text.trim()) ? Number(text) : text;
}
