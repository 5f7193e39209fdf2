/*
 * worker-factory.ts -- starts a simulation worker. Vite sees `new Worker(new URL(...))`
 * here and bundles src/worker/sim.worker.ts (and the wasm core it fetches) as its own
 * file, so the page's initial JavaScript stays small.
 */
import type { WorkerLike } from '../core/index.js';

export function createSimWorker(): WorkerLike {
  return new Worker(new URL('../worker/sim.worker.ts', import.meta.url), { type: 'module', name: 'stacklab-sim' });
}
