/*
 * cli.ts -- the CLI's sections for an OpenVMS testbed run (classic and Scalable
 * Kernel): the KRP queue, the designated CPU, the paper's throughput measures. Loaded
 * only by the CLI (KernelInfo.cli).
 */
import type { Report } from '../../core/report.js';
import { columns, duration, LOCK_COLUMNS, pct, reported, two, whole, type KernelCli, type SummarySection } from '../summary.js';

/** The testbed's throughput in the paper's measures (transmit packets, buffered I/O, transactions). */
const THROUGHPUT_PATHS = [
  'throughput.transmit_packets_per_s',
  'throughput.received_packets_per_s',
  'throughput.buffered_io_per_s',
  'throughput.transactions_per_min',
] as const;

/** A run's sections. */
function summary(report: Report, designatedCpu: boolean): SummarySection[] {
  return [
    {
      header: ['Queue', 'mean length', 'max length', 'mean wait', 'KRPs/s'],
      rows: report.queues.map((queue) => [
        queue.name,
        two(queue.mean_len),
        whole(queue.max_len),
        duration(queue.mean_wait_ns),
        whole(queue.krps_per_s),
      ]),
    },
    ...(designatedCpu
      ? [
          `Designated CPU ${report.designated_cpu}: ${pct(report.designated_cpu_busy_pct)}% busy in kernel context; ` +
            `fork threads created: ${whole(report.forks_per_s)}/s\n`,
        ]
      : [`Fork threads created: ${whole(report.forks_per_s)}/s\n`]),
    {
      header: ['Throughput', ''],
      rows: [
        ...THROUGHPUT_PATHS.map((path) =>
          reported(path, whole(report.throughput[path.slice('throughput.'.length) as keyof Report['throughput']])),
        ),
        reported('txn_response_ns', duration(report.txn_response_ns)),
      ],
    },
  ];
}

/** The CLI's part for one of the two OpenVMS kernels (only the Scalable Kernel has a designated CPU). */
export function openvmsCli(designatedCpu: boolean): KernelCli {
  return {
    summary: (report) => summary(report, designatedCpu),
    sweep: columns(LOCK_COLUMNS, {
      header: [...(designatedCpu ? ['designated CPU busy %'] : []), 'transmit packets/s', 'transactions/min'],
      cells: (report) => [
        ...(designatedCpu ? [pct(report.designated_cpu_busy_pct)] : []),
        whole(report.throughput.transmit_packets_per_s),
        whole(report.throughput.transactions_per_min),
      ],
    }),
  };
}
