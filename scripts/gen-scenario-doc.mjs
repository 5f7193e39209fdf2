#!/usr/bin/env node
// Writes docs/scenario.md from the core's schema and src/core/field-docs.json; with --check, only says whether the
// file is current (exit 1 when it is not).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cliDir, ensureBuilt, root } from './ensure-built.mjs';

ensureBuilt();
const { loadCoreFromDisk, readFieldDocs } = await import(pathToFileURL(join(cliDir, 'core', 'node.js')).href);
const { readSchema } = await import(pathToFileURL(join(cliDir, 'core', 'schema.js')).href);
const { scenarioDoc } = await import(pathToFileURL(join(cliDir, 'cli', 'scenario-doc.js')).href);

const file = join(root, 'docs', 'scenario.md');
const text = scenarioDoc(readSchema(await loadCoreFromDisk()), readFieldDocs());
if (process.argv.includes('--check')) {
  let current = '';
  try { current = readFileSync(file, 'utf8'); } catch { /* missing counts as out of date */ }
  if (current !== text) {
    console.error('docs/scenario.md is out of date with the core\'s schema; run `npm run gen:doc`.');
    process.exit(1);
  }
  console.log('docs/scenario.md is current.');
} else {
  writeFileSync(file, text);
  console.log(`wrote ${file}`);
}
