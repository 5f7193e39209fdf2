import { describe, expect, it } from 'vitest';
import {
  checkScenario,
  defaultValue,
  defaultValues,
  encodeScenario,
  encodeValue,
  flattenScenario,
  mergeOverDefaults,
  minimalDocument,
  nestScenario,
  readSchema,
  scenarioJsonSchema,
  ScenarioError,
  withOverrides,
  type SchemaField,
} from './index.js';
import { loadCoreFromDisk } from './node.js';
import { readPreset } from './presets.js';

const core = await loadCoreFromDisk();
const schema = readSchema(core);
const field = (path: string): SchemaField => {
  const found = schema.fields.find((f) => f.path === path);
  if (!found) throw new Error(`the core has no field ${path}`);
  return found;
};

function problemsOf(document: unknown): string[] {
  const checked = checkScenario(schema, document);
  if (checked.ok) throw new Error('expected the scenario to be refused');
  return checked.problems.map((problem) => problem.message);
}

describe('the schema from the core', () => {
  it('has the documented keys and a field table that matches the core', () => {
    expect(Object.keys(schema).sort()).toEqual([
      'fields',
      'kernels',
      'mechanisms',
      'modes',
      'queues',
      'report',
      'snapshot',
      'statuses',
      'trace',
      'version',
    ]);
    expect(schema.fields.length).toBe(core.exports.lab_scenario_field_count());
    for (const f of schema.fields) {
      expect(core.withString(f.path, (ptr) => core.exports.lab_scenario_field_index(ptr))).toBe(f.index);
      expect(f.min).toBeLessThanOrEqual(f.max);
      if (f.type === 'enum') expect(f.values).toContain(defaultValue(f));
    }
    expect(schema.modes).toEqual(['user', 'kernel', 'fork', 'spin', 'interrupt', 'cswitch', 'idle']);
  });

  it('defaults are the calibrated testbed (scenario.c and testbed-classic.json say the same)', () => {
    const { meta: _meta, ...preset } = readPreset('testbed-classic');
    expect(mergeOverDefaults(schema, flattenScenario(preset) as Record<string, number | string>)).toEqual(defaultValues(schema));
  });
});

describe('flatten, nest and merge', () => {
  const document = {
    meta: { name: 'x', title: 'X', reproduces: ['V1'] },
    machine: { cpus: 8 },
    kernel: { kind: 'scalable' },
    costs: { syscall: { dist: 'const', mean_ns: 2000 } },
  };

  it('flattens nested objects to dotted paths and leaves meta out', () => {
    expect(flattenScenario(document)).toEqual({
      'machine.cpus': 8,
      'kernel.kind': 'scalable',
      'costs.syscall.dist': 'const',
      'costs.syscall.mean_ns': 2000,
    });
  });

  it('nests dotted paths back into the same objects', () => {
    const { meta: _meta, ...fields } = document;
    expect(nestScenario(flattenScenario(document))).toEqual(fields);
  });

  it('applies --set overrides over the document without changing it', () => {
    const changed = withOverrides(document, { 'machine.cpus': 4, 'sim.seed': 7 });
    expect(flattenScenario(changed)).toMatchObject({ 'machine.cpus': 4, 'sim.seed': 7, 'kernel.kind': 'scalable' });
    expect(document.machine.cpus).toBe(8);
  });

  it('fills every field not given with its default', () => {
    const merged = mergeOverDefaults(schema, { 'machine.cpus': 8 });
    expect(Object.keys(merged).sort()).toEqual(schema.fields.map((f) => f.path).sort());
    expect(merged['machine.cpus']).toBe(8);
    expect(merged['kernel.kind']).toBe(defaultValue(field('kernel.kind')));
  });

  it('checks a scenario and gives all its values', () => {
    const checked = checkScenario(schema, document);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.values).toEqual({ ...defaultValues(schema), ...flattenScenario(document) });
    expect(checked.meta.name).toBe('x');
    expect(minimalDocument(schema, checked.values)).toEqual(nestScenario(flattenScenario(document)));
  });

  it('accepts an empty scenario as all defaults', () => {
    const checked = checkScenario(schema, {});
    expect(checked.ok && checked.values).toEqual(defaultValues(schema));
  });

  it('builds a JSON Schema with one property per field', () => {
    const json = scenarioJsonSchema(schema) as { properties: Record<string, { properties: Record<string, unknown> }> };
    expect(Object.keys(json.properties.machine!.properties)).toContain('cpus');
    expect(json.properties.kernel!.properties.kind).toMatchObject({ enum: field('kernel.kind').values });
  });
});

