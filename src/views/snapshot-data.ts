/*
 * snapshot-data.ts -- figures several views derive from a Snapshot: time per mode,
 * MP synchronization now and over the window. A CPU's modeNs is indexed in the
 * schema's mode order; views take that order as `modeNames` (schema.modes) and fall
 * back to palette.MODES, which a test checks is the core's order.
 */
import type { CpuState, Snapshot } from '../core/snapshot.js';
import { MODES, type ModeName } from './palette.js';

/** Nanoseconds the CPU spent in a mode since statistics started. */
export function modeNs(cpu: CpuState, mode: ModeName, modeNames: readonly string[] = MODES): number {
  return cpu.modeNs[modeNames.indexOf(mode)] ?? 0;
}

/** Nanoseconds per mode summed over every CPU. */
export function modeTotalsNs(snapshot: Snapshot, modeNames: readonly string[] = MODES): Record<ModeName, number> {
  // each mode's index looked up once, not once per CPU (256 CPUs, every frame)
  const at = MODES.map((m) => modeNames.indexOf(m));
  const sums = MODES.map(() => 0);
  for (const cpu of snapshot.cpus) for (let m = 0; m < at.length; m++) sums[m]! += cpu.modeNs[at[m]!] ?? 0;
  return Object.fromEntries(MODES.map((m, i) => [m, sums[i]!])) as Record<ModeName, number>;
}

export interface MpSynch {
  /** CPUs spinning at this instant. */
  spinningNow: number;
  cpus: number;
  /** spinningNow as a share of the machine. */
  nowPct: number;
  /** MP synchronization over the window: spin time as a share of all CPU time. */
  windowPct: number;
  /** The same as a number of CPUs' worth of spinning (MONITOR's "MPSYNCH backup"). */
  windowCpus: number;
}

export function mpsynch(snapshot: Snapshot, modeNames: readonly string[] = MODES): MpSynch {
  const cpus = snapshot.cpus.length;
  const spinningNow = snapshot.cpus.filter((c) => c.mode === 'spin').length;
  const spinAt = modeNames.indexOf('spin');
  let spin = 0;
  for (const cpu of snapshot.cpus) spin += cpu.modeNs[spinAt] ?? 0;
  const machine = snapshot.windowNs * cpus;
  return {
    spinningNow,
    cpus,
    nowPct: cpus > 0 ? (100 * spinningNow) / cpus : 0,
    windowPct: machine > 0 ? (100 * spin) / machine : 0,
    windowCpus: snapshot.windowNs > 0 ? spin / snapshot.windowNs : 0,
  };
}

/**
 * "so far", or "in the full run" where the snapshot's counters are a finished run's
 * (the presenter's views: core/measures.ts).
 */
export function soFar(snapshot: Snapshot): string {
  return snapshot.measuredBy ? 'in the full run' : 'so far';
}

/**
 * Why a snapshot has no figures yet, for a view to say after its subject ("hold and
 * spin are measured ..."): the run is in its warm-up, or its counters come from a full
 * run still running.
 */
export function measuredWhen(snapshot: Snapshot): string {
  return snapshot.measuredBy ? 'given once the full run has finished' : 'measured from the end of the warm-up';
}
