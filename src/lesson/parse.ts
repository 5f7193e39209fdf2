/*
 * parse.ts -- reads one lesson file (Markdown with YAML front matter) into a Lesson,
 * or explains every way it is wrong: each problem names the file, the line and the fix.
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
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { LineCounter, parseDocument, isMap, isScalar, isSeq, type Document, type Node as YamlNode, type YAMLMap } from 'yaml';
import type { Token } from 'markdown-it';
import { checkScenario, closest, flattenScenario, nestScenario, type FlatScenario, type ScenarioDocument } from '../core/scenario.js';
import { fieldsByPath, type Schema } from '../core/schema.js';
import {
  CHECKS_PER_LESSON,
  CODE_LANGUAGES,
  COMPONENTS,
  COMPONENT_SCHEMAS,
  FRONT_MATTER_SCHEMA,
  SECTIONS,
  isComponentName,
  type CheckComponent,
  type Component,
  type ComponentName,
  type FieldSettings,
  type FrontMatter,
  type LabComponent,
  type PredictComponent,
  type SectionTitle,
} from './components.js';
import { md } from './markdown.js';

// ---- results and problems --------------------------------------------------------

/** One thing wrong with a lesson file. */
export interface LessonProblem {
  file: string;
  /** 1-based line in the file. */
  line: number;
  message: string;
  fix: string;
}

export function formatProblem(problem: LessonProblem): string {
  return `${problem.file}:${problem.line}: ${problem.message} Fix: ${problem.fix}`;
}

export class LessonParseError extends Error {
  readonly problems: LessonProblem[];

  constructor(problems: LessonProblem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'LessonParseError';
    this.problems = problems;
  }
}

export type Block =
  | { kind: 'markdown'; html: string }
  | { kind: 'component'; line: number; component: Component };

export interface LessonSection {
  title: SectionTitle;
  /** A stable id for the section's heading, e.g. "what-you-will-learn". */
  slug: string;
  line: number;
  blocks: Block[];
  /** The steps its components ask of the learner, in order. */
  steps: Step[];
}

/** A step the learner completes: commit a prediction, make a lab's runs, answer a check. */
export interface Step {
  kind: 'predict' | 'lab' | 'check';
  id: string;
}

export interface Lesson {
  file: string;
  meta: FrontMatter;
  sections: LessonSection[];
  steps: Step[];
  predicts: Record<string, PredictComponent>;
  labs: Record<string, LabComponent>;
  checks: Record<string, CheckComponent>;
  /** Each front-matter scenario resolved: the preset's fields with its overrides. */
  scenarios: Record<string, FlatScenario>;
  /** Each lab's scenario: its front-matter scenario with the lab's own overrides. */
  labScenarios: Record<string, FlatScenario>;
}

export interface ParseContext {
  /** Scenario documents by preset name (lessons/scenarios/<name>.json). */
  presets: Record<string, ScenarioDocument>;
  /** The core's schema: when given, every field path and value is checked too. */
  schema?: Schema;
}

// ---- YAML with line numbers ------------------------------------------------------

export type PathPart = string | number;

/** A parsed YAML body and how to find the line of any part of it. */
export class YamlText {
  readonly doc: Document;
  private readonly lines = new LineCounter();

  /** `firstLine` is the file line of the text's first line. */
  constructor(text: string, readonly firstLine: number) {
    this.doc = parseDocument(text, { lineCounter: this.lines, prettyErrors: false, uniqueKeys: true });
  }

  lineAt(offset: number): number {
    return this.firstLine + this.lines.linePos(offset).line - 1;
  }

  /** The line of the value at path; with `key`, the line of that key in the map at path. */
  line(path: PathPart[], key?: string): number {
    let node: unknown = this.doc.contents;
    let line = node && (node as YamlNode).range ? this.lineAt((node as YamlNode).range![0]) : this.firstLine;
    for (const part of path) {
      const next = isMap(node) || isSeq(node) ? node.get(part as never, true) : undefined;
      if (!next || !(next as YamlNode).range) break;
      // In a map, a value's line is its key's (the value may start on the next line).
      const start = isMap(node) ? keyStart(node, part) : (next as YamlNode).range![0];
      if (start !== undefined) line = this.lineAt(start);
      node = next;
    }
    const keyAt = key !== undefined && isMap(node) ? keyStart(node, key) : undefined;
    return keyAt !== undefined ? this.lineAt(keyAt) : line;
  }
}

