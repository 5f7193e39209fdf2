/*
 * presets.ts -- Node only: the named scenarios in lessons/scenarios/*.json (the file
 * name without .json is the preset's name), and reading any scenario file with errors
 * that say where the file is wrong.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseJsonText, JsonSyntaxError } from './json-text.js';
import { presetDir } from './node.js';
import { closest, type ScenarioDocument, type ScenarioMeta } from './scenario.js';

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
  return readdirSync(dir).filter((file) => file.endsWith('.json')).map((file) => basename(file, '.json')).sort();
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
      `there is no preset named "${name}".`
        + (suggestion ? ` Did you mean "${suggestion}"?` : '')
        + (names.length ? ` Presets: ${names.join(', ')}.` : ` No presets found in ${dir}.`)
        + ' Or give the path of a scenario .json file.',
    );
  }
  return readScenarioFile(join(dir, name + '.json'));
}

/** Reads and parses a scenario file (its fields are checked later, against the schema). */
export function readScenarioFile(path: string): ScenarioDocument {
  let text: string;
  try {
    text = readFileSync(path, 'utf8').replace(/^\uFEFF/, ''); // editors on Windows may add a BOM
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (error as Error).message;
    throw new ScenarioFileError(`cannot read scenario file ${path}: ${why}.`);
  }
  let document: unknown;
  try {
    document = parseJsonText(text);
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    throw new ScenarioFileError(`${path}:${error.line}:${error.column}: not valid JSON: ${error.reason}. Fix the file at line ${error.line}, column ${error.column}.`);
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw new ScenarioFileError(`${path} must hold one JSON object such as {"machine":{"cpus":16}}.`);
  }
  return document as ScenarioDocument;
}

/** A preset name or the path of a scenario file: a name has no slash and no .json. */
export function readScenarioSource(source: string): ScenarioDocument {
  const isPath = source.endsWith('.json') || source.includes('/') || source.includes('\\');
  return isPath ? readScenarioFile(source) : readPreset(source);
}
