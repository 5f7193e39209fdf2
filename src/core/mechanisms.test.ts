/*
 * The mechanism catalogue (mechanisms.ts): every entry is well formed and names no
 * kernel, field or value that does not exist; no two share an id or a name; every
 * preset and every lesson maps onto it; every preset's deviation is true of the preset;
 * docs/mechanisms.md is current (`npm run gen:mechanisms` writes it:
 * src/lesson/mechanisms-node.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateScenario } from './index.js';
import { repoRoot } from './node.js';
import { presetNames, readPreset } from './presets.js';
import { catalogueProblems, deviationProblems, mechanismsOf, mechanismsPage, parseWhen, type Deviation } from './mechanisms.js';
import { readCatalog } from '../lesson/robustness-node.js';
import { lessonRuns, MECHANISMS_PAGE, mechanismsUsage, nativeSchema } from '../lesson/mechanisms-node.js';

const schema = nativeSchema();
const pagePath = join(repoRoot, MECHANISMS_PAGE);

const presets = Object.fromEntries(presetNames().map((name) => [name, readPreset(name)]));
const presetValues = Object.fromEntries(Object.entries(presets).map(([name, doc]) => [name, validateScenario(schema, doc).values]));
const catalog = readCatalog(schema);

describe('the mechanism catalogue', () => {
  it('parses every `when`, and rejects what is not one', () => {
    expect(parseWhen('service: service.discipline=delegate, service.requests=post')).toEqual([
      {
        kernels: ['service'],
        conditions: [
          { path: 'service.discipline', values: ['delegate'] },
          { path: 'service.requests', values: ['post'] },
        ],
      },
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
    for (const lesson of catalog.lessons)
      expect(lessonRuns(schema, lesson).flatMap((v) => mechanismsOf(schema, v)).length, lesson.meta.id).toBeGreaterThan(0);
  });

  it('synchronous and posted delegation are two mechanisms, and the presets use the one they name', () => {
    const ids = (preset: string) => mechanismsOf(schema, presetValues[preset]!).map((m) => m.id);
    expect(ids('testbed-scalable')).toContain('delegation-posted');
    expect(ids('testbed-scalable')).not.toContain('delegation-synchronous');
    expect(ids('service-delegate')).toContain('delegation-synchronous');
    expect(ids('testbed-classic')).toContain('global-lock-kernel-entry');
  });

  it("every preset's deviation is true of the preset", () => {
    const problems = Object.entries(presets).flatMap(([name, doc]) =>
      deviationProblems(schema, name, presetValues[name]!, (doc as { meta?: { deviations?: Deviation[] } }).meta?.deviations ?? []),
    );
    expect(problems).toEqual([]);
  });

  it('docs/mechanisms.md is current (npm run gen:mechanisms)', () => {
    const page = mechanismsPage(schema, mechanismsUsage(schema, presets, catalog));
    expect(readFileSync(pagePath, 'utf8'), 'docs/mechanisms.md is out of date: run `npm run gen:mechanisms`').toBe(page);
  });
});
