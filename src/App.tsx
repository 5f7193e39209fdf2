/*
 * App.tsx -- the placeholder page until the lab shell arrives: it proves the core
 * runs in this browser by asking the simulation worker for a short run of the
 * default scenario.
 */
import { useEffect, useState } from 'react';
import type { PreviewResult, WorkerReply, WorkerRequest } from './core/protocol.js';

/** Simulated time of the check run: long enough to pass the default warm-up. */
const PREVIEW_NS = 40_000_000;

type CoreCheck = { state: 'running' } | { state: 'done'; result: PreviewResult } | { state: 'failed'; message: string };

function useCoreCheck(): CoreCheck {
  const [check, setCheck] = useState<CoreCheck>({ state: 'running' });
  useEffect(() => {
    const worker = new Worker(new URL('./worker/sim.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      setCheck(reply.type === 'error' ? { state: 'failed', message: reply.message } : { state: 'done', result: reply });
    };
    worker.onerror = (event) => setCheck({ state: 'failed', message: event.message || 'the simulation worker failed to start' });
    worker.postMessage({ type: 'preview', untilNs: PREVIEW_NS } satisfies WorkerRequest);
    return () => worker.terminate();
  }, []);
  return check;
}

const number = new Intl.NumberFormat('en');
const percent = new Intl.NumberFormat('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function CoreCheckResult({ result }: { result: PreviewResult }) {
  return (
    <dl className="figures">
      <div>
        <dt>Scenario fields</dt>
        <dd data-testid="field-count">{result.fieldCount}</dd>
      </div>
      <div>
        <dt>Simulated</dt>
        <dd>{number.format(result.simulatedNs / 1e6)} ms, {result.cpus} CPUs, {result.kernel} kernel</dd>
      </div>
      <div>
        <dt>Events</dt>
        <dd>{number.format(result.events)}</dd>
      </div>
      <div className="headline">
        <dt>MP synchronization</dt>
        <dd data-testid="mpsynch">{percent.format(result.mpsynchPct)}% of CPU time spinning</dd>
      </div>
    </dl>
  );
}

export function App() {
  const check = useCoreCheck();
  return (
    <>
      <header>
        <h1>StackLab</h1>
        <p className="tagline">Why network stacks stop scaling on multiprocessors, and how real systems fixed it.</p>
      </header>
      <main>
        <p>The lab UI arrives with the next milestone: CPUs spinning on a lock, kernel request packets
          queueing for the designated CPU, and lessons that guide you through them.</p>
        <section aria-labelledby="core-check">
          <h2 id="core-check">Simulation core check</h2>
          <p>The C simulation core, compiled to WebAssembly, runs the default scenario in a Web Worker.</p>
          <div aria-live="polite" aria-busy={check.state === 'running'}>
            {check.state === 'running' && <p>Running the default scenario…</p>}
            {check.state === 'done' && <CoreCheckResult result={check.result} />}
          </div>
          {check.state === 'failed' && <p role="alert" className="error">The core did not run: {check.message}</p>}
        </section>
      </main>
      <footer>
        <p>Headless runs: <code>npx stacklab run testbed-classic</code></p>
      </footer>
    </>
  );
}
