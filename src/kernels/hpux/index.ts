/*
 * hpux/ -- HP-UX 9.0's TCP stream: checksum offload and copy avoidance, byte by byte
 * (source 003). index.ts is the kernel's record: its controls, its views (journey/,
 * buffers/, curves/, drawn by views.tsx from the lab's state; data.ts and waiting.tsx
 * shared by them), its curve runs (curve-runs.ts, the buffering rule in rules.ts), its
 * figures (Figures.tsx), its measures (metrics.ts) and its CLI output (cli.ts).
 */
import { type ControlSpec, CPUS, KERNEL } from '../controls.js';
import type { KernelInfo, KernelView } from '../types.js';
import { HPUX_CURVE_DURATION_NS, hpuxCurveSetup, hpuxCurveVariants } from './curve-runs.js';
import { HPUX_METRICS } from './metrics.js';

/** The HP-UX views, each after the lab's view it sits beside. */
const HPUX_VIEWS: readonly KernelView[] = [
  { id: 'hpux-journey', title: 'One send, byte by byte', after: 'cpu-grid', wide: true },
  { id: 'hpux-buffers', title: 'Send buffers and the socket buffer', after: 'lock' },
  {
    id: 'hpux-curves',
    title: 'CPU and throughput against buffers and dirtiness',
    after: 'scaling',
    wide: true,
    curve: {
      name: 'CPU and throughput against buffers and dirtiness',
      what: (scenario) =>
        `1 to ${hpuxCurveSetup(scenario).maxBuffers} send buffers, and 0 B to 4 KiB written into each, with copy avoidance on and off (NIO FDDI, send(2), page-aligned), ${HPUX_CURVE_DURATION_NS / 1e6} ms runs`,
      variants: hpuxCurveVariants,
    },
  },
];

/** HP-UX 9.0's TCP stream (source 003): the interface, copy avoidance and how the application uses its buffers. */
const HPUX_MAIN_CONTROLS: readonly ControlSpec[] = [
  { ...CPUS, note: 'One per HP 9000: 2 for FDDI, 1 for loopback.' },
  KERNEL,
  {
    path: 'hpux.interface',
    kind: 'select',
    choices: {
      nio_fddi: 'NIO FDDI card: checksums on the card, copy avoidance',
      eisa_fddi: 'EISA FDDI card: neither',
      lo0: 'Loopback lo0: checksums offloaded',
      lan0_loopback: 'Own address via lan0: no offload',
    },
  },
  { path: 'hpux.send_copyavoid', kind: 'choice', choices: { off: 'Off: copy', on: 'On: copy-on-write' } },
  { path: 'hpux.recv_copyavoid', kind: 'choice', choices: { off: 'Off: copy', on: 'On: page remapping' } },
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
  ownViews: HPUX_VIEWS,
  metrics: HPUX_METRICS,
  figures: () => import('./Figures.js'),
  series: 'baseline',
  throughput: { path: 'hpux.throughput_mbps', label: 'Throughput (Mb/s)', words: 'megabits per second', unit: 'Mb/s' },
  vocabulary: 'unix',
  pair: (values) => ({
    path: 'kernel.kind',
    from: String(values['kernel.kind'] ?? 'hpux'),
    to: 'scalable',
    words: 'on the Scalable Kernel',
  }),
  sideWords: () => [],
  compareRows: [],
  headlineRows: [],
  cli: async () => (await import('./cli.js')).hpuxCli,
};
