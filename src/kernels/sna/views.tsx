/*
 * views.tsx -- SNA Server/6000's views (source 001) as the lab draws them: the herd a
 * lockl() release wakes (herd/), and the cache lines its locks and counters share
 * (cache-lines/). One chunk, loaded when a lab first shows one of them (index.ts:
 * ownViews), so labs of the other kernels do not download them.
 */
import type { ComponentType } from 'react';
import type { ViewInputs } from '../../shared/view-inputs.js';
import { CacheLineView } from './cache-lines/CacheLineView.js';
import { HerdView } from './herd/HerdView.js';

export function HerdAdapter(v: ViewInputs) {
  return (
    <HerdView
      snapshot={v.snapshot}
      report={v.report}
      compare={v.companion}
      theme={v.theme}
      width={v.width}
      height={v.height}
      stage={v.stage}
      modeNames={v.schema.modes}
    />
  );
}

export function CacheLinesAdapter(v: ViewInputs) {
  return <CacheLineView snapshot={v.snapshot} report={v.report} theme={v.theme} width={v.width} />;
}

/** The kernel's views by id (index.ts: ownViews), as the lab finds them (view-registry.tsx). */
export const VIEWS: Readonly<Record<string, ComponentType<ViewInputs>>> = {
  herd: HerdAdapter,
  'cache-lines': CacheLinesAdapter,
};
