/*
 * toy/ -- the toy kernel: one lock, work and a critical section (wasm-core/src/kernels/
 * toy/). Not a real system: scripts/toy-kernel.mjs adds this folder, its C twin and the
 * registry line to a copy of the repository to show that a kernel is two folders.
 */
import { CPUS, KERNEL, us } from '../controls.js';
import type { KernelInfo } from '../types.js';

export const toy: KernelInfo = {
  name: 'toy',
  title: 'toy kernel',
  short: 'Toy',
  choice: 'Toy: one lock (an architecture test)',
  fieldGroup: { prefix: 'toy', words: 'Toy kernel' },
  mainControls: [
    CPUS,
    KERNEL,
    { path: 'toy.work.mean_ns', kind: 'number', unit: us },
    { path: 'toy.critical.mean_ns', kind: 'number', unit: us },
  ],
  views: ['cpu-grid', 'lock', 'modes', 'timeline'],
  figures: () => import('./Figures.js'),
  mainLock: 'TOY_LOCK',
  series: 'baseline',
  throughput: { path: 'locks_per_s', label: 'Lock acquisitions per second', words: 'lock acquisitions per second', unit: 'acquisitions/s' },
  vocabulary: 'unix',
  pair: (values) => ({ path: 'machine.cpus', from: String(values['machine.cpus'] ?? 4), to: '8', words: 'on 8 CPUs' }),
  sideWords: () => [],
  compareRows: [],
  headlineRows: [],
  cli: async () => (await import('./cli.js')).toyCli,
};
