/*
 * cli.ts -- the CLI's sections for the network benchmark: latency and where it goes, rates, drops, the stack lock. Loaded only by the CLI (KernelInfo.cli).
 */
import type { Report } from '../../core/report.js';
import { duration, pct, two, whole, type KernelCli, type SummarySection } from '../summary.js';

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
  sections.push({
    header: ["Host A's NIC filter table", ''],
    rows: [
      ['filters', whole(net.nic_filters)],
      ['steered to a user-level stack/s', whole(net.filter_hits_per_s)],
      ["to the kernel's default interface/s", whole(net.filter_misses_per_s)],
    ],
  });
  if (net.test === 'pingpong') {
    const parts = Object.entries(net.breakdown_ns) as [keyof typeof net.breakdown_ns, number][];
    sections.push({
      header: ['One way, where the time goes', 'time', '%'],
      rows: parts.map(([part, ns]) => [
        part === 'wire' ? 'wire (hardware)' : part,
        duration(ns),
        pct(net.half_rtt_ns > 0 ? (100 * ns) / net.half_rtt_ns : 0),
      ]),
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

export const onloadCli: KernelCli = {
  summary,
  sweep: {
    header: ['half round trip', 'sent/s', 'delivered/s', 'goodput Gb/s', 'host A CPU per message'],
    cells: (report) => {
      const net = report.net;
      if (!net) return ['–', '–', '–', '–', '–'];
      return [
        net.round_trips > 0 ? duration(net.half_rtt_ns) : '–',
        whole(net.sent_per_s),
        whole(net.delivered_per_s),
        two(net.goodput_bits_per_s / 1e9),
        duration(net.cpu_per_message_ns),
      ];
    },
  },
};
