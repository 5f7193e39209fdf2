/*
 * sna/ -- SNA Server/6000 on AIX SMP: the thundering herd of lockl(), the port's
 * remedies, and the porting journey (source 001). index.ts is the kernel's record: its
 * controls, its threads, its views (herd/, cache-lines/, drawn by views.tsx from the
 * lab's state; data.ts shared by them), its panel after the views (Panel.tsx: the
 * porting journey, journey/), its figures (Figures.tsx), its measures (metrics.ts) and
 * its CLI output (cli.ts).
 */
import { type ControlSpec, CPUS, KERNEL, ms, us } from '../controls.js';
import { SNA_COMPARE_ROWS } from './compare.js';
import type { KernelInfo, KernelView, ThreadNames } from '../types.js';
import { SNA_METRICS } from './metrics.js';

/** SNA's views, after the spin-lock view. */
const SNA_VIEWS: readonly KernelView[] = [
  { id: 'herd', withCompanion: true, fitted: true, inCompare: true, title: 'Thundering herd', after: 'lock', wide: true },
  { id: 'cache-lines', title: 'Cache lines', after: 'herd' },
];

/** The main controls while the SNA Server/6000 kernel runs (the OpenVMS workload's are under "All parameters"). */
const SNA_MAIN_CONTROLS: readonly ControlSpec[] = [
  CPUS,
  KERNEL,
  {
    path: 'sna.lock_kind',
    kind: 'select',
    choices: {
      lockl: 'lockl(): block, wake all on release',
      handoff: 'Block, hand the lock to one sleeper on release',
      simple: 'simple_lock(): spin',
    },
  },
  { path: 'sna.sessions', kind: 'number' },
  { path: 'sna.partner_latency.mean_ns', kind: 'number', unit: ms },
  { path: 'costs.context_switch.mean_ns', kind: 'number', unit: us },
  { path: 'sched.affinity', kind: 'select' },
  { path: 'sim.seed', kind: 'number' },
];

/** The SNA port's remedies (sna.*), in the source's words, for labs and "All parameters". */
const SNA_REMEDY_CONTROLS: readonly ControlSpec[] = [
  { path: 'sna.granularity', kind: 'select', choices: { region: 'One region lock', data: 'Data locks (per session)' } },
  { path: 'sna.copy', kind: 'select', choices: { inside_lock: 'Inside the critical section', outside_lock: 'Before taking the lock' } },
  { path: 'sna.search', kind: 'select', choices: { list: 'Linked list (visit entries one by one)', hash: 'Hash table' } },
  {
    path: 'sna.snaipcm',
    kind: 'select',
    choices: { hash_table: 'Looked up in a locked hash table', passed: 'Mapping passed along with the mbuf' },
  },
  {
    path: 'sna.table_lock',
    kind: 'select',
    choices: { table: 'One lock for the whole table', buckets: 'A lock per hash bucket (deferred)' },
  },
  { path: 'sna.lock_lines', kind: 'select', choices: { shared: 'Side by side in one 32-byte line', separate: 'Each in its own line' } },
  { path: 'sna.post', kind: 'select', choices: { under_lock: 'While holding the lock', after_unlock: 'After releasing the lock' } },
  { path: 'sna.alloc', kind: 'select', choices: { xmalloc: 'xmalloc() behind the heap lock', pool: 'Own pools (per CPU in the model)' } },
  { path: 'sched.cache_reload.mean_ns', kind: 'number', unit: us },
];

/**
 * The SNA kernel's threads, in the order the core makes them (sna.c): a Transaction
 * Program (TP) and a Half Session (HS) kproc for each session and the measured
 * transfer, then two DLC kprocs (the sessions' link, the transfer's token ring).
 */
const SNA_THREADS: ThreadNames = {
  name(count, id) {
    const s = (count - 4) / 2;
    if (count < 4 || id < 0) return `thread ${id}`;
    if (id <= s) return `TP ${id}`;
    if (id <= 2 * s + 1) return `HS ${id - s - 1}`;
    return `DLC ${id - 2 * s - 2}`;
  },
  words(count, id) {
    const s = (count - 4) / 2;
    const name = SNA_THREADS.name(count, id);
    if (count < 4) return name;
    if (id === s) return `${name} (the measured transfer's Transaction Program)`;
    if (id === 2 * s + 1) return `${name} (the measured transfer's Half Session)`;
    if (id === 2 * s + 2) return `${name} (the DLC kproc of the sessions' link)`;
    if (id === 2 * s + 3) return `${name} (the DLC kproc of the transfer's token ring)`;
    return name;
  },
};

const LOCK_WORDS: Record<string, string> = { lockl: 'lockl (wake all)', handoff: 'hand-off', simple: 'simple (spin) locks' };

export const sna: KernelInfo = {
  name: 'sna',
  title: 'SNA Server/6000',
  short: 'SNA',
  choice: 'SNA Server/6000 on AIX SMP',
  fieldGroup: { prefix: 'sna', words: 'SNA Server/6000' },
  mainControls: SNA_MAIN_CONTROLS,
  moreControls: SNA_REMEDY_CONTROLS,
  views: ['cpu-grid', 'lock', 'herd', 'cache-lines', 'modes', 'timeline', 'lock-table'],
  ownViews: SNA_VIEWS,
  metrics: SNA_METRICS,
  figures: () => import('./Figures.js'),
  threads: SNA_THREADS,
  series: 'baseline',
  throughput: {
    path: 'sna.round_trips_per_s',
    label: 'Session round trips per second',
    words: 'session round trips per second',
    unit: 'round trips/s',
  },
  vocabulary: 'unix',
  pair(values) {
    const from = String(values['sna.lock_kind'] ?? 'lockl');
    const to = from === 'simple' ? 'lockl' : 'simple';
    // lockl() as first ported is the baseline; simple locks are the port's remedy
    return {
      path: 'sna.lock_kind',
      from,
      to,
      words: to === 'simple' ? 'with spinning simple locks' : 'with lockl() (wake all)',
      baseline: from === 'simple' ? 'to' : 'from',
    };
  },
  sideWords: (values) =>
    values['sna.lock_kind'] === undefined ? [] : [LOCK_WORDS[String(values['sna.lock_kind'])] ?? String(values['sna.lock_kind'])],
  compareRows: ['round-trip', 'transfer', 'cswitch', 'futile', 'miss'],
  compareMetrics: SNA_COMPARE_ROWS,
  comparePairs: [{ id: 'sna-locks', label: 'SNA: wake all vs spin', a: 'sna-after-port', aCounterpart: true, b: 'sna-after-port' }],
  headlineRows: ['round-trip'],
  cli: async () => (await import('./cli.js')).snaCli,
  /** The thundering herd sets the lock kinds side by side: spinning simple locks against lockl. */
  companion(scenario, shown) {
    if (!shown.includes('herd')) return null;
    return scenario['sna.lock_kind'] === 'simple'
      ? { overrides: { 'sna.lock_kind': 'lockl' }, label: 'The same with lockl() (wake all)' }
      : { overrides: { 'sna.lock_kind': 'simple' }, label: 'The same with simple (spin) locks' };
  },
};
