/*
 * index.ts -- the kernel registry: every kernel the app knows, in the core's order
 * (kernel.kind's names; wasm-core/src/kernels/registry.c), and looking one up. The list
 * itself is generated (list.gen.ts, by `npm run gen`) from the core's registry: adding a
 * kernel is its folder here (src/kernels/<name>/, its record a KernelInfo), its folder in
 * the core, and the core's K(name) line.
 */
import { DEFAULT_SWEEP_CPUS, type SweepCpus } from '../core/sweep.js';
import type { ModeVocabulary } from '../views/palette.js';
import { KERNEL_LIST } from './list.gen.js';
import type { KernelInfo, QueueWords } from './types.js';

export type { Companion, FiguresProps, KernelInfo, KernelPair, ScalingTerms, Throughput } from './types.js';

/** Every kernel, in the core's order: list.gen.ts, which `npm run gen` writes from the core's registry. */
export const KERNELS: readonly KernelInfo[] = KERNEL_LIST;

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

/** A request queue in plain words, for a kernel that gives none of its own. */
export const PLAIN_QUEUE_WORDS: QueueWords = { request: 'request', server: 'its server' };

/** A kernel's request queue in its words (KernelInfo.queueWords), or plain ones. */
export function queueWords(name: unknown): QueueWords {
  return kernelInfo(name).queueWords ?? PLAIN_QUEUE_WORDS;
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
