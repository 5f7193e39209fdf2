/*
 * real-locks.ts -- the service kernel's part in "Your own cores" (src/cores, issue 41):
 * which of its disciplines models each lock the learner's machine runs for real, and
 * the scenario that runs it on a machine with the measured costs. Here because the
 * disciplines and the kernel's fields are this kernel's own words (issue 39: no other
 * folder names them).
 */
import type { ScenarioValues } from '../../core/scenario-values.js';

/**
 * The discipline (service.discipline) for each real lock of src/cores/locks.ts: the same
 * algorithm, except the futex mutex, which the kernel's wake_one models (one sleeper
 * woken, the lock left free for whoever comes). Test-and-test-and-set with back-off has
 * none: the kernel's test-and-set prices every spinner's race at each release and
 * has no back-off.
 */
export const REAL_LOCK_DISCIPLINES: Readonly<Record<string, string | null>> = {
  tas: 'tas',
  ttas: null,
  ticket: 'ticket',
  mcs: 'mcs',
  futex: 'wake_one',
  wake_all: 'wake_all',
};

/** The bench's shape, as the service kernel runs it: fixed (not exponential) work, as a busy loop's is. */
export interface RealLockRun {
  cpus: number;
  lineTransferNs: number;
  criticalNs: number;
  thinkNs: number;
  stateLines: number;
  durationNs: number;
}

/** The service kernel's scenario for a discipline on a machine with these costs. */
export function realLockScenario(discipline: string, run: RealLockRun): ScenarioValues {
  return {
    'kernel.kind': 'service',
    'machine.cpus': run.cpus,
    'machine.cache_transfer_ns': run.lineTransferNs,
    'service.discipline': discipline,
    'service.critical.dist': 'const',
    'service.critical.mean_ns': run.criticalNs,
    'service.think.dist': 'const',
    'service.think.mean_ns': run.thinkNs,
    'service.state_lines': Math.min(64, Math.max(0, Math.round(run.stateLines))),
    'sim.duration_ns': run.durationNs,
    'sim.warmup_ns': Math.round(run.durationNs / 10),
    'sim.seed': 1,
  };
}
