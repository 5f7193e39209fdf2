/*
 * The validators compiled when the site is built (validators-plugin.ts) are Ajv's own
 * validators of the same schemas, without `new Function`: they accept and refuse the
 * same documents, with the same errors, as Ajv compiling at run time; the scenario's
 * refuses a core whose schema it was not built from.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { loadCoreFromDisk } from '../core/node.js';
import { readSchema, type Schema } from '../core/schema.js';
import { presetNames, readPreset } from '../core/presets.js';
import { SCENARIO_AJV_OPTIONS, scenarioJsonSchema } from '../core/scenario-json-schema.js';
// Under Vite these three are the build's modules, not the run-time compilers the files hold.
import { scenarioValidator } from '../core/scenario-validator.js';
import { componentValidators, frontMatterValidator as frontMatter } from '../lesson/parse/validators.js';
import { sceneScriptValidator as sceneScript } from '../lab/presenter/script-validator.js';
import { COMPONENT_SCHEMAS, FRONT_MATTER_SCHEMA, LESSON_AJV_OPTIONS } from '../lesson/components.js';
import { SCRIPT_AJV_OPTIONS, SCRIPT_SCHEMA } from '../lab/presenter/script-schema.js';
import { lessonSchemas, sceneScriptSchemas } from './validator-sources.js';
import { standaloneModule } from './validators-plugin.js';

const schema = readSchema(await loadCoreFromDisk());

/** The two validators agree on the document: the verdict and every error. */
function expectSame(built: ValidateFunction, runtime: ValidateFunction, document: unknown): boolean {
  const ok = built(document);
  expect(ok).toBe(runtime(document));
  expect(built.errors ?? null).toEqual(runtime.errors ?? null);
  return ok;
}

const frontMatterOf = (text: string): unknown => parseYaml(/^---\n([\s\S]*?)\n---/.exec(text)![1]!);

describe('validators compiled at build time', () => {
  it('generate modules with no require() and no new Function', () => {
    for (const set of [lessonSchemas(), sceneScriptSchemas()]) {
      const code = standaloneModule(set);
      expect(code).not.toMatch(/\brequire\(|new Function|\beval\(/);
      expect(code).toMatch(/^export const s0 = /m);
    }
  });

  it('check lesson front matter as Ajv does at run time (every lesson, and broken ones)', () => {
    expect('schema' in frontMatter, 'the standalone validator').toBe(false);
    const runtime = new Ajv(LESSON_AJV_OPTIONS).compile(FRONT_MATTER_SCHEMA);
    const lessons = readdirSync('lessons').filter((f) => f.endsWith('.md') && f !== 'SUMMARY.md');
    expect(lessons.length).toBeGreaterThan(5);
    for (const file of lessons) {
      const front = frontMatterOf(readFileSync(`lessons/${file}`, 'utf8')) as Record<string, unknown>;
      expect(expectSame(frontMatter, runtime, front), file).toBe(true);
      expectSame(frontMatter, runtime, { ...front, id: 'Not An Id', extra: 1 });
      expectSame(frontMatter, runtime, { ...front, title: '' });
    }
    expectSame(frontMatter, runtime, 'not an object');
  });

  it('have one validator per lesson component, agreeing with Ajv', () => {
    expect([...componentValidators.keys()].sort()).toEqual(Object.keys(COMPONENT_SCHEMAS).sort());
    for (const [name, componentSchema] of Object.entries(COMPONENT_SCHEMAS)) {
      const built = componentValidators.get(name as keyof typeof COMPONENT_SCHEMAS)!;
      expect('schema' in built, name).toBe(false);
      const runtime = new Ajv(LESSON_AJV_OPTIONS).compile(componentSchema);
      expectSame(built, runtime, {});
      expectSame(built, runtime, { id: 'x', unknown: true });
    }
  });

  it('check scene scripts as Ajv does at run time', () => {
    expect('schema' in sceneScript, 'the standalone validator').toBe(false);
    const runtime = new Ajv(SCRIPT_AJV_OPTIONS).compile(SCRIPT_SCHEMA);
    for (const file of readdirSync('lessons/scenes').filter((f) => f.endsWith('.yaml'))) {
      const script = parseYaml(readFileSync(`lessons/scenes/${file}`, 'utf8')) as Record<string, unknown>;
      expect(expectSame(sceneScript, runtime, script), file).toBe(true);
      expectSame(sceneScript, runtime, { ...script, scenes: [{ title: '', views: ['no-such-view', 'no-such-view'] }] });
    }
  });

  it('check scenarios as Ajv does at run time (every preset, and broken ones)', () => {
    const built = scenarioValidator(schema);
    const runtime = new Ajv(SCENARIO_AJV_OPTIONS).compile(scenarioJsonSchema(schema));
    expect('schema' in built, 'the standalone validator, not one compiled at run time').toBe(false);
    expect('schema' in runtime).toBe(true);
    for (const name of presetNames()) expect(expectSame(built, runtime, readPreset(name)), name).toBe(true);
    expectSame(built, runtime, { machine: { cpus: 0.5, nonsense: 1 }, kernel: { kind: 'no-such-kernel' } });
    expectSame(built, runtime, { meta: { name: 3 } });
  });

  it('refuse to check scenarios of a core with another schema', () => {
    const other: Schema = { ...schema, fields: schema.fields.map((f, i) => (i === 0 ? { ...f, max: f.max + 1 } : f)) };
    expect(() => scenarioValidator(other)).toThrow(/compiled for another core/);
  });
});
