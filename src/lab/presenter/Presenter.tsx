/*
 * Presenter.tsx -- presenter mode: an instructor steps through a scene script in the
 * projector theme. Each scene loads its scenario into one lab store (one worker for the
 * whole talk), shows its views and caption, and plays. A scene with a question freezes
 * the run at its simulated time (or when the instructor presses Next early), shows
 * the question and choices for the class to predict, and continues the run when the
 * answer is revealed, with the numbers the run has measured so far.
 *
 * Steps (Next): run -> question (if the scene has one) -> answer -> next scene.
 * Keys are in shortcuts.ts; the single-key ones can be turned off (WCAG 2.1.4).
 *
 * A scene is one 16:9 screen: it is laid out on a stage of 1920 by 1080 px scaled to the
 * window (fit-views.ts), the title, caption (or question) and figures in a column on
 * the left, the scene's views on the right, one at a time (V, or the View buttons)
 * at the back row's size (the projector theme zoomed 1.5: 24 px words on a 1080p
 * screen), the controls along the foot. A view still taller than its area scrolls
 * inside it (docs/presenting.md lists them). Below 800x450 the scene flows down the
 * page instead, every view in turn. A bundled script's address names the scene
 * (#/present/<id>/<n>) and follows Previous and Next.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { prefersReducedMotion } from '../../views/index.js';
import { FullRunFigures, fullRunWords, useFullRun, type FullRun } from './full-run.js';
import { roomTime } from './room-numbers.js';
import { useLab } from '../hooks.js';
import { Narration } from '../narration/Narration.js';
import { LabStore } from '../store.js';
import { useSwitch, writeSwitch } from '../switch-setting.js';
import { ViewArea, type ViewMeasures } from '../ViewArea.js';
import { createSimWorker } from '../worker-factory.js';
import { sceneValues, type Scene, type SceneScript } from './script.js';
import { presets } from './scripts.js';
import { actionFor, SHORTCUTS, type PresenterAction } from './shortcuts.js';
import { routeHash } from '../url.js';
import { VIEW_TITLES, viewsForKernel, type KnownViewId } from '../../shared/view-ids.js';
import type { LabState } from '../store.js';
import { STAGE_WIDTH, useFitFigures, useFitViews, useStageScale } from './fit-views.js';
import { WATCHES } from './watch.js';
import { START, step, type Phase, type RunView, type SceneEvent, type SceneState } from './scene-machine.js';
import { PROJECTOR_LAYOUT_WIDTH } from '../projector-scale.js';

const KEYS_SETTING = 'stacklab.presenter.character-keys';

const selectKernel = (s: LabState) => s.scenario['kernel.kind'];
const selectRads = (s: LabState) => s.scenario['machine.rads'];

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.tagName === 'TEXTAREA' || target.tagName === 'SELECT' || target.isContentEditable) return true;
  return target.tagName === 'INPUT' && !['checkbox', 'radio', 'button', 'range'].includes((target as HTMLInputElement).type);
}

const LETTERS = 'ABCDE';

/**
 * `linkId` is a bundled script's name (its address is #/present/<linkId>/<scene>); a
 * script opened from a file has none. `initialScene` is 0-based.
 */
