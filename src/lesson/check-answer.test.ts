/*
 * check-answer.ts: an answer saved for a check that has since been rewritten is set
 * aside, never shown as the answer to the new options; one that fits is kept.
 */
import { describe, expect, it } from 'vitest';
import { checkKey, savedAnswer } from './check-answer.js';
import type { CheckComponent } from './components.js';

const check = (options: [string, boolean?][]): CheckComponent => ({
  type: 'check',
  id: 'which',
  question: 'Which one?',
  options: options.map(([text, correct]) => ({ text, explain: 'Because of what the lab shows.', ...(correct ? { correct } : {}) })),
});
const before = check([['Right.', true], ['Wrong.'], ['Also wrong.']]);
const reordered = check([['Wrong.'], ['Also wrong.'], ['Right.', true]]);

describe('a saved answer to a check', () => {
  it("is kept when it carries the check's key", () => {
    const saved = { attempts: [1, 0], correct: true, key: checkKey(before) };
    expect(savedAnswer(before, saved)).toBe(saved);
  });

  it('is set aside when the check was rewritten since (its key differs)', () => {
    expect(checkKey(reordered)).not.toBe(checkKey(before));
    expect(savedAnswer(reordered, { attempts: [0], correct: true, key: checkKey(before) })).toBeUndefined();
    const reworded = check([['Right, as the run shows.', true], ['Wrong.'], ['Also wrong.']]);
    expect(savedAnswer(reworded, { attempts: [0], correct: true, key: checkKey(before) })).toBeUndefined();
  });

  it('saved before answers had keys, is kept only while its right answer is still the right option', () => {
    // Saved against `before`: option 0 was right. In `reordered` option 0 is wrong.
    expect(savedAnswer(reordered, { attempts: [0], correct: true })).toBeUndefined();
    expect(savedAnswer(before, { attempts: [1, 0], correct: true })).toEqual({ attempts: [1, 0], correct: true });
    // Wrong tries only: nothing claims to be right, so nothing is shown wrongly.
    expect(savedAnswer(reordered, { attempts: [1], correct: false })).toEqual({ attempts: [1], correct: false });
    // An index past the options: saved for a check with more options.
    expect(savedAnswer(before, { attempts: [4], correct: false })).toBeUndefined();
  });
});
