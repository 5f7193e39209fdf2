/*
 * Lessons end to end, in Debian's Chromium: each lesson is completed from start to end
 * with the keyboard alone (Tab, Shift+Tab, Space, Enter, arrows, typing digits), its
 * embedded labs really run (the lab's onReport fills the run tables), progress survives
 * a reload, and damaged saved progress gives a message and a reset. Any console error,
 * page error or Content-Security-Policy violation fails the test (the fixture's; this
 * walk is every lesson's CSP check: the preview server sends the site's policy), and axe
 * must find no serious or critical violations.
 *
 * The answers come from the lesson files themselves (parsed with the app's own parser),
 * so the test follows the lessons as they are written.
 */
import type { Locator, Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mkdirSync, writeFileSync } from 'node:fs';
import { metricOf } from '../src/shared/metrics.js';
import { repoRoot } from '../src/core/node.js';
import { execFileSync } from 'node:child_process';
import type { Schema } from '../src/core/schema.js';
import { controlFor } from '../src/lab/controls.js';
import { presetNames, readPreset } from '../src/core/presets.js';
import { buildCatalog } from '../src/lesson/catalog.js';
import type { CheckComponent, LabComponent, PredictComponent } from '../src/lesson/components.js';
import { lessonCompares, type Lesson } from '../src/lesson/parse.js';
import { expect, expectAccessible, smallTargets, stopsWithoutRing, test } from './fixtures.js';

const lessonDir = join(repoRoot, 'lessons');
const read = (file: string) => readFileSync(join(lessonDir, file), 'utf8');
const catalog = buildCatalog({
  summary: read('SUMMARY.md'),
  lessons: Object.fromEntries(
    readdirSync(lessonDir)
      .filter((f) => f.endsWith('.md') && f !== 'SUMMARY.md')
      .map((f) => [f, read(f)]),
  ),
  presets: Object.fromEntries(presetNames().map((name) => [name, readPreset(name)])),
});

/** Two runs' settings are the same run: the same fields with the same values. */
function sameValues(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const key = (values: Record<string, unknown>) =>
    JSON.stringify(
      Object.entries(values)
        .map(([k, v]) => [k, String(v)])
        .sort(([x], [y]) => x!.localeCompare(y!)),
    );
  return key(a) === key(b);
}

/** Screenshots a teacher can look at: /tmp/shots/lesson-<id>-<what>.png. */
async function shot(page: Page, lessonId: string, what: string, fullPage = false) {
  mkdirSync('/tmp/shots', { recursive: true });
  await page.screenshot({ path: `/tmp/shots/lesson-${lessonId}-${what}.png`, fullPage });
}

/** The core's schema (the native build of the same core): the fields the panel's controls are made from. */
const schema = JSON.parse(execFileSync(join(repoRoot, 'wasm-core/build/stacklab-native'), ['schema'], { encoding: 'utf8' })) as Schema;
const fieldOf = (path: string) => schema.fields.find((field) => field.path === path);

