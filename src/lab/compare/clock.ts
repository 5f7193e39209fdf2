/*
 * clock.ts -- one simulated clock for two labs. The compare page's transport drives
 * this clock, never the labs' own playback: each round it picks the next instant
 * (from the speed and the wall time that passed) and steps both simulations to
 * exactly that instant (the core's run_until stops at the instant asked for), then
 * waits until both have shown it before it picks the next one. So both sides always
 * show the same simulated time; holdsFramesOf() lets a side's store keep a frame back
 * until the other side's frame for the same instant has arrived, so they change on the
 * same display frame too.
 *
 * Invariants: at most one round is in flight; a round's target is an integer number
 * of ns; a side that reached its end (a batch run may end early) stays there while the
 * other goes on, and the clock stops when both are done. After a load or a reset the
 * clock first brings both sides to the later of their two start instants (their
 * warm-ups may differ). Pure apart from the sides it is given: wall time and frame
 * scheduling come in from the caller, so Vitest drives it with fakes.
 */
import type { Speed } from '../../core/playback.js';

/** What the clock needs to know of a side (a LabStore's state). */
export interface SideClockState {
  status: 'starting' | 'ready' | 'failed';
  loading: boolean;
  nowNs: number;
  startNs: number;
  durationNs: number;
  done: boolean;
  /** Frames shown so far: tells the clock a reset's frame has been shown. */
  frames: number;
}

/** A lab the clock drives (LabStore has all of it). */
export interface ClockSide {
  getState(): SideClockState;
  /** Frames received and not yet shown. */
  readonly framesWaiting: number;
  stepTime(ns: number): void;
  reset(): void;
}

export type ClockMode = 'paused' | 'playing' | 'to-end';

export interface ClockView {
  mode: ClockMode;
  speed: Speed;
  /** The instant both sides show (the smaller while a round is on its way). */
  nowNs: number;
  /** Where the run starts (after the warm-up) and ends (the longer of the two). */
  startNs: number;
  endNs: number;
  /** Both sides are at the same instant (no round in flight, nothing loading). */
  aligned: boolean;
  /** Both sides reached their end. */
  finished: boolean;
  /** Both sides are loaded and can be stepped. */
  ready: boolean;
}

/** Wall ms counted per round at most: a slow round makes playback slip, never burst. */
const MAX_ROUND_MS = 100;
/** At the top speed, rounds aim to take this long (wall ms). */
const FAST_ROUND_MS = 40;

export class LockedClock {
  private mode: ClockMode = 'paused';
  private speed: Speed;
  /** The instant both sides were last sent to (undefined: align them first). */
  private target: number | undefined;
  /** Fractional ns the speed has accumulated beyond the target. */
  private carry = 0;
  private lastWallMs = 0;
  private roundStartMs = 0;
  /** At the top speed: simulated ns per round, adapted to the rounds' wall time. */
  private fastChunkNs = 1e6;
  /** After reset(): the frame count of each side when it was asked, until its reset frame shows. */
  private resetFrames: (number | undefined)[] = [undefined, undefined];
  /** Play again once both sides are aligned after a reload (they were playing when it came). */
  private resumeAfterAlign = false;
  private listeners = new Set<() => void>();
  private view: ClockView;

  constructor(
    private readonly sides: readonly [ClockSide, ClockSide],
    speed: Speed,
  ) {
    this.speed = speed;
    this.view = this.computeView();
  }

  // ---- state for React ---------------------------------------------------------------

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getView = (): ClockView => this.view;

  private publish(): void {
    const next = this.computeView();
    const old = this.view;
    if ((Object.keys(next) as (keyof ClockView)[]).every((key) => next[key] === old[key])) return;
    this.view = next;
    for (const listener of [...this.listeners]) listener();
  }

  private computeView(): ClockView {
    const states = this.sides.map((side) => side.getState());
    const ready = this.sidesReady(states);
    const startNs = Math.max(...states.map((s) => s.startNs));
    const endNs = Math.max(...states.map((s) => s.durationNs));
    const running = states.filter((s) => !s.done);
    const nowNs = running.length > 0 ? Math.min(...running.map((s) => s.nowNs)) : Math.max(...states.map((s) => s.nowNs));
    return {
      mode: this.mode,
      speed: this.speed,
      nowNs,
      startNs,
      endNs,
      ready,
      aligned: ready && this.target !== undefined && !this.inFlight(states),
      finished: ready && states.every((s) => s.done),
    };
  }

  // ---- the transport -----------------------------------------------------------------

  play(wallMs: number): void {
    if (this.view.finished) this.reset();
    this.mode = 'playing';
    this.lastWallMs = wallMs;
    this.carry = 0;
    this.pump(wallMs);
    this.publish();
  }

  pause(): void {
    this.resumeAfterAlign = false;
    this.mode = 'paused';
    this.publish();
  }

  /** Both sides run to their ends as fast as the cores go, side by side. */
  runToEnd(wallMs: number): void {
    this.mode = 'to-end';
    this.lastWallMs = wallMs;
    this.pump(wallMs);
    this.publish();
  }

