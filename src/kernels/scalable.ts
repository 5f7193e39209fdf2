/*
 * scalable.ts -- the OpenVMS TCP/IP Scalable Kernel: process context queues a KRP to
 * the designated TCP/IP CPU, the only one that takes the global lock (source 000).
 */
import { openvmsKernel } from './openvms.js';

export const scalable = openvmsKernel(
  { name: 'scalable', title: 'Scalable Kernel', short: 'Scalable', choice: 'Scalable: KRPs to one CPU', designatedCpu: true,
    mainLock: 'TCPIP_GLOBAL', openvmsPair: 'scalable',
    scalingTerms: {
      serial: 'the designated CPU\'s work on each KRP, since every CPU\'s TCP/IP requests queue for that one CPU',
      crosstalk: 'the KRP queue\'s and the locks\' cache lines travelling between the CPUs and the designated CPU',
    } },
  { name: 'classic', title: 'classic kernel' },
);
