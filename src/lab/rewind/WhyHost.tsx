/*
 * WhyHost.tsx -- where the lab's Why panel appears: nothing until a wait is chosen,
 * then the panel (a lazily loaded chunk: the sentences are not needed on first paint).
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { LabStore } from '../store.js';
import { whyFor } from './why-state.js';

const WhyPanel = lazy(() => import('./WhyPanel.js'));

export function WhyHost({ store }: { store: LabStore }) {
  const why = whyFor(store);
  const seq = useSyncExternalStore(why.subscribe, why.getSnapshot, why.getSnapshot);
  const current = why.current;
  if (!seq || !current) return null;
  return (
    <Suspense fallback={null}>
      <WhyPanel store={store} why={why} request={current.request} seq={current.seq} />
    </Suspense>
  );
}
