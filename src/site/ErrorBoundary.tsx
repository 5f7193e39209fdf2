/*
 * ErrorBoundary.tsx -- a render error never empties the page. Each route's content is
 * wrapped in one (App.tsx), and the whole app in another (main.tsx) for an error in
 * the chrome itself. Either says what failed, in words, and offers a way on: back to
 * the lab or the lessons, or a reload. Saved progress is in localStorage and is not
 * touched. The boundary is keyed by the route, so navigating elsewhere clears it.
 *
 * A part of the page that could not be loaded (a lazy chunk gone after a new deploy, or
 * the network down) is not a bug: it is reported to offline/update.ts, whose banner
 * offers the reload, and the message here says so instead of asking for a bug report.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isLoadError, reportLoadFailure } from '../offline/update.js';

interface Props {
  /** What this boundary holds, for the message: "this lesson", "the lab", "StackLab". */
  what: string;
  children: ReactNode;
}

interface State {
  error?: Error;
}

export class ErrorBoundary extends Component<Props, State> {
  state: State = {};

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (isLoadError(error)) {
      reportLoadFailure();
      return;
    }
    // Kept for whoever opens the console to report it; the page says the rest.
    console.warn(`StackLab: ${this.props.what} failed to draw`, error, info.componentStack);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (isLoadError(error)) {
      return (
        <p className="page-loading" role="alert">
          This part of StackLab could not be loaded. Use the Reload button above; this address and your lesson progress are kept.
        </p>
      );
    }
    return (
      <div className="page-error" role="alert">
        <h1>Something went wrong showing {this.props.what}</h1>
        <p>
          StackLab hit an error it did not expect, so this part of the page could not be shown. Nothing you saved is lost: lesson progress
          stays in this browser.
        </p>
        <p className="page-error-detail">
          <strong>What failed:</strong> <code>{error.message || error.name}</code>
        </p>
        <p>
          <a className="btn" href="#/lab" onClick={() => this.setState({ error: undefined })}>
            Open the lab
          </a>{' '}
          <a className="btn" href="#/lessons" onClick={() => this.setState({ error: undefined })}>
            All lessons
          </a>{' '}
          <button type="button" className="btn" onClick={() => window.location.reload()}>
            Reload this page
          </button>
        </p>
        <p className="muted">If it happens again, the address of this page and the message above are what a bug report needs.</p>
      </div>
    );
  }
}
