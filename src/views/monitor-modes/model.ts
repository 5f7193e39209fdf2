/*
 * model.ts (monitor-modes) -- the MONITOR MODES display as OpenVMS draws it (source
 * 004, slide 39): "TIME IN PROCESSOR MODES", "Combined for N CPUs" on a 0..N x 100
 * scale with quarter ticks, and the rows Interrupt State, MP Synchronization, Kernel
 * Mode, Executive Mode, Supervisor Mode, User Mode, Idle Time, each a value in percent
 * of one CPU summed over the CPUs shown, for all CPUs or for one RAD's.
 *
 * The model's seven modes map onto MONITOR's rows: Interrupt State = interrupt + fork
 * (IPL 8 fork threads run on the interrupt stack), MP Synchronization = spin, Kernel Mode
 * = kernel + context switch, User Mode = user, Idle Time = idle. The model has no
 * executive or supervisor mode (RMS and DCL run in them on OpenVMS), so those rows read
 * 0 and say so. The rows add up to N x 100.
 */
import { MONITOR_ROWS as CORE_ROWS, type MonitorRow as CoreRowName } from '../../core/monitor.js';
import type { Snapshot } from '../../core/snapshot.js';
import { MODES, type ModeName } from '../palette.js';
import { formatCount, formatNs, listWords, plural } from '../format.js';
import { modeNs } from '../snapshot-data.js';
import { modeTicks } from '../modes/model.js';
import { cpusByRad, radName, type NumaLayout } from '../numa-data.js';

export type MonitorRowId = 'interrupt' | 'mpsynch' | 'kernel' | 'executive' | 'supervisor' | 'user' | 'idle';

export interface MonitorRowSpec {
  id: MonitorRowId;
  /** MONITOR's row label. */
  label: string;
  /** The model's modes summed into it; empty when the model has none (executive, supervisor). */
  modes: readonly ModeName[];
  /** The mode whose colour and pattern its bar takes. */
  colour: ModeName | null;
}

const ROW_IDS: Record<CoreRowName, MonitorRowId> = {
  'Interrupt State': 'interrupt',
  'MP Synchronization': 'mpsynch',
  'Kernel Mode': 'kernel',
  'Executive Mode': 'executive',
  'Supervisor Mode': 'supervisor',
  'User Mode': 'user',
  'Idle Time': 'idle',
};

/** MONITOR MODES' rows, top to bottom, and the model's modes in each (core/monitor.ts
 * says which modes; a bar takes the colour of its row's first mode). */
export const MONITOR_ROWS: readonly MonitorRowSpec[] = CORE_ROWS.map(({ row, modes }) => ({
  id: ROW_IDS[row],
  label: row,
  modes,
  colour: modes[0] ?? null,
}));

export const NOT_MODELLED_NOTE =
  'Executive and Supervisor Mode read 0: the model has no such modes ' +
  '(on OpenVMS, RMS and DCL run in them); their time is counted in Kernel and User Mode.';
/** The same, shorter, for the presenter's stage. */
export const NOT_MODELLED_SHORT =
  'Executive and Supervisor Mode read 0: the model has no such modes; ' + 'their time (RMS, DCL) is in Kernel and User Mode.';

/** What the table covers: every CPU, or one RAD's. */
export type MonitorScope = 'all' | number;

export interface MonitorRow {
  id: MonitorRowId;
  label: string;
  colour: ModeName | null;
  modelled: boolean;
  /** Percent of one CPU summed over the CPUs shown: 0..100 x cpus. */
  value: number;
}

export interface MonitorTable {
  scope: MonitorScope;
  /** The CPUs summed. */
  cpus: number[];
  /** 100 x cpus. */
  scaleMax: number;
  ticks: number[];
  rows: MonitorRow[];
  windowNs: number;
}

/** The CPUs a scope covers. */
export function scopeCpus(scope: MonitorScope, layout: NumaLayout): number[] {
  if (scope === 'all') return Array.from({ length: layout.cpus }, (_, i) => i);
  return cpusByRad(layout)[scope] ?? [];
}

/** MONITOR's rows from per-mode totals (ns) over cpus CPUs and a window. */
export function monitorRows(totalsNs: Record<ModeName, number>, windowNs: number): MonitorRow[] {
  return MONITOR_ROWS.map((spec) => ({
    id: spec.id,
    label: spec.label,
    colour: spec.colour,
    modelled: spec.modes.length > 0,
    value: windowNs > 0 ? spec.modes.reduce((s, m) => s + (100 * (totalsNs[m] ?? 0)) / windowNs, 0) : 0,
  }));
}

