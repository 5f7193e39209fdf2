/*
 * ComparePage.tsx -- #/compare?a=...&b=...: two labs side by side on one clock. Each
 * side is a LabStore with its own simulation worker (the lab's, unchanged); the
 * page's one transport drives a LockedClock (clock.ts) that steps both to the same
 * simulated instant, and each store holds a frame back until the other's frame for
 * that instant has come, so both sides always show the same time. Between the
 * transport and the views, a table gives each key figure of both sides and B − A
 * with its sign and unit (metrics.ts); the views are the lab's own (ViewArea), one
 * row per view with A on the left and B on the right.
 *
 * The page loads as its own chunk (App.tsx imports it lazily). A link that cannot be
 * read is explained at the top and the page opens a usable comparison anyway.
 */
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { CopyLinkButton } from '../CopyLinkButton.js';
import { SPEEDS, speedIndex, DEFAULT_SPEED, type Speed } from '../../core/playback.js';
import type { ScenarioValues } from '../../core/scenario-values.js';
import type { Schema } from '../../core/schema.js';
import { formatNs } from '../../views/format.js';
import { onFrame, prefersReducedMotion } from '../../views/motion.js';
import { ProjectorModeToggle } from '../../site/ProjectorModeToggle.js';
import { useLinkTheme, useSiteTheme } from '../../site/theme.js';
import type { Theme } from '../../views/palette.js';
import { useLab } from '../hooks.js';
import { presetLookup } from '../presets.js';
import { speedLabel, speedRatio } from '../speed-words.js';
import { LabStore } from '../store.js';
import { SimClock, useTransportKeys } from '../Transport.js';
import { encodeLabState, routeHash, type LabViewState } from '../url.js';
import { ViewArea } from '../ViewArea.js';
import { KERNEL_VIEWS, VIEW_IDS, VIEW_TITLES, viewDrawnFor, type KnownViewId } from '../../shared/view-ids.js';
import { KERNELS } from '../../kernels/index.js';
import { createSimWorker } from '../worker-factory.js';
import { LockedClock, type ClockView } from './clock.js';
import { CpuTable, DiffTable } from './DiffTable.js';
import { counterpart, compareQuery, pairField, planComparison, type PresetLookup, type SideSource } from './pairing.js';
import { scenarioDifferences, sideTitle, type Difference } from './words.js';
import './compare.css';

/**
 * The views a comparison opens with (when the link does not name others): the CPUs, the
 * spin lock, the RADs and the modes, and the kernels' views that ask to be there
 * (KernelView.inCompare: the KRP queue, the herd), in the lab's order.
 */
const DEFAULT_VIEWS: readonly KnownViewId[] = VIEW_IDS.filter(
  (id) => ['cpu-grid', 'lock', 'numa-topology', 'modes'].includes(id) || KERNEL_VIEWS.get(id)?.inCompare,
);

/** Ready-made pairs a class compares (presets; B may be A's counterpart): each kernel's (KernelInfo.comparePairs), once each. */
const PAIRS = KERNELS.flatMap((kernel) => kernel.comparePairs ?? []).filter((pair, i, all) => all.findIndex((p) => p.id === pair.id) === i);

const wall = () => performance.now();

interface SideState {
  source: SideSource;
}

