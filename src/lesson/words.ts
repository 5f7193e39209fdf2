/*
 * words.ts -- scenario settings said in words for the learner ("16 CPUs", "Scalable
 * Kernel", "cache-line move 0 ns") and as the headless command that runs the same
 * scenario (`npx stacklab run <preset> --set path=value`).
 */
import { plural } from '../views/format.js';
import { valueWords } from '../kernels/index.js';
import type { FieldSettings, FieldValue, LessonScenario } from './components.js';

/** One setting in words: the kernels' own words for their fields' values (valueWords), else the field's. */
export function settingText(path: string, value: FieldValue): string {
  const words = valueWords(path, value);
  if (words !== undefined) return words;
  switch (path) {
    case 'machine.cpus':
      return plural(Number(value), 'CPU');
    case 'machine.cache_transfer_ns':
      return `cache-line move ${value} ns`;
    case 'workload.processes':
      return plural(Number(value), 'process', 'processes');
    default: {
      const name = path
        .slice(path.lastIndexOf('.') + 1)
        .replace(/_ns$/, '')
        .replace(/_/g, ' ');
      return `${name} ${value}${path.endsWith('_ns') ? ' ns' : ''}`;
    }
  }
}

/** Several settings in words: "16 CPUs, Scalable Kernel". */
export function settingsInWords(settings: FieldSettings): string {
  const text = Object.entries(settings)
    .map(([path, value]) => settingText(path, value))
    .join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The command that runs this scenario headless, with every override spelled out. */
export function headlessCommand(scenario: LessonScenario, ...overrides: (FieldSettings | undefined)[]): string {
  const settings: FieldSettings = Object.assign({}, scenario.set, ...overrides.filter(Boolean));
  const sets = Object.entries(settings)
    .map(([path, value]) => ` --set ${path}=${value}`)
    .join('');
  return `npx stacklab run ${scenario.preset}${sets}`;
}
