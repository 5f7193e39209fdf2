/*
 * metrics.ts -- the figures a comparison puts side by side, and their differences in
 * words. Each row is one of the sources' measures (MP synchronization, transmit
 * packets per second, lock hold and spin %, KRP queue wait, ...) read from a side's
 * live snapshot or report, exactly as the lab's own figures read them; which rows
 * appear follows the two sides' kernels. A difference is always written with its
 * sign and unit ("−25.3 points", "+13,902/s (+34%)") and, where the sources say which
 * way is better, with the word for it: colour on the page only repeats what the words
 * say.
 */
import type { Report } from '../../core/report.js';
import type { Snapshot } from '../../core/snapshot.js';
import { REPORT_METRICS, reportValue, type ReportMetricPath } from '../../core/report.js';
import { KERNELS, kernelInfo } from '../../kernels/index.js';
import type { CompareUnit } from '../../kernels/types.js';
import { formatCount, formatNs } from '../../views/format.js';
import { modeNs, modeTotalsNs, mpsynch } from '../../views/snapshot-data.js';

/** What one side shows now. */
export interface SideSample {
  snapshot?: Snapshot;
  report?: Report;
  /** schema.modes: the order of a CPU's modeNs. */
  modes: readonly string[];
}

export type MetricUnit = CompareUnit;

export interface MetricRow {
  id: string;
  label: string;
  /** What the number is, in a few words ("of all CPU time spinning"). */
  detail: string;
  unit: MetricUnit;
  a: number;
  b: number;
  /** Which way is better, where the sources say; undefined when neither is. */
  better?: 'lower' | 'higher';
  /** The source's headline measure for these kernels. */
  headline?: boolean;
}

interface MetricDef {
  id: string;
  label: string;
  detail: string;
  unit: MetricUnit;
  better?: 'lower' | 'higher';
  /** Shown for every kernel; otherwise when either side's kernel lists it (src/kernels: compareRows). */
  everyKernel?: boolean;
  read(side: SideSample & { snapshot: Snapshot }): number;
}

/**
 * A row that is one value of the report: it reads it, and which way is better is the
 * core's (REPORT_METRICS, from the MetricDesc table of the C function that writes it).
 */
function reportRow(path: ReportMetricPath, def: Omit<MetricDef, 'read' | 'better'>): MetricDef {
  const better = REPORT_METRICS[path].better;
  return {
    ...def,
    ...(better ? { better } : {}),
    read: ({ report }) => reportValue(report, path) ?? NaN,
  };
}

const windowOf = (s: Snapshot) => s.windowNs;

/** Busy share of all CPU time (every mode but idle), percent. */
export function busyPct(snapshot: Snapshot, modes: readonly string[]): number {
  const machine = snapshot.windowNs * snapshot.cpus.length;
  if (machine <= 0) return NaN;
  return 100 - (100 * modeTotalsNs(snapshot, modes).idle) / machine;
}

