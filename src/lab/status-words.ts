/*
 * status-words.ts -- the lab's state in words, worked out from the state as it is now
 * (never remembered from an earlier moment): the transport's status line ("Paused at
 * 45.3 ms" / "16 CPUs, Scalable Kernel"), the simulated clock's text, and the lab
 * page's subtitle. The clock, the status line and the narration all take their times
 * from clockText, so they never disagree.
 */
import { capitalised, isKernelName, kernelInfo } from '../kernels/index.js';
import { formatNs, plural } from '../views/format.js';
import type { LabState } from './store.js';

/** A simulated instant as the clock shows it: 43_166_512 -> "43.1665 ms". */
export function clockText(ns: number): string {
  return formatNs(ns, 6);
}

/** The parts of the state the status line reads. */
export type StatusState = Pick<LabState, 'status' | 'loading' | 'playing' | 'done' | 'nowNs' | 'startNs' | 'scenario'> & { fault?: string };

/** The machine and kernel being run, in words: "16 CPUs, Scalable Kernel", "1 CPU, classic kernel". */
export function setupWords(scenario: LabState['scenario']): string {
  const kind = scenario['kernel.kind'];
  const kernel = isKernelName(kind) ? kernelInfo(kind).title : `${String(kind ?? 'unknown')} kernel`;
  const cpus = Number(scenario['machine.cpus']);
  return Number.isFinite(cpus) ? `${plural(cpus, 'CPU')}, ${kernel}` : capitalised(kernel);
}

/** Where the run is, in words: "Playing", "Paused at 45.3 ms", "Run complete". */
export function runWords(state: StatusState): string {
  if (state.status === 'failed' || state.fault) return 'Stopped: the simulation failed';
  if (state.status === 'starting') return 'Starting the simulator…';
  if (state.loading) return 'Loading…';
  if (state.done) return 'Run complete';
  if (state.playing) return 'Playing';
  if (state.nowNs <= state.startNs) return `Ready at ${clockText(state.nowNs)}`;
  return `Paused at ${clockText(state.nowNs)}`;
}

/** The page's subtitle: what to do next, true to what the lab is doing now (Space named only while the single-key shortcuts are on). */
export function subtitleWords(state: Pick<StatusState, 'status' | 'loading' | 'playing' | 'done'>, spaceKey = true): string {
  const space = spaceKey ? ' (or Space)' : '';
  if (state.status !== 'ready' || state.loading) return 'Watch where every CPU’s time goes.';
  if (state.done) return 'The run is complete: play it again, or change the scenario and watch again.';
  if (state.playing) return `Watch where every CPU’s time goes; Pause${space} stops the clock.`;
  return `Press Play${space} and watch where every CPU’s time goes.`;
}
