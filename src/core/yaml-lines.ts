/*
 * yaml-lines.ts -- YAML as the project's authors write it (lessons' front matter and
 * components, scene scripts), read with the line of every part, so a problem can say
 * where it is. Neutral: it knows no lesson, scene or scenario.
 */
import { LineCounter, parseDocument, isMap, isScalar, isSeq, type Document, type Node as YamlNode, type YAMLMap } from 'yaml';
import { describeValue } from './schema-errors.js';
import { findForbiddenKey, forbiddenKeyMessage } from './safe-keys.js';

/** One thing wrong with a source file: where, what, and how to fix it. */
export interface SourceProblem {
  file: string;
  /** 1-based line in the file. */
  line: number;
  message: string;
  fix: string;
}

export type PathPart = string | number;

/** A parsed YAML body and how to find the line of any part of it. */
export class YamlText {
  readonly doc: Document;
  private readonly lines = new LineCounter();

  /** `firstLine` is the file line of the text's first line. */
  constructor(
    text: string,
    readonly firstLine: number,
  ) {
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

/** The text's value when it is a YAML map; otherwise undefined, and the problems say why. */
export function readYaml(yaml: YamlText, file: string, what: string, problems: SourceProblem[]): unknown {
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
  let value: unknown;
  try {
    // toJS resolves aliases: one that names no anchor, or too many of them (a "billion
    // laughs" file), throws; that is a problem in the file, said in words
    value = yaml.doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    problems.push({
      file,
      line: yaml.firstLine,
      message: `${what} could not be read: ${(error as Error).message.split('\n')[0]}`,
      fix: 'write the values out in full instead of using YAML anchors (&name) and aliases (*name).',
    });
    return undefined;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    problems.push({
      file,
      line: yaml.firstLine,
      message: `${what} must be a map of fields ("key: value" lines), but it is ${describeValue(value, 'yaml')}.`,
      fix: 'write its fields as "key: value" lines.',
    });
    return undefined;
  }
  const forbidden = findForbiddenKey(value);
  if (forbidden) {
    problems.push({ file, line: yaml.firstLine, message: forbiddenKeyMessage(what, forbidden), fix: `remove the field "${forbidden}".` });
    return undefined;
  }
  return value;
}
