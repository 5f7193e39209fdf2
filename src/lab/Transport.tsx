/*
 * Transport.tsx -- play, pause, step one event, step 1 ms of simulated time, run to
 * the end, reset, and the speed (simulated time per wall second, from slow motion to
 * as fast as the core runs), with the simulated clock and how far the run has got.
 * After a step, the records it produced are said in words. Keyboard shortcuts work
 * anywhere in the lab (on the lab page, anywhere on the page, from the moment it
 * opens) except inside a text field: Space plays or pauses, "." steps one event, "m"
 * steps 1 ms, "r" resets. The lab page has a switch that turns them off (WCAG 2.1.4).
 */
import { memo, useEffect, useId, type ReactNode, type RefObject } from 'react';
import { SPEEDS, speedIndex } from '../core/playback.js';
import { formatCount, formatNs } from '../views/format.js';
import { speedLabel, speedRatio } from './speed-words.js';
import { clockText, runWords, setupWords, subtitleWords } from './status-words.js';
import { useLab } from './hooks.js';
import { Scrubber } from './rewind/Scrubber.js';
import { useSwitch, writeSwitch } from './switch-setting.js';
import type { LabState, LabStore } from './store.js';

const selectTransport = (s: LabState) => s;

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable) return true;
  if (tag === 'INPUT') return !['checkbox', 'radio', 'button', 'range'].includes((target as HTMLInputElement).type);
  return ['textbox', 'searchbox', 'combobox', 'listbox', 'spinbutton'].includes(target.getAttribute('role') ?? '');
}

/** Elements that do something of their own with Space (press, check, open, choose, move). */
const SPACE_TAGS = ['BUTTON', 'INPUT', 'SUMMARY', 'A', 'SELECT', 'OPTION', 'VIDEO', 'AUDIO', 'IFRAME'];
const SPACE_ROLES = [
  'button',
  'checkbox',
  'radio',
  'switch',
  'slider',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'link',
  'treeitem',
  'gridcell',
  'application',
  'scrollbar',
];

function usesSpace(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return SPACE_TAGS.includes(target.tagName) || SPACE_ROLES.includes(target.getAttribute('role') ?? '');
}

/** Focus is in something that keeps its keys: a dialog or a menu (its own keys, in the lab or not), or a form outside the lab (a lesson's answers). */
function inOwnPlace(target: EventTarget | null, root: HTMLElement): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('dialog, [role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]')) return true;
  return !root.contains(target) && target.closest('form') !== null;
}

/** What the shortcut keys drive: a lab's store, or the compare page's clock (which has no event step). */
export interface TransportKeyTarget {
  togglePlay(): void;
  stepEvent?(): void;
  stepTime(ns: number): void;
  reset(): void;
}

/**
 * Shortcut keys while focus is inside `root`; with `wholePage` (a page that holds one
 * lab), anywhere on the page, so they work on arrival before anything has focus. Never
 * in a text field, select or contenteditable, never a key another handler took
 * (defaultPrevented), never Space on something that uses Space itself (a button, a
 * checkbox, a slider, a link, a summary) and never inside a dialog, a menu, or a form
 * outside the lab.
 */
export function useTransportKeys(store: TransportKeyTarget, root: RefObject<HTMLElement | null>, wholePage = false, on = true): void {
  useEffect(() => {
    const element = root.current;
    if (!element || !on) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (inOwnPlace(event.target, element)) return;
      if (event.key === ' ') {
        if (usesSpace(event.target)) return;
        if (!event.repeat) store.togglePlay();
      } else if (event.key === '.' && store.stepEvent) store.stepEvent();
      else if (event.key === 'm') store.stepTime(1e6);
      else if (event.key === 'r') store.reset();
      else return;
      event.preventDefault();
    };
    const listener: HTMLElement | Document = wholePage ? element.ownerDocument : element;
    listener.addEventListener('keydown', onKey as EventListener);
    return () => listener.removeEventListener('keydown', onKey as EventListener);
  }, [store, root, wholePage, on]);
}

const KEYS_SETTING = 'stacklab.lab.character-keys';

