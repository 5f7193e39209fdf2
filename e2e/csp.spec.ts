/*
 * csp.spec.ts -- the built site works under the Content-Security-Policy it ships
 * (src/build/csp.ts): no 'unsafe-eval', no inline script, no inline style. dist/ is
 * served with the policy of its index.html meta tag also sent as a header, so the
 * simulation worker and the service worker (which a meta tag does not reach) run under
 * it too. Each kind of route is loaded here: the lab (the default one and a shared
 * link), the lesson index, Compare, presenter mode's index, the embed page (a lab, a
 * link, a lesson), and a page that does not exist. Any securitypolicyviolation event,
 * console error or page error fails the route (the fixture), and the simulation must
 * really run: frames advance.
 *
 * The preview server every other spec uses sends the same policy as a header
 * (vite.config.ts; checked here) and the fixture fails a test on any violation, so the routes walked
 * elsewhere are checked under the policy where they are walked, not loaded again here:
 * every lesson, its labs run to their ends (lessons.spec.ts), and every scene of every
 * scene script, its scenario running (presenter-fit.spec.ts).
 */
import type { Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './build.js';
import { expect, framesShown, lab, labLink, presetScenario, test } from './fixtures.js';
import { serveStatic, type StaticServer } from './static-server.js';

const dist = join(repoRoot, 'dist');
const policy =
  /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(readFileSync(join(dist, 'index.html'), 'utf8'))?.[1] ?? '';

/** The id in each file's front matter. */
const idsIn = (dir: string, pattern: RegExp) =>
  readdirSync(join(repoRoot, dir))
    .filter((f) => pattern.test(f))
    .sort()
    .map((f) => /^id:\s*(\S+)\s*$/m.exec(readFileSync(join(repoRoot, dir, f), 'utf8'))![1]!);
const LESSONS = idsIn('lessons', /^(?!SUMMARY).*\.md$/);
const SCRIPTS = idsIn('lessons/scenes', /\.yaml$/);

let server: StaticServer;
test.beforeAll(async () => {
  server = await serveStatic([{ prefix: '/', dir: dist }], '127.0.0.1', { 'content-security-policy': policy });
});
test.afterAll(async () => server?.close());

// Each page records every CSP violation from before its first script (in every frame).
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, '__cspViolations', { value: seen });
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
});

async function open(page: Page, hash: string): Promise<void> {
  await page.goto(`${server.url}/${hash}`);
  await expect(page.locator('#root > *').first()).toBeVisible({ timeout: 20_000 });
}

async function expectNoViolations(page: Page): Promise<void> {
  const frames = page.frames();
  const seen = (
    await Promise.all(
      frames.map((frame) =>
        frame.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []).catch(() => []),
      ),
    )
  ).flat();
  expect(seen, 'Content-Security-Policy violations').toEqual([]);
}

/** The page's first lab is loaded and running: its frames advance (pressing Play if it waits for it). */
async function expectLabRuns(page: Page): Promise<void> {
  await expect(lab(page)).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
  const before = await framesShown(page);
  const advanced = await expect
    .poll(() => framesShown(page), { timeout: 3_000 })
    .toBeGreaterThan(before + 2)
    .then(
      () => true,
      () => false,
    );
  if (!advanced) await lab(page).getByTestId('play').click();
  await expect.poll(() => framesShown(page), { timeout: 20_000 }).toBeGreaterThan(before + 5);
}

test('the shipped policy forbids eval and inline script and allows WebAssembly', () => {
  const directives = new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
  expect(directives.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  expect(policy).not.toMatch(/'unsafe-eval'|'unsafe-inline'/);
  expect(directives.get('object-src')).toEqual(["'none'"]);
});

test('the preview server every other spec runs against sends the policy as a header, to the page, the worker and the service worker', async ({
  request,
}) => {
  // what makes every route a spec walks a CSP check (vite.config.ts, the fixture)
  const worker = readdirSync(join(dist, 'assets')).find((f) => /^sim\.worker-.*\.js$/.test(f));
  expect(worker, 'the simulation worker in dist/assets').toBeDefined();
  for (const path of ['/', `/assets/${worker}`, '/sw.js']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-security-policy'], path).toBe(policy);
  }
});

test('the policy is in force and a violation is seen', async ({ browser }) => {
  // Not the fixture's page: the violations made here on purpose log console errors.
  const page = await browser.newPage({ serviceWorkers: 'block' });
  try {
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.defineProperty(window, '__cspViolations', { value: seen });
      document.addEventListener('securitypolicyviolation', (event) => seen.push(event.effectiveDirective));
    });
    await page.goto(`${server.url}/#/lab`);
    await expect(lab(page)).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineScriptRan = true';
      document.head.append(script);
      const div = document.createElement('div');
      div.setAttribute('style', 'color: red');
      document.body.append(div);
      return 'inlineScriptRan' in window;
    });
    expect(ran, 'an inline script runs').toBe(false);
    // Each is reported once per policy in force: the header's and the meta tag's.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations.slice().sort()))
      .toEqual(['script-src-elem', 'script-src-elem', 'style-src-attr', 'style-src-attr']);
  } finally {
    await page.close();
  }
});

test.describe('every route under the policy', () => {
  test.describe.configure({ timeout: 60_000 });

  test('the lab runs, and the service worker installs', async ({ page }) => {
    await open(page, '#/lab');
    await expectLabRuns(page);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
    await expectNoViolations(page);
  });

  test.describe('without the service worker', () => {
    test.use({ serviceWorkers: 'block' });

    test('a shared lab link is checked and runs', async ({ page }) => {
      await open(page, labLink(presetScenario('testbed-scalable')).slice(1));
      await expect(page.locator('[data-view="cpu-grid"]')).toBeVisible({ timeout: 20_000 });
      await expectLabRuns(page);
      await expectNoViolations(page);
    });

    test('the lesson index', async ({ page }) => {
      await open(page, '#/lessons');
      await expect(page.locator('main a[href^="#/lessons/"]').first()).toBeVisible({ timeout: 20_000 });
      await expectNoViolations(page);
    });

    test('Compare runs both sides', async ({ page }) => {
      await open(page, '#/compare?a=testbed-classic&b=testbed-scalable');
      await expect(page.locator('.compare')).toHaveAttribute('data-ready', 'yes', { timeout: 30_000 });
      const now = () => page.getByTestId('compare-now').getAttribute('data-ns').then(Number);
      const start = await now();
      await expect.poll(now, { timeout: 20_000 }).toBeGreaterThan(start);
      await expectNoViolations(page);
    });

    test('presenter mode: the list of scene scripts', async ({ page }) => {
      await open(page, '#/present');
      await expect(page.locator(`a[href="#/present/${SCRIPTS[0]}"]`).first()).toBeVisible({ timeout: 20_000 });
      await expectNoViolations(page);
    });

    test('the embed page: a lab, a link and a lesson', async ({ page }) => {
      await open(page, '#/embed');
      await expectLabRuns(page);
      await expectNoViolations(page);
      await open(page, labLink(presetScenario('testbed-classic'), {}, 'embed').slice(1));
      await expectLabRuns(page);
      await expectNoViolations(page);
      await open(page, `#/embed?lesson=${LESSONS[0]}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
      await expectNoViolations(page);
    });

    test('a page that does not exist', async ({ page }) => {
      await open(page, '#/no-such-page');
      await expect(page.getByRole('heading', { name: 'There is no page here' })).toBeVisible();
      await expectNoViolations(page);
    });
  });
});
