/*
 * body.ts -- a lesson's Markdown body: its level-2 sections (the skeleton, in order),
 * the components fenced in them, headings that go down one level at a time, and links
 * that work from a lesson page.
 */
import type { Token } from 'markdown-it';
import { closest } from '../../core/schema-errors.js';
import { CODE_LANGUAGES, COMPONENTS, SECTIONS, isComponentName, type Component, type SectionTitle } from '../components.js';
import { md } from '../markdown.js';
import { readComponent } from './read-component.js';
import type { LessonProblem, LessonSection } from './types.js';

/** What the body holds: its sections, and every component with its line and section. */
export interface LessonBody {
  text: string;
  sections: LessonSection[];
  components: { component: Component; line: number; section: SectionTitle | undefined }[];
  /** Components whose YAML did not read or check: their references are not cross-checked. */
  componentsFailed: number;
}

/** Reads the body (the lines after the front matter, the first at bodyFirstLine). */
export function readBody(file: string, lines: string[], close: number, problems: LessonProblem[]): LessonBody {
  const problem = (line: number, message: string, fix: string) => problems.push({ file, line, message, fix });
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
        problem(
          line,
          `"# ${title}" is a level-1 heading; the lesson's title comes from the front matter and is the only one.`,
          'make it a "##" section of the skeleton or a "###" heading inside one.',
        );
      } else if (level === 2) {
        flush();
        headings.push({ title, line });
        const isSection = (SECTIONS as readonly string[]).includes(title) && !sections.some((s) => s.title === title);
        if (isSection) sections.push({ title: title as SectionTitle, slug: slugify(title), line, blocks: [], steps: [] });
        lastHeadingLevel = 2;
        i += 2; // the heading's inline and close tokens
        continue;
      } else if (sections.length > 0 && level > lastHeadingLevel + 1) {
        problem(
          line,
          `"${'#'.repeat(level)} ${title}" skips a heading level (it follows a level-${lastHeadingLevel} heading).`,
          `use "${'#'.repeat(lastHeadingLevel + 1)}" so headings go down one level at a time.`,
        );
      }
      if (level > 1) lastHeadingLevel = level;
    }
    if (token.type === 'fence') {
      const info = token.info.trim().split(/\s+/)[0] ?? '';
      const line = lineOf(token);
      if (isComponentName(info)) {
        if (token.level > 0) {
          problem(
            line,
            `the \`\`\`${info} block is inside a list or quote; components must stand on their own.`,
            'move it out of the list or quote, starting at the beginning of a line.',
          );
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
          info
            ? `unknown component "\`\`\`${info}".${suggestion ? ` Did you mean "\`\`\`${suggestion}"?` : ''}`
            : 'a fenced block without a name.',
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

  return { text: body, sections, components, componentsFailed };
}

/** "What you will learn" -> "what-you-will-learn". */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * The level-2 headings must be the skeleton, each once, in order. Each kind of mistake
 * is reported once, where it is: a heading that is not a section, a repeat, the first
 * section out of order, and sections missing at the end.
 */
export function checkSkeleton(
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
      problem(
        line,
        `"## ${title}" appears a second time (first on line ${first}).`,
        `merge the two; use "###" headings for parts of one section.`,
      );
      continue;
    }
    seen.set(title, line);
    if (index < previous && !reportedOrder) {
      reportedOrder = true;
      const after = SECTIONS[previous]!;
      problem(
        line,
        `"## ${title}" is out of order: it comes after "## ${after}" (line ${seen.get(after)}) but belongs before it.`,
        `put the sections in the skeleton's order: ${order}.`,
      );
    }
    previous = Math.max(previous, index);
  }
  const missing = SECTIONS.filter((title) => !seen.has(title) && !meant.has(title));
  for (const title of missing) {
    const index = SECTIONS.indexOf(title);
    const before = SECTIONS.slice(0, index)
      .reverse()
      .find((s) => seen.has(s));
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
      problem(
        line,
        `the link "${href}" would not work from a lesson page.`,
        'link to a full http(s) address, or to a route of the app such as "#/lessons/<id>".',
      );
    }
  }
}
