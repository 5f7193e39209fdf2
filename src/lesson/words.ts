/*
 * words.ts -- scenario settings said in words for the learner ("16 CPUs", "Scalable
 * Kernel", "cache-line move 0 ns") and as the headless command that runs the same
 * scenario (`npx stacklab run <preset> --set path=value`).
 */
import { plural } from '../views/format.js';
import { DISCIPLINE_SHORT_WORDS } from '../kernels/service.js';
import type { FieldSettings, FieldValue, LessonScenario } from './components.js';

const KERNELS: Record<string, string> = { classic: 'classic kernel', scalable: 'Scalable Kernel' };
const LOCKS: Record<string, string> = { tas: 'test-and-set lock', ticket: 'ticket lock', mcs: 'MCS queue lock' };

/** One setting in words. */
export function settingText(path: string, value: FieldValue): string {
  switch (path) {
    case 'machine.cpus':
      return plural(Number(value), 'CPU');
    case 'kernel.kind':
      return KERNELS[String(value)] ?? String(value);
    case 'kernel.lock_kind':
      return LOCKS[String(value)] ?? String(value);
    case 'service.discipline':
      return DISCIPLINE_SHORT_WORDS[String(value)] ?? String(value);
    case 'machine.cache_transfer_ns':
      return `cache-line move ${value} ns`;
    case 'workload.processes':
      return plural(Number(value), 'process', 'processes');
    default: {
      const name = path.slice(path.lastIndexOf('.') + 1).replace(/_ns$/, '').replace(/_/g, ' ');
      return `${name} ${value}${path.endsWith('_ns') ? ' ns' : ''}`;
    }
  }
}

/** Several settings in words: "16 CPUs, Scalable Kernel". */
export function settingsInWords(settings: FieldSettings): string {
  const text = Object.entries(settings).map(([path, value]) => settingText(path, value)).join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The command that runs this scenario headless, with every override spelled out. */
export function headlessCommand(scenario: LessonScenario, ...overrides: (FieldSettings | undefined)[]): string {
  const settings: FieldSettings = Object.assign({}, scenario.set, ...overrides.filter(Boolean));
  const sets = Object.entries(settings).map(([path, value]) => ` --set ${path}=${value}`).join('');
  return `npx stacklab run ${scenario.preset}${sets}`;
}
