/*
 * compare.ts -- the Compare page's rows the AlphaServer GS batch run brings (source
 * 004): records a second, the run's runtime, and RAM disk reads across RADs.
 */
import { reportCompareRow } from '../compare-rows.js';
import type { CompareMetric } from '../types.js';

export const NUMA_COMPARE_ROWS: readonly CompareMetric[] = [
  reportCompareRow('numa_run.records_per_s', {
    id: 'records',
    label: 'Records',
    detail: 'processed per second',
    unit: 'rate',
    after: 'mpsynch',
  }),
  reportCompareRow('numa_run.runtime_minutes', {
    id: 'runtime',
    label: 'Runtime of the run',
    detail: 'minutes (modelled run × run_scale)',
    unit: 'minutes',
    after: 'records',
  }),
  reportCompareRow('numa_run.ramdisk_cross_rad_pct', {
    id: 'ramdisk-cross',
    label: 'RAM disk I/O across RADs',
    detail: 'of RAM disk reads',
    unit: 'pct',
    after: 'miss',
  }),
];
