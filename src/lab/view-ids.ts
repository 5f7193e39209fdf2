/*
 * view-ids.ts -- the views a lab can show, in the order the lab lays them out, with
 * their names in words, and the kernels each is drawn for. Lab.tsx exports this list's
 * type as ViewId, the contract lessons use.
 */
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
 * The kernels a view is drawn for (scenario kernel.kind); a view not listed is drawn
 * for every kernel. The KRP queue and the kernel sweep are about the OpenVMS kernels;
 * the thundering herd and the cache lines of lock words about SNA Server/6000; the
 * network views about the onload kernel (OpenOnload against the Linux kernel stack);
 * the byte journey, the send buffers and their curves about HP-UX 9.0's checksum
 * offload and copy avoidance (hpux); the NUMA views (NUMA_VIEWS below) about machines
 * of several RADs.
 */
const VIEW_KERNELS: Partial<Record<KnownViewId, readonly string[]>> = {
  'krp-queue': ['classic', 'scalable'],
  scaling: ['classic', 'scalable'],
  herd: ['sna'],
  'cache-lines': ['sna'],
  'net-latency': ['onload'],
  'net-size-curve': ['onload'],
  'net-livelock': ['onload'],
  'net-stack-lock': ['onload'],
  'hpux-journey': ['hpux'],
  'hpux-buffers': ['hpux'],
  'hpux-curves': ['hpux'],
};

/**
 * Kernels a view is not drawn for, though it is for every other. The spin-lock view and
 * the lock table are about kernel spin locks and the GS160 paper's figures (the lock
 * table sets a run beside them, the lock view names the kernel classic or scalable); the
 * onload kernel's lock is OpenOnload's stack lock, drawn by net-stack-lock. HP-UX 9.0's
 * TCP stream (hpux) runs on uniprocessors and takes no spin locks at all.
 */
const VIEW_NOT_KERNELS: Partial<Record<KnownViewId, readonly string[]>> = {
  lock: ['onload', 'hpux'],
  'lock-table': ['onload', 'hpux'],
};

/**
 * The views about resource affinity domains (RADs, the QBBs of an AlphaServer GS): drawn
 * for the NUMA kernel, or for any kernel on a machine of several RADs (machine.rads > 1),
 * and never otherwise, so the other kernels' lists stay as they were.
 */
const NUMA_VIEWS: ReadonlySet<KnownViewId> = new Set(['numa-topology', 'numa-traffic', 'numa-spinlock', 'monitor-modes']);

/** Whether the lab draws the view for this kernel (and this many RADs, machine.rads). */
export function viewDrawnFor(id: KnownViewId, kernel: unknown, rads?: unknown): boolean {
  if (NUMA_VIEWS.has(id)) return kernel === 'numa' || (typeof rads === 'number' && rads > 1);
  if (typeof kernel === 'string' && VIEW_NOT_KERNELS[id]?.includes(kernel)) return false;
  const kernels = VIEW_KERNELS[id];
  return !kernels || typeof kernel !== 'string' || kernels.includes(kernel);
}

/** The views of a list the lab draws for a kernel (and machine.rads), in the list's order. */
export function viewsForKernel(views: readonly KnownViewId[], kernel: unknown, rads: unknown): KnownViewId[] {
  return views.filter((id) => viewDrawnFor(id, kernel, rads));
}
