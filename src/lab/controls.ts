/*
 * controls.ts -- how each scenario field appears in the parameter panel: a label in
 * plain words, the unit it is shown in (nanosecond fields in ns, µs or ms, whichever
 * reads best) and the kind of control. What a field means in the real system, its
 * range and its default come from the core's schema (schema.fields[].doc, min, max,
 * unit), never from here. The main controls are the ones the issue names; every
 * other field is under "All parameters".
 */
import type { SchemaField } from '../core/index.js';

export type ControlKind = 'slider' | 'number' | 'choice' | 'select';

export interface DisplayUnit {
  /** Unit shown to the learner. */
  label: string;
  /** Field units per shown unit (1000 shows ns as µs). */
  factor: number;
}

export interface ControlSpec {
  path: string;
  label: string;
  kind: ControlKind;
  unit?: DisplayUnit;
  /** Words for enum values, by name. */
  choices?: Record<string, string>;
  /** A short note shown under the control (for example what -1 means). */
  note?: string;
  /** Only meaningful for this kernel; the control says so when another one runs. */
  kernel?: string;
}

const ns: DisplayUnit = { label: 'ns', factor: 1 };
const us: DisplayUnit = { label: 'µs', factor: 1e3 };
const ms: DisplayUnit = { label: 'ms', factor: 1e6 };

const CPUS: ControlSpec = { path: 'machine.cpus', label: 'CPUs', kind: 'slider' };
/** The kernel choice; its words for each kernel come from the kernel registry (controlFor's kernelChoices). */
const KERNEL: ControlSpec = { path: 'kernel.kind', label: 'Kernel', kind: 'choice' };

const SPINLOCK_CHOICES = {
  tas: 'Test-and-set (any spinner may win)', ticket: 'Ticket (first come, first served)',
  fair: 'OpenVMS fair: test-and-set until contention, then queued',
};

/** The controls the lab shows first, in this order. */
export const MAIN_CONTROLS: readonly ControlSpec[] = [
  CPUS, KERNEL,
  { path: 'workload.processes', label: 'Application processes (load)', kind: 'number' },
  { path: 'workload.think.mean_ns', label: 'Think time before each transaction', kind: 'number', unit: us },
  { path: 'costs.kernel_write.mean_ns', label: 'Kernel work per write, under the lock', kind: 'number', unit: ns },
  { path: 'costs.kernel_read.mean_ns', label: 'Kernel work per read, under the lock', kind: 'number', unit: ns },
  { path: 'costs.copy_per_kb.mean_ns', label: 'Copy cost per KiB', kind: 'number', unit: ns },
  { path: 'workload.message_bytes', label: 'Message size', kind: 'number' },
  {
    path: 'kernel.lock_kind', label: 'Spinlock kind', kind: 'select',
    choices: SPINLOCK_CHOICES,
  },
  { path: 'sim.seed', label: 'Random seed', kind: 'number' },
  {
    path: 'kernel.designated_cpu', label: 'Designated TCP/IP CPU', kind: 'number', kernel: 'scalable',
    note: '-1 means the last CPU.',
  },
];

/** The main controls while the SNA Server/6000 kernel runs (the OpenVMS workload's are under "All parameters"). */
export const SNA_MAIN_CONTROLS: readonly ControlSpec[] = [
  CPUS, KERNEL,
  { path: 'sna.lock_kind', label: 'SNA locks', kind: 'select',
    choices: { lockl: 'lockl(): block, wake all on release', wake_one: 'Block, wake one on release', simple: 'simple_lock(): spin' } },
  { path: 'sna.sessions', label: 'Sessions bouncing 2 KB (load)', kind: 'number' },
  { path: 'sna.partner_latency.mean_ns', label: 'Partner turn-around per RU', kind: 'number', unit: ms },
  { path: 'costs.context_switch.mean_ns', label: 'Context switch', kind: 'number', unit: us },
  { path: 'sched.affinity', label: 'Processor affinity', kind: 'select' },
  { path: 'sim.seed', label: 'Random seed', kind: 'number' },
];

