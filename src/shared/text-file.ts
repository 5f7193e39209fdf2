/*
 * text-file.ts -- a file the learner picks (a progress file, a scenario, a scene
 * script), read as text the careful way: its size is checked before a byte is read (a
 * film picked by mistake is refused at once, not read into memory), and the bytes must
 * be UTF-8. A UTF-16 file (what some Windows editors save) or a binary file gets a
 * message in words that says how to fix it, never mojibake passed on to a parser. The
 * bytes are judged by core/text-bytes.ts, as the CLI judges a scenario file.
 */
import { decodeUtf8Text } from '../core/text-bytes.js';

export type TextFileResult = { ok: true; text: string } | { ok: false; message: string };

/** Bytes -> text, or why not, in words that start with the file's name ("notes.json is not UTF-8 …"). */
export function decodeTextBytes(bytes: Uint8Array, name: string): TextFileResult {
  const decoded = decodeUtf8Text(bytes);
  return decoded.ok ? decoded : { ok: false, message: `${name} ${decoded.reason}.` };
}

/** Reads a picked file as UTF-8 text of at most `maxBytes` bytes. */
export async function readTextFile(file: Blob & { name: string }, maxBytes: number): Promise<TextFileResult> {
  if (file.size > maxBytes) {
    return {
      ok: false,
      message: `${file.name} is ${formatBytes(file.size)}, more than the ${formatBytes(maxBytes)} such a file can be; was the wrong file picked?`,
    };
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
