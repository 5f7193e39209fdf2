#!/usr/bin/env node
// Writes src/core/report-types.ts (the metrics report's TypeScript types) from the
// core's schema; with --check, only says whether the file is current (exit 1 when not).
import { ensureBuilt } from './ensure-built.mjs';
import { cliModule, runIfMain } from './generator.mjs';

export const generator = {
  name: 'report types',
  command: 'npm run gen:report',
  async outputs() {
    ensureBuilt({ refreshCore: true });
    const { loadCoreFromDisk } = await cliModule('core/node.js');
    const { readSchema } = await cliModule('core/schema.js');
    const { reportTypesSource } = await cliModule('core/report-shape.js');
    return [
      { path: 'src/core/report-types.ts', about: "the core's schema", text: reportTypesSource(readSchema(await loadCoreFromDisk())) },
    ];
  },
};

await runIfMain(import.meta.url, [generator]);