/** The SNA port's remedies (sna.*), in the source's words, for labs and "All parameters". */
export const SNA_REMEDY_CONTROLS: readonly ControlSpec[] = [
  { path: 'sna.granularity', label: 'Lock granularity', kind: 'select',
    choices: { region: 'One region lock', data: 'Data locks (per session)' } },
  { path: 'sna.copy', label: 'Copy of the TP data', kind: 'select',
    choices: { inside_lock: 'Inside the critical section', outside_lock: 'Before taking the lock' } },
  { path: 'sna.search', label: 'Session search', kind: 'select',
    choices: { list: 'Linked list (visit entries one by one)', hash: 'Hash table' } },
  { path: 'sna.snaipcm', label: 'MBUF_SNAIPCM', kind: 'select',
    choices: { hash_table: 'Looked up in a locked hash table', passed: 'Mapping passed along with the mbuf' } },
  { path: 'sna.table_lock', label: 'Session table lock', kind: 'select',
    choices: { table: 'One lock for the whole table', buckets: 'A lock per hash bucket (deferred)' } },
  { path: 'sna.lock_lines', label: 'Pool locks\' cache lines', kind: 'select',
    choices: { shared: 'Side by side in one 32-byte line', separate: 'Each in its own line' } },
  { path: 'sna.post', label: 'et_post to the Half Session', kind: 'select',
    choices: { under_lock: 'While holding the lock', after_unlock: 'After releasing the lock' } },
  { path: 'sna.alloc', label: 'Buffer memory', kind: 'select',
    choices: { xmalloc: 'xmalloc() behind the heap lock', pool: 'Own per-CPU pools' } },
  { path: 'sched.cache_reload.mean_ns', label: 'Cache reload after moving CPUs', kind: 'number', unit: us },
];

/** OpenVMS on an AlphaServer GS: where processes, data and locks live (source 004). */
export const NUMA_MAIN_CONTROLS: readonly ControlSpec[] = [
  CPUS, KERNEL,
  { path: 'machine.rads', label: 'RADs (quad building blocks)', kind: 'number' },
  { path: 'numa.placement', label: 'Process placement', kind: 'select',
    choices: { none: 'Any CPU', home_rad: 'Home RAD (4 CPUs schedule it)', cpu_affinity: 'Hard CPU affinity (one CPU)' } },
  { path: 'numa.ro_data', label: 'Read-only data', kind: 'select',
    choices: { one_rad: 'One RAM disk', per_rad: 'A RAM disk per QBB', striped: 'Striped over the RADs' } },
  { path: 'numa.locks_per_record', label: 'Lock operations per record', kind: 'number' },
  { path: 'numa.lock_manager', label: 'Lock manager', kind: 'select',
    choices: { ordinary: 'Ordinary: every CPU under the LCKMGR spinlock', dedicated: 'Dedicated CPU (LCKMGR_SERVER)' } },
  { path: 'kernel.lock_kind', label: 'Spinlock kind', kind: 'select', choices: SPINLOCK_CHOICES },
  { path: 'workload.user_work.mean_ns', label: 'User work per record', kind: 'number', unit: us },
  { path: 'numa.reporter_cpu', label: 'Reporter CPU (hard affinity)', kind: 'number', note: '-1: placed like the others.' },
  { path: 'sim.seed', label: 'Random seed', kind: 'number' },
];

/** Two hosts back to back: which benchmark, which stack, and the knobs the talk turns (source 002). */
export const ONLOAD_MAIN_CONTROLS: readonly ControlSpec[] = [
  { ...CPUS, note: 'Half are host A\'s (the system under test), half host B\'s.' }, KERNEL,
  { path: 'net.test', label: 'Benchmark', kind: 'select',
    choices: { pingpong: 'Ping-pong: half round-trip latency', udp_send: 'UDP send: messages a second',
               udp_receive: 'UDP receive: delivered against offered', tcp_stream: 'TCP stream: bandwidth' } },
  { path: 'net.stack', label: 'Network stack', kind: 'choice',
    choices: { kernel: 'Linux kernel stack', onload: 'OpenOnload (user level)', vnic: 'Raw virtual NIC (hardware alone)' } },
  { path: 'net.message_bytes', label: 'Message size', kind: 'number' },
  { path: 'net.offered_pps', label: 'Offered load (UDP receive)', kind: 'number' },
  { path: 'net.moderation_ns', label: 'Interrupt moderation (least interval)', kind: 'number', unit: us, note: '0 is off.' },
  { path: 'net.irq_cpu', label: 'Interrupts taken on', kind: 'select',
    choices: { app_core: 'The application\'s core', other_core: 'Another core of the host' } },
  { path: 'net.spin_ns', label: 'Onload: spin before blocking', kind: 'number', unit: us },
  { path: 'net.watchdog_ns', label: 'Onload: watchdog timer', kind: 'number', unit: us,
    note: 'Polls a stack nobody has polled for this long.' },
  { path: 'net.senders', label: 'Senders (UDP send)', kind: 'number' },
  { path: 'net.stacks', label: 'Onload stacks', kind: 'select',
    choices: { per_process: 'One per sender (a stack per core)', shared: 'One shared by all senders' } },
  { path: 'net.prequeue', label: 'Stack lock taken: the send…', kind: 'select',
    choices: { on: 'Goes on the lock-free pre-queue', off: 'Sleeps until the lock is free' } },
  { path: 'net.async_pool', label: 'Onload: buffers for pre-queued sends', kind: 'number' },
  { path: 'net.costs.app_work.mean_ns', label: 'Application work per message received', kind: 'number', unit: us },
  { path: 'sim.seed', label: 'Random seed', kind: 'number' },
];

