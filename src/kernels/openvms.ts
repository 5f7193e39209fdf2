/*
 * openvms.ts -- what the two OpenVMS TCP/IP kernels share in the app: the testbed's
 * controls, figures and views, and the pair Compare makes of them (source 000).
 */
import { type ControlSpec, CPUS, KERNEL, ns, SPINLOCK_CHOICES, us } from './controls.js';
import type { KnownViewId } from '../shared/view-ids.js';
import type { Report } from '../core/report.js';
import { columns, duration, LOCK_COLUMNS, pct, reported, two, whole, type SummarySection } from './summary.js';
import type { KernelInfo } from './types.js';

/** The controls the lab shows first, in this order. */
const MAIN_CONTROLS: readonly ControlSpec[] = [
  CPUS, KERNEL,
  { path: 'workload.processes', kind: 'number' },
  { path: 'workload.think.mean_ns', kind: 'number', unit: us },
  { path: 'costs.kernel_write.mean_ns', kind: 'number', unit: ns },
  { path: 'costs.kernel_read.mean_ns', kind: 'number', unit: ns },
  { path: 'costs.copy_per_kb.mean_ns', kind: 'number', unit: ns },
  { path: 'workload.message_bytes', kind: 'number' },
  {
    path: 'kernel.lock_kind', kind: 'select',
    choices: SPINLOCK_CHOICES,
  },
  { path: 'sim.seed', kind: 'number' },
  {
    path: 'kernel.designated_cpu', kind: 'number', kernel: 'scalable',
    note: '-1 means the last CPU.',
  },
];

/** The views of the OpenVMS testbed (both kernels). */
export const OPENVMS_VIEWS: readonly KnownViewId[] = ['cpu-grid', 'lock', 'krp-queue', 'modes', 'timeline', 'lock-table', 'scaling'];

/** The testbed's throughput in the paper's measures (transmit packets, buffered I/O, transactions). */
const THROUGHPUT_PATHS = [
  'throughput.transmit_packets_per_s', 'throughput.received_packets_per_s', 'throughput.buffered_io_per_s',
  'throughput.transactions_per_min',
] as const;

/** The CLI's sections for an OpenVMS testbed run: the KRP queue, the designated CPU, the throughput. */
function summary(report: Report, designatedCpu: boolean): SummarySection[] {
  return [
    {
      header: ['Queue', 'mean length', 'max length', 'mean wait', 'KRPs/s'],
      rows: report.queues.map((queue) => [
        queue.name, two(queue.mean_len), whole(queue.max_len), duration(queue.mean_wait_ns), whole(queue.krps_per_s),
      ]),
    },
    ...(designatedCpu
      ? [`Designated CPU ${report.designated_cpu}: ${pct(report.designated_cpu_busy_pct)}% busy in kernel context; `
        + `fork threads created: ${whole(report.forks_per_s)}/s\n`]
      : [`Fork threads created: ${whole(report.forks_per_s)}/s\n`]),
    {
      header: ['Throughput', ''],
      rows: [
        ...THROUGHPUT_PATHS.map((path) => reported(path, whole(report.throughput[path.slice('throughput.'.length) as keyof Report['throughput']]))),
        reported('txn_response_ns', duration(report.txn_response_ns)),
      ],
    },
  ];
}

/** The record of one OpenVMS kernel; the other is its Compare and sweep partner. */
export function openvmsKernel(own: Pick<KernelInfo, 'name' | 'title' | 'short' | 'choice' | 'designatedCpu' | 'mainLock' | 'openvmsPair'>,
  partner: { name: string; title: string }): KernelInfo {
  return {
    ...own,
    mainControls: MAIN_CONTROLS,
    views: OPENVMS_VIEWS,
    figures: () => import('../lab/figures/OpenvmsFigures.js'),
    threadRoles: false,
    rads: false,
    journey: false,
    sweepPartner: partner.name,
    pair: (values) => ({ path: 'kernel.kind', from: String(values['kernel.kind'] ?? own.name), to: partner.name, words: `on the ${partner.title}` }),
    sideWords: () => [],
    compareRows: ['tx', 'hold', 'spin', 'iolock8', ...(own.designatedCpu ? ['krp-wait', 'designated'] : [])],
    headlineRows: ['mpsynch', 'tx'],
    summary: (report) => summary(report, own.designatedCpu),
    sweep: columns(LOCK_COLUMNS, {
      header: [...(own.designatedCpu ? ['designated CPU busy %'] : []), 'transmit packets/s', 'transactions/min'],
      cells: (report) => [
        ...(own.designatedCpu ? [pct(report.designated_cpu_busy_pct)] : []),
        whole(report.throughput.transmit_packets_per_s), whole(report.throughput.transactions_per_min),
      ],
    }),
  };
}
