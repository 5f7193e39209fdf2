/*
 * trace-event.ts -- the lab's trace window as a Chrome / Perfetto JSON trace (the Trace
 * Event Format), so a run can be opened in ui.perfetto.dev or chrome://tracing.
 *
 * The records are the core's own (stacklab.h, LAB_TRACE_*), read by kind name from the
 * schema. What each becomes:
 *   - one thread track per CPU (tid = CPU + 1) with a complete slice ("X") per stretch
 *     in one mode, from the CPU's mode at the window's start (modeAtStart) or its first
 *     mode record, to its next mode record or the end of the window;
 *   - lock acquire, release and spin-start as instant events on the CPU's track;
 *   - one track per lock (tid = 1000 + lock) with a slice per hold, placed exactly from
 *     the release record (held from t - arg to t): holds of one lock never overlap;
 *   - each CPU's spin for a lock as an async slice ("b"/"e", one id each) from the
 *     acquire record (spinning from t - arg to t), so spinners that overlap each get a row;
 *   - each request queue (the Scalable Kernel's KRP queue) as a counter ("C") of its
 *     length (a post record, schema.trace.queue_post, gives the length after the request
 *     joined; each take record takes one off), and each request's wait as an async slice
 *     on the queue's track, with the CPU that took it;
 *   - every other record (interrupts, fork creation, blocks, wake-ups, dispatches,
 *     transmits, cache-line moves, ...) as an instant on its CPU's track, or on the
 *     "processes" track when it has no CPU;
 *   - metadata ("M") naming the process and every track, sorted CPUs first.
 * Times are simulated nanoseconds; the format's ts and dur are microseconds, so they are
 * ns / 1000 (displayTimeUnit "ns" asks viewers to show nanoseconds).
 *
 * Events are written in time order (metadata first), and on a track a longer slice that
 * starts at the same time comes first, so slices nest the way viewers expect.
 */
import type { Schema } from '../../core/schema.js';
import type { TraceWindow } from '../../core/trace.js';

export const TRACE_PID = 1;
export const LOCK_TID_BASE = 1000;
export const QUEUE_TID_BASE = 2000;
export const PROCESSES_TID = 3000;

/** One event of the Trace Event Format (the fields this converter writes). */
export interface TraceEvent {
  name: string;
  ph: string;
  ts?: number;
  dur?: number;
  pid: number;
  tid: number;
  cat?: string;
  id?: string;
  s?: 'g' | 'p' | 't';
  args?: Record<string, unknown>;
}

export interface ChromeTrace {
  traceEvents: TraceEvent[];
  displayTimeUnit: 'ns' | 'ms';
  otherData: Record<string, unknown>;
}

export interface TraceExportInput {
  schema: Schema;
  window: TraceWindow;
  /** Simulated time the lab had reached: slices still open end here. */
  nowNs: number;
  cpus: number;
  /** Lock names by the core's lock index (the trace's object for lock kinds). */
  lockNames: readonly string[];
  /** The kernel, for the process name and the file's notes. */
  kernel: string;
}

/** The span a trace window covers, in simulated ns, and how many records it holds. */
export interface TraceSpan {
  startNs: number;
  endNs: number;
  records: number;
  /** Records the core or the lab dropped (the ring is bounded). */
  dropped: number;
}

export function traceSpan(window: TraceWindow, nowNs: number): TraceSpan {
  const n = window.slice.t.length;
  const last = n > 0 ? window.slice.t[n - 1]! : window.startNs;
  return { startNs: window.startNs, endNs: Math.max(nowNs, last), records: n, dropped: window.slice.dropped };
}

const us = (ns: number) => ns / 1000;

/** Sort key of an event: its start in ns, then longer slices first. */
interface Keyed {
  ns: number;
  durNs: number;
  order: number;
  event: TraceEvent;
}

