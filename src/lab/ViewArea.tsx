/*
 * ViewArea.tsx -- lays out the lab's views and feeds them. Each view is a component
 * from src/views, a pure function of its props (view-registry.tsx maps the lab's
 * state to them): the decoded snapshot, the trace window, the report, the sweep, its
 * width and the theme.
 * A view that throws is replaced by a message in its own slot; the rest of the lab
 * carries on. A view scrolled out of sight keeps its last picture and is not
 * re-rendered until it comes back, so a long page costs what is on screen.
 * In the projector theme, a window wider than 1280 px zooms each view's drawing up to
 * it (projector-scale.ts), so its words keep their size against the screen; what is
 * sized in rem around the drawings (the sweep's controls, "Loading the view…") grows
 * with the rem alone.
 */
import { OFFSCREEN_REFRESH_MS, takeInputs, type HeldLike } from './held-inputs.js';
import {
  Component,
  lazy,
  memo,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import type { Theme } from '../views/index.js';
import type { Report } from '../core/report.js';
import { awaitingMeasures, withMeasures } from '../core/measures.js';
import { useLab, useWidth } from './hooks.js';
import { COMPANION_VIEWS } from './companion-choice.js';
import { curveOf, selectCurveRun } from './curves.js';
import type { LabState, LabStore } from './store.js';
import { KERNEL_VIEWS, viewTitle, viewsForKernel, type KnownViewId } from '../shared/view-ids.js';
import { VIEW_COMPONENTS, type ViewInputs } from './view-registry.js';
import { whyFor } from './rewind/why-state.js';
import { kernelInfo } from '../kernels/index.js';
import { useProjectorZoom } from './projector-scale.js';
import { FITTED_VIEWS, tallestGraphic, useFitViews } from './presenter/fit-views.js';
import { shrinkTarget } from './fit-target.js';

/** The Run curve controls of the views drawn from a curve run: loaded with the first lab that shows one. */
const CurveControls = lazy(() => import('./CurveControls.js').then((m) => ({ default: m.CurveControls })));
/** The scaling sweep's controls: loaded with the scaling chart they drive (itself lazy). */
const SweepControls = lazy(() => import('./SweepControls.js').then((m) => ({ default: m.SweepControls })));

class ViewBoundary extends Component<{ title: string; children: ReactNode }, { error?: Error }> {
  state: { error?: Error } = {};

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  render() {
    if (this.state.error) {
      return (
        <div className="view-error" role="alert">
          <p>
            <strong>The {this.props.title} view failed to draw.</strong> The simulation and the other views are unaffected.
          </p>
          <p className="muted">{this.state.error.message}</p>
          <button type="button" className="btn" onClick={() => this.setState({ error: undefined })}>
            Try again
          </button>
        </div>
      );
    }
    return this.props.children;
  }
}

const selectTrace = (s: LabState) => s.trace;
const selectSweep = (s: LabState) => s.sweep;
const selectCompanion = (s: LabState) => s.companion;
const selectInterrupt = (s: LabState) => {
  const kernel = kernelInfo(s.scenario['kernel.kind']);
  return kernel.interruptCpu ? kernel.interruptCpu(s.scenario) : Number(s.scenario['machine.interrupt_cpu'] ?? 0);
};
const selectKernel = (s: LabState) => s.scenario['kernel.kind'];
const selectRads = (s: LabState) => s.scenario['machine.rads'];
const selectNothing = () => undefined;
const selectScenario = (s: LabState) => s.scenario;

/** Whether the element is on screen (or near it); true until measured and where IntersectionObserver is missing. */
function useOnScreen(element: HTMLElement | null): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (entry) setVisible(entry.isIntersecting);
      },
      { rootMargin: '150px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return visible;
}

/**
 * The value while active; the last active value while not (so memoised children skip
 * rendering), refreshed now and then and never left at a picture drawn before its figures
 * meant anything (held-inputs.ts). Until a value has been held at all, the first one is taken even while
 * inactive, so a view below the fold draws its first frame (for find-in-page, screen
 * readers and tests) instead of waiting to be scrolled to. A value `fit` rejects (inputs
 * narrower than a view is drawn at) never replaces one it accepts, and gives way to the
 * next value even while inactive.
 */
