/*
 * index.ts -- the kernel registry: every kernel the app knows, in the core's order
 * (kernel.kind's names; wasm-core/src/kernels/registry.c). Adding a kernel is its
 * module (src/kernels/<name>.ts, a KernelInfo) and one line here.
 */
import { DEFAULT_SWEEP_CPUS, type SweepCpus } from '../core/sweep.js';
import type { ModeVocabulary } from '../views/palette.js';
import { classic } from './classic.js';
import { hpux } from './hpux/index.js';
import { numa } from './numa.js';
import { onload } from './onload/index.js';
import { scalable } from './scalable.js';
import { service } from './service/index.js';
import { sna } from './sna/index.js';
import type { KernelInfo } from './types.js';

export type { Companion, FiguresProps, KernelInfo, KernelPair, ScalingTerms, Throughput } from './types.js';

export const KERNELS: readonly KernelInfo[] = [
  classic,
  scalable,
  sna,
  numa,
  onload,
  hpux,
  service,
];

const byName = new Map(KERNELS.map((kernel) => [kernel.name, kernel]));

/** The kernel of that name; the first (classic) for a name the app does not know. */
export function kernelInfo(name: unknown): KernelInfo {
  return (typeof name === 'string' ? byName.get(name) : undefined) ?? KERNELS[0]!;
}

/** Whose words a kernel's CPU modes are named in (OpenVMS's for an unknown name). */
export function modeVocabulary(name: unknown): ModeVocabulary {
  return kernelInfo(name).vocabulary;
}

/** The parameter panel's words for choosing each kernel (controlFor's kernelChoices). */
export const KERNEL_CHOICES: Readonly<Record<string, string>> = Object.fromEntries(KERNELS.map((kernel) => [kernel.name, kernel.choice]));

/**
 * A setting's value in a few words for running text, as the kernels word their own
 * fields: kernel.kind by the kernel's title ("Scalable Kernel"), an enum field by its
 * control's `short` words ("ticket lock"); undefined where no kernel words it.
 */
export function valueWords(path: string, value: unknown): string | undefined {
  if (path === 'kernel.kind') return isKernelName(value) ? kernelInfo(value).title : undefined;
  for (const kernel of KERNELS) {
    for (const spec of [...kernel.mainControls, ...(kernel.moreControls ?? [])]) {
      const words = spec.path === path ? spec.short?.[String(value)] : undefined;
      if (words !== undefined) return words;
    }
  }
  return undefined;
}

/** Whether the app knows a kernel of that name. */
export function isKernelName(name: unknown): name is string {
  return typeof name === 'string' && byName.has(name);
}

/** "classic kernel" -> "Classic kernel": a title at the start of a sentence. */
export function capitalised(title: string): string {
  return title.charAt(0).toUpperCase() + title.slice(1);
}

/** The kernels a lab of this kernel sweeps: itself and its sweep partner, in the registry's order. */
export function sweepKernels(name: unknown): string[] {
  const own = kernelInfo(name);
  return KERNELS.filter((kernel) => kernel === own || kernel.name === own.sweepPartner).map((kernel) => kernel.name);
}

/** The CPU counts a lab of this kernel sweeps at first. */
export function sweepCpusOf(name: unknown): SweepCpus {
  return kernelInfo(name).sweepCpus ?? DEFAULT_SWEEP_CPUS;
}