export function ComparePage({ query }: { query: string }) {
  const presets = useMemo(() => presetLookup(), []);
  const plan = useMemo(() => planComparison(query, presets), [query, presets]);
  const [setup] = useState(() => {
    const holds: [() => boolean, () => boolean] = [() => false, () => false];
    const make = (values: ScenarioValues, index: 0 | 1) =>
      new LabStore({
        createWorker: createSimWorker,
        scenario: values,
        scenarioSource: 'link',
        autoplay: false,
        speed: plan.view?.speed ?? DEFAULT_SPEED,
        holdFrames: () => holds[index](),
      });
    const stores = [make(plan.a.values, 0), make(plan.b.values, 1)] as const;
    const clock = new LockedClock(stores, plan.view?.speed ?? DEFAULT_SPEED);
    holds[0] = () => clock.holdsFramesOf(0);
    holds[1] = () => clock.holdsFramesOf(1);
    return { stores, clock };
  });
  const { stores, clock } = setup;
  const [sources, setSources] = useState<[SideState, SideState]>(() => [{ source: plan.a.source }, { source: plan.b.source }]);
  useLinkTheme(plan.view?.theme);
  const theme = useSiteTheme();
  const [views, setViews] = useState<KnownViewId[]>(() => {
    const fromLink = plan.view?.views;
    const linkChoseViews = fromLink && fromLink.join() !== VIEW_IDS.join();
    return linkChoseViews ? [...fromLink] : [...DEFAULT_VIEWS];
  });
  const [dismissed, setDismissed] = useState(false);

  // Workers, and the clock moved on by every change of either side.
  useEffect(() => {
    for (const store of stores) store.start();
    let queued = false;
    const pump = () => {
      if (queued) return;
      queued = true;
      queueMicrotask(() => {
        queued = false;
        clock.pump(wall());
      });
    };
    const unsubscribe = stores.map((store) => store.subscribe(pump));
    return () => {
      unsubscribe.forEach((off) => off());
      for (const store of stores) store.dispose();
    };
  }, [stores, clock]);

  const view = useSyncExternalStore(clock.subscribe, clock.getView, clock.getView);
  // While playing, the clock picks the next instant on every animation frame.
  useEffect(() => {
    if (view.mode === 'paused') return undefined;
    return onFrame(() => clock.pump(wall()));
  }, [clock, view.mode]);
  // Play once both are loaded, as the lab does (not under reduced motion).
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !view.aligned) return;
    started.current = true;
    if (!prefersReducedMotion()) clock.play(wall());
  }, [clock, view.aligned]);

  const schema = useLab(stores[0], 'schema');
  const scenarioA = useLab(stores[0], 'scenario');
  const scenarioB = useLab(stores[1], 'scenario');

  // The address is always a link to this comparison.
  const viewState: LabViewState = { views, speed: view.speed, theme };
  const param = (index: 0 | 1, values: ScenarioValues): string | undefined => {
    const source = sources[index].source;
    if (source.kind === 'preset') return source.name;
    return schema ? encodeLabState(schema, values, viewState) : undefined;
  };
  const aParam = schema
    ? sources[0].source.kind === 'preset' && (views.join() !== DEFAULT_VIEWS.join() || theme !== 'light' || view.speed !== DEFAULT_SPEED)
      ? encodeLabState(schema, scenarioA, viewState)
      : param(0, scenarioA)
    : undefined;
  const bParam = param(1, scenarioB);
  const link = aParam && bParam ? routeHash({ page: 'compare', query: compareQuery(aParam, bParam) }) : undefined;
  useEffect(() => {
    if (link && window.location.hash !== link && window.location.hash.startsWith('#/compare')) {
      window.history.replaceState(window.history.state, '', link);
    }
  }, [link]);

  const choose = (index: 0 | 1, source: SideSource, values: ScenarioValues) => {
    clock.reload();
    stores[index].setScenario(values);
    setSources((old) => (index === 0 ? [{ source }, old[1]] : [old[0], { source }]));
  };
  const choosePair = (pair: (typeof PAIRS)[number]) => {
    const a = presets.values(pair.a);
    if (!a) return;
    const aValues = pair.aCounterpart ? counterpart(a) : a;
    const bValues = pair.b === 'counterpart' ? counterpart(a) : presets.values(pair.b);
    if (!bValues) return;
    clock.reload();
    stores[0].setScenario(aValues);
    stores[1].setScenario(bValues);
    setSources([
      { source: pair.aCounterpart ? { kind: 'counterpart' } : { kind: 'preset', name: pair.a } },
      { source: pair.b === 'counterpart' ? { kind: 'counterpart' } : { kind: 'preset', name: pair.b } },
    ]);
  };

  const root = useRef<HTMLDivElement>(null);
  useCompareKeys(clock, root);
  const notices = useLab(stores[0], 'notice');
  const noticeB = useLab(stores[1], 'notice');
  const problems = [...(dismissed ? [] : plan.problems)];

  return (
    <div
      ref={root}
      className={`compare${theme === 'projector' ? ' lab-projector compare-projector' : ''}`}
      data-ready={view.ready ? 'yes' : 'no'}
      data-aligned={view.aligned ? 'yes' : 'no'}
    >
      <div className="compare-head">
        <div className="page-intro">
          <h1>Compare two runs</h1>
          <p>One clock drives both simulations: the same simulated instant on both sides, every figure side by side.</p>
          <p>
            Opened from the lab, side A is the baseline (the classic kernel, lockl(), a home RAD, a test-and-set lock) and side B the
            remedy, so B − A is what the remedy changes.
          </p>
        </div>
        <div className="lab-tools">
          <CopyLinkButton opens="this comparison" />
          <ProjectorModeToggle />
          <a
            className="btn"
            href={schema ? routeHash({ page: 'lab' }, encodeLabState(schema, scenarioA, { ...viewState, views: [...VIEW_IDS] })) : '#/lab'}
          >
            Open A in the lab
          </a>
        </div>
      </div>
      {problems.length > 0 && (
        <div className="banner banner-notice" role="alert">
          <div className="compare-problems">
            {problems.map((p) => (
              <p key={p}>{p}</p>
            ))}
            <p>The comparison below runs with what could be read; choose other scenarios for either side at any time.</p>
          </div>
          <button type="button" className="btn" onClick={() => setDismissed(true)}>
            Dismiss
          </button>
        </div>
      )}
      {[notices, noticeB].map(
        (notice, i) =>
          notice && (
            <div key={i} className="banner banner-notice" role="alert">
              <p>
                <strong>Side {i === 0 ? 'A' : 'B'}:</strong> {notice}
              </p>
              <button type="button" className="btn" onClick={() => stores[i]!.dismissNotice()}>
                Dismiss
              </button>
            </div>
          ),
      )}
      <nav className="compare-pairs" aria-label="Ready-made pairs">
        <span className="compare-pairs-label">Ready-made pairs</span>
        {PAIRS.map((pair) => (
          <button key={pair.id} type="button" className="btn" onClick={() => choosePair(pair)}>
            {pair.label}
          </button>
        ))}
      </nav>
      <div className="compare-sides">
        {([0, 1] as const).map((index) => (
          <SidePicker
            key={index}
            index={index}
            store={stores[index]}
            source={sources[index].source}
            presets={presets}
            other={index === 0 ? scenarioB : scenarioA}
            onChoose={(source, values) => choose(index, source, values)}
          />
        ))}
        <Differences schema={schema} a={scenarioA} b={scenarioB} />
      </div>
      <CompareTransport clock={clock} view={view} stores={stores} />
      <div className="compare-figures">
        <DiffTable stores={stores} />
        <CpuTable stores={stores} />
      </div>
      <ViewRows stores={stores} views={views} setViews={setViews} theme={theme} />
    </div>
  );
}

