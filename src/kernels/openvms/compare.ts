/*
 * compare.ts -- the Compare page's rows the Scalable Kernel brings (source 000): how
 * long a KRP waits for the designated CPU, and how busy that CPU is in kernel context.
 * The page reads them only from a side that runs the Scalable Kernel (KernelInfo.compareMetrics).
 */
import type { CompareMetric } from '../types.js';

export const KRP_COMPARE_ROWS: readonly CompareMetric[] = [
  {
    id: 'krp-wait', label: 'KRP queue wait', detail: 'mean wait for the designated CPU', unit: 'ns', better: 'lower', after: 'locks',
    read: ({ report }) => {
      const queue = report?.queues.find((q) => q.name === 'krp_queue');
      return queue ? queue.mean_wait_ns : NaN;
    },
  },
  {
    id: 'designated', label: 'Designated CPU busy', detail: 'in kernel context', unit: 'pct', after: 'krp-wait',
    read: ({ snapshot }) => {
      const cpu = snapshot.cpus[snapshot.designatedCpu];
      return cpu && snapshot.windowNs > 0 ? (100 * cpu.kctxNs) / snapshot.windowNs : NaN;
    },
  },
];
