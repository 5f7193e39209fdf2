import { describe, expect, it } from 'vitest';
import { firstErrorOffset, JsonSyntaxError, parseJsonText } from './json-text.js';

function syntaxError(text: string): JsonSyntaxError {
  try {
    parseJsonText(text);
  } catch (error) {
    if (error instanceof JsonSyntaxError) return error;
    throw error;
  }
  throw new Error('expected a syntax error');
}

describe('JSON errors with line and column', () => {
  it('parses good JSON', () => {
    expect(parseJsonText('{"machine": {"cpus": 4}}')).toEqual({ machine: { cpus: 4 } });
  });

  it('finds a missing comma', () => {
    const error = syntaxError('{\n  "machine": {"cpus": 16}\n  "kernel": {}\n}');
    expect([error.line, error.column]).toEqual([3, 3]);
  });

  it('finds a bad literal V8 gives no position for', () => {
    const error = syntaxError('{\n  "a": tru\n}');
    expect([error.line, error.column]).toEqual([2, 11]);
    expect(error.reason).toMatch(/^Unexpected token/);
  });

  it('points past the end of a cut file', () => {
    const error = syntaxError('{"a": [1, 2');
    expect([error.line, error.column]).toEqual([1, 12]);
  });

  it('agrees with V8 where V8 states a position', () => {
    for (const text of ['{"a": 1,}', '{"a":1} x', '{a:1}', '{"a": 01}', '[1 2]']) {
      const stated = /at position (\d+)/.exec(String((() => { try { JSON.parse(text); } catch (e) { return (e as Error).message; } })()));
      if (stated) expect(firstErrorOffset(text), text).toBe(Number(stated[1]));
    }
  });
});
