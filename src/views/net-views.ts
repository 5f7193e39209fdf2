/*
 * net-views.ts -- the four network stack views (kernel onload) in one chunk, loaded when
 * a lab first shows one (view-registry.tsx), so labs of the other kernels do not
 * download them. (Skeleton: the views follow.)
 */
export {};
