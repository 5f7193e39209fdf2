/*
 * openvms.ts -- what the two OpenVMS TCP/IP kernels share in the app: the testbed's
 * controls, figures, views and measures, and the pair Compare makes of them (source 000).
 * classic.ts and scalable.ts make their records with it.
 */
import { type ControlSpec, CPUS, KERNEL, ns, SPINLOCK_CHOICES, SPINLOCK_SHORT, us } from '../controls.js';
import type { KnownViewId } from '../../shared/view-ids.js';
import { OPENVMS_COMPARE_ROWS } from './compare.js';
import type { KernelInfo, LockWords, Throughput } from '../types.js';
import { OPENVMS_METRICS } from './metrics.js';

/** The controls the lab shows first, in this order. */
const MAIN_CONTROLS: readonly ControlSpec[] = [
  CPUS,
  KERNEL,
  { path: 'workload.processes', kind: 'number' },
  { path: 'workload.think.mean_ns', kind: 'number', unit: us },
  { path: 'costs.kernel_write.mean_ns', kind: 'number', unit: ns },
  { path: 'costs.kernel_read.mean_ns', kind: 'number', unit: ns },
  { path: 'costs.copy_per_kb.mean_ns', kind: 'number', unit: ns },
  { path: 'workload.message_bytes', kind: 'number' },
  {
    path: 'kernel.lock_kind',
    kind: 'select',
    choices: SPINLOCK_CHOICES,
    short: SPINLOCK_SHORT,
  },
  { path: 'sim.seed', kind: 'number' },
  {
    path: 'kernel.designated_cpu',
    kind: 'number',
    kernel: 'scalable',
    note: '-1 means the last CPU.',
  },
];

/** The views of the OpenVMS testbed (both kernels; the KRP queue is the Scalable Kernel's own, scalable.ts). */
export const OPENVMS_VIEWS: readonly KnownViewId[] = ['cpu-grid', 'lock', 'krp-queue', 'modes', 'timeline', 'lock-table', 'scaling'];

/** The paper's measure of the testbed's throughput (its Figures 4 and 6). */
const TRANSMIT: Throughput = {
  path: 'throughput.transmit_packets_per_s',
  label: 'TCP/IP transmit packets per second',
  words: 'transmit packets per second',
  unit: 'transmit packets/s',
};

/**
 * The record of one OpenVMS kernel; the other is its Compare and sweep partner, and
 * `baseline` says which of the two Compare keeps on side A (the classic kernel).
 */
/** The OpenVMS TCP/IP kernels' locks (source 000), in the paper's terms; the GS batch run has the first two too. */
export const OPENVMS_LOCK_WORDS: Readonly<Record<string, LockWords>> = {
  IOLOCK8: {
    label: 'I/O lock 8',
    role: 'the TCP/IP global spin lock of the classic kernel (disk I/O takes it too)',
  },
  SCHED: {
    label: 'SCHED',
    role: 'the scheduler spin lock: context switches and wake-ups',
  },
  TCPIP_GLOBAL: {
    label: 'TCP/IP global spin lock',
    role: "the Scalable Kernel's own lock, taken by fork threads on the designated CPU",
    elsewhere: "the Scalable Kernel's TCP/IP global spin lock",
  },
};

export function openvmsKernel(
  own: Pick<
    KernelInfo,
    | 'name'
    | 'title'
    | 'short'
    | 'choice'
    | 'mainLock'
    | 'series'
    | 'seriesLabel'
    | 'scalingTerms'
    | 'paperLockTable'
    | 'roleCpu'
    | 'ownViews'
    | 'compareMetrics'
    | 'queueWords'
  >,
  partner: { name: string; title: string },
  baseline: 'from' | 'to',
): KernelInfo {
  return {
    ...own,
    folder: 'openvms',
    lockWords: OPENVMS_LOCK_WORDS,
    vocabulary: 'openvms',
    mainControls: MAIN_CONTROLS,
    views: OPENVMS_VIEWS,
    metrics: OPENVMS_METRICS,
    figures: () => import('./Figures.js'),
    throughput: TRANSMIT,
    sweepPartner: partner.name,
    sweepCpus: { from: 1, to: 32, step: 1 },
    // the classic kernel is the baseline, the Scalable Kernel the remedy
    pair: (values) => ({
      path: 'kernel.kind',
      from: String(values['kernel.kind'] ?? own.name),
      to: partner.name,
      words: `on the ${partner.title}`,
      baseline,
    }),
    sideWords: () => [],
    compareRows: ['tx', 'hold', 'spin', 'iolock8', ...(own.compareMetrics ?? []).map((row) => row.id)],
    compareMetrics: [...OPENVMS_COMPARE_ROWS, ...(own.compareMetrics ?? [])],
    comparePairs: [{ id: 'kernels', label: 'Classic vs Scalable', a: 'testbed-classic', b: 'testbed-scalable' }],
    headlineRows: ['mpsynch', 'tx'],
    cli: async () => (await import('./cli.js')).openvmsCli(own.roleCpu !== undefined),
  };
}
