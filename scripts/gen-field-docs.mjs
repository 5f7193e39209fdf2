#!/usr/bin/env node
// Writes src/core/field-docs.json (each scenario field's doc, by path) from the native
// core's schema: the wasm core leaves the docs out (LAB_FIELD_DOCS). With --check, only
// says whether the file is current (exit 1 when not).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cliDir, ensureBuilt } from './ensure-built.mjs';

ensureBuilt();
const { nativePath, fieldDocsPath } = await import(pathToFileURL(join(cliDir, 'core', 'node.js')).href);
const { fieldDocsSource } = await import(pathToFileURL(join(cliDir, 'core', 'field-docs.js')).href);

const text = fieldDocsSource(JSON.parse(execFileSync(nativePath, ['schema'], { encoding: 'utf8' })));
if (process.argv.includes('--check')) {
  let current = '';
  try { current = readFileSync(fieldDocsPath, 'utf8'); } catch { /* missing counts as out of date */ }
  if (current !== text) {
    console.error('src/core/field-docs.json is out of date with the native core\'s schema; run `npm run gen:field-docs`.');
    process.exit(1);
  }
  console.log('src/core/field-docs.json is current.');
} else {
  writeFileSync(fieldDocsPath, text);
  console.log(`wrote ${fieldDocsPath}`);
}
