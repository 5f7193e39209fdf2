/*
 * onload/ -- two hosts back to back: the Linux kernel stack against the OpenOnload
 * user-level stack, latency, throughput and receive livelock (source 002). index.ts is
 * the kernel's record: its controls, its views (latency/, stack-lock/, size-curve/,
 * livelock/, drawn by views.tsx from the lab's state; data.ts and onload.css shared by
 * them), its curve runs (curve-runs.ts), its figures (Figures.tsx), its measures
 * (metrics.ts) and its CLI output (cli.ts).
 */
import { type ControlSpec, CPUS, KERNEL, us } from '../controls.js';
import type { KernelInfo, KernelView } from '../types.js';
import { CURVE_DURATION_NS, livelockVariants, receiveModes, sizeCurveVariants } from './curve-runs.js';
import { ONLOAD_METRICS } from './metrics.js';

/** The network views, each after the lab's view it sits beside. */
const NET_VIEWS: readonly KernelView[] = [
  { id: 'net-latency', withCompanion: true, title: 'Round-trip breakdown', after: 'cpu-grid', wide: true },
  { id: 'net-stack-lock', title: 'Stack lock', after: 'lock' },
  {
    id: 'net-size-curve',
    title: 'Throughput by message size',
    after: 'scaling',
    curve: {
      name: 'Throughput against message size',
      what: () => `7 message sizes (16 B to 64 KiB) on the kernel stack and on Onload, TCP stream, ${CURVE_DURATION_NS / 1e6} ms runs`,
      variants: sizeCurveVariants,
    },
  },
  {
    id: 'net-livelock',
    title: 'Receive livelock',
    after: 'net-size-curve',
    curve: {
      name: 'Receive livelock',
      what: (scenario) => {
        const napi = receiveModes(scenario).find((mode) => mode.mode === 'napi');
        const napiWords = napi
          ? `NAPI (${String(napi.values['net.napi_budget'])} packets a poll${napi.values['net.queue_feedback'] === 'on' ? ', feedback on' : ''})`
          : '';
        const modes = napi
          ? `an interrupt per packet, interrupt moderation, Onload polling and ${napiWords}`
          : 'an interrupt per packet, interrupt moderation and Onload polling';
        return `8 offered loads (250k to 3M packets/s) with ${modes}, UDP receive, ${CURVE_DURATION_NS / 1e6} ms runs`;
      },
      variants: livelockVariants,
    },
  },
];

/** Two hosts back to back: which benchmark, which stack, and the knobs the talk turns (source 002). */
const ONLOAD_MAIN_CONTROLS: readonly ControlSpec[] = [
  { ...CPUS, note: "Half are host A's (the system under test), half host B's." },
  KERNEL,
  {
    path: 'net.test',
    kind: 'select',
    choices: {
      pingpong: 'Ping-pong: half round-trip latency',
      udp_send: 'UDP send: messages a second',
      udp_receive: 'UDP receive: delivered against offered',
      tcp_stream: 'TCP stream: bandwidth',
    },
  },
  {
    path: 'net.stack',
    kind: 'choice',
    choices: { kernel: 'Linux kernel stack', onload: 'OpenOnload (user level)', vnic: 'Raw virtual NIC (hardware alone)' },
  },
  { path: 'net.message_bytes', kind: 'number' },
  { path: 'net.offered_pps', kind: 'number' },
  { path: 'net.moderation_ns', kind: 'number', unit: us, note: '0 is off.' },
  { path: 'net.irq_cpu', kind: 'select', choices: { app_core: "The application's core", other_core: 'Another core of the host' } },
  { path: 'net.napi_budget', kind: 'number', note: "0 is off (the handler drains the ring); Linux's weight is 64." },
  {
    path: 'net.queue_feedback',
    kind: 'select',
    choices: { off: 'Keeps polling: the full socket drops what was processed', on: 'Stops polling: the NIC drops the excess at the ring' },
  },
  { path: 'net.spin_ns', kind: 'number', unit: us },
  { path: 'net.watchdog_ns', kind: 'number', unit: us, note: 'Polls a stack nobody has polled for this long.' },
  { path: 'net.senders', kind: 'number' },
  {
    path: 'net.stacks',
    kind: 'select',
    choices: { per_process: 'One per sender (a stack per core)', shared: 'One shared by all senders' },
  },
  { path: 'net.prequeue', kind: 'select', choices: { on: 'Goes on the lock-free pre-queue', off: 'Sleeps until the lock is free' } },
  { path: 'net.async_pool', kind: 'number' },
  { path: 'net.costs.app_work.mean_ns', kind: 'number', unit: us },
  { path: 'sim.seed', kind: 'number' },
];

export const onload: KernelInfo = {
  name: 'onload',
  title: 'OpenOnload benchmark',
  short: 'Onload',
  choice: 'Two hosts: kernel stack vs OpenOnload',
  fieldGroup: { prefix: 'net', words: 'Two hosts (network benchmark)' },
  mainControls: ONLOAD_MAIN_CONTROLS,
  views: ['cpu-grid', 'net-latency', 'net-stack-lock', 'modes', 'timeline', 'net-size-curve', 'net-livelock'],
  ownViews: NET_VIEWS,
  metrics: ONLOAD_METRICS,
  figures: () => import('./Figures.js'),
  series: 'baseline',
  throughput: {
    path: 'net.delivered_per_s',
    label: 'Messages delivered per second',
    words: 'messages delivered per second',
    unit: 'messages/s',
  },
  vocabulary: 'unix',
  pair: (values) => ({
    path: 'kernel.kind',
    from: String(values['kernel.kind'] ?? 'onload'),
    to: 'scalable',
    words: 'on the Scalable Kernel',
  }),
  sideWords: () => [],
  compareRows: [],
  headlineRows: [],
  cli: async () => (await import('./cli.js')).onloadCli,
  /** The round-trip breakdown sets the two stacks side by side on the same ping-pong. */
  companion(scenario, shown) {
    if (!shown.includes('net-latency') || scenario['net.test'] !== 'pingpong') return null;
    return scenario['net.stack'] === 'onload'
      ? { overrides: { 'net.stack': 'kernel' }, label: 'The same ping-pong on the Linux kernel stack' }
      : { overrides: { 'net.stack': 'onload' }, label: 'The same ping-pong on OpenOnload' };
  },
};
