/*
 * App.tsx -- the site: hash routes (#/lab, #/lessons, #/lessons/<id>, #/embed?..., #/cores),
 * the chrome around them (header with the StackLab name and navigation, footer), and
 * the embed page, which has no chrome and fits its frame. Hash routing keeps the
 * static build working from any base path. Whatever the URL, the page shows
 * something useful: an unreadable lab link opens the default lab with a message
 * saying what was wrong, an unknown page says so and links to the real ones.
 */
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { flattenScenario, type ScenarioValues } from './core/scenario-values.js';
import { LabShell } from './lab/LabShell.js';
import { LabSubtitle } from './lab/Transport.js';
import type { LabStore } from './lab/store.js';
import { UpdateBanner } from './offline/UpdateBanner.js';
import { parseRoute, type Route, type SharedLab } from './lab/url.js';
import { setSiteTheme, useSiteTheme } from './site/theme.js';
import { ErrorBoundary } from './site/ErrorBoundary.js';

// Lessons (and their Markdown and YAML readers) load when first visited, not with the lab.
const LessonIndex = lazy(() => import('./lesson/LessonIndex.js').then((m) => ({ default: m.LessonIndex })));
// The embed page (its messages to the host) loads only on #/embed.
const EmbedPage = lazy(() => import('./embed/EmbedPage.js').then((m) => ({ default: m.EmbedPage })));
const LessonPage = lazy(() => import('./lesson/LessonPage.js').then((m) => ({ default: m.LessonPage })));
const ComparePage = lazy(() => import('./lab/compare/ComparePage.js').then((m) => ({ default: m.ComparePage })));
const PresenterPage = lazy(() => import('./lab/presenter/PresenterPage.js').then((m) => ({ default: m.PresenterPage })));
// "Your own cores" (its threads, chart and the simulator's curve beside) loads only on #/cores.
const CoresPage = lazy(() => import('./cores/page/CoresPage.js').then((m) => ({ default: m.CoresPage })));

function Loading({ what }: { what: string }) {
  return (
    <p className="page-loading" aria-busy="true">
      Loading {what}…
    </p>
  );
}

