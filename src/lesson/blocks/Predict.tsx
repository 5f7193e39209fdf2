/*
 * Predict.tsx -- a ```predict: the learner commits an answer before the experiment.
 * Once committed it is kept (in progress.ts) and cannot be changed, so the comparison
 * after the experiment stays honest; resetting the lesson clears it. Committing moves
 * focus to the prediction kept (the button that had it is gone), so a keyboard or
 * screen reader user stays where they were in the lesson and Tab goes on to the
 * experiment it opened.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { PredictComponent } from '../components.js';
import { withUnit } from '../../shared/metrics.js';
import { progressStore, type Prediction } from '../progress.js';
import { startValues } from '../sketch.js';
import { Markdown } from './Markdown.js';
import { SketchChart, formatSketchValue } from './SketchChart.js';

const typed = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

/** A committed prediction in words: "12%", "400 KRPs", or the option's text. */
export function predictionText(predict: PredictComponent, prediction: Prediction): string {
  if (prediction.kind === 'option') return predict.options?.[prediction.index]?.text ?? `option ${prediction.index + 1}`;
  if (prediction.kind === 'sketch') {
    const sketch = predict.sketch;
    if (!sketch) return prediction.values.map((value) => typed.format(value)).join(', ');
    return prediction.values
      .map((value, i) => `${typed.format(sketch.at[i] ?? i)} ${sketch.label}: ${formatSketchValue(sketch, value)}`)
      .join('; ');
  }
  return withUnit(typed.format(prediction.value), predict.numeric?.unit ?? '');
}

export function predictDomId(id: string): string {
  return `predict-${id}`;
}

export function Predict({ lessonId, predict, prediction }: { lessonId: string; predict: PredictComponent; prediction?: Prediction }) {
  const id = useId();
  const [choice, setChoice] = useState<number>();
  const [draft, setDraft] = useState('');
  const [drawn, setDrawn] = useState<number[]>(() => (predict.sketch ? startValues(predict.sketch) : []));
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState('');
  const [said, setSaid] = useState('');
  const kept = useRef<HTMLDivElement>(null);
  const committing = useRef(false);
  // Once the committed prediction shows, it takes the focus its button had.
  useEffect(() => {
    if (!prediction || !committing.current) return;
    committing.current = false;
    kept.current?.focus();
  }, [prediction]);

  const commit = (event: FormEvent) => {
    event.preventDefault();
    let made: Prediction;
    const at = new Date().toISOString();
    if (predict.options) {
      if (choice === undefined) return setError('Choose one of the answers first.');
      made = { kind: 'option', index: choice, at };
    } else if (predict.sketch) {
      if (!touched) return setError('Draw your curve first: drag the points, or focus one and use the arrow keys.');
      made = { kind: 'sketch', values: drawn, at };
    } else {
      const { min, max } = predict.numeric!;
      const value = draft.trim() === '' ? NaN : Number(draft);
      if (!Number.isFinite(value)) return setError('Type a number first.');
      if (value < min || value > max) return setError(`Type a number from ${min} to ${max}.`);
      made = { kind: 'number', value, at };
    }
    setError('');
    committing.current = true;
    progressStore().update(lessonId, (lesson) => ({ ...lesson, predictions: { ...lesson.predictions, [predict.id]: made } }));
    setSaid('Prediction kept. The experiment it belongs to is now open.');
  };

  return (
    <form className="lesson-card lesson-predict" id={predictDomId(predict.id)} onSubmit={commit} aria-labelledby={`${id}-q`} noValidate>
      <p className="lesson-card-kind" aria-hidden="true">
        Predict
      </p>
      <div id={`${id}-q`} className="lesson-question">
        <Markdown inline text={predict.question} />
      </div>
      {prediction ? (
        <div className="lesson-committed" ref={kept} tabIndex={-1} data-testid={`committed-${predict.id}`}>
          {prediction.kind === 'sketch' && predict.sketch ? (
            <SketchChart sketch={predict.sketch} values={prediction.values} title={`Your sketch: ${predictionText(predict, prediction)}`} />
          ) : null}
          <p>
            <span className="lesson-label">Your prediction</span>{' '}
            <strong data-testid={`prediction-${predict.id}`} className={prediction.kind === 'sketch' ? 'lesson-sketch-words' : undefined}>
              {predictionText(predict, prediction)}
            </strong>
          </p>
          <p className="lesson-muted">Kept. You will see it again beside what you measure.</p>
        </div>
      ) : (
        <>
          {predict.sketch ? (
            <div className="lesson-sketch">
              <p className="lesson-muted" id={`${id}-how`}>
                Drag each point to where you expect it, or focus a point (Tab) and use the arrow keys.
              </p>
              <SketchChart
                sketch={predict.sketch}
                values={drawn}
                title="Your sketch: one point for each run"
                onChange={(index, value) => {
                  setDrawn((now) => now.map((v, i) => (i === index ? value : v)));
                  setTouched(true);
                  setError('');
                }}
              />
            </div>
          ) : predict.options ? (
            <fieldset className="lesson-options">
              <legend className="visually-hidden">Your prediction</legend>
              {predict.options.map((option, index) => (
                <label key={index} className={choice === index ? 'lesson-option lesson-option-on' : 'lesson-option'}>
                  <input
                    type="radio"
                    name={`${id}-choice`}
                    value={index}
                    checked={choice === index}
                    onChange={() => {
                      setChoice(index);
                      setError('');
                    }}
                  />
                  <span>
                    <Markdown inline text={option.text} />
                  </span>
                </label>
              ))}
            </fieldset>
          ) : (
            <div className="lesson-numeric">
              <label htmlFor={`${id}-n`}>Your prediction</label>
              <span className="lesson-numeric-row">
                <input
                  id={`${id}-n`}
                  type="number"
                  inputMode="decimal"
                  min={predict.numeric!.min}
                  max={predict.numeric!.max}
                  step={predict.numeric!.step ?? 'any'}
                  value={draft}
                  aria-invalid={!!error}
                  aria-describedby={error ? `${id}-err` : undefined}
                  onChange={(event) => {
                    setDraft(event.target.value);
                    setError('');
                  }}
                />
                <span className="lesson-unit">{predict.numeric!.unit}</span>
              </span>
            </div>
          )}
          {predict.hint && (
            <p className="lesson-hint">
              <span className="lesson-label">Hint</span> <Markdown inline text={predict.hint} />
            </p>
          )}
          <p className="lesson-muted">Once you commit, your answer is kept and cannot be changed, so you can compare it honestly.</p>
          <button type="submit" className="btn btn-primary">
            Commit my prediction
          </button>
          {error && (
            <p className="lesson-error" id={`${id}-err`} role="alert">
              {error}
            </p>
          )}
        </>
      )}
      <p className="visually-hidden" role="status">
        {said}
      </p>
    </form>
  );
}
