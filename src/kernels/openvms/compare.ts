/*
 * compare.ts -- the Compare page's rows the OpenVMS TCP/IP kernels bring (source 000): I/O
 * lock 8's hold (both), and for the Scalable Kernel how long a KRP waits for the
 * designated CPU and how busy that CPU is in kernel context.
 * The page reads them only from a side that runs the Scalable Kernel (KernelInfo.compareMetrics).
 */
import type { CompareMetric } from '../types.js';
import { designatedCpu } from './designated-cpu.js';

/** Both OpenVMS TCP/IP kernels: how much of the time I/O lock 8 is held (source 000's lock table). */
export const OPENVMS_COMPARE_ROWS: readonly CompareMetric[] = [
  {
    id: 'iolock8',
    label: 'I/O lock 8 held',
    detail: 'of the time',
    unit: 'pct',
    better: 'lower',
    after: 'spin',
    read: ({ snapshot }) => {
      const lock = snapshot.locks.find((l) => l.name === 'IOLOCK8');
      return lock && snapshot.windowNs > 0 ? (100 * lock.holdNs) / snapshot.windowNs : NaN;
    },
  },
];

export const KRP_COMPARE_ROWS: readonly CompareMetric[] = [
  {
    id: 'krp-wait',
    label: 'KRP queue wait',
    detail: 'mean wait for the designated CPU',
    unit: 'ns',
    better: 'lower',
    after: 'locks',
    read: ({ report }) => {
      const queue = report?.queues.find((q) => q.name === 'krp_queue');
      return queue ? queue.mean_wait_ns : NaN;
    },
  },
  {
    id: 'designated',
    label: 'Designated CPU busy',
    detail: 'in kernel context',
    unit: 'pct',
    after: 'krp-wait',
    read: ({ snapshot }) => {
      const cpu = snapshot.cpus[designatedCpu(snapshot)];
      return cpu && snapshot.windowNs > 0 ? (100 * cpu.kctxNs) / snapshot.windowNs : NaN;
    },
  },
];