export function Presenter({ script, linkId, initialScene = 0 }: { script: SceneScript; linkId?: string; initialScene?: number }) {
  const [index, setIndex] = useState(initialScene);
  const scene = script.scenes[index]!;
  // the scene's steps (scene-machine.ts): `machine` is read synchronously by the store's
  // subscriber (below), `sceneState` is what renders
  const machine = useRef<SceneState>(START);
  const [sceneState, setSceneState] = useState<SceneState>(START);
  const { phase, askedAtNs, watchMet } = sceneState;
  const [blank, setBlank] = useState(false);
  /** On the stage, the scene's views take turns (V, or their buttons): which one is shown. */
  const [shownView, setShownView] = useState(0);
  // a new scene starts at its first view (adjusted while rendering, not in the scene's effect)
  const [viewsOf, setViewsOf] = useState(scene);
  if (scene !== viewsOf) {
    setViewsOf(scene);
    setShownView(0);
  }
  const characterKeys = useSwitch(KEYS_SETTING);
  const [fullscreenMessage, setFullscreenMessage] = useState('');
  const [store] = useState(
    () =>
      new LabStore({
        createWorker: createSimWorker,
        scenario: sceneValues(script.scenes[initialScene]!, presets),
        scenarioSource: 'lesson',
        autoplay: !prefersReducedMotion(),
      }),
  );
  const root = useRef<HTMLDivElement>(null);
  const fit = useRef<HTMLDivElement>(null);
  const views = useRef<HTMLDivElement>(null);
  // the stage's scale for the window, or null where the window is too small for one (the scene flows)
  const scale = useStageScale(fit);
  // the heights the fitted views draw their graphics to on the stage (fit-views.ts)
  const [fitted, setFitted] = useState<Partial<Record<KnownViewId, number>>>({});
  const onHeight = useCallback(
    (view: string, height: number) => setFitted((was) => (was[view as KnownViewId] === height ? was : { ...was, [view]: height })),
    [],
  );
  useFitViews(views, scale !== null, onHeight);
  const side = useRef<HTMLDivElement>(null);
  useFitFigures(side, scale !== null);
  const help = useRef<HTMLDialogElement>(null);
  const blankButton = useRef<HTMLButtonElement>(null);
  const status = useLab(store, 'status');
  const playing = useLab(store, 'playing');
  const loading = useLab(store, 'loading');
  const done = useLab(store, 'done');
  const problems = useLab(store, 'problems');
  const kernel = useLab(store, selectKernel);
  const rads = useLab(store, selectRads);
  const sceneViews = viewsForKernel(scene.views, kernel, rads);
  const viewCount = sceneViews.length;
  const shown = sceneViews[Math.min(shownView, sceneViews.length - 1)];
  // the scene's full run, computed in the background as the scene loads (full-run.tsx)
  const values = useMemo(() => sceneValues(scene, presets), [scene]);
  const fullRun = useFullRun(store, values);
  // the views draw this run's state with the full run's counters: a few ms of run so far
  // would state a third figure beside the caption's and the answer's (core/measures.ts)
  const measures = useMemo<ViewMeasures>(
    () =>
      fullRun.status === 'done'
        ? { status: 'done', report: fullRun.report, words: fullRunWords(fullRun.report).replace(/^Full/, 'the full') }
        : { status: 'pending', words: 'the full run (still running)' },
    [fullRun],
  );
  // views that answer the coming question: hidden from the scene's start until the reveal
  const concealed = phase === 'revealed' ? [] : sceneViews.filter((id) => scene.ask?.conceal?.includes(id));
  const concealedKey = concealed.join(' ');
  useEffect(() => {
    // the slot of a concealed view: hidden under a note (presenter.css), and out of the
    // screen reader's reach (inert), as its text equivalent states the same numbers
    for (const slot of Array.from(views.current?.querySelectorAll<HTMLElement>('[data-slot]') ?? [])) {
      const id = slot.dataset.slot ?? '';
      const hide = concealedKey.split(' ').includes(id);
      slot.classList.toggle('pr-concealed', hide);
      slot.inert = hide;
      if (hide)
        slot.dataset.concealNote = `“${VIEW_TITLES[id as KnownViewId] ?? id}” is hidden until the answer is revealed: it would give the answer away.`;
      else delete slot.dataset.concealNote;
    }
  }, [concealedKey, shown, scale]);

  useEffect(() => {
    store.start();
    return () => store.dispose();
  }, [store]);

  // The scene's steps: the store's updates and the instructor's keys go in as events, and
  // the commands come out.
  const runView = useCallback((): RunView => {
    const state = store.getState();
    const until = scene.ask?.until;
    return {
      kind: state.run.kind,
      playing: state.playing,
      loading: state.loading,
      done: state.done,
      nowNs: state.nowNs,
      startNs: state.startNs,
      watched: until && state.snapshot ? WATCHES[until].holds(state.snapshot) : undefined,
    };
  }, [store, scene]);
  const send = useCallback(
    (event: SceneEvent) => {
      const [next, commands] = step(machine.current, event, scene.ask);
      if (next !== machine.current) {
        machine.current = next;
        setSceneState(next);
      }
      for (const command of commands) {
        if (command.type === 'pause') store.pause();
        else if (command.type === 'play') store.play();
        else if (command.type === 'step') store.stepTime(command.ns);
        else setIndex((i) => Math.min(script.scenes.length - 1, i + 1));
      }
    },
    [store, scene, script.scenes.length],
  );

  // A new scene: load its scenario (the first is loaded by the store), and play it once loaded.
  const firstScene = useRef(true);
  const playWhenLoaded = useRef(false);
  useEffect(() => {
    send({ type: 'scene' });
    if (firstScene.current) {
      firstScene.current = false;
      return;
    }
    playWhenLoaded.current = !prefersReducedMotion();
    store.setScenario(sceneValues(scene, presets));
  }, [store, scene, send]);

  // Each store update: play a new scene once loaded, and let the scene's steps see the run.
  useEffect(
    () =>
      store.subscribe(() => {
        const state = store.getState();
        if (playWhenLoaded.current && !state.loading && state.status === 'ready' && state.snapshot) {
          playWhenLoaded.current = false;
          if (!state.playing) store.play();
        }
        send({ type: 'run', run: runView() });
      }),
    [store, send, runView],
  );

  // The address names the scene, so a link resumes here (replaced, not pushed: Back leaves the show).
  useEffect(() => {
    if (linkId === undefined) return;
    const hash = routeHash({ page: 'present', script: linkId, scene: String(index + 1) });
    if (window.location.hash !== hash) window.history.replaceState(window.history.state, '', hash);
  }, [linkId, index]);

  const goTo = useCallback(
    (next: number) => {
      const clamped = Math.max(0, Math.min(script.scenes.length - 1, next));
      setIndex(clamped);
    },
    [script.scenes.length],
  );

  const reveal = useCallback(() => send({ type: 'reveal', run: runView() }), [send, runView]);
  const next = useCallback(() => send({ type: 'next', run: runView() }), [send, runView]);

  const toggleFullscreen = useCallback(() => {
    setFullscreenMessage('');
    if (document.fullscreenElement) {
      void document.exitFullscreen().catch(() => undefined);
      return;
    }
    const element = fit.current;
    const refused = (why: string) =>
      setFullscreenMessage(
        `The browser did not allow full screen (${why}). Use its own full-screen key instead: F11, or Control-Command-F on a Mac.`,
      );
    if (!element || typeof element.requestFullscreen !== 'function' || document.fullscreenEnabled === false) {
      refused('full screen is not available on this page');
      return;
    }
    try {
      element.requestFullscreen().catch((error: unknown) => refused(error instanceof Error ? error.message : String(error)));
    } catch (error) {
      refused(error instanceof Error ? error.message : String(error));
    }
  }, []);

  const toggleHelp = useCallback(() => {
    const dialog = help.current;
    if (!dialog) return;
    if (dialog.open) dialog.close();
    else dialog.showModal();
  }, []);

  const run = useCallback(
    (action: PresenterAction) => {
      switch (action) {
        case 'next':
          return next();
        case 'previous':
          return goTo(index - 1);
        case 'first':
          return goTo(0);
        case 'last':
          return goTo(script.scenes.length - 1);
        case 'play':
          return store.togglePlay();
        case 'reveal':
          return reveal();
        case 'fullscreen':
          return toggleFullscreen();
        case 'blank':
          return setBlank((b) => !b);
        case 'help':
          return toggleHelp();
        case 'view':
          return setShownView((v) => (viewCount > 1 ? (Math.min(v, viewCount - 1) + 1) % viewCount : 0));
      }
    },
    [next, goTo, index, script.scenes.length, store, reveal, toggleFullscreen, toggleHelp, viewCount],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target)) return;
      if (help.current?.open && event.key !== '?') return; // the dialog has its own keys (Escape closes it)
      const action = actionFor(event.key, { ctrl: event.ctrlKey, alt: event.altKey, meta: event.metaKey }, characterKeys);
      if (!action) return;
      // Space on a button or a checkbox presses it, as everywhere else.
      const onControl = event.target instanceof HTMLElement && ['BUTTON', 'INPUT', 'SUMMARY', 'A'].includes(event.target.tagName);
      if (event.key === ' ' && onControl) return;
      event.preventDefault();
      run(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [run, characterKeys]);

  useEffect(() => {
    if (blank) blankButton.current?.focus();
  }, [blank]);

  const setKeys = (on: boolean) => writeSwitch(KEYS_SETTING, on);

  const last = index === script.scenes.length - 1;
  const nextLabel =
    phase === 'running' && scene.ask ? 'Ask the question' : phase === 'asking' ? 'Reveal the answer' : last ? 'Last scene' : 'Next scene';

  return (
    <div ref={fit} className={scale === null ? 'presenter-fit presenter-flow' : 'presenter-fit'}>
      <div
        ref={root}
        className="presenter lab-projector"
        data-status={status}
        data-phase={phase}
        data-scene={index + 1}
        data-blank={blank ? 'true' : 'false'}
        data-scale={scale ?? undefined}
        data-watch={phase !== 'running' && scene.ask?.until ? (watchMet ? 'met' : 'missed') : undefined}
        style={scale === null ? undefined : { transform: `translate(-50%, -50%) scale(${scale})` }}
      >
        <div className="pr-side" ref={side}>
          <header className="pr-head">
            <p className="pr-kicker">
              <span>{script.title}</span>
              <span aria-hidden="true"> · </span>
              <span data-testid="scene-count">
                Scene {index + 1} of {script.scenes.length}
              </span>
              <span aria-hidden="true"> · </span>
              <span className="pr-sim-clock">
                <SimClock store={store} fullRun={fullRun} />
              </span>
            </p>
            <h1 className="pr-title">{scene.title}</h1>
          </header>
          {phase === 'running' || !scene.ask ? (
            <p className="pr-caption">{scene.caption}</p>
          ) : (
            <AskPanel
              scene={scene}
              phase={phase}
              askedAtNs={askedAtNs}
              fullRun={fullRun}
              watching={scene.ask.until && watchMet ? WATCHES[scene.ask.until].words : undefined}
            />
          )}

          {problems.length > 0 && (
            <div className="banner banner-notice" role="alert">
              <p>This scene's scenario was refused by the simulator: {problems.map((p) => p.message).join(' ')}</p>
            </div>
          )}

          {
            scene.ask && phase !== 'revealed' ? (
              // from the start of a scene that asks, its figures would answer the question
              <p className="pr-hidden-figures" data-testid="figures-hidden">
                The figures{concealed.length > 0 ? `, and ${concealed.map((id) => `“${VIEW_TITLES[id]}”`).join(' and ')},` : ''} are hidden
                until the class has predicted and the answer is revealed.
              </p>
            ) : !scene.ask ? (
              <FullRunFigures scene={scene} run={fullRun} />
            ) : null /* the answer shows the full run's numbers beside the explanation: the views keep the room */
          }
          <p
            className="pr-measured-by"
            data-testid="views-measured-by"
            data-status={fullRun.status}
            data-window-ns={fullRun.status === 'done' ? fullRun.report.window_ns : 0}
          >
            {fullRun.status === 'done' ? (
              <>In the views, what moves is live; the figures are the full run&rsquo;s.</>
            ) : fullRun.status === 'running' ? (
              <>In the views, what moves is live; the figures wait for the full run.</>
            ) : (
              <>In the views, what moves is live; the full run failed, so they show no figures.</>
            )}
          </p>
        </div>

        <div className="pr-stage" aria-busy={loading}>
          <div
            className="pr-views"
            ref={views}
            {...(scale !== null
              ? {
                  tabIndex: 0,
                  role: 'region',
                  'aria-label': shown ? `${VIEW_TITLES[shown]} (scrolls when taller than the screen)` : 'Views',
                }
              : {})}
          >
            <ViewArea
              store={store}
              views={scale !== null && shown ? [shown] : scene.views}
              theme="projector"
              heights={scale !== null ? fitted : undefined}
              zoom={scale !== null ? STAGE_WIDTH / PROJECTOR_LAYOUT_WIDTH : undefined}
              stage={scale !== null}
              measures={measures}
            />
          </div>
        </div>

        <nav className="pr-controls" aria-label="Presenter controls">
          <div className="pr-buttons">
            <button
              type="button"
              className="btn"
              onClick={() => goTo(index - 1)}
              disabled={index === 0}
              aria-keyshortcuts="ArrowLeft PageUp"
            >
              <span aria-hidden="true">←</span> Previous
            </button>
            <button
              type="button"
              className="btn"
              onClick={() => store.togglePlay()}
              disabled={status !== 'ready' || loading}
              aria-keyshortcuts="P"
              data-testid="present-play"
            >
              <span aria-hidden="true" className="btn-icon">
                {playing ? '❚❚' : '▶'}
              </span>{' '}
              {playing ? 'Pause' : done ? 'Play again' : 'Play'}
            </button>
            {scene.ask && (
              <button type="button" className="btn" onClick={reveal} disabled={phase !== 'asking'} aria-keyshortcuts="R">
                Reveal
              </button>
            )}
            <button
              type="button"
              className="btn btn-primary"
              onClick={next}
              disabled={phase !== 'asking' && !(phase === 'running' && scene.ask) && last}
              aria-keyshortcuts="ArrowRight PageDown Space"
              data-testid="present-next"
            >
              {nextLabel} <span aria-hidden="true">→</span>
            </button>
            <button type="button" className="btn" onClick={toggleFullscreen} aria-keyshortcuts="F">
              Full screen
            </button>
            <button type="button" className="btn" onClick={() => setBlank(true)} aria-keyshortcuts="B">
              Blank
            </button>
            <button type="button" className="btn" onClick={toggleHelp} aria-keyshortcuts="?" aria-haspopup="dialog">
              Shortcuts
            </button>
          </div>
          <div className="pr-settings">
            {scale !== null && sceneViews.length > 1 && (
              <div className="pr-view-picker" role="group" aria-label="The scene's views, one at a time (V shows the next)">
                <span className="pr-view-label" aria-hidden="true">
                  View:
                </span>
                {sceneViews.map((id) => (
                  <button
                    key={id}
                    type="button"
                    className="btn pr-view-button"
                    aria-pressed={id === shown}
                    onClick={() => setShownView(sceneViews.indexOf(id))}
                    data-testid={`present-view-${id}`}
                  >
                    {VIEW_TITLES[id]}
                  </button>
                ))}
              </div>
            )}
            <label className="toggle">
              <input type="checkbox" checked={characterKeys} onChange={(event) => setKeys(event.target.checked)} />
              Single-key shortcuts
            </label>
            <Narration store={store} fromStart hidden={scale !== null} />
            <a className="btn" href="#/present">
              All scripts
            </a>
            <a className="btn" href="#/lab">
              Leave to the lab
            </a>
          </div>
          {fullscreenMessage && (
            <p className="pr-message" role="alert">
              {fullscreenMessage}
            </p>
          )}
        </nav>

        <dialog ref={help} className="pr-help" aria-labelledby="pr-help-title">
          <h2 id="pr-help-title">Presenter shortcuts</h2>
          <table>
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col">What it does</th>
              </tr>
            </thead>
            <tbody>
              {SHORTCUTS.map((s) => (
                <tr key={s.label} className={s.character && !characterKeys ? 'pr-help-off' : undefined}>
                  <th scope="row">
                    <kbd>{s.label}</kbd>
                  </th>
                  <td>
                    {s.what}
                    {s.character && !characterKeys ? ' (off: single-key shortcuts are turned off)' : ''}
                  </td>
                </tr>
              ))}
              <tr>
                <th scope="row">
                  <kbd>Esc</kbd>
                </th>
                <td>Close this list</td>
              </tr>
            </tbody>
          </table>
          <p>
            Single-key shortcuts (Space, letters and ?) are {characterKeys ? 'on' : 'off'}; turn them off with the &ldquo;Single-key
            shortcuts&rdquo; switch if they get in the way of a screen reader or voice control. The arrows, Page Up, Page Down, Home and End
            always work.
          </p>
          <form method="dialog">
            <button type="submit" className="btn btn-primary">
              Close
            </button>
          </form>
        </dialog>
      </div>
      {/* outside the scaled stage, so it blacks out the whole window, letterbox and all */}
      {blank && (
        <div className="pr-blank">
          <button ref={blankButton} type="button" className="pr-blank-return" onClick={() => setBlank(false)} aria-keyshortcuts="B">
            <span className="visually-hidden">Screen blanked. Press B, or here, to show it again.</span>
          </button>
        </div>
      )}
    </div>
  );
}

