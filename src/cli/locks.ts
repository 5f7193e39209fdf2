/*
 * locks.ts -- `stacklab locks` (issue 41, "Your own cores"): runs the real lock
 * algorithms of src/cores/ on this machine's cores, in Node worker_threads, and prints
 * what they did beside this machine's measured costs (a cache line's transfer, an
 * uncontended acquire): the figures the simulator's service kernel models
 * (service.discipline), measured instead of modelled.
 *
 * stdout holds only the result (a table, CSV or JSON); on a terminal stderr shows which
 * run is going, and Ctrl-C stops the run at once (exit status 130).
 */
import { closest } from '../core/index.js';
import { nodeThreadHost } from '../cores/node-host.js';
import { measureMachine } from '../cores/machine.js';
import { defaultWorkers, maxWorkers, runBench, type BenchPlan } from '../cores/runner.js';
import { pointSummary } from '../cores/stats.js';
import { LOCK_ALGORITHMS, type LockAlgorithm, type MachineCosts, type PointResult, type ThreadHost } from '../cores/types.js';
import { Interrupted, wallText } from './progress.js';
import type { Io } from './stacklab.js';
import { UsageError } from './usage-error.js';

/** The options only `locks` takes, as node:util parseArgs declares them. */
export const LOCKS_OPTIONS = {
  workers: { type: 'string' },
  algorithms: { type: 'string' },
  'duration-ms': { type: 'string' },
  repeats: { type: 'string' },
  'critical-lines': { type: 'string' },
  'critical-spins': { type: 'string' },
  'think-spins': { type: 'string' },
  csv: { type: 'boolean' },
} as const;

export type LocksValues = {
  [name in keyof typeof LOCKS_OPTIONS]?: (typeof LOCKS_OPTIONS)[name]['type'] extends 'boolean' ? boolean : string;
} & {
  json?: boolean;
};

/** The number options: their default, range and what they are, for the messages. */
const NUMBERS = {
  'duration-ms': { key: 'durationMs', fallback: 300, min: 10, max: 60_000, what: 'the length of each run in ms' },
  repeats: { key: 'repeats', fallback: 3, min: 1, max: 100, what: 'the runs of each algorithm at each worker count' },
  'critical-lines': {
    key: 'criticalLines',
    fallback: 2,
    min: 0,
    max: 4096,
    what: 'the shared cache lines each critical section reads and writes',
  },
  'critical-spins': {
    key: 'criticalSpins',
    fallback: 0,
    min: 0,
    max: 10_000_000,
    what: 'the busy-loop iterations inside the critical section',
  },
  'think-spins': { key: 'thinkSpins', fallback: 0, min: 0, max: 10_000_000, what: 'the busy-loop iterations between two acquisitions' },
} as const;

/** The plan and output the options ask for; a UsageError names what is wrong and how to fix it. */
export function parseLocksOptions(values: LocksValues, cores: number): { plan: BenchPlan; format: 'table' | 'json' | 'csv' } {
  if (values.json && values.csv) throw new UsageError('give one of --json and --csv (without either, locks prints a table).');
  const most = maxWorkers(cores);
  const workerCounts =
    values.workers === undefined
      ? defaultWorkers(cores)
      : listOf<number>('workers', values.workers, '--workers 1,2,4', (text) => {
          if (!/^\d+$/.test(text)) return { problem: `"${text}" is not a whole number` };
          const n = Number(text);
          if (n >= 1 && n <= most) return { value: n };
          const machine = `this machine has ${cores} core${cores === 1 ? '' : 's'}, and a run takes at most twice as many threads`;
          return { problem: `${text} is outside 1 to ${most} (${machine})` };
        });
  const algorithms =
    values.algorithms === undefined
      ? [...LOCK_ALGORITHMS]
      : listOf<LockAlgorithm>('algorithms', values.algorithms, '--algorithms tas,ticket,mcs', (text) => {
          if ((LOCK_ALGORITHMS as readonly string[]).includes(text)) return { value: text as LockAlgorithm };
          const suggestion = closest(text, [...LOCK_ALGORITHMS]);
          const named = `there is no algorithm "${text}"${suggestion ? ` (did you mean "${suggestion}"?)` : ''}`;
          return { problem: `${named}; they are ${LOCK_ALGORITHMS.join(', ')}` };
        });
  const numbers = {} as Record<(typeof NUMBERS)[keyof typeof NUMBERS]['key'], number>;
  for (const [name, { key, fallback, min, max, what }] of Object.entries(NUMBERS)) {
    const text = values[name as keyof typeof NUMBERS];
    if (text === undefined) {
      numbers[key] = fallback;
      continue;
    }
    const n = /^-?\d+$/.test(text.trim()) ? Number(text) : NaN;
    if (!(n >= min && n <= max)) {
      const problem = Number.isNaN(n) ? `"${text}" is not a whole number` : `${text} is out of range`;
      throw new UsageError(`--${name}: ${problem}; it is ${what}, from ${min} to ${max.toLocaleString('en-US')} (default ${fallback}).`);
    }
    numbers[key] = n;
  }
  const { repeats, ...work } = numbers;
  return {
    plan: { algorithms, workerCounts: [...new Set(workerCounts)].sort((a, b) => a - b), repeats, ...work },
    format: values.json ? 'json' : values.csv ? 'csv' : 'table',
  };
}

