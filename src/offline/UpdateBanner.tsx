/*
 * UpdateBanner.tsx -- the page's side of update.ts: a banner with a Reload button when
 * a new version of StackLab is deployed under an open tab (or a part of it could not be
 * loaded). site/ErrorBoundary.tsx reports a lazy chunk that failed to load to update.ts,
 * which raises this banner. Both are in the first chunk.
 */
import { useSyncExternalStore } from 'react';
import { onUpdateState, updateState } from './update.js';

export function UpdateBanner() {
  const state = useSyncExternalStore(onUpdateState, updateState, () => undefined);
  if (!state) return null;
  const offline = state === 'failed' && !navigator.onLine;
  return (
    <div className="banner banner-notice update-banner" role={state === 'failed' ? 'alert' : 'status'} data-update={state}>
      <p>
        {offline
          ? 'A part of StackLab could not be loaded: you seem to be offline. Reload when you are back online.'
          : 'StackLab was updated: reload to use the new version. This address and your lesson progress are kept.'}
      </p>
      <button type="button" className="btn btn-primary" onClick={() => location.reload()}>
        Reload
      </button>
    </div>
  );
}