function SimClock({ store, fullRun }: { store: LabStore; fullRun: FullRun }) {
  const now = useLab(store, 'nowNs');
  const start = useLab(store, 'startNs');
  const duration = useLab(store, 'durationNs');
  // from the run's start (the end of the warm-up), as the scenes' questions count; the
  // narration says its times the same way (Narration fromStart), in the same words (clockText)
  // rounded for a room (room-numbers.ts): "8.23 ms", not "8.23333 ms"
  // "of" the full run's length once it is known (a run may end before its duration: the
  // GS160's nightly job ends when its work is done), else of the scenario's duration
  const total = fullRun.status === 'done' ? fullRun.report.window_ns : duration - start;
  return (
    <>
      simulated{' '}
      <span data-testid="present-sim-now" data-ns={now - start}>
        {roomTime(now - start)}
      </span>{' '}
      of {roomTime(total)}
    </>
  );
}

/** The question, its choices, and after the reveal the answer with the full run's numbers. */
function AskPanel({
  scene,
  phase,
  askedAtNs,
  fullRun,
  watching,
}: {
  scene: Scene;
  phase: Phase;
  askedAtNs: number;
  fullRun: FullRun;
  /** What the caption said to watch, on screen at the freeze (watch.ts). */
  watching?: string;
}) {
  const ask = scene.ask!;
  const revealed = phase === 'revealed';
  return (
    <section className={`pr-ask${revealed ? ' pr-ask-revealed' : ''}`} aria-labelledby="pr-question" data-testid="ask">
      <p className="pr-ask-kicker">
        {revealed ? 'The answer' : `Frozen at ${roomTime(askedAtNs)} of simulated time${watching ? `, with ${watching}` : ''}. Predict:`}
      </p>
      <h2 id="pr-question" className="pr-question">
        {ask.question}
      </h2>
      <ol className="pr-choices">
        {ask.choices.map((choice, i) => {
          const right = revealed && choice.correct;
          return (
            <li
              key={i}
              className={right ? 'pr-choice pr-choice-right' : revealed ? 'pr-choice pr-choice-other' : 'pr-choice'}
              data-correct={right ? 'true' : undefined}
            >
              <span className="pr-letter" aria-hidden="true">
                {LETTERS[i]}
              </span>
              <span className="visually-hidden">Choice {LETTERS[i]}: </span>
              <span className="pr-choice-text">
                {choice.text}
                {right && (
                  <strong className="pr-right-mark">
                    <span aria-hidden="true">✓ </span>Answer
                  </strong>
                )}
              </span>
            </li>
          );
        })}
      </ol>
      {revealed ? (
        <div className="pr-explain" role="status">
          <p>{ask.explain}</p>
          <FullRunFigures scene={scene} run={fullRun} testId="answer-full-run" />
        </div>
      ) : (
        <p className="pr-ask-hint">Discuss with your neighbour, then the instructor reveals the answer (R) and the run continues.</p>
      )}
    </section>
  );
}
