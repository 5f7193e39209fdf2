/*
 * Embedding, end to end in Debian's Chromium: a course page on another origin frames a
 * lesson and receives its resize messages and xAPI statements (it opted in with
 * origin=); a page that did not opt in receives layout messages and no statement; the
 * <stacklab-embed> element fits its frame to the content and re-dispatches statements
 * as DOM events from inside its shadow root; the Embed dialog is keyboard operable and
 * really copies; progress survives an export and import round trip, and a malformed
 * file is refused without touching it. A lab in a 640 by 480 frame shows a live view
 * without scrolling, and the views and height an author picks are honoured (a wrong
 * one is explained); the links of an embedded lesson never load the site's header into
 * the frame. No console errors in any frame; axe clean.
 *
 * The host pages are served by two small servers at http://localhost:<port> (the lab is
 * at http://127.0.0.1:<E2E_PORT>), so they are real cross-origin parents of the lab.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../src/core/node.js';
import { presetNames, readPreset } from '../src/core/presets.js';
import { parseLesson } from '../src/lesson/parse.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, tabTo } from './fixtures.js';

async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  mkdirSync('/tmp/shots-embed', { recursive: true });
  await page.screenshot({ path: `/tmp/shots-embed/${name}.png`, fullPage });
}

const LESSON = 'one-lock-for-every-cpu';
/** The lesson's first question, as its file has it: which option is right, and one that is not. */
const firstCheck = (() => {
  const presets = Object.fromEntries(presetNames().map((name) => [name, readPreset(name)]));
  const lesson = parseLesson(`lessons/${LESSON}.md`, readFileSync(join(repoRoot, 'lessons', `${LESSON}.md`), 'utf8'), { presets });
  const check = lesson.checks[lesson.steps.find((step) => step.kind === 'check')!.id]!;
  const right = check.options.findIndex((option) => option.correct === true);
  return { id: check.id, right, wrong: right === 0 ? 1 : 0 };
})();
let PARENT = '';
let OTHER = '';

/** A host origin: a server on localhost that answers every path with the page last set for it. */
const hosts = new Map<string, { server: Server; html: string }>();
async function startHost(): Promise<string> {
  const host = {
    html: '',
    server: createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(host.html);
    }),
  };
  await new Promise<void>((resolve) => host.server.listen(0, '127.0.0.1', resolve));
  const origin = `http://localhost:${(host.server.address() as AddressInfo).port}`;
  hosts.set(origin, host);
  return origin;
}
test.beforeAll(async () => {
  PARENT = await startHost();
  OTHER = await startHost();
});
test.afterAll(async () => {
  for (const { server } of hosts.values())
    await new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
});

interface Received {
  origin: string;
  data: { type: string; version: number; height?: number; statement?: Statement };
}
interface Statement {
  verb: { id: string };
  object: { id: string };
  result?: { response?: string; success?: boolean };
}