/** Where the key `key` of a YAML map starts in its text, if the map has it. */
function keyStart(map: YAMLMap, key: PathPart): number | undefined {
  const pair = map.items.find((item) => isScalar(item.key) && item.key.value === key);
  return pair && isScalar(pair.key) ? pair.key.range?.[0] : undefined;
}

// ---- schema errors in words ------------------------------------------------------

const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, strictRequired: false });
const frontMatterValidator = ajv.compile(FRONT_MATTER_SCHEMA);
const componentValidators = new Map<ComponentName, ValidateFunction>(
  (Object.keys(COMPONENT_SCHEMAS) as ComponentName[]).map((name) => [name, ajv.compile(COMPONENT_SCHEMAS[name])]),
);

function errorPath(error: ErrorObject): PathPart[] {
  return error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** "options › item 2 › explain" (items counted from 1, as people count them). */
function pathText(path: PathPart[]): string {
  return path.map((part) => (typeof part === 'number' ? `item ${part + 1}` : part)).join(' › ');
}

function valueAt(value: unknown, path: PathPart[]): unknown {
  let node = value;
  for (const part of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[part];
  }
  return node;
}

/**
 * A value in an error message, in the words of YAML authors ("empty", "a map of
 * fields"); core/scenario.ts has the same for JSON scenario files ("null", "an object").
 */
function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'empty';
  if (typeof value === 'string') return `"${value}" (text)`;
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a map of fields';
  return String(value);
}

/** The properties a schema node allows, for "did you mean". */
function schemaAt(schema: Record<string, unknown>, path: PathPart[]): Record<string, unknown> | undefined {
  let node: Record<string, unknown> | undefined = schema;
  for (const part of path) {
    if (!node) return undefined;
    if (typeof part === 'number') node = node.items as Record<string, unknown> | undefined;
    else {
      const properties = node.properties as Record<string, Record<string, unknown>> | undefined;
      node = properties?.[part] ?? (typeof node.additionalProperties === 'object' ? (node.additionalProperties as Record<string, unknown>) : undefined);
    }
  }
  return node;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a map of fields',
};

/**
 * Turns Ajv's errors into problems. `what` names the thing checked ("front matter",
 * "```predict"); `fixFor` may give a better fix for a missing field.
 */
