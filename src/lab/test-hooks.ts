/*
 * test-hooks.ts -- what the end-to-end tests reach through window.__stacklab: each open
 * lab, with a way to make its worker fail as a trap in the core or a crash would
 * (e2e/fault.spec.ts). Compiled only into test builds: callers guard the import with
 * import.meta.env.STACKLAB_TEST_HOOKS, which vite.config.ts sets true only for the dev
 * server, Vitest and `vite build --mode testhooks` (the build the e2e specs that need
 * hooks make, e2e/build.ts), so a production bundle has none of this code. Even in a
 * test build the hooks are installed only when the page's URL has ?testhooks.
 *
 * It reaches the store's worker client through the store's private field on purpose:
 * a test hook adds no method to the classes production ships.
 */
import type { WorkerRequest } from '../core/protocol.js';
import type { LabStore } from './store.js';

export interface LabHook {
  store: LabStore;
  /** Makes the lab's worker fail: a WebAssembly trap in the core, or an exception that escapes the worker. */
  injectFault(kind: 'trap' | 'throw'): void;
  /** Ends the lab's worker without an error, as the browser ending the thread would: nothing is said, frames just stop. */
  silenceWorker(): void;
}

interface TestHooks {
  labs: LabHook[];
}

declare global {
  interface Window {
    __stacklab?: TestHooks;
  }
}

/** Adds the lab to window.__stacklab.labs when the URL has ?testhooks; returns its removal. */
export function registerTestHook(store: LabStore): () => void {
  if (typeof window === 'undefined' || !new URLSearchParams(window.location.search).has('testhooks')) return () => {};
  const hooks = (window.__stacklab ??= { labs: [] });
  const internals = store as unknown as { client: { send(request: WorkerRequest): void; worker?: { terminate(): void } } };
  const hook: LabHook = {
    store,
    injectFault: (kind) => internals.client.send({ type: 'fault', kind }),
    silenceWorker: () => internals.client.worker?.terminate(),
  };
  hooks.labs.push(hook);
  return () => {
    hooks.labs = hooks.labs.filter((lab) => lab !== hook);
  };
}
