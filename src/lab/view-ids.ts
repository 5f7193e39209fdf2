/*
 * view-ids.ts -- the views a lab can show, in the order the lab lays them out, with
 * their names in words, and the kernels each is drawn for. Lab.tsx exports this list's
 * type as ViewId, the contract lessons use.
 */
export const VIEW_IDS = ['cpu-grid', 'lock', 'herd', 'cache-lines', 'krp-queue', 'modes', 'timeline', 'lock-table', 'scaling'] as const;

export type KnownViewId = (typeof VIEW_IDS)[number];

export const VIEW_TITLES: Readonly<Record<KnownViewId, string>> = {
  'cpu-grid': 'CPUs',
  lock: 'Spinlock',
  herd: 'Thundering herd',
  'cache-lines': 'Cache lines',
  'krp-queue': 'KRP queue',
  modes: 'Modes',
  timeline: 'Timeline',
  'lock-table': 'Lock table',
  scaling: 'Scaling',
};

export function isViewId(value: unknown): value is KnownViewId {
  return typeof value === 'string' && (VIEW_IDS as readonly string[]).includes(value);
}

/**
 * The kernels a view is drawn for (scenario kernel.kind); a view not listed is drawn
 * for every kernel. The KRP queue and the kernel sweep are about the OpenVMS kernels;
 * the thundering herd and the cache lines of lock words about SNA Server/6000.
 */
const VIEW_KERNELS: Partial<Record<KnownViewId, readonly string[]>> = {
  'krp-queue': ['classic', 'scalable'],
  scaling: ['classic', 'scalable'],
  herd: ['sna'],
  'cache-lines': ['sna'],
};

/** Whether the lab draws the view for this kernel. */
export function viewDrawnFor(id: KnownViewId, kernel: unknown): boolean {
  const kernels = VIEW_KERNELS[id];
  return !kernels || typeof kernel !== 'string' || kernels.includes(kernel);
}

/** The views of a list the lab draws for a kernel, in the list's order. */
export function viewsForKernel(views: readonly KnownViewId[], kernel: unknown): KnownViewId[] {
  return views.filter((id) => viewDrawnFor(id, kernel));
}