/** HP-UX 9.0's TCP stream (source 003): the interface, copy avoidance and how the application uses its buffers. */
export const HPUX_MAIN_CONTROLS: readonly ControlSpec[] = [
  { ...CPUS, note: 'One per HP 9000: 2 for FDDI, 1 for loopback.' }, KERNEL,
  { path: 'hpux.interface', label: 'Interface', kind: 'select',
    choices: { nio_fddi: 'NIO FDDI card: checksums on the card, copy avoidance', eisa_fddi: 'EISA FDDI card: neither',
               lo0: 'Loopback lo0: checksums offloaded', lan0_loopback: 'Own address via lan0: no offload' } },
  { path: 'hpux.send_copyavoid', label: 'Send copy avoidance (SO_SND_COPYAVOID)', kind: 'choice',
    choices: { off: 'Off: copy', on: 'On: copy-on-write' } },
  { path: 'hpux.recv_copyavoid', label: 'Receive copy avoidance (SO_RCV_COPYAVOID)', kind: 'choice',
    choices: { off: 'Off: copy', on: 'On: page remapping' } },
  { path: 'hpux.send_buffers', label: 'Send buffers the application cycles through', kind: 'number' },
  { path: 'hpux.dirty_bytes', label: 'Bytes written into each buffer before its send', kind: 'number' },
  { path: 'hpux.so_sndbuf', label: 'Send socket buffer (SO_SNDBUF)', kind: 'number' },
  { path: 'net.message_bytes', label: 'Send size', kind: 'number' },
  { path: 'hpux.send_call', label: 'The sender calls', kind: 'select', choices: { send: 'send(2)', write: 'write(2): never copy-avoided' } },
  { path: 'hpux.alignment', label: 'Buffers', kind: 'select', choices: { page: 'Page-aligned', unaligned: 'Not page-aligned' } },
  { path: 'hpux.recv_dirty_bytes', label: 'Bytes the receiver writes into its buffer', kind: 'number' },
  { path: 'sim.seed', label: 'Random seed', kind: 'number' },
];


const distChoices = { const: 'Constant (always the mean)', exp: 'Exponential', uniform: 'Uniform (mean ± spread)' };

