/*
 * snapshot.ts -- the live state of one simulation as the views see it, decoded from
 * the doubles lab_sim_snapshot() writes and the trace records lab_trace_read() fills.
 * The layouts come from the core's schema (schema.snapshot, schema.trace); nothing here
 * hard-codes an offset. These types are the contract between the worker bridge and
 * the views: a view is a pure function of a Snapshot (plus size and theme).
 */
import type { ModeName } from './report.js';
import { kernelLocks, type Schema } from './schema.js';
/** What a CPU is running: nothing, a process, an IPL 8 fork thread, an interrupt. */
export type LevelName = 'idle' | 'process' | 'fork' | 'interrupt';

export interface CpuState {
  id: number;
  mode: ModeName;
  level: LevelName;
  /** Process (thread) index running on the CPU, -1 when none. */
  thread: number;
  /** Lock index the CPU is spinning on, -1 when not spinning. */
  spinLock: number;
  /** Nanoseconds in kernel context (interrupts and fork threads, their spinning included)
   * since statistics started: the report's designated_cpu_busy_pct for this CPU. */
  kctxNs: number;
  /** Nanoseconds in each mode since statistics started (index = schema.modes order). */
  modeNs: number[];
}

/** How a lock makes its waiters wait: spin, or sleep until a release wakes all or one. */
/** How a lock's waiters wait: spinning, or asleep until a release wakes all, wakes one and hands it the lock, or wakes one and leaves it free (a futex mutex). */
export type LockKind = 'spin' | 'wake_all' | 'handoff' | 'wake_one';

export interface LockState {
  name: string;
  kind: LockKind;
  /** CPU holding the lock, -1 when free. */
  holder: number;
  /** CPU the lock has been handed to (ticket/handoff in flight), -1 when none. */
  reserved: number;
  /** Who waits, in arrival order: spinning CPUs for a spin lock, sleeping threads for a blocking one. */
  waiters: number[];
  holdNs: number;
  spinNs: number;
  acquisitions: number;
  /** Blocking locks: the thread holding it, -1 when free or a spin lock. */
  ownerThread: number;
  /** The cache line the lock word lives in, the CPU whose cache has it, and its transfers so far. */
  line: number;
  lineOwner: number;
  lineTransfers: number;
  /** Blocking locks: wake-ups so far, and those that found the lock taken again (futile). */
  wakeups: number;
  futile: number;
}

/** What a thread is doing: on a CPU, runnable, or sleeping for a reason. */
export type ThreadStateName = 'ready' | 'running' | 'sleeping' | 'reading' | 'waiting_work' | 'lock_wait';

export interface ThreadState {
  id: number;
  state: ThreadStateName;
  /** CPU it runs on, -1 when not running. */
  cpu: number;
}

export interface QueueState {
  name: string;
  len: number;
  maxLen: number;
}

export interface Snapshot {
  nowNs: number;
  events: number;
  /** Simulated time since statistics started (after warm-up); the denominator of %. */
  windowNs: number;
  /**
   * The CPU each CPU role of the core's has in this run, by the role's name (the
   * Scalable Kernel's "designated_cpu"); a kernel reads its own (KernelInfo.roleCpu).
   */
  roleCpus: Readonly<Record<string, number>>;
  /** The kernel that ran (kernel.kind's name; src/kernels looks it up). */
  kernel: string;
  cpus: CpuState[];
  locks: LockState[];
  queues: QueueState[];
  threads: ThreadState[];
  /** Runnable threads waiting for a CPU. */
  runQueue: number;
  /** Since statistics started: context switches (dispatches), lock wake-ups, futile ones, et_posts. */
  dispatches: number;
  wakeups: number;
  futile: number;
  posts: number;
  /**
   * Set when the counters are not this run's so far but a finished run's of the same
   * scenario (measures.ts): the presenter's views, whose live run is a few ms old. Views
   * say "in the full run" where they would say "so far".
   */
  measuredBy?: {
    words: string;
    windowNs: number;
    /** The live snapshot, counters and all: for a view that follows events by its counters' steps (the herd's releases). */
    live: Snapshot;
  };
}

interface SnapshotLayout {
  header: string[];
  /** The header's slots that are CPU roles' (the core's cpu_role.c), by the role's name. */
  roles: string[];
  per_cpu: string[];
  per_cpu_mode_ns: number;
  per_lock: string[];
  per_queue: string[];
  per_thread: string[];
  thread_states: string[];
  lock_kinds: string[];
  levels: string[];
}

/** How many doubles a snapshot of so many CPUs, locks and threads takes. */
export function snapshotLength(schema: Schema, counts: { cpus: number; locks: number; threads: number }): number {
  const l = schema.snapshot as unknown as SnapshotLayout;
  return (
    l.header.length +
    counts.cpus * (l.per_cpu.length + l.per_cpu_mode_ns) +
    counts.locks * (l.per_lock.length + counts.cpus) + // one waiter slot per CPU
    schema.queues.length * l.per_queue.length +
    counts.threads * l.per_thread.length
  );
}

/** The counts a snapshot's header gives, from which its length follows. */
export function snapshotCounts(schema: Schema, d: Float64Array): { cpus: number; locks: number; threads: number } {
  const l = schema.snapshot as unknown as SnapshotLayout;
  const h = (name: string) => d[l.header.indexOf(name)] ?? 0;
  return { cpus: h('cpus'), locks: h('locks'), threads: h('threads') };
}

