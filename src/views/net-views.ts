/*
 * net-views.ts -- the four network stack views (kernel onload: OpenOnload against the
 * Linux kernel stack) in one chunk, loaded when a lab first shows one
 * (view-registry.tsx), so labs of the other kernels do not download them.
 */
export { NetLatency } from './net-latency/NetLatency.js';
export { NetSizeCurve } from './net-size-curve/NetSizeCurve.js';
export { NetLivelock } from './net-livelock/NetLivelock.js';
export { NetStackLock } from './net-stack-lock/NetStackLock.js';
