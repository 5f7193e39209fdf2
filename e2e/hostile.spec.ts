/*
 * hostile.spec.ts -- links, files and saved data that someone else wrote, some of them
 * crafted to break the page. For every one: a clear message in words, a page that
 * still works (the site's navigation and the lab or lessons usable), no page error or
 * console error (the fixture), and nothing added to Object.prototype.
 */
import type { Page } from '@playwright/test';
import { expect, labLink, test } from './fixtures.js';
import LZString from 'lz-string';

const { compressToEncodedURIComponent } = LZString;
const raw = (wire: string, page = 'lab') => `/#/${page}?s=${compressToEncodedURIComponent(wire)}`;

/** Nothing was added to Object.prototype, and the site's navigation works. */
async function expectUnharmed(page: Page): Promise<void> {
  expect(await page.evaluate(() => ({ polluted: ({} as Record<string, unknown>).polluted, keys: Object.getOwnPropertyNames(Object.prototype).length }))).toEqual({
    polluted: undefined, keys: await page.evaluate(() => Object.getOwnPropertyNames(Object.getPrototypeOf({})).length),
  });
  expect(await page.evaluate(() => Object.getOwnPropertyNames(Object.prototype).filter((k) => !['constructor', '__defineGetter__', '__defineSetter__', 'hasOwnProperty', '__lookupGetter__', '__lookupSetter__', 'isPrototypeOf', 'propertyIsEnumerable', 'toString', 'valueOf', '__proto__', 'toLocaleString'].includes(k)))).toEqual([]);
}

/** The lab is on screen and running: its status is ready and frames arrive. */
async function expectLabWorks(page: Page): Promise<void> {
  const lab = page.locator('section.lab').first();
  await expect(lab).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
  await expect.poll(async () => Number(await lab.getAttribute('data-frames') ?? 0), { timeout: 20_000 }).toBeGreaterThan(0);
}

/** The site's own navigation still takes the learner somewhere real. */
async function expectSiteWorks(page: Page): Promise<void> {
  await page.goto('/#/lessons');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main')).toContainText('One lock for every CPU');
  await expectUnharmed(page);
}

// ---- links -------------------------------------------------------------------------

/** Lab (and embed) links whose settings are refused: the message, then the default lab. */
const REFUSED_LINKS: { name: string; path: string; says: RegExp }[] = [
  { name: '__proto__ in the scenario', path: raw('{"v":1,"sc":{"__proto__":{"polluted":"yes"}}}'), says: /field named "__proto__" \(at sc\.__proto__\)/ },
  { name: '__proto__ inside a group', path: raw('{"v":1,"sc":{"machine":{"__proto__":{"polluted":"yes"}}}}'), says: /field named "__proto__" \(at sc\.machine\.__proto__\)/ },
  { name: 'constructor.prototype in the scenario', path: raw('{"v":1,"sc":{"constructor":{"prototype":{"polluted":"yes"}}}}'), says: /field named "constructor"/ },
  { name: 'prototype as a group', path: raw('{"v":1,"sc":{"prototype":{"polluted":"yes"}}}'), says: /field named "prototype"/ },
  { name: '__proto__ beside the scenario', path: raw('{"v":1,"__proto__":{"polluted":"yes"},"sc":{}}'), says: /field named "__proto__" \(at __proto__\)/ },
  { name: '__proto__ in the views list', path: raw('{"v":1,"sc":{},"vw":[{"__proto__":{"polluted":1}}]}'), says: /field named "__proto__"/ },
  { name: '__proto__ in an embed link', path: raw('{"v":1,"sc":{"__proto__":{"polluted":"yes"}}}', 'embed'), says: /field named "__proto__"/ },
  { name: 'constructor in an embed link', path: raw('{"v":1,"sc":{"kernel":{"constructor":{"prototype":{"polluted":1}}}}}', 'embed'), says: /field named "constructor"/ },
  { name: 'an empty s=', path: '/#/lab?s=', says: /the s= part of the link is empty/ },
  { name: 'characters a link never has', path: '/#/lab?s=%3Cscript%3Ealert(1)%3C%2Fscript%3E', says: /characters a StackLab link never has/ },
  { name: 'a link cut short', path: `/#/lab?s=${compressToEncodedURIComponent('{"v":1,"sc":{"machine":{"cpus":4}}}').slice(0, 12)}`, says: /could not be read/ },
  { name: 'text that is not JSON', path: raw('v=1; sc=machine'), says: /not JSON/ },
  { name: 'a list instead of settings', path: raw('[1,2,3]'), says: /not an object of lab settings/ },
  { name: 'a link format from the future', path: raw('{"v":99,"sc":{}}'), says: /link format 99/ },
  { name: 'no scenario', path: raw('{"v":1}'), says: /has no scenario/ },
  { name: 'views that do not exist', path: raw('{"v":1,"sc":{},"vw":["radar","toString"]}'), says: /views that do not exist: "radar", "toString"/ },
  { name: 'an empty views list', path: raw('{"v":1,"sc":{},"vw":[]}'), says: /not a list of view names/ },
  { name: 'a speed out of range', path: raw('{"v":1,"sc":{},"sp":1e308}'), says: /its speed \(sp\)/ },
  { name: 'a negative speed', path: raw('{"v":1,"sc":{},"sp":-5}'), says: /its speed \(sp\)/ },
  { name: 'an unknown theme', path: raw('{"v":1,"sc":{},"th":"dark<script>"}'), says: /its theme \(th\)/ },
  { name: 'controls that are not a list', path: raw('{"v":1,"sc":{},"ct":"machine.cpus"}'), says: /list of controls \(ct\)/ },
  { name: 'a link a megabyte long', path: `/#/lab?s=${'A'.repeat(1_000_000)}`, says: /characters long/ },
];

