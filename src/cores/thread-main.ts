/*
 * src/cores/thread-main.ts -- a "Your own cores" thread's side of the conversation
 * (issue 41): one request in, one reply out, each run to its end before the next (the
 * loops block the thread, as they must: Atomics.wait is allowed in a worker, never on a
 * browser's main thread). Environment-free, so both hosts wrap it in a few lines:
 *
 *   browser module Worker:  src/cores/thread.worker.ts
 *   Node worker_threads:    src/cores/node-worker.ts
 *
 * The SharedArrayBuffer in a request is shared, not copied, by postMessage (a browser
 * needs the page cross-origin isolated for that).
 */
import { benchThread, type BenchOutcome } from './bench-loop.js';
import { pingSide, pongSide, soloCosts } from './machine.js';
import type { BenchParams } from './types.js';

export type ThreadRequest =
  /** Run thread `index` of a bench run over `buffer` (bench-loop.ts). */
  | { kind: 'bench'; buffer: SharedArrayBuffer; index: number; params: BenchParams }
  /** The two sides of the line ping-pong (machine.ts). */
  | { kind: 'ping' | 'pong'; buffer: SharedArrayBuffer; rounds: number; batches: number }
  /** The one-thread costs (machine.ts). */
  | { kind: 'solo' };

export type ThreadReply =
  | { kind: 'bench'; outcome: BenchOutcome }
  | { kind: 'ping'; roundTripNs: number[] }
  | { kind: 'pong' }
  | { kind: 'solo'; uncontendedNs: number; spinNs: number; settled: boolean; sink: number }
  | { kind: 'error'; message: string };

/** Runs one request; a failure is a reply ({kind: 'error'}), never a throw. */
export function handleThreadMessage(message: unknown): ThreadReply {
  try {
    const request = message as ThreadRequest;
    switch (request?.kind) {
      case 'bench':
        return { kind: 'bench', outcome: benchThread(request.buffer, request.index, request.params) };
      case 'ping':
        return { kind: 'ping', roundTripNs: pingSide(request.buffer, request.rounds, request.batches) };
      case 'pong':
        pongSide(request.buffer, request.rounds, request.batches);
        return { kind: 'pong' };
      case 'solo':
        return { kind: 'solo', ...soloCosts() };
      default:
        return { kind: 'error', message: `a thread got a request it does not know: ${JSON.stringify(message)?.slice(0, 200)}` };
    }
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
}
