/*
 * hostile.spec.ts -- links, files and saved data that someone else wrote, some of them
 * crafted to break the page. For every one: a clear message in words, a page that
 * still works (the site's navigation and the lab or lessons usable), no page error or
 * console error (the fixture), and nothing added to Object.prototype.
 *
 * The case tables (e2e/hostile-cases.ts) -- every row's input and the words it must
 * give -- all run in Vitest, in src/hostile-input.test.ts, through the functions the
 * page calls for each input (each row also checks Object.prototype). This spec keeps one
 * browser test per input channel (lab link, embed link, a link's scenario, controls,
 * lesson / scene script / embedded lesson ids, odd routes, compare link, progress file,
 * scene script file, saved progress, saved theme, a stalled run), with everything only a
 * browser shows -- the message on screen, the lab running or the site working, markup
 * not rendered, words written in JSX. Channels that start no simulation run every row
 * of their table here too, each a step on a page loaded afresh; those that start a lab
 * (links, a link's scenario, compare) run the strongest row (a prototype-pollution row)
 * and the largest input (a 1 MB link: that the page does not freeze is a browser matter).
 */
import type { Page } from '@playwright/test';
import { expect, labLink, test } from './fixtures.js';
import {
  COMPARE_LINKS,
  ODD_IDS,
  ODD_ROUTES,
  PROGRESS_FILES,
  REFUSED_LINKS,
  REFUSED_SCENARIOS,
  row,
  SCRIPTS,
  STORED,
} from './hostile-cases.js';

/** Nothing was added to Object.prototype, and the site's navigation works. */
async function expectUnharmed(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => ({
      polluted: ({} as Record<string, unknown>).polluted,
      keys: Object.getOwnPropertyNames(Object.prototype).length,
    })),
  ).toEqual({
    polluted: undefined,
    keys: await page.evaluate(() => Object.getOwnPropertyNames(Object.getPrototypeOf({})).length),
  });
  expect(
    await page.evaluate(() =>
      Object.getOwnPropertyNames(Object.prototype).filter(
        (k) =>
          ![
            'constructor',
            '__defineGetter__',
            '__defineSetter__',
            'hasOwnProperty',
            '__lookupGetter__',
            '__lookupSetter__',
            'isPrototypeOf',
            'propertyIsEnumerable',
            'toString',
            'valueOf',
            '__proto__',
            'toLocaleString',
          ].includes(k),
      ),
    ),
  ).toEqual([]);
}

/** The lab is on screen and running: its status is ready and frames arrive. */
async function expectLabWorks(page: Page): Promise<void> {
  const lab = page.locator('section.lab').first();
  await expect(lab).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
  await expect.poll(async () => Number((await lab.getAttribute('data-frames')) ?? 0), { timeout: 20_000 }).toBeGreaterThan(0);
}

/** The site's own navigation still takes the learner somewhere real. */
async function expectSiteWorks(page: Page): Promise<void> {
  await page.goto('/#/lessons');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main')).toContainText('One lock for every CPU');
  await expectUnharmed(page);
}

/** Each row as its own step, on a page loaded afresh (not a hash change of the last one). */
async function eachRow<T extends { name: string }>(page: Page, rows: readonly T[], check: (row: T) => Promise<void>): Promise<void> {
  for (const row of rows) {
    await test.step(row.name, async () => {
      await page.goto('about:blank');
      await check(row);
    });
  }
}

// ---- links -------------------------------------------------------------------------

/** REFUSED_LINKS (every row in src/hostile-input.test.ts): a polluting lab link, and the largest. */
const LAB_LINKS = [row(REFUSED_LINKS, '__proto__ in the scenario'), row(REFUSED_LINKS, 'a link a megabyte long')];

/** REFUSED_LINKS: an embed link (the embed page, not the site). */
const EMBED_LINKS = [row(REFUSED_LINKS, 'constructor in an embed link')];

