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
import { contentWords, directionWords, lintCourse, lintLesson, numbersIn, writtenNumbers } from './lint.js';
import { GATED_SECTIONS } from './gating.js';
import { formatProblem, parseLesson } from './parse.js';
import { TABLE, check, lesson } from './testing/tiny-lesson.js';

const presets = Object.fromEntries(presetNames().map((name) => [name, readPreset(name)]));
const lessonDir = join(repoRoot, 'lessons');
const texts = Object.fromEntries(
  readdirSync(lessonDir)
    .filter((file) => file.endsWith('.md') && file !== 'SUMMARY.md')
    .map((file) => [file, readFileSync(join(lessonDir, file), 'utf8')]),
);
const catalog = buildCatalog({ summary: readFileSync(join(lessonDir, 'SUMMARY.md'), 'utf8'), lessons: texts, presets });

describe('the lessons in lessons/ pass the lint', () => {
  for (const lesson of catalog.lessons) {
    it(lesson.meta.id, () => {
      const text = texts[lesson.file.replace(/^lessons\//, '')]!;
      expect(lintLesson(lesson, text).map(formatProblem)).toEqual([]);
    });
  }
  it("across the course, the right option is not usually the longest, and no lesson gives away another's answers", () => {
    const sources = Object.fromEntries(Object.entries(texts).map(([file, text]) => [`lessons/${file}`, text]));
    expect(lintCourse(catalog.lessons, sources).map(formatProblem)).toEqual([]);
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
    const problems = lint(
      lesson({
        checks: `${check('one', 'This one, because of the reason that the lesson gave at length.', ['That one.', 'Another.'])}

${check('two', 'Here.', ['There.'])}

${check('three', 'Now.', ['Later.'])}`,
      }),
    );
    expect(problems, problems.join('\n')).toHaveLength(1);
    expect(problems[0]).toMatch(/check "one": the right option is 63 characters, 7\.0 times the longest wrong one/);
    expect(problems[0]).toMatch(/^lessons\/tiny\.md:\d+: /);
    expect(problems[0]).toMatch(/Fix: keep the right option's text/);
  });

  it('finds a right option that is the only one without an absolute word', () => {
    const problems = lint(
      lesson({
        checks: `${check('one', 'Usually.', ['It always does.', 'It never does.'])}

${check('two', 'Here.', ['There.'])}

${check('three', 'Now.', ['Later.'])}`,
      }),
    );
    expect(problems, problems.join('\n')).toHaveLength(1);
    expect(problems[0]).toMatch(/every wrong option says an absolute word/);
  });

  it('finds a gap between prediction ranges, and percentages that do not reach 0 or 100', () => {
    const problems = lint(
      lesson({
        predict: `id: guess
question: How much?
options:
  - text: Little.
    range: [0, 5]
  - text: Some.
    range: [10, 30]`,
      }),
    );
    expect(problems.join('\n')).toMatch(/no option covers 5 to 10/);
    expect(problems.join('\n')).toMatch(/a percentage, but its options cover only 0 to 30/);
  });

  it('finds options of which only some have a range', () => {
    expect(
      lint(
        lesson({
          predict: `id: guess
question: How much?
options:
  - text: Little.
    range: [0, 100]
  - text: I cannot say.`,
        }),
      ).join('\n'),
    ).toMatch(/1 of its options have no range/);
  });

  it('finds the answer to a prediction said before the learner predicts, in the text and in the summary', () => {
    const problems = lint(lesson({ predictText: 'Hint: the answer is\nabout 1%, of course.', summary: 'It spins about 1%.' }));
    expect(problems, problems.join('\n')).toHaveLength(4);
    // The claim's own words (lintSpoilers) ...
    expect(problems[0]).toMatch(
      /^lessons\/tiny\.md:2: the summary says "about 1%", the answer to prediction "guess", which the index shows/,
    );
    expect(problems[3]).toMatch(/:2\d: "about 1%" is the answer to prediction "guess", but Predict says it/);
    // ... and its number, whatever the words around it.
    expect(problems[1]).toMatch(
      /^lessons\/tiny\.md:4: the summary says "1%", the answer to prediction "guess" \(testbed machine\.cpus=2 mpsynch_pct 0\.9 ± 0\.3\), where a learner reads it before committing/,
    );
    expect(problems[2]).toMatch(/:2\d: Predict says "1%", the answer to prediction "guess"/);
  });

  it('lets a section state a number that answers no prediction', () => {
    const claims = `  - { scenario: testbed, set: { machine.cpus: 2 }, metric: mpsynch_pct, value: 0.9, within: 0.3, says: "about 1%" }
  - { scenario: testbed, set: { machine.cpus: 4 }, metric: mpsynch_pct, value: 1.8, within: 0.4, says: "about 2% at 4" }`;
    const sources = `${TABLE.trimEnd()}\n| MP synchronization, 4 CPUs | about 2% | simulated | none published |`;
    expect(lint(lesson({ claims, sources, predictText: 'At 4 CPUs it is about 2% at 4 CPUs.' }))).toEqual([]);
  });

  it('wants the Sources section to end with the published-and-simulated table', () => {
    expect(lint(lesson({ sources: '' })).join('\n')).toMatch(/does not end with a "### Published and simulated" table/);
    expect(
      lint(lesson({ sources: '### Published and simulated\n\n| Figure | Value | Whose |\n|---|---|---|\n| a | 1 | simulated |' })).join(
        '\n',
      ),
    ).toMatch(/must have exactly the columns Figure, In this lesson, Whose, Published/);
    expect(
      lint(
        lesson({
          sources:
            '### Published and simulated\n\n| Figure | In this lesson | Whose | Published |\n|---|---|---|---|\n| a | 1% | measured | none published |',
        }),
      ).join('\n'),
    ).toMatch(/the Whose cell says "measured"/);
  });

  it("ties the table's simulated numbers to the claims, both ways", () => {
    const unchecked = `${TABLE.trimEnd()}\n| Transmit packets | about 41,000 | simulated | none published |`;
    expect(lint(lesson({ sources: unchecked })).join('\n')).toMatch(/gives 41000, which no claim of the lesson checks/);
    const missing = TABLE.split('\n')
      .filter((line) => !line.includes('2 CPUs'))
      .join('\n');
    expect(lint(lesson({ sources: missing })).join('\n')).toMatch(
      /the claim testbed machine\.cpus=2 mpsynch_pct 0\.9 ± 0\.3 \("about 1%"\) is stated in the lesson but is in no simulated row/,
    );
  });
});

describe('checks that need understanding', () => {
  const three = (first: string, second = check('two', 'Here.', ['There.']), third = check('three', 'Now.', ['Later.'])) =>
    `${first}\n\n${second}\n\n${third}`;

  it('finds a right option that echoes a paragraph before it, leaving out the lesson\'s common words ("cpu" here)', () => {
    const echo = check('one', 'The spinners burn CPU cycles waiting for the holder.', [
      'The holder sleeps on the lock until it is woken.',
      'The disk is slow to answer each of the requests.',
    ]);
    const problems = lint(
      lesson({
        predictText: 'Guess. While a lock is held, spinners burn CPU cycles waiting\nfor the holder to let go.',
        checks: three(echo),
      }),
    );
    expect(problems, problems.join('\n')).toHaveLength(1);
    expect(problems[0]).toMatch(/check "one": its right option shares 5 of its 5 telling words \(spinner, burn, cycl, wait, holder\)/);
    expect(problems[0]).toMatch(
      /with the paragraph at line \d+; a learner can answer by finding that paragraph again\. Fix: ask the learner to use the idea on a case/,
    );
  });

  it('lets a right option share a few words with the text, and lets a short one be', () => {
    const apart = check('one', 'Block, since spinners would burn the whole disk read.', [
      'Spin, since a context switch costs more than that.',
      'Either, as both wait for the same disk read.',
    ]);
    expect(lint(lesson({ predictText: 'Guess. Spinners burn CPU while a lock is held.', checks: three(apart) })).join('\n')).toEqual('');
    expect(lint(lesson({ predictText: 'Guess. It spins.', checks: three(check('one', 'It spins.', ['It sleeps.'])) }))).toEqual([]);
  });

  it('finds a lesson whose right option is the longest in more than a third of its checks', () => {
    const problems = lint(
      lesson({ checks: three(check('one', 'This is one.', ['That is it.']), check('two', 'Here it is.', ['There, it.'])) }),
    );
    expect(problems, problems.join('\n')).toHaveLength(1);
    expect(problems[0]).toMatch(
      /the right option is the longest in 2 of the lesson's 3 checks \(one, two\); a learner who picks the longest passes\. Fix: let it be the longest in at most 1/,
    );
  });

  it('finds a file that writes the right option first in more than half of its checks', () => {
    const rightFirst = (text: string) =>
      text.replace(/(options:\n)([\s\S]*?)( {2}- text: [^\n]*\n {4}correct: true\n {4}explain: [^\n]*\n)/, '$1$3$2');
    const problems = lint(
      lesson({ checks: three(rightFirst(check('one', 'This.', ['That.'])), rightFirst(check('two', 'Here.', ['There.']))) }),
    );
    expect(problems, problems.join('\n')).toHaveLength(1);
    expect(problems[0]).toMatch(
      /the right option is written first in 2 of the file's 3 checks \(one, two\)\. Fix: write it first in at most 1/,
    );
  });

  it('finds a lesson with fewer than half its checks transfer items', () => {
    const problems = lint(lesson({ checks: three(check('one', 'This.', ['That.'], ''), check('two', 'Here.', ['There.'], '')) }));
    expect(problems, problems.join('\n')).toHaveLength(1);
    expect(problems[0]).toMatch(/1 of the lesson's 3 checks are transfer items; at least 2 should be\. Fix: .*transfer: field/);
  });

  it('finds a wrong option whose explain gives a verdict and no reason', () => {
    const terse = check('one', 'This.', ['That.']).replace('Because it is not, as the run in the lab shows plainly.', 'No, wrong.');
    const problems = lint(lesson({ checks: three(terse) }));
    expect(problems, problems.join('\n')).toHaveLength(1);
    expect(problems[0]).toMatch(/check "one": the explain of the wrong option "That\." has 2 words; it gives a verdict, not the reason/);
  });

  it('reads content words: no stop words, plurals and past tenses meet their stems, numbers kept', () => {
    expect([...contentWords('The locks were locked at 41,000 packets, and the lock spins.')]).toEqual(['lock', '41000', 'packet', 'spin']);
  });
});

describe('a right answer that rests on a direction', () => {
  const checks = (first: string) => `${first}

${check('two', 'Here.', ['There.'])}

${check('three', 'Now.', ['Later.'])}`;
  const conclusions =
    '  - { id: spins-more, says: "about 1%", relation: greater, a: { scenario: testbed, metric: mpsynch_pct }, b: { scenario: testbed, set: { machine.cpus: 2 }, metric: mpsynch_pct } }';

  it("needs a conclusion behind it, in the right option's text or in its explain", () => {
    const inText = lint(lesson({ checks: checks(check('one', 'It spins more.', ['It spins the same.'])) }));
    expect(inText).toHaveLength(1);
    expect(inText[0]).toMatch(
      /^lessons\/tiny\.md:\d+: check "one": its right answer states a direction or an order \("more"\) but rests on no conclusion/,
    );
    expect(inText[0]).toMatch(/Fix: write the direction as a conclusion in the front matter .* name it in the check's rests_on/);
    const inExplain = lint(
      lesson({ checks: checks(check('one', 'Sixteen.', ['Twelve.']).replace('Because it is.', 'Spinning rises and throughput falls.')) }),
    );
    expect(inExplain[0]).toMatch(/\("rises", "falls"\)/);
  });

  it('passes when the check names the conclusion it rests on', () => {
    const resting = check('one', 'It spins more.', ['It spins the same.']).replace(
      'question: Which one?',
      'question: Which one?\nrests_on: [spins-more]',
    );
    expect(lint(lesson({ conclusions, checks: checks(resting) }))).toEqual([]);
  });

  it("passes when the check says the direction is the source's", () => {
    const published = check('one', 'It spins more.', ['It spins the same.']).replace(
      'question: Which one?',
      'question: Which one?\nrests_on_source: true',
    );
    expect(lint(lesson({ checks: checks(published) }))).toEqual([]);
  });

  it('finds a rests_on that names no conclusion of the lesson', () => {
    const resting = check('one', 'Sixteen.', ['Twelve.']).replace('question: Which one?', 'question: Which one?\nrests_on: [spins-less]');
    const problems = lint(lesson({ conclusions, checks: checks(resting) }));
    expect(problems, problems.join('\n')).toHaveLength(1);
    expect(problems[0]).toMatch(
      /check "one" rests on the conclusion "spins-less", which the front matter does not have\. Fix: use one of: spins-more/,
    );
  });

  it('reads direction words, not the idioms in which they state none', () => {
    expect(directionWords('It grows **faster**, no longer at most twice, and the queue collapses.')).toEqual([
      'grows',
      'faster',
      'collapses',
    ]);
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
    const longest = lesson({
      checks: `${check('one', 'This one is the long one.', ['That one.'])}

${check('two', 'Here is the long one.', ['There.'])}

${check('three', 'Now.', ['Later on.'])}`,
    });
    const problems = lintCourse([parseLesson('lessons/tiny.md', longest, { presets })]).map(formatProblem);
    expect(problems, problems.join('\n')).toHaveLength(1);
    expect(problems[0]).toMatch(/the right option is the longest in 2 of 3 checks \(67%\)/);
  });
});

describe("a prediction's answer, found before the learner commits it", () => {
  // One lock for every CPU's first prediction in small: the spinning at 16 CPUs, 28.2% ± 1.5.
  const at16 = {
    claims: '  - { scenario: testbed, set: { machine.cpus: 16 }, metric: mpsynch_pct, value: 28.2, within: 1.5 }',
    lab: `id: run-it
scenario: testbed
controls: [machine.cpus]
views: [cpu-grid]
requires: [guess]
task:
  text: Run it with 16 CPUs.
  runs:
    - { machine.cpus: 16 }
  record: [mpsynch_pct]`,
    compare: `predict: guess
lab: run-it
run: { machine.cpus: 16 }
metric: mpsynch_pct`,
    sources: `${TABLE.trimEnd()
      .split('\n')
      .filter((line) => !line.includes('2 CPUs'))
      .join('\n')}\n| MP synchronization, 16 CPUs, simulated | 28% | simulated | 25% to 35% |`,
  };
  const giveaways = (parts: Parameters<typeof lesson>[0]) =>
    lint(lesson({ ...at16, ...parts })).filter((problem) => /before committing/.test(problem));

  it('the tiny lesson for it passes as it is', () => {
    expect(lint(lesson(at16))).toEqual([]);
  });

  it("finds its number in any wording: a share, CPUs' worth of the machine (28% of 16 is 4.5), a fraction", () => {
    expect(giveaways({ predictText: "At 16 CPUs, 4.5 CPUs' worth of the machine spins." })[0]).toMatch(
      /^lessons\/tiny\.md:2\d: Predict says "4\.5 CPUs", the answer to prediction "guess" \(testbed machine\.cpus=16 mpsynch_pct 28\.2 ± 1\.5\).* Fix: say what the lesson asks, not what it finds/,
    );
    expect(giveaways({ predictText: 'Guess. (It is 29 percent.)' })[0]).toMatch(/Predict says "29 percent"/);
    expect(giveaways({ summary: 'About 28% of the machine spins.' })[0]).toMatch(/the summary says "28%"/);
    expect(
      giveaways({
        predict: `id: guess
question: How much of the machine spins?
hint: Not quite 28.5%, but close.
options:
  - text: Little.
    range: [0, 5]
  - text: Some.
    range: [5, 30]
  - text: Much.
    range: [30, 100]`,
      })[0],
    ).toMatch(/Predict \(its predict\) says "28\.5%"/);
    expect(giveaways({ lab: at16.lab.replace('Run it with 16 CPUs.', 'Run it with 16 CPUs and watch 28% of them spin.') })[0]).toMatch(
      /Experiment \(its lab\) says "28%"/,
    );
  });

  it("lets a number outside the claim's tolerance be, and settings and labels that are no measurement", () => {
    expect(
      giveaways({ predictText: 'A quarter of the CPUs is 4 CPUs; a third of the machine is 33%. Set `machine.cpus` 28 in Experiment 28.' }),
    ).toEqual([]);
  });

  it("finds the right option's words, for a prediction with options", () => {
    const problems = giveaways({
      predictText: 'Guess. Spoiler: much, at least 30%.',
      predict: `id: guess
question: How much?
options:
  - text: Little.
    range: [0, 5]
  - text: Some, up to 30%.
    range: [5, 30]
  - text: Much, at least 30%.
    range: [30, 100]`
        .replace('[5, 30]', '[5, 25]')
        .replace('[30, 100]', '[25, 100]'),
    });
    expect(problems, problems.join('\n')).toHaveLength(1);
    expect(problems[0]).toMatch(/Predict says the right option's words "Much, at least 30%"/);
  });

  it('never looks in Observe, Explain or Check: the page keeps them closed until every prediction is committed', () => {
    expect(GATED_SECTIONS).toEqual(['Observe', 'Explain', 'Check']);
    const told = check('one', 'It spins 28% of the time.', ['It spins 2%.']).replace('Because it is.', 'At 16 CPUs 4.5 CPUs spin, or 28%.');
    expect(giveaways({ checks: `${told}\n\n${check('two', 'Here.', ['There.'])}\n\n${check('three', 'Now.', ['Later.'])}` })).toEqual([]);
  });

  it('finds another lesson that states the answer where it is read before predicting: by its link, its title or the same simulated system', () => {
    const first = parseLesson('lessons/tiny.md', lesson(at16), { presets });
    const later = (text: string, preset = 'testbed-classic') =>
      lesson({ predictText: text })
        .replace('id: tiny', 'id: later')
        .replace('title: A tiny lesson', 'title: A later lesson')
        .replace('preset: testbed-classic', `preset: ${preset}`);
    const course = (text: string, preset?: string) => {
      const source = later(text, preset);
      return lintCourse([first, parseLesson('lessons/later.md', source, { presets })], { 'lessons/later.md': source }).map(formatProblem);
    };
    const other = presetNames().find((name) => name !== 'testbed-classic')!;
    expect(course('In [the first lesson](#/lessons/tiny) the machine spun 28% at 16 CPUs.', other)[0]).toMatch(
      /^lessons\/later\.md:2\d: Predict says "28%", the answer to lesson "tiny"'s prediction "guess"/,
    );
    expect(course('In "A tiny lesson" 4.5 CPUs spun.', other)[0]).toMatch(
      /Predict says "4\.5 CPUs", the answer to lesson "tiny"'s prediction "guess"/,
    );
    expect(course('The same testbed spins 28% at 16 CPUs.')[0]).toMatch(/Predict says "28%"/);
    // A lesson of another system that names no lesson states its own runs.
    expect(course('Some other machine spins 28%.', other)).toEqual([]);
    // Nor is a lesson's own claim for another run an answer it gives away.
    expect(course('In the first lesson you measured it; here it is again, at 16 CPUs.')).toEqual([]);
  });
});

describe('writtenNumbers', () => {
  it('reads numbers with the unit written after them, as a learner reads them', () => {
    expect(
      writtenNumbers("about 41,000 packets, 41k, 1.96 million, 28%, 4.5 CPUs' worth, 11.2 µs, a quarter of it").map(({ value, unit }) => [
        value,
        unit,
      ]),
    ).toEqual([
      [41000, ''],
      [41000, ''],
      [1960000, ''],
      [28, '%'],
      [4.5, 'CPUs'],
      [11.2, 'µs'],
      [25, '%'],
    ]);
  });
  it('leaves out settings written as code and labels', () => {
    expect(writtenNumbers('set `net.spin_ns` 0 and `hpux.dirty_bytes` to 4 in Experiment 3 of lesson 2')).toEqual([]);
  });
});
