/*
 * Narration.tsx -- a live region that says the run's important events (narrate.ts)
 * for screen readers, shown as a line of text too, with a toggle that turns it off
 * (the choice is kept in this browser). The lab and presenter mode load it lazily.
 */
import { useEffect, useId, useState } from 'react';
import type { LabStore } from '../store.js';
import { readSwitch, writeSwitch } from '../switch-setting.js';
import { Narrator } from './narrate.js';
import './narration.css';

const KEY = 'stacklab.narration';

export function Narration({ store, gapMs }: { store: LabStore; gapMs?: number }) {
  const [on, setOn] = useState(() => readSwitch(KEY));
  const [said, setSaid] = useState('');
  const id = useId();
  useEffect(() => {
    if (!on) {
      setSaid('');
      return undefined;
    }
    const narrator = new Narrator(gapMs);
    const look = () => {
      const words = narrator.observe(store.getState(), performance.now());
      if (words) setSaid(words);
    };
    look();
    return store.subscribe(look);
  }, [store, on, gapMs]);
  const toggle = (value: boolean) => {
    setOn(value);
    writeSwitch(KEY, value);
  };
  return (
    <div className="narration">
      <label className="toggle narration-toggle">
        <input type="checkbox" checked={on} onChange={(event) => toggle(event.target.checked)} aria-describedby={`${id}-about`} />
        Narrate events
      </label>
      <span id={`${id}-about`} className="visually-hidden">Screen readers announce the run's important events, at most every few seconds.</span>
      <p className="narration-text" role="status" aria-live="polite" aria-atomic="true" data-testid="narration">
        {said}
      </p>
    </div>
  );
}

export default Narration;