/** The table for a scope, from the snapshot (over the window so far). */
export function monitorTable(snapshot: Snapshot, layout: NumaLayout, scope: MonitorScope, modeNames?: readonly string[]): MonitorTable {
  const cpus = scopeCpus(scope, layout).filter((c) => c < snapshot.cpus.length);
  const totals = Object.fromEntries(MODES.map((m) => [m, 0])) as Record<ModeName, number>;
  for (const c of cpus) for (const m of MODES) totals[m] += modeNs(snapshot.cpus[c]!, m, modeNames);
  const scaleMax = 100 * cpus.length;
  return { scope, cpus, scaleMax, ticks: modeTicks(scaleMax), rows: monitorRows(totals, snapshot.windowNs), windowNs: snapshot.windowNs };
}

/** The scopes offered: all CPUs, then each RAD (only when there are several). */
export function monitorScopes(layout: NumaLayout): MonitorScope[] {
  return layout.rads > 1 ? ['all', ...Array.from({ length: layout.rads }, (_, i) => i)] : ['all'];
}

/** "CPUs 4–7" for a run of CPUs, "CPUs 0, 2 and 5" otherwise, "CPU 3" for one. */
export function cpuListWords(cpus: readonly number[]): string {
  if (cpus.length === 0) return 'no CPUs';
  if (cpus.length === 1) return `CPU ${cpus[0]}`;
  const run = cpus.every((c, i) => i === 0 || c === cpus[i - 1]! + 1);
  return run ? `CPUs ${cpus[0]}–${cpus[cpus.length - 1]}` : `CPUs ${listWords(cpus.map(String))}`;
}

/** The scope's label on its button and above the table. */
export function scopeLabel(scope: MonitorScope, layout: NumaLayout, short = false): string {
  if (scope === 'all') return `All ${plural(layout.cpus, 'CPU')}`;
  return short ? radName(scope) : `${radName(scope)} (${cpuListWords(scopeCpus(scope, layout))})`;
}

/** MONITOR's line above the scale: "Combined for 16 CPUs", or "Combined for RAD 1 (CPUs 4–7)". */
export function combinedLine(table: MonitorTable): string {
  return table.scope === 'all'
    ? `Combined for ${plural(table.cpus.length, 'CPU')}`
    : `Combined for ${radName(table.scope)} (${cpuListWords(table.cpus)})`;
}

/** The table as MONITOR would print it, in fixed-width text (barColumns columns of bar in "a" marks, as on slide 39). */
export function monitorText(table: MonitorTable, barColumns = 40): string {
  const labelW = 19;
  const valueW = 6;
  const axis = labelW + valueW + 1; // "label value |": the column of the bar's axis, where 0 sits
  const line = [...combinedLine(table).padEnd(axis + barColumns + 6)];
  table.ticks.forEach((tick, i) => {
    const text = String(Math.round(tick));
    const from = i === 0 ? axis : axis + Math.round((i * barColumns) / 4) - Math.floor(text.length / 2);
    for (let k = 0; k < text.length; k++) line[from + k] = text[k]!;
  });
  const lines = [line.join('').trimEnd()];
  for (const row of table.rows) {
    const n = table.scaleMax > 0 ? Math.round((row.value / table.scaleMax) * barColumns) : 0;
    lines.push(`${row.label.padEnd(labelW)}${String(Math.round(row.value)).padStart(valueW)} |${'a'.repeat(n)}`);
  }
  return lines.join('\n');
}

export function monitorSummary(table: MonitorTable): string {
  const modelled = table.rows.filter((r) => r.modelled);
  const spin = table.rows.find((r) => r.id === 'mpsynch')!.value;
  const busiest = [...modelled].sort((a, b) => b.value - a.value)[0];
  return (
    `Time in processor modes, MONITOR MODES, ${combinedLine(table).toLowerCase()}, over ${formatNs(table.windowNs)} ` +
    `(scale 0 to ${formatCount(table.scaleMax)}): ` +
    `${listWords(modelled.map((r) => `${r.label} ${formatCount(r.value)}`))}. ` +
    `MP Synchronization ${formatCount(spin)} is ${(spin / 100).toFixed(1)} CPUs' worth of spinning` +
    `${busiest ? `; the largest row is ${busiest.label}` : ''}. ${NOT_MODELLED_NOTE}`
  );
}
