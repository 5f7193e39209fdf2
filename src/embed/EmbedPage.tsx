/*
 * EmbedPage.tsx -- the #/embed page: one lesson (#/embed?lesson=<id>) or one lab
 * (#/embed?s=<lab state>) with no site chrome, for an iframe on someone else's page.
 * It tells the host its height (a lesson: its content, so the frame can fit it; a lab
 * with height=: that height) and, only if the host opted in with origin=, posts
 * learning statements to that origin. A lab in a small frame (narrower than 900 px or
 * lower than 700 px) takes a compact layout: the run's controls in one bar, the
 * figures, one or two views, the scenario's settings folded away. Links never load
 * the site into the frame (links.ts). See docs/embedding.md for the URL, the custom
 * element and the messages.
 */
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type CSSProperties } from 'react';
import type { Report } from '../core/report.js';
import { flattenScenario, type ScenarioValues } from '../core/scenario-values.js';
import { LabShell } from '../lab/LabShell.js';
import { useLinkTheme } from '../site/theme.js';
import { routeHash, type Route } from '../lab/url.js';
import { VIEW_IDS } from '../shared/view-ids.js';
import { inFrame, labBase, originsFromHash, postReady, watchHeight } from './bridge.js';
import { applyEmbedLinks, carriedParams, NEW_TAB_NOTE_ID } from './links.js';
import { embedOptions, type EmbedTheme } from './options.js';
import { navigatedMessage, postToParent, resizeMessage } from './protocol.js';
import './embed-page.css';

const LessonPage = lazy(() => import('../lesson/LessonPage.js').then((m) => ({ default: m.LessonPage })));
// Inside another site's page the browser may refuse the lab storage; a file still keeps progress.
const ProgressFile = lazy(() => import('../lesson/ProgressFile.js').then((m) => ({ default: m.ProgressFile })));

type EmbedRoute = Extract<Route, { page: 'embed' }>;

