/*
 * ProgressBar.tsx -- how many of a lesson's steps are done, as a bar and in words; the
 * lesson index shows one per lesson, a lesson page one in its header.
 */
import type { LessonStatus } from './status.js';

export function ProgressBar({ status, label, text, testId }: { status: LessonStatus; label: string; text: string; testId: string }) {
  const { done, total, complete } = status;
  return (
    <div className="lesson-progress">
      <div
        className="lesson-progress-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={text}
      >
        <div className="lesson-progress-fill" style={{ width: `${total ? (100 * done) / total : 0}%` }} />
      </div>
      <p className="lesson-progress-text" data-testid={testId}>
        {complete && <span aria-hidden="true">✓ </span>}
        {text}
      </p>
    </div>
  );
}
