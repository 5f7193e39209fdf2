/*
 * Compare.tsx -- a ```compare: the learner's committed prediction shown again beside
 * what their own run measured, with a plain verdict. Nothing here is graded: the point
 * is to notice the gap, which the Explain section then accounts for.
 */
import type { CompareComponent, LabComponent, PredictComponent } from '../components.js';
import { METRICS, formatMetric } from '../../shared/metrics.js';
import { sameSettings } from '../parse.js';
import type { LessonProgress, Prediction } from '../progress.js';
import { settingsInWords } from '../words.js';
import { predictionText } from './Predict.js';

const number = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
/** A ratio as people say it: "1.6 times", "50 times" (no false precision past ten). */
const times = (ratio: number) => (ratio >= 10 ? whole : number).format(ratio);

function verdict(predict: PredictComponent, prediction: Prediction, compare: CompareComponent, measured: number): string {
  const metric = METRICS[compare.metric];
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

export function Compare({ compare, predict, lab, progress }: {
  compare: CompareComponent; predict: PredictComponent; lab: LabComponent; progress: LessonProgress;
}) {
  const prediction = progress.predictions[compare.predict];
  const index = lab.task.runs.findIndex((run) => sameSettings(run, compare.run));
  const measured = progress.labs[lab.id]?.runs[String(index)]?.[compare.metric];
  const metric = METRICS[compare.metric];
  const run = settingsInWords(compare.run);
  return (
    <div className="lesson-card lesson-compare" role="group" aria-label={`Your prediction and your measurement: ${metric.label}, ${run}`}>
      <p className="lesson-card-kind" aria-hidden="true">Prediction and measurement</p>
      <p className="lesson-compare-what">{metric.label} · {run}</p>
      <dl className="lesson-compare-grid">
        <div>
          <dt>You predicted</dt>
          <dd data-testid={`compare-predicted-${compare.predict}`} className={prediction?.kind === 'option' ? 'lesson-compare-words' : undefined}>{prediction ? predictionText(predict, prediction) : <span className="lesson-muted">no prediction yet</span>}</dd>
        </div>
        <div>
          <dt>Your run measured</dt>
          <dd data-testid={`compare-measured-${compare.predict}`}>{measured === undefined ? <span className="lesson-muted">not run yet</span> : formatMetric(compare.metric, measured)}</dd>
        </div>
      </dl>
      <p className="lesson-compare-verdict">
        {measured === undefined
          ? `Make the run “${run}” in the experiment above, and its result appears here.`
          : prediction ? verdict(predict, prediction, compare, measured) : ''}
      </p>
    </div>
  );
}
