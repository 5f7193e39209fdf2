/*
 * scenario-file.ts -- the lab's scenario as a file that opens the identical run again.
 *
 * Export writes every field (not only those that differ from their defaults), so a file
 * reproduces its run even if a later StackLab changes a default; the seed is a field
 * like any other, so the same file gives the same report, byte for byte. "meta" says
 * what the file is for people; the core never sees it.
 *
 * Import reads text as JSON (a syntax error names its line and column), checks it with
 * the project's scenario schema (scenario.ts, built from the core's field table) and
 * explains every problem in words. The core checks the scenario again when the lab
 * loads it.
 */
import { parseJsonText, JsonSyntaxError } from '../../core/json-text.js';
import { checkScenario, nestScenario, type ScenarioValues } from '../../core/scenario.js';
import type { Schema } from '../../core/schema.js';

/** Files larger than this are refused before reading: no scenario comes near it. */
export const MAX_SCENARIO_BYTES = 1_000_000;

/** The scenario file's text: every field of the scenario, nested, with a meta block. */
export function scenarioFileText(schema: Schema, values: ScenarioValues): string {
  const known = schema.fields.filter((field) => field.path in values);
  const nested = nestScenario(Object.fromEntries(known.map((field) => [field.path, values[field.path]!])));
  const document = {
    meta: {
      title: 'StackLab lab scenario',
      description:
        'Exported from the StackLab lab. Import it in the lab (Export menu, Import scenario) or run it with `npx stacklab run FILE`.',
    },
    ...nested,
  };
  return JSON.stringify(document, null, 2) + '\n';
}

export type ScenarioFileResult = { ok: true; values: ScenarioValues; title?: string } | { ok: false; message: string; problems: string[] };

/** Reads a scenario file's text: its values, or what is wrong with it in words. */
export function readScenarioFile(schema: Schema, text: string, fileName = 'The file'): ScenarioFileResult {
  if (text.trim() === '') return { ok: false, message: `${fileName} is empty: it is not a StackLab scenario.`, problems: [] };
  let document: unknown;
  try {
    document = parseJsonText(text);
  } catch (error) {
    const where = error instanceof JsonSyntaxError ? ` (${error.message})` : '';
    return {
      ok: false,
      message: `${fileName} is not JSON${where}. A StackLab scenario is a JSON file such as the lab's "Scenario (JSON)" export.`,
      problems: [],
    };
  }
  const checked = checkScenario(schema, document);
  if (!checked.ok) {
    return {
      ok: false,
      message: `${fileName} is not a StackLab scenario the lab can run (${checked.problems.length} problem${checked.problems.length === 1 ? '' : 's'}):`,
      problems: checked.problems.map((problem) => problem.message),
    };
  }
  return { ok: true, values: checked.values, ...(typeof checked.meta.title === 'string' ? { title: checked.meta.title } : {}) };
}
