/*
 * The lesson parser explains every way a lesson can be wrong, with the file, the line
 * and a fix: skeleton order, unknown components and fields, bad YAML, missing sections,
 * unknown presets and scenario fields, broken references. A small valid lesson is the
 * starting point; each test breaks one thing in it.
 */
import { describe, expect, it } from 'vitest';
import { readSchema } from '../core/index.js';
import { loadCoreFromDisk } from '../core/node.js';
import { presetNames, readPreset } from '../core/presets.js';
import { LessonParseError, parseLesson, type LessonProblem } from './parse.js';
import { parseSummary } from './catalog.js';

const core = await loadCoreFromDisk();
const schema = readSchema(core);
const presets = Object.fromEntries(presetNames().map((name) => [name, readPreset(name)]));
const FILE = 'lessons/tiny.md';

const CHECK = (id: string) => `\`\`\`check
id: ${id}
question: Which one?
options:
  - text: This one.
    correct: true
    explain: Because it is.
  - text: That one.
    explain: Because it is not.
\`\`\``;

/** A valid lesson; line numbers in the tests below refer to this text. */
const VALID = `---
id: tiny
title: A tiny lesson
summary: Small but complete.
minutes: 5
sources:
  - title: The OpenVMS TCP/IP Scalable Kernel
    authors: [Robert Rappaport]
scenarios:
  testbed:
    preset: testbed-classic
parameters: [machine.cpus]
views: [cpu-grid, lock]
---

## What you will learn

Something.

## Predict

\`\`\`predict
id: guess
question: How much?
numeric: { unit: '%', min: 0, max: 100 }
\`\`\`

## Experiment

\`\`\`lab
id: run-it
scenario: testbed
controls: [machine.cpus]
views: [cpu-grid]
requires: [guess]
task:
  text: Run it.
  runs:
    - { machine.cpus: 2 }
  record: [mpsynch_pct]
\`\`\`

## Observe

\`\`\`compare
predict: guess
lab: run-it
run: { machine.cpus: 2 }
metric: mpsynch_pct
\`\`\`

## Explain

Because.

## Check

${CHECK('one')}

${CHECK('two')}

${CHECK('three')}

## Sources

The paper.
`;

function parse(text: string, file = FILE) {
  return parseLesson(file, text, { presets, schema });
}

function problemsOf(text: string, file = FILE): LessonProblem[] {
  try {
    parse(text, file);
  } catch (error) {
    if (error instanceof LessonParseError) return error.problems;
    throw error;
  }
  throw new Error('expected the lesson to be refused');
}

/** The one problem a broken lesson has (fails if there are more or none). */
function onlyProblem(text: string, file = FILE): LessonProblem {
  const problems = problemsOf(text, file);
  expect(problems.map((p) => `${p.line}: ${p.message}`)).toHaveLength(1);
  return problems[0]!;
}

