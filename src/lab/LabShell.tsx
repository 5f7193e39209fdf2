/*
 * LabShell.tsx -- one lab: its store and worker, the transport, the parameter panel,
 * the headline figures and the views, plus (in the full lab) view toggles, projector
 * mode, presets and sharing. Lab.tsx wraps it with the small contract lessons use;
 * the #/lab and #/embed pages use it directly for the link state they carry.
 *
 * A fault in the worker (a trap in the core, a crash) is shown as an alert with a
 * Reset button that starts a new worker; the rest of the page keeps working.
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ProjectorModeToggle } from '../site/ProjectorModeToggle.js';
import { useLinkTheme, useSiteTheme } from '../site/theme.js';
import type { Report, ScenarioValues } from '../core/index.js';
import { prefersReducedMotion } from '../views/index.js';
import { formatNs } from '../views/format.js';
import { EmbedCodeButton } from '../shared/EmbedCodeButton.js';
import { CompareLink } from './compare/CompareLink.js';
import { CopyLinkButton } from './CopyLinkButton.js';
import { Figures } from './Figures.js';
import { useLab, useStickyBarPadding } from './hooks.js';
import { ParameterPanel } from './ParameterPanel.js';
import { PresetMenu } from './PresetMenu.js';
import { LabStore, type LabStoreOptions } from './store.js';
import { CharacterKeysSwitch, StatusLine, Transport, useCharacterKeys, useTransportKeys } from './Transport.js';
import { WhyHost } from './rewind/WhyHost.js';
import { encodeLabState, routeHash, type LabViewState } from './url.js';
import { ViewArea } from './ViewArea.js';
import { companionFor } from './companion-choice.js';
import { VIEW_IDS, VIEW_TITLES, viewsForKernel, type KnownViewId } from '../shared/view-ids.js';
import { createSimWorker, prestartSimWorkers } from './worker-factory.js';
import { sweepWorkerCount } from '../core/sweep.js';
import { registerTestHook } from './test-hooks.js';
import { KernelPanel } from './kernel-panel.js';

/** The Export menu (metrics, scenario, trace, charts; import): its own chunk, fetched after the lab. */
const ExportMenu = lazy(() => import('./export/ExportMenu.js'));
// Narration of the run's events for screen readers (narration/), a lazy chunk.
const Narration = lazy(() => import('./narration/Narration.js'));

export interface LabShellProps {
  /** Scenario values (flat, by field path; missing fields take their defaults). */
  scenario: ScenarioValues;
  scenarioSource?: LabStoreOptions['scenarioSource'];
  /** Controls to show (field paths); undefined shows all. */
  controls?: string[];
  /** Views to show; in the full lab, the views open at first (the learner can change them). */
  views?: readonly KnownViewId[];
  compact?: boolean;
  label?: string;
  onReport?: (report: Report) => void;
  /** Speed and theme to start with (from a link). */
  initialView?: Partial<LabViewState>;
  /** Keep the page's URL (#/lab?s=...) in step with the lab. */
  syncUrl?: boolean;
  /** A message to show at the top (for example why a link could not be read). */
  notice?: string;
  /** The page's heading, shown beside the lab's tools (full lab only); a function gets the lab's store (for words that follow its state). */
  heading?: ReactNode | ((store: LabStore) => ReactNode);
  /** Embeds: the parameters in a disclosure, closed when true (a small frame), open when false. */
  paramsCollapsed?: boolean;
  /** Embeds: show at most this many of the views drawn for the kernel. */
  maxViews?: number;
  /** Fit the views inside the lab's height, nothing scrolled (an embed of a given height: ViewArea's `fit`). */
  fitViews?: boolean;
  /** One view at a time, with tabs (ViewArea's `tabs`). */
  viewTabs?: boolean;
}

