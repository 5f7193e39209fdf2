/*
 * playback.ts -- how simulated time maps to wall time. Speeds are simulated
 * nanoseconds per wall second, on a 1-2-5 ladder from slow motion (1 us of simulated
 * time per second: single lock handoffs are visible) up to as fast as the core runs.
 *
 * The Pacer plans the worker's chunks: at a finite speed it produces one frame per
 * display frame, a little ahead of the wall time it is due (so the main thread always
 * has the next frame in hand), and never more simulated time per chunk than the core
 * can run in its work budget; when the core cannot keep up, playback slips rather
 * than bursting to catch up. At the top speed every chunk is one work budget long and
 * frames are shown as soon as they arrive. Pure: the caller passes the clock in.
 */

/** Simulated nanoseconds per wall second; Infinity means as fast as the core runs. */
export type Speed = number;

export const MAX_SPEED: Speed = Number.POSITIVE_INFINITY;

/** The speed ladder, slowest first: 1, 2, 5 x 10^k ns per second, then the core's top speed. */
export const SPEEDS: readonly Speed[] = (() => {
  const ladder: number[] = [];
  for (let decade = 1e3; decade <= 1e9; decade *= 10) for (const m of [1, 2, 5]) ladder.push(m * decade);
  ladder.push(MAX_SPEED);
  return ladder;
})();

/** 2 ms of simulated time per second: a CPU's user work (about 250 us) lasts a few frames. */
export const DEFAULT_SPEED: Speed = 2e6;

/** The ladder index of a speed (the nearest rung). */
export function speedIndex(speed: Speed): number {
  if (!Number.isFinite(speed)) return SPEEDS.length - 1;
  let best = 0;
  for (let i = 0; i < SPEEDS.length - 1; i++) {
    if (Math.abs(Math.log(SPEEDS[i]!) - Math.log(speed)) < Math.abs(Math.log(SPEEDS[best]!) - Math.log(speed))) best = i;
  }
  return best;
}

export interface PacerOptions {
  /** Wall milliseconds between frames (one display frame). */
  frameMs: number;
  /** How far ahead of its due time a frame is produced. */
  leadMs: number;
  /** A frame due this long ago means the core fell behind: playback slips from now. */
  lateMs: number;
  /** Wall milliseconds of core work per chunk at most (keeps the worker responsive). */
  budgetMs: number;
}

export const DEFAULT_PACER: PacerOptions = { frameMs: 1000 / 60, leadMs: 50, lateMs: 100, budgetMs: 12 };

/** What the worker should do next. */
export type PacerStep =
  | { kind: 'wait'; ms: number }
  /** Run to targetNs and send the frame, to be shown at dueMs (0: as soon as it arrives). */
  | { kind: 'run'; targetNs: number; dueMs: number };

export class Pacer {
  private speed: Speed = DEFAULT_SPEED;
  private lastDueMs = 0;
  private lastTargetNs = 0;
  /** Simulated ns the core runs per wall ms of work (measured; a modest guess at first). */
  private nsPerWorkMs = 100_000;

  constructor(readonly options: PacerOptions = DEFAULT_PACER) {}

  /** Starts (or restarts after a speed change) from simulated time simNs at wall time wallMs. */
  start(wallMs: number, simNs: number, speed: Speed): void {
    this.speed = speed;
    this.lastDueMs = wallMs;
    this.lastTargetNs = simNs;
  }

  get currentSpeed(): Speed {
    return this.speed;
  }

  /** The core ran simNs of simulated time in wallMs of work: refines the budget estimate. */
  recordWork(simNs: number, wallMs: number): void {
    if (wallMs < 1 || simNs <= 0) return;
    const measured = simNs / wallMs;
    this.nsPerWorkMs = 0.7 * this.nsPerWorkMs + 0.3 * measured;
  }

  /** The most simulated time one chunk may cover. */
  get chunkLimitNs(): number {
    return Math.max(1000, this.nsPerWorkMs * this.options.budgetMs);
  }

  /** The next step, given the wall time and where the simulation is now. */
  next(wallMs: number, simNs: number): PacerStep {
    const { frameMs, leadMs, lateMs } = this.options;
    if (!Number.isFinite(this.speed)) {
      this.lastTargetNs = simNs + this.chunkLimitNs;
      return { kind: 'run', targetNs: this.lastTargetNs, dueMs: 0 };
    }
    let due = this.lastDueMs + frameMs;
    if (due - leadMs > wallMs) return { kind: 'wait', ms: due - leadMs - wallMs };
    let from = Math.max(this.lastTargetNs, simNs);
    if (due < wallMs - lateMs) {
      // Fell behind (the core is slower than this speed, or the page was hidden): slip.
      due = wallMs;
      from = simNs;
    }
    const wanted = (this.speed * frameMs) / 1000;
    const target = from + Math.min(wanted, this.chunkLimitNs);
    this.lastDueMs = due;
    this.lastTargetNs = target;
    return { kind: 'run', targetNs: target, dueMs: due };
  }
}