export function explainSchemaErrors(
  errors: ErrorObject[],
  data: unknown,
  schema: Record<string, unknown>,
  yaml: YamlText,
  file: string,
  what: string,
  problems: LessonProblem[],
  docs = 'docs/lessons.md',
): void {
  // A oneOf that failed explains itself; the branch errors under it only confuse.
  const oneOfPaths = new Set(errors.filter((e) => e.keyword === 'oneOf').map((e) => e.instancePath));
  const seen = new Set<string>();
  for (const error of errors) {
    if (error.schemaPath.includes('/oneOf/') && oneOfPaths.has(error.instancePath)) continue;
    const path = errorPath(error);
    const value = valueAt(data, path);
    const at = path.length ? `"${pathText(path)}"` : what;
    let line = yaml.line(path);
    let message: string;
    let fix: string;
    switch (error.keyword) {
      case 'required': {
        const missing = String(error.params.missingProperty);
        message = `${at === what ? what : `${at} in ${what}`} is missing "${missing}".`;
        fix = `add a "${missing}:" line; ${docs} shows every field of ${what}.`;
        break;
      }
      case 'additionalProperties': {
        const extra = String(error.params.additionalProperty);
        line = yaml.line(path, extra);
        const allowed = Object.keys((schemaAt(schema, path)?.properties as object | undefined) ?? {});
        const suggestion = closest(extra, allowed);
        message = `unknown field "${extra}" in ${path.length ? at + ' of ' : ''}${what}.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`;
        fix = `correct or remove it; ${what} allows ${allowed.map((name) => `"${name}"`).join(', ')}.`;
        break;
      }
      case 'type': {
        const wanted = String(error.params.type).split(',').map((t) => TYPE_WORDS[t] ?? t).join(' or ');
        message = `${at} is ${describe(value)}, but it must be ${wanted}.`;
        fix = `write ${at} as ${wanted}.`;
        break;
      }
      case 'enum': {
        const allowed = (error.params.allowedValues as unknown[]).map(String);
        const suggestion = typeof value === 'string' ? closest(value, allowed) : undefined;
        message = `${at} is ${describe(value)}, which is not one of: ${allowed.join(', ')}.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`;
        fix = `use one of the names listed.`;
        break;
      }
      case 'pattern': {
        const name = error.propertyName ?? (typeof value === 'string' ? value : String(value));
        if (error.propertyName !== undefined) line = yaml.line(path, error.propertyName);
        const isFieldPath = String(error.params.pattern).includes('\\.');
        message = isFieldPath
          ? `"${name}" is not a scenario field path.`
          : `"${name}" is not a valid name: names use lower-case letters, digits and single hyphens.`;
        fix = isFieldPath ? 'write the dotted path of the field, such as "machine.cpus" (docs/scenario.md lists them).' : 'rename it, for example "one-lock".';
        break;
      }
      case 'propertyNames':
        continue; // its pattern error says it better
      case 'minItems':
      case 'maxItems': {
        const count = Array.isArray(value) ? value.length : 0;
        const limit = Number(error.params.limit);
        message = `${at} has ${count} item${count === 1 ? '' : 's'}, but it needs ${error.keyword === 'minItems' ? 'at least' : 'at most'} ${limit}.`;
        fix = error.keyword === 'minItems' ? `add ${limit - count} more.` : `remove ${count - limit}.`;
        break;
      }
      case 'minLength':
      case 'minProperties':
        message = `${at} is empty.`;
        fix = `give ${at} a value.`;
        break;
      case 'uniqueItems':
        message = `${at} lists the same item twice.`;
        fix = 'remove the duplicate.';
        break;
      case 'minimum':
      case 'maximum':
      case 'exclusiveMinimum': {
        const limit = error.params.limit;
        const bound = error.keyword === 'maximum' ? `at most ${limit}` : error.keyword === 'minimum' ? `at least ${limit}` : `more than ${limit}`;
        message = `${at} is ${describe(value)}, but it must be ${bound}.`;
        fix = `set ${at} to a value ${bound}.`;
        break;
      }
      case 'oneOf': {
        const branches = ((schemaAt(schema, path)?.oneOf as { required: string[] }[] | undefined) ?? []).map((b) => `"${b.required[0]}"`);
        message = `${at === what ? what : `${at} in ${what}`} needs exactly one of ${branches.join(' or ')}.`;
        fix = `give one of ${branches.join(' or ')}, not both and not neither.`;
        break;
      }
      default:
        message = `${at} ${error.message ?? 'is not allowed'}.`;
        fix = `see ${docs} for the fields of ${what}.`;
    }
    const key = `${line}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({ file, line, message, fix });
  }
}

// ---- the parser ------------------------------------------------------------------

const FRONT_MATTER_FENCE = /^---[ \t]*$/;

/** "What you will learn" -> "what-you-will-learn". */
function slugify(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

function baseName(file: string): string {
  const name = file.slice(file.lastIndexOf('/') + 1);
  return name.endsWith('.md') ? name.slice(0, -3) : name;
}

/** Parses a lesson file; throws LessonParseError listing every problem found. */
export function parseLesson(file: string, source: string, context: ParseContext): Lesson {
  const problems: LessonProblem[] = [];
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const lines = text.split('\n');
  const problem = (line: number, message: string, fix: string) => problems.push({ file, line, message, fix });

  // Front matter: the first line is ---, and a later line closes it.
  if (!FRONT_MATTER_FENCE.test(lines[0] ?? '')) {
    problem(1, 'a lesson starts with YAML front matter between two "---" lines, but the first line is not "---".', 'put "---" on line 1, the front matter (id, title, summary, ...), and "---" again before the body.');
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
    problem(frontYaml.line(['id']), `the lesson's id is "${meta.id}" but its file is named "${baseName(file)}.md".`, `rename the file to "${meta.id}.md" or set id: ${baseName(file)}.`);
  }

  const scenarios = resolveScenarios(meta, frontYaml, file, context, problems);
  checkFieldList(meta.parameters, ['parameters'], frontYaml, file, context, problems);

  // The body.
  const bodyFirstLine = close + 2;
  const body = lines.slice(close + 1).join('\n');
  const tokens = md.parse(body, {});
  const sections: LessonSection[] = [];
  const headings: { title: string; line: number }[] = [];
  const components: { component: Component; line: number; section: SectionTitle | undefined }[] = [];
  let componentsFailed = 0;
  let pending: Token[] = [];
  let lastHeadingLevel = 1;
  let complainedBeforeFirst = false;

  const flush = () => {
    const section = sections[sections.length - 1];
    if (section && pending.length > 0) {
      section.blocks.push({ kind: 'markdown', html: md.renderer.render(pending, md.options, {}) });
    }
    pending = [];
  };
  const lineOf = (token: Token) => bodyFirstLine + (token.map?.[0] ?? 0);

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === 'heading_open') {
      const level = Number(token.tag.slice(1));
      const title = tokens[i + 1]?.content.trim() ?? '';
      const line = lineOf(token);
      if (level === 1) {
        problem(line, `"# ${title}" is a level-1 heading; the lesson's title comes from the front matter and is the only one.`, 'make it a "##" section of the skeleton or a "###" heading inside one.');
      } else if (level === 2) {
        flush();
        headings.push({ title, line });
        const isSection = (SECTIONS as readonly string[]).includes(title) && !sections.some((s) => s.title === title);
        if (isSection) sections.push({ title: title as SectionTitle, slug: slugify(title), line, blocks: [], steps: [] });
        lastHeadingLevel = 2;
        i += 2; // the heading's inline and close tokens
        continue;
      } else if (sections.length > 0 && level > lastHeadingLevel + 1) {
        problem(line, `"${'#'.repeat(level)} ${title}" skips a heading level (it follows a level-${lastHeadingLevel} heading).`, `use "${'#'.repeat(lastHeadingLevel + 1)}" so headings go down one level at a time.`);
      }
      if (level > 1) lastHeadingLevel = level;
    }
    if (token.type === 'fence') {
      const info = token.info.trim().split(/\s+/)[0] ?? '';
      const line = lineOf(token);
      if (isComponentName(info)) {
        if (token.level > 0) {
          problem(line, `the \`\`\`${info} block is inside a list or quote; components must stand on their own.`, 'move it out of the list or quote, starting at the beginning of a line.');
          continue;
        }
        flush();
        const component = readComponent(info, token.content, line + 1, file, problems);
        const section = sections[sections.length - 1];
        if (component) {
          components.push({ component, line, section: section?.title });
          section?.blocks.push({ kind: 'component', line, component });
        } else {
          componentsFailed++;
        }
        continue;
      }
      if (!(CODE_LANGUAGES as readonly string[]).includes(info)) {
        const suggestion = info ? closest(info, [...Object.keys(COMPONENTS), ...CODE_LANGUAGES]) : undefined;
        problem(
          line,
          info ? `unknown component "\`\`\`${info}".${suggestion ? ` Did you mean "\`\`\`${suggestion}"?` : ''}` : 'a fenced block without a name.',
          `lessons may use only the components ${Object.keys(COMPONENTS).join(', ')}, or code blocks in ${CODE_LANGUAGES.join(', ')} (docs/lessons.md).`,
        );
        continue;
      }
    }
    if (token.type === 'inline') checkLinks(token, lineOf(token), problem);
    if (headings.length === 0) {
      if (!complainedBeforeFirst && token.map) {
        complainedBeforeFirst = true;
        problem(lineOf(token), 'the body has text before its first section.', 'start the body with "## What you will learn".');
      }
      continue;
    }
    pending.push(token);
  }
  flush();
  checkSkeleton(headings, bodyFirstLine + body.split('\n').length - 1, problem);

  // A component that did not parse would make every reference to it look broken too;
  // those follow-on problems are left until it is fixed.
  const lesson = crossCheck(file, meta, frontYaml, sections, components, scenarios, body, context, componentsFailed > 0 ? [] : problems);
  if (problems.length > 0) throw new LessonParseError(problems.sort((a, b) => a.line - b.line));
  return lesson;
}

