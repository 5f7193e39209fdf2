// worker-factory.test.ts -- a worker started early (EarlyWorker): what it sends before a
// client attaches waits, and arrives in order once the client has set its handlers; an
// early error is kept (not left uncaught) for the client to tell in words.
import { describe, expect, it, vi } from 'vitest';
import { EarlyWorker } from './worker-factory.js';

/** The part of a Worker EarlyWorker uses, driven by the test. */
function fakeWorker() {
  return {
    onmessage: null as ((event: MessageEvent) => void) | null,
    onerror: null as ((event: ErrorEvent) => void) | null,
    onmessageerror: null as ((event: MessageEvent) => void) | null,
    postMessage: vi.fn(),
    terminate: vi.fn(),
  };
}

const message = (data: unknown) => ({ data }) as MessageEvent;

describe('a worker started before the lab asks for one', () => {
  it('keeps its early messages and errors, and delivers them in order once the client has attached', async () => {
    const raw = fakeWorker();
    const worker = new EarlyWorker(raw as unknown as Worker);
    raw.onmessage!(message('ready'));
    const error = { message: 'boom', preventDefault: vi.fn() } as unknown as ErrorEvent;
    raw.onerror!(error);
    expect(error.preventDefault).toHaveBeenCalled();
    const seen: unknown[] = [];
    worker.onmessage = (event) => seen.push(event.data);
    worker.onerror = (event) => seen.push(`error: ${event.message}`);
    worker.onmessageerror = () => seen.push('messageerror');
    expect(seen).toEqual([]); // after the client's handlers are all set
    await Promise.resolve();
    expect(seen).toEqual(['ready', 'error: boom']);
    raw.onmessage!(message('frame'));
    expect(seen).toEqual(['ready', 'error: boom', 'frame']);
    worker.postMessage({ type: 'load' });
    expect(raw.postMessage).toHaveBeenCalledWith({ type: 'load' }, []);
    worker.terminate();
    expect(raw.terminate).toHaveBeenCalled();
  });

  it('passes messages straight on once attached, and keeps nothing after it is terminated', async () => {
    const raw = fakeWorker();
    const worker = new EarlyWorker(raw as unknown as Worker);
    const seen: unknown[] = [];
    worker.onmessage = (event) => seen.push(event.data);
    raw.onmessage!(message(1));
    expect(seen).toEqual([1]);
    worker.onmessage = null;
    raw.onmessage!(message(2));
    worker.terminate();
    worker.onmessage = (event) => seen.push(event.data);
    await Promise.resolve();
    expect(seen).toEqual([1]);
  });
});
