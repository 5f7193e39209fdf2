/*
 * field-docs.ts -- each scenario field's doc (what it is in the real system, in the
 * sources' words). The wasm core leaves them out to stay small (its schema has "doc":
 * "" for every field); only the native build compiles them (LAB_FIELD_DOCS in
 * wasm-core/src/scenario/fields.c). scripts/gen-field-docs.mjs (`npm run gen:field-docs`)
 * writes them from the native runner's schema to field-docs.json, keyed by path, in
 * schema order; a test fails when that file is out of date. The page loads the file
 * when a parameter panel first shows (src/lab/field-docs.ts), Node reads it from disk
 * (node.ts: readFieldDocs). Pure.
 */
import type { Schema } from './schema.js';

/** Each field's doc, by dotted path. */
export type FieldDocs = Readonly<Record<string, string>>;

/** The docs of a schema that has them (the native core's), by path. */
export function fieldDocsOf(schema: Schema): FieldDocs {
  return Object.fromEntries(schema.fields.map((field) => [field.path, field.doc]));
}

/** field-docs.json exactly as scripts/gen-field-docs.mjs writes it. */
export function fieldDocsSource(schema: Schema): string {
  return JSON.stringify(fieldDocsOf(schema), null, 2) + '\n';
}

/** The schema with each field's doc taken from docs (a field they lack keeps its own). */
export function withFieldDocs(schema: Schema, docs: FieldDocs): Schema {
  return { ...schema, fields: schema.fields.map((field) => ({ ...field, doc: docs[field.path] ?? field.doc })) };
}
