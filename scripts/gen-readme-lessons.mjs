#!/usr/bin/env node
// Writes README.md's lesson list from lessons/SUMMARY.md (readme-lessons.mjs); with --check,
// only says whether it is current (exit 1 when it is not).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withLessonList } from './readme-lessons.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const readmePath = join(root, 'README.md');
const readme = readFileSync(readmePath, 'utf8');
const text = withLessonList(readme, readFileSync(join(root, 'lessons', 'SUMMARY.md'), 'utf8'));
if (process.argv.includes('--check')) {
  if (text !== readme) {
    console.error('README.md\'s lesson list is out of date with lessons/SUMMARY.md; run `npm run gen:readme-lessons`.');
    process.exit(1);
  }
  console.log('README.md\'s lesson list is current.');
} else {
  writeFileSync(readmePath, text);
  console.log(`wrote the lesson list in ${readmePath}`);
}
