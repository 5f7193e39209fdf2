/*
 * hpux.ts -- HP-UX 9.0's TCP stream: checksum offload and copy avoidance, byte by
 * byte (source 003).
 */
import { type ControlSpec, CPUS, KERNEL } from './controls.js';
import type { KernelInfo } from './types.js';

/** HP-UX 9.0's TCP stream (source 003): the interface, copy avoidance and how the application uses its buffers. */
const HPUX_MAIN_CONTROLS: readonly ControlSpec[] = [
  { ...CPUS, note: 'One per HP 9000: 2 for FDDI, 1 for loopback.' }, KERNEL,
  { path: 'hpux.interface', kind: 'select',
    choices: { nio_fddi: 'NIO FDDI card: checksums on the card, copy avoidance', eisa_fddi: 'EISA FDDI card: neither',
               lo0: 'Loopback lo0: checksums offloaded', lan0_loopback: 'Own address via lan0: no offload' } },
  { path: 'hpux.send_copyavoid', kind: 'choice',
    choices: { off: 'Off: copy', on: 'On: copy-on-write' } },
  { path: 'hpux.recv_copyavoid', kind: 'choice',
    choices: { off: 'Off: copy', on: 'On: page remapping' } },
  { path: 'hpux.send_buffers', kind: 'number' },
  { path: 'hpux.dirty_bytes', kind: 'number' },
  { path: 'hpux.so_sndbuf', kind: 'number' },
  { path: 'net.message_bytes', label: 'Send size', kind: 'number' },
  { path: 'hpux.send_call', kind: 'select', choices: { send: 'send(2)', write: 'write(2): never copy-avoided' } },
  { path: 'hpux.alignment', kind: 'select', choices: { page: 'Page-aligned', unaligned: 'Not page-aligned' } },
  { path: 'hpux.recv_dirty_bytes', kind: 'number' },
  { path: 'sim.seed', kind: 'number' },
];

export const hpux: KernelInfo = {
  name: 'hpux',
  title: 'HP-UX 9.0 TCP stream',
  short: 'HP-UX',
  choice: 'HP-UX 9.0: checksum offload and copy avoidance',
  fieldGroup: { prefix: 'hpux', words: 'HP-UX 9.0' },
  mainControls: HPUX_MAIN_CONTROLS,
  views: ['cpu-grid', 'hpux-journey', 'hpux-buffers', 'modes', 'timeline', 'hpux-curves'],
  figures: () => import('../lab/figures/HpuxFigures.js'),
  designatedCpu: false,
  series: 'baseline',
  throughput: { path: 'hpux.throughput_mbps', label: 'Throughput (Mb/s)', words: 'megabits per second', unit: 'Mb/s' },
  vocabulary: 'unix',
  pair: (values) => ({ path: 'kernel.kind', from: String(values['kernel.kind'] ?? 'hpux'), to: 'scalable', words: 'on the Scalable Kernel' }),
  sideWords: () => [],
  compareRows: [],
  headlineRows: [],
  cli: async () => (await import('./cli/hpux.js')).hpuxCli,
};
