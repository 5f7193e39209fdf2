/*
 * scenario-json-schema.ts -- the JSON Schema (draft-07) of scenario files, built from
 * the core's field table, the options Ajv checks it with, and a fingerprint that tells
 * one core's schema from another's. Pure; shared by the runtime validator (Node,
 * scenario-validator.ts) and the one compiled when the site is built
 * (src/build/validators-plugin.ts).
 */
import { defaultValue, type Schema, type SchemaField } from './schema.js';
import { META } from './scenario-values.js';

/** How a scenario's schema is compiled, wherever it is. */
export const SCENARIO_AJV_OPTIONS = { allErrors: true, strict: true } as const;

type JsonSchema = Record<string, unknown>;

function fieldJsonSchema(field: SchemaField): JsonSchema {
  // No description: the wasm core has no docs (field-docs.ts), and validators need none.
  const base = { default: defaultValue(field) };
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

/**
 * A short fingerprint of a core's scenario schema (FNV-1a of its JSON): the validator
 * compiled at build time checks that the core it is asked about is the one it was built from.
 */
export function scenarioSchemaFingerprint(schema: Schema): string {
  const text = JSON.stringify(scenarioJsonSchema(schema));
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
