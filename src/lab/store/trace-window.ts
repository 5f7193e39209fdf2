/*
 * trace-window.ts -- the recent trace the views draw (the timeline's window), kept
 * across frames: records are appended as frames come; a new run, or records the
 * worker skipped, start the window again at that frame's first record. The storage is
 * large and kept; only a machine of another CPU count replaces it.
 */
import type { FrameReply } from '../../core/protocol.js';
import type { Schema } from '../../core/schema.js';
import { TraceHistory, type TraceWindow } from '../../core/trace.js';

/** Records of recent trace the views can draw. */
export const TRACE_WINDOW_RECORDS = 131_072;

export class TraceWindowKeeper {
  private history: TraceHistory | undefined;
  private cpus = 0;

  /** Appends the frames' records; returns the window to show. */
  append(schema: Schema, cpus: number, frames: readonly FrameReply[]): TraceWindow | undefined {
    for (const frame of frames) {
      if (!this.history || frame.traceGap) {
        const first = frame.trace.t[0] ?? frame.nowNs;
        if (!this.history || this.cpus !== cpus) {
          this.history = new TraceHistory(TRACE_WINDOW_RECORDS, schema, cpus);
          this.cpus = cpus;
        }
        this.history.reset(first, undefined, cpus);
      }
      this.history.append(frame.trace);
    }
    return this.history?.view();
  }

  /** Forgets the window (the run it described is gone). */
  clear(): void {
    this.history = undefined;
  }
}