export function toChromeTrace(input: TraceExportInput): ChromeTrace {
  const { schema, window, cpus, lockNames } = input;
  const { slice } = window;
  const kinds = schema.trace.kinds;
  const kindOf = (name: string) => kinds.indexOf(name);
  const MODE = kindOf('mode');
  const SPIN = kindOf('spin');
  const ACQUIRE = kindOf('acquire');
  const RELEASE = kindOf('release');
  const QUEUE_POST = kindOf(schema.trace.queue_post);
  const QUEUE_TAKE = kindOf(schema.trace.queue_take);
  const span = traceSpan(window, input.nowNs);
  const endNs = span.endNs;
  const lockName = (lock: number) => lockNames[lock] ?? `lock ${lock}`;
  const queueName = (queue: number) => schema.queues[queue] ?? `queue ${queue}`;
  const cpuTid = (cpu: number) => cpu + 1;

  const timed: Keyed[] = [];
  let order = 0;
  const push = (ns: number, durNs: number, event: TraceEvent) => timed.push({ ns, durNs, order: order++, event });
  let asyncId = 0;
  const asyncSlice = (cat: string, name: string, tid: number, fromNs: number, toNs: number, args: Record<string, unknown>) => {
    const id = `0x${(++asyncId).toString(16)}`;
    push(fromNs, toNs - fromNs, { name, ph: 'b', cat, id, ts: us(fromNs), pid: TRACE_PID, tid, args });
    push(toNs, -1, { name, ph: 'e', cat, id, ts: us(toNs), pid: TRACE_PID, tid });
  };

  // Mode slices: each CPU's current mode and since when.
  const cpuCount = Math.max(cpus, window.modeAtStart.length);
  const mode = new Int32Array(cpuCount).fill(-1);
  const since = new Float64Array(cpuCount).fill(window.startNs);
  const runner = new Int32Array(cpuCount).fill(-1);
  mode.set(window.modeAtStart.subarray(0, cpuCount));
  const closeMode = (cpu: number, atNs: number) => {
    const m = mode[cpu]!;
    if (m < 0 || atNs < since[cpu]!) return;
    const args: Record<string, unknown> = {};
    if (runner[cpu]! >= 0) args.process = runner[cpu];
    push(since[cpu]!, atNs - since[cpu]!, {
      name: schema.modes[m] ?? `mode ${m}`,
      ph: 'X',
      cat: 'mode',
      ts: us(since[cpu]!),
      dur: us(atNs) - us(since[cpu]!),
      pid: TRACE_PID,
      tid: cpuTid(cpu),
      args,
    });
  };

  const locksSeen = new Set<number>();
  const queuesSeen = new Set<number>();
  const queueLength = new Map<number, number>();
  let processesTrack = false;

  const n = slice.t.length;
  for (let i = 0; i < n; i++) {
    const t = slice.t[i]!;
    const kind = slice.kind[i]!;
    const cpu = slice.cpu[i]!;
    const thread = slice.thread[i]!;
    const object = slice.object[i]!;
    const arg = slice.arg[i]!;
    const onCpu = cpu >= 0 && cpu < cpuCount;
    if (kind === MODE && onCpu) {
      closeMode(cpu, t);
      mode[cpu] = object;
      since[cpu] = t;
      runner[cpu] = thread;
      continue;
    }
    if (kind === RELEASE) {
      locksSeen.add(object);
      const held = Math.max(0, arg);
      const holder = onCpu ? `CPU ${cpu}` : thread >= 0 ? `process ${thread}` : 'unknown';
      push(t - held, held, {
        name: `held by ${holder}`,
        ph: 'X',
        cat: 'lock.hold',
        ts: us(t - held),
        dur: us(t) - us(t - held),
        pid: TRACE_PID,
        tid: LOCK_TID_BASE + object,
        args: { lock: lockName(object), cpu, process: thread, held_ns: held },
      });
    }
    if (kind === ACQUIRE && arg > 0) {
      locksSeen.add(object);
      asyncSlice('lock.spin', `spin for ${lockName(object)}`, LOCK_TID_BASE + object, t - arg, t, {
        lock: lockName(object),
        cpu,
        process: thread,
        spin_ns: arg,
      });
    }
    if (kind === QUEUE_POST) {
      queuesSeen.add(object);
      queueLength.set(object, arg);
      push(t, 0, {
        name: `${queueName(object)} length`,
        ph: 'C',
        ts: us(t),
        pid: TRACE_PID,
        tid: QUEUE_TID_BASE + object,
        args: { length: arg },
      });
    }
    if (kind === QUEUE_TAKE) {
      const queue = object; // the queue it left (its index in schema.queues)
      queuesSeen.add(queue);
      const before = queueLength.get(queue);
      if (before !== undefined) {
        const after = Math.max(0, before - 1);
        queueLength.set(queue, after);
        push(t, 0, {
          name: `${queueName(queue)} length`,
          ph: 'C',
          ts: us(t),
          pid: TRACE_PID,
          tid: QUEUE_TID_BASE + queue,
          args: { length: after },
        });
      }
      if (arg > 0)
        asyncSlice('queue', `${queueName(queue)} wait`, QUEUE_TID_BASE + queue, t - arg, t, { taken_by_cpu: cpu, waited_ns: arg });
    }
    // Every record is also an instant where it happened (the CPU, else the processes track).
    const name = kinds[kind] ?? `kind ${kind}`;
    const args: Record<string, unknown> = { object, arg };
    if (thread >= 0) args.process = thread;
    if (kind === SPIN || kind === ACQUIRE || kind === RELEASE) args.lock = lockName(object);
    const tid = onCpu ? cpuTid(cpu) : PROCESSES_TID;
    if (!onCpu) processesTrack = true;
    push(t, 0, {
      name,
      ph: 'i',
      s: 't',
      cat: kind === SPIN || kind === ACQUIRE || kind === RELEASE ? 'lock' : 'event',
      ts: us(t),
      pid: TRACE_PID,
      tid,
      args,
    });
  }
  for (let cpu = 0; cpu < cpuCount; cpu++) closeMode(cpu, endNs);

  // Time order; at one time, longer first (a parent before its children), then as made.
  timed.sort((a, b) => a.ns - b.ns || b.durNs - a.durNs || a.order - b.order);

  const meta: TraceEvent[] = [
    { name: 'process_name', ph: 'M', pid: TRACE_PID, tid: 0, args: { name: `StackLab simulation (${input.kernel} kernel)` } },
  ];
  const nameTrack = (tid: number, name: string, sort: number) => {
    meta.push({ name: 'thread_name', ph: 'M', pid: TRACE_PID, tid, args: { name } });
    meta.push({ name: 'thread_sort_index', ph: 'M', pid: TRACE_PID, tid, args: { sort_index: sort } });
  };
  for (let cpu = 0; cpu < cpuCount; cpu++) nameTrack(cpuTid(cpu), `CPU ${cpu}`, cpu);
  for (const lock of [...locksSeen].sort((a, b) => a - b)) nameTrack(LOCK_TID_BASE + lock, `lock ${lockName(lock)}`, LOCK_TID_BASE + lock);
  for (const queue of [...queuesSeen].sort((a, b) => a - b)) nameTrack(QUEUE_TID_BASE + queue, queueName(queue), QUEUE_TID_BASE + queue);
  if (processesTrack) nameTrack(PROCESSES_TID, 'processes (no CPU)', PROCESSES_TID);

  return {
    traceEvents: [...meta, ...timed.map((k) => k.event)],
    displayTimeUnit: 'ns',
    otherData: {
      source: 'StackLab',
      kernel: input.kernel,
      span_start_ns: span.startNs,
      span_end_ns: span.endNs,
      records: span.records,
      dropped_records: span.dropped,
      note: 'The lab keeps a bounded window of the newest trace records: this trace covers only span_start_ns to span_end_ns of simulated time.',
    },
  };
}

/** The trace as the text of a .json file. */
export function chromeTraceText(trace: ChromeTrace): string {
  // One event per line: large traces stay readable and diffable.
  const lines = trace.traceEvents.map((event) => JSON.stringify(event));
  return `{"displayTimeUnit":${JSON.stringify(trace.displayTimeUnit)},"otherData":${JSON.stringify(trace.otherData)},\n"traceEvents":[\n${lines.join(',\n')}\n]}\n`;
}
