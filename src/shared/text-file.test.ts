// text-file.test.ts -- picked files: UTF-8 (with or without a byte order mark) is read;
// UTF-16, Latin-1 and binary files, and files over the limit, are refused in words.
import { describe, expect, it } from 'vitest';
import { decodeTextBytes, readTextFile } from './text-file.js';

const file = (bytes: Uint8Array<ArrayBuffer>, name = 'notes.json') => Object.assign(new Blob([bytes]), { name });

describe('readTextFile', () => {
  it('reads UTF-8, with or without a byte order mark', async () => {
    expect(await readTextFile(file(new TextEncoder().encode('{"é": 1}')), 100)).toEqual({ ok: true, text: '{"é": 1}' });
    expect(decodeTextBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]), 'a')).toEqual({ ok: true, text: 'a' });
  });

  it('says what a file that is not UTF-8 looks like, and how to fix it', () => {
    const utf16 = new Uint8Array([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]);
    expect(decodeTextBytes(utf16, 'notes.json')).toEqual({
      ok: false,
      message: 'notes.json is not UTF-8 (it looks like UTF-16LE); save it as UTF-8.',
    });
    expect(decodeTextBytes(new Uint8Array([0xfe, 0xff, 0x00, 0x7b]), 'b').ok).toBe(false);
    expect(decodeTextBytes(new Uint8Array([0x63, 0x61, 0x66, 0xe9]), 'latin.json')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/Latin-1 or Windows-1252.*line 1, column 4/),
    });
    expect(decodeTextBytes(new Uint8Array([0x7b, 0x00, 0x7d, 0x00]), 'bom-less.json')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not UTF-8 \(it looks like UTF-16LE\)/),
    });
  });

  it('refuses a file over the limit before reading it', async () => {
    const big = file(new Uint8Array(2_000_001), 'film.mp4');
    expect(await readTextFile(big, 1_000_000)).toEqual({
      ok: false,
      message: 'film.mp4 is 2.0 MB, more than the 1.0 MB such a file can be; was the wrong file picked?',
    });
  });
});
