/*
 * text-bytes.ts -- a file's bytes as UTF-8 text, or why they are not, in words.
 *
 * A scenario file is UTF-8 (a UTF-8 byte order mark is allowed and dropped). Anything
 * else is named rather than decoded into mojibake: UTF-16 and UTF-32 (by their byte
 * order mark, or by the zero bytes of mostly-ASCII text without one), binary data (NUL
 * bytes), and bytes that are not UTF-8 at all (a Latin-1 or Windows-1252 file), with
 * the line and column of the first bad byte. Pure: no file system.
 */
import { lineAndColumn } from './json-text.js';

export type TextBytesResult = { ok: true; text: string } | { ok: false; reason: string };

/** The bytes as text, or the reason they are not UTF-8 text ("is not UTF-8 (...); save it as UTF-8"). */
export function decodeUtf8Text(bytes: Uint8Array): TextBytesResult {
  const encoding = otherEncoding(bytes);
  if (encoding) return { ok: false, reason: `is not UTF-8 (it looks like ${encoding}); save it as UTF-8` };
  const nul = bytes.indexOf(0);
  if (nul >= 0) {
    const before = decodeLoosely(bytes.subarray(0, nul));
    const { line, column } = lineAndColumn(before, before.length);
    return {
      ok: false,
      reason: `is not a text file: it has a NUL byte (line ${line}, column ${column}); StackLab's files are text in UTF-8`,
    };
  }
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    const bad = firstInvalidUtf8(bytes);
    const before = decodeLoosely(bytes.subarray(0, bad));
    const { line, column } = lineAndColumn(before, before.length);
    const byte = bytes[bad]!;
    const guess = byte >= 0x80 ? ' (it looks like Latin-1 or Windows-1252)' : '';
    return {
      ok: false,
      reason: `is not UTF-8${guess}: byte 0x${byte.toString(16).toUpperCase().padStart(2, '0')} at line ${line}, column ${column} is not valid UTF-8; save it as UTF-8`,
    };
  }
}

/** UTF-16 or UTF-32 by byte order mark, or UTF-16 by the zero bytes of ASCII text. */
function otherEncoding(b: Uint8Array): string | undefined {
  if (b[0] === 0xff && b[1] === 0xfe) return b[2] === 0 && b[3] === 0 && b.length >= 4 ? 'UTF-32LE' : 'UTF-16LE';
  if (b[0] === 0xfe && b[1] === 0xff) return 'UTF-16BE';
  if (b[0] === 0 && b[1] === 0 && b[2] === 0xfe && b[3] === 0xff) return 'UTF-32BE';
  // Without a mark: in ASCII text saved as UTF-16, every other byte is zero.
  const pairs = Math.min(b.length >> 1, 512);
  if (pairs < 1) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < pairs * 2; i += 2) {
    if (b[i] === 0) evenZeros++;
    if (b[i + 1] === 0) oddZeros++;
  }
  if (oddZeros >= pairs * 0.75 && evenZeros === 0) return 'UTF-16LE';
  if (evenZeros >= pairs * 0.75 && oddZeros === 0) return 'UTF-16BE';
  return undefined;
}

/** The offset of the first byte that does not belong to a valid UTF-8 sequence. */
export function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    let need: number;
    let min: number;
    if (c < 0x80) {
      i++;
      continue;
    }
    if (c >= 0xc2 && c <= 0xdf) [need, min] = [1, 0x80];
    else if (c >= 0xe0 && c <= 0xef) [need, min] = [2, 0x800];
    else if (c >= 0xf0 && c <= 0xf4) [need, min] = [3, 0x10000];
    else return i;
    if (i + need >= b.length) return i; // cut short at the end
    let code = c & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const d = b[i + k]!;
      if ((d & 0xc0) !== 0x80) return i;
      code = (code << 6) | (d & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return i;
    i += need + 1;
  }
  return b.length;
}

function decodeLoosely(bytes: Uint8Array): string {
  return new TextDecoder('utf-8').decode(bytes);
}
