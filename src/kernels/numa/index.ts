/*
 * numa/ -- OpenVMS on an AlphaServer GS: where processes, data and locks live in the
 * resource affinity domains, and a batch run that pays for it (source 004). index.ts is
 * the kernel's record: its controls, its figures (Figures.tsx), its measures
 * (metrics.ts) and its CLI output (cli.ts). The RAD views it lists are the machine's
 * (src/views: numa-topology, numa-traffic, numa-spinlock, monitor-modes), drawn for any
 * kernel on a machine of several RADs.
 */
import { type ControlSpec, CPUS, KERNEL, SPINLOCK_CHOICES, SPINLOCK_SHORT, us } from '../controls.js';
import { NUMA_COMPARE_ROWS } from './compare.js';
import { OPENVMS_LOCK_WORDS } from '../openvms/openvms.js';
import type { KernelInfo } from '../types.js';
import { NUMA_METRICS } from './metrics.js';

/** OpenVMS on an AlphaServer GS: where processes, data and locks live (source 004). */
const NUMA_MAIN_CONTROLS: readonly ControlSpec[] = [
  CPUS,
  KERNEL,
  { path: 'machine.rads', kind: 'number' },
  {
    path: 'numa.placement',
    kind: 'select',
    choices: { none: 'Any CPU', home_rad: 'Home RAD (4 CPUs schedule it)', cpu_affinity: 'Hard CPU affinity (one CPU)' },
  },
  {
    path: 'numa.ro_data',
    kind: 'select',
    choices: { one_rad: 'One RAM disk', per_rad: 'A RAM disk per QBB', striped: 'Striped over the RADs' },
  },
  { path: 'numa.locks_per_record', kind: 'number' },
  {
    path: 'numa.lock_manager',
    kind: 'select',
    choices: { ordinary: 'Ordinary: every CPU under the LCKMGR spinlock', dedicated: 'Dedicated CPU (LCKMGR_SERVER)' },
  },
  { path: 'kernel.lock_kind', kind: 'select', choices: SPINLOCK_CHOICES, short: SPINLOCK_SHORT },
  { path: 'workload.user_work.mean_ns', kind: 'number', unit: us },
  { path: 'numa.reporter_cpu', kind: 'number', note: '-1: placed like the others.' },
  { path: 'sim.seed', kind: 'number' },
];

const PLACEMENT_WORDS: Record<string, string> = { none: 'any CPU', home_rad: 'home RAD', cpu_affinity: 'CPU affinity' };

export const numa: KernelInfo = {
  name: 'numa',
  title: 'AlphaServer GS (NUMA)',
  short: 'NUMA',
  choice: 'OpenVMS on an AlphaServer GS (NUMA)',
  fieldGroup: { prefix: 'numa', words: 'AlphaServer GS (NUMA)' },
  mainControls: NUMA_MAIN_CONTROLS,
  // its machine is about RADs: their views are drawn even with one RAD (any other kernel gets them on a machine of several)
  views: ['cpu-grid', 'lock', 'modes', 'timeline', 'lock-table', 'numa-topology', 'numa-traffic', 'numa-spinlock', 'monitor-modes'],
  metrics: NUMA_METRICS,
  figures: () => import('./Figures.js'),
  mainLock: 'LCKMGR',
  lockWords: {
    IOLOCK8: OPENVMS_LOCK_WORDS.IOLOCK8!,
    SCHED: OPENVMS_LOCK_WORDS.SCHED!,
    LCKMGR: { label: 'LCKMGR', role: 'the lock manager spin lock: every $ENQ and $DEQ of the ordinary lock manager takes it' },
  },
  series: 'baseline',
  throughput: { path: 'numa_run.records_per_s', label: 'Records per second', words: 'records per second', unit: 'records/s' },
  vocabulary: 'openvms',
  pair(values) {
    const from = String(values['numa.placement'] ?? 'home_rad');
    const to = from === 'home_rad' ? 'cpu_affinity' : 'home_rad';
    // a home RAD (OpenVMS's default) is the baseline; hard affinity is the source's remedy (Example 3)
    return {
      path: 'numa.placement',
      from,
      to,
      words: to === 'home_rad' ? 'with processes in a home RAD' : 'with hard CPU affinity',
      baseline: from === 'cpu_affinity' ? 'to' : 'from',
    };
  },
  sideWords: (values) =>
    values['numa.placement'] === undefined ? [] : [PLACEMENT_WORDS[String(values['numa.placement'])] ?? String(values['numa.placement'])],
  compareRows: ['records', 'runtime', 'hold', 'spin', 'ramdisk-cross', 'cross-rad'],
  compareMetrics: NUMA_COMPARE_ROWS,
  comparePairs: [
    { id: 'numa-placement', label: 'GS160: home RAD vs affinity', a: 'gs160', b: 'counterpart' },
    { id: 'example3', label: 'Example 3: before vs after', a: 'gs160-example3-before', b: 'gs160-example3-after' },
  ],
  headlineRows: ['mpsynch', 'records'],
  cli: async () => (await import('./cli.js')).numaCli,
};
