import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { readSchema } from '../core/index.js';
import { loadCoreFromDisk, readFieldDocs, repoRoot } from '../core/node.js';
import { scenarioDoc } from './scenario-doc.js';

it("docs/scenario.md is generated from the core's current schema (npm run gen:doc)", async () => {
  const schema = readSchema(await loadCoreFromDisk());
  const doc = scenarioDoc(schema, readFieldDocs());
  for (const field of schema.fields) expect(doc).toContain(`\`${field.path}\``);
  expect(readFileSync(join(repoRoot, 'docs', 'scenario.md'), 'utf8')).toBe(doc);
});
