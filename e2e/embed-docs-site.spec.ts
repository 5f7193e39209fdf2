/*
 * StackLab embedded in real documentation sites, end to end, built by the real
 * generators: VitePress (installed from npm into a cache under the temp folder, pinned)
 * builds a small site whose page embeds two lessons, one with the plain iframe snippet
 * and one with <stacklab-embed>; MkDocs (installed from PyPI into a virtual environment
 * in the same cache, pinned) builds a page with the code snippets.ts writes (what the
 * Embed dialog gives an author): a lesson and two labs picked by views and height. The lab
 * is built for publishing under a sub-path (https://user.github.io/project/ style) with
 * STACKLAB_PUBLIC_URL set, and served at /project/ from another origin than the docs.
 * Chromium loads the docs page: both lessons load (worker and wasm from the sub-path),
 * the element fits its frame to the lesson, statements reach the opted-in docs origin,
 * the oEmbed files and discovery link are there, and no frame logs a console error.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.js';
import { serveStatic, type Mount, type StaticServer } from './static-server.js';
import { buildSite } from './build.js';
import { elementTag, iframeSnippet } from '../src/embed/snippets.js';
import { ensureMkDocs, ensureSphinx, ensureVitePress, vitepressCache } from '../scripts/docs-generators.mjs';

const cache = vitepressCache;
const work = join(tmpdir(), `stacklab-embed-docs-${process.pid}`);
/** The lab built for publishing under /project/ (buildSite: made before the run when it could be). */
let labDist = '';
const site = join(cache, `site-${process.pid}`);
const LESSON_IFRAME = 'the-thundering-herd';
const LESSON_ELEMENT = 'one-lock-for-every-cpu';

const mkdocsSite = join(work, 'mkdocs');
const sphinxSite = join(work, 'sphinx');

let lab: StaticServer;
let docs: StaticServer;
let mkdocs: StaticServer;
let sphinx: StaticServer;
const labMounts: Mount[] = [];
let labBase = '';

const MK_LESSON = { lesson: LESSON_ELEMENT, title: 'StackLab lesson: One lock for every CPU' };
const MK_LAB = { views: ['cpu-grid', 'lock'], title: 'StackLab lab: the CPUs and the lock' };
const MK_TIMELINE = { views: ['timeline'], title: 'StackLab lab: the timeline' };

/** An MkDocs site as docs/embedding.md says: the script in extra_javascript, the snippets in a page. */
function writeMkDocsSite(labUrl: string, docsOrigin: string): void {
  rmSync(mkdocsSite, { recursive: true, force: true });
  mkdirSync(join(mkdocsSite, 'docs'), { recursive: true });
  // The mkdocs theme's highlight.js comes from a CDN, which this machine cannot reach: off.
  writeFileSync(
    join(mkdocsSite, 'mkdocs.yml'),
    `site_name: Scaling course
theme:
  name: mkdocs
  highlightjs: false
extra_javascript:
  - path: ${labUrl}stacklab-embed.js
    defer: true
`,
  );
  writeFileSync(
    join(mkdocsSite, 'docs', 'index.md'),
    `# Week 1: locks

## One lock for every CPU

${elementTag({ ...MK_LESSON, origins: [docsOrigin] }, 400)}

## The lab, 480 px high

${elementTag(MK_LAB, 480)}

## The timeline, by iframe

${iframeSnippet(labUrl, MK_TIMELINE, 480)}
`,
  );
}

const SX_LESSON = { lesson: LESSON_ELEMENT, title: 'StackLab lesson: One lock for every CPU' };
const SX_LAB = { views: ['cpu-grid', 'lock'], title: 'StackLab lab: the CPUs and the lock' };

