/*
 * sna-views.ts -- the SNA kernel's two views (the thundering herd, the cache lines) in
 * one chunk, loaded when a lab first shows one (view-registry.tsx), so labs of the other
 * kernels do not download them.
 */
export { CacheLineView } from './cache-lines/CacheLineView.js';
export { HerdView } from './herd/HerdView.js';