for (const { name, path, says } of REFUSED_LINKS) {
  test(`link: ${name} is refused in words and the default lab runs`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('alert').first()).toContainText(says, { timeout: 20_000 });
    await expectLabWorks(page);
    await expectUnharmed(page);
  });
}

/** Scenarios that decode but that the simulator refuses: each value explained. */
const REFUSED_SCENARIOS: { name: string; scenario: Record<string, unknown>; says: RegExp }[] = [
  { name: 'no CPUs', scenario: { machine: { cpus: 0 } }, says: /machine\.cpus is 0/ },
  { name: 'a negative CPU count', scenario: { machine: { cpus: -4 } }, says: /machine\.cpus is -4/ },
  { name: '1e28 CPUs', scenario: { machine: { cpus: 1e28 } }, says: /machine\.cpus is 1e\+28/ },
  { name: 'a fraction of a CPU', scenario: { machine: { cpus: 2.5 } }, says: /machine\.cpus is 2\.5/ },
  { name: 'CPUs as text', scenario: { machine: { cpus: 'NaN' } }, says: /machine\.cpus/ },
  { name: 'CPUs as a list', scenario: { machine: { cpus: [4] } }, says: /machine\.cpus/ },
  { name: 'an unknown kernel', scenario: { kernel: { kind: 'quantum' } }, says: /kernel\.kind is "quantum"/ },
  { name: 'a kernel named toString', scenario: { kernel: { kind: 'toString' } }, says: /kernel\.kind is "toString"/ },
  { name: 'an unknown field', scenario: { machine: { warp: 9 } }, says: /machine\.warp/ },
  { name: 'an unknown group', scenario: { valueOf: { x: 1 } }, says: /valueOf/ },
  { name: 'a duration of 1e300 ns', scenario: { sim: { duration_ns: 1e300 } }, says: /sim\.duration_ns/ },
  { name: 'a huge seed', scenario: { sim: { seed: 1e300 } }, says: /sim\.seed/ },
];

for (const { name, scenario, says } of REFUSED_SCENARIOS) {
  test(`scenario: ${name} is explained and the default lab runs`, async ({ page }) => {
    await page.goto(labLink(scenario));
    const alert = page.getByRole('alert').first();
    await expect(alert).toContainText("This link's scenario is not valid", { timeout: 20_000 });
    await expect(alert).toContainText(says);
    await expectLabWorks(page);
    await expectUnharmed(page);
  });
}

test('link: controls the simulator does not have are named in the panel', async ({ page }) => {
  await page.goto(labLink({}, { ct: ['nope.field', 'machine.cpus'] }));
  await expectLabWorks(page);
  await expect(page.getByText('This lab asks for a control “nope.field” that the simulator does not have.')).toBeVisible();
  await expect(page.getByLabel(/CPUs/).first()).toBeVisible();
  await expectUnharmed(page);
});

