/*
 * SweepControls.tsx -- runs the scaling sweep of the lab's scenario (1 to 32 CPUs,
 * both kernels, tracing off) in workers of its own, with a progress bar, a Cancel
 * button and its status in words for screen readers.
 */
import { useLab } from './hooks.js';
import type { LabState, LabStore } from './store.js';

const selectReady = (s: LabState) => s.status === 'ready';

export function SweepControls({ store }: { store: LabStore }) {
  const sweep = useLab(store, 'sweep');
  const notes = useLab(store, 'sweepNotes');
  const ready = useLab(store, selectReady);
  const running = sweep.status === 'running';
  const pct = sweep.total > 0 ? Math.round((100 * sweep.done) / sweep.total) : 0;
  let status = '';
  if (running) status = `Running ${sweep.done} of ${sweep.total} scenarios…`;
  else if (sweep.status === 'done') status = `Sweep done: ${sweep.points.length} scenarios, 1 to ${Math.max(...sweep.points.map((p) => p.cpus))} CPUs, both kernels.`;
  else if (sweep.status === 'cancelled') status = `Sweep cancelled after ${sweep.done} of ${sweep.total} scenarios.`;
  else if (sweep.status === 'failed') status = `The sweep failed: ${sweep.message ?? 'unknown error'}`;
  return (
    <div className="sweep" role="group" aria-label="Scaling sweep">
      <div className="sweep-row">
        {running ? (
          <button type="button" className="btn" onClick={() => store.cancelSweep()}>Cancel sweep</button>
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => store.runSweep(32)} disabled={!ready}>
            {sweep.status === 'idle' ? 'Run the scaling sweep' : 'Run the sweep again'}
          </button>
        )}
        <span className="sweep-what">1 to 32 CPUs, classic and Scalable Kernel, this scenario otherwise</span>
      </div>
      {(running || sweep.status !== 'idle') && (
        <div className="sweep-progress">
          <progress max={sweep.total || 1} value={sweep.done} aria-label="Sweep progress" data-testid="sweep-progress" />
          <span className="sweep-pct" aria-hidden="true">{pct}%</span>
        </div>
      )}
      <p className="sweep-status" role="status" data-testid="sweep-status">{status}</p>
      {sweep.message && sweep.status !== 'failed' && <p className="sweep-note">{sweep.message}</p>}
      {notes.map((note, i) => <p key={i} className="sweep-note">{note}</p>)}
    </div>
  );
}
