/*
 * ui.ts -- the kernels' contributions that only the browser's lab loads (the CLI, which
 * compiles the registry in index.ts, never does): a kernel's own panel after the lab's
 * views. Adding one is a line here; the lab looks a kernel up in KERNEL_UIS by its name and
 * never asks which kernel runs.
 */
import type { ComponentType } from 'react';
import type { LabStore } from '../lab/store.js';
import type { Theme } from '../views/palette.js';

/** What a kernel's own lab panel is given: the lab's store, to read and run, and the theme. */
export interface KernelPanelProps {
  store: LabStore;
  theme: Theme;
}

export interface KernelUi {
  /** A panel after the views, a chunk of its own loaded only by this kernel's labs. */
  panel?: () => Promise<{ default: ComponentType<KernelPanelProps> }>;
}

const UI: Readonly<Record<string, KernelUi>> = {
  // the SNA port's journey: 1-way against 4-way, remedy by remedy (source 001)
  sna: { panel: () => import('../lab/journey/JourneyPanel.js').then((m) => ({ default: m.JourneyPanel })) },
};

/** Every kernel's, by name: for a lazy component made once per kernel. */
export const KERNEL_UIS: ReadonlyMap<string, KernelUi> = new Map(Object.entries(UI));
