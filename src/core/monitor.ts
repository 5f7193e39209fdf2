/*
 * monitor.ts -- the model's CPU modes as OpenVMS MONITOR MODES shows them ("OpenVMS
 * AlphaServer GS Series Systems Performance", Covert: "TIME IN PROCESSOR MODES,
 * Combined for 16 CPUs", each row in CPU percent, so the rows sum to 100 per CPU).
 *
 * Interrupt State is time on the interrupt stack: device interrupts and IPL 8 fork
 * processing. MP Synchronization is spinning for spinlocks. Kernel Mode includes the
 * context switch. The model runs no executive- or supervisor-mode code (RMS's own
 * work is inside the costs it charges to kernel and user mode), so those rows are 0.
 */
import type { ModeName } from './report.js';

export type MonitorRow =
  'Interrupt State' | 'MP Synchronization' | 'Kernel Mode' | 'Executive Mode' | 'Supervisor Mode' | 'User Mode' | 'Idle Time';

/** The rows in MONITOR's order, top to bottom, with the model modes each one adds up. */
export const MONITOR_ROWS: ReadonlyArray<{ row: MonitorRow; modes: readonly ModeName[] }> = [
  { row: 'Interrupt State', modes: ['interrupt', 'fork'] },
  { row: 'MP Synchronization', modes: ['spin'] },
  { row: 'Kernel Mode', modes: ['kernel', 'cswitch'] },
  { row: 'Executive Mode', modes: [] },
  { row: 'Supervisor Mode', modes: [] },
  { row: 'User Mode', modes: ['user'] },
  { row: 'Idle Time', modes: ['idle'] },
];

/**
 * MONITOR MODES for `cpus` CPUs from their modes as percentages of the machine
 * (report.modes_pct, or a RAD's by_rad[].modes_pct): each row in CPU percent, summing
 * to cpus x 100 ("Combined for N CPUs").
 */
export function monitorModes(modesPct: Record<ModeName, number>, cpus: number): Array<{ row: MonitorRow; value: number }> {
  return MONITOR_ROWS.map(({ row, modes }) => ({
    row,
    value: modes.reduce((sum, mode) => sum + (modesPct[mode] ?? 0), 0) * cpus,
  }));
}