/**
 * The level-2 headings must be the skeleton, each once, in order. Each kind of mistake
 * is reported once, where it is: a heading that is not a section, a repeat, the first
 * section out of order, and sections missing at the end.
 */
function checkSkeleton(
  headings: { title: string; line: number }[],
  lastLine: number,
  problem: (line: number, message: string, fix: string) => void,
) {
  const order = SECTIONS.map((s) => `"## ${s}"`).join(', ');
  const seen = new Map<string, number>();
  const meant = new Set<string>();
  let previous = -1;
  let reportedOrder = false;
  for (const { title, line } of headings) {
    const index = (SECTIONS as readonly string[]).indexOf(title);
    if (index < 0) {
      const suggestion = closest(title, [...SECTIONS]);
      if (suggestion) meant.add(suggestion);
      problem(
        line,
        `"## ${title}" is not a section of the skeleton.${suggestion ? ` Did you mean "## ${suggestion}"?` : ''}`,
        `rename it to the section it belongs to, or make it a "###" heading inside one; the skeleton is ${order}.`,
      );
      continue;
    }
    const first = seen.get(title);
    if (first !== undefined) {
      problem(line, `"## ${title}" appears a second time (first on line ${first}).`, `merge the two; use "###" headings for parts of one section.`);
      continue;
    }
    seen.set(title, line);
    if (index < previous && !reportedOrder) {
      reportedOrder = true;
      const after = SECTIONS[previous]!;
      problem(line, `"## ${title}" is out of order: it comes after "## ${after}" (line ${seen.get(after)}) but belongs before it.`, `put the sections in the skeleton's order: ${order}.`);
    }
    previous = Math.max(previous, index);
  }
  const missing = SECTIONS.filter((title) => !seen.has(title) && !meant.has(title));
  for (const title of missing) {
    const index = SECTIONS.indexOf(title);
    const before = SECTIONS.slice(0, index).reverse().find((s) => seen.has(s));
    problem(
      before ? seen.get(before)! : lastLine,
      `the lesson has no "## ${title}" section.`,
      before ? `add "## ${title}" after the "## ${before}" section.` : `add "## ${title}"; the skeleton is ${order}.`,
    );
  }
}

