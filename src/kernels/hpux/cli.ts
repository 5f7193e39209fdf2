/*
 * cli.ts -- the CLI's sections for HP-UX 9.0's TCP stream: throughput, each side's CPU, the byte touches. Loaded only by the CLI (KernelInfo.cli).
 */
import type { Report } from '../../core/report.js';
import { duration, one, pct, two, whole, type KernelCli, type SummarySection } from '../summary.js';

/** HP-UX 9.0: throughput, each side's CPU, and where a send's and a receive's time goes byte by byte. */
function summary(report: Report): SummarySection[] {
  const hp = report.hpux;
  if (!hp) return [];
  const yes = (on: boolean) => (on ? 'yes' : 'no');
  const rows: string[][] = [
    ['interface', `${hp.interface}${hp.hosts === 1 ? ' (loopback, one host)' : ' (two hosts)'}`],
    ['checksum offload', yes(hp.checksum_offload)],
    ['send copy avoidance', yes(hp.send_copy_avoidance)],
    ['receive copy avoidance', yes(hp.recv_copy_avoidance)],
    [
      'sends',
      `${whole(hp.send_bytes)} B from ${hp.send_buffers} buffer${hp.send_buffers === 1 ? '' : 's'}, SO_SNDBUF ${whole(hp.so_sndbuf)} B`,
    ],
    ['throughput', `${one(hp.throughput_mbps)} Mb/s`],
    [hp.hosts === 1 ? 'CPU busy' : 'sender CPU busy', `${pct(hp.sender_cpu_pct)}%`],
    ...(hp.hosts === 1 ? [] : [['receiver CPU busy', `${pct(hp.receiver_cpu_pct)}%`]]),
    ['CPU per KiB moved', `${two(hp.cpu_us_per_kb)} µs`],
    ['sends lent copy-on-write', `${pct(hp.cow_sends_pct)}%`],
    ['copies forced (buffer written while lent)', `${pct(hp.forced_copies_pct)}%`],
    ['buffers lent, mean', two(hp.held_buffers_mean)],
  ];
  const touches = Object.keys(hp.per_send_ns) as (keyof typeof hp.per_send_ns)[];
  const words: Record<string, string> = {
    app_write: 'application writes',
    cow_fault: 'copy-on-write fault',
    copy: 'copy',
    checksum: 'checksum',
    flush: 'cache flush',
    cow: 'lend / give back pages',
    purge: 'cache purge',
    remap: 'page remap',
  };
  return [
    { header: ['HP-UX 9.0 TCP stream', ''], rows },
    {
      header: ['Byte touches', 'per send', 'bytes', 'per receive', 'bytes'],
      rows: touches.map((k) => [
        words[k] ?? k,
        duration(hp.per_send_ns[k]),
        whole(hp.per_send_bytes[k]),
        duration(hp.per_recv_ns[k]),
        whole(hp.per_recv_bytes[k]),
      ]),
    },
  ];
}

export const hpuxCli: KernelCli = {
  summary,
  sweep: {
    header: ['throughput Mb/s', 'sender CPU %', 'receiver CPU %', 'copies forced %', 'CPU µs per KiB'],
    cells: (report) => {
      const hp = report.hpux;
      if (!hp) return ['–', '–', '–', '–', '–'];
      return [one(hp.throughput_mbps), pct(hp.sender_cpu_pct), pct(hp.receiver_cpu_pct), pct(hp.forced_copies_pct), one(hp.cpu_us_per_kb)];
    },
  },
};
