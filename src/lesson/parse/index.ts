/*
 * index.ts -- reads one lesson file (Markdown with YAML front matter) into a Lesson,
 * or explains every way it is wrong: each problem names the file, the line and the fix.
 * The parser orchestrates its parts: the front matter (here), the body and its
 * components (body.ts, read-component.ts), and the checks between parts and against
 * the presets and the core's schema (cross-checks.ts). YAML with line numbers and the
 * words for schema errors are the project's neutral utilities (core/yaml-lines.ts,
 * core/schema-errors.ts), shared with scenarios and scene scripts.
 *
 * Invariants of a Lesson that parsed:
 * - its body has exactly the skeleton's level-2 sections, in order (components.ts);
 * - it uses only the listed components, each in a section that allows it, each with
 *   fields its schema allows;
 * - every name it uses resolves: presets, scenarios, field paths (when the core's
 *   schema is given), predictions a lab requires, the lab and run a compare reads;
 * - every run a task asks for can be made with the controls that lab shows;
 * - its HTML came from markdown.ts (raw HTML off).
 * Parsing is pure: the caller gives the text, the presets and, if it has one, the
 * core's schema (the browser parses without it; CI parses with it).
 */
import { explainSchemaErrors } from '../../core/schema-errors.js';
import { readYaml, YamlText } from '../../core/yaml-lines.js';
import { FRONT_MATTER_SCHEMA, type FrontMatter } from '../components.js';
import { readBody } from './body.js';
import { checkFieldList, crossCheck, resolveScenarios } from './cross-checks.js';
import { LessonParseError, type Lesson, type LessonProblem, type ParseContext } from './types.js';
import { frontMatterValidator } from './validators.js';

export { sameSettings, sketchRunIndex } from './cross-checks.js';
export * from './types.js';

const FRONT_MATTER_FENCE = /^---[ \t]*$/;

function baseName(file: string): string {
  const name = file.slice(file.lastIndexOf('/') + 1);
  return name.endsWith('.md') ? name.slice(0, -3) : name;
}

export function parseLesson(file: string, source: string, context: ParseContext): Lesson {
  const problems: LessonProblem[] = [];
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const lines = text.split('\n');
  const problem = (line: number, message: string, fix: string) => problems.push({ file, line, message, fix });

  // Front matter: the first line is ---, and a later line closes it.
  if (!FRONT_MATTER_FENCE.test(lines[0] ?? '')) {
    problem(
      1,
      'a lesson starts with YAML front matter between two "---" lines, but the first line is not "---".',
      'put "---" on line 1, the front matter (id, title, summary, ...), and "---" again before the body.',
    );
    throw new LessonParseError(problems);
  }
  const close = lines.findIndex((line, i) => i > 0 && FRONT_MATTER_FENCE.test(line));
  if (close < 0) {
    problem(1, 'the front matter opened on line 1 is never closed.', 'add a line "---" after the last front-matter field.');
    throw new LessonParseError(problems);
  }
  const frontYaml = new YamlText(lines.slice(1, close).join('\n'), 2);
  const meta = readYaml(frontYaml, file, 'the front matter', problems) as FrontMatter | undefined;
  if (meta === undefined) throw new LessonParseError(problems);
  if (!frontMatterValidator(meta)) {
    explainSchemaErrors(frontMatterValidator.errors ?? [], meta, FRONT_MATTER_SCHEMA, frontYaml, file, 'the front matter', problems);
    throw new LessonParseError(problems);
  }
  if (meta.id !== baseName(file)) {
    problem(
      frontYaml.line(['id']),
      `the lesson's id is "${meta.id}" but its file is named "${baseName(file)}.md".`,
      `rename the file to "${meta.id}.md" or set id: ${baseName(file)}.`,
    );
  }

  const scenarios = resolveScenarios(meta, frontYaml, file, context, problems);
  checkFieldList(meta.parameters, ['parameters'], frontYaml, file, context, problems);

  const body = readBody(file, lines, close, problems);
  // A component that did not parse would make every reference to it look broken too;
  // those follow-on problems are left until it is fixed.
  const lesson = crossCheck(
    file,
    meta,
    frontYaml,
    body.sections,
    body.components,
    scenarios,
    body.text,
    context,
    body.componentsFailed > 0 ? [] : problems,
  );
  if (problems.length > 0) throw new LessonParseError(problems.sort((a, b) => a.line - b.line));
  return lesson;
}
