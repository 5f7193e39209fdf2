/*
 * report.ts -- the shape of the core's metrics report (lab_sim_report_json), in the
 * sources' vocabulary. The core writes it; TypeScript only reads it.
 */
import type { ScenarioDocument } from './scenario.js';

export interface LockReport {
  name: string;
  hold_pct: number;
  spin_pct: number;
  acquisitions_per_s: number;
  contended_pct: number;
  mean_hold_ns: number;
  line_transfers_per_s: number;
}

export interface QueueReport {
  name: string;
  mean_len: number;
  max_len: number;
  mean_wait_ns: number;
  krps_per_s: number;
}

/** The CPU modes of stacklab.h (LAB_MODE_*), as schema.modes names them. */
export type ModeName = 'user' | 'kernel' | 'fork' | 'spin' | 'interrupt' | 'cswitch' | 'idle';

export interface CpuReport {
  id: number;
  /** Nanoseconds in each CPU mode over the measurement window. */
  modes: Record<ModeName, number>;
}

/** Work done per unit of time, in the sources' measures; the core may add more. */
export interface Throughput {
  transmit_packets_per_s: number;
  received_packets_per_s: number;
  buffered_io_per_s: number;
  transactions_per_min: number;
  [metric: string]: number;
}

/** The SNA Server/6000 kernel's own measures (kernel "sna" only). */
export interface SnaReport {
  /** Measured transfers (sna.transfer_bytes each) that finished in the window. */
  transfers_completed: number;
  /** Their mean response time in ns; 0 when none finished. */
  transfer_response_ns: number;
  /** Bytes of the measured transfer acknowledged per second of the window (always there). */
  transfer_bytes_per_s: number;
  round_trips_per_s: number;
  /** The sessions' mean round trip in ns. */
  round_trip_ns: number;
}

/** One resource affinity domain (QBB) of a NUMA machine. */
export interface RadReport {
  rad: number;
  cpus: number;
  /** Share of the RAD's CPU time in each mode, percent (sums to 100). */
  modes_pct: Record<ModeName, number>;
  /** Acquisitions of the watched spinlock (numa.watched_lock) by this RAD's CPUs. */
  lock_wins_per_s: number;
  lock_wins_per_cpu_per_s: number;
  /** Mean time from wanting the watched lock to holding it, ns. */
  mean_acquire_ns: number;
}

/** Where things live on a machine of several RADs (machine.rads > 1, or kernel "numa"). */
export interface NumaReport {
  rads: number;
  rad_of_cpu: number[];
  by_rad: RadReport[];
  /** Bytes per second from the RAD where the data was [row] to the RAD of the CPU that needed it [column]. */
  traffic_bytes_per_s: number[][];
  /** Off-diagonal share of all that traffic, percent. */
  cross_rad_pct: number;
  watched_lock: string | null;
  lock_wins_by_cpu: number[];
  /** Jain's fairness index over lock_wins_by_cpu: 1 when every CPU won equally. */
  fairness_jain: number;
}

/** The NUMA kernel's batch run (kernel "numa" only). */
export interface NumaRunReport {
  records_per_s: number;
  records_done: number;
  lock_ops_per_s: number;
  ramdisk_io_per_s: number;
  /** Share of RAM disk bytes read from another RAD than the reading CPU's, percent. */
  ramdisk_cross_rad_pct: number;
  /** The dedicated lock manager's CPU, or -1 (ordinary lock manager). */
  lckmgr_cpu: number;
  lckmgr_mean_wait_ns: number;
  /** The run's processes all finished (numa.records > 0). */
  finished: boolean;
  /** Simulated time the run took, or null while it has not finished. */
  runtime_ns: number | null;
  /** runtime_ns times numa.run_scale, in minutes: the real run's length. */
  runtime_minutes: number | null;
  runners_left: number;
}

/** Where one message's one-way trip spent its time, ns (kernel "onload", test pingpong);
 * the parts add up to half_rtt_ns. Hardware is `wire`; the rest is software overhead. */
