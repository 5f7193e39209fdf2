// readme-lessons.test.ts -- README.md's lesson list is the one lessons/SUMMARY.md gives
// (fails when a lesson is added, renamed or moved and `npm run gen:readme-lessons` was not
// run), every lesson it links to exists, and SUMMARY.md mistakes get a message naming
// their line.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BEGIN, END, lessonList, parseSummary, withLessonList } from '../../scripts/readme-lessons.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const summary = readFileSync(join(root, 'lessons', 'SUMMARY.md'), 'utf8');

describe("README.md's lesson list", () => {
  it('is current with lessons/SUMMARY.md (run `npm run gen:readme-lessons` if not)', () => {
    expect(withLessonList(readme, summary)).toBe(readme);
  });

  it('lists every lesson file in lessons/ that SUMMARY.md lists, and each exists', () => {
    const { sections, count } = parseSummary(summary);
    const lessons = sections.flatMap((s) => s.lessons);
    expect(lessons).toHaveLength(count);
    expect(count).toBeGreaterThanOrEqual(21);
    for (const lesson of lessons) {
      expect(existsSync(join(root, 'lessons', lesson.file)), lesson.file).toBe(true);
      expect(readme).toContain(`[${lesson.title}](lessons/${lesson.file})`);
    }
    expect(readme).toContain(`${count} lessons, in the order a learner takes them`);
  });

  it('is stale when SUMMARY.md gains a lesson', () => {
    const next = parseSummary(summary).count + 1;
    const more = `${summary.trimEnd()}\n${next}. [A new lesson](a-new-lesson.md)\n`;
    expect(withLessonList(readme, more)).not.toBe(readme);
    expect(lessonList(more)).toContain(`${next}. [A new lesson](lessons/a-new-lesson.md)`);
  });

  it('says which SUMMARY.md line is wrong', () => {
    expect(() => parseSummary('## A\n\n1. [One](one.md)\n3. [Three](three.md)\n')).toThrow(
      /line 4: lesson "Three" is numbered 3, expected 2/,
    );
    expect(() => parseSummary('1. [One](one.md)\n')).toThrow(/line 1: lesson "One" comes before any "## Section"/);
    expect(() => parseSummary('## A\n1. One, no link\n')).toThrow(/line 2: a lesson item must read/);
    expect(() => parseSummary('# Lessons\n')).toThrow(/lists no lessons/);
    expect(() => withLessonList('# README\n', summary)).toThrow(/no generated lesson list/);
    expect(BEGIN).not.toBe(END);
  });
});
