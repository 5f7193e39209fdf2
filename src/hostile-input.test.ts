/*
 * hostile-input.test.ts -- the case tables of e2e/hostile.spec.ts: links, files and saved
 * data that someone else wrote, some crafted to break the page, each given to the
 * function(s) the page itself calls for it, in the order the page calls them, so the
 * words checked here are the words the page shows. Every row also checks that nothing
 * was added to Object.prototype. The browser spec keeps one test per input channel (the
 * strongest row, and the largest inputs: freezing is a browser matter) and everything
 * only a browser can show: the message on screen, the lab running, markup not rendered,
 * words written in JSX.
 *
 * It lives beside App.tsx, the top of the app's areas (src/shared/layers.test.ts): it
 * reads routes, links, compare links and scene scripts (lab), progress (lesson), picked
 * files (shared) and the simulation worker's host, as the site does.
 *
 * The tables are copied unchanged from the spec (input and expected words); where the
 * page adds words in JSX (the lab's "The lab opened with the default scenario
 * instead.", "StackLab has no page at", "There is no such lesson", "… cannot be
 * presented", a picked file's " Your progress has not changed." / " Choose the file
 * again."), this file checks the branch that shows them and the browser the words.
 */
import { compressToEncodedURIComponent } from 'lz-string';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkScenario, readSchema } from './core/index.js';
import { loadCoreFromDisk } from './core/node.js';
import type { WorkerReply } from './core/protocol.js';
import { own } from './core/safe-keys.js';
import { flattenScenario, nestScenario, type ScenarioValues } from './core/scenario-values.js';
import { planComparison, type PresetLookup } from './lab/compare/pairing.js';
import { parseLocalScript } from './lab/presenter/scripts.js';
import { loadPresets } from './lab/presets.js';
import { checkSharedScenario } from './lab/url-check.js';
import { defaultScenarioNotice, parseRoute, type Route } from './lab/url.js';
import { catalog } from './lesson/library.js';
import { MAX_PROGRESS_FILE_BYTES, readProgressFile } from './lesson/progress-file.js';
import { PROGRESS_KEY, ProgressStore, type ProgressStorage } from './lesson/progress.js';
import { scripts } from './lab/presenter/scripts.js';
import { readTextFile } from './shared/text-file.js';
import { SimHost, type HostEnv } from './worker/host.js';

const core = await loadCoreFromDisk();
const schema = readSchema(core);

// ---- the spec's helpers, unchanged -------------------------------------------------

const raw = (wire: string, page = 'lab') => `/#/${page}?s=${compressToEncodedURIComponent(wire)}`;

/** e2e/fixtures.ts's labLink. */
function labLink(scenario: Record<string, unknown>, extra: Record<string, unknown> = {}, page = 'lab'): string {
  return `/#/${page}?s=${compressToEncodedURIComponent(JSON.stringify({ v: 1, sc: scenario, ...extra }))}`;
}

/** The page's location.hash for a spec path ("/#/lab?s=..." -> "#/lab?s=..."; every path here is already URL-safe). */
function hashOf(path: string): string {
  expect(path.startsWith('/#/')).toBe(true);
  return path.slice(1);
}

// ---- nothing added to Object.prototype ---------------------------------------------

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype).sort();

