/*
 * check-answer.ts -- whether a saved answer answers a check as it is now. Answers are
 * saved as option indexes in the lesson file; when a lesson is rewritten (options
 * reordered, reworded, replaced) an old index would name another option, and the page
 * would show "Correct" beside a wrong option's explanation. So an answer keeps the
 * check's key, and one that does not fit the check is set aside: the learner answers
 * again. Small on purpose: the lesson page, its status and the embed's statements use it.
 */
import type { CheckComponent } from './components.js';
import { hashText } from './option-order.js';
import type { CheckProgress } from './progress.js';

/** A check's key: a hash of its question and options (their words and which is right),
 * kept with an answer so that an answer saved for other options is not taken for one. */
export function checkKey(check: CheckComponent): string {
  return hashText(JSON.stringify([check.question, check.options.map((option) => [option.text, option.correct === true])])).toString(16);
}

/**
 * The saved answer to a check, if it answers the check as it is now: saved with the
 * check's key, or, saved before answers had keys, with indexes inside its options and a
 * right answer that is the right option now. Otherwise none: the lesson was rewritten
 * since, and the learner answers again.
 */
export function savedAnswer(check: CheckComponent, saved: CheckProgress | undefined): CheckProgress | undefined {
  if (!saved) return undefined;
  if (saved.key !== undefined) return saved.key === checkKey(check) ? saved : undefined;
  if (saved.attempts.some((index) => index >= check.options.length)) return undefined;
  const last = saved.attempts[saved.attempts.length - 1];
  if (saved.correct && (last === undefined || check.options[last]?.correct !== true)) return undefined;
  return saved;
}
