/*
 * WhyPanel.tsx -- "Why did it wait?": the sentences of why.ts for the wait chosen in
 * the timeline or on a CPU tile, in a panel at the foot of the window (a non-modal
 * dialog: focus moves to its heading, Escape or Close returns focus where it was).
 * The answer is computed once, from the trace window when the wait was chosen.
 */
import { useEffect, useMemo, useRef } from 'react';
import type { LabStore } from '../store.js';
import { explainWait, type WhyAnswer } from './why.js';
import type { WhyRequest, WhyState } from './why-state.js';
import { kernelInfo } from '../../kernels/index.js';

function answerFor(store: LabStore, request: WhyRequest): WhyAnswer {
  const state = store.getState();
  const { schema, snapshot, trace } = state;
  if (!schema || !snapshot || !trace) {
    return { kind: 'none', title: `CPU ${request.cpu}`, sentences: [], missing: ['The lab has no trace yet: play or step the run first.'] };
  }
  const lockKind = String(state.scenario['kernel.lock_kind'] ?? 'tas');
  return explainWait(
    { slice: trace.slice, startNs: trace.startNs },
    {
      kinds: schema.trace.kinds,
      modes: schema.modes,
      lockNames: snapshot.locks.map((l) => l.name),
      lockKinds: snapshot.locks.map((l) => l.kind),
      spinAlgorithm: lockKind,
      nowNs: snapshot.nowNs,
      threadName: (t) => kernelInfo(snapshot.kernel).threads?.name(snapshot.threads.length, t) ?? `process ${t}`,
    },
    request,
  );
}

/** What a spin's sentences say, as data (the e2e checks them against the event log). */
function spinData(answer: WhyAnswer): Record<string, string> {
  const spin = answer.spin;
  if (!spin) return {};
  const at = spin.atStart;
  return {
    'data-spin-start': String(spin.start),
    'data-lock': String(spin.lock),
    'data-holder-at-start': at.state === 'held' && at.holder ? String(at.holder.cpu) : at.state,
    'data-spinning-at-start': at.spinners
      .filter((w) => w.cpu !== spin.cpu)
      .map((w) => w.cpu)
      .join(' '),
    'data-took-before': spin.tookBefore.join(' '),
  };
}

export default function WhyPanel({ store, why, request, seq }: { store: LabStore; why: WhyState; request: WhyRequest; seq: number }) {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- seq counts each opening: asking again about the same wait works it out again from the trace as it is now
  const answer = useMemo(() => answerFor(store, request), [store, request, seq]);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [seq]);
  const headingId = `why-heading-${seq}`;
  return (
    <div
      className="why-panel"
      role="dialog"
      aria-modal="false"
      aria-labelledby={headingId}
      data-testid="why-panel"
      data-kind={answer.kind}
      {...spinData(answer)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          why.close();
        }
      }}
    >
      <div className="why-head">
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          {answer.title}
        </h2>
        <button type="button" className="btn" onClick={() => why.close()}>
          Close
        </button>
      </div>
      {answer.sentences.length > 0 && (
        <ul className="why-sentences" data-testid="why-sentences">
          {answer.sentences.map((sentence, i) => (
            <li key={i}>{sentence}</li>
          ))}
        </ul>
      )}
      {answer.missing.length > 0 && (
        <div className="why-missing" data-testid="why-missing">
          <p>
            <strong>Not in the trace:</strong> {answer.missing.join(' ')}
          </p>
        </div>
      )}
      <p className="why-foot muted">
        From the trace records {request.latest ? `up to ${(request.t / 1e6).toFixed(3)} ms` : `around ${(request.t / 1e6).toFixed(3)} ms`}.{' '}
        Rewind with the scrubber to look at another moment.
      </p>
    </div>
  );
}