/** The route of the current hash, and a key that changes on every navigation. */
function useRoute(): { route: Route; key: number } {
  const [state, setState] = useState(() => ({ route: parseRoute(window.location.hash), key: 0 }));
  useEffect(() => {
    const onChange = () => setState((old) => ({ route: parseRoute(window.location.hash), key: old.key + 1 }));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return state;
}

/** The page's content, in the words of an error message ("Something went wrong showing …"). */
function whatOf(route: Route): string {
  switch (route.page) {
    case 'lab':
      return 'the lab';
    case 'lessons':
      return 'the list of lessons';
    case 'lesson':
      return 'this lesson';
    case 'embed':
      return 'this embedded StackLab';
    case 'compare':
      return 'the comparison';
    case 'present':
      return 'presenter mode';
    case 'cores':
      return 'the bench of your own cores';
    case 'not-found':
      return 'this page';
  }
}

function titleOf(route: Route): string {
  switch (route.page) {
    case 'lab':
      return 'StackLab: the lab';
    case 'lessons':
      return 'Lessons · StackLab';
    case 'lesson':
      return 'Lesson · StackLab';
    case 'embed':
      return 'StackLab';
    case 'compare':
      return 'Compare two runs · StackLab';
    case 'present':
      return 'Presenting · StackLab';
    case 'cores':
      return 'Your own cores · StackLab';
    case 'not-found':
      return 'Page not found · StackLab';
  }
}

export function App() {
  const { route, key } = useRoute();
  const main = useRef<HTMLElement>(null);
  useEffect(() => {
    document.title = titleOf(route);
    document.body.classList.toggle('embedded', route.page === 'embed');
    // After a navigation (not the first page), move focus to the new content.
    if (key > 0) main.current?.focus({ preventScroll: false });
  }, [route, key]);

  if (route.page === 'present') {
    return (
      <>
        <UpdateBanner />
        <main className="present-main" ref={main} tabIndex={-1}>
          <ErrorBoundary what="presenter mode" key={key}>
            <Suspense fallback={<Loading what="presenter mode" />}>
              <PresenterPage script={route.script} scene={route.scene} />
            </Suspense>
          </ErrorBoundary>
        </main>
      </>
    );
  }
  if (route.page === 'embed') {
    return (
      <>
        <UpdateBanner />
        <main className="embed" ref={main} tabIndex={-1}>
          <ErrorBoundary what="this embedded StackLab" key={key}>
            <Suspense fallback={<Loading what="StackLab" />}>
              <EmbedPage route={route} />
            </Suspense>
          </ErrorBoundary>
        </main>
      </>
    );
  }
  return (
    <>
      <a
        className="skip-link"
        href="#content"
        onClick={(event) => {
          event.preventDefault();
          main.current?.focus();
        }}
      >
        Skip to content
      </a>
      <SiteHeader route={route} />
      <UpdateBanner />
      <main
        id="content"
        ref={main}
        tabIndex={-1}
        className={route.page === 'lab' || route.page === 'compare' ? 'page page-lab' : route.page === 'cores' ? 'page page-cores' : 'page'}
      >
        <ErrorBoundary what={whatOf(route)} key={key}>
          <Page route={route} routeKey={key} />
        </ErrorBoundary>
      </main>
      <SiteFooter />
    </>
  );
}

function SiteHeader({ route }: { route: Route }) {
  const current = (page: 'lab' | 'lessons' | 'cores') =>
    (page === 'lab' && route.page === 'lab') ||
    (page === 'lessons' && (route.page === 'lessons' || route.page === 'lesson')) ||
    (page === 'cores' && route.page === 'cores')
      ? ('page' as const)
      : undefined;
  return (
    <header className="site-header">
      <a className="brand" href="#/lab">
        <svg className="brand-mark" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
          <rect x="2" y="3" width="20" height="4" rx="1" />
          <rect x="2" y="10" width="20" height="4" rx="1" />
          <rect x="2" y="17" width="20" height="4" rx="1" />
        </svg>
        StackLab
      </a>
      <nav aria-label="Site">
        <a href="#/lab" aria-current={current('lab')}>
          Lab
        </a>
        <a href="#/lessons" aria-current={current('lessons')}>
          Lessons
        </a>
        <a href="#/cores" aria-current={current('cores')}>
          Your own cores
        </a>
      </nav>
      <ThemeSwitch />
      <p className="tagline">Why network stacks stop scaling on multiprocessors, and how real systems fixed it.</p>
    </header>
  );
}

/** The projector theme for every page (remembered): large type, high contrast, thick marks. */
function ThemeSwitch() {
  const theme = useSiteTheme();
  const on = theme === 'projector';
  return (
    <button
      type="button"
      className="theme-switch"
      aria-pressed={on}
      onClick={() => setSiteTheme(on ? 'light' : 'projector')}
      title="Large type, high contrast and thick marks, for a projector. Remembered on this computer."
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <rect x="2" y="6" width="20" height="11" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
        <circle cx="16" cy="11.5" r="2.5" fill="currentColor" />
        <path d="M6 20h12" stroke="currentColor" strokeWidth="2" />
      </svg>
      Projector theme
    </button>
  );
}

function SiteFooter() {
  return (
    <footer className="site-footer">
      <p>
        The kernels and figures come from <cite>The OpenVMS TCP/IP Scalable Kernel</cite> by Rappaport, Pouffary, Lieman and Marotta. Every
        number is simulated by a C core compiled to WebAssembly, running in your browser, except the ones marked &ldquo;measured on this
        machine&rdquo; on <a href="#/cores">the cores page</a>, which your computer&rsquo;s own threads measure.
      </p>
      <p>
        Headless runs of the same core: <code>npx stacklab run testbed-classic</code>
      </p>
    </footer>
  );
}

function Page({ route, routeKey }: { route: Route; routeKey: number }) {
  switch (route.page) {
    case 'lab':
      return <LabPage shared={route.shared} error={route.error} key={routeKey} />;
    case 'lessons':
      return (
        <Suspense fallback={<Loading what="the lessons" />}>
          <LessonIndex />
        </Suspense>
      );
    case 'lesson':
      return (
        <Suspense fallback={<Loading what="the lesson" />}>
          <LessonPage id={route.id} key={route.id} />
        </Suspense>
      );
    case 'compare':
      return (
        <Suspense fallback={<Loading what="the comparison" />}>
          <ComparePage query={route.query} key={routeKey} />
        </Suspense>
      );
    case 'cores':
      return (
        <Suspense fallback={<Loading what="the bench" />}>
          <CoresPage />
        </Suspense>
      );
    case 'embed':
    case 'present':
      return null;
    case 'not-found':
      return <NotFound path={route.path} />;
  }
}

function sharedValues(shared: SharedLab | undefined): ScenarioValues {
  return shared ? (flattenScenario(shared.scenario) as ScenarioValues) : {};
}

function linkNotice(error: string | undefined): string | undefined {
  return error ? `${error} The lab opened with the default scenario instead.` : undefined;
}

function LabPage({ shared, error }: { shared?: SharedLab; error?: string }) {
  const heading = (store: LabStore) => (
    <div className="page-intro">
      <h1>The lab</h1>
      <LabSubtitle store={store} />
    </div>
  );
  return (
    <LabShell
      scenario={sharedValues(shared)}
      scenarioSource={shared ? 'link' : 'default'}
      initialView={shared?.view}
      controls={shared?.view.controls}
      syncUrl
      notice={linkNotice(error)}
      label="StackLab lab"
      heading={heading}
    />
  );
}

function NotFound({ path }: { path: string }): ReactNode {
  return (
    <div className="not-found">
      <h1>There is no page here</h1>
      <p>
        StackLab has no page at <code>#{path}</code>. The link may be mistyped or from a newer StackLab.
      </p>
      <p>
        Go to <a href="#/lab">the lab</a> or <a href="#/lessons">the lessons</a>.
      </p>
    </div>
  );
}
