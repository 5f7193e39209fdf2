/*
 * library.ts -- the lessons as the browser sees them: Vite bundles lessons/*.md as text
 * and lessons/scenarios/*.json as data at build time, and they are parsed once, here,
 * when the lesson pages first load. A lesson that does not parse is listed with its
 * problems instead of crashing the page (CI keeps that from ever shipping).
 */
import type { ScenarioDocument } from '../core/scenario.js';
import { buildCatalog, type Catalog } from './catalog.js';

const lessonTexts = import.meta.glob('../../lessons/*.md', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
const presetDocuments = import.meta.glob('../../lessons/scenarios/*.json', { import: 'default', eager: true }) as Record<
  string,
  ScenarioDocument
>;

const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

function load(): Catalog {
  const summaryPath = Object.keys(lessonTexts).find((path) => fileName(path) === 'SUMMARY.md');
  const lessons = Object.fromEntries(
    Object.entries(lessonTexts)
      .filter(([path]) => fileName(path) !== 'SUMMARY.md')
      .map(([path, text]) => [fileName(path), text]),
  );
  const presets = Object.fromEntries(Object.entries(presetDocuments).map(([path, doc]) => [fileName(path).replace(/\.json$/, ''), doc]));
  return buildCatalog({ summary: summaryPath ? lessonTexts[summaryPath]! : '', lessons, presets });
}

export const catalog: Catalog = load();
