/*
 * classic.ts -- the classic OpenVMS TCP/IP kernel: every CPU spins on one global lock,
 * I/O lock 8, to enter kernel context (source 000).
 */
import { openvmsKernel } from './openvms.js';

export const classic = openvmsKernel(
  { name: 'classic', title: 'classic kernel', short: 'Classic', choice: 'Classic: one global lock', designatedCpu: false,
    mainLock: 'IOLOCK8', openvmsPair: 'classic' },
  { name: 'scalable', title: 'Scalable Kernel' },
);
