/*
 * Scrubber.tsx -- rewind: a slider over the part of the run simulated so far, labelled
 * with simulated time. Dragging it or pressing a key seeks (store.seek): the worker
 * restores a checkpoint and runs to exactly that time, so every view shows what a
 * straight run shows there; Play goes on from there. Keys: ←/→ a step (about 1 % of the
 * run reached), Shift or PageUp/PageDown ten steps, Home the start, End the furthest
 * time reached. Screen readers hear the time and how far the run has got.
 */
import { useId, type KeyboardEvent } from 'react';
import { formatMs, formatNs } from '../../views/format.js';
import { useLab } from '../hooks.js';
import type { LabState, LabStore } from '../store.js';
import { scrubKey, scrubSteps } from './scrub.js';
import './rewind.css';

const selectScrub = (s: LabState) => s;

export function Scrubber({ store }: { store: LabStore }) {
  const state = useLab(store, selectScrub);
  const id = useId();
  const hintId = useId();
  const start = state.startNs;
  const reached = Math.max(start, state.rewind?.reachedNs ?? state.nowNs, state.nowNs);
  const at = Math.min(reached, Math.max(start, state.seekTargetNs ?? state.nowNs));
  const disabled = state.status !== 'ready' || state.loading || reached <= start;
  const range = { startNs: start, reachedNs: reached };
  const { small, large } = scrubSteps(range);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const next = scrubKey(event.key, event.shiftKey, at, range);
    if (next === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    if (next !== at) store.seek(next);
  };
  const checkpoints = state.rewind
    ? `${state.rewind.checkpoints} checkpoint${state.rewind.checkpoints === 1 ? '' : 's'}, ${(state.rewind.bytes / 1048576).toFixed(1)} MB`
    : '';
  return (
    <div className="rewind" data-testid="rewind">
      <label htmlFor={id} className="rewind-label">
        Rewind
      </label>
      <input
        id={id}
        type="range"
        className="rewind-slider"
        data-testid="scrubber"
        min={start}
        max={reached}
        step={1}
        value={at}
        disabled={disabled}
        aria-valuetext={`${formatMs(at)} simulated time, of ${formatMs(reached)} reached`}
        aria-describedby={hintId}
        aria-keyshortcuts="ArrowLeft ArrowRight PageUp PageDown Home End"
        onKeyDown={onKeyDown}
        onChange={(event) => store.seek(Number(event.target.value))}
      />
      <output htmlFor={id} className="rewind-value" data-testid="scrub-time">
        <strong>{formatMs(at)}</strong> <span className="muted">of {formatMs(reached)} reached</span>
      </output>
      <span id={hintId} className="rewind-hint muted">
        Drag, or use <kbd>←</kbd> <kbd>→</kbd> ({formatNs(small)}), <kbd>PgUp</kbd> <kbd>PgDn</kbd> ({formatNs(large)}), <kbd>Home</kbd>{' '}
        <kbd>End</kbd>. The state at any time is the one a straight run reaches.
        {checkpoints && <span className="rewind-checkpoints"> {checkpoints}.</span>}
      </span>
    </div>
  );
}