const ENGINE_METRICS: readonly MetricDef[] = [
  {
    id: 'mpsynch',
    label: 'Spinning',
    detail: 'of all CPU time (OpenVMS calls it MP synchronization)',
    unit: 'pct',
    better: 'lower',
    everyKernel: true,
    read: ({ snapshot, modes }) => (windowOf(snapshot) > 0 ? mpsynch(snapshot, modes).windowPct : NaN),
  },
  reportRow('throughput.transmit_packets_per_s', { id: 'tx', label: 'Throughput', detail: 'transmit packets per second', unit: 'rate' }),
  reportRow('hold_pct_all_locks', { id: 'hold', label: 'Lock hold', detail: 'hold % of all locks (a sum over locks)', unit: 'pct' }),
  reportRow('spin_pct_all_locks', { id: 'spin', label: 'Lock spin', detail: 'spin % of all locks', unit: 'pct' }),
  reportRow('locks_per_s', { id: 'locks', label: 'Locking', detail: 'lock acquisitions per second', unit: 'rate', everyKernel: true }),
  {
    id: 'cswitch',
    label: 'Context switches',
    detail: 'of all CPU time',
    unit: 'pct',
    better: 'lower',
    read: ({ snapshot, modes }) => {
      const machine = snapshot.windowNs * snapshot.cpus.length;
      return machine > 0 ? (100 * modeTotalsNs(snapshot, modes).cswitch) / machine : NaN;
    },
  },
  {
    id: 'futile',
    label: 'Wasted wake-ups',
    detail: 'woken to find the lock taken, per second',
    unit: 'rate',
    better: 'lower',
    read: ({ snapshot }) => (snapshot.windowNs > 0 ? snapshot.futile / (snapshot.windowNs / 1e9) : NaN),
  },
  reportRow('lock_miss_rate_pct', { id: 'miss', label: 'Lock misses', detail: 'of lock calls had to wait', unit: 'pct' }),
  reportRow('numa.cross_rad_pct', { id: 'cross-rad', label: 'Traffic across RADs', detail: 'of memory traffic', unit: 'pct' }),
  {
    id: 'busy',
    label: 'CPUs busy',
    detail: 'of all CPU time not idle',
    unit: 'pct',
    everyKernel: true,
    read: ({ snapshot, modes }) => busyPct(snapshot, modes),
  },
];

/**
 * Every row in the page's order: the engine's above, and after each the kernels' own
 * rows that follow it (KernelInfo.compareMetrics), each read only from a side that runs a
 * kernel bringing it (NaN on the other).
 */
const METRICS: readonly MetricDef[] = (() => {
  const rows = [...ENGINE_METRICS];
  for (const kernel of KERNELS) {
    for (const row of kernel.compareMetrics ?? []) {
      if (rows.some((def) => def.id === row.id)) continue;
      const at = rows.findIndex((def) => def.id === row.after);
      if (at < 0) throw new Error(`the ${kernel.name} kernel's Compare row "${row.id}" follows "${row.after}", which is not a row`);
      const bringers = new Set(KERNELS.filter((k) => k.compareMetrics?.some((own) => own.id === row.id)).map((k) => k.name));
      rows.splice(at + 1, 0, {
        id: row.id,
        label: row.label,
        detail: row.detail,
        unit: row.unit,
        ...(row.better ? { better: row.better } : {}),
        read: (side) => (bringers.has(side.snapshot.kernel) ? row.read(side) : NaN),
      });
    }
  }
  return rows;
})();

/** The rows for two sides: the measures of either side's kernel, each read from both. */
export function metricRows(a: SideSample, b: SideSample): MetricRow[] {
  const kernels = [a.snapshot?.kernel, b.snapshot?.kernel].filter((k) => k !== undefined).map(kernelInfo);
  const read = (def: MetricDef, side: SideSample) => (side.snapshot ? def.read(side as SideSample & { snapshot: Snapshot }) : NaN);
  return METRICS.filter((def) => def.everyKernel || kernels.some((k) => k.compareRows.includes(def.id))).map((def) => ({
    id: def.id,
    label: def.label,
    detail: def.detail,
    unit: def.unit,
    a: read(def, a),
    b: read(def, b),
    ...(def.better ? { better: def.better } : {}),
    ...(kernels.some((k) => k.headlineRows.includes(def.id)) ? { headline: true } : {}),
  }));
}

// ---- words ---------------------------------------------------------------------------