/** The spec's expectUnharmed, minus the navigation: no `polluted` on {}, no new names on Object.prototype. */
function expectUnharmed(): void {
  expect((({}) as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_NAMES);
}

afterEach(() => expectUnharmed());

// ---- the page's paths ----------------------------------------------------------------

/** What the simulation worker answers to the lab's first load (the store sends flattenScenario of the link's scenario). */
function workerAnswer(values: ScenarioValues): WorkerReply[] {
  const replies: WorkerReply[] = [];
  const env: HostEnv = {
    post: (reply) => replies.push(reply),
    now: () => performance.timeOrigin + performance.now(),
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    yieldThen: (run) => setImmediate(run),
  };
  const host = new SimHost(core, env);
  host.handle({ type: 'load', epoch: 1, scenario: values, skipWarmup: true, traceCapacity: 0 });
  host.handle({ type: 'pause' });
  return replies;
}

/** ComparePage's presetLookup(), over the same bundled presets (src/lab/presets.ts). */
function presetLookup(): PresetLookup {
  const presets = loadPresets();
  return {
    names: presets.filter((p) => p.values).map((p) => p.name),
    values: (name) => presets.find((p) => p.name === name)?.values,
    title: (name) => presets.find((p) => p.name === name)?.title ?? name,
  };
}

/** A file as the page's file input gives it (the spec's setInputFiles: a name, a type, these bytes). */
function picked(bytes: Uint8Array, name: string, type: string): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

/** ProgressFile.tsx's load(): the picked file's bytes (size, UTF-8), then readProgressFile. */
async function loadProgressFile(bytes: Uint8Array, name: string): Promise<{ stage: 'bytes' | 'progress'; ok: boolean; message: string }> {
  const read = await readTextFile(picked(bytes, name, 'application/json'), MAX_PROGRESS_FILE_BYTES);
  if (!read.ok) return { stage: 'bytes', ok: false, message: read.message };
  const file = readProgressFile(read.text, name);
  return file.ok ? { stage: 'progress', ok: true, message: '' } : { stage: 'progress', ok: false, message: file.message };
}

/** PresenterPage.tsx's MAX_SCRIPT_BYTES (a scene script is a few KB; none of these rows is near it). */
const MAX_SCRIPT_BYTES = 1_000_000;

/** A localStorage holding one value, recording every write. */
function storageHolding(key: string, value: string): ProgressStorage & { items: Map<string, string>; writes: string[] } {
  const items = new Map([[key, value]]);
  const writes: string[] = [];
  return {
    items,
    writes,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => {
      writes.push(k);
      items.set(k, v);
    },
    removeItem: (k) => {
      writes.push(k);
      items.delete(k);
    },
  };
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

describe('lab and embed links whose settings are refused (parseRoute, decodeLabState)', () => {
  it.each(REFUSED_LINKS)('link: $name is refused in words and the default lab opens', ({ path, says }) => {
    const route = parseRoute(hashOf(path));
    const page = path.startsWith('/#/embed') ? 'embed' : 'lab';
    // the page (App.tsx's LabPage, EmbedPage) shows route.error, and opens the default
    // scenario: no shared lab, so no scenario from the link reaches the worker
    expect(route.page).toBe(page);
    const refused = route as Extract<Route, { page: 'lab' | 'embed' }>;
    expect(refused.shared).toBeUndefined();
    expect(refused.error).toMatch(says);
    expect(refused.error).toMatch(/^This link/);
  });
});

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

describe("links whose scenario the simulator refuses (the worker's check, the lab's notice)", () => {
  it.each(REFUSED_SCENARIOS)('scenario: $name is explained and the default lab runs', ({ scenario, says }) => {
    const route = parseRoute(hashOf(labLink(scenario)));
    if (route.page !== 'lab' || !route.shared) throw new Error(`expected a readable lab link: ${JSON.stringify(route)}`);
    expect(route.error).toBeUndefined();
    // App.tsx gives the lab flattenScenario(shared.scenario); the store sends it to the worker
    const replies = workerAnswer(flattenScenario(route.shared.scenario) as ScenarioValues);
    const refused = replies.find((reply): reply is Extract<WorkerReply, { type: 'refused' }> => reply.type === 'refused');
    expect(refused, JSON.stringify(replies.map((reply) => reply.type))).toBeDefined();
    expect(replies.some((reply) => reply.type === 'loaded' || reply.type === 'frame')).toBe(false);
    // the store's reducer, on the first scenario refused: this notice, and the defaults run
    const notice = defaultScenarioNotice('link', refused!.problems);
    expect(notice).toContain("This link's scenario is not valid");
    expect(notice).toMatch(says);
    // url-check.ts, the same check without a worker, says the same
    expect(checkSharedScenario(schema, route.shared)).toMatchObject({ ok: false, message: notice });
  });
});

/** Ids that are names of Object's members, and other ids no page has. */
const ODD_IDS = ['constructor', 'valueOf', 'toString', 'hasOwnProperty', 'propertyIsEnumerable', 'isPrototypeOf'];

describe('lesson, scene script and embedded lesson ids named after Object members (parseRoute, the lookups)', () => {
  it.each(ODD_IDS)('route: lesson, scene script and embedded lesson named "%s" say there is none', (id) => {
    // #/lessons/<id>: LessonPage finds no lesson, and MissingLesson no broken lesson file
    // ("There is no such lesson", "No lesson is called “<id>”", in JSX)
    expect(parseRoute(`#/lessons/${id}`)).toEqual({ page: 'lesson', id });
    expect(catalog.lessons.find((l) => l.meta.id === id)).toBeUndefined();
    expect(own(catalog.broken, id)).toBeUndefined();
    // #/present/<id>: PresenterPage finds no script (Unknown: 'There is no scene script "<id>"', in JSX)
    expect(parseRoute(`#/present/${id}`)).toEqual({ page: 'present', script: id });
    expect(own(scripts, id)).toBeUndefined();
    // #/embed?lesson=<id>: EmbedPage shows LessonPage for the id: the same lookups as above
    expect(parseRoute(`#/embed?lesson=${id}`)).toEqual({ page: 'embed', lesson: id });
  });
});

const ODD_ROUTES: { name: string; path: string; says: RegExp }[] = [
  { name: 'a lesson named __proto__', path: '/#/lessons/__proto__', says: /StackLab has no page at/ },
  { name: 'a path climbing out', path: '/#/lessons/../../etc/passwd', says: /StackLab has no page at/ },
  { name: 'markup in the path', path: '/#/%3Cimg%20src=x%20onerror=alert(1)%3E', says: /StackLab has no page at/ },
  { name: 'an embed lesson id with markup', path: '/#/embed?lesson=%3Cb%3Ex%3C/b%3E', says: /is not a lesson name/ },
];

describe('odd routes (parseRoute)', () => {
  it.each(ODD_ROUTES)('route: $name is answered in words', ({ path, says }) => {
    const route = parseRoute(hashOf(path));
    if (says.source === 'StackLab has no page at') {
      // App.tsx's NotFound says "StackLab has no page at <code>#path</code>" (JSX, checked in the browser)
      expect(route).toEqual({ page: 'not-found', path: hashOf(path).slice(1) });
    } else {
      // EmbedPage shows route.error in the lab's notice, and no lesson is looked up
      expect(route).toEqual({ page: 'embed', error: expect.stringMatching(says) });
    }
  });
});

/** Compare links: a bad side is explained, the other side still runs. */
const COMPARE_LINKS: { name: string; query: string; says: RegExp }[] = [
  { name: 'a preset named constructor', query: 'a=constructor&b=testbed-scalable', says: /Side A of this link could not be read: there is no preset named "constructor"/ },
  { name: 'a side named __proto__', query: 'a=testbed-classic&b=__proto__', says: /Side B of this link could not be read/ },
  { name: 'a polluting side B', query: `a=testbed-classic&b=${compressToEncodedURIComponent('{"v":1,"sc":{"__proto__":{"polluted":1}}}')}`, says: /Side B of this link could not be read: This link contains a field named "__proto__"/ },
  { name: 'a polluting side A', query: `a=${compressToEncodedURIComponent('{"v":1,"sc":{"machine":{"constructor":{"prototype":{"polluted":1}}}}}')}&b=testbed-scalable`, says: /field named "constructor"/ },
  { name: 'parts it does not know', query: 'a=testbed-classic&b=testbed-scalable&__proto__=1', says: /parts StackLab does not know/ },
];

describe('compare links (parseRoute, planComparison)', () => {
  const presets = presetLookup();
  it.each(COMPARE_LINKS)('compare: $name is explained and the comparison runs', ({ query, says }) => {
    expect(parseRoute(`#/compare?${query}`)).toEqual({ page: 'compare', query });
    const plan = planComparison(query, presets);
    // ComparePage shows each of plan.problems in a paragraph of its own
    expect(plan.problems).toContainEqual(expect.stringMatching(says));
    // both sides are scenarios the worker accepts: the comparison runs
    for (const side of [plan.a, plan.b]) {
      const checked = checkScenario(schema, nestScenario(side.values));
      expect(checked.ok, JSON.stringify(checked)).toBe(true);
    }
  });
});

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

describe('progress files (readTextFile, readProgressFile)', () => {
  it.each(PROGRESS_FILES)('progress file: $name is refused in words and nothing changes', async ({ bytes, says }) => {
    const read = await loadProgressFile(bytes, 'mine.json');
    // refused: nothing is merged into the browser's progress
    expect(read.ok).toBe(false);
    expect(read.message).toMatch(says);
    expect(read.message).toMatch(/^mine\.json /);
    // readProgressFile says it; for bytes that are not read at all (size, not UTF-8)
    // ProgressFile.tsx adds it in the component (checked in the browser)
    if (read.stage === 'progress') expect(read.message).toMatch(/ Your progress has not changed\.$/);
  });
});

const SCRIPTS: { name: string; bytes: Buffer; says: RegExp }[] = [
  { name: 'not YAML', bytes: Buffer.from('id: [unclosed\n'), says: /cannot be presented/ },
  { name: 'an alias to no anchor', bytes: Buffer.from('id: x\ntitle: *nowhere\nscenes: []\n'), says: /could not be read: .*alias/i },
  { name: 'a billion laughs', bytes: Buffer.from(['id: x', 'a: &a [x, x, x, x, x, x, x, x, x, x]', ...'bcdefghi'.split('').map((c, i) => `${c}: &${c} [${Array(10).fill(`*${'abcdefghi'[i]}`).join(', ')}]`)].join('\n')), says: /alias/i },
  { name: 'a __proto__ key', bytes: Buffer.from('id: x\ntitle: X\n__proto__:\n  polluted: yes\nscenes: []\n'), says: /field named "__proto__"/ },
  { name: 'saved as UTF-16', bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('id: x\n', 'utf16le')]), says: /not UTF-8 \(it looks like UTF-16LE\)/ },
];

