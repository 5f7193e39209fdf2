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
import type { ValidateFunction } from 'ajv';
import { fieldsByPath, type Schema, type SchemaField } from './schema.js';
import { scenarioValidator } from './scenario-validator.js';
import { describeValue, explainScenarioErrors, renamedMessage, renamedTo, unknownField } from './schema-errors.js';
import type { Core, Ptr } from './wasm.js';

export * from './scenario-values.js';
export { scenarioJsonSchema } from './scenario-json-schema.js';
export { closest, unknownField } from './schema-errors.js';
import {
  flattenScenario,
  isPlainObject,
  mergeOverDefaults,
  META,
  ScenarioError,
  type ScenarioMeta,
  type ScenarioProblem,
  type ScenarioValues,
} from './scenario-values.js';

// ---- checking ----------------------------------------------------------------------

// The validator of one core's schema: compiled by Ajv in Node (the CLI), compiled when
// the site is built in the browser (scenario-validator.ts says how).
const validators = new WeakMap<Schema, ValidateFunction>();

function validatorFor(schema: Schema): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    validate = scenarioValidator(schema);
    validators.set(schema, validate);
  }
  return validate;
}

export type Checked = { ok: true; values: ScenarioValues; meta: ScenarioMeta } | { ok: false; problems: ScenarioProblem[] };

/** Checks a scenario document; on success gives every field's value (defaults filled in). */
export function checkScenario(schema: Schema, document: unknown): Checked {
  if (!isPlainObject(document)) {
    return {
      ok: false,
      problems: [
        {
          path: '',
          message: `a scenario must be a JSON object such as {"machine":{"cpus":16}}, but this is ${describeValue(document, 'json')}`,
        },
      ],
    };
  }
  const validate = validatorFor(schema);
  if (!validate(document)) return { ok: false, problems: explainScenarioErrors(schema, document, validate.errors ?? []) };
  const given = flattenScenario(document) as ScenarioValues;
  return { ok: true, values: mergeOverDefaults(schema, given), meta: (document[META] ?? {}) as ScenarioMeta };
}

/** Like checkScenario, but throws ScenarioError listing every problem. */
export function validateScenario(schema: Schema, document: unknown): { values: ScenarioValues; meta: ScenarioMeta } {
  const checked = checkScenario(schema, document);
  if (!checked.ok) throw new ScenarioError(checked.problems);
  return checked;
}

// ---- encoding into the core -------------------------------------------------------

/** A lab_Scenario in wasm memory; free() it (or hand it to a Simulation, which does). */
export class EncodedScenario {
  constructor(
    readonly core: Core,
    readonly ptr: Ptr,
  ) {}

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
  if (index < 0) {
    const now = renamedTo(field, String(value));
    throw new ScenarioError([
      {
        path: field.path,
        message:
          now !== undefined
            ? renamedMessage(field.path, String(value), now)
            : `${field.path} is "${value}", which is not one of ${field.values!.join(', ')}`,
      },
    ]);
  }
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
