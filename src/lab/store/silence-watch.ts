/*
 * silence-watch.ts -- notices a simulation worker that goes quiet while the lab plays.
 *
 * Only load, reset, seek and step expect an answer (core/client.ts's answer timer); a
 * playing worker answers nothing, it sends frames. If the thread ends without an error
 * (the browser stops it, it runs out of memory, it deadlocks between chunks), nothing
 * else would notice and the lab would go on saying "Playing" over a frozen clock.
 *
 * While the run plays, the store tells this watch each time it hears from the worker (a
 * frame arrives) and each time it releases the worker (frames taken and acknowledged,
 * after which the worker may run on). Frames the page has not taken yet (a hidden tab
 * draws no animation frames; compare mode holds one side) hold the worker back by
 * design, so while any wait, the silence is the page's and does not count; so does a
 * gap in the page's own timers (the computer asleep, a background tab). After
 * `limitMs` of silence that is the worker's, the watch calls onSilent once.
 */

/** A playing worker that sends nothing for this long has stopped (it sends a frame every display frame or so). */
export const SILENCE_LIMIT_MS = 3_000;
/** How often the watch looks, so silence is reported within SILENCE_LIMIT_MS + SILENCE_CHECK_MS. */
export const SILENCE_CHECK_MS = 500;

/**
 * Whether a playing worker has been silent too long: no frame and no release for
 * `limitMs`, and no frame waiting for the page (which would hold the worker back).
 */
export function workerSilent(nowMs: number, lastHeardMs: number, framesWaiting: number, limitMs = SILENCE_LIMIT_MS): boolean {
  return framesWaiting === 0 && nowMs - lastHeardMs >= limitMs;
}

export interface SilenceWatchEnv {
  now(): number;
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const browserEnv: SilenceWatchEnv = {
  now: () => performance.now(),
  setInterval: (run, ms) => setInterval(run, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

export class SilenceWatch {
  private lastHeardMs = 0;
  private lastCheckMs = 0;
  private timer: unknown;

  /**
   * @param framesWaiting frames received and not yet taken by the page
   * @param onSilent called once when the worker has been silent too long (how long, in ms)
   */
  constructor(
    private readonly framesWaiting: () => number,
    private readonly onSilent: (silentMs: number) => void,
    private readonly env: SilenceWatchEnv = browserEnv,
    private readonly limitMs = SILENCE_LIMIT_MS,
  ) {}

  get watching(): boolean {
    return this.timer !== undefined;
  }

  /** Playing (frames expected) or not; the clock starts when playing starts. */
  expect(playing: boolean): void {
    if (playing && this.timer === undefined) {
      this.lastHeardMs = this.lastCheckMs = this.env.now();
      this.timer = this.env.setInterval(() => this.check(), SILENCE_CHECK_MS);
    } else if (!playing) {
      this.stop();
    }
  }

  /** The worker spoke, or the page released it (acknowledged frames). */
  heard(): void {
    this.lastHeardMs = this.env.now();
  }

  check(): void {
    if (this.timer === undefined) return;
    const now = this.env.now();
    const sinceCheck = now - this.lastCheckMs;
    this.lastCheckMs = now;
    if (sinceCheck >= this.limitMs) {
      // the page itself was not running (the computer slept, a background tab's timers
      // were held back): the silence was everyone's, so the clock starts again
      this.lastHeardMs = now;
      return;
    }
    if (this.framesWaiting() > 0) {
      this.lastHeardMs = now; // the page holds the worker back: its silence is not the worker's
      return;
    }
    if (!workerSilent(now, this.lastHeardMs, 0, this.limitMs)) return;
    this.stop();
    this.onSilent(now - this.lastHeardMs);
  }

  stop(): void {
    if (this.timer !== undefined) this.env.clearInterval(this.timer);
    this.timer = undefined;
  }
}
