/*
 * scalable.ts -- the OpenVMS TCP/IP Scalable Kernel: process context queues a KRP to
 * the designated TCP/IP CPU, the only one that takes the global lock (source 000).
 */
import { openvmsKernel } from './openvms.js';

export const scalable = openvmsKernel(
  { name: 'scalable', title: 'Scalable Kernel', short: 'Scalable', choice: 'Scalable: KRPs to one CPU', designatedCpu: true,
    mainLock: 'TCPIP_GLOBAL', openvmsPair: 'scalable' },
  { name: 'classic', title: 'classic kernel' },
);
