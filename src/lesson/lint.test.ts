/*
 * The lesson lint (lint.ts): every lesson in lessons/ passes it, and each rule finds what
 * it is for in a small lesson built to break it, with the line and a fix.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../core/node.js';
import { presetNames, readPreset } from '../core/presets.js';
import { buildCatalog } from './catalog.js';
import { lintCourse, lintLesson, numbersIn } from './lint.js';
import { formatProblem, parseLesson } from './parse.js';
import { TABLE, check, lesson } from './testing/tiny-lesson.js';

const presets = Object.fromEntries(presetNames().map((name) => [name, readPreset(name)]));
const lessonDir = join(repoRoot, 'lessons');
const texts = Object.fromEntries(readdirSync(lessonDir).filter((file) => file.endsWith('.md') && file !== 'SUMMARY.md')
  .map((file) => [file, readFileSync(join(lessonDir, file), 'utf8')]));
const catalog = buildCatalog({ summary: readFileSync(join(lessonDir, 'SUMMARY.md'), 'utf8'), lessons: texts, presets });

describe('the lessons in lessons/ pass the lint', () => {
  for (const lesson of catalog.lessons) {
    it(lesson.meta.id, () => {
      const text = texts[lesson.file.replace(/^lessons\//, '')]!;
      expect(lintLesson(lesson, text).map(formatProblem)).toEqual([]);
    });
  }
  it('across the course, the right option is not usually the longest', () => {
    expect(lintCourse(catalog.lessons).map(formatProblem)).toEqual([]);
  });
});

function lint(text: string): string[] {
  return lintLesson(parseLesson('lessons/tiny.md', text, { presets }), text).map(formatProblem);
}

describe('lintLesson', () => {
  it('passes a lesson that keeps every rule', () => {
    expect(lint(lesson())).toEqual([]);
  });

  it('finds a right option a learner can pick by its length', () => {
    const problems = lint(lesson({ checks: `${check('one', 'This one, because of the reason that the lesson gave at length.', ['That one.', 'Another.'])}

${check('two', 'Here.', ['There.'])}

${check('three', 'Now.', ['Later.'])}` }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/check "one": the right option is 63 characters, 7\.0 times the longest wrong one/);
    expect(problems[0]).toMatch(/^lessons\/tiny\.md:\d+: /);
    expect(problems[0]).toMatch(/Fix: keep the right option's text/);
  });

  it('finds a right option that is the only one without an absolute word', () => {
    const problems = lint(lesson({ checks: `${check('one', 'Usually.', ['It always does.', 'It never does.'])}

${check('two', 'Here.', ['There.'])}

${check('three', 'Now.', ['Later.'])}` }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/every wrong option says an absolute word/);
  });

  it('finds a gap between prediction ranges, and percentages that do not reach 0 or 100', () => {
    const problems = lint(lesson({ predict: `id: guess
question: How much?
options:
  - text: Little.
    range: [0, 5]
  - text: Some.
    range: [10, 30]` }));
    expect(problems.join('\n')).toMatch(/no option covers 5 to 10/);
    expect(problems.join('\n')).toMatch(/a percentage, but its options cover only 0 to 30/);
  });

  it('finds options of which only some have a range', () => {
    expect(lint(lesson({ predict: `id: guess
question: How much?
options:
  - text: Little.
    range: [0, 100]
  - text: I cannot say.` })).join('\n')).toMatch(/1 of its options have no range/);
  });

  it('finds the answer to a prediction said before the learner predicts, in the text and in the summary', () => {
    const problems = lint(lesson({ predictText: 'Hint: the answer is\nabout 1%, of course.', summary: 'It spins about 1%.' }));
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^lessons\/tiny\.md:2: the summary says "about 1%"/);
    expect(problems[1]).toMatch(/:2\d: "about 1%" is the answer to prediction "guess", but Predict says it/);
  });

  it('lets a section state a number that answers no prediction', () => {
    const claims = `  - { scenario: testbed, set: { machine.cpus: 2 }, metric: mpsynch_pct, value: 0.9, within: 0.3, says: "about 1%" }
  - { scenario: testbed, set: { machine.cpus: 4 }, metric: mpsynch_pct, value: 1.8, within: 0.4, says: "about 2% at 4" }`;
    const sources = `${TABLE.trimEnd()}\n| MP synchronization, 4 CPUs | about 2% | simulated | none published |`;
    expect(lint(lesson({ claims, sources, predictText: 'At 4 CPUs it is about 2% at 4 CPUs.' }))).toEqual([]);
  });

  it('wants the Sources section to end with the published-and-simulated table', () => {
    expect(lint(lesson({ sources: '' })).join('\n')).toMatch(/does not end with a "### Published and simulated" table/);
    expect(lint(lesson({ sources: '### Published and simulated\n\n| Figure | Value | Whose |\n|---|---|---|\n| a | 1 | simulated |' })).join('\n'))
      .toMatch(/must have exactly the columns Figure, In this lesson, Whose, Published/);
    expect(lint(lesson({ sources: '### Published and simulated\n\n| Figure | In this lesson | Whose | Published |\n|---|---|---|---|\n| a | 1% | measured | none published |' })).join('\n'))
      .toMatch(/the Whose cell says "measured"/);
  });

  it('ties the table\'s simulated numbers to the claims, both ways', () => {
    const unchecked = `${TABLE.trimEnd()}\n| Transmit packets | about 41,000 | simulated | none published |`;
    expect(lint(lesson({ sources: unchecked })).join('\n')).toMatch(/gives 41000, which no claim of the lesson checks/);
    const missing = TABLE.split('\n').filter((line) => !line.includes('2 CPUs')).join('\n');
    expect(lint(lesson({ sources: missing })).join('\n')).toMatch(/the claim testbed machine\.cpus=2 mpsynch_pct 0\.9 ± 0\.3 \("about 1%"\) is stated in the lesson but is in no simulated row/);
  });
});

describe('numbersIn', () => {
  it('reads numbers as a lesson writes them', () => {
    expect(numbersIn('about 41,000 packets')).toEqual([41000]);
    expect(numbersIn('25-35% and 0.9')).toEqual([25, 35, 0.9]);
    expect(numbersIn('**1.38×**')).toEqual([1.38]);
  });
});

describe('lintCourse', () => {
  it('finds a course whose right options are mostly the longest', () => {
    const longest = lesson({ checks: `${check('one', 'This one is the long one.', ['That one.'])}

${check('two', 'Here is the long one.', ['There.'])}

${check('three', 'Now.', ['Later on.'])}` });
    const problems = lintCourse([parseLesson('lessons/tiny.md', longest, { presets })]).map(formatProblem);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/the right option is the longest in 2 of 3 checks \(67%\)/);
  });
});
