/*
 * kernel-panel.tsx -- a kernel's own panel after the lab's views (the SNA port's journey:
 * src/kernels/sna/Panel.tsx), found by its place: a kernel folder's Panel.tsx exporting
 * `Panel` has one, and adding one needs no line here. Each is a chunk of its own, loaded
 * only by the labs of its kernel; the CLI, which compiles the kernel registry, never
 * sees them.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import type { LabStore } from './store.js';
import type { Theme } from '../views/palette.js';

/** What a kernel's own lab panel is given: the lab's store, to read and run, and the theme. */
export interface KernelPanelProps {
  store: LabStore;
  theme: Theme;
}

/** Each kernel folder's Panel.tsx, by path, loaded when a lab of that kernel first draws it. */
const PANEL_MODULES = import.meta.glob<{ Panel: ComponentType<KernelPanelProps> }>('../kernels/*/Panel.tsx');

/**
 * The kernels' panels as lazy components, by kernel name (the folder's), made once each
 * at module level: a render only looks one up. No prototype, so only a folder's name finds one.
 */
const PANELS: Readonly<Record<string, ComponentType<KernelPanelProps> | undefined>> = Object.assign(
  Object.create(null) as object,
  Object.fromEntries(
    Object.entries(PANEL_MODULES).map(([path, load]) => [path.split('/')[2]!, lazy(() => load().then((m) => ({ default: m.Panel })))]),
  ),
);

/** The running kernel's own panel, if its folder has one; nothing else. */
export function KernelPanel({ kernel, store, theme }: { kernel: unknown } & KernelPanelProps) {
  const Panel = typeof kernel === 'string' ? PANELS[kernel] : undefined;
  return Panel ? (
    <Suspense fallback={null}>
      <Panel store={store} theme={theme} />
    </Suspense>
  ) : null;
}
