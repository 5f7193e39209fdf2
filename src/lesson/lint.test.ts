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
import { directionWords, lintCourse, lintLesson, numbersIn } from './lint.js';
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

describe('a right answer that rests on a direction', () => {
  const checks = (first: string) => `${first}

${check('two', 'Here.', ['There.'])}

${check('three', 'Now.', ['Later.'])}`;
  const conclusions = '  - { id: spins-more, says: "about 1%", relation: greater, a: { scenario: testbed, metric: mpsynch_pct }, b: { scenario: testbed, set: { machine.cpus: 2 }, metric: mpsynch_pct } }';

  it('needs a conclusion behind it, in the right option\'s text or in its explain', () => {
    const inText = lint(lesson({ checks: checks(check('one', 'It spins more.', ['It spins the same.'])) }));
    expect(inText).toHaveLength(1);
    expect(inText[0]).toMatch(/^lessons\/tiny\.md:\d+: check "one": its right answer states a direction or an order \("more"\) but rests on no conclusion/);
    expect(inText[0]).toMatch(/Fix: write the direction as a conclusion in the front matter .* name it in the check's rests_on/);
    const inExplain = lint(lesson({ checks: checks(check('one', 'Sixteen.', ['Twelve.']).replace('Because it is.', 'Spinning rises and throughput falls.')) }));
    expect(inExplain[0]).toMatch(/\("rises", "falls"\)/);
  });

  it('passes when the check names the conclusion it rests on', () => {
    const resting = check('one', 'It spins more.', ['It spins the same.']).replace('question: Which one?', 'question: Which one?\nrests_on: [spins-more]');
    expect(lint(lesson({ conclusions, checks: checks(resting) }))).toEqual([]);
  });

  it('passes when the check says the direction is the source\'s', () => {
    const published = check('one', 'It spins more.', ['It spins the same.']).replace('question: Which one?', 'question: Which one?\nrests_on_source: true');
    expect(lint(lesson({ checks: checks(published) }))).toEqual([]);
  });

  it('finds a rests_on that names no conclusion of the lesson', () => {
    const resting = check('one', 'Sixteen.', ['Twelve.']).replace('question: Which one?', 'question: Which one?\nrests_on: [spins-less]');
    const problems = lint(lesson({ conclusions, checks: checks(resting) }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/check "one" rests on the conclusion "spins-less", which the front matter does not have\. Fix: use one of: spins-more/);
  });

  it('reads direction words, not the idioms in which they state none', () => {
    expect(directionWords('It grows **faster**, no longer at most twice, and the queue collapses.')).toEqual(['grows', 'faster', 'collapses']);
    expect(directionWords('Flat combining, more or less, at least once more.')).toEqual([]);
    expect(directionWords('The socket drops it; the NIC dropped the rest.')).toEqual([]);
    expect(directionWords('Lower, HIGHER, levels off, peaks.')).toEqual(['lower', 'higher', 'levels off', 'peaks']);
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