/** Whether the lab page's single-key shortcuts are on (kept in this browser), and a setter that keeps the choice. */
export function useCharacterKeys(): [boolean, (on: boolean) => void] {
  return [useSwitch(KEYS_SETTING), (value: boolean) => writeSwitch(KEYS_SETTING, value)];
}

/**
 * The switch that turns the lab page's single-key shortcuts off (WCAG 2.1.4: on the
 * lab page they work anywhere, so a speech input or screen reader user whose keys they
 * would take can turn them off).
 */
export function CharacterKeysSwitch({ on, onChange }: { on: boolean; onChange(on: boolean): void }) {
  const id = useId();
  return (
    <label className="toggle">
      <input type="checkbox" checked={on} onChange={(event) => onChange(event.target.checked)} aria-describedby={id} />
      Single-key shortcuts
      <span id={id} className="visually-hidden">
        Space plays or pauses, full stop steps one event, m steps 1 ms, r resets, wherever focus is on the page except in a field.
      </span>
    </label>
  );
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
        <button
          type="button"
          className="btn btn-primary btn-play"
          onClick={() => store.togglePlay()}
          disabled={busy}
          aria-keyshortcuts="Space"
          data-testid="play"
        >
          <span aria-hidden="true" className="btn-icon">
            {state.playing ? '❚❚' : '▶'}
          </span>
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
          <ol>
            {state.lastStep.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}

const selectRun = (s: LabState) => runWords(s);
const selectSetup = (s: LabState) => setupWords(s.scenario);

/**
 * The status line beside the transport: where the run is and what it runs ("Paused at
 * 45.3 ms" / "16 CPUs, Scalable Kernel"), worked out from the state as it is now
 * (status-words.ts) with the clock's own time. Its box has a fixed size (styles.css),
 * so the transport beside it never moves when its words change.
 */
export function StatusLine({ store }: { store: LabStore }) {
  const run = useLab(store, selectRun);
  const setup = useLab(store, selectSetup);
  return (
    <p className="lab-status" data-testid="lab-status">
      <span className="lab-status-run" data-testid="lab-status-run">
        {run}
      </span>
      <span className="lab-status-setup" data-testid="lab-status-setup">
        {setup}
      </span>
    </p>
  );
}

const selectSubtitle = (s: LabState) => subtitleWords(s);
const selectSubtitleNoKeys = (s: LabState) => subtitleWords(s, false);

/**
 * The lab page's subtitle: what to do next, true to what the lab is doing now ("Press
 * Play" only while it is not playing; Space only while the single-key shortcuts are on).
 */
export function LabSubtitle({ store }: { store: LabStore }) {
  const [keys] = useCharacterKeys();
  return <p data-testid="lab-subtitle">{useLab(store, keys ? selectSubtitle : selectSubtitleNoKeys)}</p>;
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
      <input
        id={speedId}
        type="range"
        min={0}
        max={SPEEDS.length - 1}
        step={1}
        value={index}
        aria-valuetext={`${speedLabel(SPEEDS[index]!)}, ${speedRatio(SPEEDS[index]!)}`}
        onChange={(event) => store.setSpeed(SPEEDS[Number(event.target.value)]!)}
      />
      <output htmlFor={speedId} className="speed-value" title={speedRatio(speed)}>
        <strong>{speedLabel(speed)}</strong>
        {Number.isFinite(speed) && <span className="muted"> · {speedRatio(speed).replace(' than real time', '')}</span>}
      </output>
    </div>
  );
});

/** The simulated time of a run, of its end, with a progress bar and a line below (children). */
export function SimClock({
  label,
  testId,
  nowNs,
  endNs,
  progress,
  className,
  children,
}: {
  label: string;
  testId: string;
  nowNs: number;
  endNs: number;
  progress: number;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={className ? `clock ${className}` : 'clock'} aria-live="off">
      <span>
        <span className="clock-label">{label}</span>{' '}
        <strong className="clock-now" data-testid={testId} data-ns={nowNs}>
          {clockText(nowNs)}
        </strong>
        <span className="muted"> of {formatNs(endNs)}</span>
      </span>
      <div
        className="run-progress"
        role="progressbar"
        aria-label="Run progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress * 100)}
      >
        <div className="run-progress-bar" style={{ width: `${progress * 100}%` }} />
      </div>
      {children}
    </div>
  );
}