const MINUS = '\u2212';
const one = new Intl.NumberFormat('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A value in its unit ("27.4%", "41,039/s", "3.12 µs", "29.1 min"); "–" when there is none. */
export function formatValue(unit: MetricUnit, value: number): string {
  if (!Number.isFinite(value)) return '–';
  switch (unit) {
    case 'pct':
      return `${one.format(value)}%`;
    case 'rate':
      return `${formatCount(value)}/s`;
    case 'ns':
      return formatNs(value, 3);
    case 'count':
      return formatCount(value);
    case 'minutes':
      return `${one.format(value)} min`;
    case 'index':
      return value.toFixed(2);
  }
}

function signed(text: string, value: number): string {
  return value > 0 ? `+${text}` : value < 0 ? `${MINUS}${text}` : `±${text}`;
}

export type Verdict = 'better' | 'worse' | 'same' | 'neutral' | 'none';

export interface DiffWords {
  /** B − A with sign and unit: "−25.3 points", "+13,902/s (+34%)", "±0.0 points". */
  text: string;
  /** B against A in words: "B is lower (better)". */
  words: string;
  verdict: Verdict;
  /** The signed difference (NaN when either side has no value). */
  value: number;
}

/** Differences smaller than this share of the larger value read as "about the same". */
const SAME = 0.005;

/** B − A for a row, with sign, unit and a verdict in words. */
export function describeDiff(row: MetricRow): DiffWords {
  const { a, b, unit } = row;
  if (!Number.isFinite(a) || !Number.isFinite(b)) {
    const which = Number.isFinite(a) ? 'only A' : Number.isFinite(b) ? 'only B' : 'neither side';
    return {
      text: '–',
      words: Number.isFinite(a) || Number.isFinite(b) ? `not comparable: ${which} has it` : 'no value yet',
      verdict: 'none',
      value: NaN,
    };
  }
  const diff = b - a;
  const scale = Math.max(Math.abs(a), Math.abs(b));
  const same = scale === 0 || Math.abs(diff) <= SAME * scale;
  const magnitude = Math.abs(diff);
  let text: string;
  switch (unit) {
    case 'pct':
      text = signed(`${one.format(magnitude)} points`, same ? 0 : diff);
      break;
    case 'rate':
    case 'count':
    case 'ns':
    case 'minutes': {
      const abs =
        unit === 'rate'
          ? `${formatCount(magnitude)}/s`
          : unit === 'ns'
            ? formatNs(magnitude, 3)
            : unit === 'minutes'
              ? `${one.format(magnitude)} min`
              : formatCount(magnitude);
      const relative = a !== 0 ? ` (${signed(`${Math.round((100 * magnitude) / Math.abs(a))}%`, same ? 0 : diff)})` : '';
      text = `${signed(abs, same ? 0 : diff)}${relative}`;
      break;
    }
    case 'index':
      text = signed(magnitude.toFixed(2), same ? 0 : diff);
      break;
  }
  if (same) return { text, words: 'about the same', verdict: 'same', value: diff };
  const direction = diff < 0 ? 'lower' : 'higher';
  if (!row.better) return { text, words: `B is ${direction}`, verdict: 'neutral', value: diff };
  const good = direction === row.better;
  return { text, words: `B is ${direction} (${good ? 'better' : 'worse'})`, verdict: good ? 'better' : 'worse', value: diff };
}

/** Per CPU: busy % (not idle) and spin % over the window, for both sides. */
export interface CpuRow {
  cpu: number;
  aBusy: number;
  bBusy: number;
  aSpin: number;
  bSpin: number;
}

export function cpuRows(a: SideSample, b: SideSample): CpuRow[] {
  const count = Math.max(a.snapshot?.cpus.length ?? 0, b.snapshot?.cpus.length ?? 0);
  const of = (side: SideSample, cpu: number, mode: 'idle' | 'spin') => {
    const snapshot = side.snapshot;
    const state = snapshot?.cpus[cpu];
    if (!snapshot || !state || snapshot.windowNs <= 0) return NaN;
    const share = (100 * modeNs(state, mode, side.modes)) / snapshot.windowNs;
    return mode === 'idle' ? 100 - share : share;
  };
  return Array.from({ length: count }, (_, cpu) => ({
    cpu,
    aBusy: of(a, cpu, 'idle'),
    bBusy: of(b, cpu, 'idle'),
    aSpin: of(a, cpu, 'spin'),
    bSpin: of(b, cpu, 'spin'),
  }));
}
