/*
 * schema-errors.ts -- the one place that turns JSON Schema errors (Ajv's) into words:
 * what is wrong, where, and how to fix it, with the closest name when a name was
 * mistyped. Two dialects share its vocabulary (paths, values in words, suggestions):
 *   - explainSchemaErrors: any YAML source checked against a schema (a lesson's front
 *     matter and components, a scene script), each problem with its file and line;
 *   - explainScenarioErrors: a scenario (JSON) against the core's field table, in the
 *     table's words (range and unit, names, an example).
 */
import type { ErrorObject } from 'ajv';
import { defaultValue, fieldsByPath, type Schema, type SchemaField } from './schema.js';
import { META, nestScenario, type ScenarioDocument, type ScenarioProblem } from './scenario-values.js';
import type { PathPart, SourceProblem, YamlText } from './yaml-lines.js';

/** The instance path of an error as parts (array indices as numbers). */
export function errorPathParts(error: ErrorObject): PathPart[] {
  return error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * A value in an error message: in the words of YAML authors ("empty", "a map of
 * fields") or of JSON files ("null", "an object").
 */
export function describeValue(value: unknown, dialect: 'yaml' | 'json'): string {
  if (value === undefined) return 'missing';
  if (value === null) return dialect === 'yaml' ? 'empty' : 'null';
  if (typeof value === 'string')
    return value.length > 60 ? `"${value.slice(0, 60)}…" (text, ${value.length.toLocaleString('en-US')} characters)` : `"${value}" (text)`;
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return dialect === 'yaml' ? 'a map of fields' : 'an object';
  return String(value);
}

// ---- any YAML source ------------------------------------------------------------------

/** "options › item 2 › explain" (items counted from 1, as people count them). */
function pathText(path: PathPart[]): string {
  return path.map((part) => (typeof part === 'number' ? `item ${part + 1}` : part)).join(' › ');
}

/** The value at a path of parts, if there is one. */
export function valueAt(value: unknown, path: PathPart[]): unknown {
  let node = value;
  for (const part of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[part];
  }
  return node;
}

/** The properties a schema node allows, for "did you mean". */
function schemaAt(schema: Record<string, unknown>, path: PathPart[]): Record<string, unknown> | undefined {
  let node: Record<string, unknown> | undefined = schema;
  for (const part of path) {
    if (!node) return undefined;
    if (typeof part === 'number') node = node.items as Record<string, unknown> | undefined;
    else {
      const properties = node.properties as Record<string, Record<string, unknown>> | undefined;
      node =
        properties?.[part] ??
        (typeof node.additionalProperties === 'object' ? (node.additionalProperties as Record<string, unknown>) : undefined);
    }
  }
  return node;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a map of fields',
};

/**
 * Turns Ajv's errors into problems. `what` names the thing checked ("front matter",
 * "```predict"); `fixFor` may give a better fix for a missing field.
 */
export function explainSchemaErrors(
  errors: ErrorObject[],
  data: unknown,
  schema: Record<string, unknown>,
  yaml: YamlText,
  file: string,
  what: string,
  problems: SourceProblem[],
  docs = 'docs/lessons.md',
): void {
  // A oneOf that failed explains itself; the branch errors under it only confuse.
  const oneOfPaths = new Set(errors.filter((e) => e.keyword === 'oneOf').map((e) => e.instancePath));
  const seen = new Set<string>();
  for (const error of errors) {
    if (error.schemaPath.includes('/oneOf/') && oneOfPaths.has(error.instancePath)) continue;
    const path = errorPathParts(error);
    const value = valueAt(data, path);
    const at = path.length ? `"${pathText(path)}"` : what;
    let line = yaml.line(path);
    let message: string;
    let fix: string;
    switch (error.keyword) {
      case 'required': {
        const missing = String(error.params.missingProperty);
        message = `${at === what ? what : `${at} in ${what}`} is missing "${missing}".`;
        fix = `add a "${missing}:" line; ${docs} shows every field of ${what}.`;
        break;
      }
      case 'additionalProperties': {
        const extra = String(error.params.additionalProperty);
        line = yaml.line(path, extra);
        const allowed = Object.keys((schemaAt(schema, path)?.properties as object | undefined) ?? {});
        const suggestion = closest(extra, allowed);
        message = `unknown field "${extra}" in ${path.length ? at + ' of ' : ''}${what}.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`;
        fix = `correct or remove it; ${what} allows ${allowed.map((name) => `"${name}"`).join(', ')}.`;
        break;
      }
      case 'type': {
        const wanted = String(error.params.type)
          .split(',')
          .map((t) => TYPE_WORDS[t] ?? t)
          .join(' or ');
        message = `${at} is ${describeValue(value, 'yaml')}, but it must be ${wanted}.`;
        fix = `write ${at} as ${wanted}.`;
        break;
      }
      case 'enum': {
        const allowed = (error.params.allowedValues as unknown[]).map(String);
        const suggestion = typeof value === 'string' ? closest(value, allowed) : undefined;
        message = `${at} is ${describeValue(value, 'yaml')}, which is not one of: ${allowed.join(', ')}.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`;
        fix = `use one of the names listed.`;
        break;
      }
      case 'pattern': {
        const name = error.propertyName ?? (typeof value === 'string' ? value : String(value));
        if (error.propertyName !== undefined) line = yaml.line(path, error.propertyName);
        const isFieldPath = String(error.params.pattern).includes('\\.');
        message = isFieldPath
          ? `"${name}" is not a scenario field path.`
          : `"${name}" is not a valid name: names use lower-case letters, digits and single hyphens.`;
        fix = isFieldPath
          ? 'write the dotted path of the field, such as "machine.cpus" (docs/scenario.md lists them).'
          : 'rename it, for example "one-lock".';
        break;
      }
      case 'propertyNames':
        continue; // its pattern error says it better
      case 'minItems':
      case 'maxItems': {
        const count = Array.isArray(value) ? value.length : 0;
        const limit = Number(error.params.limit);
        message = `${at} has ${count} item${count === 1 ? '' : 's'}, but it needs ${error.keyword === 'minItems' ? 'at least' : 'at most'} ${limit}.`;
        fix = error.keyword === 'minItems' ? `add ${limit - count} more.` : `remove ${count - limit}.`;
        break;
      }
      case 'minLength':
      case 'minProperties':
        message = `${at} is empty.`;
        fix = `give ${at} a value.`;
        break;
      case 'uniqueItems':
        message = `${at} lists the same item twice.`;
        fix = 'remove the duplicate.';
        break;
      case 'minimum':
      case 'maximum':
      case 'exclusiveMinimum': {
        const limit = error.params.limit;
        const bound =
          error.keyword === 'maximum' ? `at most ${limit}` : error.keyword === 'minimum' ? `at least ${limit}` : `more than ${limit}`;
        message = `${at} is ${describeValue(value, 'yaml')}, but it must be ${bound}.`;
        fix = `set ${at} to a value ${bound}.`;
        break;
      }
      case 'oneOf': {
        const branches = ((schemaAt(schema, path)?.oneOf as { required: string[] }[] | undefined) ?? []).map((b) => `"${b.required[0]}"`);
        message = `${at === what ? what : `${at} in ${what}`} needs exactly one of ${branches.length > 2 ? `${branches.slice(0, -1).join(', ')} or ${branches[branches.length - 1]}` : branches.join(' or ')}.`;
        fix = `give one of ${branches.join(' or ')}, not both and not neither.`;
        break;
      }
      default:
        message = `${at} ${error.message ?? 'is not allowed'}.`;
        fix = `see ${docs} for the fields of ${what}.`;
    }
    const key = `${line}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({ file, line, message, fix });
  }
}

// ---- scenarios ----------------------------------------------------------------------------

/** Most useful first: a wrong type explains more than a range on the same field. */
const keywordOrder = ['additionalProperties', 'type', 'enum', 'minimum', 'maximum'];

/**
 * A scenario's errors, one per field, most useful first, in the words of the core's
 * field table: its range and unit, its names, an example and the closest field name.
 */
export function explainScenarioErrors(schema: Schema, document: ScenarioDocument, errors: ErrorObject[]): ScenarioProblem[] {
  const byPath = new Map<string, ErrorObject>();
  const sorted = [...errors].sort((a, b) => rank(a) - rank(b));
  for (const error of sorted) {
    const path = fieldPath(error);
    if (!byPath.has(path)) byPath.set(path, error);
  }
  const explained = [...byPath]
    .slice(0, MAX_EXPLAINED_PROBLEMS)
    .map(([path, error]) => ({ path, message: explainError(schema, document, path, error) }));
  const more = byPath.size - explained.length;
  if (more > 0)
    explained.push({
      path: '',
      message: `… and ${more.toLocaleString('en-US')} more problems (only the first ${MAX_EXPLAINED_PROBLEMS} are listed).`,
    });
  return explained;
}

/** A document with more problems than this (a wrong file, not a typo) lists only these. */
export const MAX_EXPLAINED_PROBLEMS = 50;

function rank(error: ErrorObject): number {
  const index = keywordOrder.indexOf(error.keyword);
  return index < 0 ? keywordOrder.length : index;
}

/** A scenario error's dotted field path (an unknown field's own name included). */
function fieldPath(error: ErrorObject): string {
  const parts = errorPathParts(error).map(String);
  if (error.keyword === 'additionalProperties') parts.push(String(error.params.additionalProperty));
  return parts.join('.');
}

function explainError(schema: Schema, document: ScenarioDocument, path: string, error: ErrorObject): string {
  const field = fieldsByPath(schema).get(path);
  const value = valueAt(document, path.split('.'));
  if (error.keyword === 'additionalProperties') return unknownField(schema, path);
  if (!field) {
    if (path === META || path.startsWith(META + '.')) {
      return `${path} is ${describeValue(value, 'json')}, but ${error.message ?? 'it is not allowed'}. "meta" holds name, title and description as text and reproduces as a list of names.`;
    }
    const example = schema.fields.find((f) => f.path.startsWith(path + '.'));
    const nested = example ? JSON.stringify(nestScenario({ [example.path]: defaultValue(example) })) : '{}';
    return `${path} is ${describeValue(value, 'json')}, but it must be an object of fields${example ? ` such as ${example.path}` : ''}. Fix: nest its fields, as in ${nested}.`;
  }
  if (field.type === 'enum') {
    const names = field.values!;
    const renamed = typeof value === 'string' ? renamedTo(field, value) : undefined;
    if (renamed !== undefined) return renamedMessage(path, value as string, renamed);
    const suggestion = typeof value === 'string' ? closest(value, names) : undefined;
    return (
      `${path} is ${typeof value === 'string' ? quoteText(value) : describeValue(value, 'json')}, which is not one of its names: ${names.join(', ')}.` +
      (suggestion ? ` Did you mean "${suggestion}"?` : '') +
      ` Fix: set ${path} to one of ${names.map((name) => `"${name}"`).join(', ')}.`
    );
  }
  const range = `${rangeText(field)}`;
  const example = `such as ${defaultValue(field)}`;
  if (error.keyword === 'type') {
    if (field.type === 'int' && typeof value === 'number') {
      return `${path} is ${value}, but it must be a whole number ${range}. Fix: use a whole number ${example}.`;
    }
    return `${path} is ${describeValue(value, 'json')}, but it must be a ${field.type === 'int' ? 'whole number' : 'number'} ${range}. Fix: give a number (in JSON, without quotes), ${example}.`;
  }
  return `${path} is ${describeValue(value, 'json')}, outside its range: it must be ${range}. Fix: set ${path} between ${field.min} and ${field.max}.`;
}

/** The name an enum field's old name is now, if the core lists it as renamed. */
export function renamedTo(field: SchemaField, name: string): string | undefined {
  return field.renamed && Object.hasOwn(field.renamed, name) ? field.renamed[name] : undefined;
}

/** A value given by a name the field no longer has: which name it is now. */
export function renamedMessage(path: string, was: string, now: string): string {
  return `${path} is ${quoteText(was)}, a name that was renamed: it is now "${now}" (the same behaviour under its new name). Fix: set ${path} to "${now}".`;
}

function rangeText(field: SchemaField): string {
  return `from ${field.min} to ${field.max}${field.unit ? ' ' + field.unit : ''}`;
}

/** The message for a path no field has, with the likeliest intended field. */
export function unknownField(schema: Schema, path: string): string {
  const suggestion = closest(path, fieldAndGroupNames(schema));
  return (
    `unknown field ${quoteText(path)}.` +
    (suggestion ? ` Did you mean "${suggestion}"?` : '') +
    ' Fix: correct or remove it; docs/scenario.md lists every field.'
  );
}

const namesBySchema = new WeakMap<Schema, string[]>();

/** Every field's path and every group's ("machin" is probably "machine"), computed once per schema. */
function fieldAndGroupNames(schema: Schema): string[] {
  let names = namesBySchema.get(schema);
  if (!names) {
    names = [
      ...new Set(
        schema.fields.flatMap((field) => {
          const parts = field.path.split('.');
          return parts.map((_, i) => parts.slice(0, i + 1).join('.'));
        }),
      ),
    ];
    namesBySchema.set(schema, names);
  }
  return names;
}

/** The candidate nearest to what was typed, if it is near enough to be a typo. */
export function closest(typed: string, candidates: string[]): string | undefined {
  const lower = typed.toLowerCase();
  const typedName = lower.slice(lower.lastIndexOf('.') + 1);
  // "cpus" for "machine.cpus": the right name in the wrong place, if only one field has it.
  const sameName = candidates.filter(
    (candidate) => candidate.length >= typedName.length && candidate.slice(candidate.lastIndexOf('.') + 1).toLowerCase() === typedName,
  );
  const near = Math.max(2, Math.floor(typed.length / 3));
  let best: string | undefined;
  let bestScore = Infinity;
  for (const candidate of candidates) {
    const named = sameName.length === 1 && sameName[0] === candidate;
    // The distance is at least the difference in length: a candidate that far off can
    // never be near enough, so long text (a pasted paragraph) costs nothing to compare.
    if (!named && Math.abs(candidate.length - lower.length) > near) continue;
    // (the one field with the typed name scores at most 1, as its distance would be cut to)
    const score = named ? (lower === candidate.toLowerCase() ? 0 : 1) : editDistance(lower, candidate.toLowerCase());
    if (score < bestScore) [best, bestScore] = [candidate, score];
  }
  return best !== undefined && bestScore <= near ? best : undefined;
}

/** Text in quotes for a message; text longer than `max` is cut, with its length said. */
export function quoteText(text: string, max = 60): string {
  if (text.length <= max) return `"${text}"`;
  return `"${text.slice(0, max)}…" (${text.length.toLocaleString('en-US')} characters)`;
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
