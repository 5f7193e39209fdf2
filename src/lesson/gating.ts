/*
 * gating.ts -- which of a lesson's sections stay closed until the learner has committed
 * every prediction: the ones that hold or state the answers. Observe compares the runs
 * with the predictions, Explain works the answers out, and Check's questions and their
 * feedback restate the runs' numbers. The page (LessonPage.tsx) closes them; the lint
 * (lint.ts) treats every other section, and the summary, as read before predicting.
 */
import type { SectionTitle } from './components.js';

export const GATED_SECTIONS: readonly SectionTitle[] = ['Observe', 'Explain', 'Check'];

export function gated(title: SectionTitle): boolean {
  return GATED_SECTIONS.includes(title);
}
