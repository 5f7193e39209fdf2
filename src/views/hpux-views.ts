/*
 * hpux-views.ts -- the three HP-UX 9.0 views (kernel hpux: checksum offload and copy
 * avoidance, source 003) in one chunk, loaded when a lab first shows one
 * (view-registry.tsx), so labs of the other kernels do not download them.
 */
export { HpuxJourney } from './hpux-journey/HpuxJourney.js';
export { HpuxBuffers } from './hpux-buffers/HpuxBuffers.js';
export { HpuxCurves } from './hpux-curves/HpuxCurves.js';