describe('validation messages say what is wrong and how to fix it', () => {
  it('out of range: names the field, the value and the range', () => {
    const cpus = field('machine.cpus');
    const [message] = problemsOf({ machine: { cpus: cpus.max + 1 } });
    expect(message).toContain('machine.cpus');
    expect(message).toContain(String(cpus.max + 1));
    expect(message).toContain(`from ${cpus.min} to ${cpus.max} ${cpus.unit}`);
    expect(message).toMatch(/Fix: set machine\.cpus between/);
  });

  it('wrong type: text where a number belongs', () => {
    const [message] = problemsOf({ machine: { cpus: 'sixteen' } });
    expect(message).toContain('machine.cpus is "sixteen" (text), but it must be a whole number');
    expect(message).toContain('without quotes');
  });

  it('a fraction where a whole number belongs', () => {
    const [message] = problemsOf({ machine: { cpus: 2.5 } });
    expect(message).toContain('machine.cpus is 2.5, but it must be a whole number');
  });

  it('unknown field, with the field that was probably meant', () => {
    expect(problemsOf({ machine: { cpu: 4 } })).toEqual([
      expect.stringContaining('unknown field "machine.cpu". Did you mean "machine.cpus"?'),
    ]);
    expect(problemsOf({ cpus: 4 })).toEqual([expect.stringContaining('Did you mean "machine.cpus"?')]);
    expect(problemsOf({ machin: { cpus: 4 } })[0]).toContain('unknown field "machin". Did you mean "machine"?');
    expect(problemsOf({ mean_ns: 4 })[0]).not.toContain('Did you mean'); // many fields end so: no guess
  });

  it('bad enum name: lists the names and suggests one', () => {
    const [message] = problemsOf({ kernel: { kind: 'scaleable' } });
    expect(message).toContain('kernel.kind is "scaleable", which is not one of its names');
    expect(message).toContain(field('kernel.kind').values!.join(', '));
    expect(message).toContain('Did you mean "scalable"?');
  });

  it('a name that was renamed: says its name now, and does not take it', () => {
    const lockKind = field('sna.lock_kind');
    expect(lockKind.renamed).toEqual({ wake_one: 'handoff' });
    const [message] = problemsOf({ sna: { lock_kind: 'wake_one' } });
    expect(message).toBe(
      'sna.lock_kind is "wake_one", a name that was renamed: it is now "handoff" (the same behaviour under its new name). Fix: set sna.lock_kind to "handoff".',
    );
    expect(() => encodeValue(lockKind, 'wake_one')).toThrow(/renamed: it is now "handoff"/);
    expect(checkScenario(schema, { service: { discipline: 'wake_one' } }).ok).toBe(true); // the service kernel's wake_one is another behaviour, and still its name
  });

  it('a group that is not an object', () => {
    expect(problemsOf({ machine: 4 })[0]).toMatch(/^machine is 4, but it must be an object of fields such as machine\.cpus/);
  });

  it('reports every problem at once, one per field', () => {
    expect(problemsOf({ machine: { cpus: 0.5, interrupt_cpu: -1 }, kernel: { kind: 1 } })).toHaveLength(3);
  });

  it('refuses what is not a JSON object', () => {
    expect(problemsOf([1, 2])[0]).toContain('must be a JSON object');
  });
});

describe('encoding into the core', () => {
  /** A valid value other than the default, so a round trip proves something. */
  function otherValue(f: SchemaField): number | string {
    if (f.type === 'enum') return f.values!.find((name) => name !== defaultValue(f))!;
    const value = defaultValue(f) as number;
    return value + 1 <= f.max ? value + 1 : value - 1;
  }

  it('every field round-trips through lab_scenario_set and lab_scenario_get', () => {
    for (const f of schema.fields) {
      const value = otherValue(f);
      // numa.data_rad must name a RAD the machine has
      const context: Record<string, number> = f.path === 'numa.data_rad' ? { 'machine.rads': 4 } : {};
      const encoded = encodeScenario(core, schema, { ...defaultValues(schema), ...context, [f.path]: value });
      try {
        expect(encoded.get(f), f.path).toBe(encodeValue(f, value));
      } finally {
        encoded.free();
      }
    }
  });

  it("reports the core's own words when it refuses fields that do not fit together", () => {
    const values = { ...defaultValues(schema), 'machine.cpus': 4, 'kernel.designated_cpu': 8 };
    expect(checkScenario(schema, nestScenario(values)).ok).toBe(true); // fine alone
    expect(() => encodeScenario(core, schema, values)).toThrow(ScenarioError);
    expect(() => encodeScenario(core, schema, values)).toThrow(/kernel\.designated_cpu/);
  });

  it('the core checks ranges again, never trusting its caller', () => {
    const cpus = field('machine.cpus');
    expect(() => encodeScenario(core, schema, { ...defaultValues(schema), 'machine.cpus': cpus.max + 1 })).toThrow(/machine\.cpus/);
  });
});

describe('hostile scenario documents are explained briefly and quickly', () => {
  it('thousands of unknown fields: the first 50 explained, the rest counted, in well under a second each', () => {
    const document = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, 1]));
    const started = performance.now();
    const problems = problemsOf(document);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(problems).toHaveLength(51);
    expect(problems[0]).toContain('unknown field "k0"');
    expect(problems[50]).toBe('… and 19,950 more problems (only the first 50 are listed).');
  });

  it('a huge key or text is quoted cut short, with its length', () => {
    const started = performance.now();
    const [unknown] = problemsOf({ ['x'.repeat(500_000)]: 1 });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(unknown).toBe(
      `unknown field "${'x'.repeat(60)}…" (500,000 characters). Fix: correct or remove it; docs/scenario.md lists every field.`,
    );
    const [kind] = problemsOf({ kernel: { kind: 'y'.repeat(100_000) } });
    expect(kind).toContain(`kernel.kind is "${'y'.repeat(60)}…" (100,000 characters), which is not one of its names`);
    expect(kind!.length).toBeLessThan(1_000);
  });
});
