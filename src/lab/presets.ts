/*
 * presets.ts -- the named scenarios of lessons/scenarios/*.json, bundled into the page
 * (import.meta.glob), so the presets menu offers exactly what `npx stacklab presets`
 * lists. Their values are checked where every scenario is checked: by the worker
 * (validateScenario against the core's schema, then the core) when one is loaded, so
 * the page does not carry a second validator. A file that is not a scenario object is
 * listed with its problem instead of being silently left out.
 */
import { flattenScenario, isPlainObject, type ScenarioMeta, type ScenarioProblem, type ScenarioValues } from '../core/scenario-values.js';
import type { PresetLookup } from './compare/pairing.js';

const files = import.meta.glob('../../lessons/scenarios/*.json', { eager: true, import: 'default' }) as Record<string, unknown>;

export interface BrowserPreset {
  name: string;
  title: string;
  description: string;
  values?: ScenarioValues;
  problems?: ScenarioProblem[];
}

/** The file name without .json. */
function nameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1).replace(/\.json$/, '');
}

/** Every preset, by name. */
export function loadPresets(): BrowserPreset[] {
  return Object.entries(files)
    .map(([path, document]): BrowserPreset => {
      const name = nameOf(path);
      if (!isPlainObject(document)) {
        return { name, title: name, description: '', problems: [{ path: '', message: `${name}.json is not a scenario object.` }] };
      }
      const meta = (isPlainObject(document.meta) ? document.meta : {}) as ScenarioMeta;
      return { name, title: meta.title ?? name, description: meta.description ?? '', values: flattenScenario(document) as ScenarioValues };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The bundled presets as a compare link looks a side up by name (compare/pairing.ts). */
export function presetLookup(): PresetLookup {
  const presets = loadPresets();
  return {
    names: presets.filter((p) => p.values).map((p) => p.name),
    values: (name) => presets.find((p) => p.name === name)?.values,
    title: (name) => presets.find((p) => p.name === name)?.title ?? name,
  };
}
