/*
 * node-host-env.test-support.ts -- the simulation host's environment in Node, for the
 * tests that run the worker's host (SimHost) without a worker: Node's clock, timers and
 * setImmediate, and the caller's `post`. Not part of the app: tsconfig.json leaves
 * *.test-support.ts out, and tsconfig.test.json checks it with the tests.
 */
import type { HostEnv } from './host.js';

export function nodeHostEnv(post: HostEnv['post']): HostEnv {
  return {
    post,
    now: () => performance.timeOrigin + performance.now(),
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    yieldThen: (run) => setImmediate(run),
  };
}