/** A course page at `origin` whose body is `body`, recording every StackLab message it receives. */
async function hostPage(page: Page, origin: string, body: string): Promise<void> {
  hosts.get(origin)!.html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Course page</title>
<style>iframe { border: 9px solid rgb(200, 0, 0); } body { font-family: serif; margin: 16px; }</style>
<script>
window.received = [];
window.elementEvents = [];
addEventListener('message', (event) => {
  if (event.data && typeof event.data.type === 'string' && event.data.type.startsWith('stacklab:')) {
    received.push({ origin: event.origin, data: event.data });
    const frame = document.getElementById('plain');
    if (frame && event.source === frame.contentWindow && event.data.type === 'stacklab:resize') frame.style.height = event.data.height + 'px';
  }
});
document.addEventListener('stacklab-statement', (event) => elementEvents.push(event.detail));
</script></head><body><main><h1>Course: why stacks stop scaling</h1>${body}</main></body></html>`;
  await page.goto(`${origin}/course.html`);
}

const received = (page: Page) => page.evaluate(() => (window as unknown as { received: Received[] }).received);
const statementsOf = async (page: Page) =>
  (await received(page)).filter((m) => m.data.type === 'stacklab:statement').map((m) => m.data.statement!);
const embedSrc = (base: string, query: string) => `${base}/#/embed?${query}`;

async function commitPrediction(frame: ReturnType<Page['frameLocator']>) {
  const form = frame.locator('#predict-free-handoff');
  await form.getByText('Little, under 5%').click();
  await form.getByRole('button', { name: 'Commit my prediction' }).click();
  await expect(frame.getByTestId('prediction-free-handoff')).toHaveText(/Little, under 5%/);
  // The lesson's questions open once every prediction is committed (issue 38): the other two.
  const number = frame.locator('#predict-spin-at-16');
  await number.getByRole('spinbutton').fill('20');
  await number.getByRole('button', { name: 'Commit my prediction' }).click();
  await expect(frame.getByTestId('prediction-spin-at-16')).toBeVisible();
  const sketch = frame.locator('#predict-sketch-throughput');
  await sketch.getByRole('slider').first().focus();
  await sketch.getByRole('slider').first().press('PageUp');
  await sketch.getByRole('button', { name: 'Commit my prediction' }).click();
  await expect(frame.getByTestId('prediction-sketch-throughput')).toBeVisible();
}

test.describe('an embedded lesson and its host', () => {
  test('an opted-in host receives resize messages and xAPI statements for what the learner does', async ({ page, baseURL }) => {
    await hostPage(
      page,
      PARENT,
      `<iframe id="plain" title="StackLab lesson" style="width: 100%; height: 300px"
      src="${embedSrc(baseURL!, `lesson=${LESSON}&origin=${encodeURIComponent(PARENT)}`)}"></iframe>`,
    );
    const frame = page.frameLocator('#plain');
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('One lock for every CPU', { timeout: 20_000 });

    // Ready, then the content's height, which the host applies to the frame.
    await expect
      .poll(async () => (await received(page)).find((m) => m.data.type === 'stacklab:ready')?.data)
      .toMatchObject({ version: 1, content: LESSON, statements: true });
    await expect
      .poll(async () => Math.max(0, ...(await received(page)).filter((m) => m.data.type === 'stacklab:resize').map((m) => m.data.height!)))
      .toBeGreaterThan(1500);
    const last = (await received(page)).filter((m) => m.data.type === 'stacklab:resize').at(-1)!.data.height!;
    await expect.poll(() => page.locator('#plain').evaluate((el) => el.clientHeight)).toBe(last);
    // The frame now holds the whole lesson: nothing scrolls inside it.
    expect(await frame.locator('html').evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
    expect((await received(page)).every((m) => m.origin === new URL(baseURL!).origin)).toBe(true);

    // Opening the lesson: experienced.
    await expect.poll(async () => (await statementsOf(page)).map((s) => s.verb.id)).toContain('http://adlnet.gov/expapi/verbs/experienced');
    const opened = (await statementsOf(page))[0]!;
    expect(opened.object.id).toBe(`${baseURL}/#/lessons/${LESSON}`);

    // A prediction: answered, with the chosen option's id as the response.
    await commitPrediction(frame);
    await expect
      .poll(async () => (await statementsOf(page)).find((s) => s.object.id.endsWith('/predict/free-handoff')))
      .toMatchObject({
        verb: { id: 'http://adlnet.gov/expapi/verbs/answered' },
        result: { response: '2' },
      });

    // A question, wrong and then right: two answered statements with success false, then true.
    const check = frame.locator('form.lesson-check').first();
    await check.locator(`label.lesson-option[data-option="${firstCheck.wrong}"]`).click();
    await check.getByRole('button', { name: 'Check my answer' }).click();
    await check.locator(`label.lesson-option[data-option="${firstCheck.right}"]`).click();
    await check.getByRole('button', { name: 'Check my answer' }).click();
    await expect
      .poll(async () => (await statementsOf(page)).filter((s) => s.object.id.endsWith(`/check/${firstCheck.id}`)).map((s) => s.result))
      .toEqual([
        { response: String(firstCheck.wrong), success: false },
        { response: String(firstCheck.right), success: true },
      ]);
    // The embedded lesson offers its progress as a file too (a framed lab may not keep storage).
    await expect(frame.getByRole('button', { name: 'Save my progress to a file' })).toBeVisible();
    await page.locator('#plain').scrollIntoViewIfNeeded();
    await shot(page, 'embed-host-lesson');
    await expectAccessible(page, 'course page with an embedded lesson');
  });

  test('a host that did not opt in gets layout messages and no statement', async ({ page, baseURL }) => {
    await hostPage(
      page,
      OTHER,
      `<iframe id="plain" title="StackLab lesson" style="width: 100%; height: 500px"
      src="${embedSrc(baseURL!, `lesson=${LESSON}&origin=${encodeURIComponent(PARENT)}`)}"></iframe>`,
    );
    const frame = page.frameLocator('#plain');
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('One lock for every CPU', { timeout: 20_000 });
    await expect.poll(async () => (await received(page)).filter((m) => m.data.type === 'stacklab:resize').length).toBeGreaterThan(0);
    await commitPrediction(frame);
    await frame.locator('form.lesson-check').first().locator(`label.lesson-option[data-option="${firstCheck.right}"]`).click();
    await frame.locator('form.lesson-check').first().getByRole('button', { name: 'Check my answer' }).click();
    await expect(frame.locator('form.lesson-check').first()).toContainText('Correct.');
    await page.waitForTimeout(500);
    expect(await statementsOf(page)).toEqual([]);
  });

  test('an embed with no origin= sends no statement; a bad origin= says why', async ({ page, baseURL }) => {
    await hostPage(
      page,
      PARENT,
      `<iframe id="plain" title="StackLab lesson" style="width: 100%; height: 500px" src="${embedSrc(baseURL!, `lesson=${LESSON}`)}"></iframe>
      <iframe id="star" title="StackLab lab" style="width: 100%; height: 500px" src="${embedSrc(baseURL!, 'origin=*')}"></iframe>`,
    );
    const frame = page.frameLocator('#plain');
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('One lock for every CPU', { timeout: 20_000 });
    await commitPrediction(frame);
    await expect(page.frameLocator('#star').getByRole('alert').first()).toContainText('never to "*"');
    await page.waitForTimeout(500);
    expect(await statementsOf(page)).toEqual([]);
  });
});

test('an embedded lab, opted in: experienced when opened, completed with its measures when run to the end', async ({ page, baseURL }) => {
  await hostPage(
    page,
    PARENT,
    `<iframe id="plain" title="StackLab lab" style="width: 100%; height: 900px"
    src="${embedSrc(baseURL!, `origin=${encodeURIComponent(PARENT)}`)}"></iframe>`,
  );
  const frame = page.frameLocator('#plain');
  await expect(frame.locator('section.lab')).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
  await expect.poll(async () => (await statementsOf(page)).map((s) => s.verb.id)).toEqual(['http://adlnet.gov/expapi/verbs/experienced']);
  expect((await statementsOf(page))[0]!.object.id).toBe(`${baseURL}/#/lab`);
  await frame.getByRole('button', { name: 'Run to end' }).click();
  await expect
    .poll(async () => (await statementsOf(page)).map((s) => s.verb.id), { timeout: 30_000 })
    .toContain('http://adlnet.gov/expapi/verbs/completed');
  const done = (await statementsOf(page)).find((s) => s.verb.id.endsWith('/completed')) as Statement & {
    result: { completion: boolean; extensions: Record<string, number> };
  };
  expect(done.result.completion).toBe(true);
  const mpsynch = done.result.extensions[`${baseURL}/#/xapi/metric/mpsynch_pct`];
  expect(mpsynch).toBeGreaterThan(0);
  expect(mpsynch).toBeLessThan(100);
});

test('<stacklab-embed> fits its frame to the content, keeps styles apart and forwards statements', async ({ page, baseURL }) => {
  await hostPage(
    page,
    PARENT,
    `<script src="${baseURL}/stacklab-embed.js" defer></script>
    <stacklab-embed lesson="${LESSON}" height="300" origin="${PARENT}"></stacklab-embed>`,
  );
  const inner = page.locator('stacklab-embed iframe');
  await expect(inner).toHaveAttribute('title', `StackLab lesson: ${LESSON}`);
  expect(await inner.getAttribute('src')).toBe(`${baseURL}/#/embed?lesson=${LESSON}&origin=${encodeURIComponent(PARENT)}`);
  // The page's "iframe { border: 9px solid red }" does not reach into the shadow root.
  expect(await inner.evaluate((el) => getComputedStyle(el).borderTopWidth)).toBe('0px');
  const frame = page.frameLocator('stacklab-embed iframe');
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText('One lock for every CPU', { timeout: 20_000 });
  // From 300 px to the lesson's full height, as reported.
  await expect.poll(() => inner.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(1500);
  const reported = (await received(page)).filter((m) => m.data.type === 'stacklab:resize').at(-1)!.data.height!;
  await expect.poll(() => inner.evaluate((el) => el.getBoundingClientRect().height)).toBe(reported);
  await commitPrediction(frame);
  // Opened, then the three predictions commitPrediction commits: one answered each.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { elementEvents: Statement[] }).elementEvents.map((s) => s.verb.id)))
    .toEqual(['http://adlnet.gov/expapi/verbs/experienced', ...Array(3).fill('http://adlnet.gov/expapi/verbs/answered')]);
  await expectAccessible(page, 'course page with <stacklab-embed>');
  // "Next lesson" at the lesson's end: the new lesson starts at the frame's top, which the
  // element scrolls into view (stacklab:navigated), instead of leaving the page far down it.
  const next = frame.locator('a.lesson-pager-next');
  await next.scrollIntoViewIfNeeded();
  expect(await inner.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(-1000);
  await next.click();
  await expect(frame.getByRole('heading', { level: 1 })).not.toHaveText('One lock for every CPU', { timeout: 20_000 });
  await expect.poll(() => inner.evaluate((el) => Math.abs(Math.round(el.getBoundingClientRect().top)))).toBe(0);
  expect((await received(page)).filter((m) => m.data.type === 'stacklab:navigated')).toHaveLength(1);
});

/** The first view's drawing in a frame: where it is in the frame's viewport, and whether it has marks. */
async function firstDrawing(frame: ReturnType<Page['frameLocator']>) {
  return frame.locator('html').evaluate(() => {
    const drawing = document.querySelector<SVGSVGElement | HTMLCanvasElement>('.view-slot svg, .view-slot canvas');
    if (!drawing) return undefined;
    const box = drawing.getBoundingClientRect();
    const marks =
      drawing instanceof HTMLCanvasElement
        ? drawing.width * drawing.height
        : drawing.querySelectorAll('rect, path, circle, line, text').length;
    return {
      top: box.top,
      visible: Math.min(box.bottom, innerHeight) - Math.max(box.top, 0),
      marks,
      scrolled: scrollY,
      viewport: innerHeight,
      width: innerWidth,
    };
  });
}
const slotsIn = (frame: ReturnType<Page['frameLocator']>) =>
  frame.locator('.view-slot').evaluateAll((slots) => slots.map((slot) => (slot as HTMLElement).dataset.slot));

test.describe('an embedded lab, by size', () => {
  test('in a 640 by 480 iframe a live view is in sight without scrolling; settings are folded away', async ({ page, baseURL }) => {
    await hostPage(
      page,
      PARENT,
      `<iframe id="fixed" title="StackLab lab" width="640" height="480" style="border: 1px solid #888" src="${embedSrc(baseURL!, '')}"></iframe>
      <script src="${baseURL}/stacklab-embed.js" defer></script>
      <stacklab-embed height="480" label="StackLab lab, by element" style="width: 640px"></stacklab-embed>`,
    );
    const frame = page.frameLocator('#fixed');
    await expect(frame.locator('section.lab')).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
    await expect.poll(async () => (await firstDrawing(frame))?.marks ?? 0, { timeout: 20_000 }).toBeGreaterThan(10);
    const drawing = (await firstDrawing(frame))!;
    expect(drawing).toMatchObject({ scrolled: 0, viewport: 480, width: 640 });
    // The first view, whole, inside the frame's height, and nothing in the frame scrolls.
    const layout = (f: ReturnType<Page['frameLocator']>) =>
      f.locator('html').evaluate((html) => ({
        overflow: html.scrollHeight - html.clientHeight,
        tabs: Array.from(document.querySelectorAll('[role="tab"]')).map(
          (tab) => `${(tab as HTMLElement).dataset.tab}${tab.getAttribute('aria-selected') === 'true' ? ' (selected)' : ''}`,
        ),
        slots: Array.from(document.querySelectorAll<HTMLElement>('.view-slot')).map((slot) => {
          const box = slot.getBoundingClientRect();
          return { id: slot.dataset.slot, top: Math.round(box.top), bottom: Math.round(box.bottom), width: Math.round(box.width) };
        }),
      }));
    await expect
      .poll(
        async () => {
          const { overflow, slots } = await layout(frame);
          return (
            overflow <= 0 && slots.length === 1 && slots[0]!.top >= 0 && slots[0]!.bottom <= 480 && slots[0]!.bottom - slots[0]!.top >= 160
          );
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    // In a small frame: the first two views the kernel draws, one at a time behind tabs.
    expect((await layout(frame)).tabs).toEqual(['cpu-grid (selected)', 'lock']);
    // The element of the same size lays out the same as the plain iframe.
    const element = page.frameLocator('stacklab-embed iframe');
    await expect(element.locator('section.lab')).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
    const plainLayout = JSON.stringify(await layout(frame));
    // (a frame out of sight gets no animation frames, so it fits itself once scrolled to)
    await page.locator('stacklab-embed').scrollIntoViewIfNeeded();
    await expect.poll(async () => JSON.stringify(await layout(element)), { timeout: 20_000 }).toBe(plainLayout);
    await page.locator('#fixed').scrollIntoViewIfNeeded();
    // The other tab, by keyboard: its view, whole, inside the height.
    await frame.getByRole('tab').first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(frame.getByRole('tab').nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(frame.getByRole('tab').nth(1)).toBeFocused();
    await expect
      .poll(
        async () => {
          const { overflow, slots } = await layout(frame);
          return overflow <= 0 && slots.length === 1 && slots[0]!.id === 'lock' && slots[0]!.top >= 0 && slots[0]!.bottom <= 480;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await shot(page, 'embed-lab-640x480-lock-tab');
    await page.keyboard.press('ArrowLeft');
    // The settings are one click away, not in the way; the figures are in sight.
    const settings = frame.locator('details.lab-params-disclosure');
    await expect(settings).not.toHaveAttribute('open', '');
    await expect(settings.locator('summary')).toHaveText('Scenario settings');
    await expect(frame.locator('.figures')).toBeInViewport();
    // The settings open from the keyboard.
    await settings.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(settings).toHaveAttribute('open', '');
    await expect(
      frame
        .getByRole('group', { name: /Kernel/ })
        .or(frame.getByText('Kernel', { exact: true }))
        .first(),
    ).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(frame.locator('section.lab')).toBeVisible();
    await shot(page, 'embed-lab-640x480');
    await expectAccessible(page, 'course page with a lab in a 640 px iframe');
  });

  test('the views and height an author picks are honoured, by element and by URL', async ({ page, baseURL }) => {
    await hostPage(
      page,
      PARENT,
      `<script src="${baseURL}/stacklab-embed.js" defer></script>
      <stacklab-embed id="element" views="lock,timeline" height="520" label="StackLab lab: the lock"></stacklab-embed>
      <iframe id="fixed" title="StackLab lab: timeline" width="640" height="480" src="${embedSrc(baseURL!, 'views=timeline&height=480')}"></iframe>`,
    );
    const inner = page.locator('stacklab-embed iframe');
    expect(await inner.getAttribute('src')).toBe(`${baseURL}/#/embed?views=lock,timeline&height=520`);
    const element = page.frameLocator('stacklab-embed iframe');
    await expect(element.locator('section.lab')).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
    await expect.poll(() => slotsIn(element)).toEqual(['lock', 'timeline']);
    // The lab asks for exactly the height it was given, and the element keeps it.
    await expect
      .poll(async () => (await received(page)).filter((m) => m.data.type === 'stacklab:resize').map((m) => m.data.height))
      .toContain(520);
    expect((await received(page)).filter((m) => m.data.type === 'stacklab:resize').map((m) => m.data.height)).not.toContain(undefined);
    await page.waitForTimeout(500);
    expect(await inner.evaluate((el) => el.getBoundingClientRect().height)).toBe(520);
    const plain = page.frameLocator('#fixed');
    await expect(plain.locator('section.lab')).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
    await expect.poll(() => slotsIn(plain)).toEqual(['timeline']);
    // in sight (a frame out of sight gets no animation frames, and fits itself once
    // scrolled to), the view fits the frame's 480 px whole: nothing scrolls, the view
    // ends inside the frame, and its lanes are drawn at least at the fitted minimum
    // (fit-views.ts: 120 px of the view's own, scaled to the room: 90 px on screen).
    // Out of sight, the canvas once ran past the frame's foot, and an earlier form of
    // this check (more than 120 px of it visible) passed only then.
    await page.locator('#fixed').scrollIntoViewIfNeeded();
    await expect
      .poll(
        async () =>
          plain.locator('html').evaluate(() => {
            const slot = document.querySelector('.view-slot')!.getBoundingClientRect();
            const canvas = document.querySelector('.view-slot canvas')?.getBoundingClientRect();
            const html = document.documentElement;
            return html.scrollHeight <= html.clientHeight && slot.top >= 0 && slot.bottom <= innerHeight && (canvas?.height ?? 0) >= 90;
          }),
        { timeout: 20_000 },
      )
      .toBe(true);
    await shot(page, 'embed-lab-views-height');
    // Changing an attribute redraws the element's frame with the new views.
    await page.locator('stacklab-embed').evaluate((el) => el.setAttribute('views', 'cpu-grid'));
    await expect.poll(() => slotsIn(element), { timeout: 20_000 }).toEqual(['cpu-grid']);
  });

  test('an unknown view or a bad height is explained in the frame, naming the valid values, and the lab still runs', async ({
    page,
    baseURL,
  }) => {
    await hostPage(
      page,
      PARENT,
      `<iframe id="fixed" title="StackLab lab" width="640" height="480" src="${embedSrc(baseURL!, 'views=cpus,lock&height=tall')}"></iframe>`,
    );
    const frame = page.frameLocator('#fixed');
    const alerts = frame.getByRole('alert');
    await expect(alerts.filter({ hasText: 'views=' })).toContainText(
      'names a view StackLab does not have: "cpus". The views are: cpu-grid, net-latency, hpux-journey, numa-topology, lock',
    );
    await expect(alerts.filter({ hasText: 'views=' })).toContainText('hpux-curves');
    await expect(alerts.filter({ hasText: 'height=' })).toContainText(
      'height=tall is not a height StackLab can use: write a whole number of CSS pixels from 240 to 20000',
    );
    await expect(frame.locator('section.lab')).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
    await expect.poll(() => slotsIn(frame)).toEqual(['cpu-grid']);
    await expect(frame.getByRole('tab')).toHaveText(['CPUs', 'Spinlock']);
  });

  test('views the kernel does not draw are said in words, not left blank', async ({ page, baseURL }) => {
    await hostPage(
      page,
      PARENT,
      `<iframe id="fixed" title="StackLab lab" width="640" height="480" src="${embedSrc(baseURL!, 'views=herd&height=480')}"></iframe>`,
    );
    const frame = page.frameLocator('#fixed');
    await expect(frame.locator('section.lab')).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
    await expect(frame.locator('.views-none')).toHaveText(
      /draws none of the views this lab shows \(Thundering herd\); the figures still measure it\./,
    );
    await expect(frame.locator('.figures')).toBeVisible();
  });
});

test('links in an embedded lesson stay in the embed or open a new tab; the frame never shows the site', async ({
  page,
  baseURL,
  context,
}) => {
  const FIRST = 'From livelock to NAPI';
  await hostPage(
    page,
    PARENT,
    `<iframe id="plain" title="StackLab lesson" style="width: 640px; height: 480px"
    src="${embedSrc(baseURL!, `lesson=from-livelock-to-napi&origin=${encodeURIComponent(PARENT)}`)}"></iframe>`,
  );
  const frame = page.frameLocator('#plain');
  const frameUrl = () =>
    page
      .frames()
      .find((f) => f.url().includes('#/embed'))!
      .url();
  const heading = frame.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(FIRST, { timeout: 20_000 });

  // Every link the embedded lesson shows is an embed route, a place in the page, or opens a new tab.
  const check = async () => {
    const links = await frame.locator('a[href]').evaluateAll((anchors) =>
      anchors.map((a) => ({
        href: a.getAttribute('href')!,
        target: a.getAttribute('target'),
        rel: a.getAttribute('rel'),
        text: a.textContent!.trim(),
      })),
    );
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      const stays =
        link.href.startsWith('#/embed?') || (link.href.startsWith('#') && !link.href.startsWith('#/')) || link.href.startsWith('mailto:');
      if (!stays)
        expect(link, `${link.text} opens a new tab`).toMatchObject({ target: '_blank', rel: expect.stringContaining('noopener') });
    }
    return links;
  };
  const links = await check();
  expect(links.find((link) => link.text.startsWith('All lessons'))).toMatchObject({ href: `${baseURL}/#/lessons`, target: '_blank' });
  // A link in the lesson's text to another lesson stays in the embed and keeps the host's origin.
  const inText = frame.locator('.lesson-article a', { hasText: 'Receive livelock' });
  await expect(inText).toHaveAttribute('href', `#/embed?lesson=receive-livelock&origin=${encodeURIComponent(PARENT)}`);
  await expect(inText).not.toHaveAttribute('target', /./);

  // "All lessons" opens the site in a new tab; the frame stays where it was.
  const [popup] = await Promise.all([context.waitForEvent('page'), frame.locator('.lesson-crumbs a').click()]);
  await expect(popup).toHaveURL(`${baseURL}/#/lessons`);
  await popup.close();
  expect(frameUrl()).toContain('#/embed?lesson=from-livelock-to-napi');
  await expect(frame.locator('.site-header')).toHaveCount(0);

  // The link in the text: that lesson, in the embed, with no site header; its links follow the rules too.
  await inText.click();
  await expect(heading).toHaveText('Receive livelock', { timeout: 20_000 });
  expect(frameUrl()).toContain(`#/embed?lesson=receive-livelock&origin=${encodeURIComponent(PARENT)}`);
  await expect(frame.locator('.site-header')).toHaveCount(0);
  await check();
  // Next lesson, twice: still embed routes, never the site.
  for (let i = 0; i < 2; i++) {
    const before = await heading.textContent();
    const next = frame.locator('a.lesson-pager-next');
    await expect(next).toHaveAttribute('href', /^#\/embed\?lesson=[a-z0-9-]+&origin=/);
    await next.click();
    await expect(heading).not.toHaveText(before!, { timeout: 20_000 });
    expect(frameUrl()).toContain('#/embed?lesson=');
    await expect(frame.locator('.site-header')).toHaveCount(0);
    await check();
  }
  await shot(page, 'embed-lesson-links');
  // The host got an "experienced" statement for each lesson opened (origin= was kept).
  await expect
    .poll(async () => (await statementsOf(page)).filter((s) => s.verb.id.endsWith('/experienced')).length)
    .toBeGreaterThanOrEqual(4);
});

test('an embedded lab links to the full lab in a new tab', async ({ page, baseURL }) => {
  await hostPage(
    page,
    PARENT,
    `<iframe id="fixed" title="StackLab lab" width="640" height="480" src="${embedSrc(baseURL!, '')}"></iframe>`,
  );
  const frame = page.frameLocator('#fixed');
  const open = frame.getByRole('link', { name: 'Open this experiment in the full lab' });
  await expect(open).toHaveAttribute('href', new RegExp(`^${baseURL}/#/lab\\?s=`), { timeout: 20_000 });
  await expect(open).toHaveAttribute('target', '_blank');
  await expect(open).toHaveAttribute('rel', /noopener/);
  await expect(open).toHaveAttribute('aria-describedby', 'embed-new-tab-note');
});

test.describe('the Embed dialog', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
  // The lab plays while axe reads it; on a busy machine that takes a while.
  test.describe.configure({ timeout: 60_000 });

  test('on the lab: opens from the keyboard, copies both snippets with a visible confirmation, closes with Escape', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/#/lab');
    const button = page.getByRole('button', { name: 'Embed…' });
    await tabTo(page, button, 120);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /Embed this lab/ });
    await expect(dialog).toBeVisible();
    const iframeCode = dialog.getByLabel('Iframe code');
    await expect(iframeCode).toHaveValue(
      new RegExp(`^<iframe src="${baseURL}/#/embed\\?s=[A-Za-z0-9+$-]+&amp;height=640" title="StackLab lab"`),
    );
    const copy = dialog.getByRole('button', { name: 'Copy iframe code' });
    await tabTo(page, copy, 20);
    expect(await copy.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('status').first()).toHaveText(/Copied iframe code to the clipboard/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await iframeCode.inputValue());

    // An origin for learning events goes into both snippets; a bad one is explained.
    const origin = dialog.getByLabel('Send learning events to (optional)');
    await origin.fill('https://course.example.org/week1');
    await expect(dialog.getByRole('alert')).toContainText('write only https://course.example.org');
    await origin.fill('https://course.example.org');
    await expect(dialog.getByLabel('Element code')).toHaveValue(
      /<stacklab-embed scenario="[^"]+" height="640" origin="https:\/\/course.example.org" label="StackLab lab">/,
    );
    await dialog.getByRole('button', { name: 'Copy element code' }).click();
    await expect(dialog.getByRole('status').nth(1)).toHaveText(/Copied element code/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
      `<script src="${baseURL}/stacklab-embed.js" defer></script>`,
    );
    // The height: the lab's URL and both snippets take it; a height out of range is explained.
    const height = dialog.getByLabel('Height in CSS pixels');
    await height.fill('12');
    await expect(dialog.getByRole('alert')).toContainText('Write a whole number from 240 to 20000');
    await height.fill('480');
    await expect(iframeCode).toHaveValue(
      /&amp;height=480&amp;origin=https%3A%2F%2Fcourse.example.org" title="StackLab lab" width="100%" height="480"/,
    );
    await expect(dialog.getByLabel('Element code')).toHaveValue(
      / height="480" origin="https:\/\/course.example.org" label="StackLab lab">/,
    );
    await shot(page, 'embed-dialog-lab');
    await expectAccessible(page, 'lab with the Embed dialog open');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(button).toBeFocused();
  });

  test('on a lesson: the snippets embed that lesson', async ({ page, baseURL }) => {
    await page.goto(`/#/lessons/${LESSON}`);
    await expect(page.getByRole('button', { name: 'Embed…' })).toBeVisible();
    await shot(page, 'embed-lesson-button');
    await page.getByRole('button', { name: 'Embed…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Embed this lesson' });
    await expect(dialog.getByLabel('Iframe code')).toHaveValue(
      `<iframe src="${baseURL}/#/embed?lesson=${LESSON}" title="StackLab lesson: One lock for every CPU" width="100%" height="640" style="border:0; max-width:100%" loading="lazy"></iframe>`,
    );
    await expect(dialog.getByLabel('Element code')).toHaveValue(
      new RegExp(`<stacklab-embed lesson="${LESSON}" height="640" label="StackLab lesson: One lock for every CPU">`),
    );
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
  });
});

test('progress: saved to a file, loaded back after it was lost; a malformed file changes nothing', async ({ page }) => {
  await page.goto(`/#/lessons/${LESSON}`);
  const form = page.locator('#predict-free-handoff');
  await form.getByText('Little, under 5%').click();
  await form.getByRole('button', { name: 'Commit my prediction' }).click();
  await expect(page.getByTestId('prediction-free-handoff')).toHaveText(/Little, under 5%/);
  const saved = await page.evaluate(() => localStorage.getItem('stacklab.lessons.v1'));

  await page.goto('/#/lessons');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Save my progress to a file' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^stacklab-progress-\d{4}-\d\d-\d\d\.json$/);
  const file = JSON.parse(readFileSync((await download.path())!, 'utf8'));
  expect(file).toMatchObject({ format: 'stacklab-progress', version: 1, progress: JSON.parse(saved!) });
  await expect(page.getByTestId('progress-file-message')).toContainText('Saved your progress in 1 lesson');

  // Progress lost (another browser, cleared storage): loading the file brings it back.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.getByTestId(`index-status-${LESSON}`)).toContainText('Not started');
  const load = async (name: string, text: string) => {
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Load progress from a file…' }).click(),
    ]);
    await chooser.setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
  };
  await load('my-progress.json', JSON.stringify(file));
  await expect(page.getByTestId('progress-file-message')).toContainText('Imported progress in 1 lesson from my-progress.json');
  await expect(page.getByTestId(`index-status-${LESSON}`)).toContainText('In progress');
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('stacklab.lessons.v1')))!)).toEqual(JSON.parse(saved!));

  // A malformed file: a clear message, and the progress is untouched.
  await load('broken.json', '{"format": "stacklab-progress", "version": 1, "progress": ');
  await expect(page.getByTestId('progress-file-message')).toHaveText(
    /broken\.json could not be imported: it is not JSON .*Your progress has not changed\./,
  );
  await load('other.json', JSON.stringify({ hello: 'world' }));
  await expect(page.getByTestId('progress-file-message')).toContainText('it is not a StackLab progress file');
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('stacklab.lessons.v1')))!)).toEqual(JSON.parse(saved!));
  await expect(page.getByTestId(`index-status-${LESSON}`)).toContainText('In progress');
  await shot(page, 'embed-progress-file', true);
  await expectAccessible(page, 'lessons with the progress file section');
});
