/*
 * narrate.ts -- the important events of a run, in words, for a screen reader's live
 * region: "CPU 3 spun 40 microseconds for IOLOCK8", "KRP queue reached 12", "spinning
 * now takes 27% of all CPU time", "run complete". Everything said comes from the lab's
 * real state: the trace records since the last look (spin lengths from `acquire`
 * records, queue lengths from `krp_queue` records; kinds and lock names from the
 * schema and the snapshot, never hard-coded indexes), the live report and the
 * transport.
 *
 * Throttled so it is not spam: changes of state (loaded, paused, run complete) are said
 * at once (at most one a second); what happens during a run at most once every
 * `gapMs` (6 s by default), and only the most telling thing since the last message.
 * A change of state that comes too soon after the last message is not lost: once the
 * gap has passed the narrator says where the lab is then (status-words.ts, the words
 * of the status line), so what it says is never older than the state it describes.
 * Times are the clock's (clockText), so the narration and the clock agree.
 */
import { reportValue } from '../../core/report.js';
import type { LabState } from '../store.js';
import { capitalised, kernelInfo, queueWords } from '../../kernels/index.js';
import { clockText, runWords, setupWords } from '../status-words.js';

/** Spins shorter than this are the normal cost of a free lock, not news. */
const SPIN_WORTH_SAYING_NS = 5_000;
/** A change in MP synchronization worth saying, in percentage points. */
const MPSYNCH_STEP = 4;

/** A duration in words a speech synthesizer reads well ("40 microseconds"). */
export function spokenNs(ns: number): string {
  if (ns < 1_000) return `${Math.round(ns)} nanoseconds`;
  if (ns < 1_000_000) return `${Math.round(ns / 1_000)} microseconds`;
  return `${(ns / 1e6).toFixed(ns < 1e7 ? 1 : 0)} milliseconds`;
}

const count = (n: number) => Math.round(n).toLocaleString('en');

/** The end of the run, with its own figures. */
function completeWords(state: LabState): string {
  const r = state.finalReport;
  if (!r) return 'Run complete.';
  // the kernel's own measure of work (the OpenVMS paper's transmit packets), where the run has it
  const throughput = kernelInfo(state.snapshot?.kernel).throughput;
  const done = reportValue(r, throughput.path);
  const work = done !== undefined && Number.isFinite(done) && done > 0 ? `${count(done)} ${throughput.words}; ` : '';
  return `Run complete: ${work}${r.mpsynch_pct.toFixed(1)}% of all CPU time spent spinning.`;
}

export class Narrator {
  private lastSaid = -Infinity;
  private lastTraceNs = -Infinity;
  private traceVersion = -1;
  private queueHigh = 0;
  private mpsynchSaid = NaN;
  private playing = false;
  private done = false;
  private scenarioKey = '';
  /** A change of state came within the state gap of the last message: say the state once the gap has passed. */
  private stateDue = false;
  /** The most telling event seen since the last message: [priority, words]. */
  private pending: [number, string] | undefined;

  /**
   * `fromStart`: say times from the run's start (the end of its warm-up) rather than from
   * time 0, where the page's clock counts that way (the presenter's), so the two agree.
   */
  constructor(
    private readonly gapMs = 6_000,
    private readonly stateGapMs = 1_000,
    private readonly fromStart = false,
  ) {}

  /** The simulated time to say: the clock's. */
  private clock(state: LabState): number {
    return this.fromStart ? Math.max(0, state.nowNs - state.startNs) : state.nowNs;
  }

  /** Looks at the lab's state (on every change); returns what to say now, if anything. */
  observe(state: LabState, wallMs: number): string | undefined {
    const change = this.stateChange(state);
    this.readTrace(state);
    this.readReport(state);
    if ((change || this.stateDue) && wallMs - this.lastSaid >= this.stateGapMs) {
      this.lastSaid = wallMs;
      this.pending = undefined;
      this.stateDue = false;
      // a change held back: said in words of the state now (the run's figures if it has ended)
      return (
        change ??
        (state.done
          ? completeWords(state)
          : `${runWords(this.fromStart ? { ...state, nowNs: this.clock(state), startNs: 0 } : state)}: ${setupWords(state.scenario)}.`)
      );
    }
    if (change) this.stateDue = true;
    if (this.pending && state.playing && wallMs - this.lastSaid >= this.gapMs) {
      const words = this.pending[1];
      this.pending = undefined;
      this.lastSaid = wallMs;
      return words;
    }
    return undefined;
  }