export interface NetBreakdown {
  /** The sending application's send call, until the last packet is on the NIC's transmit ring. */
  send: number;
  /** Serialization, the NICs, PCIe and the link: the packet's time from one NIC to the other's receive ring. */
  wire: number;
  /** In the receive ring until something looked at it: waiting for an interrupt (moderation) or a poll. */
  notify: number;
  /** Protocol processing of the packet until it is on the socket (interrupt or stack poll). */
  stack: number;
  /** On the socket until the receiving thread takes it: wake-up and context switch when it had blocked. */
  wake: number;
  /** The receive call from taking the message to returning it, copy included. */
  receive: number;
}

/** The user-level stack's one stack lock (net.stack onload), summed over the host's stacks. */
export interface NetStackLockReport {
  acquisitions_per_s: number;
  /** Sends that found the lock taken. */
  contended_per_s: number;
  /** Sends whose packets went on the lock-free pre-queue instead of waiting (net.prequeue on). */
  prequeued_per_s: number;
  /** Pre-queued sends the lock holder transmitted as deferred work before it let go. */
  deferred_per_s: number;
  /** Threads that slept for the lock (net.prequeue off). */
  sleeps_per_s: number;
  /** Share of the window the lock was held, percent (of one stack's time, averaged over stacks). */
  hold_pct: number;
  /** Mean packets waiting on the pre-queue. */
  prequeue_mean_len: number;
}

/** The network stack benchmark's measures (kernel "onload" only): host A is the system
 * under test; host B its partner (ping-pong, stream) or a traffic generator or sink. */
export interface NetReport {
  test: 'pingpong' | 'udp_send' | 'udp_receive' | 'tcp_stream';
  stack: 'kernel' | 'onload' | 'vnic';
  cpus_per_host: number;
  message_bytes: number;
  packets_per_message: number;
  /** Ping-pong: round trips completed in the window and half their mean, ns (0 for other tests). */
  round_trips: number;
  half_rtt_ns: number;
  breakdown_ns: NetBreakdown;
  /** Messages per second the generator offered (udp_receive), else what the senders sent. */
  offered_per_s: number;
  /** Messages per second the sending applications sent. */
  sent_per_s: number;
  /** Messages per second the receiving application took (for udp_send: that left the NIC). */
  delivered_per_s: number;
  /** Payload bits per second delivered to the receiving application (udp_send: put on the wire). */
  goodput_bits_per_s: number;
  /** Share of the link's time carrying frames from host A, percent. */
  link_busy_pct: number;
  /** Packets dropped per second: the receive ring was full (free), or the socket was (after protocol work). */
  ring_drops_per_s: number;
  socket_drops_per_s: number;
  /** Host A's interrupts, stack polls, watchdog interrupts and thread wake-ups per second. */
  interrupts_per_s: number;
  stack_polls_per_s: number;
  watchdog_per_s: number;
  wakeups_per_s: number;
  /** Host A's NIC filter table: entries (one per socket on a user-level stack). */
  nic_filters: number;
  /** Packets host A's NIC steered by a filter to a user-level stack's virtual interface, a second. */
  filter_hits_per_s: number;
  /** Packets no filter matched, steered to the default interface (the kernel stack's), a second. */
  filter_misses_per_s: number;
  /** Host A's busy CPU time (all but idle) per message delivered (or sent, for udp_send), ns. */
  cpu_per_message_ns: number;
  /** Host A's busy CPU time in each mode, percent of host A's CPU time. */
  host_a_modes_pct: Record<ModeName, number>;
  rx_ring_capacity: number;
  rx_ring_mean_fill: number;
  socket_capacity: number;
  socket_mean_len: number;
  stack_lock: NetStackLockReport;
}

/** The kinds of byte touch the HP-UX model charges, per send or per receive. */
export type HpuxTouch = 'app_write' | 'cow_fault' | 'copy' | 'checksum' | 'flush' | 'cow' | 'purge' | 'remap';

/** One of the sender's buffers at the report's moment: lent to the transport, and its dirty bytes. */
export interface HpuxBuffer {
  held: boolean;
  dirty: number;
}

