/*
 * validator-sources.ts -- the schemas the site validates with, gathered for the build
 * (validators-plugin.ts loads this module with Vite's module runner, in Node): the
 * lessons' front matter and components, scene scripts, and the scenario schema of the
 * built core (wasm-core/build/stacklab.wasm, read with the core's own loader). Each
 * comes with the Ajv options its module used to compile it with at run time.
 */
import { COMPONENT_SCHEMAS, FRONT_MATTER_SCHEMA, LESSON_AJV_OPTIONS } from '../lesson/components.js';
import { SCRIPT_AJV_OPTIONS, SCRIPT_SCHEMA } from '../lab/presenter/script-schema.js';
import { loadCoreFromDisk } from '../core/node.js';
import { readSchema } from '../core/schema.js';
import { SCENARIO_AJV_OPTIONS, scenarioJsonSchema, scenarioSchemaFingerprint } from '../core/scenario-json-schema.js';

export type JsonSchema = Record<string, unknown>;

export interface SchemaSet {
  options: Record<string, unknown>;
  /** Export name -> schema. */
  schemas: Record<string, JsonSchema>;
}

export const lessonSchemas = (): SchemaSet => ({
  options: { ...LESSON_AJV_OPTIONS },
  schemas: {
    frontMatter: FRONT_MATTER_SCHEMA,
    ...Object.fromEntries(Object.entries(COMPONENT_SCHEMAS).map(([name, schema]) => [`component:${name}`, schema])),
  },
});

export const sceneScriptSchemas = (): SchemaSet => ({
  options: { ...SCRIPT_AJV_OPTIONS },
  schemas: { sceneScript: SCRIPT_SCHEMA as unknown as JsonSchema },
});

/** The built core's scenario schema, and its fingerprint (scenario-json-schema.ts). */
export async function scenarioSchemas(wasmPath?: string): Promise<SchemaSet & { fingerprint: string }> {
  const schema = readSchema(await loadCoreFromDisk(wasmPath));
  return {
    options: { ...SCENARIO_AJV_OPTIONS },
    schemas: { validate: scenarioJsonSchema(schema) },
    fingerprint: scenarioSchemaFingerprint(schema),
  };
}