  setSpeed(speed: Speed, wallMs: number): void {
    this.speed = speed;
    this.lastWallMs = wallMs;
    this.carry = 0;
    this.publish();
  }

  /** Steps both sides by ns of simulated time (paused; ignored while a round is on its way). */
  step(ns: number, wallMs: number): void {
    this.mode = 'paused';
    const states = this.sides.map((side) => side.getState());
    if (!this.sidesReady(states) || this.target === undefined || this.inFlight(states)) {
      this.publish();
      return;
    }
    this.sendTo(this.target + Math.max(1, Math.round(ns)), states, wallMs);
    this.publish();
  }

  /** Both sides back to their start; paused. */
  reset(): void {
    this.resumeAfterAlign = false;
    this.mode = 'paused';
    this.target = undefined;
    this.carry = 0;
    this.sides.forEach((side, i) => {
      const state = side.getState();
      if (state.status !== 'ready') return;
      this.resetFrames[i] = state.frames;
      side.reset();
    });
    this.publish();
  }

  /**
   * A side loads a new scenario: the clock holds both sides, aligns them again once
   * it has loaded, and then goes on playing if it was.
   */
  reload(): void {
    this.resumeAfterAlign = this.resumeAfterAlign || this.mode !== 'paused';
    this.mode = 'paused';
    this.target = undefined;
    this.publish();
  }

  // ---- rounds ------------------------------------------------------------------------

  /**
   * Moves the clock on: call it on every animation frame and whenever a side's state
   * changes. Starts the next round when both sides have shown the last one.
   */
  pump(wallMs: number): void {
    const states = this.sides.map((side) => side.getState());
    if (!this.sidesReady(states)) {
      // Loading or restarting: align again once both are ready.
      this.target = undefined;
      this.publish();
      return;
    }
    if (this.target === undefined) {
      this.align(states, wallMs);
      this.publish();
      return;
    }
    if (this.inFlight(states)) {
      this.publish();
      return;
    }
    if (states.every((s) => s.done)) {
      this.mode = 'paused';
      this.publish();
      return;
    }
    if (this.mode === 'paused') {
      this.publish();
      return;
    }
    let advance: number;
    if (this.mode === 'to-end' || !Number.isFinite(this.speed)) {
      const took = wallMs - this.roundStartMs;
      if (took > 0) this.fastChunkNs = Math.min(1e9, Math.max(1e5, this.fastChunkNs * Math.min(2, Math.max(0.5, FAST_ROUND_MS / took))));
      advance = this.fastChunkNs;
    } else {
      const elapsed = Math.min(MAX_ROUND_MS, Math.max(0, wallMs - this.lastWallMs));
      const exact = (this.speed * elapsed) / 1000 + this.carry;
      advance = Math.floor(exact);
      this.carry = exact - advance;
    }
    this.lastWallMs = wallMs;
    if (advance >= 1) this.sendTo(this.target + advance, states, wallMs);
    this.publish();
  }

  /**
   * Whether side `index` should keep its newest frame back: a round is on its way and
   * the other side's frame for it has not arrived yet (so both change together).
   */
  holdsFramesOf(index: 0 | 1): boolean {
    if (this.target === undefined) return false;
    const other = this.sides[1 - index]!;
    const state = other.getState();
    if (state.status !== 'ready' || state.loading || state.done) return false;
    return state.nowNs < this.target && other.framesWaiting === 0;
  }

  private sidesReady(states: readonly SideClockState[]): boolean {
    return states.every((s, i) => {
      if (s.status !== 'ready' || s.loading) return false;
      const before = this.resetFrames[i];
      if (before === undefined) return true;
      if (s.frames > before) {
        this.resetFrames[i] = undefined;
        return true;
      }
      return false;
    });
  }

  private inFlight(states: readonly SideClockState[]): boolean {
    return this.target !== undefined && states.some((s) => !s.done && s.nowNs < this.target!);
  }

  /** Brings both sides to the later start instant. */
  private align(states: readonly SideClockState[], wallMs: number): void {
    const start = Math.max(...states.map((s) => s.nowNs));
    this.target = start;
    this.carry = 0;
    this.lastWallMs = wallMs;
    this.roundStartMs = wallMs;
    states.forEach((s, i) => {
      if (!s.done && s.nowNs < start) this.sides[i]!.stepTime(start - s.nowNs);
    });
    if (this.resumeAfterAlign) {
      this.resumeAfterAlign = false;
      this.mode = 'playing';
    }
  }

  private sendTo(target: number, states: readonly SideClockState[], wallMs: number): void {
    const end = Math.max(...states.map((s) => s.durationNs));
    const next = Math.min(end, Math.round(target));
    if (next <= this.target!) return;
    this.target = next;
    this.roundStartMs = wallMs;
    states.forEach((s, i) => {
      if (!s.done && s.nowNs < next) this.sides[i]!.stepTime(next - s.nowNs);
    });
  }
}