/** HP-UX 9.0 (kernel hpux): a TCP stream over NIO FDDI or loopback, byte by byte. */
export interface HpuxReport {
  interface: 'nio_fddi' | 'eisa_fddi' | 'lo0' | 'lan0_loopback';
  /** 2: sender and receiver on two hosts; 1: loopback on one. */
  hosts: number;
  checksum_offload: boolean;
  /** Data crosses a card by DMA (flushed before sending, purged before the CPU reads it). */
  dma: boolean;
  /** Whether sends were lent copy-on-write in this run (asked for, supported, send(2), whole aligned pages). */
  send_copy_avoidance: boolean;
  recv_copy_avoidance: boolean;
  send_bytes: number;
  so_sndbuf: number;
  send_buffers: number;
  throughput_mbps: number;
  /** Busy share of the sender's CPU (loopback: the one CPU). */
  sender_cpu_pct: number;
  receiver_cpu_pct: number;
  /** CPU µs per KiB moved: the sender's, the receiver's (two hosts), and both together. */
  send_us_per_kb: number;
  recv_us_per_kb: number;
  cpu_us_per_kb: number;
  sends_per_s: number;
  cow_sends_pct: number;
  /** Sends whose buffer the application wrote while the transport held it: a copy forced. */
  forced_copies_pct: number;
  cow_faults_per_s: number;
  remapped_pages_per_s: number;
  held_buffers_mean: number;
  per_send_ns: Record<HpuxTouch, number>;
  per_recv_ns: Record<HpuxTouch, number>;
  per_send_bytes: Record<HpuxTouch, number>;
  per_recv_bytes: Record<HpuxTouch, number>;
  next_buffer: number;
  unacked_bytes: number;
  buffers: HpuxBuffer[];
}

export interface Report {
  /** The whole scenario that ran, every field resolved. */
  scenario: ScenarioDocument;
  kernel: string;
  simulated_ns: number;
  /** The measurement window: simulated time after the warm-up. */
  window_ns: number;
  events: number;
  /** MP synchronization: percent of all CPU time spent spinning for spinlocks. */
  mpsynch_pct: number;
  /** The same as a number of CPUs' worth of spinning. */
  mpsynch_cpus: number;
  modes_pct: Record<ModeName, number>;
  cpus: CpuReport[];
  locks: LockReport[];
  hold_pct_all_locks: number;
  spin_pct_all_locks: number;
  locks_per_s: number;
  iolock8_hold_pct: number;
  queues: QueueReport[];
  designated_cpu: number;
  designated_cpu_busy_pct: number;
  forks_per_s: number;
  throughput: Throughput;
  txn_response_ns: number;
  rx_dropped: number;
  trace_dropped: number;
  /** The SNA kernel's measures (kernel "sna" only). */
  sna?: SnaReport;
  /** Per RAD figures and the traffic between RADs (machine.rads > 1, or kernel "numa"). */
  numa?: NumaReport;
  /** The NUMA kernel's batch run (kernel "numa" only). */
  numa_run?: NumaRunReport;
  /** The network stack benchmark (kernel "onload" only). */
  net?: NetReport;
  /** kernel hpux only: HP-UX 9.0's checksum offload and copy avoidance (source 003). */
  hpux?: HpuxReport;
  /** Share of lock calls that found their lock taken (every kernel). */
  lock_miss_rate_pct?: number;
}

/**
 * The SNA transfer's response time in ns from its rate: the transfer runs back to
 * back, so in steady state it is its size (the report's scenario) over the bytes it
 * moved per second. A saturated 1-way may finish no transfer in a run, so this is the
 * steadier measure. NaN when it moved nothing or the kernel is not SNA.
 */
export function transferResponseNs(report: Report): number {
  const bytes = (report.scenario?.sna as Record<string, unknown> | undefined)?.transfer_bytes;
  const rate = report.sna?.transfer_bytes_per_s ?? 0;
  return typeof bytes === 'number' && bytes > 0 && rate > 0 ? (1e9 * bytes) / rate : NaN;
}
