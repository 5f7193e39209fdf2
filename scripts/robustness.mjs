#!/usr/bin/env node
// npm run robustness: every conclusion of every lesson judged at its preset and across
// costs and seeds on the native runner; writes docs/robustness.md (src/lesson/robustness.ts
// says what the set is). `npm run robustness -- <lesson-id> ...` judges only those lessons'
// conclusions and prints them, writing nothing. The TypeScript is loaded with Vite's module runner, as the
// build's validator plugin loads its sources.
import { join } from 'node:path';
import { runnerImport } from 'vite';
import { BuildError, ensureBuilt, root } from './ensure-built.mjs';

try {
  ensureBuilt({ refreshCore: true });
} catch (error) {
  if (!(error instanceof BuildError)) throw error;
  process.stderr.write(`robustness: ${error.message}\n`);
  process.exit(1);
}
const { module } = await runnerImport(join(root, 'src/lesson/robustness-node.ts'));
process.exitCode = await module.main(process.argv.slice(2));
