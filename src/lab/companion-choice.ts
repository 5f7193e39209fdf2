/*
 * companion-choice.ts -- which companion run the lab keeps beside its own (the same
 * scenario with one thing changed, run to its end in the background, LabStore.
 * runCompanion) for the views shown: the thundering herd sets SNA's lock kinds side
 * by side (spinning simple locks against lockl), the round-trip breakdown the two
 * network stacks (the same ping-pong on OpenOnload and on the Linux kernel stack).
 */
import type { ScenarioValues } from '../core/scenario-values.js';
import type { KnownViewId } from './view-ids.js';

/** The views drawn with the companion run beside the lab's own. */
export const COMPANION_VIEWS: ReadonlySet<KnownViewId> = new Set<KnownViewId>(['herd', 'net-latency']);

export interface CompanionChoice {
  overrides: ScenarioValues;
  label: string;
}

export function companionFor(scenario: ScenarioValues, shown: readonly KnownViewId[]): CompanionChoice | null {
  const kernel = scenario['kernel.kind'];
  if (kernel === 'sna' && shown.includes('herd')) {
    const spin = scenario['sna.lock_kind'] === 'simple';
    return spin
      ? { overrides: { 'sna.lock_kind': 'lockl' }, label: 'The same with lockl() (wake all)' }
      : { overrides: { 'sna.lock_kind': 'simple' }, label: 'The same with simple (spin) locks' };
  }
  if (kernel === 'onload' && shown.includes('net-latency') && scenario['net.test'] === 'pingpong') {
    return scenario['net.stack'] === 'onload'
      ? { overrides: { 'net.stack': 'kernel' }, label: 'The same ping-pong on the Linux kernel stack' }
      : { overrides: { 'net.stack': 'onload' }, label: 'The same ping-pong on OpenOnload' };
  }
  return null;
}
