/*
 * list.gen.ts -- written by `npm run gen` (scripts/gen-kernel-list.mjs) from the core's
 * registry, wasm-core/src/kernels/registry.c: every kernel's record in kernel.kind's order.
 * Do not edit: add a kernel's K(name) line there and its folder here.
 */
import type { KernelInfo } from './types.js';
import { classic } from './openvms/classic.js';
import { scalable } from './openvms/scalable.js';
import { sna } from './sna/index.js';
import { numa } from './numa/index.js';
import { onload } from './onload/index.js';
import { hpux } from './hpux/index.js';
import { service } from './service/index.js';

export const KERNEL_LIST: readonly KernelInfo[] = [classic, scalable, sna, numa, onload, hpux, service];
