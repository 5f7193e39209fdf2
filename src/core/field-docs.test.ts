/*
 * The fields' docs live outside the wasm core (field-docs.ts): the generated file is
 * current and complete, the page loads the native core's words, and the wasm has none.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadFieldDocs } from '../lab/field-docs.js';
import { fieldDocsOf, fieldDocsSource, withFieldDocs } from './field-docs.js';
import { fieldDocsPath, loadCoreFromDisk, nativePath, readFieldDocs, wasmPath } from './node.js';
import { readSchema, type Schema } from './schema.js';

const nativeSchema = (): Schema => JSON.parse(execFileSync(nativePath, ['schema'], { encoding: 'utf8' })) as Schema;

describe('field docs', () => {
  it("src/core/field-docs.json is generated from the native core's schema (npm run gen:field-docs)", () => {
    expect(readFileSync(fieldDocsPath, 'utf8'), 'src/core/field-docs.json is out of date: run `npm run gen:field-docs`').toBe(
      fieldDocsSource(nativeSchema()),
    );
  });

  it('every field of the schema has a doc in the generated file', async () => {
    const docs = readFieldDocs();
    const schema = readSchema(await loadCoreFromDisk());
    expect(Object.keys(docs)).toEqual(schema.fields.map((field) => field.path));
    for (const field of schema.fields) expect(docs[field.path]?.length ?? 0, field.path).toBeGreaterThan(20);
  });

  it("the page loads the native core's docs", async () => {
    expect(await loadFieldDocs()).toEqual(fieldDocsOf(nativeSchema()));
  });

  it('the wasm core has no docs, and is the native schema in all else', async () => {
    const wasmSchema = readSchema(await loadCoreFromDisk());
    for (const field of wasmSchema.fields) expect(field.doc, field.path).toBe('');
    // The mechanisms' words are native-only too (mechanisms.test.ts reads them there).
    const native = nativeSchema();
    const wasmMechanisms = wasmSchema.mechanisms;
    for (const m of wasmMechanisms) expect([m.does, m.systems]).toEqual(['', '']);
    expect(withFieldDocs(wasmSchema, readFieldDocs())).toEqual({
      ...native,
      mechanisms: native.mechanisms.map((m) => ({ ...m, does: '', systems: '' })),
    });
    const wasm = readFileSync(wasmPath).toString('latin1');
    const docs = Object.values(readFieldDocs());
    expect(docs.length).toBeGreaterThan(100);
    // Every doc's opening words (the COST triples share their phrase, so the first 40 characters).
    for (const doc of docs) expect(wasm.includes(doc.slice(0, 40)), doc).toBe(false);
    for (const words of [
      'the GS160 testbed had 16',
      'the quad building blocks (QBBs) of an AlphaServer GS',
      'in nanoseconds; 0 switches it off',
    ]) {
      expect(wasm.includes(words), words).toBe(false);
    }
  });
});