/** Ids that are names of Object's members, and other ids no page has. */
const ODD_IDS = ['constructor', 'valueOf', 'toString', 'hasOwnProperty', 'propertyIsEnumerable', 'isPrototypeOf'];

for (const id of ODD_IDS) {
  test(`route: lesson, scene script and embedded lesson named "${id}" say there is none`, async ({ page }) => {
    await page.goto(`/#/lessons/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('There is no such lesson');
    await expect(page.locator('main')).toContainText(`No lesson is called “${id}”`);
    await page.goto(`/#/present/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`There is no scene script "${id}"`);
    await page.goto(`/#/embed?lesson=${id}`);
    await expect(page.locator('main')).toContainText(`No lesson is called “${id}”`);
    await expectUnharmed(page);
  });
}

const ODD_ROUTES: { name: string; path: string; says: RegExp }[] = [
  { name: 'a lesson named __proto__', path: '/#/lessons/__proto__', says: /StackLab has no page at/ },
  { name: 'a path climbing out', path: '/#/lessons/../../etc/passwd', says: /StackLab has no page at/ },
  { name: 'markup in the path', path: '/#/%3Cimg%20src=x%20onerror=alert(1)%3E', says: /StackLab has no page at/ },
  { name: 'an embed lesson id with markup', path: '/#/embed?lesson=%3Cb%3Ex%3C/b%3E', says: /is not a lesson name/ },
];

for (const { name, path, says } of ODD_ROUTES) {
  test(`route: ${name} is answered in words`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('main')).toContainText(says);
    expect(await page.locator('img[src="x"], b:text-is("x")').count()).toBe(0);
    await expectUnharmed(page);
  });
}

/** Compare links: a bad side is explained, the other side still runs. */
const COMPARE_LINKS: { name: string; query: string; says: RegExp }[] = [
  { name: 'a preset named constructor', query: 'a=constructor&b=testbed-scalable', says: /Side A of this link could not be read: there is no preset named "constructor"/ },
  { name: 'a side named __proto__', query: 'a=testbed-classic&b=__proto__', says: /Side B of this link could not be read/ },
  { name: 'a polluting side B', query: `a=testbed-classic&b=${compressToEncodedURIComponent('{"v":1,"sc":{"__proto__":{"polluted":1}}}')}`, says: /Side B of this link could not be read: This link contains a field named "__proto__"/ },
  { name: 'a polluting side A', query: `a=${compressToEncodedURIComponent('{"v":1,"sc":{"machine":{"constructor":{"prototype":{"polluted":1}}}}}')}&b=testbed-scalable`, says: /field named "constructor"/ },
  { name: 'parts it does not know', query: 'a=testbed-classic&b=testbed-scalable&__proto__=1', says: /parts StackLab does not know/ },
];

for (const { name, query, says } of COMPARE_LINKS) {
  test(`compare: ${name} is explained and the comparison runs`, async ({ page }) => {
    await page.goto(`/#/compare?${query}`);
    await expect(page.locator('main')).toContainText(says, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compare two runs');
    await expectUnharmed(page);
  });
}

// ---- files -------------------------------------------------------------------------

const PROGRESS_FILES: { name: string; bytes: Buffer; says: RegExp }[] = [
  { name: 'not JSON', bytes: Buffer.from('hello'), says: /not JSON/ },
  { name: 'JSON of another program', bytes: Buffer.from('{"a":1}'), says: /not a StackLab progress file/ },
  { name: 'from a newer StackLab', bytes: Buffer.from('{"format":"stacklab-progress","version":9,"progress":{}}'), says: /newer StackLab/ },
  { name: 'with __proto__ in its lessons', bytes: Buffer.from('{"format":"stacklab-progress","version":1,"progress":{"version":1,"lessons":{"__proto__":{"predictions":{}}}}}'), says: /field named "__proto__"/ },
  { name: 'with constructor in a prediction', bytes: Buffer.from('{"format":"stacklab-progress","version":1,"progress":{"version":1,"lessons":{"a":{"predictions":{"constructor":{"kind":"number","value":1}}}}}}'), says: /field named "constructor"/ },
  { name: 'saved as UTF-16', bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{"format":"stacklab-progress"}', 'utf16le')]), says: /not UTF-8 \(it looks like UTF-16LE\); save it as UTF-8/ },
  { name: 'in Latin-1', bytes: Buffer.from('{"caf\xe9":1}', 'latin1'), says: /not UTF-8 \(it looks like Latin-1 or Windows-1252\)/ },
  { name: 'empty', bytes: Buffer.alloc(0), says: /not JSON/ },
  { name: 'binary', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]), says: /not UTF-8|not a text file/ },
  { name: 'far too big', bytes: Buffer.alloc(3_000_000, 0x20), says: /more than the 2\.0 MB/ },
  { name: 'nested 100,000 deep', bytes: Buffer.from('['.repeat(100_000) + ']'.repeat(100_000)), says: /could not be imported/ },
];

