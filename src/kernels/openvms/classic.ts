/*
 * classic.ts -- the classic OpenVMS TCP/IP kernel: every CPU spins on one global lock,
 * I/O lock 8, to enter kernel context (source 000).
 */
import { openvmsKernel } from './openvms.js';

export const classic = openvmsKernel(
  {
    name: 'classic',
    title: 'classic kernel',
    short: 'Classic',
    choice: 'Classic: one global lock',
    mainLock: 'IOLOCK8',
    series: 'baseline',
    seriesLabel: 'Classic kernel (I/O lock 8)',
    paperLockTable: {
      paperName: 'traditional kernel',
      hold: 54.8,
      spin: 24.1,
      locksPerS: 204_153,
      lock: { name: 'IOLOCK8', hold: 31.4, text: '31.4%' },
    },
    scalingTerms: {
      serial: "the time a packet's kernel work holds IOLOCK8, when no other CPU can enter the TCP/IP kernel",
      crosstalk: "IOLOCK8's cache line travelling from CPU to CPU as they spin on it and take it",
    },
  },
  { name: 'scalable', title: 'Scalable Kernel' },
  // the classic kernel is the baseline, the Scalable Kernel the remedy
  'from',
);
