/*
 * worker-factory.ts -- starts a simulation worker. Vite sees `new Worker(new URL(...))`
 * here and bundles src/worker/sim.worker.ts (and the wasm core it fetches) as its own
 * file, so the page's initial JavaScript stays small.
 */
import type { WorkerLike } from '../core/index.js';
import { reportLoadFailure } from '../offline/update.js';

export function createSimWorker(): WorkerLike {
  const worker = new Worker(new URL('../worker/sim.worker.ts', import.meta.url), { type: 'module', name: 'stacklab-sim' });
  // A worker whose script could not be fetched (gone after a deploy, src/offline/update.ts)
  // fires an error event with no message; an exception inside it has one.
  worker.addEventListener('error', (event) => {
    if (!(event as Partial<ErrorEvent>).message) reportLoadFailure();
  });
  return worker;
}
