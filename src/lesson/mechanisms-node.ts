/*
 * mechanisms-node.ts -- Node only: docs/mechanisms.md (core/mechanisms.ts's page) from the
 * native core's schema and from where each mechanism is used: by which presets and which
 * lessons, as they are on disk. scripts/gen-mechanisms.mjs (`npm run gen:mechanisms`, one
 * of `npm run gen`'s) writes the page, loading this module with Vite's module runner;
 * src/core/mechanisms.test.ts checks it is current.
 */
import { execFileSync } from 'node:child_process';
import { nestScenario, validateScenario, type ScenarioValues } from '../core/index.js';
import { mechanismsOf, mechanismsPage, type Deviation, type Usage } from '../core/mechanisms.js';
import { nativePath } from '../core/node.js';
import { presetNames, readPreset } from '../core/presets.js';
import type { Schema } from '../core/schema.js';
import type { Catalog } from './catalog.js';
import { readCatalog } from './robustness-node.js';

export const MECHANISMS_PAGE = 'docs/mechanisms.md';

/** The native core's schema: the one with the fields' docs (the wasm's has none). */
export function nativeSchema(): Schema {
  return JSON.parse(execFileSync(nativePath, ['schema'], { encoding: 'utf8' })) as Schema;
}

/** Every run a lesson makes: its scenarios, its labs' runs and its claims' runs. */
export function lessonRuns(schema: Schema, lesson: Catalog['lessons'][number]): ScenarioValues[] {
  const flat: Record<string, unknown>[] = [...Object.values(lesson.scenarios)];
  for (const lab of Object.values(lesson.labs)) {
    const base = lesson.labScenarios[lab.id]!;
    flat.push(base, ...lab.task.runs.map((settings) => ({ ...base, ...settings })));
  }
  for (const claim of lesson.meta.claims ?? []) flat.push({ ...lesson.scenarios[claim.scenario]!, ...(claim.set ?? {}) });
  return flat.map((values) => validateScenario(schema, nestScenario(values)).values);
}

/** Which presets and lessons use each mechanism, and every preset's deviations. */
export function mechanismsUsage(schema: Schema, presets: Record<string, unknown>, catalog: Catalog): Usage {
  const byPreset = new Map<string, string[]>();
  const byLesson = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, id: string, who: string) => {
    const list = map.get(id) ?? [];
    if (!list.includes(who)) list.push(who);
    map.set(id, list);
  };
  for (const [name, doc] of Object.entries(presets)) {
    for (const m of mechanismsOf(schema, validateScenario(schema, doc).values)) add(byPreset, m.id, name);
  }
  for (const lesson of catalog.lessons)
    for (const values of lessonRuns(schema, lesson)) for (const m of mechanismsOf(schema, values)) add(byLesson, m.id, lesson.meta.id);
  const deviations = Object.entries(presets).flatMap(([preset, doc]) =>
    ((doc as { meta?: { deviations?: Deviation[] } }).meta?.deviations ?? []).map((deviation) => ({ preset, deviation })),
  );
  return { presets: byPreset, lessons: byLesson, deviations };
}

/** docs/mechanisms.md as the core, the presets and the lessons on disk make it. */
export function mechanismsPageFromDisk(): string {
  const schema = nativeSchema();
  const presets = Object.fromEntries(presetNames().map((name) => [name, readPreset(name)]));
  return mechanismsPage(schema, mechanismsUsage(schema, presets, readCatalog(schema)));
}
