/*
 * words.ts -- a comparison's sides in words: a short title for each side's scenario
 * and the settings in which the two differ, labelled as the parameter panel labels
 * them (controls.ts) so a class reads the same names on both pages.
 */
import type { ScenarioValues } from '../../core/scenario-values.js';
import type { Schema } from '../../core/schema.js';
import { capitalised, isKernelName, KERNELS, kernelInfo } from '../../kernels/index.js';
import { plural } from '../../views/format.js';
import { controlFor, toDisplay, unitLabel } from '../controls.js';

/** "Scalable Kernel · 16 CPUs", "SNA Server/6000 · 4 CPUs · lockl (wake all)", "AlphaServer GS (NUMA) · 16 CPUs in 4 RADs · home RAD". */
export function sideTitle(values: ScenarioValues): string {
  // a scenario that names no kernel runs the core's default (the registry's first)
  const kernel = String(values['kernel.kind'] ?? KERNELS[0]!.name);
  const cpus = Number(values['machine.cpus'] ?? NaN);
  const info = kernelInfo(kernel);
  const parts = [isKernelName(kernel) ? capitalised(info.title) : kernel];
  if (Number.isFinite(cpus)) {
    const rads = Number(values['machine.rads'] ?? 1);
    parts.push(`${plural(cpus, 'CPU')}${rads > 1 ? ` in ${rads} RADs` : ''}`);
  }
  if (isKernelName(kernel)) parts.push(...info.sideWords(values));
  return parts.join(' · ');
}

export interface Difference {
  path: string;
  label: string;
  a: string;
  b: string;
}

/** Fields that do not change what is simulated (trace size), left out of the list. */
const IGNORED = new Set(['sim.trace_capacity']);

/** The settings in which A and B differ, in the schema's order, in the panel's words and units. */
export function scenarioDifferences(schema: Schema, a: ScenarioValues, b: ScenarioValues): Difference[] {
  const out: Difference[] = [];
  for (const field of schema.fields) {
    if (IGNORED.has(field.path)) continue;
    const va = a[field.path];
    const vb = b[field.path];
    if (va === vb || va === undefined || vb === undefined) continue;
    const spec = controlFor(field, String(a['kernel.kind'] ?? ''));
    const words = (value: number | string) => {
      if (typeof value === 'string') return spec.choices?.[value] ?? value;
      const unit = unitLabel(field, spec);
      return `${toDisplay(value, spec).toLocaleString('en')}${unit ? ` ${unit}` : ''}`;
    };
    out.push({ path: field.path, label: spec.label, a: words(va), b: words(vb) });
  }
  return out;
}