const lineOf = (text: string, needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;

describe('a valid lesson', () => {
  it('parses into sections in skeleton order, with components and steps', () => {
    const lesson = parse(VALID);
    expect(lesson.meta.id).toBe('tiny');
    expect(lesson.sections.map((s) => s.title)).toEqual([
      'What you will learn',
      'Predict',
      'Experiment',
      'Observe',
      'Explain',
      'Check',
      'Sources',
    ]);
    expect(lesson.steps).toEqual([
      { kind: 'predict', id: 'guess' },
      { kind: 'lab', id: 'run-it' },
      { kind: 'check', id: 'one' },
      { kind: 'check', id: 'two' },
      { kind: 'check', id: 'three' },
    ]);
    expect(lesson.labScenarios['run-it']!['machine.cpus']).toBe(16);
    expect(lesson.labScenarios['run-it']!['kernel.kind']).toBe('classic');
    const experiment = lesson.sections[2]!;
    expect(experiment.blocks[0]).toMatchObject({ kind: 'component', line: lineOf(VALID, '```lab') });
    expect(lesson.sections.map((s) => s.steps.map((step) => step.id))).toEqual([
      [],
      ['guess'],
      ['run-it'],
      [],
      [],
      ['one', 'two', 'three'],
      [],
    ]);
  });

  it('renders Markdown with raw HTML shown as text, never as markup', () => {
    const text = VALID.replace('Something.', 'Something <script>alert(1)</script> <img src=x onerror=alert(1)> **bold**.');
    const html = parse(text)
      .sections[0]!.blocks.map((b) => (b.kind === 'markdown' ? b.html : ''))
      .join('');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<strong>bold</strong>');
  });

  it('accepts CRLF line endings and a byte-order mark', () => {
    expect(parse('\uFEFF' + VALID.replace(/\n/g, '\r\n')).meta.title).toBe('A tiny lesson');
  });
});

describe('the skeleton', () => {
  it('refuses sections out of order, naming the line and the order', () => {
    const text = VALID.replace('## Observe', '## OBSERVE_TMP').replace('## Explain', '## Observe').replace('## OBSERVE_TMP', '## Explain');
    const problems = problemsOf(text);
    const order = problems.find((p) => p.message.includes('out of order'))!;
    expect(order.file).toBe(FILE);
    expect(order.line).toBe(lineOf(text, '## Observe'));
    expect(order.message).toBe(
      '"## Observe" is out of order: it comes after "## Explain" (line ' + lineOf(text, '## Explain') + ') but belongs before it.',
    );
    expect(order.fix).toContain(
      '"## What you will learn", "## Predict", "## Experiment", "## Observe", "## Explain", "## Check", "## Sources"',
    );
  });

  it('refuses a missing section and says where it goes', () => {
    const text = VALID.replace('## Explain\n\nBecause.\n\n', '');
    const problem = onlyProblem(text);
    expect(problem.message).toBe('the lesson has no "## Explain" section.');
    expect(problem.fix).toBe('add "## Explain" after the "## Observe" section.');
    expect(problem.line).toBe(lineOf(text, '## Observe'));
  });

  it('refuses a heading that is not a section, suggesting the nearest', () => {
    const text = VALID.replace('## Explain', '## Explian');
    const problems = problemsOf(text);
    expect(problems[0]).toMatchObject({
      line: lineOf(text, '## Explian'),
      message: '"## Explian" is not a section of the skeleton. Did you mean "## Explain"?',
    });
  });

  it('refuses a repeated section', () => {
    const text = VALID.replace('Because.', 'Because.\n\n## Explain\n\nMore.');
    const problem = onlyProblem(text);
    expect(problem.message).toBe(`"## Explain" appears a second time (first on line ${lineOf(text, '## Explain')}).`);
  });

  it('refuses a level-1 heading and skipped heading levels', () => {
    expect(onlyProblem(VALID.replace('Something.', '# Big')).message).toContain('is a level-1 heading');
    const skip = VALID.replace('Something.', '#### Deep');
    expect(onlyProblem(skip)).toMatchObject({
      line: lineOf(skip, '#### Deep'),
      message: '"#### Deep" skips a heading level (it follows a level-2 heading).',
    });
  });

  it('refuses text before the first section', () => {
    const text = VALID.replace('## What you will learn', 'Hello.\n\n## What you will learn');
    expect(onlyProblem(text)).toMatchObject({ line: lineOf(text, 'Hello.'), message: 'the body has text before its first section.' });
  });

  it('requires 3 to 5 check questions', () => {
    const text = VALID.replace(`${CHECK('three')}\n`, '');
    expect(onlyProblem(text).message).toBe('"## Check" has 2 check questions; a lesson has 3 to 5.');
  });
});

describe('front matter', () => {
  it('must open the file', () => {
    const problem = onlyProblem(VALID.slice(4));
    expect(problem).toMatchObject({ line: 1 });
    expect(problem.message).toContain('starts with YAML front matter');
  });

  it('reports bad YAML at its line', () => {
    const text = VALID.replace('minutes: 5', 'minutes: [5');
    const problems = problemsOf(text);
    expect(problems[0]!.message).toMatch(/^the front matter is not valid YAML: /);
    expect(problems[0]!.line).toBeGreaterThanOrEqual(lineOf(text, 'minutes: [5'));
    expect(problems[0]!.line).toBeLessThanOrEqual(lineOf(text, 'minutes: [5') + 2);
  });

  it('reports an unknown field with a suggestion', () => {
    const text = VALID.replace('minutes: 5', 'minuets: 5');
    const problems = problemsOf(text);
    const unknown = problems.find((p) => p.message.startsWith('unknown field'))!;
    expect(unknown).toMatchObject({
      line: lineOf(text, 'minuets'),
      message: 'unknown field "minuets" in the front matter. Did you mean "minutes"?',
    });
    expect(problems.find((p) => p.message.includes('missing "minutes"'))).toBeDefined();
  });

  it('reports a wrong type at its line', () => {
    const text = VALID.replace('minutes: 5', 'minutes: five');
    expect(onlyProblem(text)).toMatchObject({
      line: lineOf(text, 'minutes: five'),
      message: '"minutes" is "five" (text), but it must be a whole number.',
    });
  });

  it('requires the id to match the file name', () => {
    const problem = onlyProblem(VALID, 'lessons/other.md');
    expect(problem.message).toBe('the lesson\'s id is "tiny" but its file is named "other.md".');
    expect(problem.line).toBe(lineOf(VALID, 'id: tiny'));
  });

  it('reports an unknown preset with a suggestion and the list', () => {
    const text = VALID.replace('preset: testbed-classic', 'preset: testbed-clasic');
    const problem = problemsOf(text)[0]!;
    expect(problem).toMatchObject({ line: lineOf(text, 'testbed-clasic') });
    expect(problem.message).toBe(
      'scenario "testbed" uses the preset "testbed-clasic", which does not exist. Did you mean "testbed-classic"?',
    );
    expect(problem.fix).toContain('testbed-scalable');
  });

  it('reports an unknown scenario field and an out-of-range value at their lines', () => {
    const text = VALID.replace(
      '    preset: testbed-classic',
      '    preset: testbed-classic\n    set:\n      machine.cpu: 8\n      machine.interrupt_cpu: 999',
    );
    const problems = problemsOf(text);
    expect(problems.find((p) => p.message.includes('unknown field "machine.cpu"'))).toMatchObject({ line: lineOf(text, 'machine.cpu: 8') });
    expect(problems.find((p) => p.message.includes('machine.cpu"'))!.message).toContain('Did you mean "machine.cpus"?');
    expect(problems.find((p) => p.message.includes('machine.interrupt_cpu'))).toMatchObject({
      line: lineOf(text, 'machine.interrupt_cpu: 999'),
    });
  });

  it('reports a bad scenario value once, where it is set, not again for each lab, run and claim using it', () => {
    const text = VALID.replace(
      '    preset: testbed-classic',
      '    preset: testbed-classic\n    set: { machine.interrupt_cpu: 999 }',
    ).replace(
      'views: [cpu-grid, lock]',
      'views: [cpu-grid, lock]\nclaims:\n  - { scenario: testbed, metric: mpsynch_pct, value: 1, within: 1 }',
    );
    expect(onlyProblem(text)).toMatchObject({ line: lineOf(text, 'machine.interrupt_cpu: 999') });
    const inLab = VALID.replace('scenario: testbed\n', 'scenario: testbed\nset: { machine.interrupt_cpu: 999 }\n');
    expect(onlyProblem(inLab)).toMatchObject({ line: lineOf(inLab, 'machine.interrupt_cpu: 999') });
  });

  it('reports a parameter that is not a scenario field', () => {
    const text = VALID.replace('parameters: [machine.cpus]', 'parameters: [machine.cpus, machine.cpuz]');
    expect(onlyProblem(text).message).toBe('"machine.cpuz" is not a scenario field. Did you mean "machine.cpus"?');
  });

  it('checks that a claim quotes the body exactly', () => {
    const text = VALID.replace(
      'views: [cpu-grid, lock]',
      'views: [cpu-grid, lock]\nclaims:\n  - { scenario: testbed, metric: mpsynch_pct, value: 1, within: 1, says: "about 99%" }',
    );
    expect(onlyProblem(text).message).toBe('claim 1 says the text contains "about 99%", but the lesson\'s body does not.');
  });
});

describe('conclusions', () => {
  const withConclusions = (yaml: string) =>
    VALID.replace('views: [cpu-grid, lock]', `views: [cpu-grid, lock]\nconclusions:\n${yaml}`).replace(
      '## Explain\n\nBecause.',
      '## Explain\n\nBecause spinning grows with the CPUs, and it is flat past 8 at most.',
    );

  it('accepts each relation with the fields it takes', () => {
    const text =
      withConclusions(`  - { id: more-spin, says: "spinning grows", relation: greater, a: { scenario: testbed, metric: mpsynch_pct }, b: { scenario: testbed, set: { machine.cpus: 2 }, metric: mpsynch_pct }, factor: 2 }
  - { id: fewer-spin, says: "spinning grows", relation: less, a: { scenario: testbed, set: { machine.cpus: 2 }, metric: mpsynch_pct }, b: { scenario: testbed, metric: mpsynch_pct } }
  - { id: ordered, says: "spinning grows", relation: order, metric: mpsynch_pct, direction: increasing, runs: [{ scenario: testbed, set: { machine.cpus: 2 } }, { scenario: testbed }] }
  - { id: curve, says: "spinning grows", relation: monotone, scenario: testbed, metric: mpsynch_pct, field: machine.cpus, at: [2, 4, 8], direction: increasing, tolerance_pct: 1 }
  - { id: level, says: "flat past 8", scope: "at most", relation: flat, scenario: testbed, metric: transmit_packets_per_s, field: machine.cpus, at: [4, 8, 16], past: 8, tolerance_pct: 5 }
  - { id: top, says: "spinning grows", relation: peak_at, scenario: testbed, metric: transmit_packets_per_s, field: machine.cpus, at: [4, 8, 16], peak: 16, tolerance: 4 }
  - { id: hump, says: "spinning grows", relation: rises_then_falls, scenario: testbed, metric: transmit_packets_per_s, field: machine.cpus, at: [4, 8, 16] }`);
    expect(parse(text).meta.conclusions?.map((conclusion) => conclusion.relation)).toEqual([
      'greater',
      'less',
      'order',
      'monotone',
      'flat',
      'peak_at',
      'rises_then_falls',
    ]);
  });

  it('wants says and scope to quote the body', () => {
    const text = withConclusions(
      '  - { id: c, says: "spinning shrinks", relation: greater, a: { scenario: testbed, metric: mpsynch_pct }, b: { scenario: testbed, metric: mpsynch_pct } }',
    );
    expect(onlyProblem(text)).toMatchObject({
      line: lineOf(text, 'spinning shrinks'),
      message: 'conclusion "c"\'s says is "spinning shrinks", but the lesson\'s body does not contain it.',
    });
    const scoped = withConclusions(
      '  - { id: c, says: "spinning grows", scope: "below 4 CPUs", relation: greater, a: { scenario: testbed, metric: mpsynch_pct }, b: { scenario: testbed, metric: mpsynch_pct } }',
    );
    expect(onlyProblem(scoped).message).toMatch(/conclusion "c"'s scope is "below 4 CPUs", but the lesson's body does not contain it/);
  });

  it('names the fields a relation is missing, and those it does not take, at their lines', () => {
    const text = withConclusions(`  - id: c
    says: spinning grows
    relation: monotone
    scenario: testbed
    metric: mpsynch_pct
    at: [2, 4]
    factor: 2`);
    const problems = problemsOf(text);
    expect(problems.map((p) => p.message)).toEqual([
      'conclusion "c" (relation monotone) has no field, direction.',
      'conclusion "c" (relation monotone) does not take "factor".',
    ]);
    expect(problems[0]).toMatchObject({ line: lineOf(text, 'relation: monotone') });
    expect(problems[0]!.fix).toMatch(
      /a monotone conclusion takes scenario, metric, field, at, direction and optionally set, tolerance_pct/,
    );
    expect(problems[1]).toMatchObject({ line: lineOf(text, 'factor: 2') });
  });

  it('refuses an unknown relation, metric or scenario, a bad value, and a duplicate id', () => {
    expect(
      problemsOf(
        withConclusions(
          '  - { id: c, says: "spinning grows", relation: bigger, a: { scenario: testbed, metric: mpsynch_pct }, b: { scenario: testbed, metric: mpsynch_pct } }',
        ),
      )[0]!.message,
    ).toMatch(/relation/);
    expect(
      problemsOf(
        withConclusions(
          '  - { id: c, says: "spinning grows", relation: greater, a: { scenario: testbed, metric: spinning }, b: { scenario: testbed, metric: mpsynch_pct } }',
        ),
      )[0]!.message,
    ).toMatch(/metric/);
    const unknown = withConclusions(
      '  - { id: c, says: "spinning grows", relation: greater, a: { scenario: tested, metric: mpsynch_pct }, b: { scenario: testbed, metric: mpsynch_pct } }',
    );
    expect(onlyProblem(unknown).message).toBe(
      'side a of conclusion "c" names the scenario "tested", which the front matter does not define.',
    );
    const bad = withConclusions(
      '  - { id: c, says: "spinning grows", relation: greater, a: { scenario: testbed, set: { machine.interrupt_cpu: 999 }, metric: mpsynch_pct }, b: { scenario: testbed, metric: mpsynch_pct } }',
    );
    expect(onlyProblem(bad).message).toMatch(/^side a of conclusion "c": .*machine\.interrupt_cpu/);
    const twice =
      withConclusions(`  - { id: c, says: "spinning grows", relation: greater, a: { scenario: testbed, metric: mpsynch_pct }, b: { scenario: testbed, metric: mpsynch_pct } }
  - { id: c, says: "spinning grows", relation: less, a: { scenario: testbed, metric: mpsynch_pct }, b: { scenario: testbed, metric: mpsynch_pct } }`);
    expect(onlyProblem(twice).message).toMatch(/the conclusion id "c" is used twice \(first on line \d+\)/);
  });

  it('checks a curve: its points in order, a numeric field not also set, past and peak among its points', () => {
    const curve = (fields: string) =>
      withConclusions(`  - { id: c, says: "spinning grows", scenario: testbed, metric: mpsynch_pct, ${fields} }`);
    expect(onlyProblem(curve('relation: monotone, field: machine.cpus, at: [8, 4, 16], direction: increasing')).message).toBe(
      'conclusion "c"\'s points [8, 4, 16] are not in increasing order.',
    );
    expect(
      problemsOf(curve('relation: monotone, field: kernel.lock_kind, at: [1, 2], direction: increasing'))
        .map((p) => p.message)
        .join('\n'),
    ).toMatch(/runs along "kernel\.lock_kind", a enum field; a curve needs a numeric one/);
    expect(
      onlyProblem(curve('relation: monotone, set: { machine.cpus: 4 }, field: machine.cpus, at: [2, 4], direction: increasing')).message,
    ).toBe('conclusion "c" sets machine.cpus, the field its curve runs along.');
    expect(onlyProblem(curve('relation: flat, field: machine.cpus, at: [2, 4, 16], past: 8, tolerance_pct: 5')).message).toMatch(
      /flat past machine\.cpus = 8, which is not one of its points/,
    );
    expect(onlyProblem(curve('relation: peak_at, field: machine.cpus, at: [2, 4, 16], peak: 8')).message).toMatch(
      /peaks at machine\.cpus = 8, which is not one of its points and has no tolerance/,
    );
    expect(onlyProblem(curve('relation: peak_at, field: machine.cpus, at: [2, 4, 999], peak: 4')).message).toMatch(
      /^conclusion "c" at machine\.cpus = 999: /,
    );
  });
});

describe('components', () => {
  it('refuses an unknown component, suggesting the nearest', () => {
    const text = VALID.replace('Because.', '```quiz\nquestion: hm\n```');
    const problem = onlyProblem(text);
    expect(problem).toMatchObject({ file: FILE, line: lineOf(text, '```quiz') });
    expect(problem.message).toBe('unknown component "```quiz".');
    expect(problem.fix).toContain('predict, lab, compare, check, figure, note');
    expect(onlyProblem(VALID.replace('Because.', '```chek\nid: x\n```')).message).toBe(
      'unknown component "```chek". Did you mean "```check"?',
    );
  });

  it('allows code blocks in the listed languages only', () => {
    expect(() => parse(VALID.replace('Because.', '```sh\nnpx stacklab run testbed-classic\n```'))).not.toThrow();
    expect(onlyProblem(VALID.replace('Because.', '```\nplain\n```')).message).toBe('a fenced block without a name.');
  });

  it('reports bad YAML inside a component at the file line', () => {
    const text = VALID.replace('question: How much?', 'question: How much?\n  bad: indent: here');
    const problem = problemsOf(text)[0]!;
    expect(problem.message).toMatch(/^```predict is not valid YAML: /);
    // the YAML library places it where the broken value starts: on the file's line, not the block's
    expect([lineOf(text, 'question: How much?'), lineOf(text, 'bad: indent')]).toContain(problem.line);
  });

  it('reports an unknown field in a component at its line, with a suggestion', () => {
    const text = VALID.replace('question: How much?', 'questoin: How much?');
    const problems = problemsOf(text);
    expect(problems.find((p) => p.message.startsWith('unknown field'))).toMatchObject({
      line: lineOf(text, 'questoin'),
      message: 'unknown field "questoin" in ```predict. Did you mean "question"?',
    });
  });

  it('reports a bad nested field by its path', () => {
    const text = VALID.replace('  record: [mpsynch_pct]', '  record: [mpsynch_pc]');
    const problem = onlyProblem(text);
    expect(problem.line).toBe(lineOf(text, 'record: [mpsynch_pc]'));
    expect(problem.message).toMatch(/^"task › record › item 1" is "mpsynch_pc" \(text\), which is not one of: .*mpsynch_pct/);
    expect(problem.message).toContain('Did you mean "mpsynch_pct"?');
  });

  it('requires a predict to have options, a numeric answer or a sketch, one of them', () => {
    const text = VALID.replace("numeric: { unit: '%', min: 0, max: 100 }", '');
    expect(onlyProblem(text).message).toBe('```predict needs exactly one of "options", "numeric" or "sketch".');
  });

  it('requires exactly one correct option in a check, each with an explanation', () => {
    const none = VALID.replace('    correct: true\n    explain: Because it is.\n', '    explain: Because it is.\n');
    expect(onlyProblem(none).message).toBe('a check has exactly one correct option, but this one has 0.');
    const text = VALID.replace('    explain: Because it is not.', '');
    const problems = problemsOf(text);
    expect(problems[0]).toMatchObject({ message: '"options › item 2" in ```check is missing "explain".' });
    expect(problems[0]!.line).toBe(lineOf(text, '  - text: That one.'));
  });

  it('refuses a component in the wrong section', () => {
    const text = VALID.replace('Because.', CHECK('four'));
    expect(onlyProblem(text)).toMatchObject({ line: lineOf(text, 'id: four') - 1, message: 'a ```check cannot stand in "## Explain".' });
  });

  it('refuses a component inside a list', () => {
    const text = VALID.replace('Because.', '- item\n\n  ```note\n  kind: tip\n  text: hi\n  ```');
    expect(onlyProblem(text).message).toBe('the ```note block is inside a list or quote; components must stand on their own.');
  });

  it('refuses references to things that do not exist', () => {
    const badScenario = VALID.replace('scenario: testbed', 'scenario: tesbed');
    expect(onlyProblem(badScenario)).toMatchObject({
      line: lineOf(badScenario, 'scenario: tesbed'),
      message: 'lab "run-it" uses the scenario "tesbed", which the front matter does not define. Did you mean "testbed"?',
    });
    expect(onlyProblem(VALID.replace('requires: [guess]', 'requires: [gess]')).message).toBe(
      'lab "run-it" requires the prediction "gess", but no ```predict before it has that id.',
    );
    expect(onlyProblem(VALID.replace('predict: guess', 'predict: nope')).message).toBe(
      'compare reads the prediction "nope", but no ```predict before it has that id.',
    );
    expect(onlyProblem(VALID.replace('run: { machine.cpus: 2 }', 'run: { machine.cpus: 4 }')).message).toBe(
      'compare reads a run (machine.cpus = 4) that lab "run-it"\'s task does not ask for.',
    );
  });

  it('refuses controls and views the front matter does not allow', () => {
    const text = VALID.replace('controls: [machine.cpus]', 'controls: [machine.cpus, kernel.kind]');
    const problem = problemsOf(text).find((p) => p.message.includes('control "kernel.kind"'))!;
    expect(problem.message).toBe('lab "run-it" shows the control "kernel.kind", which the front matter\'s "parameters" does not list.');
    expect(onlyProblem(VALID.replace('views: [cpu-grid]\n', 'views: [modes]\n')).message).toBe(
      'lab "run-it" shows the view "modes", which the front matter\'s "views" does not list.',
    );
  });

  it('refuses a task run the learner cannot make with the lab controls', () => {
    const text = VALID.replace('    - { machine.cpus: 2 }', '    - { machine.cpus: 2, kernel.kind: scalable }').replace(
      'run: { machine.cpus: 2 }',
      'run: { machine.cpus: 2, kernel.kind: scalable }',
    );
    const problem = onlyProblem(text);
    expect(problem.message).toBe(
      'run 1 of lab "run-it" needs kernel.kind = scalable, but the lab starts with kernel.kind = "classic" (text) and has no control for it.',
    );
    expect(problem.line).toBe(lineOf(text, 'kernel.kind: scalable }'));
  });

  it('refuses a task run with a value out of range', () => {
    const text = VALID.replace('    - { machine.cpus: 2 }', '    - { machine.cpus: 300 }').replace(
      'run: { machine.cpus: 2 }',
      'run: { machine.cpus: 300 }',
    );
    const problem = onlyProblem(text);
    expect(problem.message).toContain('machine.cpus is 300, outside its range');
    expect(problem.line).toBe(lineOf(text, 'machine.cpus: 300 }'));
  });

  it('refuses a published option without a range, naming its line', () => {
    const text = VALID.replace(
      "numeric: { unit: '%', min: 0, max: 100 }",
      'options:\n  - text: What the source measured.\n    published: true\n  - text: Something else.',
    );
    const problem = onlyProblem(text);
    expect(problem.message).toBe('option 1 is marked published but has no range, so a run can never be compared with it.');
    expect(problem.line).toBe(lineOf(text, 'published: true'));
  });

  it('refuses duplicate ids', () => {
    const text = VALID.replace(CHECK('two'), CHECK('one'));
    const problem = onlyProblem(text);
    expect(problem.message).toMatch(/^the id "one" is used twice \(first on line \d+\)\.$/);
  });

  it('refuses links that would break the hash router', () => {
    expect(onlyProblem(VALID.replace('Because.', 'See [above](#predict).')).message).toBe(
      'the link "#predict" would not work from a lesson page.',
    );
    expect(() => parse(VALID.replace('Because.', 'See [the next lesson](#/lessons/tiny) and [HP](https://www.hp.com).'))).not.toThrow();
  });

  it('formats every problem as file:line: message Fix: ...', () => {
    try {
      parse(VALID.replace('question: How much?', 'questoin: How much?'));
    } catch (error) {
      expect((error as Error).message.split('\n')[0]).toMatch(/^lessons\/tiny\.md:\d+: .+ Fix: .+$/);
      return;
    }
    throw new Error('expected a LessonParseError');
  });
});