/** A comma-separated option: each item checked by `item` (its value, or what is wrong with it). */
function listOf<T>(name: string, text: string, example: string, item: (text: string) => { value: T } | { problem: string }): T[] {
  const items = text.split(',').map((part) => part.trim());
  if (items.some((part) => part === '')) throw new UsageError(`--${name} "${text}" has an empty item; write it like ${example}.`);
  return items.map((part) => {
    const checked = item(part);
    if ('problem' in checked) throw new UsageError(`--${name}: ${checked.problem}; write it like ${example}.`);
    return checked.value;
  });
}

/** Runs `stacklab locks` with its options; writes the result to stdout. */
export async function runLocks(values: LocksValues, io: Io, host: ThreadHost = nodeThreadHost()): Promise<void> {
  const { plan, format } = parseLocksOptions(values, host.cores);
  const total = plan.algorithms.length * plan.workerCounts.length * plan.repeats;
  const estimateMs = total * (plan.durationMs + 20);
  if (estimateMs > 60_000) {
    io.stderr.write(`stacklab: ${total} runs of ${plan.durationMs} ms: this will take about ${wallText(estimateMs)}; Ctrl-C stops it.\n`);
  }
  const controller = new AbortController();
  let where = 'while measuring the machine';
  const onSigint = () => controller.abort();
  process.on('SIGINT', onSigint);
  let drawn = false;
  const draw = (text: string) => {
    if (!io.stderr.isTTY) return;
    io.stderr.write(`\r${text.slice(0, Math.max(20, (io.stderr.columns || 80) - 1))}\x1b[K`);
    drawn = true;
  };
  try {
    draw('measuring this machine: a cache line between two cores, an uncontended lock');
    const machine = await measureMachine(host, controller.signal);
    let next = 1;
    const describe = (i: number) => {
      const perPoint = plan.repeats * plan.workerCounts.length;
      const algorithm = plan.algorithms[Math.floor((i - 1) / perPoint)];
      const workers = plan.workerCounts[Math.floor(((i - 1) % perPoint) / plan.repeats)];
      return `run ${i} of ${total} (${algorithm}, ${workers} thread${workers === 1 ? '' : 's'})`;
    };
    where = `during ${describe(next)}`;
    draw(describe(next));
    const points = await runBench(host, plan, {
      signal: controller.signal,
      onRun: (_, progress) => {
        next = progress.done + 1;
        if (next > total) return;
        where = `during ${describe(next)}`;
        draw(describe(next));
      },
    });
    if (drawn) io.stderr.write('\r\x1b[K');
    drawn = false;
    io.stdout.write(
      format === 'json'
        ? JSON.stringify({ machine, plan, points }, null, 2) + '\n'
        : format === 'csv'
          ? formatLocksCsv(machine, plan, points)
          : formatLocksTable(machine, plan, points),
    );
  } catch (error) {
    if (controller.signal.aborted) throw new Interrupted(`stopped by Ctrl-C ${where}; nothing was printed.`);
    throw error;
  } finally {
    if (drawn) io.stderr.write('\r\x1b[K');
    process.off('SIGINT', onSigint);
  }
}

const whole = (n: number) => Math.round(n).toLocaleString('en-US');

