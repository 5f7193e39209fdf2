/*
 * The mechanism catalogue (mechanisms.ts): every entry is well formed and names no
 * kernel, field or value that does not exist; no two share an id or a name; every
 * preset and every lesson maps onto it; every preset's deviation is true of the preset;
 * docs/mechanisms.md is current. `npm run gen:mechanisms` (UPDATE=1) writes the page.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nestScenario, validateScenario, type ScenarioValues } from './index.js';
import { nativePath, repoRoot } from './node.js';
import type { Schema } from './schema.js';
import { presetNames, readPreset } from './presets.js';
import {
  catalogueProblems, deviationProblems, mechanismsOf, mechanismsPage, parseWhen,
  type Deviation, type Usage,
} from './mechanisms.js';
import { buildCatalog } from '../lesson/catalog.js';

const schema = JSON.parse(execFileSync(nativePath, ['schema'], { encoding: 'utf8' })) as Schema;
const pagePath = join(repoRoot, 'docs', 'mechanisms.md');

const presets = Object.fromEntries(presetNames().map((name) => [name, readPreset(name)]));
const presetValues = Object.fromEntries(Object.entries(presets).map(([name, doc]) => [name, validateScenario(schema, doc).values]));

const lessonDir = join(repoRoot, 'lessons');
const lessonFiles = readdirSync(lessonDir).filter((file) => file.endsWith('.md') && file !== 'SUMMARY.md').sort();
const catalog = buildCatalog({
  summary: readFileSync(join(lessonDir, 'SUMMARY.md'), 'utf8'),
  lessons: Object.fromEntries(lessonFiles.map((file) => [file, readFileSync(join(lessonDir, file), 'utf8')])),
  presets,
  schema,
});

/** Every run a lesson makes: its scenarios, its labs' runs and its claims' runs. */
function lessonRuns(lesson: (typeof catalog.lessons)[number]): ScenarioValues[] {
  const flat: Record<string, unknown>[] = [...Object.values(lesson.scenarios)];
  for (const lab of Object.values(lesson.labs)) {
    const base = lesson.labScenarios[lab.id]!;
    flat.push(base, ...lab.task.runs.map((settings) => ({ ...base, ...settings })));
  }
  for (const claim of lesson.meta.claims ?? []) flat.push({ ...lesson.scenarios[claim.scenario]!, ...(claim.set ?? {}) });
  return flat.map((values) => validateScenario(schema, nestScenario(values)).values);
}

function usage(): Usage {
  const byPreset = new Map<string, string[]>();
  const byLesson = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, id: string, who: string) => {
    const list = map.get(id) ?? [];
    if (!list.includes(who)) list.push(who);
    map.set(id, list);
  };
  for (const [name, values] of Object.entries(presetValues)) for (const m of mechanismsOf(schema, values)) add(byPreset, m.id, name);
  for (const lesson of catalog.lessons) for (const values of lessonRuns(lesson)) for (const m of mechanismsOf(schema, values)) add(byLesson, m.id, lesson.meta.id);
  const deviations = Object.entries(presets).flatMap(([preset, doc]) =>
    (((doc as { meta?: { deviations?: Deviation[] } }).meta?.deviations) ?? []).map((deviation) => ({ preset, deviation })));
  return { presets: byPreset, lessons: byLesson, deviations };
}

describe('the mechanism catalogue', () => {
  it('parses every `when`, and rejects what is not one', () => {
    expect(parseWhen('service: service.discipline=delegate, service.requests=post')).toEqual([
      { kernels: ['service'], conditions: [{ path: 'service.discipline', values: ['delegate'] }, { path: 'service.requests', values: ['post'] }] },
    ]);
    expect(parseWhen('onload,hpux: net.moderation_ns>0; classic')).toEqual([
      { kernels: ['onload', 'hpux'], conditions: [{ path: 'net.moderation_ns', greaterThan: 0 }] },
      { kernels: ['classic'], conditions: [] },
    ]);
    expect(() => parseWhen('')).toThrow(/empty/);
    expect(() => parseWhen('classic: kernel.lock_kind')).toThrow(/neither/);
  });

  it('has entries, well formed, with words and a citation in the native core', () => {
    expect(schema.mechanisms.length).toBeGreaterThan(20);
    expect(catalogueProblems(schema)).toEqual([]);
    for (const m of schema.mechanisms) {
      expect(m.does.length, m.id).toBeGreaterThan(40);
      expect(m.systems, m.id).toMatch(/[Ss]ource 00[0-4]|\(|model's/);
    }
  });

  it('finds two mechanisms that share a name or an id, and a value no field has', () => {
    const twice = { ...schema, mechanisms: [...schema.mechanisms, { ...schema.mechanisms[0]!, id: 'another' }] };
    expect(catalogueProblems(twice).join('\n')).toMatch(/share the name/);
    const wrong = { ...schema, mechanisms: [{ ...schema.mechanisms[0]!, when: 'sna: sna.lock_kind=spin_forever' }] };
    expect(catalogueProblems(wrong).join('\n')).toMatch(/no value "spin_forever"/);
  });

  it('every preset and every lesson uses at least one mechanism of it', () => {
    for (const [name, values] of Object.entries(presetValues)) expect(mechanismsOf(schema, values).length, name).toBeGreaterThan(0);
    for (const lesson of catalog.lessons) expect(lessonRuns(lesson).flatMap((v) => mechanismsOf(schema, v)).length, lesson.meta.id).toBeGreaterThan(0);
  });

  it('synchronous and posted delegation are two mechanisms, and the presets use the one they name', () => {
    const ids = (preset: string) => mechanismsOf(schema, presetValues[preset]!).map((m) => m.id);
    expect(ids('testbed-scalable')).toContain('delegation-posted');
    expect(ids('testbed-scalable')).not.toContain('delegation-synchronous');
    expect(ids('service-delegate')).toContain('delegation-synchronous');
    expect(ids('testbed-classic')).toContain('global-lock-kernel-entry');
  });

  it('every preset\'s deviation is true of the preset', () => {
    const problems = Object.entries(presets).flatMap(([name, doc]) =>
      deviationProblems(schema, name, presetValues[name]!, ((doc as { meta?: { deviations?: Deviation[] } }).meta?.deviations) ?? []));
    expect(problems).toEqual([]);
  });

  it('docs/mechanisms.md is current (npm run gen:mechanisms)', () => {
    const page = mechanismsPage(schema, usage());
    if (process.env.UPDATE) writeFileSync(pagePath, page);
    expect(readFileSync(pagePath, 'utf8'), 'docs/mechanisms.md is out of date: run `npm run gen:mechanisms`').toBe(page);
  });
});