/** Links may go to other pages (http, https, mailto) or to routes of this app (#/...). */
function checkLinks(token: Token, line: number, problem: (line: number, message: string, fix: string) => void) {
  for (const child of token.children ?? []) {
    if (child.type !== 'link_open') continue;
    const href = String(child.attrGet('href') ?? '');
    if (!/^(https?:|mailto:|#\/)/i.test(href)) {
      problem(line, `the link "${href}" would not work from a lesson page.`, 'link to a full http(s) address, or to a route of the app such as "#/lessons/<id>".');
    }
  }
}

export function readYaml(yaml: YamlText, file: string, what: string, problems: LessonProblem[]): unknown {
  if (yaml.doc.errors.length > 0) {
    for (const error of yaml.doc.errors) {
      problems.push({
        file,
        line: yaml.lineAt(error.pos[0]),
        message: `${what} is not valid YAML: ${error.message.split('\n')[0]}`,
        fix: 'write "key: value" lines, lists with "- ", and quote text that contains ": " or starts with a symbol.',
      });
    }
    return undefined;
  }
  const value = yaml.doc.toJS();
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    problems.push({ file, line: yaml.firstLine, message: `${what} must be a map of fields ("key: value" lines), but it is ${describe(value)}.`, fix: 'write its fields as "key: value" lines.' });
    return undefined;
  }
  return value;
}

function readComponent(name: ComponentName, content: string, firstLine: number, file: string, problems: LessonProblem[]): Component | undefined {
  const yaml = new YamlText(content, firstLine);
  const what = `\`\`\`${name}`;
  const value = readYaml(yaml, file, what, problems);
  if (value === undefined) return undefined;
  const validate = componentValidators.get(name)!;
  if (!validate(value)) {
    explainSchemaErrors(validate.errors ?? [], value, COMPONENT_SCHEMAS[name], yaml, file, what, problems);
    return undefined;
  }
  const component = { type: name, ...(value as object) } as Component;
  componentLines.set(component, yaml);
  return component;
}

/** Where each component's YAML came from, for cross-reference errors. */
const componentLines = new WeakMap<Component, YamlText>();

function lineIn(component: Component, path: PathPart[], fallback: number, key?: string): number {
  return componentLines.get(component)?.line(path, key) ?? fallback;
}

// ---- scenarios and fields --------------------------------------------------------