/** The machine's costs in words, then a row per algorithm and worker count. */
export function formatLocksTable(machine: MachineCosts, plan: BenchPlan, points: PointResult[]): string {
  const ns = (x: number) => `${x < 10 ? x.toFixed(1) : whole(x)} ns`;
  const lines = [
    `This machine: ${machine.cores} core${machine.cores === 1 ? '' : 's'}.`,
    Number.isNaN(machine.lineTransferNs)
      ? '  line transfer        not measured: one core, so two threads cannot flip a line at once'
      : `  line transfer        ${ns(machine.lineTransferNs)}  (a cache line between two cores: half a ping-pong round trip)`,
    `  uncontended acquire  ${ns(machine.uncontendedNs)}  (a tas acquire and release in one thread)`,
    `  busy loop            ${machine.spinNs.toFixed(2)} ns an iteration`,
    ...(machine.settled
      ? []
      : ['  (other work kept slowing these timings, measured three times: they may be high; measure again when the machine is quiet)']),
    '',
    `Each run: ${plan.durationMs} ms; the critical section reads and writes ${plan.criticalLines} shared line${plan.criticalLines === 1 ? '' : 's'}` +
      `${plan.criticalSpins ? ` and spins ${plan.criticalSpins}` : ''}${plan.thinkSpins ? `; ${plan.thinkSpins} spins between acquisitions` : ''}; ` +
      `${plan.repeats} run${plan.repeats === 1 ? '' : 's'} a row.`,
    '',
  ];
  const header = ['algorithm', 'workers', 'acquisitions/s (median, min–max)', 'fairness', 'hand-off ns', 'exact'];
  const rows = points.map((point) => {
    const { fairness, handoff, lostRuns: lost } = pointSummary(point);
    return [
      point.algorithm,
      String(point.workers),
      `${whole(point.median)} (${whole(point.min)}–${whole(point.max)})`,
      Number.isNaN(fairness) ? '–' : fairness.toFixed(3),
      handoff === undefined ? '–' : handoff.atMost ? `≤ ${whole(Math.max(handoff.ns, 1))}` : whole(handoff.ns),
      lost === 0 ? 'yes' : `NO: ${lost} of ${point.runs.length} runs lost updates`,
    ];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 || column === cells.length - 1 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ')
      .trimEnd();
  lines.push(line(header), ...rows.map(line), '');
  lines.push(
    "fairness: Jain's index over the threads' acquisitions (1: equal shares; 1/n: one thread had them all).",
    "hand-off: median time from a release to the next acquisition by another thread, timed on two threads' clocks;",
    '  "≤ n": the clocks agreed only to within the hand-off itself (a busy machine), so only a bound is known.',
    'exact: the counter each critical section adds 1 to, unlocked, equals the acquisitions (no lost update).',
  );
  return lines.join('\n') + '\n';
}

/** A header row, then a row per algorithm and worker count; each row repeats the plan and the machine's costs. */
export function formatLocksCsv(machine: MachineCosts, plan: BenchPlan, points: PointResult[]): string {
  const number = (x: number, digits: number) => (Number.isFinite(x) ? String(Number(x.toFixed(digits))) : '');
  const header = [
    'algorithm',
    'workers',
    'runs',
    'acquisitions_per_s_median',
    'acquisitions_per_s_min',
    'acquisitions_per_s_max',
    'fairness',
    'handoff_ns',
    'handoff_at_most',
    'clock_error_ns',
    'exact',
    'duration_ms',
    'critical_lines',
    'critical_spins',
    'think_spins',
    'line_transfer_ns',
    'uncontended_ns',
    'spin_ns',
    'cores',
    'machine_settled',
  ];
  const rows = points.map((point) => {
    const { fairness, handoff, clockErrorNs, lostRuns: lost } = pointSummary(point);
    return [
      point.algorithm,
      point.workers,
      point.runs.length,
      number(point.median, 0),
      number(point.min, 0),
      number(point.max, 0),
      number(fairness, 4),
      handoff === undefined ? '' : number(handoff.ns, 1),
      handoff === undefined ? '' : String(handoff.atMost),
      number(clockErrorNs, 1),
      lost === 0 ? 'true' : 'false',
      plan.durationMs,
      plan.criticalLines,
      plan.criticalSpins,
      plan.thinkSpins,
      number(machine.lineTransferNs, 1),
      number(machine.uncontendedNs, 2),
      number(machine.spinNs, 3),
      machine.cores,
      String(machine.settled),
    ].join(',');
  });
  return [header.join(','), ...rows].join('\n') + '\n';
}