async function refusedLink(page: Page, { path, says }: { path: string; says: RegExp }): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('alert').first()).toContainText(says, { timeout: 20_000 });
  await expectLabWorks(page);
  await expectUnharmed(page);
}

test('link: a lab link whose settings are refused (__proto__; a megabyte long) is refused in words and the default lab runs', async ({
  page,
}) => {
  await eachRow(page, LAB_LINKS, (link) => refusedLink(page, link));
});

test('embed link: one whose settings are refused (constructor.prototype) is refused in words and the default lab runs', async ({
  page,
}) => {
  await eachRow(page, EMBED_LINKS, (link) => refusedLink(page, link));
});

/** REFUSED_SCENARIOS (every row in Vitest): a scenario the simulator refuses, its kernel named after an Object member. */
const SCENARIOS = [row(REFUSED_SCENARIOS, 'a kernel named toString')];

test("scenario: a link's scenario the simulator refuses (a kernel named toString) is explained and the default lab runs", async ({
  page,
}) => {
  await eachRow(page, SCENARIOS, async ({ scenario, says }) => {
    await page.goto(labLink(scenario));
    const alert = page.getByRole('alert').first();
    await expect(alert).toContainText("This link's scenario is not valid", { timeout: 20_000 });
    await expect(alert).toContainText(says);
    await expectLabWorks(page);
    await expectUnharmed(page);
  });
});

test('link: controls the simulator does not have are named in the panel', async ({ page }) => {
  await page.goto(labLink({}, { ct: ['nope.field', 'machine.cpus'] }));
  await expectLabWorks(page);
  await expect(page.getByText('This lab asks for a control “nope.field” that the simulator does not have.')).toBeVisible();
  await expect(page.getByLabel(/CPUs/).first()).toBeVisible();
  await expectUnharmed(page);
});

/** ODD_IDS: every id named after a member of Object (no simulation starts: every row, in the browser too). */

