/*
 * fake-worker.ts -- a stand-in for the simulation worker in tests: it records what the
 * page sends, and replies or fails when the test says so. Not used by the app.
 */
import type { WorkerLike } from './client.js';
import type { WorkerReply, WorkerRequest } from './protocol.js';

export class FakeWorker implements WorkerLike {
  sent: WorkerRequest[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  onmessageerror: ((event: MessageEvent) => void) | null = null;

  postMessage(message: unknown): void {
    this.sent.push(message as WorkerRequest);
  }

  terminate(): void {
    this.terminated = true;
  }

  reply(data: WorkerReply | unknown): void {
    this.onmessage?.({ data } as MessageEvent);
  }

  fail(message: string): void {
    this.onerror?.({ message, filename: 'http://x/assets/sim.worker.js', lineno: 3, preventDefault() {} } as unknown as ErrorEvent);
  }
}

/** A worker factory that keeps every fake worker it makes, newest last. */
export function fakeWorkers(): { workers: FakeWorker[]; create: () => FakeWorker } {
  const workers: FakeWorker[] = [];
  return {
    workers,
    create: () => {
      const worker = new FakeWorker();
      workers.push(worker);
      return worker;
    },
  };
}
