import { describe, expect, it } from 'vitest';
import { firstErrorOffset, JsonDepthError, JsonSyntaxError, MAX_JSON_DEPTH, parseJsonText, tooDeepOffset } from './json-text.js';

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
      const stated = /at position (\d+)/.exec(
        String(
          (() => {
            try {
              JSON.parse(text);
            } catch (e) {
              return (e as Error).message;
            }
          })(),
        ),
      );
      if (stated) expect(firstErrorOffset(text), text).toBe(Number(stated[1]));
    }
  });
});

describe('JSON nested too deep', () => {
  it('a 100,000-deep array is an error at the bracket past the limit, not a crash', () => {
    const error = syntaxError('['.repeat(100_000) + ']'.repeat(100_000));
    expect(error).toBeInstanceOf(JsonDepthError);
    expect([error.line, error.column]).toEqual([1, MAX_JSON_DEPTH + 1]);
    expect(error.reason).toContain(`nested more than ${MAX_JSON_DEPTH} levels deep`);
  });

  it('counts lines and skips brackets inside strings', () => {
    const text = '{\n  "a": "[[[[{{{{",\n  "b": ' + '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH) + '\n}';
    const error = syntaxError(text);
    expect([error.line, error.column]).toEqual([3, 8 + MAX_JSON_DEPTH - 1]);
    expect(tooDeepOffset('"\\"[[[["', 1)).toBe(-1);
  });

  it('the limit itself parses', () => {
    const text = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
    expect(() => parseJsonText(text)).not.toThrow();
  });

  it('a deep cut file gets a real line and column, never NaN', () => {
    // Below the depth limit, but deep enough to have overflowed a recursive scanner.
    const error = syntaxError('[\n' + '['.repeat(30) + 'x');
    expect([error.line, error.column]).toEqual([2, 31]);
    expect(firstErrorOffset('['.repeat(200_000) + 'x')).toBe(200_000);
    expect(firstErrorOffset('{"a":'.repeat(100_000) + '1' + '}'.repeat(99_999))).toBe(600_000);
  });
});
