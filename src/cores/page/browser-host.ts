/*
 * browser-host.ts -- the bench's ThreadHost in the browser (src/cores/types.ts): each
 * thread is a module Web Worker running src/cores/thread.worker.ts, which runs the
 * thread loop (src/cores/thread-main.ts) over the SharedArrayBuffer the runner posts it.
 * Vite sees `new Worker(new URL(...))` and bundles the worker as its own file. A worker
 * whose script fails to load, or that throws, is reported to the runner in words, and
 * its error event is marked handled (the page says what went wrong; the console need not).
 */
import type { BenchThread, ThreadHost } from '../types.js';

export function browserThreadHost(cores = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency || 1 : 1): ThreadHost {
  return {
    cores,
    spawn(): BenchThread {
      const worker = new Worker(new URL('../thread.worker.ts', import.meta.url), { type: 'module', name: 'stacklab-cores' });
      return {
        post: (message) => worker.postMessage(message),
        onMessage: (listener) => worker.addEventListener('message', (event: MessageEvent) => listener(event.data)),
        onError: (listener) => {
          worker.addEventListener('error', (event: ErrorEvent) => {
            event.preventDefault();
            listener(event.message || 'a bench thread could not start (its script did not load)');
          });
          worker.addEventListener('messageerror', () => listener('a message from a bench thread could not be read'));
        },
        terminate: () => worker.terminate(),
      };
    },
  };
}
