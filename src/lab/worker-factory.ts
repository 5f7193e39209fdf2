/*
 * worker-factory.ts -- starts a simulation worker. Vite sees `new Worker(new URL(...))`
 * here and bundles src/worker/sim.worker.ts (and the wasm core it fetches) as its own
 * file, so the page's initial JavaScript stays small.
 *
 * The page starts one worker before React has drawn anything (prestartSimWorker, from
 * main.tsx, on a page that shows a lab): the worker's script, the wasm core's fetch and
 * its streaming compile then run while the shell renders, not after it (issue 40: the
 * first animated frame). The first lab to ask for a worker gets that one; its messages
 * and errors from before the lab attached are kept and delivered, in order, once it has.
 */
import type { WorkerLike } from '../core/index.js';
import { reportLoadFailure } from '../offline/update.js';

function startWorker(): Worker {
  const worker = new Worker(new URL('../worker/sim.worker.ts', import.meta.url), { type: 'module', name: 'stacklab-sim' });
  // A worker whose script could not be fetched (gone after a deploy, src/offline/update.ts)
  // fires an error event with no message; an exception inside it has one.
  worker.addEventListener('error', (event) => {
    if (!(event as Partial<ErrorEvent>).message) reportLoadFailure();
  });
  return worker;
}

type Kind = 'message' | 'error' | 'messageerror';

/** A worker started early: what it sends before a client sets its handlers waits for them. */
export class EarlyWorker implements WorkerLike {
  private readonly waiting: Array<{ kind: Kind; event: Event }> = [];
  private readonly handlers: {
    message: WorkerLike['onmessage'];
    error: WorkerLike['onerror'];
    messageerror: WorkerLike['onmessageerror'];
  } = {
    message: null,
    error: null,
    messageerror: null,
  };
  private flushQueued = false;

  constructor(private readonly worker: Worker) {
    worker.onmessage = (event) => this.deliver('message', event);
    worker.onerror = (event) => {
      // kept for the client, which tells the learner in words; not an uncaught error meanwhile
      if (!this.handlers.error) event.preventDefault();
      this.deliver('error', event);
    };
    worker.onmessageerror = (event) => this.deliver('messageerror', event);
  }

  get onmessage() {
    return this.handlers.message;
  }
  set onmessage(handler) {
    this.attach('message', handler);
  }
  get onerror() {
    return this.handlers.error;
  }
  set onerror(handler) {
    this.attach('error', handler);
  }
  get onmessageerror() {
    return this.handlers.messageerror;
  }
  set onmessageerror(handler) {
    this.attach('messageerror', handler);
  }

  postMessage(message: unknown, transfer?: Transferable[]): void {
    this.worker.postMessage(message, transfer ?? []);
  }

  terminate(): void {
    this.waiting.length = 0;
    this.worker.terminate();
  }

  private attach(kind: Kind, handler: ((event: never) => void) | null): void {
    (this.handlers as Record<Kind, unknown>)[kind] = handler;
    // after the client has set all its handlers (openWorker sets them in one go), in order
    if (handler && this.waiting.length > 0 && !this.flushQueued) {
      this.flushQueued = true;
      queueMicrotask(() => {
        this.flushQueued = false;
        this.flush();
      });
    }
  }

  private deliver(kind: Kind, event: Event): void {
    if (this.waiting.length > 0 || !this.handlers[kind]) this.waiting.push({ kind, event });
    else this.call(kind, event);
    if (this.waiting.length > 0 && this.handlers[kind]) this.flush();
  }

  private flush(): void {
    while (this.waiting.length > 0 && this.handlers[this.waiting[0]!.kind]) {
      const { kind, event } = this.waiting.shift()!;
      this.call(kind, event);
    }
  }

  private call(kind: Kind, event: Event): void {
    (this.handlers[kind] as ((event: Event) => void) | null)?.(event);
  }
}

/** Workers started before anyone asked for one, oldest first. */
const spare: EarlyWorker[] = [];

/**
 * Makes sure `count` workers are started and waiting (the page's first lab, from main.tsx;
 * the sweep's workers, when a lab's sweep controls are on screen); the next
 * createSimWorker() calls take them.
 */
export function prestartSimWorkers(count = 1): void {
  while (spare.length < count) spare.push(new EarlyWorker(startWorker()));
}

export function createSimWorker(): WorkerLike {
  return spare.shift() ?? startWorker();
}
