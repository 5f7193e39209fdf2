/*
 * measures.ts -- a live picture with a finished run's measures. A scene in front of a
 * class plays for seconds of wall time, a few milliseconds of simulated time, and its
 * counters so far are not yet the run's figures: in the first 4 ms after the warm-up,
 * 16 CPUs of the classic kernel spin 41% of the time; over the 400 ms run, 28%. Beside
 * the full run's figures, the views would state a third number. So where a full run of
 * the same scenario and seed is known, the views draw the live run's state (who holds
 * each lock, who spins, each CPU's mode, the queues' contents) with the full run's
 * counters (time in each mode, each lock's hold and spin time and acquisitions, the
 * scheduler's counts, the longest queue), and say so (Snapshot.measuredBy).
 *
 * Invariants: only counters change; the live state is the live snapshot's. A counter the
 * report does not give per CPU (kernel-context time on any CPU but the designated one)
 * is NaN, never a guess: views read it with Number.isFinite.
 */
import type { Report } from './report.js';
import type { Snapshot } from './snapshot.js';

/** Count over a window from a rate per second. */
const countOf = (perS: number, windowNs: number) => (Number.isFinite(perS) ? (perS * windowNs) / 1e9 : 0);

/**
 * The live snapshot's state with the report's counters. `modeNames` is the schema's mode
 * order (Snapshot's CpuState.modeNs is indexed by it). The report must be of the same
 * scenario: its CPUs and locks are matched by id and name, and one it lacks keeps no
 * counters (0).
 */
export function withMeasures(live: Snapshot, report: Report, modeNames: readonly string[], words: string): Snapshot {
  const w = report.window_ns;
  const cpus = live.cpus.length;
  const cpuReports = new Map(report.cpus.map((c) => [c.id, c]));
  const lockReports = new Map(report.locks.map((l) => [l.name, l]));
  const queueReports = new Map(report.queues.map((q) => [q.name as string, q]));
  const designated = report.designated_cpu;
  return {
    ...live,
    windowNs: w,
    measuredBy: { words, windowNs: w, live },
    cpus: live.cpus.map((cpu) => {
      const r = cpuReports.get(cpu.id);
      return {
        ...cpu,
        modeNs: modeNames.map((mode) => Number((r?.modes as Record<string, number> | undefined)?.[mode] ?? 0)),
        kctxNs: cpu.id === designated ? (report.designated_cpu_busy_pct / 100) * w : Number.NaN,
      };
    }),
    locks: live.locks.map((lock) => {
      const r = lockReports.get(lock.name);
      return {
        ...lock,
        holdNs: r ? (Math.min(100, r.hold_pct) / 100) * w : 0,
        spinNs: r ? (r.spin_pct / 100) * w * cpus : 0,
        acquisitions: r ? countOf(r.acquisitions_per_s, w) : 0,
        lineTransfers: r ? countOf(r.line_transfers_per_s, w) : 0,
        wakeups: r ? countOf(r.wakeups_per_s, w) : 0,
        futile: r ? countOf(r.futile_wakeups_per_s, w) : 0,
      };
    }),
    queues: live.queues.map((queue) => ({ ...queue, maxLen: queueReports.get(queue.name)?.max_len ?? queue.maxLen })),
    dispatches: countOf(report.scheduler.context_switches_per_s, w),
    wakeups: countOf(report.scheduler.wakeups_per_s, w),
    futile: report.scheduler.futile_wakeups,
    posts: countOf(report.scheduler.posts_per_s, w),
  };
}

/**
 * The live state with no counters yet: the full run is still running, and a live count
 * so far would be read as the answer. The views draw their "not measured yet" state,
 * as during a warm-up.
 */
export function awaitingMeasures(live: Snapshot, words: string): Snapshot {
  return {
    ...live,
    windowNs: 0,
    measuredBy: { words, windowNs: 0, live },
    cpus: live.cpus.map((cpu) => ({ ...cpu, modeNs: cpu.modeNs.map(() => 0), kctxNs: 0 })),
    locks: live.locks.map((lock) => ({ ...lock, holdNs: 0, spinNs: 0, acquisitions: 0, lineTransfers: 0, wakeups: 0, futile: 0 })),
    queues: live.queues.map((queue) => ({ ...queue, maxLen: queue.len })),
    dispatches: 0,
    wakeups: 0,
    futile: 0,
    posts: 0,
  };
}
