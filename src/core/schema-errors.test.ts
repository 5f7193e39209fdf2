/*
 * The neutral utilities lessons, scene scripts and scenarios share: YAML read with the
 * line of every part, and schema errors in words.
 */
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { closest, describeValue, explainSchemaErrors, quoteText } from './schema-errors.js';
import { readYaml, YamlText, type SourceProblem } from './yaml-lines.js';
import { parseScript } from '../lab/presenter/script.js';
import { LessonParseError, parseLesson } from '../lesson/parse.js';

const SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['title'],
  properties: {
    title: { type: 'string', minLength: 1 },
    options: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['text'],
        properties: { text: { type: 'string' }, correct: { type: 'boolean' } },
      },
    },
    level: { enum: ['low', 'high'] },
  },
};
const validate = new Ajv({ allErrors: true, strict: true }).compile(SCHEMA);

function problemsOf(text: string, firstLine = 1): SourceProblem[] {
  const problems: SourceProblem[] = [];
  const yaml = new YamlText(text, firstLine);
  const data = readYaml(yaml, 'x.yaml', 'the block', problems);
  if (data !== undefined && !validate(data))
    explainSchemaErrors(validate.errors ?? [], data, SCHEMA, yaml, 'x.yaml', 'the block', problems);
  return problems;
}

describe('YAML with lines', () => {
  it("finds the line of a nested value, counted from the text's first line in the file", () => {
    const yaml = new YamlText('title: t\noptions:\n  - text: a\n  - text: b\n    correct: true\n', 10);
    expect(yaml.line(['options', 1, 'correct'])).toBe(14);
    expect(yaml.line(['options', 1])).toBe(13);
    expect(yaml.line(['options'], 'missing')).toBe(11);
  });

  it('refuses a duplicate key and says where', () => {
    const problems = problemsOf('title: a\ntitle: b\n', 5);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: 'x.yaml', line: 6 });
    expect(problems[0]!.message).toContain('not valid YAML');
  });

  it('says what a block that is not a map is', () => {
    expect(problemsOf('- one\n- two\n')[0]!.message).toContain('must be a map of fields');
  });
});

describe('schema errors in words', () => {
  it('an unknown field, with the closest name and its line', () => {
    const [problem] = problemsOf('title: t\noptions:\n  - text: a\n    corect: true\n');
    expect(problem!.line).toBe(4);
    expect(problem!.message).toContain('unknown field "corect"');
    expect(problem!.message).toContain('Did you mean "correct"?');
  });

  it('a value of the wrong type, in words', () => {
    const [problem] = problemsOf('title: 12\n');
    expect(problem!.message).toBe('"title" is 12, but it must be text.');
  });

  it('a name that is not one of the names, with a suggestion', () => {
    expect(problemsOf('title: t\nlevel: hgh\n')[0]!.message).toContain('Did you mean "high"?');
  });

  it('values and suggestions in each dialect', () => {
    expect(describeValue(null, 'yaml')).toBe('empty');
    expect(describeValue(null, 'json')).toBe('null');
    expect(describeValue({}, 'json')).toBe('an object');
    expect(closest('machin', ['machine', 'sim'])).toBe('machine');
    expect(closest('zzz', ['machine', 'sim'])).toBeUndefined();
  });

  it('a scene script and a lesson are explained by the same words', () => {
    const script = parseScript('scenes.yaml', 'title: Demo\nscenes:\n  - titel: One\n', []);
    const scriptProblem = script.ok ? undefined : script.problems.find((p) => p.message.includes('unknown field'));
    let lessonMessage = '';
    try {
      parseLesson('x.md', '---\nid: x\ntitel: X\n---\n', { presets: {} });
    } catch (error) {
      lessonMessage = (error as LessonParseError).problems.map((p) => p.message).join('\n');
    }
    expect(scriptProblem?.message).toMatch(/^unknown field "titel" in .* of the scene script\. Did you mean "title"\?$/);
    expect(lessonMessage).toMatch(/unknown field "titel" in the front matter\. Did you mean "title"\?/);
  });
});

describe('closest and quoteText on hostile text', () => {
  it('suggests as before, and ignores candidates too different in length to be near', () => {
    const names = ['machine', 'machine.cpus', 'kernel.kind', 'network.background_rx_pps'];
    expect(closest('machine.cpu', names)).toBe('machine.cpus');
    expect(closest('cpus', names)).toBe('machine.cpus');
    expect(closest('machin', names)).toBe('machine');
    expect(closest('zzzz', names)).toBeUndefined();
    const started = performance.now();
    expect(closest('q'.repeat(1_000_000), names)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('cuts long text and says how long it was', () => {
    expect(quoteText('short')).toBe('"short"');
    expect(quoteText('a'.repeat(61))).toBe(`"${'a'.repeat(60)}…" (61 characters)`);
    expect(describeValue('b'.repeat(2000), 'json')).toBe(`"${'b'.repeat(60)}…" (text, 2,000 characters)`);
  });
});
