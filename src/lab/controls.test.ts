/*
 * The parameter panel's controls: a field's label is the core's (fields.def, through
 * the schema) unless the running kernel's module words it; each kernel's words are its
 * own (src/kernels/<kernel>.ts), and the words a module gives name fields the core has
 * and that belong to that kernel.
 */
import { describe, expect, it } from 'vitest';
import { readSchema } from '../core/index.js';
import { loadCoreFromDisk } from '../core/node.js';
import { KERNELS } from '../kernels/index.js';
import { controlFor, groupOf } from './controls.js';

const core = await loadCoreFromDisk();
const schema = readSchema(core);
const field = (path: string) => {
  const found = schema.fields.find((f) => f.path === path);
  if (!found) throw new Error(`no field ${path}`);
  return found;
};

describe('controlFor', () => {
  it("gives every field a label, the core's unless a kernel words it", () => {
    for (const kernel of KERNELS) {
      for (const f of schema.fields) {
        const spec = controlFor(f, kernel.name);
        expect(spec.label, f.path).not.toBe('');
        const worded = [...kernel.mainControls, ...(kernel.moreControls ?? [])].find((s) => s.path === f.path);
        if (!worded?.label) expect(spec.label, `${f.path} on ${kernel.name}`).toBe(f.label);
      }
    }
  });

  it("takes the running kernel's words first", () => {
    expect(controlFor(field('net.message_bytes'), 'hpux').label).toBe('Send size');
    expect(controlFor(field('net.message_bytes'), 'onload').label).toBe(field('net.message_bytes').label);
    expect(controlFor(field('machine.cpus'), 'onload').note).toMatch(/host A/);
    expect(controlFor(field('machine.cpus'), 'classic').note).toBeUndefined();
  });

  it('offers every kernel by its registry words', () => {
    const spec = controlFor(field('kernel.kind'), 'classic');
    expect(Object.keys(spec.choices ?? {})).toEqual(KERNELS.map((k) => k.name));
  });

  it('shows nanosecond fields in the unit their default reads best in', () => {
    expect(controlFor(field('sim.duration_ns'), 'classic').unit?.label).toBe('ms');
    expect(controlFor(field('costs.kernel_write.mean_ns'), 'classic').unit?.label).toBe('ns');
  });

  it('groups "All parameters" by the path\'s first segment, in words', () => {
    expect(groupOf('sched.affinity')).toBe('Scheduler');
    expect(groupOf('hpux.alignment')).toBe('HP-UX 9.0');
    // every field of the core is in a group with words (the engine's, or its kernel's fieldGroup), never a bare prefix
    for (const field of schema.fields) expect(groupOf(field.path), field.path).not.toBe(field.path.split('.')[0]);
  });
});

describe('each kernel module words only its own fields', () => {
  it.each(KERNELS.map((k) => [k.name, k] as const))('%s', (name, kernel) => {
    for (const spec of [...kernel.mainControls, ...(kernel.moreControls ?? [])]) {
      const f = schema.fields.find((candidate) => candidate.path === spec.path);
      expect(f, `${name} words ${spec.path}, which the core does not have`).toBeDefined();
      // A field for every kernel ("") or one of this kernel's own; a spec marked for another kernel says so.
      const owners = f!.kernel.split(' ').filter(Boolean);
      expect(owners.length === 0 || owners.includes(name) || spec.kernel !== undefined, `${name} words ${spec.path} (${f!.kernel})`).toBe(
        true,
      );
      // Words the core already has are not repeated here.
      expect(spec.label, `${name}: ${spec.path} repeats the core's label`).not.toBe(f!.label);
    }
  });
});
