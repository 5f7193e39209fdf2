/*
 * metrics.ts -- the HP-UX 9.0 TCP stream's measures (source 003), byte by byte: what
 * lessons and scenes of this kernel record, compare and claim (shared/metrics.ts adds
 * them to its table by id).
 */
import { core, micro, type Metric } from '../../shared/metric-kit.js';

export const HPUX_METRICS = {
  throughput_mbps: core('hpux.throughput_mbps', { digits: 1 }),
  sender_cpu_pct: core('hpux.sender_cpu_pct'),
  receiver_cpu_pct: core('hpux.receiver_cpu_pct'),
  cpu_us_per_kb: core('hpux.cpu_us_per_kb', { digits: 1, shown: { unit: 'µs', per: 1 } }),
  send_touches_per_byte: {
    label: 'CPU touches per byte sent (copy, checksum, flush)',
    unit: '',
    digits: 2,
    read: (r) =>
      r.hpux && r.hpux.send_bytes > 0
        ? (r.hpux.per_send_bytes.copy + r.hpux.per_send_bytes.checksum + r.hpux.per_send_bytes.flush) / r.hpux.send_bytes
        : undefined,
  },
  recv_touches_per_byte: {
    label: 'CPU touches per byte received (purge, checksum, copy)',
    unit: '',
    digits: 2,
    read: (r) =>
      r.hpux && r.hpux.send_bytes > 0
        ? (r.hpux.per_recv_bytes.purge + r.hpux.per_recv_bytes.checksum + r.hpux.per_recv_bytes.copy) / r.hpux.send_bytes
        : undefined,
  },
  forced_copies_pct: core('hpux.forced_copies_pct'),
  held_buffers_mean: core('hpux.held_buffers_mean', { digits: 2 }),
  send_copy_us: micro('Copying, per send', (r) => r.hpux?.per_send_ns.copy),
  send_checksum_us: micro('Checksumming, per send', (r) => r.hpux?.per_send_ns.checksum),
} satisfies Record<string, Metric>;
