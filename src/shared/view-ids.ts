/*
 * view-ids.ts -- the views a lab can show, in the order the lab lays them out, with
 * their names in words, and which are drawn for a kernel. The engine's views are listed
 * here; a kernel adds its own (KernelInfo.ownViews, in src/kernels/<name>/), each after
 * the view it names. Lab.tsx exports the id's type as ViewId, the contract lessons use.
 */
import { isKernelName, KERNELS, kernelInfo } from '../kernels/index.js';
import type { KernelView } from '../kernels/types.js';

/** The engine's views, drawn from any kernel's run, in the lab's order. */
const ENGINE_VIEWS: readonly { id: string; title: string }[] = [
  { id: 'cpu-grid', title: 'CPUs' },
  { id: 'numa-topology', title: 'RADs (topology)' },
  { id: 'lock', title: 'Spinlock' },
  { id: 'numa-spinlock', title: 'Spinlock per RAD' },
  { id: 'modes', title: 'Modes' },
  { id: 'monitor-modes', title: 'MONITOR MODES' },
  { id: 'numa-traffic', title: 'RAD traffic' },
  { id: 'timeline', title: 'Timeline' },
  { id: 'lock-table', title: 'Lock table' },
  { id: 'scaling', title: 'Scaling' },
];

const ENGINE_IDS: ReadonlySet<string> = new Set(ENGINE_VIEWS.map((view) => view.id));

/** A view's id: an engine view's or a kernel's (checked at run time where it comes from a link, a lesson or an embed: isViewId). */
export type KnownViewId = string;

/** The kernels' views by id. */
export const KERNEL_VIEWS: ReadonlyMap<string, KernelView> = new Map(
  KERNELS.flatMap((kernel) => (kernel.ownViews ?? []).map((view) => [view.id, view] as const)),
);

/** The folder of the kernel that adds a view, by the view's id (src/kernels/<folder>/ draws it: the kernel's name, or its KernelInfo.folder). */
export const VIEW_FOLDER: ReadonlyMap<string, string> = new Map(
  KERNELS.flatMap((kernel) => (kernel.ownViews ?? []).map((view) => [view.id, kernel.folder ?? kernel.name] as const)),
);

/**
 * Every view in the lab's order: the engine's, and after each the kernels' views that
 * follow it (in the kernels' registry order, each kernel's in its own order).
 */
export const VIEW_IDS: readonly KnownViewId[] = (() => {
  const order = ENGINE_VIEWS.map((view) => view.id);
  for (const kernel of KERNELS) {
    for (const view of kernel.ownViews ?? []) {
      const at = order.indexOf(view.after);
      if (at < 0) throw new Error(`the ${kernel.name} kernel's view "${view.id}" follows "${view.after}", which is not a view`);
      // after its anchor and the kernels' views already placed after it
      let place = at + 1;
      while (place < order.length && KERNEL_VIEWS.has(order[place]!) && !ENGINE_IDS.has(order[place]!)) place++;
      order.splice(place, 0, view.id);
    }
  }
  return order;
})();

export const VIEW_TITLES: Readonly<Record<KnownViewId, string>> = Object.fromEntries([
  ...ENGINE_VIEWS.map((view) => [view.id, view.title]),
  ...[...KERNEL_VIEWS.values()].map((view) => [view.id, view.title]),
]);

/** A view's title ("CPUs"), or its id for an id the lab does not know. */
export function viewTitle(id: KnownViewId): string {
  return VIEW_TITLES[id] ?? id;
}

export function isViewId(value: unknown): value is KnownViewId {
  return typeof value === 'string' && VIEW_IDS.includes(value);
}

/**
 * The views about resource affinity domains (RADs, the QBBs of an AlphaServer GS): drawn
 * for a kernel that lists them (src/kernels: views), and for any kernel on a machine of
 * several RADs (machine.rads > 1). Every other view is drawn for the kernels that list it.
 */
const NUMA_VIEWS: ReadonlySet<KnownViewId> = new Set(['numa-topology', 'numa-traffic', 'numa-spinlock', 'monitor-modes']);

/** Whether the lab draws the view for this kernel (and this many RADs, machine.rads). */
export function viewDrawnFor(id: KnownViewId, kernel: unknown, rads?: unknown): boolean {
  if (NUMA_VIEWS.has(id)) return (isKernelName(kernel) && kernelInfo(kernel).views.includes(id)) || (typeof rads === 'number' && rads > 1);
  return !isKernelName(kernel) || kernelInfo(kernel).views.includes(id);
}

/** The views of a list the lab draws for a kernel (and machine.rads), in the list's order. */
export function viewsForKernel(views: readonly KnownViewId[], kernel: unknown, rads: unknown): KnownViewId[] {
  return views.filter((id) => viewDrawnFor(id, kernel, rads));
}
