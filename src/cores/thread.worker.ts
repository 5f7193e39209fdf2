/*
 * thread.worker.ts -- one "Your own cores" thread in the browser: a module Web Worker
 * (started by src/cores/page/browser-host.ts) that hands each request to the thread's
 * environment-free side (thread-main.ts: a bench run's thread, a side of the line
 * ping-pong, the one-thread costs) and posts its reply. The loops block this worker while
 * they run, as they must: Atomics.wait is allowed here, never on the page's main thread.
 */
import { handleThreadMessage } from './thread-main.js';

/** The parts of DedicatedWorkerGlobalScope used here (the DOM lib does not declare it). */
interface WorkerScope {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => scope.postMessage(handleThreadMessage(event.data));
