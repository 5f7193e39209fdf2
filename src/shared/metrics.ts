/*
 * metrics.ts -- the measures a lesson may record, compare or claim, read from the
 * core's report (core/report.ts) in the sources' vocabulary. A lesson names them by
 * id; this table says what each one is called, its unit and how to read it, so the
 * lesson page, the tests that check a lesson's numbers and docs/lessons.md agree.
 *
 * A measure that is one value of the report takes its words from the core (`core`:
 * label, unit and which way is better, from the MetricDesc table of the C function
 * that writes it, through the schema into REPORT_METRICS); only measures derived from
 * several values, or one value seen one way (a mode, a lock, a queue by name), are
 * worded here.
 */
import type { Report } from '../core/report.js';
import { core, percent, rate, type Metric } from './metric-kit.js';

export type { Metric };
import { monitorModes } from '../core/monitor.js';
import { KERNELS } from '../kernels/index.js';

const cpus = (report: Report) => {
  const machine = report.scenario?.machine as Record<string, unknown> | undefined;
  const n = machine?.cpus;
  return typeof n === 'number' && n > 0 ? n : undefined;
};

const ENGINE_METRICS = {
  mpsynch_pct: core('mpsynch_pct'),
  mpsynch_cpus: core('mpsynch_cpus', { digits: 1 }),
  transmit_packets_per_s: core('throughput.transmit_packets_per_s'),
  transmit_packets_per_s_per_cpu: rate('Transmit packets/s per CPU', (r) => {
    const n = cpus(r);
    const perSecond = r.throughput?.transmit_packets_per_s;
    return n === undefined || perSecond === undefined ? undefined : perSecond / n;
  }),
  transactions_per_min: core('throughput.transactions_per_min'),
  buffered_io_per_s: core('throughput.buffered_io_per_s'),
  hold_pct_all_locks: core('hold_pct_all_locks'),
  spin_pct_all_locks: core('spin_pct_all_locks'),
  locks_per_s: core('locks_per_s'),
  user_pct: percent('User mode', (r) => r.modes_pct?.user),
  idle_pct: percent('Idle', (r) => r.modes_pct?.idle),
  txn_response_ms: core('txn_response_ns', { digits: 2, shown: { unit: 'ms', per: 1e6 } }),
  context_switches_per_s: core('scheduler.context_switches_per_s'),
  run_queue_mean: core('scheduler.run_queue_mean', { digits: 1 }),
  futile_wakeups_per_s: core('scheduler.futile_wakeups_per_s'),
  cswitch_pct: percent('Context switching', (r) => r.modes_pct?.cswitch),
  spin_pct: percent('Spinning', (r) => r.modes_pct?.spin),
  lock_miss_rate_pct: core('lock_miss_rate_pct'),
  hottest_lock_hold_pct: percent('Busiest lock held', (r) => {
    const locks = r.locks;
    return locks && locks.length > 0 ? Math.max(...locks.map((l) => l.hold_pct)) : undefined;
  }),
  // Resource affinity domains (any kernel on several RADs; the AlphaServer GS's, numa/): where things live, the fair spinlock.
  cross_rad_pct: core('numa.cross_rad_pct'),
  busiest_rad_traffic_pct: percent('Traffic served by the busiest RAD', (r) => {
    const matrix = r.numa?.traffic_bytes_per_s;
    if (!matrix || matrix.length === 0) return undefined;
    const rows = matrix.map((row) => row.reduce((sum, bytes) => sum + bytes, 0));
    const total = rows.reduce((sum, bytes) => sum + bytes, 0);
    return total > 0 ? (100 * Math.max(...rows)) / total : undefined;
  }),
  lock_fairness_jain: core('numa.fairness_jain', { digits: 3 }),
  rad0_interrupt_mpsynch_pct: percent("RAD 0's CPUs: Interrupt State + MP Synchronization", (r) => {
    const rad = r.numa?.by_rad?.[0];
    if (!rad) return undefined;
    // As a share of the RAD's time: MONITOR's rows for one CPU's worth of it.
    return monitorModes(rad.modes_pct, 1)
      .filter((entry) => entry.row === 'Interrupt State' || entry.row === 'MP Synchronization')
      .reduce((sum, entry) => sum + entry.value, 0);
  }),
  rad0_win_ratio: {
    label: "RAD 0's lock wins per CPU over the other RADs'",
    unit: 'times',
    digits: 2,
    read: (r) => {
      const rads = r.numa?.by_rad;
      if (!rads || rads.length < 2) return undefined;
      const others = rads.slice(1).reduce((sum, rad) => sum + rad.lock_wins_per_cpu_per_s, 0) / (rads.length - 1);
      return others > 0 ? rads[0]!.lock_wins_per_cpu_per_s / others : undefined;
    },
  },
  rad0_acquire_advantage_pct: percent("RAD 0's lock acquisition shorter by", (r) => {
    const rads = r.numa?.by_rad;
    if (!rads || rads.length < 2) return undefined;
    const others = rads.slice(1).reduce((sum, rad) => sum + rad.mean_acquire_ns, 0) / (rads.length - 1);
    return others > 0 ? (100 * (others - rads[0]!.mean_acquire_ns)) / others : undefined;
  }),
} satisfies Record<string, Metric>;

/**
 * Every measure by id: the engine's above, and each kernel's own (KernelInfo.metrics,
 * src/kernels/<name>/). An id is a lesson's and a scene's name for it.
 */
export const METRICS: Readonly<Record<string, Metric>> = Object.assign(
  {},
  ENGINE_METRICS,
  ...KERNELS.map((kernel) => kernel.metrics ?? {}),
);

/** A measure's id (METRICS' keys; checked at run time where it comes from a lesson or a scene: isMetricId). */
export type MetricId = string;

export const METRIC_IDS: readonly MetricId[] = Object.keys(METRICS);

export function isMetricId(id: string): id is MetricId {
  return Object.prototype.hasOwnProperty.call(METRICS, id);
}

/** The measure of that id (one that isMetricId). */
export function metricOf(id: MetricId): Metric {
  const metric = METRICS[id];
  if (!metric) throw new Error(`no measure has the id "${id}"`);
  return metric;
}

/** The value of a metric in a report, or undefined. */
export function readMetric(report: Report, id: MetricId): number | undefined {
  const value = metricOf(id).read(report);
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

const formats = new Map<number, Intl.NumberFormat>();

/** A metric's value as the learner reads it: "27.4%", "41,039", "2.53 ms". */
export function formatMetric(id: MetricId, value: number): string {
  const metric = metricOf(id);
  let format = formats.get(metric.digits);
  if (!format) {
    format = new Intl.NumberFormat('en', { minimumFractionDigits: metric.digits, maximumFractionDigits: metric.digits });
    formats.set(metric.digits, format);
  }
  return withUnit(format.format(value), metric.unit);
}

/** A number written with its unit: "27.4%" (no space before %), "2.53 ms", "41,039". */
export function withUnit(number: string, unit: string): string {
  if (!unit) return number;
  return unit === '%' ? `${number}%` : `${number} ${unit}`;
}
