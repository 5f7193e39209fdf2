/*
 * cli.ts -- the CLI's part for the toy kernel: no sections of its own beyond the
 * engine's (modes, locks); the lock columns in a sweep.
 */
import { LOCK_COLUMNS, type KernelCli } from '../summary.js';

export const toyCli: KernelCli = {
  summary: () => [],
  sweep: LOCK_COLUMNS,
};
