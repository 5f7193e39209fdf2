/*
 * Check.tsx -- a ```check: one question, options as a radio group (arrow keys move
 * between them), an answer button, and feedback in a live region. A wrong answer shows
 * why it is wrong and can be tried again; a right one shows the explanation of every
 * option, because the wrong options teach as much as the right one. Attempts are kept.
 * Each learner sees the options in their own order (option-order.ts), the same on
 * every reload; each option carries its index in the file (data-option).
 */
import { useId, useMemo, useState, type FormEvent } from 'react';
import type { CheckComponent } from '../components.js';
import { optionOrder } from '../option-order.js';
import { progressStore, type CheckProgress } from '../progress.js';
import { checkKey, savedAnswer } from '../check-answer.js';
import { Markdown } from './Markdown.js';

export function Check({
  lessonId,
  check,
  number,
  saved: stored,
}: {
  lessonId: string;
  check: CheckComponent;
  number: number;
  saved?: CheckProgress;
}) {
  const id = useId();
  // An answer saved for other options (the lesson rewritten since) is not shown as one.
  const saved = savedAnswer(check, stored);
  const last = saved?.attempts[saved.attempts.length - 1];
  const [choice, setChoice] = useState<number | undefined>(saved?.correct ? last : undefined);
  const [error, setError] = useState('');
  const correctIndex = check.options.findIndex((option) => option.correct === true);
  const solved = saved?.correct === true;
  // The answer being shown: the last one submitted, while the learner has not picked another.
  const shown = last !== undefined && (choice === undefined || choice === last) ? last : undefined;
  // Shown in the learner's own order; answers stay the options' indexes in the file.
  const order = useMemo(
    () => optionOrder(progressStore().seed(), lessonId, check.id, check.options.length),
    [lessonId, check.id, check.options.length],
  );

  const answer = (event: FormEvent) => {
    event.preventDefault();
    if (choice === undefined) return setError('Choose an answer first.');
    setError('');
    progressStore().update(lessonId, (lesson) => {
      const previous = savedAnswer(check, lesson.checks[check.id]);
      const attempts = [...(previous?.attempts ?? []), choice].slice(-50);
      return {
        ...lesson,
        checks: {
          ...lesson.checks,
          [check.id]: { attempts, correct: previous?.correct === true || choice === correctIndex, key: checkKey(check) },
        },
      };
    });
  };

  const feedback = shown === undefined ? undefined : check.options[shown];
  return (
    <form
      className={`lesson-card lesson-check${solved ? ' lesson-check-solved' : ''}`}
      onSubmit={answer}
      aria-labelledby={`${id}-q`}
      noValidate
    >
      <p className="lesson-card-kind" aria-hidden="true">
        Question {number}
      </p>
      <fieldset className="lesson-options" disabled={solved}>
        <legend id={`${id}-q`} className="lesson-question">
          <span className="visually-hidden">Question {number}: </span>
          <Markdown inline text={check.question} />
        </legend>
        {order.map((index) => {
          const option = check.options[index]!;
          const marked = solved
            ? index === correctIndex
              ? ' lesson-option-right'
              : ''
            : shown === index && index !== correctIndex
              ? ' lesson-option-wrong'
              : '';
          return (
            <label key={index} data-option={index} className={`lesson-option${choice === index ? ' lesson-option-on' : ''}${marked}`}>
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
                {solved && (
                  <span className="lesson-explain">
                    <strong>{index === correctIndex ? 'Right. ' : 'Not this one. '}</strong>
                    <Markdown inline text={option.explain} />
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </fieldset>
      {!solved && (
        <button type="submit" className="btn btn-primary">
          Check my answer
        </button>
      )}
      {error && (
        <p className="lesson-error" role="alert">
          {error}
        </p>
      )}
      <div className="lesson-feedback" role="status" aria-live="polite">
        {feedback &&
          shown !== undefined &&
          (shown === correctIndex ? (
            <p className="lesson-right">
              <span aria-hidden="true">✓ </span>
              <strong>Correct.</strong> <Markdown inline text={feedback.explain} /> The explanation of every option is shown above.
            </p>
          ) : (
            <p className="lesson-wrong">
              <span aria-hidden="true">✗ </span>
              <strong>Not quite.</strong> <Markdown inline text={feedback.explain} /> Choose another answer and check again.
            </p>
          ))}
      </div>
    </form>
  );
}
