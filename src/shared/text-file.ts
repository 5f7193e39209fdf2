/*
 * text-file.ts -- a file the learner picks (a progress file, a scenario, a scene
 * script), read as text the careful way: its size is checked before a byte is read (a
 * film picked by mistake is refused at once, not read into memory), and the bytes must
 * be UTF-8. A UTF-16 file (what some Windows editors save) or a binary file gets a
 * message in words that says how to fix it, never mojibake passed on to a parser.
 */

export type TextFileResult = { ok: true; text: string } | { ok: false; message: string };

/** What a byte sequence that is not UTF-8 most likely is, for the message. */
export function guessEncoding(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'UTF-16 (little-endian)';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'UTF-16 (big-endian)';
  const head = bytes.subarray(0, 512);
  const zeros = head.filter((b) => b === 0).length;
  if (zeros > head.length / 4) return 'UTF-16 or a binary file';
  if (zeros > 0) return 'a binary file';
  return 'Latin-1 or another 8-bit encoding';
}

/** Bytes -> text, or why not (`name` starts the message: "notes.json"). */
export function decodeTextBytes(bytes: Uint8Array, name: string): TextFileResult {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0; // a UTF-8 byte order mark is fine
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(start));
    if (text.includes('\u0000')) return { ok: false, message: `${name} is not a text file (it contains zero bytes; it looks like ${guessEncoding(bytes)}).` };
    return { ok: true, text };
  } catch {
    return { ok: false, message: `${name} is not UTF-8 text (it looks like ${guessEncoding(bytes)}). Save it as UTF-8 and try again.` };
  }
}

/** Reads a picked file as UTF-8 text of at most `maxBytes` bytes. */
export async function readTextFile(file: Blob & { name: string }, maxBytes: number): Promise<TextFileResult> {
  if (file.size > maxBytes) {
    return { ok: false, message: `${file.name} is ${formatBytes(file.size)}, more than the ${formatBytes(maxBytes)} such a file can be; was the wrong file picked?` };
  }
  let buffer: ArrayBuffer;
  try {
    buffer = await file.arrayBuffer();
  } catch {
    return { ok: false, message: `${file.name} could not be read from disk.` };
  }
  return decodeTextBytes(new Uint8Array(buffer), file.name);
}

function formatBytes(n: number): string {
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} MB`;
  if (n >= 1e3) return `${Math.round(n / 1e3)} KB`;
  return `${n} bytes`;
}
