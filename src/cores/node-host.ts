/*
 * src/cores/node-host.ts -- the ThreadHost of `stacklab locks` and the tests (issue 41):
 * each thread a Node worker_thread running node-worker.js. Node cannot start a worker
 * from TypeScript, so the worker is the compiled one in dist-cli/cores/ (the CLI runs
 * from there, beside it; Vitest runs this file from src/ and bin/stacklab.mjs and the
 * tests' setup build dist-cli/ first: scripts/ensure-built.mjs).
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BenchThread, ThreadHost } from './types.js';

/** node-worker.js beside this file (dist-cli/cores/), else the built one (running from src/cores/). */
export function nodeWorkerUrl(): URL {
  const beside = new URL('./node-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(beside))) return beside;
  const built = new URL('../../dist-cli/cores/node-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return built;
  throw new Error(`${fileURLToPath(built)} is missing; build the CLI: npm run build:cli`);
}

/** Threads as worker_threads; cores is os.availableParallelism(). */
export function nodeThreadHost(): ThreadHost {
  const url = nodeWorkerUrl();
  return {
    cores: availableParallelism(),
    spawn(): BenchThread {
      const worker = new Worker(url);
      let ended = false;
      return {
        post: (message) => worker.postMessage(message),
        onMessage: (listener) => void worker.on('message', listener),
        onError: (listener) => {
          worker.on('error', (error) => listener(error.message));
          worker.on('exit', (code) => {
            if (!ended) listener(`it exited (code ${code})`);
          });
        },
        terminate: () => {
          ended = true;
          void worker.terminate();
        },
      };
    },
  };
}
