/*
 * Figures.tsx -- the lab's headline numbers in the source's measures, big enough for
 * the back row. Each kernel brings its own list (src/kernels/<name>.ts, `figures`),
 * loaded with the kernel; figures over the measured window come from the snapshot
 * (live every frame) or the report (live a few times a second, final at the end).
 * Each carries its value in data-value for tests.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { KERNELS, kernelInfo, type FiguresProps } from '../kernels/index.js';
import { useLab } from './hooks.js';
import type { LabStore } from './store.js';

function Starting() {
  return (
    <dl className="figures figures-empty" aria-busy="true">
      <div className="figure">
        <dt>Starting the simulation</dt>
        <dd>…</dd>
      </div>
    </dl>
  );
}

/**
 * Each kernel's figures component, by kernel name: made once, at module level, so a
 * render only looks one up (a lazy component's chunk loads when it is first drawn).
 */
const FIGURES: Readonly<Record<string, LazyExoticComponent<ComponentType<FiguresProps>>>> = Object.fromEntries(
  KERNELS.map((kernel) => [kernel.name, lazy(kernel.figures)]),
);

export function Figures({ store }: { store: LabStore }) {
  const snapshot = useLab(store, 'snapshot');
  const report = useLab(store, 'report');
  const schema = useLab(store, 'schema');
  if (!snapshot || !schema) return <Starting />;
  const kernel = kernelInfo(snapshot.kernel);
  const KernelFigures = FIGURES[kernel.name]!;
  return (
    <Suspense fallback={<Starting />}>
      <KernelFigures schema={schema} snapshot={snapshot} report={report} kernel={kernel} />
    </Suspense>
  );
}
