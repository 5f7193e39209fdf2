/*
 * schema.ts -- the core's own description of its layouts (lab_schema_json): scenario
 * fields, CPU modes, locks, queues, the report's metrics, trace records, snapshot
 * layout, status messages.
 * TypeScript takes every index, name and offset from here and hard-codes none.
 */
import type { Core } from './wasm.js';

export type FieldType = 'int' | 'number' | 'enum';

/** One scenario field; `index` is what lab_scenario_set/get take. */
export interface SchemaField {
  index: number;
  path: string;
  type: FieldType;
  unit: string;
  min: number;
  max: number;
  /** A number; for enum fields the index into `values` (or the name itself). */
  default: number | string;
  /** The names of an enum field, in the order the core numbers them. */
  values?: string[];
  /**
   * Names an enum field once had, each with its name now ({ wake_one: 'handoff' }): a
   * value still given by an old name is refused with the new one named, never mapped.
   */
  renamed?: Record<string, string>;
  /** The kernels the field belongs to, space-separated; "" for every kernel. */
  kernel: string;
  /** A short name for the field in plain words. */
  label: string;
  /**
   * What the field is in the real system: only the native core's schema has it; the
   * wasm core's is "" (the page and the CLI read field-docs.json: field-docs.ts).
   */
  doc: string;
}

/**
 * One value of the metrics report, as the core describes it where it writes it (see
 * report-shape.ts). `path` is dotted from the report's top, `[]` stands for each
 * element of an array and `{a|b}` for each key of an object keyed by names
 * (`{modes}`: the CPU modes).
 */
export interface ReportMetric {
  path: string;
  /** 'number', 'integer', 'boolean', 'string', with '|null' when it may be null, or the names a string takes. */
  type: string;
  unit: string;
  /** Whether more is better for the system ('higher'), less ('lower'), or neither (''). */
  better: 'higher' | 'lower' | '';
  label: string;
  /** The kernels whose reports hold it; empty: every kernel's. */
  kernels: string[];
}

export interface TraceFieldLayout {
  name: string;
  offset: number;
  type: 'f64' | 'i32';
}

export interface TraceLayout {
  record_bytes: number;
  fields: TraceFieldLayout[];
  kinds: string[];
  /** The kinds a request queue's post and take records have (kernels name them: kinds[queue_post]'s index is the kind). */
  queue_post: string;
  queue_take: string;
}

/** A kernel the core models, with its locks in the core's numbering. */
export interface KernelLayout {
  name: string;
  locks: string[];
}

/** One mechanism of the core's catalogue (kernel_api.h: Mechanism; mechanisms.ts reads it). */
export interface SchemaMechanism {
  id: string;
  name: string;
  /** Which scenarios use it (mechanisms.ts: parseWhen). */
  when: string;
  /** The kernels whose records name its table; [] for the engine's. */
  kernels: string[];
  /** What it does in the model; "" in the wasm core. */
  does: string;
  /** The real systems that used it, with citations; "" in the wasm core. */
  systems: string;
}

export interface Schema {
  version: number;
  fields: SchemaField[];
  modes: string[];
  kernels: KernelLayout[];
  /** The mechanism catalogue (mechanisms.ts); its words only in the native core's schema. */
  mechanisms: SchemaMechanism[];
  queues: string[];
  /** The metrics report's whole shape. */
  report: ReportMetric[];
  trace: TraceLayout;
  snapshot: Record<string, unknown>;
  statuses: string[];
}

const schemas = new WeakMap<Core, Schema>();

/** The core's schema, read once per loaded core. */
export function readSchema(core: Core): Schema {
  let schema = schemas.get(core);
  if (!schema) {
    schema = JSON.parse(readSchemaText(core)) as Schema;
    schemas.set(core, schema);
  }
  return schema;
}

/** The schema JSON exactly as the core writes it. */
export function readSchemaText(core: Core): string {
  const needed = core.exports.lab_schema_json(0, 0);
  const cap = needed + 1;
  const buf = core.alloc(cap);
  try {
    const written = core.exports.lab_schema_json(buf, cap);
    if (written >= cap) throw new Error(`the core's schema grew while being read (${written} >= ${cap})`);
    return core.readString(buf);
  } finally {
    core.free(buf);
  }
}

/** The default of a field as scenario JSON writes it: a number, or an enum name. */
export function defaultValue(field: SchemaField): number | string {
  if (field.type === 'enum' && typeof field.default === 'number') return field.values![field.default]!;
  return field.default;
}

const pathIndexes = new WeakMap<Schema, Map<string, SchemaField>>();

/** The schema's fields keyed by dotted path. */
export function fieldsByPath(schema: Schema): Map<string, SchemaField> {
  let byPath = pathIndexes.get(schema);
  if (!byPath) {
    byPath = new Map(schema.fields.map((field) => [field.path, field]));
    pathIndexes.set(schema, byPath);
  }
  return byPath;
}

/** The lock names of a kernel, by its name or its index in kernel.kind (classic when unknown). */
export function kernelLocks(schema: Schema, kernel: string | number): string[] {
  const found = typeof kernel === 'number' ? schema.kernels[kernel] : schema.kernels.find((k) => k.name === kernel);
  return (found ?? schema.kernels[0]!).locks;
}