for (const { name, bytes, says } of PROGRESS_FILES) {
  test(`progress file: ${name} is refused in words and nothing changes`, async ({ page }) => {
    await page.goto('/#/lessons');
    await page.getByLabel('Progress file to load').setInputFiles({ name: 'mine.json', mimeType: 'application/json', buffer: bytes });
    const message = page.getByTestId('progress-file-message');
    await expect(message).toContainText(says);
    await expect(message).toContainText('Your progress has not changed.');
    expect(await page.evaluate(() => localStorage.getItem('stacklab.lessons.v1'))).not.toMatch(/__proto__|constructor/);
    await expectSiteWorks(page);
  });
}

const SCRIPTS: { name: string; bytes: Buffer; says: RegExp }[] = [
  { name: 'not YAML', bytes: Buffer.from('id: [unclosed\n'), says: /cannot be presented/ },
  { name: 'an alias to no anchor', bytes: Buffer.from('id: x\ntitle: *nowhere\nscenes: []\n'), says: /could not be read: .*alias/i },
  { name: 'a billion laughs', bytes: Buffer.from(['id: x', 'a: &a [x, x, x, x, x, x, x, x, x, x]', ...'bcdefghi'.split('').map((c, i) => `${c}: &${c} [${Array(10).fill(`*${'abcdefghi'[i]}`).join(', ')}]`)].join('\n')), says: /alias/i },
  { name: 'a __proto__ key', bytes: Buffer.from('id: x\ntitle: X\n__proto__:\n  polluted: yes\nscenes: []\n'), says: /field named "__proto__"/ },
  { name: 'saved as UTF-16', bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('id: x\n', 'utf16le')]), says: /not UTF-8 \(it looks like UTF-16LE\)/ },
];

for (const { name, bytes, says } of SCRIPTS) {
  test(`scene script: ${name} is explained and presenter mode still works`, async ({ page }) => {
    await page.goto('/#/present');
    await page.getByLabel('Open a scene script (.yaml)').setInputFiles({ name: 'talk.yaml', mimeType: 'text/yaml', buffer: bytes });
    await expect(page.getByRole('alert').first()).toContainText(says);
    await expect(page.getByRole('heading', { level: 1, name: 'Presenter mode' })).toBeVisible();
    await expectUnharmed(page);
  });
}

// ---- storage -----------------------------------------------------------------------

const STORED: { name: string; value: string; says: RegExp }[] = [
  { name: 'not JSON', value: '{oops', says: /damaged \(it is not valid JSON\)/ },
  { name: 'a __proto__ lesson', value: '{"version":1,"lessons":{"__proto__":{"predictions":{}}}}', says: /field named "__proto__"/ },
  { name: 'a newer format', value: '{"version":7,"lessons":{}}', says: /newer version of StackLab/ },
  { name: 'a list', value: '[1,2]', says: /not in the format this page writes/ },
];

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

test('a scenario whose loop takes no simulated time stops with the core\'s words, and the lab recovers', async ({ page }) => {
  // accepted by every check, but every step of a transaction costs 0 ns: the clock could
  // never move, and the core used to loop forever (wasm-core/src/model/stall.c)
  await page.goto(labLink({
    machine: { cpus: 1 }, kernel: { kind: 'classic' },
    workload: { processes: 1, think: { mean_ns: 0 }, user_work: { mean_ns: 0 }, writes_per_txn: 0, reads_per_txn: 0 },
    sim: { duration_ns: 1e6, warmup_ns: 0 },
  }));
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
