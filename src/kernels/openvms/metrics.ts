/*
 * metrics.ts -- the OpenVMS kernels' measures (source 000): I/O lock 8, the KRP queue
 * and its designated CPU, fork threads, and the rows of MONITOR MODES (which the
 * AlphaServer GS kernel, numa/, records too). What lessons and scenes of these kernels
 * record, compare and claim (shared/metrics.ts adds them to its table by id).
 */
import type { Report } from '../../core/report.js';
import { monitorModes, type MonitorRow } from '../../core/monitor.js';
import { core, rate, type Metric } from '../../shared/metric-kit.js';

const queue = (report: Report, name: string) => report.queues?.find((q) => q.name === name);
const lock = (report: Report, name: string) => report.locks?.find((l) => l.name === name);
const cpus = (report: Report) => {
  const machine = report.scenario?.machine as Record<string, unknown> | undefined;
  const n = machine?.cpus;
  return typeof n === 'number' && n > 0 ? n : undefined;
};

/**
 * One row of OpenVMS MONITOR MODES (core/monitor.ts): percent of one CPU summed over the
 * machine's CPUs, so the rows add up to 100 x CPUs ("of 1,600" for 16 CPUs).
 */
const monitorRow = (label: string, row: MonitorRow): Metric => ({
  label: `MONITOR MODES: ${label} (of 100 × CPUs)`,
  unit: '',
  digits: 0,
  read: (r) => {
    const n = cpus(r);
    if (!r.modes_pct || n === undefined) return undefined;
    return monitorModes(r.modes_pct, n).find((entry) => entry.row === row)?.value;
  },
});

/** MONITOR MODES's rows, as OpenVMS's MONITOR utility prints them. */
export const MONITOR_METRICS = {
  monitor_interrupt: monitorRow('Interrupt State', 'Interrupt State'),
  monitor_mpsynch: monitorRow('MP Synchronization', 'MP Synchronization'),
  monitor_kernel: monitorRow('Kernel Mode', 'Kernel Mode'),
  monitor_user: monitorRow('User Mode', 'User Mode'),
  monitor_idle: monitorRow('Idle Time', 'Idle Time'),
} satisfies Record<string, Metric>;

/** The OpenVMS TCP/IP testbed's measures (classic kernel and Scalable Kernel). */
export const OPENVMS_METRICS = {
  iolock8_hold_pct: core('iolock8_hold_pct'),
  iolock8_contended_pct: {
    label: 'I/O lock 8 acquisitions that had to wait',
    unit: '%',
    digits: 0,
    read: (r) => lock(r, 'IOLOCK8')?.contended_pct,
  },
  iolock8_transfers_per_s: rate('I/O lock 8 cache-line moves/s', (r) => lock(r, 'IOLOCK8')?.line_transfers_per_s),
  designated_cpu_busy_pct: core('designated_cpu_busy_pct'),
  designated_cpu_spin_pct: core('designated_cpu_spin_pct'),
  forks_per_s: core('forks_per_s'),
  krp_queue_mean_len: { label: 'KRPs waiting (mean)', unit: 'KRPs', digits: 1, read: (r) => queue(r, 'krp_queue')?.mean_len },
  krp_queue_mean_wait_us: {
    label: 'KRP wait (mean)',
    unit: 'µs',
    digits: 0,
    read: (r) => {
      const q = queue(r, 'krp_queue');
      return q === undefined ? undefined : q.mean_wait_ns / 1000;
    },
  },
  krps_per_s: rate('KRPs queued/s', (r) => queue(r, 'krp_queue')?.krps_per_s),
  // The utilisation law read backwards: the designated CPU's busy time per KRP it takes.
  designated_cpu_us_per_krp: {
    label: 'Designated CPU time per KRP',
    unit: 'µs',
    digits: 1,
    read: (r) => {
      const q = queue(r, 'krp_queue');
      const busy = r.designated_cpu_busy_pct;
      return q === undefined || busy === undefined || q.krps_per_s <= 0 ? undefined : (busy / 100 / q.krps_per_s) * 1e6;
    },
  },
  ...MONITOR_METRICS,
} satisfies Record<string, Metric>;
