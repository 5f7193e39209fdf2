/*
 * compare.test.ts -- the verdict beside a prediction: a learner who chose the answer
 * the source published, where the model does not reproduce it, is told so, never that
 * they were wrong; any other option outside the run is said to be outside it.
 */
import { describe, expect, it } from 'vitest';
import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { CompareComponent, LabComponent, PredictComponent } from '../components.js';
import type { LessonProgress } from '../progress.js';

const predict: PredictComponent = {
  type: 'predict',
  id: 'as-ported',
  question: 'How will the 4-way compare?',
  options: [
    { text: 'Much slower, a tenth or less.', range: [0, 6], published: true },
    { text: 'About the same.', range: [6, 120] },
    { text: 'Faster.', range: [120, 100000] },
  ],
} as PredictComponent;
const lab = {
  type: 'lab',
  id: 'before',
  scenario: 'ported-first',
  controls: [],
  views: [],
  task: { text: '', runs: [{ 'machine.cpus': 4 }], record: ['transfer_kb_per_s'] },
} as unknown as LabComponent;
const compare = {
  type: 'compare',
  predict: 'as-ported',
  lab: 'before',
  run: { 'machine.cpus': 4 },
  metric: 'transfer_kb_per_s',
} as CompareComponent;
const progress = (index: number): LessonProgress => ({
  predictions: { 'as-ported': { kind: 'option', index, at: '2026-11-25T00:00:00Z' } },
  labs: { before: { runs: { '0': { transfer_kb_per_s: 1150 } } } },
  checks: {},
});

async function verdictFor(index: number): Promise<string> {
  const { Compare } = (await import(/* @vite-ignore */ String('./Compare.tsx'))) as Record<
    string,
    FunctionComponent<Record<string, unknown>>
  >;
  const html = renderToStaticMarkup(createElement(Compare!, { compare, predict, lab, progress: progress(index) }));
  return /<p class="lesson-compare-verdict">(.*?)<\/p>/s.exec(html)![1]!;
}

describe('Compare', () => {
  it("the source's published answer is named as such, not as a miss", async () => {
    const words = await verdictFor(0);
    expect(words).toContain('You chose what the source measured on the real machines');
    expect(words).toContain('does not reproduce it');
    expect(words).not.toContain('outside the answer you chose');
  });
  it('another answer the run falls outside of is said to be outside', async () => {
    expect(await verdictFor(1)).toContain('What you measured is outside the answer you chose; it matches “Faster”');
  });
  it('the answer the run falls inside of is said to be inside', async () => {
    expect(await verdictFor(2)).toBe('What you measured is inside the answer you chose.');
  });
});
