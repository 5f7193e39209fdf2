/*
 * UpdateBanner.tsx -- the page's side of update.ts: a banner with a Reload button when
 * a new version of StackLab is deployed under an open tab, and LoadBoundary, which
 * shows a short message in place of a page or a part of one that failed to load or to
 * render, instead of the whole page going blank. Both are in the first chunk.
 */
import { Component, useSyncExternalStore, type ReactNode } from 'react';
import { isLoadError, onUpdateState, reportLoadFailure, updateState } from './update.js';

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
      <button type="button" className="btn btn-primary" onClick={() => location.reload()}>Reload</button>
    </div>
  );
}

/** Catches what its children throw while rendering (a lazy chunk that could not load, above all). */
export class LoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    if (isLoadError(error)) reportLoadFailure();
  }

  render() {
    return this.state.failed ? <p className="page-loading" role="alert">This part of StackLab could not be shown.</p> : this.props.children;
  }
}
