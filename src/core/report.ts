/*
 * report.ts -- the shape of the core's metrics report (lab_sim_report_json), in the
 * sources' vocabulary. The core writes it; TypeScript only reads it.
 */
import type { ScenarioDocument } from './scenario.js';

export interface LockReport {
  name: string;
  hold_pct: number;
  spin_pct: number;
  acquisitions_per_s: number;
  contended_pct: number;
  mean_hold_ns: number;
  line_transfers_per_s: number;
}

export interface QueueReport {
  name: string;
  mean_len: number;
  max_len: number;
  mean_wait_ns: number;
  krps_per_s: number;
}

/** The CPU modes of stacklab.h (LAB_MODE_*), as schema.modes names them. */
export type ModeName = 'user' | 'kernel' | 'fork' | 'spin' | 'interrupt' | 'cswitch' | 'idle';

export interface CpuReport {
  id: number;
  /** Nanoseconds in each CPU mode over the measurement window. */
  modes: Record<ModeName, number>;
}

/** Work done per unit of time, in the sources' measures; the core may add more. */
export interface Throughput {
  transmit_packets_per_s: number;
  received_packets_per_s: number;
  buffered_io_per_s: number;
  transactions_per_min: number;
  [metric: string]: number;
}

/** The SNA Server/6000 kernel's own measures (kernel "sna" only). */
export interface SnaReport {
  /** Measured transfers (sna.transfer_bytes each) that finished in the window. */
  transfers_completed: number;
  /** Their mean response time in ns; 0 when none finished. */
  transfer_response_ns: number;
  /** Bytes of the measured transfer acknowledged per second of the window (always there). */
  transfer_bytes_per_s: number;
  round_trips_per_s: number;
  /** The sessions' mean round trip in ns. */
  round_trip_ns: number;
}

/** One resource affinity domain (QBB) of a NUMA machine. */
export interface RadReport {
  rad: number;
  cpus: number;
  /** Share of the RAD's CPU time in each mode, percent (sums to 100). */
  modes_pct: Record<ModeName, number>;
  /** Acquisitions of the watched spinlock (numa.watched_lock) by this RAD's CPUs. */
  lock_wins_per_s: number;
  lock_wins_per_cpu_per_s: number;
  /** Mean time from wanting the watched lock to holding it, ns. */
  mean_acquire_ns: number;
}

/** Where things live on a machine of several RADs (machine.rads > 1, or kernel "numa"). */
export interface NumaReport {
  rads: number;
  rad_of_cpu: number[];
  by_rad: RadReport[];
  /** Bytes per second from the RAD where the data was [row] to the RAD of the CPU that needed it [column]. */
  traffic_bytes_per_s: number[][];
  /** Off-diagonal share of all that traffic, percent. */
  cross_rad_pct: number;
  watched_lock: string | null;
  lock_wins_by_cpu: number[];
  /** Jain's fairness index over lock_wins_by_cpu: 1 when every CPU won equally. */
  fairness_jain: number;
}

/** The NUMA kernel's batch run (kernel "numa" only). */
export interface NumaRunReport {
  records_per_s: number;
  records_done: number;
  lock_ops_per_s: number;
  ramdisk_io_per_s: number;
  /** Share of RAM disk bytes read from another RAD than the reading CPU's, percent. */
  ramdisk_cross_rad_pct: number;
  /** The dedicated lock manager's CPU, or -1 (ordinary lock manager). */
  lckmgr_cpu: number;
  lckmgr_mean_wait_ns: number;
  /** The run's processes all finished (numa.records > 0). */
  finished: boolean;
  /** Simulated time the run took, or null while it has not finished. */
  runtime_ns: number | null;
  /** runtime_ns times numa.run_scale, in minutes: the real run's length. */
  runtime_minutes: number | null;
  runners_left: number;
}

export interface Report {
  /** The whole scenario that ran, every field resolved. */
  scenario: ScenarioDocument;
  kernel: string;
  simulated_ns: number;
  /** The measurement window: simulated time after the warm-up. */
  window_ns: number;
  events: number;
  /** MP synchronization: percent of all CPU time spent spinning for spinlocks. */
  mpsynch_pct: number;
  /** The same as a number of CPUs' worth of spinning. */
  mpsynch_cpus: number;
  modes_pct: Record<ModeName, number>;
  cpus: CpuReport[];
  locks: LockReport[];
  hold_pct_all_locks: number;
  spin_pct_all_locks: number;
  locks_per_s: number;
  iolock8_hold_pct: number;
  queues: QueueReport[];
  designated_cpu: number;
  designated_cpu_busy_pct: number;
  forks_per_s: number;
  throughput: Throughput;
  txn_response_ns: number;
  rx_dropped: number;
  trace_dropped: number;
  /** The SNA kernel's measures (kernel "sna" only). */
  sna?: SnaReport;
  /** Per RAD figures and the traffic between RADs (machine.rads > 1, or kernel "numa"). */
  numa?: NumaReport;
  /** The NUMA kernel's batch run (kernel "numa" only). */
  numa_run?: NumaRunReport;
  /** Share of lock calls that found their lock taken (every kernel). */
  lock_miss_rate_pct?: number;
}

/**
 * The SNA transfer's response time in ns from its rate: the transfer runs back to
 * back, so in steady state it is its size (the report's scenario) over the bytes it
 * moved per second. A saturated 1-way may finish no transfer in a run, so this is the
 * steadier measure. NaN when it moved nothing or the kernel is not SNA.
 */
export function transferResponseNs(report: Report): number {
  const bytes = (report.scenario?.sna as Record<string, unknown> | undefined)?.transfer_bytes;
  const rate = report.sna?.transfer_bytes_per_s ?? 0;
  return typeof bytes === 'number' && bytes > 0 && rate > 0 ? (1e9 * bytes) / rate : NaN;
}