/** The page's shortcut keys (Space, "m", "r": as in the lab) drive the clock. */
function useCompareKeys(clock: LockedClock, root: React.RefObject<HTMLDivElement | null>): void {
  const target = useMemo(
    () => ({
      togglePlay: () => (clock.getView().mode === 'paused' ? clock.play(wall()) : clock.pause()),
      stepTime: (ns: number) => clock.step(ns, wall()),
      reset: () => clock.reset(),
    }),
    [clock],
  );
  useTransportKeys(target, root);
}

function SidePicker({
  index,
  store,
  source,
  presets,
  other,
  onChoose,
}: {
  index: 0 | 1;
  store: LabStore;
  source: SideSource;
  presets: PresetLookup;
  other: ScenarioValues;
  onChoose(source: SideSource, values: ScenarioValues): void;
}) {
  const id = useId();
  const letter = index === 0 ? 'A' : 'B';
  const scenario = useLab(store, 'scenario');
  const status = useLab(store, 'status');
  const [custom, setCustom] = useState<{ source: SideSource; values: ScenarioValues } | undefined>(() =>
    source.kind === 'preset' ? undefined : { source, values: scenario },
  );
  // a side given a scenario of its own (a link's, the counterpart) keeps it to choose again:
  // adjusted while rendering when the source changes (the store already has its values)
  const [customFor, setCustomFor] = useState(source);
  if (source !== customFor) {
    setCustomFor(source);
    if (source.kind !== 'preset') setCustom({ source, values: scenario });
  }
  const customLabel = custom?.source.kind === 'link' ? 'The scenario from the link' : `The other side's scenario ${pairField(other).words}`;
  const value = source.kind === 'preset' ? source.name : source.kind === 'link' ? '(link)' : '(counterpart)';
  return (
    <section className={`compare-side compare-side-${letter.toLowerCase()}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="compare-side-title">
        <span className="compare-badge" aria-hidden="true">
          {letter}
        </span>
        <span className="visually-hidden">Side {letter}: </span>
        {sideTitle(scenario)}
      </h2>
      <label htmlFor={id} className="compare-side-label">
        Scenario for side {letter}
      </label>
      <select
        id={id}
        value={value}
        disabled={status !== 'ready'}
        onChange={(event) => {
          const chosen = event.target.value;
          if (chosen === '(counterpart)') onChoose({ kind: 'counterpart' }, counterpart(other));
          else if (chosen === '(link)' && custom) onChoose(custom.source, custom.values);
          else {
            const values = presets.values(chosen);
            if (values) onChoose({ kind: 'preset', name: chosen }, values);
          }
        }}
      >
        {custom?.source.kind === 'link' && <option value="(link)">{customLabel}</option>}
        <option value="(counterpart)">{`Side ${index === 0 ? 'B' : 'A'}'s scenario ${pairField(other).words}`}</option>
        {presets.names.map((name) => (
          <option key={name} value={name}>
            {presets.title(name)}
          </option>
        ))}
      </select>
    </section>
  );
}

/** Settings listed before "and N more" (the rest open on demand). */
const SHOWN_DIFFERENCES = 3;

function DifferenceList({ differences }: { differences: readonly Difference[] }) {
  return (
    <ul>
      {differences.map((d) => (
        <li key={d.path}>
          <strong>{d.label}</strong>: <span className="compare-val-a">A</span> {d.a} · <span className="compare-val-b">B</span> {d.b}
        </li>
      ))}
    </ul>
  );
}

function Differences({ schema, a, b }: { schema?: Schema; a: ScenarioValues; b: ScenarioValues }) {
  const differences = schema ? scenarioDifferences(schema, a, b) : [];
  return (
    <section className="compare-differs" aria-label="What differs between A and B">
      <h2 className="compare-differs-title">What differs</h2>
      {!schema ? (
        <p className="muted">Loading…</p>
      ) : differences.length === 0 ? (
        <p>Nothing: both sides run the same scenario (and seed), so every figure should match.</p>
      ) : (
        <>
          <DifferenceList differences={differences.slice(0, SHOWN_DIFFERENCES)} />
          {differences.length > SHOWN_DIFFERENCES && (
            <details className="compare-differs-more">
              <summary>and {differences.length - SHOWN_DIFFERENCES} more settings</summary>
              <DifferenceList differences={differences.slice(SHOWN_DIFFERENCES)} />
            </details>
          )}
        </>
      )}
      {schema && a['sim.seed'] === b['sim.seed'] && <p className="muted small">Same seed ({String(a['sim.seed'])}) on both sides.</p>}
    </section>
  );
}

function CompareTransport({ clock, view, stores }: { clock: LockedClock; view: ClockView; stores: readonly [LabStore, LabStore] }) {
  const speedId = useId();
  const index = speedIndex(view.speed);
  const busy = !view.ready;
  const doneA = useLab(stores[0], 'done');
  const doneB = useLab(stores[1], 'done');
  const nowA = useLab(stores[0], 'nowNs');
  const nowB = useLab(stores[1], 'nowNs');
  const total = Math.max(1, view.endNs - view.startNs);
  const progress = view.finished ? 1 : Math.min(1, Math.max(0, (view.nowNs - view.startNs) / total));
  const playing = view.mode !== 'paused';
  return (
    <div className="lab-bar compare-bar">
      <div className="transport" role="group" aria-label="Playback of both sides">
        <div className="transport-buttons">
          <button
            type="button"
            className="btn btn-primary btn-play"
            data-testid="compare-play"
            disabled={busy}
            aria-keyshortcuts="Space"
            onClick={() => (playing ? clock.pause() : clock.play(wall()))}
          >
            <span aria-hidden="true" className="btn-icon">
              {playing ? '❚❚' : '▶'}
            </span>
            {playing ? 'Pause both' : view.finished ? 'Play both again' : 'Play both'}
          </button>
          <button
            type="button"
            className="btn"
            disabled={busy || view.finished}
            aria-keyshortcuts="m"
            onClick={() => clock.step(1e6, wall())}
          >
            Step both 1 ms
          </button>
          <button type="button" className="btn" disabled={busy || view.finished} onClick={() => clock.runToEnd(wall())}>
            Run both to the end
          </button>
          <button type="button" className="btn" disabled={busy} aria-keyshortcuts="r" onClick={() => clock.reset()}>
            Reset both
          </button>
        </div>
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
            onChange={(event) => {
              const speed: Speed = SPEEDS[Number(event.target.value)]!;
              clock.setSpeed(speed, wall());
              for (const store of stores) store.setSpeed(speed);
            }}
          />
          <output htmlFor={speedId} className="speed-value">
            <strong>{speedLabel(view.speed)}</strong>
          </output>
        </div>
        <SimClock
          className="compare-clock"
          label="Simulated time, both sides"
          testId="compare-now"
          nowNs={view.nowNs}
          endNs={view.endNs}
          progress={progress}
        >
          <span className="muted small" data-testid="compare-sides-now" data-a-ns={nowA} data-b-ns={nowB}>
            {!view.ready ? 'Loading both simulations…' : 'Locked: A and B always show the same instant'}
            {doneA ? ` · A finished at ${formatNs(nowA, 4)}` : ''}
            {doneB ? ` · B finished at ${formatNs(nowB, 4)}` : ''}
            {view.finished ? ' · both runs complete' : ''}
          </span>
        </SimClock>
      </div>
    </div>
  );
}

function ViewRows({
  stores,
  views,
  setViews,
  theme,
}: {
  stores: readonly [LabStore, LabStore];
  views: KnownViewId[];
  setViews(views: KnownViewId[]): void;
  theme: Theme;
}) {
  const kernelA = useLab(stores[0], (s) => s.scenario['kernel.kind']);
  const kernelB = useLab(stores[1], (s) => s.scenario['kernel.kind']);
  const radsA = useLab(stores[0], (s) => s.scenario['machine.rads']);
  const radsB = useLab(stores[1], (s) => s.scenario['machine.rads']);
  const titleA = sideTitle(useLab(stores[0], 'scenario'));
  const titleB = sideTitle(useLab(stores[1], 'scenario'));
  const offered = VIEW_IDS.filter((id) => id !== 'scaling' && (viewDrawnFor(id, kernelA, radsA) || viewDrawnFor(id, kernelB, radsB)));
  const shown = offered.filter((id) => views.includes(id));
  return (
    <section className="compare-views" aria-label="Views of both sides">
      <fieldset className="view-toggles">
        <legend>Views</legend>
        {offered.map((id) => (
          <label key={id} className="toggle">
            <input
              type="checkbox"
              checked={views.includes(id)}
              onChange={(event) => setViews(VIEW_IDS.filter((v) => (v === id ? event.target.checked : views.includes(v))))}
            />
            {VIEW_TITLES[id]}
          </label>
        ))}
      </fieldset>
      {shown.map((id) => (
        <div key={id} className="compare-view-row" data-compare-view={id}>
          {([0, 1] as const).map((index) => {
            const kernel = index === 0 ? kernelA : kernelB;
            const drawn = viewDrawnFor(id, kernel, index === 0 ? radsA : radsB);
            return (
              <div
                key={index}
                className="compare-view-cell"
                aria-label={`Side ${index === 0 ? 'A' : 'B'}: ${VIEW_TITLES[id]}`}
                role="group"
              >
                <p className="compare-view-label" aria-hidden="true">
                  <span className="compare-badge compare-badge-small">{index === 0 ? 'A' : 'B'}</span>
                  {index === 0 ? titleA : titleB}
                </p>
                {drawn ? (
                  <ViewArea store={stores[index]} views={[id]} theme={theme} />
                ) : (
                  <p className="compare-view-absent">
                    No {VIEW_TITLES[id]} view for side {index === 0 ? 'A' : 'B'}: the {String(kernel)} kernel has nothing to show in it.
                  </p>
                )}
              </div>
            );
          })}
        </div>
      ))}
    </section>
  );
}
