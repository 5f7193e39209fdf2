/*
 * metrics.ts -- the network benchmark's measures (two hosts back to back, the Linux
 * kernel stack against OpenOnload, source 002): latency and where it goes, rates,
 * drops, host A's CPUs, the NIC's filter table and the user-level stack lock -- what
 * lessons and scenes of this kernel record, compare and claim (shared/metrics.ts adds
 * them to its table by id).
 */
import { core, micro, percent, type Metric } from '../../shared/metric-kit.js';

/** One of host A's modes as CPUs' worth of time (each host has net.cpus_per_host CPUs). */
const hostCpus = (label: string, mode: 'user' | 'interrupt' | 'cswitch'): Metric => ({
  label,
  unit: 'CPUs',
  digits: 2,
  read: (r) => (r.net ? (r.net.host_a_modes_pct[mode] * r.net.cpus_per_host) / 100 : undefined),
});

export const ONLOAD_METRICS = {
  half_rtt_us: micro('Half round trip', (r) => (r.net && r.net.round_trips > 0 ? r.net.half_rtt_ns : undefined)),
  overhead_us: micro('Overhead (half round trip less the hardware)', (r) =>
    r.net && r.net.round_trips > 0 ? r.net.half_rtt_ns - r.net.breakdown_ns.wire : undefined,
  ),
  trip_send_us: micro('Send call', (r) => (r.net && r.net.round_trips > 0 ? r.net.breakdown_ns.send : undefined)),
  trip_wire_us: micro('Hardware (NICs and link)', (r) => (r.net && r.net.round_trips > 0 ? r.net.breakdown_ns.wire : undefined)),
  trip_notify_us: micro('Waiting to be noticed (interrupt or poll)', (r) =>
    r.net && r.net.round_trips > 0 ? r.net.breakdown_ns.notify : undefined,
  ),
  trip_stack_us: micro('Protocol processing', (r) => (r.net && r.net.round_trips > 0 ? r.net.breakdown_ns.stack : undefined)),
  trip_wake_us: micro('Wake-up and context switch', (r) => (r.net && r.net.round_trips > 0 ? r.net.breakdown_ns.wake : undefined)),
  trip_receive_us: micro('Receive call', (r) => (r.net && r.net.round_trips > 0 ? r.net.breakdown_ns.receive : undefined)),
  pingpong_gbps: {
    label: 'Ping-pong bandwidth (message size ÷ half round trip)',
    unit: 'Gb/s',
    digits: 2,
    read: (r) => (r.net && r.net.round_trips > 0 && r.net.half_rtt_ns > 0 ? (8 * r.net.message_bytes) / r.net.half_rtt_ns : undefined),
  },
  offered_per_s: core('net.offered_per_s'),
  delivered_per_s: core('net.delivered_per_s'),
  goodput_gbps: core('net.goodput_bits_per_s', { digits: 2, shown: { unit: 'Gb/s', per: 1e9 } }),
  interrupts_per_s: core('net.interrupts_per_s'),
  stack_polls_per_s: core('net.stack_polls_per_s'),
  watchdog_per_s: core('net.watchdog_per_s'),
  net_wakeups_per_s: core('net.wakeups_per_s'),
  ring_drops_per_s: core('net.ring_drops_per_s'),
  socket_drops_per_s: core('net.socket_drops_per_s'),
  cpu_per_message_ns: core('net.cpu_per_message_ns'),
  host_interrupt_pct: percent('Interrupts (host A)', (r) => r.net?.host_a_modes_pct.interrupt),
  host_cswitch_pct: percent('Context switching (host A)', (r) => r.net?.host_a_modes_pct.cswitch),
  host_idle_pct: percent('Idle (host A)', (r) => r.net?.host_a_modes_pct.idle),
  host_user_cpus: hostCpus('User mode (host A, CPUs)', 'user'),
  // Host A's busy time that is not user mode: system calls, interrupts, context switches, kernel spinlocks.
  host_kernel_cpus: {
    label: 'In the kernel (host A, CPUs)',
    unit: 'CPUs',
    digits: 2,
    read: (r) => (r.net ? ((100 - r.net.host_a_modes_pct.idle - r.net.host_a_modes_pct.user) * r.net.cpus_per_host) / 100 : undefined),
  },
  host_interrupt_cpus: hostCpus('Interrupts (host A, CPUs)', 'interrupt'),
  host_cswitch_cpus: hostCpus('Context switching (host A, CPUs)', 'cswitch'),
  host_busy_cpus: {
    label: 'Busy CPUs (host A)',
    unit: 'CPUs',
    digits: 2,
    read: (r) => (r.net ? ((100 - r.net.host_a_modes_pct.idle) * r.net.cpus_per_host) / 100 : undefined),
  },
  // Host A's NIC filter table: which virtual interface each arriving packet lands on.
  // A count, not a rate: read as a bare number ("1 entries" would misread).
  nic_filters: { label: "Host A's NIC filter table (entries)", unit: '', digits: 0, read: (r) => r.net?.nic_filters },
  filter_hits_per_s: core('net.filter_hits_per_s'),
  filter_misses_per_s: core('net.filter_misses_per_s'),
  stack_lock_hold_pct: core('net.stack_lock.hold_pct'),
  stack_lock_acquisitions_per_s: core('net.stack_lock.acquisitions_per_s'),
  stack_lock_contended_per_s: core('net.stack_lock.contended_per_s'),
  prequeued_per_s: core('net.stack_lock.prequeued_per_s'),
  deferred_per_s: core('net.stack_lock.deferred_per_s'),
  lock_sleeps_per_s: core('net.stack_lock.sleeps_per_s'),
  prequeue_mean_len: core('net.stack_lock.prequeue_mean_len', { digits: 1 }),
} satisfies Record<string, Metric>;
