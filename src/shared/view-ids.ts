/*
 * view-ids.ts -- the views a lab can show, in the order the lab lays them out, with
 * their names in words, and which are drawn for a kernel. Lab.tsx exports this list's
 * type as ViewId, the contract lessons use.
 */
import { isKernelName, kernelInfo } from '../kernels/index.js';

export const VIEW_IDS = [
  'cpu-grid', 'numa-topology', 'net-latency', 'hpux-journey', 'lock', 'net-stack-lock', 'hpux-buffers', 'numa-spinlock', 'herd',
  'cache-lines', 'krp-queue', 'modes', 'monitor-modes', 'numa-traffic', 'timeline', 'lock-table', 'scaling', 'net-size-curve',
  'net-livelock', 'hpux-curves',
] as const;

export type KnownViewId = (typeof VIEW_IDS)[number];

export const VIEW_TITLES: Readonly<Record<KnownViewId, string>> = {
  'cpu-grid': 'CPUs',
  'numa-topology': 'RADs (topology)',
  'numa-spinlock': 'Spinlock per RAD',
  'monitor-modes': 'MONITOR MODES',
  'numa-traffic': 'RAD traffic',
  lock: 'Spinlock',
  herd: 'Thundering herd',
  'cache-lines': 'Cache lines',
  'krp-queue': 'KRP queue',
  modes: 'Modes',
  timeline: 'Timeline',
  'lock-table': 'Lock table',
  scaling: 'Scaling',
  'net-latency': 'Round-trip breakdown',
  'net-size-curve': 'Throughput by message size',
  'net-livelock': 'Receive livelock',
  'net-stack-lock': 'Stack lock',
  'hpux-journey': 'One send, byte by byte',
  'hpux-buffers': 'Send buffers and the socket buffer',
  'hpux-curves': 'CPU and throughput against buffers and dirtiness',
};

export function isViewId(value: unknown): value is KnownViewId {
  return typeof value === 'string' && (VIEW_IDS as readonly string[]).includes(value);
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
