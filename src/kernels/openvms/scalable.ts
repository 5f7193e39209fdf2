/*
 * scalable.ts -- the OpenVMS TCP/IP Scalable Kernel: process context queues a KRP to
 * the designated TCP/IP CPU, the only one that takes the global lock (source 000).
 */
import { KRP_COMPARE_ROWS } from './compare.js';
import { designatedCpu } from './designated-cpu.js';
import { openvmsKernel } from './openvms.js';

export const scalable = openvmsKernel(
  {
    name: 'scalable',
    title: 'Scalable Kernel',
    short: 'Scalable',
    choice: 'Scalable: KRPs to one CPU',
    // its KRP queue view (krp-queue/, drawn by views.tsx), where the lab's views had it
    ownViews: [{ id: 'krp-queue', title: 'KRP queue', after: 'numa-spinlock', trace: true, inCompare: true }],
    roleCpu: {
      cpu: designatedCpu,
      name: 'designated TCP/IP CPU',
      does: 'that runs every IPL 8 fork thread',
      badge: 'TCP/IP',
      letter: 'D',
      short: 'designated CPU',
    },
    // process context queues a KRP (kernel request packet) for the designated CPU's fork thread
    queueWords: { request: 'KRP', server: 'the designated CPU' },
    compareMetrics: KRP_COMPARE_ROWS,
    mainLock: 'TCPIP_GLOBAL',
    series: 'remedy',
    seriesLabel: 'Scalable Kernel (KRPs)',
    paperLockTable: {
      paperName: 'Scalable Kernel',
      hold: 35.2,
      spin: 4.4,
      locksPerS: 162_033,
      lock: { name: 'IOLOCK8', hold: 5, text: '<5%' },
      notes: {
        hold: 'while completing more work',
        spin: 'very good',
        locksPerS: 'doing more work with far fewer locks per unit of work',
        lockHold: 'very good: much more of I/O lock 8 is left for heavy disk I/O',
      },
      modelNote:
        "The model's Scalable Kernel spins less than the published 4.4%: the paper says the Scalable Kernel adds several mini-spin locks beside the TCP/IP global lock, and the model leaves those out, as it does the rest of OpenVMS's spin locks (docs/model.md).",
    },
    scalingTerms: {
      serial: "the designated CPU's work on each KRP, since every CPU's TCP/IP requests queue for that one CPU",
      crosstalk: "the KRP queue's and the locks' cache lines travelling between the CPUs and the designated CPU",
    },
  },
  { name: 'classic', title: 'classic kernel' },
  // its partner, the classic kernel, is the baseline
  'to',
);
