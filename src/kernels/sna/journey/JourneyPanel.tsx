/*
 * JourneyPanel.tsx -- the porting journey of SNA Server/6000 (shown while the lab runs
 * the SNA kernel): the source's remedies as a checklist in its order; each change sets
 * the scenario field in the lab (so the main run and the link follow) and measures the
 * scenario to its end on 1 CPU and on 4 in workers of its own (store.runVariants); then
 * the measured transfer's response on each, how many times slower or faster 4 CPUs
 * are, the scaling factor "of 4", and the history of every step taken.
 *
 * A change while the runs are going stops them at once and measures the new setting;
 * the figures of the last finished step stay on screen, marked as such, meanwhile.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { variantKey, type VariantRun } from '../../../core/sweep.js';
import { formatNs } from '../../../views/format.js';
import type { Theme } from '../../../views/palette.js';
import { useLab, useWidth } from '../../../lab/hooks.js';
import { JourneyChart } from './JourneyChart.js';
import type { LabState, LabStore } from '../../../lab/store.js';
import {
  addStep,
  asPorted,
  JOURNEY_CPUS,
  journeyVariants,
  ratioWords,
  REMEDIES,
  remedyNote,
  remedyOn,
  scalingNumber,
  stepSentence,
  withAllRemedies,
  withRemedy,
  type JourneyStep,
  type Remedy,
  type Response,
} from './journey.js';
import './journey.css';

/** The name of the journey's variant run in the store. */
export const JOURNEY_RUN = 'journey';
/** A pause after a change before measuring, so quick clicks measure only the last setting. */
const SETTLE_MS = 250;

const selectRun = (s: LabState): VariantRun | undefined => s.variants[JOURNEY_RUN];
const selectReady = (s: LabState) => s.status === 'ready';
const [ONE_WAY, N_WAY] = JOURNEY_CPUS;