function useHeldWhile<T extends HeldLike>(value: T | undefined, active: boolean, fit: (value: T | undefined) => boolean): T | undefined {
  // the inputs held (boxed: undefined is a value), and whether they are OFFSCREEN_REFRESH_MS old
  const [held, setHeld] = useState<{ value: T | undefined }>(() => ({ value }));
  const [old, setOld] = useState(false);
  // out of sight it still takes new inputs now and then, and never keeps a picture drawn
  // before its figures meant anything (held-inputs.ts): it never contradicts the headline
  const take = value !== held.value && takeInputs(held.value, value, active, fit, old ? OFFSCREEN_REFRESH_MS : 0);
  if (take) {
    // taken in this render (React renders again at once with it: "storing information from previous renders")
    setHeld({ value });
    setOld(false);
  }
  // the held inputs grow old a while after they were taken: newer inputs that waited (the
  // run paused, say, so nothing else renders) are drawn then, as that render takes them
  useEffect(() => {
    const timer = setTimeout(() => setOld(true), OFFSCREEN_REFRESH_MS + 20);
    return () => clearTimeout(timer);
  }, [held]);
  return take ? value : held.value;
}

/** A view with its inputs; memoised, so held inputs cost nothing. */
const ViewRender = memo(function ViewRender({ id, inputs }: { id: KnownViewId; inputs: ViewInputs }) {
  const View = VIEW_COMPONENTS[id];
  if (!View) throw new Error(`no view has the id "${id}"`);
  return <View {...inputs} />;
});

/** The least width (the view's own px) a view is drawn at; narrower, the slot waits. */
const MIN_DRAW_WIDTH = 160;

/**
 * Where the views' counters come from when not the live run so far: a finished run of
 * the same scenario and seed (the presenter's full run), or that run still running (no
 * counters yet). The views draw the live run's state with them (core/measures.ts).
 */
export type ViewMeasures = { status: 'done'; report: Report; words: string } | { status: 'pending'; words: string };