function resolveScenarios(meta: FrontMatter, yaml: YamlText, file: string, context: ParseContext, problems: LessonProblem[]): Record<string, FlatScenario> {
  const resolved: Record<string, FlatScenario> = {};
  const names = Object.keys(context.presets);
  for (const [name, scenario] of Object.entries(meta.scenarios)) {
    const preset = context.presets[scenario.preset];
    if (!preset) {
      const suggestion = closest(scenario.preset, names);
      problems.push({
        file,
        line: yaml.line(['scenarios', name, 'preset']),
        message: `scenario "${name}" uses the preset "${scenario.preset}", which does not exist.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`,
        fix: `use one of the presets in lessons/scenarios/: ${names.join(', ')}.`,
      });
      continue;
    }
    const values = { ...flattenScenario(preset), ...(scenario.set ?? {}) };
    checkScenarioValues(values, scenario.set ?? {}, (path) => yaml.line(['scenarios', name, 'set'], path), `scenario "${name}"`, file, context, problems, yaml.line(['scenarios', name]));
    resolved[name] = values;
  }
  return resolved;
}

/**
 * With the core's schema: every field exists and every value is allowed. Each problem
 * is reported where its value was set: at the line of a path in `given`, or, for a
 * preset's own values, at `presetLine`. Without `presetLine` (labs, runs and claims
 * build on a front-matter scenario already checked), problems they inherit are not
 * reported again.
 */
function checkScenarioValues(
  values: FlatScenario,
  given: FieldSettings,
  lineOfPath: (path: string) => number,
  what: string,
  file: string,
  context: ParseContext,
  problems: LessonProblem[],
  presetLine?: number,
): void {
  if (!context.schema) return;
  const checked = checkScenario(context.schema, nestScenario(values));
  if (checked.ok) return;
  for (const scenarioProblem of checked.problems) {
    const inGiven = Object.keys(given).find((path) => path === scenarioProblem.path || scenarioProblem.path.startsWith(path + '.') || path.startsWith(scenarioProblem.path + '.'));
    const line = inGiven ? lineOfPath(inGiven) : presetLine;
    if (line === undefined) continue;
    problems.push({
      file,
      line,
      message: `${what}: ${scenarioProblem.message.replace(/ Fix: .*$/, '')}`,
      fix: /Fix: (.*)$/.exec(scenarioProblem.message)?.[1] ?? 'see docs/scenario.md for the field and its range.',
    });
  }
}

/** With the core's schema: every listed path is a scenario field. */
function checkFieldList(paths: string[], at: PathPart[], yaml: YamlText, file: string, context: ParseContext, problems: LessonProblem[]): void {
  if (!context.schema) return;
  const known = fieldsByPath(context.schema);
  paths.forEach((path, index) => {
    if (known.has(path)) return;
    const suggestion = closest(path, [...known.keys()]);
    problems.push({
      file,
      line: yaml.line([...at, index]),
      message: `"${path}" is not a scenario field.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`,
      fix: 'use a field path from docs/scenario.md, such as "machine.cpus".',
    });
  });
}

// ---- references between parts ----------------------------------------------------

