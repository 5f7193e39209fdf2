/*
 * SweepControls.tsx -- runs the scaling sweep of the lab's scenario in workers of its
 * own, tracing off: the lab's kernel (and its sweep partner, if it has one: the classic
 * and Scalable Kernel run side by side) at each CPU count of a range the learner can
 * change (the kernel's own range at first: 1 to 32 for the OpenVMS testbed). The sweep is
 * progressive (core/progressive.ts): a provisional curve first, then the final points.
 * A progress bar (of final points), a Cancel button and its status in words for screen
 * readers.
 */
import { useEffect, useId, useState } from 'react';
import { cpuCounts, idleSweep, type SweepState } from '../core/sweep.js';
import { capitalised, kernelInfo, sweepCpusOf, sweepKernels } from '../kernels/index.js';
import { useLab } from './hooks.js';
import { rangeWords, readRange } from './sweep-range.js';
import type { LabState, LabStore } from './store.js';

const selectReady = (s: LabState) => s.status === 'ready';
const selectKernel = (s: LabState) => String(s.scenario['kernel.kind'] ?? '');
const selectMaxCpus = (s: LabState) => s.schema?.fields.find((field) => field.path === 'machine.cpus')?.max ?? 256;

/** The kernels a sweep runs, in words: "classic kernel and Scalable Kernel". */
function kernelWords(kernels: readonly string[]): string {
  return kernels.map((kernel) => kernelInfo(kernel).title).join(' and ');
}

/** Runs `task` when the page is next idle (at most two seconds from now); returns a cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 1000);
  return () => clearTimeout(handle);
}

function statusWords(sweep: SweepState): string {
  if (sweep.status === 'running') {
    // a progressive sweep (core/progressive.ts): every point's provisional figure first, then the final ones
    const shown = sweep.done + (sweep.provisional?.length ?? 0);
    return shown < sweep.total
      ? `Drawing the provisional curve: ${shown} of ${sweep.total} scenarios…`
      : `Provisional curve drawn; making it exact: ${sweep.done} of ${sweep.total} scenarios final…`;
  }
  if (sweep.status === 'done') {
    const kernels = sweep.kernels ?? [];
    const which = kernels.length > 1 ? ', both kernels' : kernels.length === 1 ? `, ${kernelWords(kernels)}` : '';
    return `Sweep done: ${sweep.points.length} scenarios${sweep.cpus ? `, ${rangeWords(sweep.cpus)}` : ''}${which}.`;
  }
  if (sweep.status === 'cancelled') return `Sweep cancelled after ${sweep.done} of ${sweep.total} scenarios.`;
  if (sweep.status === 'failed') return `The sweep failed: ${sweep.message ?? 'unknown error'}`;
  return '';
}

export function SweepControls({ store }: { store: LabStore }) {
  const kernel = useLab(store, selectKernel);
  // the sweep's workers start once the page is idle (after the lab's first frames), so a sweep's first points need not wait for them
  useEffect(() => whenIdle(() => store.warmSweep()), [store]);
  // a new kernel starts from its own range
  return <SweepForm key={kernel} store={store} kernel={kernel} />;
}

function SweepForm({ store, kernel }: { store: LabStore; kernel: string }) {
  const kernels = sweepKernels(kernel);
  const last = useLab(store, 'sweep');
  // a finished sweep of other kernels (the lab's kernel changed since) is not this lab's any more
  const ours = last.status === 'running' || !last.kernels || last.kernels.some((k) => kernels.includes(k));
  const sweep = ours ? last : idleSweep;
  const notes = useLab(store, 'sweepNotes').filter(() => ours);
  const ready = useLab(store, selectReady);
  const maxCpus = useLab(store, selectMaxCpus);
  const initial = sweepCpusOf(kernel);
  const [from, setFrom] = useState(String(initial.from));
  const [to, setTo] = useState(String(initial.to));
  const [step, setStep] = useState(String(initial.step));
  const id = useId();
  const running = sweep.status === 'running';
  const range = readRange(from, to, step, maxCpus);
  const runs = 'cpus' in range ? cpuCounts(range.cpus).length * kernels.length : 0;
  const pct = sweep.total > 0 ? Math.round((100 * sweep.done) / sweep.total) : 0;
  const invalid = 'problem' in range;
  const number = (label: string, value: string, set: (v: string) => void, min: number) => (
    <label className="sweep-field">
      {label}
      <input
        type="number"
        inputMode="numeric"
        min={min}
        max={maxCpus}
        step={1}
        value={value}
        disabled={running}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${id}-problem` : undefined}
        onChange={(event) => set(event.target.value)}
      />
    </label>
  );
  return (
    <div className="sweep" role="group" aria-label="Scaling sweep">
      <div className="sweep-row">
        {running ? (
          <button type="button" className="btn" onClick={() => store.cancelSweep()}>
            Cancel sweep
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => 'cpus' in range && store.runSweep(range.cpus)}
            disabled={!ready || invalid}
          >
            {sweep.status === 'idle' ? 'Run the scaling sweep' : 'Run the sweep again'}
          </button>
        )}
        <span className="sweep-range" role="group" aria-label="CPU counts to sweep">
          {number('From', from, setFrom, 1)}
          {number('to', to, setTo, 1)}
          <span aria-hidden="true">CPUs,</span>
          {number('step', step, setStep, 1)}
        </span>
        <span className="sweep-what">
          {capitalised(kernelWords(kernels))}, this scenario otherwise{runs > 0 ? ` (${runs} run${runs === 1 ? '' : 's'})` : ''}
        </span>
      </div>
      {invalid && (
        <p className="field-error" id={`${id}-problem`}>
          {range.problem}
        </p>
      )}
      {(running || sweep.status !== 'idle') && (
        <div className="sweep-progress">
          <progress max={sweep.total || 1} value={sweep.done} aria-label="Sweep progress" data-testid="sweep-progress" />
          <span className="sweep-pct" aria-hidden="true">
            {pct}%
          </span>
        </div>
      )}
      <p className="sweep-status" role="status" data-testid="sweep-status">
        {statusWords(sweep)}
      </p>
      {sweep.message && sweep.status !== 'failed' && <p className="sweep-note">{sweep.message}</p>}
      {notes.map((note, i) => (
        <p key={i} className="sweep-note">
          {note}
        </p>
      ))}
    </div>
  );
}
