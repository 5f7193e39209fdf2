/*
 * verdict.ts -- the plain words a compare says under a prediction and a measurement:
 * inside or outside the chosen option's range (and which option the run matches),
 * points off for a percentage, how many times off for any other number. An option the
 * source published, which the model does not give, is never called wrong.
 */
import type { CompareComponent, PredictComponent } from './components.js';
import { metricOf } from '../shared/metrics.js';
import type { Prediction } from './progress.js';

const number = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
/** A ratio as people say it: "1.6 times", "50 times" (no false precision past ten). */
const times = (ratio: number) => (ratio >= 10 ? whole : number).format(ratio);

export function verdict(predict: PredictComponent, prediction: Prediction, compare: CompareComponent, measured: number): string {
  const metric = metricOf(compare.metric);
  if (prediction.kind === 'option') {
    const option = predict.options?.[prediction.index];
    if (!option?.range) return '';
    const [low, high] = option.range;
    if (measured >= low && measured <= high) return 'What you measured is inside the answer you chose.';
    const right = predict.options!.find((o) => o.range && measured >= o.range[0] && measured <= o.range[1]);
    const matches = right ? `; it matches “${right.text.replace(/[.!]$/, '')}”` : '';
    if (option.published) {
      return `You chose what the source measured on the real machines. This model does not reproduce it${matches}: the note below says why.`;
    }
    return `What you measured is outside the answer you chose${matches}.`;
  }
  if (prediction.kind === 'sketch') return '';
  const guess = prediction.value;
  if (metric.unit === '%') {
    const gap = measured - guess;
    if (Math.abs(gap) <= Math.max(2, 0.15 * Math.abs(measured))) return 'Close: within a few percentage points.';
    return `Your prediction was ${number.format(Math.abs(gap))} percentage points too ${gap > 0 ? 'low' : 'high'}.`;
  }
  if (guess <= 0 || measured <= 0) return guess === measured ? 'Exactly right.' : '';
  const ratio = measured / guess;
  if (ratio >= 0.8 && ratio <= 1.25) return 'Close: within a quarter either way.';
  return ratio > 1
    ? `The run measured about ${times(ratio)} times what you predicted.`
    : `The run measured about ${times(1 / ratio)} times less than you predicted.`;
}
