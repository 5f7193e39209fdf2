/*
 * controls.ts -- how each scenario field appears in the parameter panel: its label,
 * the unit it is shown in (nanosecond fields in ns, µs or ms, whichever reads best)
 * and the kind of control. The label is the core's (schema.fields[].label, from
 * wasm-core/src/scenario/fields.def or a kernel folder's fields.def) unless the running
 * kernel's module words it for its panel (src/kernels/<kernel>.ts: mainControls,
 * moreControls); what a field means in the real system, its range and its default
 * come from the schema, never from here. A kernel's main controls come first; every
 * other field is under "All parameters".
 */
import type { SchemaField } from '../core/index.js';
import { KERNEL, ms, ns, us, type ControlSpec, type DisplayUnit } from '../kernels/controls.js';
import { KERNEL_CHOICES, KERNELS, kernelInfo } from '../kernels/index.js';

export type { ControlKind, ControlSpec, DisplayUnit } from '../kernels/controls.js';

const distChoices = { const: 'Constant (always the mean)', exp: 'Exponential', uniform: 'Uniform (mean ± spread)' };

/** The groups of "All parameters", by a path's first segment: the engine's own, then each kernel's (KernelInfo.fieldGroup). */
const GROUPS: Readonly<Record<string, string>> = {
  machine: 'Machine',
  kernel: 'Kernel',
  workload: 'Workload',
  network: 'Network',
  costs: 'Costs',
  sched: 'Scheduler',
  sim: 'Run',
  ...Object.fromEntries(KERNELS.flatMap((k) => (k.fieldGroup ? [[k.fieldGroup.prefix, k.fieldGroup.words]] : []))),
};

/** The unit a nanosecond field reads best in, from its default's size. */
function displayUnitFor(field: SchemaField): DisplayUnit | undefined {
  if (field.unit !== 'ns') return undefined;
  const typical = typeof field.default === 'number' ? Math.abs(field.default) : 0;
  if (field.path.endsWith('duration_ns') || field.path.endsWith('warmup_ns') || field.path.endsWith('timer_interval_ns')) return ms;
  if (typical >= 1e6) return ms;
  if (typical >= 5e3 || typical === 0) return us;
  return ns;
}

/** A control as the panel shows it: always with its label. */
export type PanelControl = ControlSpec & { label: string };

/** A kernel's own words for a field: its main controls, then its other worded fields. */
function kernelSpec(kernel: string, path: string): ControlSpec | undefined {
  const info = kernelInfo(kernel);
  return [...info.mainControls, ...(info.moreControls ?? [])].find((spec) => spec.path === path);
}

/**
 * A control for any field while `kernel` runs: that kernel's words for it if it has
 * any, else another kernel's, else one made from the core's label. The kernel choice
 * takes its words from the registry (KERNEL_CHOICES).
 */
export function controlFor(field: SchemaField, kernel: string): PanelControl {
  const worded =
    kernelSpec(kernel, field.path) ?? KERNELS.map((other) => kernelSpec(other.name, field.path)).find((spec) => spec !== undefined);
  if (worded?.path === KERNEL.path) return { ...KERNEL, label: field.label, choices: KERNEL_CHOICES };
  if (worded) return { ...worded, label: worded.label ?? field.label, unit: worded.unit ?? displayUnitFor(field) };
  if (field.type === 'enum') {
    return { path: field.path, label: field.label, kind: 'select', choices: field.path.endsWith('.dist') ? distChoices : undefined };
  }
  return { path: field.path, label: field.label, kind: 'number', unit: displayUnitFor(field) };
}

/** The group a field belongs to in "All parameters" (its first path segment, in words). */
export function groupOf(path: string): string {
  const first = path.split('.')[0] ?? '';
  return GROUPS[first] ?? first;
}

/** The unit the learner sees: the display unit, or the schema's own. */
export function unitLabel(field: SchemaField, spec: ControlSpec): string {
  return spec.unit?.label ?? field.unit;
}

/** A field value in display units (rounded so float noise does not show). */
export function toDisplay(value: number, spec: ControlSpec): number {
  const factor = spec.unit?.factor ?? 1;
  return factor === 1 ? value : Number((value / factor).toPrecision(12));
}

export function fromDisplay(value: number, spec: ControlSpec): number {
  const factor = spec.unit?.factor ?? 1;
  return factor === 1 ? value : Number((value * factor).toPrecision(15));
}
