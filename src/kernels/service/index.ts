/*
 * service/ -- a service under a lock: the capstone's generic kernel. N CPUs each
 * doing work of their own and then a request on shared state, shared by one of nine
 * disciplines that the course's systems used and today's kernels use
 * (wasm-core/src/kernels/service/service.c). index.ts is the kernel's record: its
 * controls, the disciplines in words, its figures (Figures.tsx), its measures
 * (metrics.ts) and its CLI output (cli.ts).
 */
import { type ControlSpec, CPUS, KERNEL, ns, us } from '../controls.js';
import { SERVICE_COMPARE_ROWS } from './compare.js';
import type { KernelInfo } from '../types.js';
import { SERVICE_METRICS } from './metrics.js';

/** The nine disciplines in words: the panel's choices and Compare's side titles. */
export const DISCIPLINE_WORDS: Readonly<Record<string, string>> = {
  tas: 'Spin: test-and-set',
  ticket: 'Spin: ticket lock',
  mcs: 'Spin: queue lock (MCS)',
  wake_all: 'Block: wake all (herd)',
  wake_one: 'Block: wake one (futex)',
  handoff: 'Block: direct handoff',
  delegate: 'Delegate to a server CPU',
  combine: 'Combine: holder runs others',
  partition: 'Partition per CPU (as RSS steers flows)',
};

/** The disciplines in a few words: a Compare side's title, a lesson's run ("ticket lock"). */
export const DISCIPLINE_SHORT_WORDS: Readonly<Record<string, string>> = {
  tas: 'test-and-set',
  ticket: 'ticket lock',
  mcs: 'MCS queue lock',
  wake_all: 'wake all',
  wake_one: 'wake one (futex)',
  handoff: 'direct handoff',
  delegate: 'delegation',
  combine: 'combining',
  partition: 'partitioned (RSS)',
};

/** Compare's usual question for each discipline: what it is set against on side B. */
const PAIRS: Readonly<Record<string, string>> = {
  tas: 'mcs',
  ticket: 'mcs',
  mcs: 'ticket',
  wake_all: 'wake_one',
  wake_one: 'handoff',
  handoff: 'wake_one',
  delegate: 'partition',
  combine: 'delegate',
  partition: 'delegate',
};
/** The disciplines that are the baseline of their pair (the other is the escape from it); the rest pair back to their baseline. */
const BASELINE_OF_PAIR: ReadonlySet<string> = new Set(['tas', 'ticket', 'wake_all', 'wake_one', 'delegate']);

const SERVICE_MAIN_CONTROLS: readonly ControlSpec[] = [
  CPUS,
  KERNEL,
  { path: 'service.discipline', kind: 'select', choices: DISCIPLINE_WORDS, short: DISCIPLINE_SHORT_WORDS },
  { path: 'service.critical.mean_ns', kind: 'number', unit: us },
  { path: 'service.think.mean_ns', kind: 'number', unit: us },
  { path: 'machine.cache_transfer_ns', kind: 'number', unit: ns },
  { path: 'service.state_lines', kind: 'number' },
  { path: 'service.elephant_pct', kind: 'number', note: 'Partition only: the share of all requests in one flow, all run on CPU 0.' },
  { path: 'sim.seed', kind: 'number' },
];

const SERVICE_MORE_CONTROLS: readonly ControlSpec[] = [
  { path: 'service.requests', kind: 'select', choices: { wait: 'Wait for the reply (closed)', post: 'Post and go on (delegate only)' } },
  { path: 'costs.context_switch.mean_ns', kind: 'number', unit: us },
  { path: 'costs.ipi.mean_ns', kind: 'number', unit: us },
];

export const service: KernelInfo = {
  name: 'service',
  title: 'service under a lock',
  short: 'Service',
  choice: "A service under a lock (today's disciplines)",
  fieldGroup: { prefix: 'service', words: 'Service under a lock (the escapes)' },
  mainControls: SERVICE_MAIN_CONTROLS,
  moreControls: SERVICE_MORE_CONTROLS,
  views: ['cpu-grid', 'lock', 'herd', 'modes', 'timeline', 'lock-table', 'scaling'],
  metrics: SERVICE_METRICS,
  figures: () => import('./Figures.js'),
  mainLock: 'STATE_LOCK',
  // delegate: requests posted to the server CPU's queue
  queueWords: { request: 'request', server: 'the server CPU' },
  series: 'baseline',
  throughput: { path: 'service.requests_per_s', label: 'Requests per second', words: 'requests per second', unit: 'requests/s' },
  sweepCpus: { from: 8, to: 64, step: 8 },
  vocabulary: 'unix',
  scalingTerms: {
    serial: "the critical section, which only one CPU at a time runs: the lock's holder, the server or CPU 0",
    crosstalk: "the lock's and the state's cache lines travelling between the CPUs, dearer the more CPUs wait",
  },
  pair(values) {
    const from = String(values['service.discipline'] ?? 'tas');
    const to = PAIRS[from] ?? 'mcs';
    return {
      path: 'service.discipline',
      from,
      to,
      words: `with ${DISCIPLINE_SHORT_WORDS[to] ?? to}`,
      baseline: BASELINE_OF_PAIR.has(from) ? 'from' : 'to',
    };
  },
  sideWords: (values) =>
    values['service.discipline'] === undefined
      ? []
      : [DISCIPLINE_SHORT_WORDS[String(values['service.discipline'])] ?? String(values['service.discipline'])],
  // Only a partition's elephant flow is steered to a CPU by interrupt, always CPU 0
  // (service.c); the lock disciplines have no network interrupts at all.
  interruptCpu: (values) =>
    values['service.discipline'] === 'partition' && Number(values['service.elephant_pct'] ?? 0) > 0 ? 0 : undefined,
  compareRows: ['requests', 'response', 'serial-busy', 'lock-transfers', 'state-transfers', 'cswitch', 'futile'],
  compareMetrics: SERVICE_COMPARE_ROWS,
  headlineRows: ['requests'],
  cli: async () => (await import('./cli.js')).serviceCli,
};