/** Decodes the doubles of lab_sim_snapshot() by the schema's layout. */
/**
 * Each named field's place in its record, looked up once per schema: a frame decodes
 * every CPU's and thread's record (256 CPUs, 1,024 threads), and a name lookup per
 * field per record was most of the cost.
 */
const fieldIndexes = new WeakMap<object, Record<'header' | 'per_cpu' | 'per_lock' | 'per_queue' | 'per_thread', Map<string, number>>>();
function indexesOf(l: SnapshotLayout) {
  let found = fieldIndexes.get(l);
  if (!found) {
    const map = (names: readonly string[]) => new Map(names.map((name, i) => [name, i]));
    found = {
      header: map(l.header),
      per_cpu: map(l.per_cpu),
      per_lock: map(l.per_lock),
      per_queue: map(l.per_queue),
      per_thread: map(l.per_thread),
    };
    fieldIndexes.set(l, found);
  }
  return found;
}

export function decodeSnapshot(schema: Schema, d: Float64Array): Snapshot {
  const l = schema.snapshot as unknown as SnapshotLayout;
  const ix = indexesOf(l);
  const place = (part: Map<string, number>, name: string) => part.get(name) ?? -1;
  const h = (name: string) => d[place(ix.header, name)]!;
  const ncpu = h('cpus');
  let at = l.header.length;
  const cpus: CpuState[] = [];
  const cpuAt = {
    mode: place(ix.per_cpu, 'mode'),
    level: place(ix.per_cpu, 'level'),
    thread: place(ix.per_cpu, 'thread'),
    spin_lock: place(ix.per_cpu, 'spin_lock'),
    kctx_ns: place(ix.per_cpu, 'kctx_ns'),
  };
  for (let i = 0; i < ncpu; i++) {
    const f = (name: keyof typeof cpuAt) => d[at + cpuAt[name]]!;
    const modeStart = at + l.per_cpu.length;
    cpus.push({
      id: i,
      mode: schema.modes[f('mode')] as ModeName,
      level: l.levels[f('level')] as LevelName,
      thread: f('thread'),
      spinLock: f('spin_lock'),
      kctxNs: f('kctx_ns'),
      modeNs: Array.from(d.subarray(modeStart, modeStart + l.per_cpu_mode_ns)),
    });
    at = modeStart + l.per_cpu_mode_ns;
  }
  const names = kernelLocks(schema, h('kernel'));
  const locks: LockState[] = Array.from({ length: h('locks') }, (_, index) => {
    const f = (field: string) => d[at + place(ix.per_lock, field)]!;
    const waitStart = at + l.per_lock.length;
    const lock: LockState = {
      name: names[index] ?? `lock ${index}`,
      kind: (l.lock_kinds[f('kind')] ?? 'spin') as LockKind,
      ownerThread: f('owner_thread'),
      line: f('line'),
      lineOwner: f('line_owner'),
      lineTransfers: f('line_transfers'),
      wakeups: f('wakeups'),
      futile: f('futile'),
      holder: f('holder'),
      reserved: f('reserved'),
      waiters: Array.from(d.subarray(waitStart, waitStart + Math.min(f('waiters'), ncpu))),
      holdNs: f('hold_ns'),
      spinNs: f('spin_ns'),
      acquisitions: f('acquisitions'),
    };
    at = waitStart + ncpu;
    return lock;
  });
  const queues: QueueState[] = schema.queues.map((name) => {
    const q = { name, len: d[at + place(ix.per_queue, 'len')]!, maxLen: d[at + place(ix.per_queue, 'max_len')]! };
    at += l.per_queue.length;
    return q;
  });
  const stateAt = place(ix.per_thread, 'state');
  const threadCpuAt = place(ix.per_thread, 'cpu');
  const threads: ThreadState[] = Array.from({ length: h('threads') }, (_, id) => {
    const t = {
      id,
      state: (l.thread_states[d[at + stateAt]!] ?? 'sleeping') as ThreadStateName,
      cpu: d[at + threadCpuAt]!,
    };
    at += l.per_thread.length;
    return t;
  });
  return {
    nowNs: h('now_ns'),
    events: h('events'),
    windowNs: h('window_ns'),
    roleCpus: Object.fromEntries(l.roles.map((role) => [role, h(role)])),
    kernel: (schema.fields.find((f) => f.path === 'kernel.kind')?.values?.[h('kernel')] ?? '') as Snapshot['kernel'],
    cpus,
    locks,
    queues,
    threads,
    runQueue: h('runq_len'),
    dispatches: h('dispatches'),
    wakeups: h('wakeups'),
    futile: h('futile'),
    posts: h('posts'),
  };
}

/**
 * A slice of the trace ring as columns (one entry per record), cheap to transfer
 * from the worker. kind indexes schema.trace.kinds; object is a lock, queue or mode
 * index depending on kind; arg is kind-specific (see wasm-core/src/engine.c).
 */
export interface TraceSlice {
  t: Float64Array;
  kind: Int32Array;
  cpu: Int32Array;
  thread: Int32Array;
  object: Int32Array;
  arg: Float64Array;
  /** Records the ring dropped because nobody read them in time (cumulative). */
  dropped: number;
}
