/*
 * flow.ts -- the KRP queue view's data, as pure functions: KRP events picked out of the
 * trace ('krp_queue': a CPU queues a TCPIP_KRP; 'krp_start': the designated CPU's fork
 * thread takes one; 'fork_create': the queue was empty, so a fork thread is created on
 * the designated CPU), the tokens in flight at a moment, and the designated CPU's busy
 * share estimated from a snapshot.
 *
 * A token's position is a function of simulated time only: an event at time t is drawn
 * (now - t) / flowNs of the way along its path, so the picture is the same for the same
 * snapshot, and playback speed sets how fast tokens glide.
 */
import type { Report } from '../../../core/report.js';
import type { Snapshot, TraceSlice } from '../../../core/snapshot.js';
import { MODES } from '../../../views/palette.js';
import { upperBound } from '../../../views/timeline/feed.js';
import { designatedCpu } from '../designated-cpu.js';

export type KrpEventKind = 'queue' | 'start' | 'fork';

export interface KrpEvent {
  /** Stable across frames while the record stays in the window (React key). */
  key: string;
  kind: KrpEventKind;
  t: number;
  /** queue: CPU that queued it; start/fork: the designated CPU. */
  cpu: number;
  thread: number;
  /** queue: queue length after; start: ns the KRP waited; fork: 0. */
  arg: number;
}

/** The KRP events of a slice with times in (fromNs, toNs]. */
export function krpEventsFromTrace(slice: TraceSlice, kinds: readonly string[], fromNs = -Infinity, toNs = Infinity): KrpEvent[] {
  const queue = kinds.indexOf('krp_queue');
  const start = kinds.indexOf('krp_start');
  const fork = kinds.indexOf('fork_create');
  const out: KrpEvent[] = [];
  const first = fromNs === -Infinity ? 0 : upperBound(slice.t, fromNs);
  let prevT = NaN;
  let tie = 0;
  for (let i = first; i < slice.t.length; i++) {
    const t = slice.t[i]!;
    if (t > toNs) break;
    tie = t === prevT ? tie + 1 : 0;
    prevT = t;
    const k = slice.kind[i]!;
    const kind: KrpEventKind | null = k === queue ? 'queue' : k === start ? 'start' : k === fork ? 'fork' : null;
    if (!kind) continue;
    out.push({ key: `${t}:${tie}`, kind, t, cpu: slice.cpu[i]!, thread: slice.thread[i]!, arg: slice.arg[i]! });
  }
  return out;
}

export interface KrpToken {
  key: string;
  kind: KrpEventKind;
  cpu: number;
  /** 0 at the start of its path, 1 at the end. */
  progress: number;
}

/**
 * Tokens in flight at nowNs: events in (nowNs - flowNs, nowNs], newest last, at most
 * `max` of them (the newest). Events after nowNs are not shown yet.
 */
export function tokensAt(events: readonly KrpEvent[], nowNs: number, flowNs: number, max = 48): KrpToken[] {
  const out: KrpToken[] = [];
  if (!(flowNs > 0)) return out;
  for (let i = events.length - 1; i >= 0 && out.length < max; i--) {
    const e = events[i]!;
    const age = nowNs - e.t;
    if (age < 0) continue;
    if (age >= flowNs) break;
    out.push({ key: e.key, kind: e.kind, cpu: e.cpu, progress: age / flowNs });
  }
  return out.reverse();
}

export interface KrpCounts {
  queued: number;
  started: number;
  forks: number;
  /** Mean wait of the KRPs started, ns (NaN when none). */
  meanWaitNs: number;
}

/** What happened in (fromNs, toNs]. */
export function countKrpEvents(events: readonly KrpEvent[], fromNs: number, toNs: number): KrpCounts {
  let queued = 0;
  let started = 0;
  let forks = 0;
  let wait = 0;
  for (const e of events) {
    if (e.t <= fromNs || e.t > toNs) continue;
    if (e.kind === 'queue') queued++;
    else if (e.kind === 'start') {
      started++;
      wait += e.arg;
    } else forks++;
  }
  return { queued, started, forks, meanWaitNs: started > 0 ? wait / started : NaN };
}

export interface DesignatedBusy {
  pct: number;
  /** True when estimated from mode times (an old snapshot without kernel-context time). */
  estimated: boolean;
}

/**
 * The designated CPU's busy share, as the report's designated_cpu_busy_pct defines it:
 * its time in kernel context (interrupts and fork threads, their spinning included) over
 * the window. Snapshots carry that time per CPU; one without it (a fixture from an older
 * core) is estimated from fork + interrupt + spin time, which can be a little high.
 */
export function designatedBusy(snapshot: Snapshot, report?: Report, modes: readonly string[] = MODES): DesignatedBusy {
  const cpu = snapshot.cpus[designatedCpu(snapshot)];
  if (cpu && snapshot.windowNs > 0 && typeof cpu.kctxNs === 'number') {
    return { pct: Math.min(100, (100 * cpu.kctxNs) / snapshot.windowNs), estimated: false };
  }
  if (report && report.window_ns === snapshot.windowNs && report.designated_cpu === designatedCpu(snapshot)) {
    return { pct: report.designated_cpu_busy_pct, estimated: false };
  }
  if (!cpu || snapshot.windowNs <= 0) return { pct: 0, estimated: true };
  const ns = (name: string) => cpu.modeNs[modes.indexOf(name)] ?? 0;
  const busy = ns('fork') + ns('interrupt') + ns('spin');
  return { pct: Math.min(100, (100 * busy) / snapshot.windowNs), estimated: true };
}

/** The KRP work queue of the snapshot (the schema calls it krp_queue). */
export function krpQueue(snapshot: Snapshot): { len: number; maxLen: number } {
  const q = snapshot.queues.find((queue) => queue.name === 'krp_queue');
  return { len: q?.len ?? 0, maxLen: q?.maxLen ?? 0 };
}
