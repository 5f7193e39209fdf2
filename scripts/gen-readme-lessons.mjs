#!/usr/bin/env node
// Writes README.md's lesson list from lessons/SUMMARY.md (readme-lessons.mjs); with --check,
// only says whether it is current (exit 1 when it is not).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, runIfMain } from './generator.mjs';
import { withLessonList } from './readme-lessons.mjs';

export const generator = {
  name: "README's lesson list",
  command: 'npm run gen:readme-lessons',
  async outputs() {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const text = withLessonList(readme, readFileSync(join(root, 'lessons', 'SUMMARY.md'), 'utf8'));
    return [{ path: 'README.md', about: 'lessons/SUMMARY.md (the lesson list between its markers)', text }];
  },
};

await runIfMain(import.meta.url, [generator]);