/** Words for a path segment, for fields without a hand-written label. */
const words: Record<string, string> = {
  machine: 'Machine', kernel: 'Kernel', workload: 'Workload', network: 'Network', costs: 'Costs', sim: 'Run',
  net: 'Two hosts (network benchmark)', mss: 'Maximum segment size', watchdog_ns: 'Watchdog', link_bits_per_s: 'Link rate',
  nic_max_pps: 'NIC message limit', hw_latency_ns: 'Hardware latency (one way)', rx_ring: 'Receive ring',
  tx_ring: 'Transmit ring', socket_packets: 'Socket buffer', window_bytes: 'TCP window', kernel_send: 'Kernel UDP send',
  kernel_tcp_send: 'Kernel TCP send call', kernel_tx_packet: 'Kernel driver per packet', kernel_tcp_segment: 'Kernel TCP segment',
  irq: 'Interrupt', kernel_rx_packet: 'Kernel receive per packet', kernel_recv: 'Kernel receive call',
  onload_intercept: 'Onload intercept', onload_send: 'Onload UDP send', onload_tcp_send: 'Onload TCP send call',
  onload_tx_packet: 'Onload transmit per packet', onload_poll: 'Onload stack poll', onload_rx_packet: 'Onload receive per packet',
  onload_recv: 'Onload receive call', atomic: 'Atomic operation', app_work: 'Application work per message',
  interrupt_cpu: 'Interrupt CPU', cache_transfer_ns: 'Cache line transfer', think: 'Think time',
  user_work: 'User work per transaction', writes_per_txn: 'Writes per transaction', reads_per_txn: 'Reads per transaction',
  mss_bytes: 'Maximum segment size', reply_latency: 'Reply latency', background_rx_pps: 'Background received packets',
  timer_interval_ns: 'TCP/IP timer period', disk_io_per_s: 'Disk I/O completions', syscall: 'System call (cradle)',
  copy_per_kb: 'Copy per KiB', kernel_write: 'Kernel work per write', kernel_read: 'Kernel work per read',
  rx_interrupt: 'Receive interrupt', rx_kernel: 'Kernel work per received packet', timer_kernel: 'Kernel work per timer',
  disk_kernel: 'Kernel work per disk completion', krp_setup: 'KRP setup', fork_dispatch: 'Fork dispatch', wake: 'Wake-up',
  context_switch: 'Context switch', io_post: 'I/O post', db_cold: 'Cold TCP/IP database', ipi: 'Interprocessor interrupt',
  seed: 'Random seed', duration_ns: 'Run length', warmup_ns: 'Warm-up', trace_capacity: 'Trace ring size',
  dist: 'distribution', mean_ns: 'mean', spread_ns: 'spread', cpus: 'CPUs', designated_cpu: 'Designated CPU',
  lock_kind: 'Spinlock kind', kind: 'Kernel', processes: 'Processes', message_bytes: 'Message size',
  hpux: 'HP-UX 9.0', page_bytes: 'Page size', cache_line_bytes: 'Cache line', checksum_per_kb: 'Checksum per KiB',
  flush_per_kb: 'Cache flush per KiB', purge_per_kb: 'Cache purge per KiB', write_per_kb: 'Application write per KiB',
  cow_map_per_page: 'Lending a page copy-on-write', cow_fault: 'Copy-on-write fault',
  cow_release_per_page: 'Giving a lent page back', remap_per_page: 'Remapping a received page', ack: 'TCP input per ACK',
};

/** The unit a nanosecond field reads best in, from its default's size. */
function displayUnitFor(field: SchemaField): DisplayUnit | undefined {
  if (field.unit !== 'ns') return undefined;
  const typical = typeof field.default === 'number' ? Math.abs(field.default) : 0;
  if (field.path.endsWith('duration_ns') || field.path.endsWith('warmup_ns') || field.path.endsWith('timer_interval_ns')) return ms;
  if (typical >= 1e6) return ms;
  if (typical >= 5e3 || typical === 0) return us;
  return ns;
}

/**
 * A control for any field: the main list's, or one made from the field's path. The
 * kernel choice takes its words from the kernel registry (src/kernels: KERNEL_CHOICES),
 * which the caller passes: this module is below the registry, not above it.
 */
export function controlFor(field: SchemaField, kernelChoices?: Readonly<Record<string, string>>): ControlSpec {
  const main = [...MAIN_CONTROLS, ...SNA_MAIN_CONTROLS, ...SNA_REMEDY_CONTROLS, ...NUMA_MAIN_CONTROLS, ...ONLOAD_MAIN_CONTROLS, ...HPUX_MAIN_CONTROLS]
    .find((spec) => spec.path === field.path);
  if (main === KERNEL && kernelChoices) return { ...KERNEL, choices: kernelChoices };
  if (main) return { ...main, unit: main.unit ?? displayUnitFor(field) };
  const parts = field.path.split('.').slice(1);
  const label = parts.map((part, i) => {
    const word = words[part] ?? part.replace(/_/g, ' ');
    return i === 0 ? word : word.toLowerCase();
  }).join(', ');
  if (field.type === 'enum') {
    return { path: field.path, label, kind: 'select', choices: field.path.endsWith('.dist') ? distChoices : undefined };
  }
  return { path: field.path, label, kind: 'number', unit: displayUnitFor(field) };
}

/** The group a field belongs to in "All parameters" (its first path segment, in words). */
export function groupOf(path: string): string {
  const first = path.split('.')[0] ?? '';
  return words[first] ?? first;
}

/** The unit the learner sees: the display unit, or the schema's own. */
export function unitLabel(field: SchemaField, spec: ControlSpec): string {
  return spec.unit?.label ?? field.unit;
}

/** A field value in display units (rounded so float noise does not show). */
export function toDisplay(value: number, spec: ControlSpec): number {
  const factor = spec.unit?.factor ?? 1;
  return factor === 1 ? value : Number((value / factor).toPrecision(12));
}

export function fromDisplay(value: number, spec: ControlSpec): number {
  const factor = spec.unit?.factor ?? 1;
  return factor === 1 ? value : Number((value * factor).toPrecision(15));
}
