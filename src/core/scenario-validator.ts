/*
 * scenario-validator.ts -- the validator of a core's scenario schema, compiled by Ajv
 * at run time. This is what Node runs (the CLI, built by tsc). The site never runs it:
 * Ajv compiles with `new Function`, which a Content-Security-Policy without
 * 'unsafe-eval' forbids, so Vite (build, dev server and Vitest alike) replaces this
 * module with one holding the validator of the built core's schema, compiled when the
 * site is built (src/build/validators-plugin.ts). Both export the same function.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import type { Schema } from './schema.js';
import { SCENARIO_AJV_OPTIONS, scenarioJsonSchema } from './scenario-json-schema.js';

export function scenarioValidator(schema: Schema): ValidateFunction {
  return new Ajv(SCENARIO_AJV_OPTIONS).compile(scenarioJsonSchema(schema));
}
