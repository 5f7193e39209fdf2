/*
 * metrics.ts -- the AlphaServer GS batch run's measures (source 004): its pace and
 * runtime, its RAM disk I/O, the lock manager's spinlock, and OpenVMS's MONITOR MODES
 * rows (openvms/metrics.ts). What lessons and scenes of this kernel record, compare and
 * claim (shared/metrics.ts adds them to its table by id). The RADs' measures (traffic
 * across RADs, RAD 0's advantage, the watched lock's fairness) are the machine's, any
 * kernel's on several RADs: shared/metrics.ts keeps them.
 */
import type { Report } from '../../core/report.js';
import { core, percent, type Metric } from '../../shared/metric-kit.js';
import { MONITOR_METRICS } from '../openvms/metrics.js';

const lock = (report: Report, name: string) => report.locks?.find((l) => l.name === name);

export const NUMA_METRICS = {
  ramdisk_cross_rad_pct: core('numa_run.ramdisk_cross_rad_pct'),
  records_per_s: core('numa_run.records_per_s'),
  lock_ops_per_s: core('numa_run.lock_ops_per_s'),
  ramdisk_io_per_s: core('numa_run.ramdisk_io_per_s'),
  runtime_minutes: {
    label: 'Run time (the real run)',
    unit: 'min',
    digits: 1,
    read: (r) => (r.numa_run?.finished && typeof r.numa_run.runtime_minutes === 'number' ? r.numa_run.runtime_minutes : undefined),
  },
  runtime_ms: {
    label: 'Run time (modelled)',
    unit: 'ms',
    digits: 1,
    read: (r) => (r.numa_run?.finished && typeof r.numa_run.runtime_ns === 'number' ? r.numa_run.runtime_ns / 1e6 : undefined),
  },
  lckmgr_hold_pct: percent('Lock manager spinlock (LCKMGR) held', (r) => lock(r, 'LCKMGR')?.hold_pct),
  lckmgr_contended_pct: percent('LCKMGR acquisitions that had to wait', (r) => lock(r, 'LCKMGR')?.contended_pct),
  ...MONITOR_METRICS,
} satisfies Record<string, Metric>;
