/*
 * cli.ts -- the CLI's section for a service under a lock: requests a second, the
 * response, the serial part, and what each request cost. Loaded only by the CLI.
 */
import type { Report } from '../../core/report.js';
import { columns, duration, LOCK_COLUMNS, pct, reported, two, whole, type KernelCli, type SummarySection } from '../summary.js';

function summary(report: Report): SummarySection[] {
  const s = report.service;
  if (!s) return [];
  return [
    {
      header: [`Service (${s.discipline})`, ''],
      rows: [
        reported('service.requests_per_s', whole(s.requests_per_s)),
        reported('service.mean_response_ns', duration(s.mean_response_ns)),
        reported('service.serial_busy_pct', `${pct(s.serial_busy_pct)}%`),
        reported('service.lock_transfers_per_request', two(s.lock_transfers_per_request)),
        reported('service.state_transfers_per_request', two(s.state_transfers_per_request)),
        reported('service.message_transfers_per_request', two(s.message_transfers_per_request)),
        reported('service.context_switches_per_request', two(s.context_switches_per_request)),
        reported('service.futile_wakeups_per_request', two(s.futile_wakeups_per_request)),
        reported('service.reply_wait_pct', `${pct(s.reply_wait_pct)}%`),
        ...(s.discipline === 'combine' ? [reported('service.combined_per_pass', two(s.combined_per_pass))] : []),
        ...(s.discipline === 'partition' ? [reported('service.elephant_pct', `${pct(s.elephant_pct)}%`)] : []),
      ],
    },
  ];
}

export const serviceCli: KernelCli = {
  summary,
  sweep: columns(LOCK_COLUMNS, {
    header: ['requests/s', 'response'],
    cells: (report) => (report.service ? [whole(report.service.requests_per_s), duration(report.service.mean_response_ns)] : ['–', '–']),
  }),
};
