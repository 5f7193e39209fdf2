/*
 * Compare.tsx -- a ```compare: the learner's committed prediction shown again beside
 * what their own run measured, with a plain verdict. Nothing here is graded: the point
 * is to notice the gap, which the Explain section then accounts for.
 */
import type { CompareComponent, LabComponent, PredictComponent } from '../components.js';
import { formatMetric, metricOf } from '../../shared/metrics.js';
import { sameSettings, sketchRunIndex } from '../parse.js';
import type { LessonProgress } from '../progress.js';
import { settingsInWords } from '../words.js';
import { sketchFit, sketchVerdict } from '../sketch.js';
import { verdict } from '../verdict.js';
import { predictionText } from './Predict.js';
import { SketchChart } from './SketchChart.js';

const number = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

/** A sketch beside the runs at its points: both curves, a table of both, and a verdict on shape. */
function CompareSketch({
  compare,
  predict,
  lab,
  progress,
}: {
  compare: CompareComponent;
  predict: PredictComponent;
  lab: LabComponent;
  progress: LessonProgress;
}) {
  const sketch = predict.sketch!;
  const prediction = progress.predictions[compare.predict];
  const predicted = prediction?.kind === 'sketch' && prediction.values.length === sketch.at.length ? prediction.values : undefined;
  const measured = sketch.at.map((x) => progress.labs[lab.id]?.runs[String(sketchRunIndex(sketch, lab, x))]?.[compare.metric]);
  const missing = sketch.at.filter((_, i) => measured[i] === undefined);
  const metric = metricOf(compare.metric);
  const shape = predicted && missing.length === 0 ? sketchVerdict(sketch, predicted, measured as number[]).text : '';
  const fit = missing.length === 0 ? sketchFit(sketch, measured as number[], sketch.unit) : undefined;
  return (
    <div
      className="lesson-card lesson-compare"
      role="group"
      aria-label={`Your sketch and your runs: ${metric.label} against ${sketch.label}`}
    >
      <p className="lesson-card-kind" aria-hidden="true">
        Sketch and measurement
      </p>
      <p className="lesson-compare-what">
        {metric.label} against {sketch.label}
      </p>
      {predicted && (
        <SketchChart
          sketch={sketch}
          values={predicted}
          measured={measured}
          title={`Your sketch (dashed line, circles) and your runs (solid line, squares) of ${metric.label} against ${sketch.label}; the table below gives the numbers.`}
        />
      )}
      <p className="sketch-legend" aria-hidden="true">
        <span className="sketch-key-yours" /> your sketch <span className="sketch-key-run" /> your runs
      </p>
      <table className="sketch-table" data-testid={`compare-measured-${compare.predict}`}>
        <thead>
          <tr>
            <th scope="col">{sketch.label}</th>
            <th scope="col">You sketched ({sketch.unit})</th>
            <th scope="col">Your run measured</th>
            {fit && fit.fitted.length > 0 && (
              <th scope="col">Scalability law fit{fit.verdict === 'poor' ? ' (poor fit)' : fit.missesTop ? ' (misses your top)' : ''}</th>
            )}
          </tr>
        </thead>
        <tbody>
          {sketch.at.map((x, i) => (
            <tr key={x}>
              <th scope="row">{number.format(x)}</th>
              <td>{predicted ? formatMetric(compare.metric, predicted[i]!) : '—'}</td>
              <td>
                {measured[i] === undefined ? <span className="lesson-muted">not run yet</span> : formatMetric(compare.metric, measured[i]!)}
              </td>
              {fit && fit.fitted.length > 0 && <td>{formatMetric(compare.metric, fit.fitted[i]!)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="lesson-compare-verdict" data-testid={`compare-verdict-${compare.predict}`}>
        {!predicted
          ? 'No sketch yet: draw one in Predict.'
          : missing.length > 0
            ? `Make the runs at ${missing.map((x) => number.format(x)).join(', ')} ${sketch.label} in the experiment above, and the comparison appears here.`
            : shape}
      </p>
      {fit && (
        <p className="lesson-compare-fit" data-testid={`compare-fit-${compare.predict}`}>
          {fit.text}
        </p>
      )}
    </div>
  );
}

export function Compare({
  compare,
  predict,
  lab,
  progress,
}: {
  compare: CompareComponent;
  predict: PredictComponent;
  lab: LabComponent;
  progress: LessonProgress;
}) {
  if (predict.sketch) return <CompareSketch compare={compare} predict={predict} lab={lab} progress={progress} />;
  const prediction = progress.predictions[compare.predict];
  const index = lab.task.runs.findIndex((run) => sameSettings(run, compare.run ?? {}));
  const measured = progress.labs[lab.id]?.runs[String(index)]?.[compare.metric];
  const metric = metricOf(compare.metric);
  const run = settingsInWords(compare.run ?? {});
  return (
    <div className="lesson-card lesson-compare" role="group" aria-label={`Your prediction and your measurement: ${metric.label}, ${run}`}>
      <p className="lesson-card-kind" aria-hidden="true">
        Prediction and measurement
      </p>
      <p className="lesson-compare-what">
        {metric.label} · {run}
      </p>
      <dl className="lesson-compare-grid">
        <div>
          <dt>You predicted</dt>
          <dd
            data-testid={`compare-predicted-${compare.predict}`}
            className={prediction?.kind === 'option' ? 'lesson-compare-words' : undefined}
          >
            {prediction ? predictionText(predict, prediction) : <span className="lesson-muted">no prediction yet</span>}
          </dd>
        </div>
        <div>
          <dt>Your run measured</dt>
          <dd data-testid={`compare-measured-${compare.predict}`}>
            {measured === undefined ? <span className="lesson-muted">not run yet</span> : formatMetric(compare.metric, measured)}
          </dd>
        </div>
      </dl>
      <p className="lesson-compare-verdict">
        {measured === undefined
          ? `Make the run “${run}” in the experiment above, and its result appears here.`
          : prediction
            ? verdict(predict, prediction, compare, measured)
            : ''}
      </p>
    </div>
  );
}
