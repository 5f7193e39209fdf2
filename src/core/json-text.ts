/*
 * json-text.ts -- JSON.parse with a useful error: line and column of the mistake.
 * V8 gives a position for most syntax errors but not all ("Unexpected token 'x', ...
 * is not valid JSON"), so a small scanner finds the offset when V8 does not say.
 * Text nested deeper than MAX_JSON_DEPTH is refused first, with the line and column
 * where it gets too deep; neither scan recurses, so no text can overflow the stack.
 */

export class JsonSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`line ${line}, column ${column}: ${reason}`);
    this.name = 'JsonSyntaxError';
  }
}

/**
 * Objects and arrays nested deeper than this are refused before JSON.parse sees the
 * text: a scenario is three levels deep, and code that walks a parsed document
 * recursively (flattening, checking) must never meet a depth that overflows the stack.
 */
export const MAX_JSON_DEPTH = 64;

/** Well-formed or not, the text nests objects and arrays deeper than the limit. */
export class JsonDepthError extends JsonSyntaxError {
  constructor(
    line: number,
    column: number,
    readonly limit: number,
  ) {
    super(line, column, `objects and arrays are nested more than ${limit} levels deep here (StackLab reads at most ${limit})`);
    this.name = 'JsonDepthError';
  }
}

export function parseJsonText(text: string, maxDepth = MAX_JSON_DEPTH): unknown {
  const deep = tooDeepOffset(text, maxDepth);
  if (deep >= 0) {
    const { line, column } = lineAndColumn(text, deep);
    throw new JsonDepthError(line, column, maxDepth);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const stated = /at position (\d+)/.exec(message);
    const offset = stated ? Number(stated[1]) : firstErrorOffset(text);
    const reason = message
      .replace(/ in JSON at position \d+.*$/s, '')
      .replace(/, ".*" is not valid JSON$/s, '')
      .replace(/ at position \d+.*$/s, '');
    const { line, column } = lineAndColumn(text, offset);
    throw new JsonSyntaxError(line, column, reason);
  }
}

/**
 * The offset of the first "{" or "[" that opens a level deeper than maxDepth, or -1.
 * One pass, no recursion: it counts brackets outside strings and nothing else, so it
 * is fast on any text and says nothing about whether the rest is valid JSON.
 */
export function tooDeepOffset(text: string, maxDepth = MAX_JSON_DEPTH): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // a string: skip to its closing quote, past escapes
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x7b || c === 0x5b) {
      // { [
      if (++depth > maxDepth) return i;
    } else if ((c === 0x7d || c === 0x5d) && depth > 0) depth--; // } ]
  }
  return -1;
}

export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - (before.lastIndexOf('\n') + 1) + 1;
  return { line, column };
}

/**
 * Offset of the first character that is not valid JSON (text.length if it ends early).
 * Iterative, with its own stack of open objects and arrays, so any depth is safe.
 */
export function firstErrorOffset(text: string): number {
  const n = text.length;
  let i = 0;
  const open: number[] = []; // 0x7b for an object, 0x5b for an array
  const fail = (): never => {
    throw new JsonOffset(i);
  };
  const space = () => {
    for (let c = text.charCodeAt(i); c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d; c = text.charCodeAt(++i));
  };
  const literal = (word: string) => {
    for (const c of word) {
      if (text[i] !== c) fail();
      i++;
    }
  };
  const string = () => {
    i++;
    while (text[i] !== '"') {
      if (i >= n || text.charCodeAt(i) < 0x20) fail();
      if (text[i] === '\\') {
        i++;
        if (text[i] === 'u') {
          i++;
          for (let k = 0; k < 4; k++) {
            if (!/[0-9a-fA-F]/.test(text[i] ?? '')) fail();
            i++;
          }
        } else if ('"\\/bfnrt'.includes(text[i] ?? 'x')) i++;
        else fail();
      } else i++;
    }
    i++;
  };
  const numberPattern = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
  const number = () => {
    numberPattern.lastIndex = i;
    if (!numberPattern.test(text)) fail();
    i = numberPattern.lastIndex;
  };
  const key = () => {
    space();
    if (text[i] !== '"') fail();
    string();
    space();
    if (text[i] !== ':') fail();
    i++;
  };
  try {
    for (;;) {
      // a value
      space();
      const c = text[i];
      if (c === '{') {
        i++;
        space();
        if (text[i] === '}') i++;
        else {
          open.push(0x7b);
          key();
          continue;
        }
      } else if (c === '[') {
        i++;
        space();
        if (text[i] === ']') i++;
        else {
          open.push(0x5b);
          continue;
        }
      } else if (c === '"') string();
      else if (c === 't') literal('true');
      else if (c === 'f') literal('false');
      else if (c === 'n') literal('null');
      else number();
      // after a value: a comma, or the ends of the objects and arrays it closes
      for (;;) {
        space();
        const inside = open[open.length - 1];
        if (inside === undefined) return i < n ? i : n;
        if (text[i] === ',') {
          i++;
          if (inside === 0x7b) key();
          break;
        }
        if (text.charCodeAt(i) !== (inside === 0x7b ? 0x7d : 0x5d)) fail();
        i++;
        open.pop();
      }
    }
  } catch (error) {
    if (!(error instanceof JsonOffset)) throw error;
    return Math.min(error.offset, n);
  }
}

class JsonOffset {
  constructor(readonly offset: number) {}
}
