/*
 * model.ts (modes) -- the MONITOR MODES figures: time in each processor mode summed
 * over the CPUs, in percent of one CPU, so the scale runs to 100 x CPUs ("of 1600" on
 * the 16-CPU GS160), from a live snapshot or a finished run's report.
 */
import type { Report } from '../../core/report.js';
import type { Snapshot } from '../../core/snapshot.js';
import { MONITOR_ORDER, modeInfo, type ModeName, type ModeVocabulary } from '../palette.js';
import { formatCount, listWords, plural } from '../format.js';
import { modeTotalsNs } from '../snapshot-data.js';

export interface ModeRow {
  mode: ModeName;
  /** Percent of one CPU, summed over CPUs: 0..100 x cpus. */
  value: number;
}

export interface ModeBars {
  cpus: number;
  /** 100 x cpus. */
  scaleMax: number;
  rows: ModeRow[];
  /** The time the figures cover, ns. */
  windowNs: number;
}

/** From a snapshot: each mode's time over the window, summed over CPUs. */
export function modeBarsFromSnapshot(snapshot: Snapshot, modeNames?: readonly string[]): ModeBars {
  const totals = modeTotalsNs(snapshot, modeNames);
  const cpus = snapshot.cpus.length;
  return {
    cpus,
    scaleMax: 100 * cpus,
    windowNs: snapshot.windowNs,
    rows: MONITOR_ORDER.map((mode) => ({ mode, value: snapshot.windowNs > 0 ? (100 * totals[mode]) / snapshot.windowNs : 0 })),
  };
}

/** From a report: modes_pct is a share of the machine, so x cpus gives MONITOR's figure. */
export function modeBarsFromReport(report: Report): ModeBars {
  const cpus = Number((report.scenario as { machine?: { cpus?: number } }).machine?.cpus ?? report.cpus.length);
  return {
    cpus,
    scaleMax: 100 * cpus,
    windowNs: report.window_ns,
    rows: MONITOR_ORDER.map((mode) => ({ mode, value: (report.modes_pct[mode] ?? 0) * cpus })),
  };
}

/** Ticks for the 0..100 x cpus scale at quarters of the machine: 0, 400, 800, 1200, 1600 for 16 CPUs. */
export function modeTicks(scaleMax: number): number[] {
  return [0, 0.25, 0.5, 0.75, 1].map((f) => Math.round(f * scaleMax * 100) / 100);
}

export function modesSummary(bars: ModeBars, vocabulary: ModeVocabulary = 'openvms'): string {
  const rows = bars.rows.filter((r) => r.value >= 0.5);
  return (
    `Time in processor modes, combined for ${plural(bars.cpus, 'CPU')} (scale 0 to ${formatCount(bars.scaleMax)}): ` +
    `${listWords(rows.map((r) => `${modeInfo(r.mode, vocabulary).monitor} ${formatCount(r.value)}`))}` +
    `${rows.length < bars.rows.length ? '; the other modes under 1' : ''}. ` +
    `${modeInfo('spin', vocabulary).monitor} ${formatCount(bars.rows.find((r) => r.mode === 'spin')?.value ?? 0)} means that many hundredths of a CPU spent spinning, ` +
    `${((bars.rows.find((r) => r.mode === 'spin')?.value ?? 0) / 100).toFixed(1)} CPUs on average.`
  );
}
