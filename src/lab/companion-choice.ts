/*
 * companion-choice.ts -- which companion run the lab keeps beside its own (the same
 * scenario with one thing changed, run to its end in the background, LabStore.
 * runCompanion) for the views shown: the thundering herd sets SNA's lock kinds side
 * by side (spinning simple locks against lockl), the round-trip breakdown the two
 * network stacks (the same ping-pong on OpenOnload and on the Linux kernel stack).
 */
import type { ScenarioValues } from '../core/scenario-values.js';
import { kernelInfo, type Companion } from '../kernels/index.js';
import { KERNEL_VIEWS, type KnownViewId } from '../shared/view-ids.js';

/** The views drawn with the companion run beside the lab's own. */
export const COMPANION_VIEWS: ReadonlySet<KnownViewId> = new Set(
  [...KERNEL_VIEWS.values()].filter((view) => view.withCompanion).map((view) => view.id),
);

export type CompanionChoice = Companion;

/** The kernel's companion run for the views shown (src/kernels: companion), or null. */
export function companionFor(scenario: ScenarioValues, shown: readonly KnownViewId[]): CompanionChoice | null {
  return kernelInfo(scenario['kernel.kind']).companion?.(scenario, shown) ?? null;
}
