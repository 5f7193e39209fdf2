/*
 * presets.ts -- Node only: the named scenarios in lessons/scenarios/*.json (the file
 * name without .json is the preset's name), and reading any scenario file with errors
 * that say where the file is wrong.
 *
 * A scenario file must be a regular file (not a pipe, a device or a directory: those
 * can block forever or never end) of at most MAX_SCENARIO_FILE_BYTES, in UTF-8, holding
 * JSON nested at most MAX_JSON_DEPTH deep. Each refusal names the path and says why.
 */
import { closeSync, constants, existsSync, fstatSync, openSync, readdirSync, readSync, type Stats } from 'node:fs';
import { basename, join } from 'node:path';
import { parseJsonText, JsonDepthError, JsonSyntaxError } from './json-text.js';
import { presetDir } from './node.js';
import { closest, type ScenarioDocument, type ScenarioMeta } from './scenario.js';
import { decodeUtf8Text } from './text-bytes.js';

/** The largest scenario file read: 1 MiB. A scenario with every field is a few KB. */
export const MAX_SCENARIO_FILE_BYTES = 1024 * 1024;

/** A scenario file that could not be read or is not JSON; the message says how to fix it. */
export class ScenarioFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScenarioFileError';
  }
}

export interface Preset {
  name: string;
  title: string;
  path: string;
}

export function presetNames(dir = presetDir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => basename(file, '.json'))
    .sort();
}

export function listPresets(dir = presetDir): Preset[] {
  return presetNames(dir).map((name) => {
    const path = join(dir, name + '.json');
    const meta = (readScenarioFile(path).meta ?? {}) as ScenarioMeta;
    return { name, title: meta.title ?? '', path };
  });
}

export function readPreset(name: string, dir = presetDir): ScenarioDocument {
  const names = presetNames(dir);
  if (!names.includes(name)) {
    const suggestion = closest(name, names);
    throw new ScenarioFileError(
      `there is no preset named "${name}".` +
        (suggestion ? ` Did you mean "${suggestion}"?` : '') +
        (names.length ? ` Presets: ${names.join(', ')}.` : ` No presets found in ${dir}.`) +
        ' Or give the path of a scenario .json file.',
    );
  }
  return readScenarioFile(join(dir, name + '.json'));
}

/** Reads and parses a scenario file (its fields are checked later, against the schema). */
export function readScenarioFile(path: string): ScenarioDocument {
  const text = readScenarioText(path);
  if (text.trim() === '') {
    throw new ScenarioFileError(`${path} is empty; a scenario file holds one JSON object such as {"machine":{"cpus":16}}.`);
  }
  let document: unknown;
  try {
    document = parseJsonText(text);
  } catch (error) {
    if (error instanceof JsonDepthError) {
      throw new ScenarioFileError(
        `${path}:${error.line}:${error.column}: ${error.reason}; a scenario is three levels deep, as in {"machine":{"cpus":16}}. Fix the file at line ${error.line}, column ${error.column}.`,
      );
    }
    if (!(error instanceof JsonSyntaxError)) throw error;
    throw new ScenarioFileError(
      `${path}:${error.line}:${error.column}: not valid JSON: ${error.reason}. Fix the file at line ${error.line}, column ${error.column}.`,
    );
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw new ScenarioFileError(`${path} must hold one JSON object such as {"machine":{"cpus":16}}.`);
  }
  return document as ScenarioDocument;
}

/**
 * A scenario file's text: only a regular file of at most MAX_SCENARIO_FILE_BYTES, in
 * UTF-8. The file is opened without blocking (a FIFO would otherwise wait for a
 * writer) and checked with fstat on the open descriptor, so what is checked is what is read.
 */
export function readScenarioText(path: string, maxBytes = MAX_SCENARIO_FILE_BYTES): string {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0));
  } catch (error) {
    throw new ScenarioFileError(`cannot read scenario file ${path}: ${openFailure(error as NodeJS.ErrnoException)}.`);
  }
  let bytes: Uint8Array;
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) {
      throw new ScenarioFileError(`${path} is ${fileKind(stats)}, not a regular file; a scenario must be a .json file saved on disk.`);
    }
    if (stats.size > maxBytes) throw tooBig(path, stats.size, maxBytes);
    // Read at most one byte past the limit, in case the file grew since fstat.
    const buffer = new Uint8Array(Math.min(stats.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      const got = readSync(fd, buffer, length, buffer.length - length, null);
      if (got === 0) break;
      length += got;
      if (length > maxBytes) throw tooBig(path, length, maxBytes, 'at least ');
      if (length === buffer.length) break;
    }
    bytes = buffer.subarray(0, length);
  } catch (error) {
    if (error instanceof ScenarioFileError) throw error;
    throw new ScenarioFileError(`cannot read scenario file ${path}: ${(error as Error).message}.`);
  } finally {
    closeSync(fd);
  }
  const decoded = decodeUtf8Text(bytes);
  if (!decoded.ok) throw new ScenarioFileError(`${path} ${decoded.reason}.`);
  return decoded.text;
}

function openFailure(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ENOENT':
      return 'no such file';
    case 'EISDIR':
      return 'it is a directory, not a file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOTDIR':
      return 'a part of the path is not a directory';
    case 'ELOOP':
      return 'too many symbolic links';
    case 'ENXIO':
      return 'it is a socket or a device with nothing behind it, not a file';
    default:
      return error.message;
  }
}

function fileKind(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'not a regular file';
}

function tooBig(path: string, size: number, maxBytes: number, atLeast = ''): ScenarioFileError {
  return new ScenarioFileError(
    `${path} is ${atLeast}${bytesText(size)}; a scenario file may be at most ${bytesText(maxBytes)}` +
      ' (a scenario with every field is a few KB). Is it the right file?',
  );
}

function bytesText(bytes: number): string {
  const words = `${bytes.toLocaleString('en-US')} bytes`;
  if (bytes >= 1024 * 1024) return `${Number((bytes / 1024 / 1024).toFixed(1))} MiB (${words})`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KiB (${words})`;
  return words;
}

/** A preset name or the path of a scenario file: a name has no slash and no .json. */
export function readScenarioSource(source: string): ScenarioDocument {
  const isPath = source.endsWith('.json') || source.includes('/') || source.includes('\\');
  return isPath ? readScenarioFile(source) : readPreset(source);
}