function crossCheck(
  file: string,
  meta: FrontMatter,
  frontYaml: YamlText,
  sections: LessonSection[],
  components: { component: Component; line: number; section: SectionTitle | undefined }[],
  scenarios: Record<string, FlatScenario>,
  body: string,
  context: ParseContext,
  problems: LessonProblem[],
): Lesson {
  const problem = (line: number, message: string, fix: string) => problems.push({ file, line, message, fix });
  const predicts: Record<string, PredictComponent> = {};
  const labs: Record<string, LabComponent> = {};
  const checks: Record<string, CheckComponent> = {};
  const labScenarios: Record<string, FlatScenario> = {};
  const steps: Step[] = [];
  const ids = new Map<string, number>();
  const addStep = (kind: Step['kind'], id: string, section: SectionTitle | undefined) => {
    const step = { kind, id };
    steps.push(step);
    sections.find((s) => s.title === section)?.steps.push(step);
  };

  for (const { component, line, section } of components) {
    const allowed: readonly SectionTitle[] = COMPONENTS[component.type].sections;
    if (section && !allowed.includes(section)) {
      problem(line, `a \`\`\`${component.type} cannot stand in "## ${section}".`, `move it to ${allowed.map((s) => `"## ${s}"`).join(' or ')}.`);
    }
    if ('id' in component) {
      const first = ids.get(component.id);
      if (first !== undefined) {
        problem(lineIn(component, ['id'], line), `the id "${component.id}" is used twice (first on line ${first}).`, 'give every predict, lab and check its own id.');
        continue;
      }
      ids.set(component.id, line);
    }
    switch (component.type) {
      case 'predict': {
        predicts[component.id] = component;
        addStep('predict', component.id, section);
        if (component.numeric && component.numeric.min >= component.numeric.max) {
          problem(lineIn(component, ['numeric', 'min'], line), `numeric min (${component.numeric.min}) must be below max (${component.numeric.max}).`, 'swap or correct them.');
        }
        component.options?.forEach((option, index) => {
          if (option.range && option.range[0] > option.range[1]) {
            problem(lineIn(component, ['options', index, 'range'], line), `option ${index + 1}'s range [${option.range.join(', ')}] runs backwards.`, 'write it as [low, high].');
          }
        });
        break;
      }
      case 'lab': {
        labs[component.id] = component;
        addStep('lab', component.id, section);
        checkLab(component, line, meta, scenarios, predicts, labScenarios, file, context, problems);
        break;
      }
      case 'check': {
        checks[component.id] = component;
        addStep('check', component.id, section);
        const correct = component.options.filter((option) => option.correct === true).length;
        if (correct !== 1) {
          problem(lineIn(component, ['options'], line), `a check has exactly one correct option, but this one has ${correct}.`, 'mark one option "correct: true" and no other.');
        }
        break;
      }
      case 'compare': {
        const predict = predicts[component.predict];
        const lab = labs[component.lab];
        if (!predict) {
          problem(lineIn(component, ['predict'], line), `compare reads the prediction "${component.predict}", but no \`\`\`predict before it has that id.`, `use one of: ${Object.keys(predicts).join(', ') || '(none yet)'}.`);
        }
        if (!lab) {
          problem(lineIn(component, ['lab'], line), `compare reads the lab "${component.lab}", but no \`\`\`lab before it has that id.`, `use one of: ${Object.keys(labs).join(', ') || '(none yet)'}.`);
        } else {
          if (!lab.task.runs.some((run) => sameSettings(run, component.run))) {
            problem(lineIn(component, ['run'], line), `compare reads a run (${settingsText(component.run)}) that lab "${lab.id}"'s task does not ask for.`, `use one of its runs: ${lab.task.runs.map(settingsText).join('; ')}.`);
          }
          if (!lab.task.record.includes(component.metric)) {
            problem(lineIn(component, ['metric'], line), `compare reads "${component.metric}", which lab "${lab.id}" does not record.`, `add it to that lab's task.record, or use one of: ${lab.task.record.join(', ')}.`);
          }
        }
        break;
      }
      case 'figure':
      case 'note':
        break;
    }
  }

  const countIn = (type: Component['type']) => components.filter((c) => c.component.type === type).length;
  const sectionLine = (title: SectionTitle) => sections.find((s) => s.title === title)?.line ?? 1;
  if (sections.length === SECTIONS.length) {
    if (countIn('predict') === 0) problem(sectionLine('Predict'), '"## Predict" has no ```predict.', 'ask the learner to predict before the experiment.');
    if (countIn('lab') === 0) problem(sectionLine('Experiment'), '"## Experiment" has no ```lab.', 'embed a lab with a task.');
    const checkCount = countIn('check');
    if (checkCount < CHECKS_PER_LESSON.min || checkCount > CHECKS_PER_LESSON.max) {
      problem(sectionLine('Check'), `"## Check" has ${checkCount} check question${checkCount === 1 ? '' : 's'}; a lesson has ${CHECKS_PER_LESSON.min} to ${CHECKS_PER_LESSON.max}.`, checkCount < CHECKS_PER_LESSON.min ? 'add check questions.' : 'keep the best ones.');
    }
  }

  const bodyText = normalizeSpace(body);
  (meta.claims ?? []).forEach((claim, index) => {
    const at = (key: string) => frontYaml.line(['claims', index, key]);
    const base = scenarios[claim.scenario];
    if (!(claim.scenario in meta.scenarios)) {
      problem(at('scenario'), `claim ${index + 1} names the scenario "${claim.scenario}", which the front matter does not define.`, `use one of: ${Object.keys(meta.scenarios).join(', ')}.`);
    } else if (base) {
      checkScenarioValues({ ...base, ...(claim.set ?? {}) }, claim.set ?? {}, (path) => frontYaml.line(['claims', index, 'set'], path), `claim ${index + 1}`, file, context, problems);
    }
    if (claim.says !== undefined && !bodyText.includes(normalizeSpace(claim.says))) {
      problem(at('says'), `claim ${index + 1} says the text contains "${claim.says}", but the lesson's body does not.`, 'quote the words exactly as the body writes them, or correct the body.');
    }
  });

  return { file, meta, sections, steps, predicts, labs, checks, scenarios, labScenarios };
}

