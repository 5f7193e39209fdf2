/*
 * cli.ts -- the CLI's section for an SNA Server/6000 run: the sessions, the measured
 * transfer, the herd. Loaded only by the CLI (KernelInfo.cli).
 */
import { columns, duration, LOCK_COLUMNS, reported, whole, type KernelCli } from '../summary.js';

export const snaCli: KernelCli = {
  summary: (report) =>
    report.sna
      ? [
          {
            header: ['SNA Server/6000', ''],
            rows: [
              reported('sna.round_trips_per_s', whole(report.sna.round_trips_per_s)),
              reported('sna.round_trip_ns', duration(report.sna.round_trip_ns)),
              // KB of 1000 bytes, as the lessons' transfer_kb_per_s reads it.
              reported('sna.transfer_bytes_per_s', `${whole(report.sna.transfer_bytes_per_s / 1000)} KB/s`),
              reported('scheduler.context_switches_per_s', whole(report.scheduler.context_switches_per_s)),
              reported('scheduler.futile_wakeups_per_s', whole(report.scheduler.futile_wakeups_per_s)),
            ],
          },
        ]
      : [],
  sweep: columns(LOCK_COLUMNS, {
    header: ['round trips/s', 'round trip', 'transfer KB/s'],
    cells: (report) =>
      report.sna
        ? [whole(report.sna.round_trips_per_s), duration(report.sna.round_trip_ns), whole(report.sna.transfer_bytes_per_s / 1000)]
        : ['–', '–', '–'],
  }),
};
