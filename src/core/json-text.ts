/*
 * json-text.ts -- JSON.parse with a useful error: line and column of the mistake.
 * V8 gives a position for most syntax errors but not all ("Unexpected token 'x', ...
 * is not valid JSON"), so a small scanner finds the offset when V8 does not say.
 */

export class JsonSyntaxError extends Error {
  constructor(readonly line: number, readonly column: number, readonly reason: string) {
    super(`line ${line}, column ${column}: ${reason}`);
    this.name = 'JsonSyntaxError';
  }
}

export function parseJsonText(text: string): unknown {
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

export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - (before.lastIndexOf('\n') + 1) + 1;
  return { line, column };
}

/** Offset of the first character that is not valid JSON (text.length if it ends early). */
export function firstErrorOffset(text: string): number {
  let i = 0;
  const fail = (): never => { throw i; };
  const space = () => { while (/\s/.test(text[i] ?? '')) i++; };
  const literal = (word: string) => {
    for (const c of word) { if (text[i] !== c) fail(); i++; }
  };
  const string = () => {
    i++;
    while (text[i] !== '"') {
      if (i >= text.length || text.charCodeAt(i) < 0x20) fail();
      if (text[i] === '\\') {
        i++;
        if (text[i] === 'u') { i++; for (let k = 0; k < 4; k++) { if (!/[0-9a-fA-F]/.test(text[i] ?? '')) fail(); i++; } }
        else if ('"\\/bfnrt'.includes(text[i] ?? 'x')) i++;
        else fail();
      } else i++;
    }
    i++;
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!match) fail();
    i += match![0].length;
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === '{') {
      i++; space();
      if (text[i] === '}') { i++; return; }
      for (;;) {
        space();
        if (text[i] !== '"') fail();
        string(); space();
        if (text[i] !== ':') fail();
        i++; value(); space();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === '}') { i++; return; }
        fail();
      }
    } else if (c === '[') {
      i++; space();
      if (text[i] === ']') { i++; return; }
      for (;;) {
        value(); space();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === ']') { i++; return; }
        fail();
      }
    } else if (c === '"') string();
    else if (c === 't') literal('true');
    else if (c === 'f') literal('false');
    else if (c === 'n') literal('null');
    else number();
  };
  try {
    value(); space();
    return i < text.length ? i : text.length;
  } catch (offset) {
    return Math.min(offset as number, text.length);
  }
}
