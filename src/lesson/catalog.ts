/*
 * catalog.ts -- all lessons in the order lessons/SUMMARY.md gives, built from texts the
 * caller read (the browser through Vite's import.meta.glob in library.ts, tests from
 * disk). SUMMARY.md is a numbered list of links, one per lesson file; it must list
 * every lesson file exactly once and nothing else, under the title the lesson has.
 */
import { closest, type ScenarioDocument } from '../core/scenario.js';
import type { Schema } from '../core/schema.js';
import MarkdownIt from 'markdown-it';
import { LessonParseError, parseLesson, type Lesson, type LessonProblem } from './parse.js';

/** SUMMARY.md is read as written: without the renderer's typographic quotes, so a title's
 * apostrophe matches the front matter's (the page shows the front matter's title). */
const summaryMd = new MarkdownIt({ html: false, linkify: false, typographer: false });

export interface SummaryEntry {
  /** File name relative to lessons/, e.g. "one-lock-for-every-cpu.md". */
  file: string;
  title: string;
  line: number;
}

/** Reads SUMMARY.md: every link in its list, in order. Problems are pushed, not thrown. */
export function parseSummary(text: string, file: string, problems: LessonProblem[]): SummaryEntry[] {
  const entries: SummaryEntry[] = [];
  const tokens = summaryMd.parse(text.replace(/\r\n?/g, '\n'), {});
  let inItem = 0;
  for (const token of tokens) {
    if (token.type === 'list_item_open') inItem++;
    if (token.type === 'list_item_close') inItem--;
    if (token.type !== 'inline' || inItem === 0) continue;
    const line = (token.map?.[0] ?? 0) + 1;
    const children = token.children ?? [];
    const open = children.findIndex((child) => child.type === 'link_open');
    if (open < 0) {
      problems.push({
        file,
        line,
        message: `the list item "${token.content}" is not a link to a lesson.`,
        fix: 'write it as "1. [Title](lesson-id.md)".',
      });
      continue;
    }
    const href = String(children[open]!.attrGet('href') ?? '');
    const close = children.findIndex((child, i) => i > open && child.type === 'link_close');
    const title = children
      .slice(open + 1, close)
      .map((child) => child.content)
      .join('');
    if (!/^[a-z0-9]+(-[a-z0-9]+)*\.md$/.test(href)) {
      problems.push({
        file,
        line,
        message: `"${href}" is not the file name of a lesson in lessons/.`,
        fix: 'link to the lesson file by name, such as "one-lock-for-every-cpu.md".',
      });
      continue;
    }
    const earlier = entries.find((entry) => entry.file === href);
    if (earlier) {
      problems.push({ file, line, message: `"${href}" is listed twice (first on line ${earlier.line}).`, fix: 'list each lesson once.' });
      continue;
    }
    entries.push({ file: href, title, line });
  }
  if (entries.length === 0 && problems.length === 0) {
    problems.push({
      file,
      line: 1,
      message: 'SUMMARY.md lists no lessons.',
      fix: 'add a numbered list of links, one per lesson: "1. [Title](lesson-id.md)".',
    });
  }
  return entries;
}

export interface CatalogInput {
  summary: string;
  /** Lesson file name (relative to lessons/) -> its text. */
  lessons: Record<string, string>;
  presets: Record<string, ScenarioDocument>;
  schema?: Schema;
  /** How file names are written in problems, e.g. "lessons/". */
  dir?: string;
}

export interface Catalog {
  /** The lessons that parsed, in SUMMARY.md's order. */
  lessons: Lesson[];
  /** Everything wrong, from SUMMARY.md and every lesson. */
  problems: LessonProblem[];
  /** Lessons (by id, from SUMMARY.md's file names) that failed, with their problems. */
  broken: Record<string, LessonProblem[]>;
}

export function buildCatalog(input: CatalogInput): Catalog {
  const dir = input.dir ?? 'lessons/';
  const problems: LessonProblem[] = [];
  const summaryFile = `${dir}SUMMARY.md`;
  const entries = parseSummary(input.summary, summaryFile, problems);
  const files = Object.keys(input.lessons).sort();
  for (const entry of entries) {
    if (!(entry.file in input.lessons)) {
      const suggestion = closest(entry.file, files);
      problems.push({
        file: summaryFile,
        line: entry.line,
        message: `"${entry.file}" is listed but there is no such lesson file.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`,
        fix: `correct the link or add ${dir}${entry.file}.`,
      });
    }
  }
  for (const file of files) {
    if (!entries.some((entry) => entry.file === file)) {
      problems.push({
        file: summaryFile,
        line: 1,
        message: `the lesson file "${file}" is not listed.`,
        fix: `add "1. [Its title](${file})" where it belongs in the order.`,
      });
    }
  }
  const lessons: Lesson[] = [];
  const broken: Record<string, LessonProblem[]> = {};
  for (const entry of entries) {
    const text = input.lessons[entry.file];
    if (text === undefined) continue;
    try {
      const lesson = parseLesson(`${dir}${entry.file}`, text, { presets: input.presets, schema: input.schema });
      if (lesson.meta.title !== entry.title) {
        problems.push({
          file: summaryFile,
          line: entry.line,
          message: `the link says "${entry.title}" but the lesson's title is "${lesson.meta.title}".`,
          fix: 'use the same title in both places.',
        });
      }
      lessons.push(lesson);
    } catch (error) {
      if (!(error instanceof LessonParseError)) throw error;
      problems.push(...error.problems);
      broken[entry.file.replace(/\.md$/, '')] = error.problems;
    }
  }
  return { lessons, problems, broken };
}
