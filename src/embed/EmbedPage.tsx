/*
 * EmbedPage.tsx -- the #/embed page: one lesson (#/embed?lesson=<id>) or one lab
 * (#/embed?s=<lab state>) with no site chrome, for an iframe on someone else's page.
 * It tells the host its content height (so the frame can fit it) and, only if the host
 * opted in with origin=, posts learning statements to that origin. See
 * docs/embedding.md for the URL, the custom element and the messages.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { Report } from '../core/report.js';
import { flattenScenario, type ScenarioValues } from '../core/scenario-values.js';
import { LabShell } from '../lab/LabShell.js';
import { useLinkTheme } from '../site/theme.js';
import { routeHash, type Route } from '../lab/url.js';
import { inFrame, labBase, originsFromHash, postReady, watchHeight } from './bridge.js';

const LessonPage = lazy(() => import('../lesson/LessonPage.js').then((m) => ({ default: m.LessonPage })));
// Inside another site's page the browser may refuse the lab storage; a file still keeps progress.
const ProgressFile = lazy(() => import('../lesson/ProgressFile.js').then((m) => ({ default: m.ProgressFile })));

type EmbedRoute = Extract<Route, { page: 'embed' }>;

export function EmbedPage({ route }: { route: EmbedRoute }) {
  const content = useRef<HTMLDivElement>(null);
  const [origins] = useState(() => originsFromHash(window.location.hash));
  const allowed = origins.ok ? origins.origins : [];
  const what = route.lesson ?? 'lab';
  const onReport = useRef<((report: Report) => void) | undefined>(undefined);

  // Fit the frame: the content's height, plus the page's padding around it.
  useEffect(() => {
    const element = content.current;
    if (!element || !inFrame()) return undefined;
    const main = element.parentElement!;
    const padding = () => {
      const style = getComputedStyle(main);
      return parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
    };
    postReady(what, allowed);
    return watchHeight(element, padding, allowed);
    // Once per page: the origins are read once, and a new route is a new page (a new key).
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
  }, []);

  const report = useCallback((r: Report) => onReport.current?.(r), []);
  const view = route.shared?.view;
  // An embed looks as its link says (the normal theme unless it asks), whatever this
  // browser chose on the StackLab site itself.
  useLinkTheme(view?.theme ?? 'light');
  const values: ScenarioValues = route.shared ? (flattenScenario(route.shared.scenario) as ScenarioValues) : {};
  const linkError = route.error ? `${route.error} The lab opened with the default scenario instead.` : undefined;
  // flow-root keeps the last child's margin inside this box, so its height is all the content.
  return (
    <div ref={content} className="embed-content" style={{ display: 'flow-root' }}>
      {!origins.ok && <p className="banner banner-notice" role="alert">This embed sends no learning events: {origins.message}</p>}
      {route.lesson ? (
        <Suspense fallback={<p className="page-loading" aria-busy="true">Loading the lesson…</p>}>
          <LessonPage id={route.lesson} />
          <ProgressFile />
        </Suspense>
      ) : (
        <LabShell compact scenario={values} scenarioSource={route.shared ? 'link' : 'default'}
          initialView={view} views={view?.views} controls={view?.controls ?? ['machine.cpus', 'kernel.kind']}
          notice={linkError} label="StackLab lab" onReport={report} />
      )}
    </div>
  );
}
