/*
 * frame-pump.ts -- frames from the worker are applied on animation frames only
 * (scheduler.ts): each tick takes the frames that are due, feeds every one's trace
 * records to the trace window, decodes only the newest snapshot and hands one batch to
 * the store, so React and the views render at most once per display frame however fast
 * the worker runs.
 *
 * If the page keeps missing the display's frames (3 of the last 10 late), views are
 * updated every second (then third) frame until a second and a half passes without a
 * late one; frames not taken stay queued, which also holds the worker back. A single
 * late frame changes nothing.
 */
import type { SimClient } from '../../core/client.js';
import type { FrameReply } from '../../core/protocol.js';
import type { Report } from '../../core/report.js';
import type { Schema } from '../../core/schema.js';
import { decodeSnapshot } from '../../core/snapshot.js';
import { queueWords } from '../../kernels/index.js';
import { describeStep } from '../events.js';
import { requestFrame } from '../scheduler.js';
import type { FramesApplied } from './reducer.js';
import { TraceWindowKeeper } from './trace-window.js';

export class FramePump {
  readonly traceWindow = new TraceWindowKeeper();
  private governor = { continuous: false, lastTick: 0, every: 1, onTime: 0, count: 0, late: 0 };

  /**
   * @param holdFrames while it says true, frames wait in the queue (compare mode: until
   *   the other side's frame for the same instant has come). A pump given this is paced
   *   by its caller's clock, so it never skips display frames to catch up.
   */
  constructor(
    private readonly client: SimClient,
    private readonly schema: () => Schema | undefined,
    private readonly applied: (frames: FramesApplied) => void,
    private readonly holdFrames?: () => boolean,
  ) {}

  /** Frames are queued: take them on the next animation frame. */
  queued(): void {
    requestFrame(this.tick);
  }

  private tick = (now: number): void => {
    const governor = this.governor;
    if (governor.continuous) {
      governor.late = ((governor.late << 1) | (now - governor.lastTick > 25 ? 1 : 0)) & 0x3ff;
      const lateOfTen = bitCount(governor.late);
      if (lateOfTen >= 3) {
        governor.every = Math.min(3, governor.every + 1);
        governor.late = 0;
        governor.onTime = 0;
      } else if (lateOfTen === 0 && ++governor.onTime >= 90 && governor.every > 1) {
        governor.every--;
        governor.onTime = 0;
      }
    }
    governor.lastTick = now;
    const skip = !this.holdFrames && governor.continuous && ++governor.count % governor.every !== 0;
    if (!skip && !this.holdFrames?.()) {
      const due = this.client.takeDue();
      if (due.length > 0) this.take(due);
    }
    governor.continuous = this.client.queued > 0;
    if (governor.continuous) requestFrame(this.tick);
  };

  /** One batch: the newest snapshot decoded, every frame's records in the window. */
  private take(frames: FrameReply[]): void {
    const schema = this.schema();
    if (!schema) return;
    const last = frames[frames.length - 1]!;
    const snapshot = decodeSnapshot(schema, last.snapshot);
    const trace = this.traceWindow.append(schema, snapshot.cpus.length, frames);
    let report: Report | undefined;
    for (let i = frames.length - 1; i >= 0 && !report; i--) report = frames[i]!.report;
    const ended = frames.find((frame) => frame.reason === 'end');
    this.applied({
      snapshot,
      trace,
      nowNs: last.nowNs,
      events: last.events,
      reason: last.reason,
      done: last.done,
      ...(last.rewind ? { rewind: last.rewind } : {}),
      ...(report ? { report } : {}),
      ...(ended ? { ended: { ...(ended.report ? { report: ended.report } : {}) } } : {}),
      ...(last.reason === 'step'
        ? {
            lastStep: describeStep(
              schema,
              snapshot.locks.map((lock) => lock.name),
              last.trace,
              last.nowNs,
              queueWords(snapshot.kernel),
            ),
          }
        : {}),
      seeking: this.client.seeking,
      // While playing, a new report (four times a second) re-renders every figure, table
      // and chart: that is done in a task of its own, right after this frame's, so no
      // single task does both. Compare mode paces itself and applies it with its frame.
      deferReports: !this.holdFrames,
    });
  }
}

/** Set bits in a small integer. */
function bitCount(bits: number): number {
  let count = 0;
  for (let b = bits; b !== 0; b &= b - 1) count++;
  return count;
}