describe('scene script files (readTextFile, parseLocalScript)', () => {
  it.each(SCRIPTS)('scene script: $name is explained and presenter mode still works', async ({ bytes, says }) => {
    // PresenterPage.tsx's OpenFile: the bytes, then the script
    const read = await readTextFile(picked(bytes, 'talk.yaml', 'text/yaml'), MAX_SCRIPT_BYTES);
    if (!read.ok) {
      // shown as is, with " Choose the file again." (JSX) after it
      expect(read.message).toMatch(says);
      return;
    }
    const result = parseLocalScript('talk.yaml', read.text);
    if (result.ok) throw new Error('the script was accepted');
    // the Problems section: "talk.yaml cannot be presented" (JSX), then every problem
    expect(result.file).toBe('talk.yaml');
    expect(result.problems.length).toBeGreaterThan(0);
    if (says.source !== 'cannot be presented') {
      expect(result.problems.map((problem) => problem.message)).toContainEqual(expect.stringMatching(says));
    }
  });
});

// ---- storage -----------------------------------------------------------------------

const STORED: { name: string; value: string; says: RegExp }[] = [
  { name: 'not JSON', value: '{oops', says: /damaged \(it is not valid JSON\)/ },
  { name: 'a __proto__ lesson', value: '{"version":1,"lessons":{"__proto__":{"predictions":{}}}}', says: /field named "__proto__"/ },
  { name: 'a newer format', value: '{"version":7,"lessons":{}}', says: /newer version of StackLab/ },
  { name: 'a list', value: '[1,2]', says: /not in the format this page writes/ },
];

describe('saved progress (ProgressStore over localStorage)', () => {
  it.each(STORED)('saved progress: $name is reported, kept, and the lessons work', ({ value, says }) => {
    const storage = storageHolding(PROGRESS_KEY, value);
    const store = new ProgressStore(storage);
    // ProgressNotice shows the notice's message (role=alert)
    expect(store.getState().notice?.message).toMatch(says);
    // what the learner had is not overwritten: it may be recoverable by hand
    expect(storage.writes).toEqual([]);
    expect(storage.getItem(PROGRESS_KEY)).toBe(value);
    // the lessons work: they start from empty progress
    expect(store.getState().data.lessons).toEqual({});
  });
});

beforeAll(() => expectUnharmed());
