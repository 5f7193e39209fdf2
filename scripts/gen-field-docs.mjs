#!/usr/bin/env node
// Writes src/core/field-docs.json (each scenario field's doc, by path) from the native
// core's schema: the wasm core leaves the docs out (LAB_FIELD_DOCS). With --check, only
// says whether the file is current (exit 1 when not).
import { execFileSync } from 'node:child_process';
import { ensureBuilt } from './ensure-built.mjs';
import { cliModule, runIfMain } from './generator.mjs';

export const generator = {
  name: 'field docs',
  command: 'npm run gen:field-docs',
  async outputs() {
    ensureBuilt({ refreshCore: true });
    const { nativePath } = await cliModule('core/node.js');
    const { fieldDocsSource } = await cliModule('core/field-docs.js');
    const schema = JSON.parse(execFileSync(nativePath, ['schema'], { encoding: 'utf8' }));
    return [{ path: 'src/core/field-docs.json', about: "the native core's schema", text: fieldDocsSource(schema) }];
  },
};

await runIfMain(import.meta.url, [generator]);
