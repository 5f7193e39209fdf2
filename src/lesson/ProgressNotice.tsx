/*
 * ProgressNotice.tsx -- says when saved progress could not be used as it was (damaged,
 * from a newer version, storage refused or full) and offers the way out: reset the
 * saved progress, or dismiss the message. Shown on the lesson index and every lesson.
 */
import { useState } from 'react';
import { useProgressState } from './hooks.js';
import { progressStore } from './progress.js';

/**
 * `quiet` (an embedded lesson): storage refused, which a browser does to most frames on
 * another site, is one muted line, not an alert above the lesson: the lesson still works,
 * and the progress file (below it in an embed) keeps what the student did.
 */
export function ProgressNotice({ quiet = false }: { quiet?: boolean } = {}) {
  const { notice } = useProgressState();
  const [said, setSaid] = useState('');
  if (quiet && notice?.kind === 'unavailable') {
    return (
      <p className="lesson-notice-quiet" data-testid="progress-notice">
        Your progress here lasts for this visit only (this page cannot keep data inside another site); save it to a file at the end.
      </p>
    );
  }
  const resettable = notice && (notice.kind === 'corrupt' || notice.kind === 'partly-corrupt' || notice.kind === 'newer');
  return (
    <>
      {notice && (
        <div className="lesson-notice" role="alert" data-testid="progress-notice">
          <p>
            <strong>About your saved progress:</strong> {notice.message}
          </p>
          {notice.kind === 'corrupt' && <p>Progress you make now will replace it. Or reset to start afresh.</p>}
          <div className="lesson-notice-actions">
            {resettable && (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => {
                  progressStore().resetAll();
                  setSaid('Saved lesson progress cleared. You are starting afresh.');
                }}
              >
                Reset saved progress
              </button>
            )}
            <button type="button" className="btn" onClick={() => progressStore().dismissNotice()}>
              Dismiss
            </button>
          </div>
        </div>
      )}
      <p className="visually-hidden" role="status">
        {said}
      </p>
    </>
  );
}
