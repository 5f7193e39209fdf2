#!/usr/bin/env node
// Writes docs/mechanisms.md (the mechanism catalogue: each mechanism once, with the real
// systems that used it, and the presets and lessons that use it) from the native core's
// schema, the presets and the lessons (src/lesson/mechanisms-node.ts, loaded with Vite's
// module runner); with --check, only says whether the page is current.
import { join } from 'node:path';
import { runnerImport } from 'vite';
import { ensureBuilt } from './ensure-built.mjs';
import { root, runIfMain } from './generator.mjs';

export const generator = {
  name: 'mechanism catalogue',
  command: 'npm run gen:mechanisms',
  async outputs() {
    ensureBuilt({ refreshCore: true });
    const { module } = await runnerImport(join(root, 'src/lesson/mechanisms-node.ts'), { configFile: false, logLevel: 'error' });
    return [
      {
        path: module.MECHANISMS_PAGE,
        about: "the native core's schema, the presets and the lessons",
        text: module.mechanismsPageFromDisk(),
      },
    ];
  },
};

await runIfMain(import.meta.url, [generator]);