/** A Sphinx site with the furo theme, as docs/embedding.md says: the script in html_js_files, the element in a raw block. */
function writeSphinxSite(labUrl: string, docsOrigin: string): void {
  rmSync(sphinxSite, { recursive: true, force: true });
  mkdirSync(join(sphinxSite, 'src', '_static'), { recursive: true });
  // the site's own icon (without one the browser asks for /favicon.ico)
  writeFileSync(join(sphinxSite, 'src', '_static', 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>');
  writeFileSync(
    join(sphinxSite, 'src', 'conf.py'),
    `project = 'Scaling course'
html_theme = 'furo'
html_favicon = '_static/icon.svg'
html_js_files = [(${JSON.stringify(`${labUrl}stacklab-embed.js`)}, {'defer': 'defer'})]
`,
  );
  const raw = (html: string) => `.. raw:: html\n\n   ${html}\n`;
  writeFileSync(
    join(sphinxSite, 'src', 'index.rst'),
    `Week 1: locks
=============

Read the first lesson here, then try the lab below.

One lock for every CPU
----------------------

${raw(elementTag({ ...SX_LESSON, origins: [docsOrigin] }, 400))}
The lab, 480 px high
--------------------

${raw(elementTag(SX_LAB, 480))}
`,
  );
}

function writeSite(labUrl: string, docsOrigin: string): void {
  rmSync(site, { recursive: true, force: true });
  mkdirSync(join(site, '.vitepress'), { recursive: true });
  writeFileSync(
    join(site, '.vitepress', 'config.mts'),
    `export default {
  title: 'Scaling course',
  description: 'Course notes with StackLab lessons',
  // The site's own icon (without one the browser asks for /favicon.ico and logs a 404).
  head: [['link', { rel: 'icon', href: 'data:,' }], ['script', { src: ${JSON.stringify(`${labUrl}stacklab-embed.js`)}, defer: '' }]],
  vue: { template: { compilerOptions: { isCustomElement: (tag) => tag === 'stacklab-embed' } } },
  themeConfig: { sidebar: [{ text: 'Week 1', items: [{ text: 'Locks', link: '/locks' }] }] },
};
`,
  );
  writeFileSync(join(site, 'index.md'), '# Scaling course\n\nSee [week 1](./locks.md).\n');
  writeFileSync(
    join(site, 'locks.md'),
    `# Week 1: locks

Read the first lesson here, then try the thundering herd below.

## One lock for every CPU

${elementTag({ lesson: LESSON_ELEMENT, title: 'StackLab lesson: One lock for every CPU', origins: [docsOrigin] }, 400)}

## The thundering herd

${iframeSnippet(labUrl, { lesson: LESSON_IFRAME, title: 'StackLab lesson: The thundering herd' })}
`,
  );
}

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(420_000);
  const vitepress = ensureVitePress();
  // On the port the test run chose for it (E2E_DOCS_LAB_PORT, scripts/test-all.sh), for
  // which it built the lab beside the other suites; on any free port if that is taken.
  const port = Number(process.env.E2E_DOCS_LAB_PORT ?? 0);
  lab = await serveStatic(labMounts, '127.0.0.1', {}, port).catch(() => serveStatic(labMounts));
  labBase = `${lab.url}/project/`;
  // The lab as it would be published: under a sub-path, with its public URL for oEmbed
  // (built here if the run did not build it for this address).
  labDist = buildSite({ env: { STACKLAB_PUBLIC_URL: labBase } });
  labMounts.push({ prefix: '/project/', dir: labDist });
  const docsMounts: Mount[] = [];
  docs = await serveStatic(docsMounts, 'localhost');
  writeSite(labBase, docs.url);
  execFileSync(vitepress, ['build', site], { cwd: cache, stdio: 'pipe', timeout: 240_000 });
  docsMounts.push({ prefix: '/', dir: join(site, '.vitepress', 'dist') });
  const mkdocsMounts: Mount[] = [];
  mkdocs = await serveStatic(mkdocsMounts, 'localhost');
  writeMkDocsSite(labBase, mkdocs.url);
  execFileSync(ensureMkDocs(), ['build', '--quiet', '--site-dir', join(mkdocsSite, 'out')], {
    cwd: mkdocsSite,
    stdio: 'pipe',
    timeout: 240_000,
  });
  mkdocsMounts.push({ prefix: '/', dir: join(mkdocsSite, 'out') });
  const sphinxMounts: Mount[] = [];
  sphinx = await serveStatic(sphinxMounts, 'localhost');
  writeSphinxSite(labBase, sphinx.url);
  execFileSync(ensureSphinx(), ['-q', '-b', 'html', join(sphinxSite, 'src'), join(sphinxSite, 'out')], { stdio: 'pipe', timeout: 240_000 });
  sphinxMounts.push({ prefix: '/', dir: join(sphinxSite, 'out') });
});

test.afterEach(() => {
  // Nothing either page asked for was missing.
  expect([...lab.misses, ...docs.misses, ...mkdocs.misses, ...sphinx.misses]).toEqual([]);
});
test.afterAll(async () => {
  await lab?.close();
  await docs?.close();
  await mkdocs?.close();
  await sphinx?.close();
  rmSync(work, { recursive: true, force: true });
  rmSync(site, { recursive: true, force: true });
});

