#!/usr/bin/env node
// Writes src/core/report-types.ts (the metrics report's TypeScript types) from the
// core's schema; with --check, only says whether the file is current (exit 1 when not).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cliDir, ensureBuilt, root } from './ensure-built.mjs';

ensureBuilt();
const { loadCoreFromDisk } = await import(pathToFileURL(join(cliDir, 'core', 'node.js')).href);
const { readSchema } = await import(pathToFileURL(join(cliDir, 'core', 'schema.js')).href);
const { reportTypesSource } = await import(pathToFileURL(join(cliDir, 'core', 'report-shape.js')).href);

const file = join(root, 'src', 'core', 'report-types.ts');
const text = reportTypesSource(readSchema(await loadCoreFromDisk()));
if (process.argv.includes('--check')) {
  let current = '';
  try { current = readFileSync(file, 'utf8'); } catch { /* missing counts as out of date */ }
  if (current !== text) {
    console.error('src/core/report-types.ts is out of date with the core\'s schema; run `npm run gen:report`.');
    process.exit(1);
  }
  console.log('src/core/report-types.ts is current.');
} else {
  writeFileSync(file, text);
  console.log(`wrote ${file}`);
}
