/*
 * model.ts (numa-spinlock) -- who wins the watched spinlock (numa.watched_lock, the lock
 * manager's by default) on a machine of several RADs: each CPU's acquisitions against
 * its fair share (every CPU winning equally = 1), grouped by RAD; each RAD's mean time
 * from wanting the lock to holding it; and Jain's fairness index over the CPUs
 * (report.numa.fairness_jain: 1 when every CPU won equally, 1/N when one won all).
 *
 * The source (004, slide 16): test-and-set hardware gives RAD 0 an advantage; OpenVMS
 * compensates when contention is high, and "testing has shown it to be extremely fair".
 */
import type { Report } from '../../core/report.js';
import { formatNs, formatOne, formatRate, listWords, plural } from '../format.js';
import { cpuListWords } from '../monitor-modes/model.js';
import { cpusByRad, numaLayout, numaOf, numaRunOf, radName } from '../numa-data.js';

export interface SpinlockCpu {
  cpu: number;
  wins: number;
  /** wins over the mean wins per CPU: 1 is a fair share. */
  share: number;
}

export interface SpinlockRad {
  rad: number;
  cpus: SpinlockCpu[];
  winsPerS: number;
  winsPerCpuPerS: number;
  meanAcquireNs: number;
  /** The RAD's CPUs' wins over their fair share. */
  share: number;
}

export interface SpinlockFigures {
  lock: string | null;
  rads: SpinlockRad[];
  jain: number;
  totalWins: number;
  /** The largest share of any CPU (the bars' scale reaches at least 1.5). */
  maxShare: number;
  /** The dedicated lock manager's CPU, -1 with the ordinary one. */
  lckmgrCpu: number;
  lockOpsPerS: number | null;
}

export function spinlockFigures(report: Report | undefined, cpuCount?: number): SpinlockFigures | null {
  const numa = numaOf(report);
  if (!numa) return null;
  const layout = numaLayout(report, cpuCount);
  const wins = numa.lock_wins_by_cpu ?? [];
  const total = wins.reduce((s, w) => s + Math.max(0, w), 0);
  const mean = layout.cpus > 0 ? total / layout.cpus : 0;
  const byRad = cpusByRad(layout);
  const rads = byRad.map((cpus, rad) => {
    const r = numa.by_rad.find((b) => b.rad === rad);
    const list = cpus.map((cpu) => {
      const w = Math.max(0, wins[cpu] ?? 0);
      return { cpu, wins: w, share: mean > 0 ? w / mean : 0 };
    });
    const radWins = list.reduce((s, c) => s + c.wins, 0);
    return {
      rad,
      cpus: list,
      winsPerS: r?.lock_wins_per_s ?? 0,
      winsPerCpuPerS: r?.lock_wins_per_cpu_per_s ?? 0,
      meanAcquireNs: r?.mean_acquire_ns ?? 0,
      share: mean > 0 && list.length > 0 ? radWins / (mean * list.length) : 0,
    };
  });
  return {
    lock: numa.watched_lock,
    rads,
    jain: Number.isFinite(numa.fairness_jain) ? numa.fairness_jain : 1,
    totalWins: total,
    maxShare: Math.max(1.5, ...rads.flatMap((r) => r.cpus.map((c) => c.share))),
    lckmgrCpu: layout.lckmgrCpu,
    lockOpsPerS: numaRunOf(report)?.lock_ops_per_s ?? null,
  };
}

/** Jain's index in words for the headline. */
export function jainWords(jain: number, cpus: number): string {
  if (jain >= 0.99) return 'every CPU wins about equally';
  if (cpus > 0 && jain <= 1.5 / cpus) return 'a few CPUs win nearly everything';
  if (jain >= 0.9) return 'nearly fair';
  return 'unfair: some CPUs win far more often';
}

/** Why there are no wins to draw, or null when there are. */
export function noWinsText(f: SpinlockFigures): string | null {
  if (f.totalWins > 0) return null;
  if (!f.lock) return 'No spinlock is watched in this run (numa.watched_lock).';
  if (f.lckmgrCpu >= 0) {
    return (
      `No CPU took ${f.lock}: the dedicated lock manager (LCKMGR_SERVER on CPU ${f.lckmgrCpu}) serves every request ` +
      'from its queue, so nobody contends for the lock manager spinlock; callers spin at IPL 2 for their status instead.'
    );
  }
  return `No CPU has taken ${f.lock} yet.`;
}

export function spinlockSummary(f: SpinlockFigures | null): string {
  if (!f) return 'Spinlock fairness per RAD: waiting for the first report with the NUMA figures.';
  const none = noWinsText(f);
  if (none) return `Spinlock fairness per RAD: ${none}`;
  const cpus = f.rads.reduce((s, r) => s + r.cpus.length, 0);
  const radParts = f.rads.map(
    (r) =>
      `${radName(r.rad)} (${cpuListWords(r.cpus.map((c) => c.cpu))}) ${formatRate(r.winsPerS)} wins, ` +
      `${formatOne(r.share)} times its fair share, mean acquire ${formatNs(r.meanAcquireNs)}`,
  );
  const best = [...f.rads].sort((a, b) => b.share - a.share)[0];
  const worst = [...f.rads].sort((a, b) => a.share - b.share)[0];
  return (
    `Who wins ${f.lock ?? 'the watched spinlock'}: Jain's fairness index ${f.jain.toFixed(3)} over ${plural(cpus, 'CPU')} ` +
    `(1 means every CPU wins equally): ${jainWords(f.jain, cpus)}. ${listWords(radParts)}. ` +
    (best && worst && best.rad !== worst.rad
      ? `${radName(best.rad)} wins most (${formatOne(best.share)} of its share), ${radName(worst.rad)} least (${formatOne(worst.share)}).`
      : '')
  );
}