export function JourneyPanel({ store, theme }: { store: LabStore; theme: Theme }) {
  const scenario = useLab(store, 'scenario');
  const loading = useLab(store, 'loading');
  const ready = useLab(store, selectReady);
  const run = useLab(store, selectRun);
  const variants = useMemo(() => journeyVariants(scenario), [scenario]);
  const key = useMemo(() => variantKey(variants), [variants]);
  const [history, setHistory] = useState<readonly JourneyStep[]>([]);
  const headingId = useId();

  // Measure each new setting once the lab has loaded it (the core has checked it and
  // filled in every field); a run of an older setting stops at once.
  useEffect(() => {
    const current = store.getState().variants[JOURNEY_RUN];
    if (current?.status === 'running' && current.key !== key) store.cancelVariants(JOURNEY_RUN);
    if (!ready || loading) return;
    if (current && current.key === key && current.status !== 'cancelled') return;
    const timer = setTimeout(() => void store.runVariants(JOURNEY_RUN, variants), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [store, ready, loading, key, variants]);
  useEffect(() => () => store.cancelVariants(JOURNEY_RUN), [store]);
  // each new state of the run adds its step, once done (addStep): adjusted while rendering, not in an effect
  const [runSeen, setRunSeen] = useState<VariantRun | undefined>(undefined);
  if (run !== runSeen) {
    setRunSeen(run);
    if (run) setHistory(addStep(history, run));
  }

  const change = (remedy: Remedy, on: boolean) => store.setScenario(withRemedy(scenario, remedy, on));
  const latest = history[history.length - 1];
  const fresh = latest?.key === key;
  const running = run?.status === 'running';
  const refusals = run?.key === key ? run.refusals.filter((r): r is string => !!r) : [];
  const failed = run?.key === key && run.status === 'failed' ? run.message : undefined;

  return (
    <section className="journey" aria-labelledby={headingId} data-testid="journey">
      <div className="journey-head">
        <h2 id={headingId}>
          The porting journey: {ONE_WAY} CPU against {N_WAY}
        </h2>
        <p className="journey-intro">
          The remedies IBM made porting SNA Server/6000 to AIX SMP, in the source’s order. Switch one and the lab runs this scenario to its
          end on {ONE_WAY} CPU and on {N_WAY}, and compares the TP response time.
          <span className="journey-source">
            {' '}
            The source’s figures: as first ported, 10 times slower on 4 CPUs than on 1; after the remedies, 3.3 times faster (scaling 3.3 of
            4). This model reaches the second but not the first (its as-ported 4-way shows the herd but moves the transfer about as fast as
            the 1-way; see the lesson “The SMP porting journey”).
          </span>
        </p>
      </div>
      <div className="journey-body">
        <fieldset className="journey-remedies">
          <legend>Remedies, in the source’s order</legend>
          <ol>
            {REMEDIES.map((remedy) => (
              <RemedyItem
                key={remedy.id}
                remedy={remedy}
                on={remedyOn(scenario, remedy)}
                note={remedyNote(scenario, remedy)}
                onChange={(on) => change(remedy, on)}
              />
            ))}
          </ol>
          <div className="journey-buttons">
            <button type="button" className="btn" onClick={() => store.setScenario(asPorted(scenario))}>
              Reset to as ported
            </button>
            <button
              type="button"
              className="btn"
              aria-describedby={`${headingId}-all`}
              onClick={() => store.setScenario(withAllRemedies(scenario))}
            >
              Apply all
            </button>
            <span className="journey-hint" id={`${headingId}-all`}>
              Apply all turns on every remedy the source made; bucket locks, which it deferred, stay as they are.
            </span>
          </div>
        </fieldset>
        <div className="journey-results">
          <Progress run={run} current={run?.key === key} />
          {(refusals.length > 0 || failed) && (
            <div className="journey-problems" role="alert">
              <p>
                <strong>These runs could not be measured:</strong>
              </p>
              <ul>
                {refusals.map((why, i) => (
                  <li key={i}>{why}</li>
                ))}
                {failed && <li>{failed}</li>}
              </ul>
            </div>
          )}
          {latest ? (
            <>
              <p className="journey-caption">
                {fresh
                  ? `Step ${history.length}`
                  : running
                    ? `Shown until the new setting is measured: step ${history.length}`
                    : `Last measured: step ${history.length}`}
                , <strong>{latest.change}</strong>
              </p>
              <Comparison step={latest} stale={!fresh} />
              <History steps={history} theme={theme} />
            </>
          ) : (
            !running && !refusals.length && !failed && <p className="journey-caption">Waiting for the lab to load this scenario…</p>
          )}
          <p className="visually-hidden" role="status" aria-live="polite">
            {running ? `Measuring the new setting on ${ONE_WAY} CPU and ${N_WAY} CPUs.` : latest && fresh ? stepSentence(latest) : ''}
          </p>
        </div>
      </div>
    </section>
  );
}

function RemedyItem({ remedy, on, note, onChange }: { remedy: Remedy; on: boolean; note?: string; onChange(on: boolean): void }) {
  const id = useId();
  return (
    <li className={`journey-remedy${on ? ' journey-remedy-on' : ''}${remedy.deferred ? ' journey-remedy-deferred' : ''}`}>
      <input
        id={id}
        type="checkbox"
        checked={on}
        aria-describedby={`${id}-explain${note ? ` ${id}-note` : ''}`}
        onChange={(event) => onChange(event.target.checked)}
      />
      <div>
        <label htmlFor={id}>
          {remedy.title}
          {remedy.deferred && <span className="journey-deferred"> (deferred in the source)</span>}
        </label>
        <p className="journey-explain" id={`${id}-explain`}>
          {remedy.explain}
        </p>
        {note && (
          <p className="journey-note" id={`${id}-note`}>
            {note}
          </p>
        )}
      </div>
    </li>
  );
}

function Progress({ run, current }: { run?: VariantRun; current: boolean }) {
  if (!run || run.status !== 'running') return null;
  return (
    <div className="journey-progress">
      <progress max={run.variants.length} value={run.done} aria-label="Measuring runs done" data-testid="journey-progress" />
      <span>
        Running {ONE_WAY} CPU and {N_WAY} CPUs to the end of the run… {run.done} of {run.variants.length} done
        {!current && ' (an older setting)'}
      </span>
    </div>
  );
}

function ResponseFigure({ label, response }: { label: string; response: Response }) {
  return (
    <div className="journey-figure">
      <dt>{label}</dt>
      <dd>
        <span className="journey-value">{formatNs(response.ns)}</span>
        <span className="journey-detail">{response.derived ? 'estimated from throughput*' : 'measured'}</span>
      </dd>
    </div>
  );
}

function Comparison({ step, stale }: { step: JourneyStep; stale: boolean }) {
  const { oneWay, nWay, ratio, scaling, transfer } = step.result;
  const derived = [transfer.oneWay.derived && `${ONE_WAY} CPU`, transfer.nWay.derived && `${N_WAY} CPUs`].filter(Boolean).join(' and ');
  const slower = ratio > 1;
  return (
    <>
      <dl className={`journey-figures${stale ? ' journey-stale' : ''}`} aria-label="TP response time on 1 and 4 CPUs">
        <div
          className={`journey-figure journey-headline ${slower ? 'journey-slower' : 'journey-faster'}`}
          data-testid="journey-ratio"
          data-value={Number.isFinite(ratio) ? ratio : ''}
        >
          <dt>
            {N_WAY} CPUs against {ONE_WAY}
          </dt>
          <dd>
            <span className="journey-value">{ratioWords(ratio)}</span>
          </dd>
        </div>
        <ResponseFigure label={`TP response on ${ONE_WAY} CPU`} response={oneWay} />
        <ResponseFigure label={`TP response on ${N_WAY} CPUs`} response={nWay} />
        <div className="journey-figure" data-testid="journey-scaling" data-value={Number.isFinite(scaling) ? scaling : ''}>
          <dt>Scaling</dt>
          <dd>
            <span className="journey-value">
              {scalingNumber(scaling)} <span className="journey-of">of {N_WAY}</span>
            </span>
            <span className="journey-detail">
              {ONE_WAY}-CPU response ÷ {N_WAY}-CPU response
            </span>
          </dd>
        </div>
      </dl>
      <p className="journey-transfer" data-testid="journey-transfer">
        TP response is the sessions’ round trip (write 2 KB, read the partner’s answer). The measured 1 MB transfer took{' '}
        {formatNs(transfer.oneWay.ns)}
        {transfer.oneWay.derived ? '*' : ''} on {ONE_WAY} CPU and {formatNs(transfer.nWay.ns)}
        {transfer.nWay.derived ? '*' : ''} on {N_WAY} ({ratioWords(transfer.nWay.ns / transfer.oneWay.ns)}): a transfer is one thread among
        about 150 in a full run queue, so it mostly measures its share of the CPUs.
      </p>
      {derived && (
        <p className="journey-footnote">
          * No measured transfer finished within the run on {derived}: the response shown is the transfer’s size divided by the bytes it
          moved per second.
        </p>
      )}
    </>
  );
}

function History({ steps, theme }: { steps: readonly JourneyStep[]; theme: Theme }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  return (
    <div className="journey-history">
      <h3>Your steps</h3>
      <p className="journey-legend">
        Each bar is the scaling after a step, numbered as in the list: orange when {N_WAY} CPUs were slower than {ONE_WAY}, blue when
        faster. Dashed lines: {ONE_WAY} (no gain over one CPU) and {N_WAY} (perfect).
      </p>
      <div className="journey-chart-box" ref={ref}>
        <JourneyChart steps={steps} width={width} theme={theme} />
      </div>
      <ol className="journey-steps" data-testid="journey-history">
        {steps.map((step, i) => (
          <li key={step.seq} aria-current={i === steps.length - 1 ? 'step' : undefined}>
            <strong>{step.change}</strong>: {ratioWords(step.result.ratio)}, scaling {scalingNumber(step.result.scaling)} of {N_WAY}
          </li>
        ))}
      </ol>
    </div>
  );
}
