/*
 * scheduler.ts -- the lab's frame scheduler. Everything that changes on screen while a
 * simulation plays -- taking due frames from the worker, decoding the snapshot,
 * feeding the trace to the views, and the views' own tweens -- runs from the one
 * requestAnimationFrame loop in views/motion.ts, so there is exactly one loop per page.
 * requestFrame() asks for a single call on the next frame; asking again from inside
 * that call asks for the frame after. Several requests for the same task in one frame
 * run it once.
 */
import { onFrame } from '../views/motion.js';

type Task = (now: number) => void;

const pending = new Set<Task>();
let stop: (() => void) | undefined;

function run(now: number): void {
  const tasks = [...pending];
  pending.clear();
  for (const task of tasks) {
    try {
      task(now);
    } catch (error) {
      // One lab's failure must not stop the others' frames; the error still reaches the console.
      queueMicrotask(() => {
        throw error;
      });
    }
  }
  if (pending.size === 0 && stop) {
    stop();
    stop = undefined;
  }
}

/** Runs task once on the next animation frame (with the frame's timestamp). */
export function requestFrame(task: Task): void {
  pending.add(task);
  stop ??= onFrame(run);
}