test('route: a lesson, scene script and embedded lesson named after a member of Object ("constructor", "valueOf", ...) say there is none', async ({
  page,
}) => {
  for (const id of ODD_IDS) {
    await page.goto(`/#/lessons/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('There is no such lesson');
    await expect(page.locator('main')).toContainText(`No lesson is called “${id}”`);
    await page.goto(`/#/present/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`There is no scene script "${id}"`);
    await page.goto(`/#/embed?lesson=${id}`);
    await expect(page.locator('main')).toContainText(`No lesson is called “${id}”`);
    await expectUnharmed(page);
  }
});

/** ODD_ROUTES: every row (the not-found page and the embed page; no simulation starts). */

test("route: odd paths (__proto__, climbing out, markup, an embed's lesson id with markup) are answered in words, markup not rendered", async ({
  page,
}) => {
  await eachRow(page, ODD_ROUTES, async ({ path, says }) => {
    await page.goto(path);
    await expect(page.locator('main')).toContainText(says);
    expect(await page.locator('img[src="x"], b:text-is("x")').count()).toBe(0);
    await expectUnharmed(page);
  });
});

/** COMPARE_LINKS (every row in Vitest): side A polluting through constructor.prototype. */
const COMPARES = [row(COMPARE_LINKS, 'a polluting side A')];

test('compare: a link with a polluting side A is explained and the comparison runs', async ({ page }) => {
  await eachRow(page, COMPARES, async ({ query, says }) => {
    await page.goto(`/#/compare?${query}`);
    await expect(page.locator('main')).toContainText(says, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compare two runs');
    await expectUnharmed(page);
  });
});

// ---- files -------------------------------------------------------------------------

/** PROGRESS_FILES: every row (the lessons index; no simulation starts), the largest and the deepest among them. */

test('progress file: each bad file (not JSON, polluting, not UTF-8, 3 MB, 100,000 deep, ...) is refused in words and nothing changes', async ({
  page,
}) => {
  await eachRow(page, PROGRESS_FILES, async ({ bytes, says }) => {
    await page.goto('/#/lessons');
    await page.getByLabel('Progress file to load').setInputFiles({ name: 'mine.json', mimeType: 'application/json', buffer: bytes });
    const message = page.getByTestId('progress-file-message');
    await expect(message).toContainText(says);
    await expect(message).toContainText('Your progress has not changed.');
    expect(await page.evaluate(() => localStorage.getItem('stacklab.lessons.v1'))).not.toMatch(/__proto__|constructor/);
    await expectSiteWorks(page);
  });
});

/** SCRIPTS: every row (presenter mode's index; no simulation starts). */
test('scene script: each bad file (not YAML, aliases, a billion laughs, __proto__, UTF-16) is explained and presenter mode still works', async ({
  page,
}) => {
  await eachRow(page, SCRIPTS, async ({ bytes, says }) => {
    await page.goto('/#/present');
    await page.getByLabel('Open a scene script (.yaml)').setInputFiles({ name: 'talk.yaml', mimeType: 'text/yaml', buffer: bytes });
    await expect(page.getByRole('alert').first()).toContainText(says);
    // the words the page puts around the reader's: a file whose bytes are not text is to be
    // chosen again; a script that does not parse "cannot be presented"
    await expect(page.getByRole('alert').first()).toContainText(
      /not UTF-8/.test(says.source) ? 'Choose the file again.' : 'talk.yaml cannot be presented',
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Presenter mode' })).toBeVisible();
    await expectUnharmed(page);
  });
});

// ---- storage -----------------------------------------------------------------------

/** STORED: every row (the lessons index and a lesson; no simulation starts). */
for (const { name, value, says } of STORED) {
  test(`saved progress: ${name} is reported, kept, and the lessons work`, async ({ page }) => {
    await page.addInitScript((text) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('stacklab.lessons.v1', text);
        sessionStorage.setItem('seeded', '1');
      }
    }, value);
    await page.goto('/#/lessons');
    await expect(page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: says }).first()).toBeVisible();
    // what the learner had is not overwritten: it may be recoverable by hand
    expect(await page.evaluate(() => localStorage.getItem('stacklab.lessons.v1'))).toBe(value);
    await page.goto('/#/lessons/one-lock-for-every-cpu');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('One lock for every CPU');
    await expectUnharmed(page);
  });
}
test('saved theme: a strange value is ignored and the lab runs', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('stacklab.theme', '"><img src=x onerror=alert(1)>'));
  await page.goto('/#/lab');
  await expectLabWorks(page);
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  await expectUnharmed(page);
});

// ---- a run that cannot go on ----------------------------------------------------------

test("a scenario whose loop takes no simulated time stops with the core's words, and the lab recovers", async ({ page }) => {
  // accepted by every check, but every step of a transaction costs 0 ns: the clock could
  // never move, and the core used to loop forever (wasm-core/src/model/stall.c)
  await page.goto(
    labLink({
      machine: { cpus: 1 },
      kernel: { kind: 'classic' },
      workload: { processes: 1, think: { mean_ns: 0 }, user_work: { mean_ns: 0 }, writes_per_txn: 0, reads_per_txn: 0 },
      sim: { duration_ns: 1e6, warmup_ns: 0 },
    }),
  );
  const alert = page.getByRole('alert').filter({ hasText: 'The run cannot go on' }).first();
  await expect(alert).toContainText('without the simulated clock moving', { timeout: 20_000 });
  await expect(alert).toContainText('cost above 0 ns');
  await expectUnharmed(page);
  // the lab recovers: a preset chosen now is what Reset starts (not the scenario that stopped)
  await page.getByLabel('Preset').selectOption({ label: '16-CPU GS160 testbed, classic kernel (I/O lock 8)' });
  await alert.getByRole('button', { name: 'Reset' }).click();
  await expectLabWorks(page);
  await expect(page.locator('[data-view="cpu-grid"]')).toContainText('CPUs (16)');
  await expect(page.getByRole('alert').filter({ hasText: 'The run cannot go on' })).toHaveCount(0);
});