function ViewSlot({
  id,
  store,
  theme,
  wide,
  height,
  zoom,
  stage,
  measures,
}: {
  id: KnownViewId;
  store: LabStore;
  theme: Theme;
  wide: boolean;
  height?: number;
  zoom: number;
  stage?: boolean;
  measures?: ViewMeasures;
}) {
  const [ref, bodyWidth] = useWidth<HTMLDivElement>();
  // a zoomed view is drawn to its width in its own px, then scaled up to the slot's
  const measured = zoom !== 1 ? Math.floor(bodyWidth / zoom) : bodyWidth;
  const [slot, setSlot] = useState<HTMLDivElement | null>(null);
  const onScreen = useOnScreen(slot);
  const liveSnapshot = useLab(store, 'snapshot');
  const trace = useLab(store, id === 'timeline' || KERNEL_VIEWS.get(id)?.trace ? selectTrace : selectNothing);
  const liveReport = useLab(store, 'report');
  const liveFinal = useLab(store, 'finalReport');
  const sweep = useLab(store, id === 'scaling' || id === 'lock-table' || id === 'modes' ? selectSweep : selectNothing);
  const schema = useLab(store, 'schema');
  // the live state, with the full run's counters where the caller has them (measures.ts)
  const snapshot = useMemo(() => {
    if (!liveSnapshot || !schema || !measures) return liveSnapshot;
    return measures.status === 'done'
      ? withMeasures(liveSnapshot, measures.report, schema.modes, measures.words)
      : awaitingMeasures(liveSnapshot, measures.words);
  }, [liveSnapshot, schema, measures]);
  const report = measures ? (measures.status === 'done' ? measures.report : undefined) : liveReport;
  const finalReport = measures ? report : liveFinal;
  const interruptCpu = useLab(store, selectInterrupt);
  const speed = useLab(store, 'speed');
  const companionRun = useLab(store, COMPANION_VIEWS.has(id) ? selectCompanion : selectNothing);
  const curveSpec = curveOf(id);
  const curve = useLab(store, curveSpec ? selectCurveRun(id) : selectNothing);
  // a curve's view reads the scenario its runs were made from
  const scenario = useLab(store, curveSpec ? selectScenario : selectNothing);
  const companion = useMemo(
    () => (companionRun?.status === 'done' && companionRun.report ? { label: companionRun.label, report: companionRun.report } : undefined),
    [companionRun],
  );
  const onWait = useMemo(() => (id === 'timeline' || id === 'cpu-grid' ? whyFor(store).open.bind(whyFor(store)) : undefined), [store, id]);
  const title = viewTitle(id);
  // The same object while no input changed, so the memoised view skips rendering.
  const live = useMemo(
    () =>
      snapshot && schema
        ? {
            snapshot,
            trace,
            report,
            finalReport,
            sweep,
            schema,
            interruptCpu,
            speed,
            theme,
            width: measured,
            height,
            stage,
            companion,
            onWait,
            curve,
            scenario,
          }
        : undefined,
    [
      snapshot,
      trace,
      report,
      finalReport,
      sweep,
      schema,
      interruptCpu,
      speed,
      theme,
      measured,
      height,
      stage,
      companion,
      onWait,
      curve,
      scenario,
    ],
  );
  // the inputs drawn: the live ones while in sight, else the last ones wide enough to draw
  const inputs = useHeldWhile(live, onScreen, (value) => value !== undefined && value.width >= MIN_DRAW_WIDTH);
  return (
    <div
      className={`view-slot view-slot-${id}${wide ? ' view-slot-wide' : ''}`}
      data-slot={id}
      ref={setSlot}
      data-window-ns={inputs?.snapshot.windowNs}
    >
      {id === 'scaling' && (
        <Suspense fallback={null}>
          <SweepControls store={store} />
        </Suspense>
      )}
      {curveSpec && (
        <Suspense fallback={null}>
          <CurveControls store={store} view={id} spec={curveSpec} />
        </Suspense>
      )}
      <div className="view-body" ref={ref}>
        {!inputs || inputs.width < MIN_DRAW_WIDTH || (onScreen && measured < MIN_DRAW_WIDTH) ? (
          // a slot in sight caught narrower than any view is drawn for (a window being
          // resized, a zoom changing) waits for its width rather than draw boxes of
          // negative size; one out of sight keeps its last picture at the width it was
          // drawn at, as the browser measures it again only when it is scrolled to
          // (content-visibility), and a narrow moment meanwhile would otherwise blank it
          <div className="view-loading" aria-busy="true">
            {title}: waiting for the first frame…
          </div>
        ) : (
          <div className="view-zoom" style={zoom !== 1 ? { zoom: Number(zoom.toFixed(4)) } : undefined}>
            <ViewBoundary title={title}>
              <ViewRender id={id} inputs={inputs} />
            </ViewBoundary>
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * Views that need the full width of the lab (the herd: its loop, and the other lock kind
 * beside it; the RADs' map; a trip's seven places; a send's eight stages and the rules
 * table; two curve charts side by side).
 */
const WIDE: ReadonlySet<KnownViewId> = new Set([
  'timeline',
  'scaling',
  'lock-table',
  'numa-topology',
  ...[...KERNEL_VIEWS.values()].filter((view) => view.wide).map((view) => view.id),
]);

/**
 * The views asked for that the loaded scenario's kernel has something to show in
 * (view-ids.ts). `heights`: the height a view that can draw its main graphic to one should give it (the presenter's stage: fit-views.ts); `max`: at most so many views (an embed).
 */
export function ViewArea({
  store,
  views,
  theme,
  max,
  heights,
  zoom: fixedZoom,
  stage,
  fit,
  tabs,
  measures,
}: {
  store: LabStore;
  views: readonly KnownViewId[];
  theme: Theme;
  max?: number;
  heights?: Partial<Record<KnownViewId, number>>;
  /** The zoom to draw the views at where the caller lays them out on a fixed stage (the presenter's); by default the projector theme's for the window. */
  zoom?: number;
  /** Drawn on the presenter's stage (ViewInputs.stage). */
  stage?: boolean;
  /** Fit the views inside the area's own height (an embed of a given height): a view that draws to a height is given the room (fit-views.ts), any other is scaled down to it; nothing scrolls. */
  fit?: boolean;
  /** One view at a time, chosen with tabs (an embed too narrow for its views side by side). */
  tabs?: boolean;
  /** The counters the views draw with the live state: a full run's (the presenter), else the live run's so far. */
  measures?: ViewMeasures;
}) {
  const kernel = useLab(store, selectKernel);
  const rads = useLab(store, selectRads);
  const drawn = viewsForKernel(views, kernel, rads).slice(0, max);
  // the projector theme's views scale up with a window wider than 1280 px (projector-scale.ts)
  const windowZoom = useProjectorZoom(theme === 'projector' && fixedZoom === undefined);
  const zoom = fixedZoom ?? windowZoom;
  const area = useRef<HTMLDivElement>(null);
  const [fitted, setFitted] = useState<Partial<Record<KnownViewId, number>>>({});
  const onHeight = useCallback((view: string, height: number) => {
    setFitted((before) => (before[view as KnownViewId] === height ? before : { ...before, [view]: height }));
  }, []);
  useFitViews(area, !!fit, onHeight);
  // in an area that fits its views: a view too tall for it is drawn wider and scaled down to it
  const [shrink, setShrink] = useState<Partial<Record<KnownViewId, number>>>({});
  const onShrink = useCallback((view: string, scale: number) => {
    setShrink((before) => (before[view as KnownViewId] === scale ? before : { ...before, [view]: scale }));
  }, []);
  useShrinkToFit(area, !!fit, onShrink);
  const [chosen, setChosen] = useState<KnownViewId | undefined>(undefined);
  // side by side at most three (each a third of a wide frame); more, one at a time
  const tabbed = drawn.length > 1 && (!!tabs || (!!fit && drawn.length > MAX_SIDE_BY_SIDE));
  const current = tabbed ? (chosen && drawn.includes(chosen) ? chosen : drawn[0]!) : undefined;
  const shown = current ? [current] : drawn;
  const id = useId();
  const tabKeys = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!current) return;
    const at = drawn.indexOf(current);
    const next =
      event.key === 'ArrowRight'
        ? (at + 1) % drawn.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + drawn.length) % drawn.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? drawn.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    setChosen(drawn[next]);
    event.currentTarget.querySelector<HTMLButtonElement>(`[data-tab="${drawn[next]}"]`)?.focus();
  };
  const views_ = (
    <div
      ref={area}
      className={`views${fit ? ' views-fit' : ''}${fit && !tabbed && drawn.length > 1 ? ' views-side' : ''}`}
      data-zoom={zoom > 1 ? zoom.toFixed(3) : undefined}
      {...(current ? { role: 'tabpanel', id: `${id}-panel`, 'aria-labelledby': `${id}-${current}` } : {})}
    >
      {shown.map((view) => (
        <ViewSlot
          key={view}
          id={view}
          store={store}
          theme={theme}
          wide={WIDE.has(view)}
          height={heights?.[view] ?? (fit ? fitted[view] : undefined)}
          zoom={fit ? (shrink[view] ?? 1) * zoom : zoom}
          stage={stage}
          measures={measures}
        />
      ))}
      {drawn.length === 0 && views.length > 0 && (
        <p className="views-none" role="note">
          The {kernelInfo(kernel).title} draws none of the views this lab shows ({views.map((view) => viewTitle(view)).join(', ')}); the
          figures still measure it.
        </p>
      )}
    </div>
  );
  // the same tree with or without tabs, so the area (and the observers on it) is never replaced
  return (
    <>
      {current && (
        <div className="view-tabs" role="tablist" aria-label="Views" onKeyDown={tabKeys}>
          {drawn.map((view) => (
            <button
              key={view}
              type="button"
              role="tab"
              id={`${id}-${view}`}
              data-tab={view}
              aria-selected={view === current}
              aria-controls={`${id}-panel`}
              tabIndex={view === current ? 0 : -1}
              onClick={() => setChosen(view)}
            >
              {viewTitle(view)}
            </button>
          ))}
        </div>
      )}
      {views_}
    </>
  );
}

/**
 * In an area that fits its views to its height (ViewArea's `fit`): a view that cannot
 * draw to a given height and is taller than the room under it is scaled down (CSS zoom)
 * to that room, rather than cut or scrolled.
 */
/** Less room than this under a view's top and a fitted area gives up fitting. */
const MIN_ROOM = 60;
/** The most views a fitted area shows side by side; more go behind tabs. */
const MAX_SIDE_BY_SIDE = 3;
/** The least a fitted view is scaled down to: its smallest words stay about 7 px and over. */
const MIN_SCALE = 0.55;
/** The least height fit-views.ts draws a main graphic to, and a little over it. */
const MIN_GRAPHIC_FIT = 130;
function graphicHeight(drawing: HTMLElement): number {
  return tallestGraphic(drawing)?.getBoundingClientRect().height ?? 0;
}
function useShrinkToFit(ref: RefObject<HTMLDivElement | null>, active: boolean, onScale: (view: string, scale: number) => void): void {
  useEffect(() => {
    const area = ref.current;
    if (!area || !active || typeof ResizeObserver === 'undefined') return undefined;
    let frame = 0;
    // A view too tall for the room even at MIN_SCALE (a phone-width frame, a long view):
    // rather than hide what does not fit, the area gives up fitting (data-overfull: the
    // embed then grows and its frame scrolls) and draws its views at their own size,
    // until its views or the window change.
    let overfull = false;
    /** By view: the least zoom found too tall since the area or its views last changed. */
    const tooTall = new Map<string, number>();
    let areaSize = '';
    const giveUp = (on: boolean) => {
      overfull = on;
      if (on) area.dataset.overfull = '';
      else delete area.dataset.overfull;
    };
    const fit = () => {
      frame = 0;
      const bottom = area.getBoundingClientRect().bottom;
      const size = `${area.clientWidth}x${area.clientHeight}`;
      if (size !== areaSize) {
        areaSize = size;
        tooTall.clear();
      }
      for (const body of Array.from(area.querySelectorAll<HTMLElement>('.view-slot > .view-body'))) {
        const view = (body.parentElement as HTMLElement).dataset.slot ?? '';
        const drawing = body.querySelector<HTMLElement>(':scope > .view-zoom');
        if (!drawing) continue;
        const scale = Number(drawing.style.zoom || 1);
        if (overfull) {
          if (scale !== 1) onScale(view, 1);
          continue;
        }
        // a view that draws to a height is scaled only once its main graphic is as small as it is drawn (fit-views.ts)
        if (FITTED_VIEWS.has(view) && scale === 1 && graphicHeight(drawing) > MIN_GRAPHIC_FIT) continue;
        const height = drawing.getBoundingClientRect().height;
        const room = bottom - body.getBoundingClientRect().top - 2;
        if (!(height > 0)) continue;
        // no room left at all (the bar's step list, opened settings in a low frame): give up too
        if (!(room > MIN_ROOM)) {
          giveUp(true);
          if (scale !== 1) onScale(view, 1);
          continue;
        }
        // a zoom the view was too tall at is not picked again in this room (fit-target.ts)
        if (height > room + 1) tooTall.set(view, Math.min(tooTall.get(view) ?? Infinity, scale));
        // (drawn wider when smaller, a view can wrap to fewer lines: the least zoom is tried before giving up)
        const next =
          shrinkTarget({ height, zoom: scale, room, least: MIN_SCALE, ceiling: tooTall.get(view) }) ??
          (scale > MIN_SCALE + 0.005 ? MIN_SCALE : undefined);
        if (next === undefined) {
          giveUp(true);
          onScale(view, 1);
          continue;
        }
        if (Math.abs(next - scale) >= 0.005) onScale(view, next);
      }
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(fit);
    };
    const resize = new ResizeObserver(schedule);
    const watch = () => {
      giveUp(false);
      tooTall.clear();
      resize.disconnect();
      resize.observe(area);
      for (const drawing of Array.from(area.querySelectorAll('.view-slot > .view-body > .view-zoom'))) resize.observe(drawing);
      schedule();
    };
    const onWindow = () => watch();
    window.addEventListener('resize', onWindow);
    // a disclosure opened or closed above the views (the scenario settings) moves the room: fit again
    document.addEventListener('toggle', onWindow, true);
    // slots come and go with the tabs, and a view's drawing replaces its loading line; the views' own redraws are not watched
    const structural = (node: Node) => node === area || (node instanceof HTMLElement && /\b(view-slot|view-body)\b/.test(node.className));
    const mutations = new MutationObserver((records) => {
      if (records.some((record) => structural(record.target))) watch();
    });
    mutations.observe(area, { childList: true, subtree: true });
    watch();
    // and now and then: a view's drawing can change its height deep inside, where nothing here watches
    const timer = setInterval(schedule, 500);
    return () => {
      window.removeEventListener('resize', onWindow);
      document.removeEventListener('toggle', onWindow, true);
      delete area.dataset.overfull;
      clearInterval(timer);
      mutations.disconnect();
      resize.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [ref, active, onScale]);
}