function checkLab(
  lab: LabComponent,
  line: number,
  meta: FrontMatter,
  scenarios: Record<string, FlatScenario>,
  predicts: Record<string, PredictComponent>,
  labScenarios: Record<string, FlatScenario>,
  file: string,
  context: ParseContext,
  problems: LessonProblem[],
): void {
  const problem = (at: number, message: string, fix: string) => problems.push({ file, line: at, message, fix });
  const at = (path: PathPart[], key?: string) => lineIn(lab, path, line, key);
  if (!(lab.scenario in meta.scenarios)) {
    const suggestion = closest(lab.scenario, Object.keys(meta.scenarios));
    problem(at(['scenario']), `lab "${lab.id}" uses the scenario "${lab.scenario}", which the front matter does not define.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`, `use one of: ${Object.keys(meta.scenarios).join(', ')}, or add it under "scenarios:".`);
  }
  lab.controls.forEach((control, index) => {
    if (!meta.parameters.includes(control)) {
      problem(at(['controls', index]), `lab "${lab.id}" shows the control "${control}", which the front matter's "parameters" does not list.`, `add "${control}" to parameters, or remove it here. Parameters: ${meta.parameters.join(', ') || '(none)'}.`);
    }
  });
  lab.views.forEach((view, index) => {
    if (!meta.views.includes(view)) {
      problem(at(['views', index]), `lab "${lab.id}" shows the view "${view}", which the front matter's "views" does not list.`, `add "${view}" to views, or remove it here.`);
    }
  });
  (lab.requires ?? []).forEach((required, index) => {
    if (!predicts[required]) {
      problem(at(['requires', index]), `lab "${lab.id}" requires the prediction "${required}", but no \`\`\`predict before it has that id.`, `use one of: ${Object.keys(predicts).join(', ') || '(none yet)'}.`);
    }
  });
  const base = scenarios[lab.scenario];
  if (!base) return;
  const values = { ...base, ...(lab.set ?? {}) };
  labScenarios[lab.id] = values;
  checkScenarioValues(values, lab.set ?? {}, (path) => at(['set'], path), `lab "${lab.id}"`, file, context, problems);
  lab.task.runs.forEach((run, index) => {
    checkScenarioValues({ ...values, ...run }, run, (path) => at(['task', 'runs', index], path), `lab "${lab.id}" run ${index + 1}`, file, context, problems);
    for (const [path, value] of Object.entries(run)) {
      if (!lab.controls.includes(path) && values[path] !== value) {
        problem(
          at(['task', 'runs', index], path),
          `run ${index + 1} of lab "${lab.id}" needs ${path} = ${value}, but the lab starts with ${path} = ${describe(values[path])} and has no control for it.`,
          `add "${path}" to the lab's controls (and the front matter's parameters), or ask for a run the learner can make.`,
        );
      }
    }
  });
  lab.task.runs.forEach((run, index) => {
    if (lab.task.runs.findIndex((other) => sameSettings(other, run)) !== index) {
      problem(at(['task', 'runs', index]), `run ${index + 1} of lab "${lab.id}" repeats an earlier run.`, 'remove the duplicate.');
    }
  });
  checkFieldList(lab.controls, ['controls'], componentLines.get(lab)!, file, context, problems);
}

function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, ' ');
}

export function sameSettings(a: FieldSettings, b: FieldSettings): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** { "machine.cpus": 16 } -> "machine.cpus = 16". */
function settingsText(settings: FieldSettings): string {
  return Object.entries(settings).map(([path, value]) => `${path} = ${value}`).join(', ');
}