const DARK = '(prefers-color-scheme: dark)';
const subscribeDark = (onChange: () => void) => {
  const query = window.matchMedia(DARK);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const prefersDark = () => window.matchMedia(DARK).matches;

/**
 * The embed's colour scheme: theme=dark or light as asked, or (auto, the default) the
 * reader's prefers-color-scheme, which a frame sees as its host page does. Dark is a
 * class on <html> (embed-dark: embed-page.css sets the page's colours); the views keep
 * their own light drawing surface, as cards on the dark page.
 */
function useEmbedScheme(theme: EmbedTheme | undefined): void {
  const dark = useSyncExternalStore(subscribeDark, prefersDark, () => false);
  const isDark = theme === 'dark' || ((theme ?? 'auto') === 'auto' && dark);
  useLayoutEffect(() => {
    document.documentElement.classList.toggle('embed-dark', isDark);
    return () => document.documentElement.classList.remove('embed-dark');
  }, [isDark]);
}

/** Whether this frame has shown a page already: each later one was reached by a link inside the frame. */
let shownBefore = false;

/** A frame this small gets the compact lab (docs/embedding.md, "Size and views"). */
const SMALL_FRAME = '(max-width: 899px), (max-height: 699px)';
const subscribeSmall = (onChange: () => void) => {
  const query = window.matchMedia(SMALL_FRAME);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const isSmall = () => window.matchMedia(SMALL_FRAME).matches;
/** A frame this wide shows a lab's views side by side; a narrower one, one at a time with tabs. */
const WIDE_FRAME = '(min-width: 1000px)';
const subscribeWide = (onChange: () => void) => {
  const query = window.matchMedia(WIDE_FRAME);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const isWide = () => window.matchMedia(WIDE_FRAME).matches;

export function EmbedPage({ route }: { route: EmbedRoute }) {
  const content = useRef<HTMLDivElement>(null);
  const [origins] = useState(() => originsFromHash(window.location.hash));
  const allowed = origins.ok ? origins.origins : [];
  const what = route.lesson ?? 'lab';
  const onReport = useRef<((report: Report) => void) | undefined>(undefined);
  const [options] = useState(() => embedOptions(window.location.hash));
  // A lab of a given height keeps it; a lesson is a document, and asks for its whole length.
  const fixedHeight = route.lesson ? undefined : options.height;
  const small = useSyncExternalStore(subscribeSmall, isSmall, () => false);
  const wide = useSyncExternalStore(subscribeWide, isWide, () => false);

  // Fit the frame: the content's height, plus the page's padding around it.
  useEffect(() => {
    const element = content.current;
    if (!element || !inFrame()) return undefined;
    postReady(what, allowed);
    // A page reached inside the frame (a lesson's Next) starts at its top: ask the host to show the frame's top.
    if (shownBefore) postToParent(navigatedMessage(what), allowed);
    shownBefore = true;
    if (fixedHeight) {
      postToParent(resizeMessage(fixedHeight), allowed);
      return undefined;
    }
    const main = element.parentElement!;
    const padding = () => {
      const style = getComputedStyle(main);
      return parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
    };
    return watchHeight(element, padding, allowed);
    // Once per page: the origins are read once, and a new route is a new page (a new key).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page, as said above
  }, []);

  // Links stay in the embed's world or open a new tab, never the site inside the frame.
  useEffect(() => {
    const element = content.current;
    if (!element) return undefined;
    return applyEmbedLinks(element, { base: labBase(), carry: carriedParams(window.location.hash) });
  }, []);

  // Learning statements, only for the origins the host named.
  useEffect(() => {
    if (allowed.length === 0 || !inFrame()) return undefined;
    let stop: (() => void) | undefined;
    let live = true;
    void import('./lesson-events.js').then((events) => {
      if (!live) return;
      const ctx = { base: labBase() };
      if (route.lesson) stop = events.startLessonEvents(route.lesson, allowed, ctx);
      else {
        const s = new URLSearchParams(window.location.hash.split(/\?(.*)/s, 2)[1] ?? '').get('s')?.replace(/ /g, '+');
        onReport.current = events.labEvents(routeHash({ page: 'lab' }, s ?? undefined), allowed, ctx);
      }
    });
    return () => {
      live = false;
      stop?.();
      onReport.current = undefined;
    };
    // Once per page, as above.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page, as said above
  }, []);

  const report = useCallback((r: Report) => onReport.current?.(r), []);
  const view = route.shared?.view;
  // An embed looks as its link says (the normal theme unless it asks), whatever this
  // browser chose on the StackLab site itself.
  useLinkTheme(view?.theme ?? 'light');
  useEmbedScheme(options.theme);
  const values: ScenarioValues = route.shared ? (flattenScenario(route.shared.scenario) as ScenarioValues) : {};
  const linkError = route.error ? `${route.error} The lab opened with the default scenario instead.` : undefined;
  // The views: views= in the URL, else the link's own choice, else (in a small frame) the
  // first two the kernel draws.
  const linkViews = view && view.views.length < VIEW_IDS.length ? view.views : undefined;
  const views = options.views ?? linkViews;
  // flow-root keeps the last child's margin inside this box, so its height is all the content.
  return (
    <div
      ref={content}
      className={route.lesson ? 'embed-content' : `embed-content embed-lab embed-fit${small ? ' embed-small' : ''}`}
      style={{ display: 'flow-root', ...(fixedHeight ? { '--embed-height': `${fixedHeight}px` } : {}) } as CSSProperties}
    >
      <span id={NEW_TAB_NOTE_ID} hidden>
        Opens in a new tab.
      </span>
      {!origins.ok && (
        <p className="banner banner-notice" role="alert">
          This embed sends no learning events: {origins.message}
        </p>
      )}
      {options.problems.map((problem) => (
        <p key={problem} className="banner banner-notice embed-problem" role="alert">
          {problem} The embed shows its defaults instead.
        </p>
      ))}
      {route.lesson ? (
        <Suspense
          fallback={
            <p className="page-loading" aria-busy="true">
              Loading the lesson…
            </p>
          }
        >
          <LessonPage id={route.lesson} embedded />
          <ProgressFile />
        </Suspense>
      ) : (
        <LabShell
          compact
          scenario={values}
          scenarioSource={route.shared ? 'link' : 'default'}
          initialView={view}
          views={views}
          controls={view?.controls ?? ['machine.cpus', 'kernel.kind']}
          maxViews={views ? undefined : small ? 2 : undefined}
          paramsCollapsed={small}
          fitViews
          viewTabs={!wide}
          notice={linkError}
          label="StackLab lab"
          onReport={report}
        />
      )}
    </div>
  );
}
