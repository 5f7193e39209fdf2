/*
 * cli.ts (numa) -- the CLI's section for a NUMA batch run: its rates, where the RAM disk
 * reads came from, its runtime. Loaded only by the CLI (KernelInfo.cli).
 */
import type { Report } from '../../core/report.js';
import { columns, duration, LOCK_COLUMNS, one, pct, reported, whole, type KernelCli, type SummarySection } from '../summary.js';

/** The batch's runtime, or why there is none: a steady-state run (numa.records 0) has no end. */
function runtimeWords(run: NonNullable<Report['numa_run']>): string {
  if (run.runtime_ns !== null) return duration(run.runtime_ns);
  if (run.runners_left === 0) return 'none: a steady-state run (numa.records = 0 gives the processes no end)';
  return `not finished (${run.runners_left} processes still running)`;
}

/** The CLI's section for a batch run: its rates, where the RAM disk reads came from, its runtime. */
function summary(report: Report): SummarySection[] {
  const run = report.numa_run;
  if (!run) return [];
  return [
    {
      header: ['Batch run', ''],
      rows: [
        reported('numa_run.records_per_s', whole(run.records_per_s)),
        reported('numa_run.lock_ops_per_s', whole(run.lock_ops_per_s)),
        reported('numa_run.ramdisk_io_per_s', whole(run.ramdisk_io_per_s)),
        reported('numa_run.ramdisk_cross_rad_pct', `${pct(run.ramdisk_cross_rad_pct)}%`),
        ['runtime', runtimeWords(run)],
        ...(run.runtime_minutes === null ? [] : [['runtime of the real run', `${one(run.runtime_minutes)} minutes`]]),
      ],
    },
  ];
}

export const numaCli: KernelCli = {
  summary,
  sweep: columns(LOCK_COLUMNS, {
    header: ['records/s', 'runtime'],
    cells: (report) =>
      report.numa_run
        ? [
            whole(report.numa_run.records_per_s),
            report.numa_run.runtime_ns === null ? 'no end (steady state)' : duration(report.numa_run.runtime_ns),
          ]
        : ['–', '–'],
  }),
};