/** The verbs of the statements <stacklab-embed> elements dispatch on the page, as they come. */
async function recordStatements(page: Page): Promise<string[]> {
  const statements: string[] = [];
  await page.exposeFunction('reportStatement', (verb: string) => statements.push(verb));
  await page.addInitScript(() => {
    document.addEventListener('stacklab-statement', (event) => {
      (window as unknown as { reportStatement: (v: string) => void }).reportStatement(
        (event as CustomEvent<{ verb: { id: string } }>).detail.verb.id,
      );
    });
  });
  return statements;
}

async function expectLessonLoaded(frame: ReturnType<Page['frameLocator']>, title: string) {
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText(title, { timeout: 30_000 });
}

test('a VitePress page embeds two lessons: by iframe snippet and by <stacklab-embed>', async ({ page }) => {
  const statements = await recordStatements(page);
  const labRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(lab.url)) labRequests.push(new URL(request.url()).pathname);
  });

  await page.goto(`${docs.url}/locks.html`);
  await expect(page.getByRole('heading', { name: 'Week 1: locks' })).toBeVisible();
  const element = page.locator('stacklab-embed');
  const elementFrame = page.frameLocator('stacklab-embed iframe');
  await expectLessonLoaded(elementFrame, 'One lock for every CPU');
  // Resized from 400 px to the whole lesson.
  await expect.poll(() => element.locator('iframe').evaluate((el) => el.clientHeight), { timeout: 15_000 }).toBeGreaterThan(1500);
  expect(await elementFrame.locator('html').evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
  // The docs origin opted in, so the element re-dispatches the lesson's statements.
  await expect.poll(() => statements).toContain('http://adlnet.gov/expapi/verbs/experienced');

  const plain = page.locator(`iframe[src*="lesson=${LESSON_IFRAME}"]`);
  await plain.scrollIntoViewIfNeeded();
  const plainFrame = page.frameLocator(`iframe[src*="lesson=${LESSON_IFRAME}"]`);
  await expectLessonLoaded(plainFrame, 'The thundering herd');
  // A plain iframe keeps the height the snippet gave it; the lesson scrolls inside.
  expect(await plain.evaluate((el) => el.clientHeight)).toBe(640);
  // Everything the frames loaded came from the lab's sub-path.
  expect(labRequests.length).toBeGreaterThan(0);
  expect(labRequests.filter((p) => !p.startsWith('/project/'))).toEqual([]);

  mkdirSync('/tmp/shots-embed', { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: '/tmp/shots-embed/docs-site-top.png' });
  await plain.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/shots-embed/docs-site-iframe.png' });
  await page.screenshot({ path: '/tmp/shots-embed/docs-site-full.png', fullPage: true });
  await expectAccessible(page, 'VitePress page with two embedded lessons');
});

