/*
 * Transport.tsx -- play, pause, step one event, step 1 ms of simulated time, run to
 * the end, reset, and the speed (simulated time per wall second, from slow motion to
 * as fast as the core runs), with the simulated clock and how far the run has got.
 * After a step, the records it produced are said in words. Keyboard shortcuts work
 * anywhere in the lab except inside a text field: Space plays or pauses, "." steps
 * one event, "m" steps 1 ms, "r" resets.
 */
import { memo, useEffect, useId, type ReactNode, type RefObject } from 'react';
import { SPEEDS, speedIndex } from '../core/playback.js';
import { formatCount, formatNs } from '../views/format.js';
import { speedLabel, speedRatio } from './speed-words.js';
import { useLab } from './hooks.js';
import { Scrubber } from './rewind/Scrubber.js';
import type { LabState, LabStore } from './store.js';

const selectTransport = (s: LabState) => s;

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable) return true;
  if (tag === 'INPUT') return !['checkbox', 'radio', 'button', 'range'].includes((target as HTMLInputElement).type);
  return false;
}

/** What the shortcut keys drive: a lab's store, or the compare page's clock (which has no event step). */
export interface TransportKeyTarget {
  togglePlay(): void;
  stepEvent?(): void;
  stepTime(ns: number): void;
  reset(): void;
}

/** Shortcut keys while focus is inside `root`. */
export function useTransportKeys(store: TransportKeyTarget, root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      const onControl = event.target instanceof HTMLElement && ['BUTTON', 'INPUT', 'SUMMARY', 'A'].includes(event.target.tagName);
      if (event.key === ' ' && !onControl) store.togglePlay();
      else if (event.key === '.' && store.stepEvent) store.stepEvent();
      else if (event.key === 'm') store.stepTime(1e6);
      else if (event.key === 'r') store.reset();
      else return;
      event.preventDefault();
    };
    element.addEventListener('keydown', onKey);
    return () => element.removeEventListener('keydown', onKey);
  }, [store, root]);
}

export function Transport({ store, compact }: { store: LabStore; compact?: boolean }) {
  const state = useLab(store, selectTransport);
  const ready = state.status === 'ready';
  const busy = !ready || state.loading;
  const elapsed = Math.max(0, state.nowNs - state.startNs);
  const total = Math.max(1, state.durationNs - state.startNs);
  const progress = Math.min(1, elapsed / total);
  return (
    <div className={compact ? 'transport transport-compact' : 'transport'} role="group" aria-label="Playback">
      <div className="transport-buttons">
        <button type="button" className="btn btn-primary btn-play" onClick={() => store.togglePlay()} disabled={busy}
          aria-keyshortcuts="Space" data-testid="play">
          <span aria-hidden="true" className="btn-icon">{state.playing ? '❚❚' : '▶'}</span>
          {state.playing ? 'Pause' : state.done ? 'Play again' : 'Play'}
        </button>
        <button type="button" className="btn" onClick={() => store.stepEvent()} disabled={busy || state.done} aria-keyshortcuts=".">
          Step one event
        </button>
        <button type="button" className="btn" onClick={() => store.stepTime(1e6)} disabled={busy || state.done} aria-keyshortcuts="m">
          Step 1 ms
        </button>
        <button type="button" className="btn" onClick={() => store.runToEnd()} disabled={busy || state.done}>
          Run to end
        </button>
        <button type="button" className="btn" onClick={() => store.reset()} disabled={busy} aria-keyshortcuts="r">
          Reset
        </button>
      </div>
      <SpeedControl store={store} speed={state.speed} />
      <SimClock label="Simulated time" testId="sim-now" nowNs={state.nowNs} endNs={state.durationNs} progress={progress}>
        <span className="muted small">
          {state.loading && state.warmupProgress !== undefined
            ? `Running the warm-up before statistics start: ${Math.round(state.warmupProgress * 100)}%`
            : `${formatCount(state.events)} events · statistics from ${formatNs(state.warmupNs)}${state.done ? ' · run complete' : ''}`}
        </span>
      </SimClock>
      {!compact && <Scrubber store={store} />}
      {state.lastStep.length > 0 && (
        <div className="last-step" role="status">
          <p className="last-step-title">What the step did</p>
          <ol>{state.lastStep.map((line, i) => <li key={i}>{line}</li>)}</ol>
        </div>
      )}
    </div>
  );
}

/**
 * The speed slider and its words: drawn again only when the speed changes, not with
 * the clock on every frame (React sets a range input's attributes on each render).
 */
const SpeedControl = memo(function SpeedControl({ store, speed }: { store: LabStore; speed: number }) {
  const speedId = useId();
  const index = speedIndex(speed);
  return (
    <div className="speed">
      <label htmlFor={speedId}>Speed</label>
      <input id={speedId} type="range" min={0} max={SPEEDS.length - 1} step={1} value={index}
        aria-valuetext={`${speedLabel(SPEEDS[index]!)}, ${speedRatio(SPEEDS[index]!)}`}
        onChange={(event) => store.setSpeed(SPEEDS[Number(event.target.value)]!)} />
      <output htmlFor={speedId} className="speed-value" title={speedRatio(speed)}>
        <strong>{speedLabel(speed)}</strong>
        {Number.isFinite(speed) && <span className="muted"> · {speedRatio(speed).replace(' than real time', '')}</span>}
      </output>
    </div>
  );
});

/** The simulated time of a run, of its end, with a progress bar and a line below (children). */
export function SimClock({ label, testId, nowNs, endNs, progress, className, children }: {
  label: string; testId: string; nowNs: number; endNs: number; progress: number; className?: string; children?: ReactNode;
}) {
  return (
    <div className={className ? `clock ${className}` : 'clock'} aria-live="off">
      <span>
        <span className="clock-label">{label}</span>{' '}
        <strong className="clock-now" data-testid={testId} data-ns={nowNs}>{formatNs(nowNs, 6)}</strong>
        <span className="muted"> of {formatNs(endNs)}</span>
      </span>
      <div className="run-progress" role="progressbar" aria-label="Run progress" aria-valuemin={0} aria-valuemax={100}
        aria-valuenow={Math.round(progress * 100)}>
        <div className="run-progress-bar" style={{ width: `${progress * 100}%` }} />
      </div>
      {children}
    </div>
  );
}