describe('SUMMARY.md', () => {
  it('reads a numbered list of links in order', () => {
    const problems: LessonProblem[] = [];
    const entries = parseSummary('# Lessons\n\n1. [A](a.md)\n2. [B](b-c.md)\n', 'lessons/SUMMARY.md', problems);
    expect(problems).toEqual([]);
    expect(entries).toEqual([
      { file: 'a.md', title: 'A', line: 3 },
      { file: 'b-c.md', title: 'B', line: 4 },
    ]);
  });

  it('reads a title as written, quotes and apostrophes untouched by the typographer', () => {
    const problems: LessonProblem[] = [];
    const entries = parseSummary('1. [The ticket lock\'s "collapse"](a.md)\n', 'lessons/SUMMARY.md', problems);
    expect(problems).toEqual([]);
    expect(entries.map((entry) => entry.title)).toEqual(['The ticket lock\'s "collapse"']);
  });

  it('reports items that are not lesson links, and duplicates', () => {
    const problems: LessonProblem[] = [];
    parseSummary('1. [A](a.md)\n2. plain\n3. [A again](a.md)\n4. [X](../x.md)\n', 'lessons/SUMMARY.md', problems);
    expect(problems.map((p) => `${p.line}: ${p.message}`)).toEqual([
      '2: the list item "plain" is not a link to a lesson.',
      '3: "a.md" is listed twice (first on line 1).',
      '4: "../x.md" is not the file name of a lesson in lessons/.',
    ]);
  });
});

describe('the Markdown renderer', () => {
  it('makes code blocks focusable, so a wide one can be scrolled with the keyboard', async () => {
    const { renderBlock } = await import('./markdown.js');
    expect(renderBlock('```\na wide line\n```\n')).toMatch(/^<pre tabindex="0"><code>/);
    expect(renderBlock('    indented code\n')).toMatch(/^<pre tabindex="0"><code>/);
  });
});
