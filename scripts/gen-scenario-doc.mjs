#!/usr/bin/env node
// Writes docs/scenario.md from the core's schema and src/core/field-docs.json (so after
// gen-field-docs.mjs: scripts/gen.mjs runs them in that order); with --check, only says
// whether the file is current (exit 1 when it is not).
import { ensureBuilt } from './ensure-built.mjs';
import { cliModule, runIfMain } from './generator.mjs';

export const generator = {
  name: 'scenario doc',
  command: 'npm run gen:doc',
  async outputs() {
    ensureBuilt({ refreshCore: true });
    const { loadCoreFromDisk, readFieldDocs } = await cliModule('core/node.js');
    const { readSchema } = await cliModule('core/schema.js');
    const { scenarioDoc } = await cliModule('cli/scenario-doc.js');
    const text = scenarioDoc(readSchema(await loadCoreFromDisk()), readFieldDocs());
    return [{ path: 'docs/scenario.md', about: "the core's schema and src/core/field-docs.json", text }];
  },
};

await runIfMain(import.meta.url, [generator]);
