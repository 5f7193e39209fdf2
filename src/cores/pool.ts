/*
 * src/cores/pool.ts -- the coordinator's threads (issue 41): started through a
 * ThreadHost when first asked for, kept for the next run (starting one costs tens of
 * ms), each answering its requests in order (thread-main.ts). Environment-free.
 */
import type { ThreadReply, ThreadRequest } from './thread-main.js';
import type { BenchThread, ThreadHost } from './types.js';

interface Pending {
  resolve(reply: ThreadReply): void;
  reject(error: Error): void;
}

class Link {
  private readonly pending: Pending[] = [];
  private failure: Error | undefined;

  constructor(
    readonly thread: BenchThread,
    readonly index: number,
  ) {
    thread.onMessage((message) => {
      const reply = message as ThreadReply;
      const waiting = this.pending.shift();
      if (!waiting) return;
      if (reply?.kind === 'error') waiting.reject(new Error(`thread ${index}: ${reply.message}`));
      else waiting.resolve(reply);
    });
    thread.onError((message) => this.fail(new Error(`thread ${index} failed: ${message}`)));
  }

  /** Every request out, and every one to come, fails with `error`. */
  fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.pending.splice(0)) waiting.reject(this.failure);
  }

  request(message: ThreadRequest): Promise<ThreadReply> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.pending.push({ resolve, reject });
      this.thread.post(message);
    });
  }
}

export class ThreadPool {
  private readonly links: Link[] = [];
  private closed = false;

  constructor(readonly host: ThreadHost) {}

  /** Sends thread `index` a request (starting threads up to it first); its reply. */
  request(index: number, message: ThreadRequest): Promise<ThreadReply> {
    if (this.closed) return Promise.reject(new Error('the threads were stopped'));
    while (this.links.length <= index) this.links.push(new Link(this.host.spawn(), this.links.length));
    return this.links[index]!.request(message);
  }

  /** Ends every thread; a request still out fails. */
  close(): void {
    this.closed = true;
    for (const link of this.links.splice(0)) {
      link.fail(new Error('the threads were stopped'));
      link.thread.terminate();
    }
  }
}