export function LabShell(props: LabShellProps) {
  const compact = !!props.compact;
  const [store] = useState(
    () =>
      new LabStore({
        createWorker: createSimWorker,
        warmWorkers: prestartSimWorkers,
        scenario: props.scenario,
        scenarioSource: props.scenarioSource,
        autoplay: !compact && !prefersReducedMotion(),
        speed: props.initialView?.speed,
        notice: props.notice,
        onReport: props.onReport,
        sweepWorkers: sweepWorkerCount(typeof navigator !== 'undefined' ? navigator.hardwareConcurrency : undefined),
      }),
  );
  useEffect(() => {
    store.start();
    // Test builds only (test-hooks.ts); a production build compiles this out.
    const unregister = import.meta.env.STACKLAB_TEST_HOOKS ? registerTestHook(store) : undefined;
    return () => {
      unregister?.();
      store.dispose();
    };
  }, [store]);
  useEffect(() => store.setOnReport(props.onReport), [store, props.onReport]);

  const allowed = useMemo(() => (props.views ? VIEW_IDS.filter((id) => props.views!.includes(id)) : [...VIEW_IDS]), [props.views]);
  const [shown, setShown] = useState<KnownViewId[]>(() => {
    const first = props.initialView?.views;
    return first ? allowed.filter((id) => first.includes(id)) : allowed;
  });
  // The site's theme (the header's switch, remembered); a link that asks for one applies it.
  useLinkTheme(props.initialView?.theme);
  const theme = useSiteTheme();
  const schema = useLab(store, 'schema');
  const scenario = useLab(store, 'scenario');
  // The companion run some views set beside this one (companion-choice.ts): the herd's
  // other kind of lock (spinning simple locks against lockl), the round-trip breakdown's
  // other network stack; the same scenario otherwise, run to its end in the background.
  const companion = companionFor(scenario, compact ? allowed : shown);
  const companionKey = companion ? JSON.stringify(companion) : '';
  useEffect(() => {
    if (!companion) {
      store.clearCompanion();
      return undefined;
    }
    const timer = setTimeout(() => {
      void store.runCompanion(companion.overrides, companion.label);
    }, 400);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- companionKey stands for companion (a new object each render)
  }, [store, scenario, companionKey]);
  const problems = useLab(store, 'problems');
  const fault = useLab(store, 'fault');
  const resumeNs = useLab(store, 'resumeNs');
  const notice = useLab(store, 'notice');
  const speed = useLab(store, 'speed');
  const status = useLab(store, 'status');
  const root = useRef<HTMLElement>(null);
  // The full lab is the page's one lab: its keys work from anywhere on it, on arrival.
  const [characterKeys, setCharacterKeys] = useCharacterKeys();
  useTransportKeys(store, root, !compact, compact || characterKeys);
  // Focus never hides under the full lab's sticky transport bar.
  const bar = useRef<HTMLDivElement>(null);
  useStickyBarPadding(bar, !compact);

  // Frames shown, for tests and the benchmark, without re-rendering React each frame
  // (data-status is rendered below: it changes rarely).
  useEffect(
    () =>
      store.subscribe(() => {
        if (root.current) root.current.dataset.frames = String(store.getState().frames);
      }),
    [store],
  );

  // The full lab keeps its whole state in the URL, so the address is always a link to it.
  const link = schema ? encodeLabState(schema, scenario, { views: shown, speed, theme, controls: props.controls }) : undefined;
  useEffect(() => {
    if (!props.syncUrl || !link) return;
    const hash = routeHash({ page: 'lab' }, link);
    if (window.location.hash !== hash) window.history.replaceState(window.history.state, '', hash);
  }, [props.syncUrl, link]);

  const toggleView = (id: KnownViewId, on: boolean) => setShown((views) => VIEW_IDS.filter((v) => (v === id ? on : views.includes(v))));

  // A lab with no controls (a lesson's fixed run) gives the whole width to its figures and views.
  const showParams = props.controls === undefined || props.controls.length > 0;
  const params = schema ? (
    <ParameterPanel
      schema={schema}
      scenario={scenario}
      problems={problems}
      controls={props.controls}
      compact={compact}
      onChange={(values) => store.setScenario(values)}
    />
  ) : (
    <p aria-busy="true">Loading the simulator…</p>
  );
  return (
    <section
      ref={root}
      className={`lab${compact ? ' lab-compact' : ''}${theme === 'projector' ? ' lab-projector' : ''}`}
      aria-label={props.label ?? 'Lab'}
      data-status={status}
    >
      {fault && (
        <div className="banner banner-fault" role="alert">
          <p>
            <strong>The simulation stopped.</strong> {fault}
          </p>
          {resumeNs !== undefined ? (
            <>
              <p>
                Your settings are kept. Restart runs the same scenario again to {formatNs(resumeNs, 4)} simulated, where it stopped, and
                pauses there; Reset starts it from the beginning.
              </p>
              <button type="button" className="btn btn-primary" onClick={() => store.restart(resumeNs)}>
                Restart at {formatNs(resumeNs, 4)}
              </button>{' '}
              <button type="button" className="btn" onClick={() => store.restart()}>
                Reset
              </button>
            </>
          ) : (
            <>
              <p>Your settings are kept. Reset starts the simulator again.</p>
              <button type="button" className="btn btn-primary" onClick={() => store.restart()}>
                Reset
              </button>
            </>
          )}
        </div>
      )}
      {notice && (
        <div className="banner banner-notice" role="alert">
          <p>{notice}</p>
          <button type="button" className="btn" onClick={() => store.dismissNotice()}>
            Dismiss
          </button>
        </div>
      )}
      {!compact && (
        <div className="lab-head">
          {typeof props.heading === 'function' ? props.heading(store) : props.heading}
          <div className="lab-tools">
            <PresetMenu onChoose={(values) => store.setScenario(values)} />
            <CopyLinkButton opens="this exact lab" />
            <CompareLink schema={schema} scenario={scenario} view={{ views: shown, speed, theme }} />
            <Suspense fallback={null}>
              <ExportMenu store={store} labRoot={root} />
            </Suspense>
            <EmbedCodeButton />
            <a className="btn" href="#/present">
              Present
            </a>
            <ProjectorModeToggle />
          </div>
        </div>
      )}
      <div className="lab-bar" ref={bar}>
        <Transport store={store} compact={compact} />
        <div className="lab-bar-side">
          {/* an embed's frame has no room for it: its clock says the time, its figures the machine */}
          {!compact && <StatusLine store={store} />}
          <Suspense fallback={null}>
            <Narration store={store} hidden />
          </Suspense>
          {!compact && <CharacterKeysSwitch on={characterKeys} onChange={setCharacterKeys} />}
        </div>
      </div>
      <div className={showParams ? 'lab-body' : 'lab-body lab-body-wide'}>
        {showParams && (
          <aside className="lab-params" aria-label="Scenario parameters">
            {props.paramsCollapsed === undefined ? (
              params
            ) : (
              <details className="lab-params-disclosure" open={!props.paramsCollapsed}>
                <summary>Scenario settings</summary>
                {params}
              </details>
            )}
          </aside>
        )}
        <div className="lab-main">
          <Figures store={store} />
          {!compact && (
            <fieldset className="view-toggles">
              <legend>Views</legend>
              {viewsForKernel(allowed, scenario['kernel.kind'], scenario['machine.rads']).map((id) => (
                <label key={id} className="toggle">
                  <input type="checkbox" checked={shown.includes(id)} onChange={(event) => toggleView(id, event.target.checked)} />
                  {VIEW_TITLES[id]}
                </label>
              ))}
            </fieldset>
          )}
          <ViewArea
            store={store}
            views={compact ? allowed : shown}
            theme={theme}
            max={props.maxViews}
            fit={props.fitViews}
            tabs={props.viewTabs}
          />
          {/* a kernel's own panel (the SNA port's journey) after the views, so the first view starts above the fold */}
          {!compact && <KernelPanel kernel={scenario['kernel.kind']} store={store} theme={theme} />}
          <WhyHost store={store} />
          {compact && link && (
            <p className="lab-open-full">
              <a href={routeHash({ page: 'lab' }, link)}>Open this experiment in the full lab</a>
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
