import { describe, expect, it } from 'vitest';
import { decodeUtf8Text, firstInvalidUtf8 } from './text-bytes.js';

const utf8 = (text: string) => new TextEncoder().encode(text);
const reason = (bytes: Uint8Array) => {
  const result = decodeUtf8Text(bytes);
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.text)}`);
  return result.reason;
};

describe("a file's bytes as UTF-8 text", () => {
  it('reads UTF-8, with or without a byte order mark', () => {
    expect(decodeUtf8Text(utf8('{"meta":{"title":"café ✓"}}'))).toEqual({ ok: true, text: '{"meta":{"title":"café ✓"}}' });
    expect(decodeUtf8Text(utf8('\uFEFF{}'))).toEqual({ ok: true, text: '{}' });
    expect(decodeUtf8Text(new Uint8Array())).toEqual({ ok: true, text: '' });
  });

  it('names UTF-16 and UTF-32 by their byte order mark', () => {
    const le = Buffer.from('\uFEFF{"machine":{"cpus":4}}', 'utf16le');
    expect(reason(le)).toBe('is not UTF-8 (it looks like UTF-16LE); save it as UTF-8');
    expect(reason(Buffer.from(le).swap16())).toBe('is not UTF-8 (it looks like UTF-16BE); save it as UTF-8');
    expect(reason(new Uint8Array([0xff, 0xfe, 0, 0, 0x7b, 0, 0, 0]))).toContain('UTF-32LE');
    expect(reason(new Uint8Array([0, 0, 0xfe, 0xff, 0, 0, 0, 0x7b]))).toContain('UTF-32BE');
  });

  it('names UTF-16 without a byte order mark by its zero bytes', () => {
    const le = Buffer.from('{"machine":{"cpus":4}}', 'utf16le');
    expect(reason(le)).toContain('it looks like UTF-16LE');
    expect(reason(Buffer.from(le).swap16())).toContain('it looks like UTF-16BE');
  });

  it('gives the line and column of the first byte that is not UTF-8 (a Latin-1 file)', () => {
    const latin1 = Buffer.from('{\n  "meta": {"title": "caf\xe9"}\n}', 'latin1');
    expect(reason(latin1)).toBe(
      'is not UTF-8 (it looks like Latin-1 or Windows-1252): byte 0xE9 at line 2, column 25 is not valid UTF-8; save it as UTF-8',
    );
  });

  it('calls NUL bytes binary', () => {
    expect(reason(new Uint8Array(64))).toContain('is not a text file: it has a NUL byte (line 1, column 1)');
  });

  it('finds invalid UTF-8 the way TextDecoder does', () => {
    const cases: Array<[number[], number]> = [
      [[0x41, 0xc3, 0xa9], 3], // é
      [[0x41, 0xc3], 1], // cut short
      [[0xc0, 0x80], 0], // overlong
      [[0xe0, 0x80, 0x80], 0], // overlong
      [[0xed, 0xa0, 0x80], 0], // a surrogate
      [[0xf4, 0x90, 0x80, 0x80], 0], // above U+10FFFF
      [[0xf0, 0x9f, 0x98, 0x80, 0xff], 4], // an emoji, then a bad byte
    ];
    for (const [bytes, offset] of cases) {
      expect(firstInvalidUtf8(new Uint8Array(bytes)), bytes.join(',')).toBe(offset);
      let valid = true;
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes));
      } catch {
        valid = false;
      }
      expect(valid).toBe(offset === bytes.length);
    }
  });
});