test('the lab built for a sub-path runs there, with oEmbed discovery for its public URL', async ({ page }) => {
  await page.goto(`${labBase}#/lab`);
  await expect(page.locator('section.lab').first()).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await expect
    .poll(async () => Number(await page.locator('section.lab').first().getAttribute('data-frames')), { timeout: 20_000 })
    .toBeGreaterThan(0);

  // Discovery: index.html links the lab's oEmbed document, which is there and embeds the lab.
  const link = page.locator('link[rel="alternate"][type="application/json+oembed"]');
  await expect(link).toHaveAttribute('href', `${labBase}oembed/lab.json`);
  const labOembed = await (await page.request.get(`${labBase}oembed/lab.json`)).json();
  expect(labOembed).toMatchObject({ version: '1.0', type: 'rich', provider_name: 'StackLab', provider_url: labBase, height: 640 });
  expect(labOembed.html).toContain(`src="${labBase}#/embed?height=640"`);
  // Each lesson: its oEmbed document, and a landing page that carries the discovery link and leads to the lesson.
  const lessonOembed = await (await page.request.get(`${labBase}oembed/lessons/${LESSON_IFRAME}.json`)).json();
  expect(lessonOembed).toMatchObject({ title: 'The thundering herd', type: 'rich' });
  expect(lessonOembed.html).toContain(`src="${labBase}#/embed?lesson=${LESSON_IFRAME}"`);
  const landing = readFileSync(join(labDist, 'lessons', `${LESSON_IFRAME}.html`), 'utf8');
  expect(landing).toContain(`href="${labBase}oembed/lessons/${LESSON_IFRAME}.json"`);
  await page.goto(`${labBase}lessons/${LESSON_IFRAME}.html`);
  await expect(page).toHaveURL(`${labBase}#/lessons/${LESSON_IFRAME}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The thundering herd', { timeout: 20_000 });
});

test('an MkDocs page embeds a lesson and two labs with the code the Embed dialog writes', async ({ page }) => {
  const statements = await recordStatements(page);
  // What MkDocs made of the snippets (Python-Markdown wraps the inline element in a <p>; the iframe is a block).
  const built = readFileSync(join(mkdocsSite, 'out', 'index.html'), 'utf8');
  expect(built).toContain(`<p>${elementTag(MK_LAB, 480)}</p>`);
  expect(built).toContain(iframeSnippet(labBase, MK_TIMELINE, 480));
  expect(built).toContain(`<script src="${labBase}stacklab-embed.js" defer></script>`);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${mkdocs.url}/`);
  await expect(page.getByRole('heading', { name: 'Week 1: locks' })).toBeVisible();
  const frames = page.locator('stacklab-embed iframe');
  await expect(frames).toHaveCount(2);
  const lesson = page.frameLocator('stacklab-embed[lesson] iframe');
  await expect(lesson.getByRole('heading', { level: 1 })).toHaveText('One lock for every CPU', { timeout: 30_000 });
  await expect(frames.first()).toHaveAttribute('title', MK_LESSON.title);
  // The lesson grows to its length; the docs origin opted in and gets its statements.
  await expect.poll(() => frames.first().evaluate((el) => el.clientHeight), { timeout: 15_000 }).toBeGreaterThan(1500);
  await expect.poll(() => statements).toContain('http://adlnet.gov/expapi/verbs/experienced');

  // The lab keeps its 480 px, shows the two views asked for, and a live one is in sight.
  const labElement = page.locator('stacklab-embed[views]');
  await labElement.scrollIntoViewIfNeeded();
  const labFrame = page.frameLocator('stacklab-embed[views] iframe');
  await expect(labFrame.locator('section.lab')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  // (side by side in a frame 1000 px wide or more, else behind tabs)
  await expect
    .poll(() =>
      labFrame
        .locator('html')
        .evaluate(() => [
          ...new Set(
            Array.from(document.querySelectorAll<HTMLElement>('[role="tab"], .view-slot')).map((el) => el.dataset.tab ?? el.dataset.slot),
          ),
        ]),
    )
    .toEqual(['cpu-grid', 'lock']);
  await expect
    .poll(
      () =>
        labFrame
          .locator('.view-slot svg')
          .first()
          .evaluate((svg) => svg.getBoundingClientRect().top < innerHeight - 150 && svg.querySelectorAll('rect, path, text').length > 10),
      { timeout: 20_000 },
    )
    .toBe(true);
  await page.waitForTimeout(500);
  expect(await labElement.locator('iframe').evaluate((el) => el.getBoundingClientRect().height)).toBe(480);

  // The iframe snippet: the timeline alone.
  const timeline = page.frameLocator(`iframe[title="${MK_TIMELINE.title}"]`);
  await page.locator(`iframe[title="${MK_TIMELINE.title}"]`).scrollIntoViewIfNeeded();
  await expect
    .poll(() => timeline.locator('.view-slot').evaluateAll((slots) => slots.map((el) => (el as HTMLElement).dataset.slot)), {
      timeout: 30_000,
    })
    .toEqual(['timeline']);

  mkdirSync('/tmp/shots-embed', { recursive: true });
  await labElement.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/shots-embed/mkdocs-lab.png' });
  // The mkdocs theme's own sidebar and footer links fail axe's contrast check (its
  // colours, not StackLab's): the page's content, the embeds in it, is checked.
  const result = await new AxeBuilder({ page }).include('[role="main"]').analyze();
  expect(
    result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join('; ')}`,
      ),
  ).toEqual([]);
});

test('a Sphinx site with furo embeds a lesson and a lab that fit at 640, 800 and 1280 px, light and dark', async ({ page }) => {
  test.setTimeout(150_000);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  const built = readFileSync(join(sphinxSite, 'out', 'index.html'), 'utf8');
  expect(built).toContain(elementTag(SX_LAB, 480));
  expect(built).toContain(`src="${labBase}stacklab-embed.js"`);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`${sphinx.url}/index.html`);
  await expect(page.getByRole('heading', { name: 'Week 1: locks' })).toBeVisible();
  const lessonFrame = page.frameLocator('stacklab-embed[lesson] iframe');
  await expect(lessonFrame.getByRole('heading', { level: 1 })).toHaveText('One lock for every CPU', { timeout: 30_000 });
  // Storage refused in a frame on another site is one quiet line, not an alert before the lesson.
  expect(await lessonFrame.locator('[role="alert"]').count()).toBe(0);
  const labElement = page.locator('stacklab-embed[views]');
  const labFrame = page.frameLocator('stacklab-embed[views] iframe');
  await labElement.scrollIntoViewIfNeeded();
  await expect(labFrame.locator('section.lab')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });

  /** The lab frame: its size, whether its document scrolls, its views' tabs, and each view's drawing box and marks. */
  const labLayout = () =>
    labFrame.locator('html').evaluate((html) => {
      const views = Array.from(document.querySelectorAll<HTMLElement>('.view-slot')).map((slot) => {
        const box = slot.getBoundingClientRect();
        const drawing = slot.querySelector('svg, canvas');
        return {
          id: slot.dataset.slot,
          top: Math.round(box.top),
          bottom: Math.round(box.bottom),
          marks: drawing ? slot.querySelectorAll('rect, path, text, canvas').length : 0,
        };
      });
      return {
        width: innerWidth,
        height: innerHeight,
        overflow: html.scrollHeight - html.clientHeight,
        tabs: Array.from(document.querySelectorAll('[role="tab"]')).map((tab) => (tab as HTMLElement).dataset.tab),
        views,
        dark: html.classList.contains('embed-dark'),
        background: getComputedStyle(document.body).backgroundColor,
      };
    });
  const shots = '/tmp/shots-embed';
  mkdirSync(shots, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    // furo follows the reader's scheme ("auto"), and so does the embed (theme=auto, the default)
    const darkBackground = (colour: string) =>
      colour
        .match(/\d+/g)!
        .slice(0, 3)
        .map(Number)
        .reduce((a, b) => a + b, 0) <
      3 * 80;
    await expect
      .poll(async () => darkBackground(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)))
      .toBe(scheme === 'dark');
    for (const width of [640, 800, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await labElement.scrollIntoViewIfNeeded();
      // The requested views, all inside the frame's 480 px: nothing scrolls inside the frame.
      await expect
        .poll(
          async () => {
            const layout = await labLayout();
            const shown = layout.views.filter((view) => view.marks > 10 && view.top >= 0 && view.bottom <= layout.height);
            return {
              height: layout.height,
              overflow: layout.overflow <= 0,
              views: [...new Set([...layout.tabs, ...layout.views.map((view) => view.id)])],
              shown: shown.length > 0 && shown.length === layout.views.length,
              dark: layout.dark && darkBackground(layout.background),
            };
          },
          { timeout: 20_000, message: `lab at ${width} px, ${scheme}` },
        )
        .toEqual({ height: 480, overflow: true, views: ['cpu-grid', 'lock'], shown: true, dark: scheme === 'dark' });
      expect(await labElement.locator('iframe').evaluate((el) => el.getBoundingClientRect().height)).toBe(480);
      // Every view asked for can be shown: the other tab's view too, inside the height.
      const tabs = labFrame.getByRole('tab');
      if ((await tabs.count()) > 1) {
        await tabs.nth(1).click();
        await expect
          .poll(
            async () => {
              const l = await labLayout();
              return l.views.map((v) => ({
                id: v.id,
                drawn: v.marks > 10,
                inside: v.bottom <= l.height && v.top >= 0,
                overflow: l.overflow,
              }));
            },
            { timeout: 20_000 },
          )
          .toEqual([{ id: 'lock', drawn: true, inside: true, overflow: 0 }]);
        await tabs.nth(0).click();
      }
      // The lesson fits its content (the element grew to it), in the same scheme.
      expect(await lessonFrame.locator('html').evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
      expect(await lessonFrame.locator('html').evaluate((el) => el.classList.contains('embed-dark'))).toBe(scheme === 'dark');
      await page.screenshot({ path: `${shots}/sphinx-furo-${width}-${scheme}.png` });
    }
  }
  // No frame warned (a service worker a third-party frame cannot register, storage) or failed.
  expect(warnings).toEqual([]);
  const result = await new AxeBuilder({ page }).include('article').analyze();
  expect(
    result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join('; ')}`,
      ),
  ).toEqual([]);
});
