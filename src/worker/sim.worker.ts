/*
 * sim.worker.ts -- the simulation Web Worker: loads the core once, announces its
 * schema, and hands every request to a SimHost (host.ts), which answers with frames.
 * Requests that arrive while the core is loading wait for it. A core that cannot
 * load, or any failure the host cannot recover from, is reported as a fault; the main
 * thread then replaces this worker.
 */
import wasmUrl from '../../wasm-core/build/stacklab.wasm?url';
import { loadCore } from '../core/wasm.js';
import { describeFault, wallNow, type WorkerReply, type WorkerRequest } from '../core/protocol.js';
import { SimHost, type HostEnv } from './host.js';

/** The parts of DedicatedWorkerGlobalScope used here (the DOM lib does not declare it). */
interface WorkerScope {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  location: { href: string };
}
const scope = self as unknown as WorkerScope;

/** Runs callbacks after the messages already queued (a MessageChannel task, not a clamped timeout). */
const channel = new MessageChannel();
const yielded: Array<() => void> = [];
channel.port1.onmessage = () => yielded.shift()?.();

const env: HostEnv = {
  post: (reply: WorkerReply, transfer: ArrayBuffer[]) => scope.postMessage(reply, transfer),
  now: wallNow,
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  yieldThen: (run) => {
    yielded.push(run);
    channel.port2.postMessage(null);
  },
};

let host: SimHost | undefined;
const waiting: WorkerRequest[] = [];

scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
  if (host) host.handle(event.data);
  else waiting.push(event.data);
};

loadCore(new URL(wasmUrl, scope.location.href)).then(
  (core) => {
    host = new SimHost(core, env);
    host.ready();
    for (const request of waiting.splice(0)) host.handle(request);
  },
  (error: unknown) => {
    const fault = describeFault(error);
    scope.postMessage({
      ...fault,
      message: `The simulation core could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
    } satisfies WorkerReply);
  },
);
