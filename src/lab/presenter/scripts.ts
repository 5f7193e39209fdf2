/*
 * scripts.ts -- the scene scripts of lessons/scenes/*.yaml as the browser sees them:
 * Vite bundles them as text into the presenter's chunk, and each is parsed once, when
 * presenter mode first loads. A script that does not parse is kept with its problems,
 * so the page can show the author what to fix instead of failing.
 */
import type { ScenarioDocument } from '../../core/scenario-values.js';
import { parseScript, type ScriptResult } from './script.js';

const texts = import.meta.glob('../../../lessons/scenes/*.yaml', { query: '?raw', import: 'default', eager: true }) as Record<
  string,
  string
>;
const presetDocuments = import.meta.glob('../../../lessons/scenarios/*.json', { import: 'default', eager: true }) as Record<
  string,
  ScenarioDocument
>;

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** Preset documents by name (lessons/scenarios/<name>.json). */
export const presets: Readonly<Record<string, ScenarioDocument>> = Object.fromEntries(
  Object.entries(presetDocuments).map(([path, doc]) => [baseName(path).replace(/\.json$/, ''), doc]),
);

export const presetList = Object.keys(presets).sort();

/** Every bundled script by the name of its file (without .yaml), parsed. */
export const scripts: Readonly<Record<string, ScriptResult>> = Object.fromEntries(
  Object.entries(texts)
    .map(
      ([path, text]) => [baseName(path).replace(/\.yaml$/, ''), parseScript(`lessons/scenes/${baseName(path)}`, text, presetList)] as const,
    )
    .sort(([a], [b]) => a.localeCompare(b)),
);

/** A script the instructor opened from a file on their computer. */
export function parseLocalScript(fileName: string, text: string): ScriptResult {
  return parseScript(fileName, text, presetList, false);
}