/** The kernel a lab's run runs: the run's kernel.kind, else its lab's scenario's (the lesson's scenario with the lab's overrides). */
function labKernel(lesson: Lesson, lab: LabComponent, run: Record<string, number | string>): string {
  return String(run['kernel.kind'] ?? lesson.labScenarios[lab.id]?.['kernel.kind'] ?? 'classic');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Presses Tab (or Shift+Tab) until the element has focus: proves it is reachable by keyboard. */
async function tabTo(page: Page, target: Locator, what: string) {
  await expect(target, `${what} should be on the page`).toBeVisible();
  // The element is found once (finding it by its role and name costs more than a key
  // press), and found again only if the page replaced it.
  let element = await target.elementHandle();
  for (let presses = 0; presses < 250; presses++) {
    // one look per press: 0 when the target has focus, -1 when it left the page, else where focus is from it
    const where = await element!.evaluate((el) =>
      !el.isConnected ? -1 : el === document.activeElement ? 0 : el.compareDocumentPosition(document.activeElement ?? document.body),
    );
    if (where === 0) return;
    if (where === -1) {
      await element!.dispose();
      element = await target.elementHandle();
      continue;
    }
    // DOCUMENT_POSITION_FOLLOWING (4): focus is after the target, so go back.
    await page.keyboard.press(where & 4 ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`could not reach ${what} with Tab`);
}

async function commitPrediction(page: Page, predict: PredictComponent) {
  const form = page.locator(`#predict-${predict.id}`);
  if (predict.options) {
    await tabTo(page, form.getByRole('radio').first(), `the first option of prediction ${predict.id}`);
    await page.keyboard.press('Space');
    const last = predict.options.length - 1;
    for (let i = 0; i < last; i++) await page.keyboard.press('ArrowDown'); // predict the last option
  } else if (predict.sketch) {
    // Draw a rising curve: each point a step above the one before it.
    const points = form.getByRole('slider');
    await expect(points).toHaveCount(predict.sketch.at.length);
    for (let i = 0; i < predict.sketch.at.length; i++) {
      await tabTo(page, points.nth(i), `point ${i + 1} of sketch ${predict.id}`);
      await page.keyboard.press('Home');
      for (let step = 0; step <= i; step++) await page.keyboard.press('PageUp');
    }
  } else {
    await tabTo(page, form.getByRole('spinbutton'), `the number of prediction ${predict.id}`);
    await page.keyboard.type(String(Math.round((predict.numeric!.min + predict.numeric!.max) / 4)));
  }
  await tabTo(page, form.getByRole('button', { name: 'Commit my prediction' }), 'Commit my prediction');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId(`prediction-${predict.id}`), `prediction ${predict.id} is kept`).toBeVisible();
}

/** Sets one scenario field in a lab with the keyboard. */
async function setField(page: Page, lab: Locator, kernel: string, path: string, value: number | string) {
  const field = fieldOf(path);
  // The panel's control for the field while that kernel runs, as the app makes it (src/lab/controls.ts).
  const spec = field ? controlFor(field, kernel) : undefined;
  const choice = spec?.kind === 'choice' ? spec : undefined;
  if (choice) {
    // A radio group moves its choice with the arrow keys; walk the group until the wanted one is checked.
    const group = lab.getByRole('group', { name: choice.label, exact: true });
    const radio = group.getByRole('radio', { name: choice.choices?.[String(value)] ?? String(value), exact: true });
    if (await radio.isChecked()) return;
    const radios = await group.getByRole('radio').count();
    await tabTo(page, group.getByRole('radio', { checked: true }), `the checked ${path}`);
    for (let i = 0; i < radios && !(await radio.isChecked()); i++) await page.keyboard.press('ArrowDown');
    await expect(radio).toBeChecked();
    return;
  }
  const selectLabel = spec?.kind === 'select' ? spec.label : undefined;
  if (selectLabel) {
    // A closed <select> changes its value with the arrow keys, as a keyboard user would.
    const select = lab.getByRole('combobox', { name: selectLabel, exact: true });
    if ((await select.inputValue()) === String(value)) return;
    await tabTo(page, select, `the ${path} field`);
    const options = await select.locator('option').evaluateAll((all) => all.map((option) => (option as HTMLOptionElement).value));
    const from = options.indexOf(await select.inputValue());
    const to = options.indexOf(String(value));
    for (let i = 0; i < Math.abs(to - from); i++) await page.keyboard.press(to > from ? 'ArrowDown' : 'ArrowUp');
    await expect(select).toHaveValue(String(value));
    return;
  }
  const names: Record<string, RegExp> = { 'machine.cpus': /^CPUs/, 'machine.cache_transfer_ns': /^Cache line transfer/ };
  const input = lab.getByRole('spinbutton', {
    name: names[path] ?? (spec ? new RegExp(`^${escapeRegExp(spec.label)}`) : new RegExp(path)),
  });
  // The field shows its value in its display unit (workload.user_work.mean_ns in µs).
  const shown = typeof value === 'number' && spec ? String(value / (spec.unit?.factor ?? 1)) : String(value);
  if ((await input.inputValue()) === shown) return;
  await tabTo(page, input, `the ${path} field`);
  await page.keyboard.press('Control+A');
  await page.keyboard.type(shown);
  await page.keyboard.press('Enter');
}

async function makeRuns(page: Page, lesson: Lesson, lab: LabComponent, number: number) {
  const section = page.getByRole('region', { name: `Lab for experiment ${number}` });
  const status = page.getByTestId(`lab-status-${lab.id}`);
  for (const [index, run] of lab.task.runs.entries()) {
    // A run may name a field the lab does not show: the parser has checked it already has that value.
    for (const [path, value] of Object.entries(run)) {
      if (lab.controls.includes(path)) await setField(page, section, labKernel(lesson, lab, run), path, value);
    }
    const runToEnd = section.getByRole('button', { name: 'Run to end' });
    await expect(runToEnd).toBeEnabled({ timeout: 20_000 });
    await tabTo(page, runToEnd, 'Run to end');
    await page.keyboard.press('Enter');
    await expect(status).toHaveText(index + 1 === lab.task.runs.length ? /Done/ : `${index + 1} of ${lab.task.runs.length} runs recorded`, {
      timeout: 60_000,
    });
  }
}

async function answerCheck(page: Page, check: CheckComponent, number: number) {
  const form = page.locator('form').filter({ has: page.getByRole('group', { name: new RegExp(`^Question ${number}:`) }) });
  // The options are shown in the learner's own order; each says its index in the file.
  const order = await form.locator('[data-option]').evaluateAll((all) => all.map((el) => Number(el.getAttribute('data-option'))));
  expect([...order].sort((x, y) => x - y)).toEqual(check.options.map((_, i) => i));
  const correct = order.indexOf(check.options.findIndex((option) => option.correct));
  const wrong = correct === 0 ? 1 : 0;
  // One wrong answer first: its explanation appears, and the question can be tried again.
  await tabTo(page, form.getByRole('radio').first(), `question ${number}`);
  await page.keyboard.press('Space');
  for (let i = 0; i < wrong; i++) await page.keyboard.press('ArrowDown');
  await tabTo(page, form.getByRole('button', { name: 'Check my answer' }), 'Check my answer');
  await page.keyboard.press('Enter');
  await expect(form.getByRole('status')).toContainText('Not quite.');
  await tabTo(page, form.getByRole('radio').nth(wrong), `question ${number} again`);
  const step = correct > wrong ? 'ArrowDown' : 'ArrowUp';
  for (let i = 0; i < Math.abs(correct - wrong); i++) await page.keyboard.press(step);
  await tabTo(page, form.getByRole('button', { name: 'Check my answer' }), 'Check my answer');
  await page.keyboard.press('Enter');
  await expect(form.getByRole('status')).toContainText('Correct.');
  // Every option's explanation is shown once the answer is right (compared without the
  // Markdown marks and typographic quotes the renderer adds).
  const plain = (text: string) => text.replace(/[*`]/g, '').replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, ' ');
  const shown = plain((await form.textContent()) ?? '');
  for (const option of check.options) expect(shown).toContain(plain(option.explain).slice(0, 60));
}

test.describe('lessons', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('stacklab-test-started')) {
        localStorage.clear();
        sessionStorage.setItem('stacklab-test-started', '1');
      }
    });
  });

  test('the index lists every lesson in order, with progress, and is accessible', async ({ page, problems }) => {
    await page.goto('/#/lessons');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Why network stacks stop scaling');
    const titles = page.getByRole('listitem').getByRole('heading', { level: 2 });
    await expect(titles).toHaveText(catalog.lessons.map((lesson) => lesson.meta.title));
    for (const lesson of catalog.lessons) await expect(page.getByTestId(`index-status-${lesson.meta.id}`)).toHaveText('Not started');
    await expectAccessible(page, 'index');
    // The first lesson opens from the keyboard.
    await tabTo(page, page.getByRole('link', { name: catalog.lessons[0]!.meta.title }), 'the first lesson');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(catalog.lessons[0]!.meta.title);
    expect(problems).toEqual([]);
  });

  for (const lesson of catalog.lessons) {
    test(`${lesson.meta.title}: completed with the keyboard alone, kept across a reload`, async ({ page, problems }) => {
      test.setTimeout(300_000);
      await page.goto(`/#/lessons/${lesson.meta.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(lesson.meta.title);
      await expect(page.getByTestId('lesson-progress')).toHaveText(`0 of ${lesson.steps.length} steps done`);
      await expect(page.getByRole('region', { name: 'What you will learn' })).toBeVisible();
      // The skeleton, as h2s in order.
      await expect(page.locator('article h2')).toHaveText(lesson.sections.map((section, i) => `${i + 1}${section.title}`));
      // Headings go down one level at a time: h1 title, h2 sections, h3 parts -- the
      // embedded labs' own chrome included (every heading on the page counts).
      const expectHeadingOrder = async (when: string) => {
        const levels = await page.evaluate(() =>
          Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')).map((heading) =>
            Number(heading.getAttribute('aria-level') ?? heading.tagName.slice(1)),
          ),
        );
        expect(levels[0], when).toBe(1);
        levels.forEach((level, i) => expect(level, `${when}: heading ${i + 1}`).toBeLessThanOrEqual((levels[i - 1] ?? 0) + 1));
      };
      await expectHeadingOrder('at the start');
      // Experiments are locked until their predictions are committed.
      const firstLab = Object.values(lesson.labs)[0]!;
      await expect(page.getByRole('region', { name: 'Lab for experiment 1' })).toHaveCount(0);
      await expect(page.getByTestId(`lab-status-${firstLab.id}`)).toHaveText(`0 of ${firstLab.task.runs.length} runs recorded`);
      // Observe, Explain and Check hold or state the answers: closed until every prediction is committed.
      await expect(page.getByTestId('gated-observe')).toBeVisible();
      await expect(page.getByTestId('gated-explain')).toBeVisible();
      await expect(page.getByTestId('gated-check')).toBeVisible();
      await expect(page.locator('form.lesson-check')).toHaveCount(0);
      await expect(page.locator('.lesson-lab').first()).toBeVisible();
      // The page as it opens, in both themes (the projector theme chosen with the header's
      // switch), at 1280x900 as the other pages' checks (a11y.spec.ts): axe finds nothing
      // serious, every control is 24 by 24 px or more, the first 25 tab stops show a ring.
      // A view out of sight keeps its last picture until it is scrolled to (ViewArea), so
      // each is brought into sight after a switch, to be checked in the theme now on.
      const viewsIn = async (theme: 'light' | 'projector') => {
        for (const view of await page.locator('[data-view]').all()) {
          await view.scrollIntoViewIfNeeded();
          await expect(view).toHaveClass(new RegExp(`slv-theme-${theme}`));
        }
        await page.evaluate(() => window.scrollTo(0, 0));
      };
      await page.setViewportSize({ width: 1280, height: 900 });
      for (const theme of ['normal', 'projector'] as const) {
        const where = `${lesson.meta.id} (start, ${theme} theme)`;
        if (theme === 'projector') {
          await page.locator('.theme-switch').click();
          await expect(page.locator('html')).toHaveClass(/site-projector/);
          await viewsIn('projector');
        } else {
          await expect(page.locator('html')).not.toHaveClass(/site-projector/);
        }
        await expectAccessible(page, where);
        expect(await smallTargets(page), `${where}: controls under 24 by 24 px`).toEqual([]);
        expect(await stopsWithoutRing(page, 25), `${where}: tab stops with no visible focus ring`).toEqual([]);
      }
      await page.locator('.theme-switch').click();
      await expect(page.locator('html')).not.toHaveClass(/site-projector/);
      await viewsIn('light');
      await page.setViewportSize({ width: 1280, height: 720 });

      // Start from the top, as a keyboard user would.
      await page.keyboard.press('Tab');
      let experiment = 0;
      let question = 0;
      await shot(page, lesson.meta.id, 'start');
      for (const step of lesson.steps) {
        if (step.kind === 'predict') await commitPrediction(page, lesson.predicts[step.id]!);
        if (step.kind === 'lab') {
          await makeRuns(page, lesson, lesson.labs[step.id]!, ++experiment);
          await page.getByRole('region', { name: `Lab for experiment ${experiment}` }).scrollIntoViewIfNeeded();
          await shot(page, lesson.meta.id, `lab-${experiment}`);
        }
        if (step.kind === 'check') await answerCheck(page, lesson.checks[step.id]!, ++question);
      }
      await expect(page.getByTestId('lesson-progress')).toHaveText(new RegExp(`Complete: all ${lesson.steps.length} steps done$`));
      await expect(page.getByTestId('lesson-complete')).toContainText('Lesson complete');
      await expect(page.locator('[data-testid^="gated-"]')).toHaveCount(0);
      // Each comparison shows the prediction and a real measurement (a prediction checked
      // against a curve in the lab's table, such as a rule worked out by hand, has none).
      const compared = new Set(lessonCompares(lesson).map((compare) => compare.predict));
      for (const predict of Object.values(lesson.predicts)) {
        if (compared.has(predict.id)) await expect(page.getByTestId(`compare-measured-${predict.id}`)).toHaveText(/\d/);
      }
      // What the lab measured in the browser is what the lesson's text says of that run:
      // each compared run that a claim states is shown within the claim's band.
      const shown: { predict: string; metric: string; shown: string; claim?: number }[] = [];
      for (const compare of lessonCompares(lesson)) {
        if (!compare.run || lesson.predicts[compare.predict]?.sketch) continue;
        const ran = { ...lesson.labScenarios[compare.lab]!, ...compare.run };
        const text = (await page.getByTestId(`compare-measured-${compare.predict}`).textContent()) ?? '';
        const value = Number(/-?[\d,]+(?:\.\d+)?/.exec(text)?.[0]?.replace(/,/g, ''));
        const stated = (lesson.meta.claims ?? []).filter(
          (claim) => claim.metric === compare.metric && sameValues({ ...lesson.scenarios[claim.scenario]!, ...(claim.set ?? {}) }, ran),
        );
        for (const claim of stated) {
          const slack = claim.within + 10 ** -metricOf(compare.metric).digits;
          expect(
            Math.abs(value - claim.value),
            `${lesson.meta.id}: the lab shows "${text}" for prediction "${compare.predict}", the lesson says ${claim.value} ± ${claim.within}`,
          ).toBeLessThanOrEqual(slack);
        }
        shown.push({ predict: compare.predict, metric: compare.metric, shown: text, claim: stated[0]?.value });
      }
      mkdirSync('/tmp/lesson-runs', { recursive: true });
      writeFileSync(`/tmp/lesson-runs/${lesson.meta.id}.json`, JSON.stringify(shown, null, 2));
      await expectAccessible(page, `${lesson.meta.id} (complete)`);
      await shot(page, lesson.meta.id, 'complete', true);
      // with the experiments' labs open, each loaded (its scenario checked in the worker) without a fault
      await expect(page.locator('article .lab').first()).toBeVisible();
      for (const each of await page.locator('section.lab').all()) {
        await expect(each).toHaveAttribute('data-status', /ready|running|paused|ended/, { timeout: 20_000 });
      }
      await expectHeadingOrder('complete, labs open');

      // Progress survives a reload, and so does the order each check shows its options in.
      // (the first prediction that a compare shows again: a lesson may also ask for one it does not compare)
      const comparedFirst = lessonCompares(lesson)[0]!.predict;
      const measured = await page.getByTestId(`compare-measured-${comparedFirst}`).textContent();
      const optionOrders = () =>
        page.locator('form.lesson-check').evaluateAll((forms) =>
          forms.map((form) =>
            Array.from(form.querySelectorAll('[data-option]'))
              .map((el) => el.getAttribute('data-option'))
              .join(','),
          ),
        );
      const ordersBefore = await optionOrders();
      await page.reload();
      await expect(page.getByTestId('lesson-progress')).toBeVisible();
      expect(await optionOrders()).toEqual(ordersBefore);
      await expect(page.getByTestId('lesson-progress')).toHaveText(new RegExp(`Complete: all ${lesson.steps.length} steps done$`));
      await expect(page.getByTestId(`compare-measured-${comparedFirst}`)).toHaveText(measured!);
      for (const predict of Object.values(lesson.predicts)) await expect(page.getByTestId(`prediction-${predict.id}`)).toBeVisible();
      await page.goto('/#/lessons');
      await expect(page.getByTestId(`index-status-${lesson.meta.id}`)).toHaveText(/Completed$/);
      expect(problems).toEqual([]);
    });
  }

  test('damaged saved progress shows a message and a reset, never a crash', async ({ page, problems }) => {
    await page.addInitScript(() => localStorage.setItem('stacklab.lessons.v1', '{"version":1,"lessons":'));
    await page.goto(`/#/lessons/${catalog.lessons[0]!.meta.id}`);
    const notice = page.getByTestId('progress-notice');
    await expect(notice).toContainText('damaged');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(catalog.lessons[0]!.meta.title);
    await expectAccessible(page, 'damaged progress');
    await tabTo(page, notice.getByRole('button', { name: 'Reset saved progress' }), 'Reset saved progress');
    await page.keyboard.press('Enter');
    await expect(notice).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('stacklab.lessons.v1'))).toBeNull();
    expect(problems).toEqual([]);
  });

  test('committing a prediction keeps focus in the lesson, on the prediction kept (by click and by Enter)', async ({ page, problems }) => {
    const lesson = catalog.lessons.find((l) => Object.values(l.predicts).some((p) => p.options))!;
    const predict = Object.values(lesson.predicts).find((p) => p.options)!;
    const form = page.locator(`#predict-${predict.id}`);
    const focusIn = () =>
      page.evaluate((id) => {
        const active = document.activeElement;
        return {
          inLesson: !!active && active !== document.body && !!active.closest('article'),
          onKept: !!active && active.getAttribute('data-testid') === `committed-${id}`,
        };
      }, predict.id);
    // With the pointer.
    await page.goto(`/#/lessons/${lesson.meta.id}`);
    await form.getByRole('radio').first().click();
    await form.getByRole('button', { name: 'Commit my prediction' }).click();
    await expect(page.getByTestId(`prediction-${predict.id}`)).toBeVisible();
    await expect.poll(focusIn).toEqual({ inLesson: true, onKept: true });
    // With the keyboard, from a fresh start: Enter on the button, then Tab goes on in the lesson.
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(lesson.meta.title);
    await commitPrediction(page, predict);
    await expect.poll(focusIn).toEqual({ inLesson: true, onKept: true });
    expect(await page.getByTestId(`committed-${predict.id}`).evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    await page.keyboard.press('Tab');
    expect((await focusIn()).inLesson).toBe(true);
    expect(problems).toEqual([]);
  });

  test('an unknown lesson says so and links back', async ({ page, problems }) => {
    await page.goto('/#/lessons/no-such-lesson');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('There is no such lesson');
    await expect(page.getByRole('link', { name: 'See all lessons' })).toBeVisible();
    expect(problems).toEqual([]);
  });
});
