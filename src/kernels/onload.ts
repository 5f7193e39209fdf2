/*
 * onload.ts -- two hosts back to back: the Linux kernel stack against the OpenOnload
 * user-level stack, latency, throughput and receive livelock (source 002).
 */
import { type ControlSpec, CPUS, KERNEL, us } from './controls.js';
import type { Report } from '../core/report.js';
import { duration, pct, two, whole, type SummarySection } from './summary.js';
import type { KernelInfo } from './types.js';

/** Two hosts back to back: which benchmark, which stack, and the knobs the talk turns (source 002). */
const ONLOAD_MAIN_CONTROLS: readonly ControlSpec[] = [
  { ...CPUS, note: 'Half are host A\'s (the system under test), half host B\'s.' }, KERNEL,
  { path: 'net.test', kind: 'select',
    choices: { pingpong: 'Ping-pong: half round-trip latency', udp_send: 'UDP send: messages a second',
               udp_receive: 'UDP receive: delivered against offered', tcp_stream: 'TCP stream: bandwidth' } },
  { path: 'net.stack', kind: 'choice',
    choices: { kernel: 'Linux kernel stack', onload: 'OpenOnload (user level)', vnic: 'Raw virtual NIC (hardware alone)' } },
  { path: 'net.message_bytes', kind: 'number' },
  { path: 'net.offered_pps', kind: 'number' },
  { path: 'net.moderation_ns', kind: 'number', unit: us, note: '0 is off.' },
  { path: 'net.irq_cpu', kind: 'select',
    choices: { app_core: 'The application\'s core', other_core: 'Another core of the host' } },
  { path: 'net.spin_ns', kind: 'number', unit: us },
  { path: 'net.watchdog_ns', kind: 'number', unit: us,
    note: 'Polls a stack nobody has polled for this long.' },
  { path: 'net.senders', kind: 'number' },
  { path: 'net.stacks', kind: 'select',
    choices: { per_process: 'One per sender (a stack per core)', shared: 'One shared by all senders' } },
  { path: 'net.prequeue', kind: 'select',
    choices: { on: 'Goes on the lock-free pre-queue', off: 'Sleeps until the lock is free' } },
  { path: 'net.async_pool', kind: 'number' },
  { path: 'net.costs.app_work.mean_ns', kind: 'number', unit: us },
  { path: 'sim.seed', kind: 'number' },
];

/** The network benchmark: latency and where it goes, rates, drops, what woke the stack. */
function summary(report: Report): SummarySection[] {
  const net = report.net;
  if (!net) return [];
  const gbps = (bits: number) => `${two(bits / 1e9)} Gb/s`;
  const rows: string[][] = [['test', `${net.test}, ${net.stack} stack, ${whole(net.message_bytes)} B messages`]];
  if (net.test === 'pingpong') {
    rows.push(['half round trip', duration(net.half_rtt_ns)], ['round trips', whole(net.round_trips)]);
  }
  if (net.test === 'udp_receive') rows.push(['offered/s', whole(net.offered_per_s)]);
  rows.push(
    ['sent/s', whole(net.sent_per_s)],
    [net.test === 'udp_send' ? 'left the NIC/s' : 'delivered/s', whole(net.delivered_per_s)],
    ['goodput', gbps(net.goodput_bits_per_s)],
    ['link busy (host A sending)', `${pct(net.link_busy_pct)}%`],
    ['host A CPU per message', duration(net.cpu_per_message_ns)],
    ['dropped at the ring/s', whole(net.ring_drops_per_s)],
    ['dropped at the socket/s', whole(net.socket_drops_per_s)],
    ['interrupts/s', whole(net.interrupts_per_s)],
    ['stack polls/s', whole(net.stack_polls_per_s)],
    ['watchdog interrupts/s', whole(net.watchdog_per_s)],
    ['wake-ups/s', whole(net.wakeups_per_s)],
  );
  const sections: SummarySection[] = [{ header: ['Network benchmark (host A)', ''], rows }];
  if (net.test === 'pingpong') {
    const parts = Object.entries(net.breakdown_ns) as [keyof typeof net.breakdown_ns, number][];
    sections.push({
      header: ['One way, where the time goes', 'time', '%'],
      rows: parts.map(([part, ns]) => [part === 'wire' ? 'wire (hardware)' : part, duration(ns), pct(net.half_rtt_ns > 0 ? (100 * ns) / net.half_rtt_ns : 0)]),
    });
  }
  if (net.stack === 'onload') {
    const lock = net.stack_lock;
    sections.push({
      header: ['Stack lock', ''],
      rows: [
        ['acquisitions/s', whole(lock.acquisitions_per_s)],
        ['found taken/s', whole(lock.contended_per_s)],
        ['sends pre-queued/s', whole(lock.prequeued_per_s)],
        ['sent as deferred work/s', whole(lock.deferred_per_s)],
        ['sleeps for the lock/s', whole(lock.sleeps_per_s)],
        ['held', `${pct(lock.hold_pct)}%`],
        ['mean pre-queue', two(lock.prequeue_mean_len)],
      ],
    });
  }
  return sections;
}

export const onload: KernelInfo = {
  name: 'onload',
  title: 'OpenOnload benchmark',
  short: 'Onload',
  choice: 'Two hosts: kernel stack vs OpenOnload',
  mainControls: ONLOAD_MAIN_CONTROLS,
  views: ['cpu-grid', 'net-latency', 'net-stack-lock', 'modes', 'timeline', 'net-size-curve', 'net-livelock'],
  figures: () => import('../lab/figures/NetFigures.js'),
  designatedCpu: false,
  threadRoles: false,
  rads: false,
  journey: false,
  openvmsPair: 'classic',
  pair: (values) => ({ path: 'kernel.kind', from: String(values['kernel.kind'] ?? 'onload'), to: 'scalable', words: 'on the Scalable Kernel' }),
  sideWords: () => [],
  compareRows: [],
  headlineRows: [],
  summary,
  sweep: {
    header: ['half round trip', 'sent/s', 'delivered/s', 'goodput Gb/s', 'host A CPU per message'],
    cells: (report) => {
      const net = report.net;
      if (!net) return ['–', '–', '–', '–', '–'];
      return [net.round_trips > 0 ? duration(net.half_rtt_ns) : '–', whole(net.sent_per_s),
        whole(net.delivered_per_s), two(net.goodput_bits_per_s / 1e9), duration(net.cpu_per_message_ns)];
    },
  },
  /** The round-trip breakdown sets the two stacks side by side on the same ping-pong. */
  companion(scenario, shown) {
    if (!shown.includes('net-latency') || scenario['net.test'] !== 'pingpong') return null;
    return scenario['net.stack'] === 'onload'
      ? { overrides: { 'net.stack': 'kernel' }, label: 'The same ping-pong on the Linux kernel stack' }
      : { overrides: { 'net.stack': 'onload' }, label: 'The same ping-pong on OpenOnload' };
  },
};
