/*
 * CoresPage.tsx -- "Your own cores" (#/cores, issue 41): the six lock algorithms run by
 * real threads (module Web Workers sharing one SharedArrayBuffer) on the learner's
 * machine, beside the simulator's curve for the same lock. The learner picks the locks,
 * the thread counts (1 to twice the cores), the critical section, the run's length and
 * its repeats; Start runs every point (progress and Stop as the lab's sweeps), then the
 * simulator runs the same locks at the same counts on the service kernel with this
 * machine's measured costs. "Measure this machine" times a cache line's transfer and an
 * uncontended lock, and links to the lab set from them.
 *
 * Where the threads cannot share memory (the page is not cross-origin isolated, or is in
 * a frame of a page that is not) the page says why in words and links to #/cores in a
 * tab of its own; it never shows an empty chart. Under a service worker that adds the
 * isolation headers, one reload turns isolation on: done once, by itself.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { VariantRunner } from '../../core/client.js';
import { sweepWorkerCount, type VariantRun } from '../../core/sweep.js';
import { createSimWorker } from '../../lab/worker-factory.js';
import { useWidth } from '../../lab/hooks.js';
import { useSiteTheme } from '../../site/theme.js';
import { LOCK_ALGORITHMS, type LockAlgorithm, type MachineCosts, type PointResult } from '../types.js';
import { defaultWorkers } from '../runner.js';
import { pointSummary } from '../stats.js';
import { browserThreadHost } from './browser-host.js';
import { measureMachine, startBench, type BenchPlan, type BenchRun } from './bench.js';
import { CoresChart } from './CoresChart.js';
import { coresUrl, isolationOf, readEnvironment, type Isolation } from './isolation.js';
import {
  ALGORITHM_INFO,
  benchTimesNs,
  formatHandoff,
  formatNsShort,
  labHash,
  measuredSeries,
  noSimulatorWords,
  oneThreadLoopNs,
  simulatedSeries,
  simVariants,
  starvedWords,
  threadsWords,
  workerChoices,
  type SimPoint,
} from './model.js';
import './cores.css';

const RELOADED = 'stacklab-cores-isolation-reload';

export function CoresPage() {
  const isolation = useMemo(() => isolationOf(readEnvironment()), []);
  useEffect(() => {
    if (isolation.ok || !isolation.reload) return;
    // The service worker that isolates the page it serves controls this tab now: one reload.
    try {
      if (sessionStorage.getItem(RELOADED)) return;
      sessionStorage.setItem(RELOADED, '1');
    } catch {
      return;
    }
    location.reload();
  }, [isolation]);
  return (
    <div className="cores-page">
      <div className="page-intro">
        <h1>Your own cores</h1>
        <p className="cores-lede">
          The lock algorithms of the lessons, run for real by threads on this computer, beside the simulator’s model of the same locks.
          Numbers from this computer say <strong>measured on this machine</strong>; the simulator’s say <strong>simulated</strong>.
        </p>
      </div>
      {isolation.ok ? <Bench /> : <CannotRun isolation={isolation} />}
    </div>
  );
}

function CannotRun({ isolation }: { isolation: Extract<Isolation, { ok: false }> }) {
  const href = coresUrl(location.href);
  return (
    <section className="cores-cannot" data-testid="cores-cannot" aria-labelledby="cores-cannot-title">
      <h2 id="cores-cannot-title">{isolation.title}</h2>
      <p>{isolation.why}</p>
      <p className="cores-actions">
        {isolation.openAlone && (
          <a className="btn btn-primary" href={href} target="_blank" rel="noopener">
            Open “Your own cores” in a tab of its own
          </a>
        )}
        {isolation.reload && (
          <button type="button" className="btn btn-primary" onClick={() => location.reload()}>
            Reload this page
          </button>
        )}
      </p>
      <p>
        Meanwhile the simulator’s locks are in <a href="#/lab">the lab</a> (the service kernel’s disciplines: test-and-set, ticket, MCS,
        wake one and wake all).
      </p>
    </section>
  );
}

type BenchStatus = 'idle' | 'measuring' | 'running' | 'simulating' | 'done' | 'stopped' | 'failed';

const DURATIONS = [100, 150, 250, 500, 1000, 2000];
const REPEATS = [1, 2, 3, 5];

function Bench() {
  const theme = useSiteTheme();
  const host = useMemo(() => browserThreadHost(), []);
  const cores = host.cores;
  const choices = useMemo(() => workerChoices(cores), [cores]);
  const [algorithms, setAlgorithms] = useState<LockAlgorithm[]>([...LOCK_ALGORITHMS]);
  const [counts, setCounts] = useState<number[]>(() => defaultWorkers(cores));
  const [criticalLines, setCriticalLines] = useState(2);
  const [criticalSpins, setCriticalSpins] = useState(100);
  const [thinkSpins, setThinkSpins] = useState(400);
  const [durationMs, setDurationMs] = useState(250);
  const [repeats, setRepeats] = useState(3);
  const [costs, setCosts] = useState<MachineCosts | null>(null);
  const [status, setStatus] = useState<BenchStatus>('idle');
  const [message, setMessage] = useState('');
  const [progress, setProgress] = useState({ done: 0, total: 0, what: '' });
  const [points, setPoints] = useState<PointResult[]>([]);
  const [simPoints, setSimPoints] = useState<SimPoint[]>([]);
  const [simRun, setSimRun] = useState<VariantRun | undefined>();
  const [ran, setRan] = useState<BenchPlan | null>(null);
  const bench = useRef<BenchRun | null>(null);
  const runner = useRef<VariantRunner | null>(null);
  const measuring = useRef<AbortController | null>(null);
  const [chartRef, chartWidth] = useWidth<HTMLDivElement>();

  useEffect(
    () => () => {
      bench.current?.cancel();
      runner.current?.dispose();
      measuring.current?.abort();
    },
    [],
  );

  const busy = status === 'measuring' || status === 'running' || status === 'simulating';
  const plan: BenchPlan = useMemo(
    () => ({ algorithms, workerCounts: counts, criticalLines, criticalSpins, thinkSpins, durationMs, repeats }),
    [algorithms, counts, criticalLines, criticalSpins, thinkSpins, durationMs, repeats],
  );
  const estimateS = (algorithms.length * counts.length * repeats * (durationMs + 60)) / 1000;

  const measure = useCallback(async (): Promise<MachineCosts | null> => {
    setStatus('measuring');
    setMessage('Measuring this machine: a cache line passed between two threads, and an uncontended lock…');
    const abort = new AbortController();
    measuring.current = abort;
    try {
      const measured = await measureMachine(host, abort.signal);
      setCosts(measured);
      setMessage('');
      return measured;
    } catch (error) {
      if (abort.signal.aborted) {
        setStatus('stopped');
        setMessage('Stopped before the machine was measured.');
        return null;
      }
      setStatus('failed');
      setMessage(`The measurement failed: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    } finally {
      measuring.current = null;
    }
  }, [host]);

  const simulate = useCallback(
    (machine: MachineCosts, used: BenchPlan, measuredPoints: readonly PointResult[]) => {
      const variants = simVariants(used.algorithms, used.workerCounts, used, machine, oneThreadLoopNs(measuredPoints));
      if (variants.length === 0) {
        setStatus('done');
        setMessage('');
        return;
      }
      setStatus('simulating');
      setMessage('Running the simulator’s curve for the same locks…');
      runner.current?.dispose();
      const r = new VariantRunner(createSimWorker, sweepWorkerCount(cores), (run) => {
        setSimRun(run);
        setSimPoints(
          variants.flatMap((v, i) => {
            const report = run.reports[i];
            const value = report?.service?.requests_per_s;
            return value !== undefined ? [{ algorithm: v.algorithm, workers: v.workers, value }] : [];
          }),
        );
        if (run.status === 'done' || run.status === 'cancelled' || run.status === 'failed') {
          setStatus(run.status === 'failed' ? 'failed' : run.status === 'cancelled' ? 'stopped' : 'done');
          setMessage(
            run.status === 'failed' ? `The simulator stopped: ${run.message ?? 'a worker failed'}` : run.refusals.filter(Boolean).join(' '),
          );
        }
      });
      runner.current = r;
      void r.start(variants);
    },
    [cores],
  );

  const start = useCallback(async () => {
    if (busy || algorithms.length === 0 || counts.length === 0) return;
    const used: BenchPlan = {
      ...plan,
      algorithms: LOCK_ALGORITHMS.filter((a) => algorithms.includes(a)),
      workerCounts: [...counts].sort((a, b) => a - b),
    };
    setPoints([]);
    setSimPoints([]);
    setSimRun(undefined);
    setRan(used);
    const machine = costs ?? (await measure());
    if (!machine) return;
    setStatus('running');
    setMessage('');
    const collected: PointResult[] = [];
    const run = startBench(host, used, {
      point: (point) => {
        collected.push(point);
        setPoints([...collected]);
      },
      progress: (done, all, what) => setProgress({ done, total: all, what }),
    });
    bench.current = run;
    const outcome = await run.done;
    bench.current = null;
    if (outcome.status === 'failed') {
      setStatus('failed');
      setMessage(`The bench stopped: ${outcome.message}`);
      return;
    }
    if (outcome.status === 'cancelled') {
      setStatus('stopped');
      setMessage('Stopped. The points measured so far are drawn.');
      return;
    }
    simulate(machine, used, collected);
  }, [busy, algorithms, counts, plan, costs, measure, host, simulate]);

  const stop = () => {
    measuring.current?.abort();
    bench.current?.cancel();
    runner.current?.cancel();
  };

  // the figures for tests and scripts (cores.spec reads them), made once per new point, not per progress tick
  const resultsJson = useMemo(
    () =>
      JSON.stringify(
        points.map((p) => {
          const f = pointSummary(p);
          return {
            algorithm: p.algorithm,
            workers: p.workers,
            median: p.median,
            min: p.min,
            max: p.max,
            runs: p.runs.length,
            fairness: f.fairness,
            handoffNs: f.handoff?.ns ?? null,
            handoffAtMost: f.handoff?.atMost ?? null,
            leastPerWorker: Math.min(...p.runs.flatMap((r) => r.perWorker)),
            perRun: p.runs.map((r) => r.perWorker),
            workersCounted: Math.min(...p.runs.map((r) => r.perWorker.length)),
            exact: f.lostRuns === 0,
          };
        }),
      ),
    [points],
  );
  const measured = useMemo(() => measuredSeries(points), [points]);
  const simulated = useMemo(() => simulatedSeries(simPoints), [simPoints]);
  const shown = ran ?? plan;
  const maxThreads = Math.max(...shown.workerCounts, 2);
  const labAlgorithm = shown.algorithms.find((a) => a !== 'ttas') ?? 'tas';
  const times = costs ? benchTimesNs(plan, costs) : null;
  const loops = oneThreadLoopNs(points);
  const pct =
    status === 'simulating' && simRun
      ? simRun.done / Math.max(1, simRun.variants.length)
      : progress.total
        ? progress.done / progress.total
        : 0;

  return (
    <div
      className="cores-bench"
      data-testid="cores-bench"
      data-status={status}
      data-cores={cores}
      data-results={resultsJson}
      data-simulated={JSON.stringify(simPoints)}
    >
      <form
        className="cores-controls"
        aria-label="Bench settings"
        onSubmit={(event) => {
          event.preventDefault();
          void start();
        }}
      >
        <fieldset disabled={busy}>
          <legend>Locks</legend>
          <CheckList
            className="cores-locks"
            items={LOCK_ALGORITHMS}
            chosen={algorithms}
            onChange={setAlgorithms}
            data={(a) => ({ 'data-algorithm': a })}
            label={(a) => (
              <span>
                <strong>{ALGORITHM_INFO[a].label}</strong> <span className="cores-muted">{ALGORITHM_INFO[a].words}</span>
              </span>
            )}
          />
        </fieldset>
        <fieldset disabled={busy}>
          <legend>
            Threads{' '}
            <span className="cores-muted">
              (this machine has {cores} {cores === 1 ? 'core' : 'cores'}; up to twice that)
            </span>
          </legend>
          <CheckList
            className="cores-counts"
            items={choices}
            chosen={counts}
            onChange={setCounts}
            data={(n) => ({ 'data-threads': n })}
            label={(n) => `${n}${n === cores ? ' (cores)' : ''}`}
          />
        </fieldset>
        <fieldset disabled={busy} className="cores-numbers">
          <legend>Each acquisition</legend>
          <IntField label="Cache lines written under the lock" max={16} value={criticalLines} onChange={setCriticalLines} />
          <IntField
            label="Work under the lock (busy-loop steps)"
            max={100000}
            step={10}
            value={criticalSpins}
            onChange={setCriticalSpins}
            after={times && ` ≈ ${formatNsShort(times.criticalNs)} with the lock’s own cost`}
          />
          <IntField
            label="Work between acquisitions (busy-loop steps)"
            max={1000000}
            step={100}
            value={thinkSpins}
            onChange={setThinkSpins}
            after={times && ` ≈ ${formatNsShort(times.thinkNs)}`}
          />
          <label>
            Each run lasts
            <select value={durationMs} onChange={(e) => setDurationMs(Number(e.target.value))}>
              {DURATIONS.map((d) => (
                <option key={d} value={d}>
                  {d} ms
                </option>
              ))}
            </select>
          </label>
          <label>
            Repeats of each point
            <select value={repeats} onChange={(e) => setRepeats(Number(e.target.value))}>
              {REPEATS.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </label>
        </fieldset>
        <div className="cores-run">
          {!busy ? (
            <button
              type="submit"
              className="btn btn-primary"
              disabled={algorithms.length === 0 || counts.length === 0}
              data-testid="cores-start"
            >
              Start
            </button>
          ) : (
            <button type="button" className="btn" onClick={stop} data-testid="cores-stop">
              Stop
            </button>
          )}
          <span className="cores-muted">
            {algorithms.length} {algorithms.length === 1 ? 'lock' : 'locks'} × {counts.length} thread{' '}
            {counts.length === 1 ? 'count' : 'counts'} × {repeats} {repeats === 1 ? 'run' : 'runs'}: about {Math.ceil(estimateS)} s, then
            the simulator
          </span>
          {busy && (
            <span className="cores-progress" role="status">
              <progress max={1} value={pct} aria-label="Bench progress" />{' '}
              {status === 'running'
                ? `${progress.done} of ${progress.total} runs measured${progress.what ? `; now ${progress.what}` : ''}`
                : status === 'simulating'
                  ? `simulating: ${simRun?.done ?? 0} of ${simRun?.variants.length ?? 0}`
                  : 'measuring this machine'}
            </span>
          )}
        </div>
        {message && (
          <p
            className={status === 'failed' ? 'cores-message cores-error' : 'cores-message'}
            role={status === 'failed' ? 'alert' : undefined}
          >
            {message}
          </p>
        )}
      </form>

      <section className="cores-machine" aria-labelledby="cores-machine-title">
        <h2 id="cores-machine-title">This machine</h2>
        {costs ? (
          <dl
            className="cores-costs"
            data-testid="cores-costs"
            data-line-ns={costs.lineTransferNs}
            data-uncontended-ns={costs.uncontendedNs}
          >
            <div>
              <dt>A cache line between two cores</dt>
              <dd>{formatNsShort(costs.lineTransferNs)}</dd>
            </div>
            <div>
              <dt>An uncontended lock and unlock</dt>
              <dd>{formatNsShort(costs.uncontendedNs)}</dd>
            </div>
            <div>
              <dt>One busy-loop step</dt>
              <dd>{formatNsShort(costs.spinNs)}</dd>
            </div>
            <div>
              <dt>Cores</dt>
              <dd>{costs.cores}</dd>
            </div>
          </dl>
        ) : null}
        {costs && !costs.settled ? (
          <p className="cores-note" role="note" data-testid="cores-unsettled">
            Other work on this machine kept slowing these timings, over three tries, so they may be high. Close other tabs and programs,
            then press Measure this machine again.
          </p>
        ) : null}
        {costs ? null : <p>Not measured yet: Start measures it first, or measure it alone.</p>}
        <p className="cores-actions">
          <button
            type="button"
            className="btn"
            disabled={busy}
            onClick={() => void measure().then((m) => m && setStatus((s) => (s === 'measuring' ? 'idle' : s)))}
          >
            Measure this machine
          </button>
          {costs && (
            <a
              className="btn"
              href={labHash(labAlgorithm, Math.min(Math.max(1, ...shown.workerCounts), 256), shown, costs, loops[labAlgorithm])}
              data-testid="cores-lab-link"
            >
              Open the lab with these costs ({ALGORITHM_INFO[labAlgorithm].label}, {Math.max(1, ...shown.workerCounts)} CPUs)
            </a>
          )}
        </p>
        {costs && (
          <p className="cores-muted">
            The lab opens the service kernel with a cache line transfer of {formatNsShort(costs.lineTransferNs)} and the critical section
            and the work between requests of these settings in ns (measured on this machine; once a 1-thread run is measured, the critical
            section is that lock’s time per acquisition less the work between, as for the simulated curves).
          </p>
        )}
      </section>

      <section className="cores-results" aria-labelledby="cores-results-title">
        <h2 id="cores-results-title">Results</h2>
        <div ref={chartRef} className="cores-chart-slot">
          {points.length === 0 ? (
            <p className="cores-empty" data-testid="cores-empty">
              {status === 'running' || status === 'measuring'
                ? 'The first point is being measured; the chart draws as points arrive.'
                : 'Nothing measured yet. Pick the locks and thread counts, then press Start: each point runs its threads for real on this machine, then the simulator runs the same locks.'}
            </p>
          ) : (
            chartWidth > 0 && (
              <CoresChart
                points={points}
                measured={measured}
                simulated={simulated}
                simPoints={simPoints}
                cores={cores}
                maxThreads={maxThreads}
                width={chartWidth}
                theme={theme}
              />
            )
          )}
        </div>
        {points.length > 0 && (
          <p className="cores-note">
            {[
              Object.keys(loops).length > 0
                ? 'The simulated curves take each lock’s critical section from its 1-thread run on this machine (its time per acquisition less the work between), so each pair starts together and parts where contention sets in.'
                : null,
              ...shown.algorithms.map((a) => noSimulatorWords(a)),
              maxThreads > cores
                ? `The simulator gives every thread a CPU of its own: past ${threadsWords(cores)} it models a bigger machine, while on this one the threads take turns on ${cores} ${cores === 1 ? 'core' : 'cores'}.`
                : null,
            ]
              .filter(Boolean)
              .join(' ')}
          </p>
        )}
        {points.length > 0 && <Fairness points={points} />}
      </section>
    </div>
  );
}

/** Each point's fairness and hand-off, measured on this machine, as a table a screen reader can walk. */
function Fairness({ points }: { points: readonly PointResult[] }) {
  const rows = [...points].sort(
    (a, b) => LOCK_ALGORITHMS.indexOf(a.algorithm) - LOCK_ALGORITHMS.indexOf(b.algorithm) || a.workers - b.workers,
  );
  const counts = [...new Set(rows.map((p) => p.workers))].sort((a, b) => a - b);
  const algorithms = LOCK_ALGORITHMS.filter((a) => rows.some((p) => p.algorithm === a));
  return (
    <div className="cores-fairness">
      <h3>Fairness and hand-off (measured on this machine)</h3>
      <p className="cores-muted">
        Fairness is Jain’s index over the threads’ acquisitions: 1 when every thread got the same share, 1/n when one got them all. Hand-off
        is the median time from a release to the next acquisition by another thread (“at most” where the threads’ clocks agreed no better
        than the hand-off itself). A run goes on past its time until every thread has had the lock once, up to ten times its time, so each
        point is a run of all its threads; “got none” counts threads that still never acquired it: an unfair lock lets the same threads win,
        and past the cores a thread can wait off the cores that long.
      </p>
      <table className="slv-table cores-fairness-table">
        <caption>Fairness, and hand-off time, by lock and threads</caption>
        <thead>
          <tr>
            <th scope="col">Lock</th>
            {counts.map((n) => (
              <th key={n} scope="col">
                {n} {n === 1 ? 'thread' : 'threads'}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {algorithms.map((a) => (
            <tr key={a}>
              <th scope="row">{ALGORITHM_INFO[a].label}</th>
              {counts.map((n) => {
                const p = rows.find((q) => q.algorithm === a && q.workers === n);
                if (!p) return <td key={n}>–</td>;
                const f = pointSummary(p);
                return (
                  <td key={n}>
                    {Number.isFinite(f.fairness) ? f.fairness.toFixed(2) : '–'}
                    {n > 1 && f.handoff ? ` · ${formatHandoff(f.handoff)}` : ''}
                    {f.starved > 0 && <span className="cores-starved"> · {starvedWords(f.starved)}</span>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A list of checkboxes, one per item, each adding its item to `chosen` or taking it out. */
function CheckList<T extends string | number>(props: {
  className: string;
  items: readonly T[];
  chosen: readonly T[];
  onChange: (chosen: T[]) => void;
  data: (item: T) => Record<string, string | number>;
  label: (item: T) => ReactNode;
}) {
  return (
    <ul className={`cores-choices ${props.className}`}>
      {props.items.map((item) => (
        <li key={item}>
          <label className="cores-check">
            <input
              type="checkbox"
              {...props.data(item)}
              checked={props.chosen.includes(item)}
              onChange={(e) => props.onChange(toggle(props.chosen, item, e.target.checked))}
            />
            {props.label(item)}
          </label>
        </li>
      ))}
    </ul>
  );
}

function toggle<T>(list: readonly T[], item: T, on: boolean): T[] {
  return on ? (list.includes(item) ? [...list] : [...list, item]) : list.filter((x) => x !== item);
}

/** A whole-number setting from 0 to `max`: what is typed is clamped into range (a blank or a word reads as 0). */
function IntField(props: {
  label: string;
  max: number;
  step?: number;
  value: number;
  onChange: (value: number) => void;
  after?: ReactNode;
}) {
  return (
    <label>
      {props.label}
      <input
        type="number"
        min={0}
        max={props.max}
        step={props.step}
        value={props.value}
        onChange={(e) => props.onChange(clampInt(e.target.value, 0, props.max))}
      />
      {props.after ? <span className="cores-muted">{props.after}</span> : null}
    </label>
  );
}

function clampInt(text: string, lo: number, hi: number): number {
  const n = Math.round(Number(text));
  return Number.isFinite(n) ? Math.min(hi, Math.max(lo, n)) : lo;
}
