/*
 * numa-views.ts -- the four NUMA views in one chunk, loaded when a lab first shows one
 * (view-registry.tsx), so labs of the other kernels do not download them.
 */
export { MonitorModes } from './monitor-modes/MonitorModes.js';
export { NumaSpinlock } from './numa-spinlock/NumaSpinlock.js';
export { NumaTopology } from './numa-topology/NumaTopology.js';
export { NumaTraffic } from './numa-traffic/NumaTraffic.js';