  /** When (wall ms) a change of state held back by the gap can be said, if one is. */
  dueAt(): number | undefined {
    return this.stateDue ? this.lastSaid + this.stateGapMs : undefined;
  }

  private stateChange(state: LabState): string | undefined {
    let said: string | undefined;
    const key = `${state.scenario['machine.cpus']}|${state.scenario['kernel.kind']}|${state.startNs}|${state.durationNs}`;
    if (!state.loading && state.status === 'ready' && key !== this.scenarioKey && state.snapshot) {
      this.scenarioKey = key;
      this.queueHigh = 0;
      this.mpsynchSaid = NaN;
      this.lastTraceNs = -Infinity;
      said = `Loaded: ${setupWords(state.scenario)}.`;
    }
    if (state.done && !this.done) {
      said = completeWords(state);
    } else if (this.playing && !state.playing && !state.done && !state.loading) {
      said = `Paused at ${clockText(this.clock(state))} of simulated time.`;
    } else if (!this.playing && state.playing && !said) {
      said = 'Playing.';
    }
    this.playing = state.playing;
    this.done = state.done;
    return said;
  }

  private offer(priority: number, words: string): void {
    if (!this.pending || priority >= this.pending[0]) this.pending = [priority, words];
  }

  /** The longest spin and the longest request queue (the KRP queue) in the records since the last look. */
  private readTrace(state: LabState): void {
    const trace = state.trace;
    const schema = state.schema;
    if (!trace || !schema || trace.version === this.traceVersion) return;
    this.traceVersion = trace.version;
    const { slice } = trace;
    const acquire = schema.trace.kinds.indexOf('acquire');
    const post = schema.trace.kinds.indexOf(schema.trace.queue_post);
    let longest = 0;
    let longestAt = -1;
    let queue = 0;
    let i = slice.t.length - 1;
    const from = this.lastTraceNs;
    for (; i >= 0 && slice.t[i]! > from; i--) {
      const kind = slice.kind[i]!;
      if (kind === acquire && slice.arg[i]! > longest) {
        longest = slice.arg[i]!;
        longestAt = i;
      } else if (kind === post && slice.arg[i]! > queue) queue = slice.arg[i]!;
    }
    if (slice.t.length > 0) this.lastTraceNs = slice.t[slice.t.length - 1]!;
    if (longestAt >= 0 && longest >= SPIN_WORTH_SAYING_NS) {
      const lock = state.snapshot?.locks[slice.object[longestAt]!]?.name ?? 'a lock';
      const name = kernelInfo(state.snapshot?.kernel).lockWords?.[lock]?.label ?? lock;
      this.offer(1 + Math.min(1, longest / 1e5), `CPU ${slice.cpu[longestAt]} spun ${spokenNs(longest)} for ${name}.`);
    }
    if (queue > this.queueHigh && queue >= 2) {
      this.queueHigh = queue;
      this.offer(2.5, `${capitalised(queueWords(state.snapshot?.kernel).request)} queue reached ${count(queue)}.`);
    }
  }

  private readReport(state: LabState): void {
    const pct = state.report?.mpsynch_pct;
    if (pct === undefined || !Number.isFinite(pct) || !state.playing) return;
    if (Number.isNaN(this.mpsynchSaid) ? pct >= MPSYNCH_STEP : Math.abs(pct - this.mpsynchSaid) >= MPSYNCH_STEP) {
      this.mpsynchSaid = pct;
      this.offer(3, `Spinning now takes ${pct.toFixed(0)}% of all CPU time.`);
    }
  }
}
