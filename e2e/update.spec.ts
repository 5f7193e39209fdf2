/*
 * update.spec.ts -- a new version deployed under an open tab (src/offline/update.ts,
 * sw.ts). Two builds that differ (STACKLAB_BUILD_LABEL A and B: other file hashes) are
 * served from one address, A first, then B in its place, as a deploy does.
 *
 * Without a service worker the tab's lazy chunks are gone: opening the lessons fails to
 * load, and instead of a blank page the tab says StackLab was updated, with Reload;
 * Reload brings version B at the same hash, and the lab's state is still in the history.
 * With the service worker, the new version's worker takes the tab over, the tab keeps
 * working on its old version (served from the old cache) and says an update is ready;
 * Reload brings B at the same hash, and once no tab runs A its cache is deleted.
 */
import { expect, test, type Page } from '@playwright/test';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSite } from './build.js';
import { framesShown, lab } from './fixtures.js';
import { serveStatic, type Mount, type StaticServer } from './static-server.js';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

let versionA: string;
let versionB: string;
const mount: Mount = { prefix: '/', dir: '' };
let server: StaticServer;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  versionA = buildSite({ env: { STACKLAB_BUILD_LABEL: 'A' } });
  versionB = buildSite({ env: { STACKLAB_BUILD_LABEL: 'B' } });
  server = await serveStatic([mount]);
});
test.afterAll(async () => server?.close());
test.beforeEach(() => {
  mount.dir = versionA;
});

/** Console errors other than those of the files a deploy removed (404s, the import that failed). */
function unexpectedErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && !/status of 404|dynamically imported module|Importing a module script failed/.test(text))
      errors.push(text);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const build = (page: Page) => page.locator('html').getAttribute('data-build');
const lessonsLink = (page: Page) => page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Lessons' });
const firstLesson = (page: Page) => page.locator('main a[href^="#/lessons/"]').first();

async function openLabWithTwelveCpus(page: Page): Promise<string> {
  await page.goto(`${server.url}/#/lab`);
  await expect(lab(page)).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
  await expect.poll(() => framesShown(page), { timeout: 20_000 }).toBeGreaterThan(0);
  const cpus = page.getByRole('spinbutton', { name: /CPUs, as a number/ });
  await cpus.fill('12');
  await cpus.press('Enter');
  await expect(page.locator('[data-view="cpu-grid"]')).toContainText('CPUs (12)');
  await expect.poll(() => page.url()).toContain('#/lab?s=');
  return page.url();
}

test('the two builds differ as deploys do: the lazy chunks have other names', () => {
  const chunks = (dir: string) => readdirSync(join(dir, 'assets')).filter((f) => /^LessonIndex-.*\.js$/.test(f));
  expect(chunks(versionA)).toHaveLength(1);
  expect(chunks(versionB)).toHaveLength(1);
  expect(chunks(versionA)).not.toEqual(chunks(versionB));
});

test.describe('without a service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('a lazy route whose chunk is gone says StackLab was updated, and Reload brings the new version at the same hash', async ({
    page,
  }) => {
    const errors = unexpectedErrors(page);
    const labUrl = await openLabWithTwelveCpus(page);
    expect(await build(page)).toBe('A');

    mount.dir = versionB; // the deploy
    await lessonsLink(page).click();
    const banner = page.locator('.update-banner');
    await expect(banner).toBeVisible({ timeout: 10_000 });
    await expect(banner).toHaveAttribute('role', 'alert');
    await expect(banner).toContainText('StackLab was updated');
    // Not a blank page: the site's header and the place of the page are still there.
    await expect(page.getByRole('link', { name: 'StackLab' }).first()).toBeVisible();
    await expect(page.getByText('This part of StackLab could not be loaded.')).toBeVisible();

    await banner.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => build(page), { timeout: 20_000 }).toBe('B');
    expect(new URL(page.url()).hash).toBe('#/lessons');
    await expect(firstLesson(page)).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('.update-banner')).toHaveCount(0);
    // The lab's whole state is in its address: Back opens it as it was, on version B.
    await page.goBack();
    expect(page.url()).toBe(labUrl);
    await expect(page.locator('[data-view="cpu-grid"]')).toContainText('CPUs (12)', { timeout: 20_000 });
    expect(errors).toEqual([]);
  });

  test('a worker whose script is gone says StackLab was updated too', async ({ page }) => {
    // Version A without its worker's script: only the worker can fail to load here
    // (two real builds share the worker file when the worker's code is the same).
    const withoutWorker = mkdtempSync(join(tmpdir(), 'stacklab-e2e-no-worker-'));
    cpSync(versionA, withoutWorker, { recursive: true });
    for (const file of readdirSync(join(withoutWorker, 'assets')).filter((f) => /^sim\.worker-.*\.js$/.test(f)))
      rmSync(join(withoutWorker, 'assets', file));
    try {
      const errors = unexpectedErrors(page);
      await page.goto(`${server.url}/#/lessons`);
      await expect(firstLesson(page)).toBeVisible({ timeout: 20_000 });
      mount.dir = withoutWorker;
      // The lab's code came with the first page; its worker is fetched when a lab opens.
      await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Lab' }).click();
      await expect(page.locator('.update-banner')).toContainText('StackLab was updated', { timeout: 20_000 });
      expect(server.misses.filter((path) => /sim\.worker-/.test(path)).length).toBeGreaterThan(0);
      mount.dir = versionB;
      await page.locator('.update-banner').getByRole('button', { name: 'Reload' }).click();
      await expect.poll(() => build(page), { timeout: 20_000 }).toBe('B');
      // the same route after the reload (the lab, once loaded, may add its own state: ?s=)
      expect(new URL(page.url()).hash.split('?')[0]).toBe('#/lab');
      await expect(lab(page)).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
      expect(errors).toEqual([]);
    } finally {
      rmSync(withoutWorker, { recursive: true, force: true });
    }
  });
});

test('with the service worker the old tab keeps working on its version, offers the new one, and the old cache goes when no tab runs it', async ({
  context,
  page,
}) => {
  const errors = unexpectedErrors(page);
  const precaches = () =>
    page.evaluate(() => caches.keys().then((names) => names.filter((n) => n.startsWith('stacklab-precache-')).length));
  await openLabWithTwelveCpus(page);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
  expect(await precaches()).toBe(1);

  mount.dir = versionB; // the deploy; another tab's page load finds the new service worker
  const other = await context.newPage();
  await other.goto(`${server.url}/#/lessons`);
  await other.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
  // Version B's worker installs and takes both tabs over; the old tab is told.
  const banner = page.locator('.update-banner');
  await expect(banner).toBeVisible({ timeout: 30_000 });
  await expect(banner).toHaveAttribute('role', 'status');
  await expect(banner).toContainText('StackLab was updated');
  expect(await precaches()).toBe(2);

  // The old tab still runs A: its lazy chunks come from A's cache, not the server.
  await lessonsLink(page).click();
  await expect(firstLesson(page)).toBeVisible({ timeout: 20_000 });
  expect(await build(page)).toBe('A');

  await banner.getByRole('button', { name: 'Reload' }).click();
  await expect.poll(() => build(page), { timeout: 20_000 }).toBe('B');
  expect(new URL(page.url()).hash).toBe('#/lessons');
  await expect(firstLesson(page)).toBeVisible({ timeout: 20_000 });

  // The other tab ran A too; once it is closed, the next page load drops A's cache.
  await other.close();
  await page.reload();
  await expect.poll(precaches, { timeout: 20_000 }).toBe(1);
  expect(await build(page)).toBe('B');
  expect(errors).toEqual([]);
});
