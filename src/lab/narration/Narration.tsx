/*
 * Narration.tsx -- a live region that says the run's important events (narrate.ts)
 * for screen readers, with a toggle that turns it off (the choice is kept in this
 * browser). Presenter mode shows its words as a line of text too; the lab, whose
 * status line (Transport.tsx: StatusLine) shows where the run is, keeps them for
 * screen readers (`hidden`). The lab and presenter mode load it lazily.
 */
import { useEffect, useId, useState } from 'react';
import type { LabStore } from '../store.js';
import { useSwitch, writeSwitch } from '../switch-setting.js';
import { Narrator } from './narrate.js';
import './narration.css';

const KEY = 'stacklab.narration';

/** `hidden`: the words are for screen readers only (the lab's status line shows where the run is). */
export function Narration({
  store,
  gapMs,
  hidden,
  fromStart,
}: {
  store: LabStore;
  gapMs?: number;
  hidden?: boolean;
  /** Times from the run's start, as the presenter's clock counts (Narrator). */
  fromStart?: boolean;
}) {
  const on = useSwitch(KEY);
  const [said, setSaid] = useState('');
  const id = useId();
  // switched off (or on again): nothing said yet (adjusted while rendering, not in the effect)
  const [saidWhile, setSaidWhile] = useState(on);
  if (on !== saidWhile) {
    setSaidWhile(on);
    setSaid('');
  }
  useEffect(() => {
    if (!on) return undefined;
    const narrator = new Narrator(gapMs, undefined, fromStart);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = () => {
      const now = performance.now();
      const words = narrator.observe(store.getState(), now);
      if (words) setSaid(words);
      // A change of state held back by the gap is said once the gap has passed, even if nothing else happens.
      clearTimeout(timer);
      const due = narrator.dueAt();
      if (due !== undefined) timer = setTimeout(look, Math.max(0, due - now) + 20);
    };
    look();
    const unsubscribe = store.subscribe(look);
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [store, on, gapMs, fromStart]);
  const toggle = (value: boolean) => writeSwitch(KEY, value);
  return (
    <div className="narration">
      <label className="toggle narration-toggle">
        <input type="checkbox" checked={on} onChange={(event) => toggle(event.target.checked)} aria-describedby={`${id}-about`} />
        Narrate events
      </label>
      <span id={`${id}-about`} className="visually-hidden">
        Screen readers announce the run's important events, at most every few seconds.
      </span>
      <p
        className={hidden ? 'narration-text visually-hidden' : 'narration-text'}
        role="status"
        aria-live="polite"
        aria-atomic="true"
        data-testid="narration"
      >
        {said}
      </p>
    </div>
  );
}

export default Narration;
