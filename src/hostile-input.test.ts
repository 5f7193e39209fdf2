/*
 * hostile-input.test.ts -- the case tables of the hostile-input checks (e2e/hostile-cases.ts,
 * shared with e2e/hostile.spec.ts): links, files and saved data that someone else wrote,
 * some crafted to break the page, each row given to the
 * function(s) the page itself calls for it, in the order the page calls them, so the
 * words checked here are the words the page shows. Every row also checks that nothing
 * was added to Object.prototype. The browser spec keeps one test per input channel with
 * everything only a browser can show: the message on screen, the lab running, markup not
 * rendered, words written in JSX (every row of the channels that start no simulation;
 * the strongest and the largest rows of those that do).
 *
 * It lives beside App.tsx, the top of the app's areas (src/shared/layers.test.ts): it
 * reads routes, links, compare links and scene scripts (lab), progress (lesson), picked
 * files (shared) and the simulation worker's host, as the site does.
 *
 * Where the page adds words in JSX (the lab's "The lab opened with the default scenario
 * instead.", "StackLab has no page at", "There is no such lesson", "… cannot be
 * presented", a picked file's " Your progress has not changed." / " Choose the file
 * again."), this file checks the branch that shows them and the browser the words.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkScenario, readSchema } from './core/index.js';
import { loadCoreFromDisk } from './core/node.js';
import type { WorkerReply } from './core/protocol.js';
import { own } from './core/safe-keys.js';
import { flattenScenario, nestScenario, type ScenarioValues } from './core/scenario-values.js';
import { planComparison } from './lab/compare/pairing.js';
import { parseLocalScript } from './lab/presenter/scripts.js';
import { presetLookup } from './lab/presets.js';
import { checkSharedScenario } from './lab/url-check.js';
import { defaultScenarioNotice, parseRoute, type Route } from './lab/url.js';
import { catalog } from './lesson/library.js';
import { MAX_PROGRESS_FILE_BYTES, readProgressFile } from './lesson/progress-file.js';
import { PROGRESS_KEY, ProgressStore, type ProgressStorage } from './lesson/progress.js';
import { scripts } from './lab/presenter/scripts.js';
import { readTextFile } from './shared/text-file.js';
import { SimHost } from './worker/host.js';
import { nodeHostEnv } from './worker/node-host-env.test-support.js';
import {
  COMPARE_LINKS,
  labLink,
  ODD_IDS,
  ODD_ROUTES,
  PROGRESS_FILES,
  REFUSED_LINKS,
  REFUSED_SCENARIOS,
  SCRIPTS,
  STORED,
} from '../e2e/hostile-cases.js';

const core = await loadCoreFromDisk();
const schema = readSchema(core);

/** The page's location.hash for a spec path ("/#/lab?s=..." -> "#/lab?s=..."; every path here is already URL-safe). */
function hashOf(path: string): string {
  expect(path.startsWith('/#/')).toBe(true);
  return path.slice(1);
}

// ---- nothing added to Object.prototype ---------------------------------------------

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype).sort();

/** The spec's expectUnharmed, minus the navigation: no `polluted` on {}, no new names on Object.prototype. */
function expectUnharmed(): void {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_NAMES);
}

afterEach(() => expectUnharmed());

// ---- the page's paths ----------------------------------------------------------------

/** What the simulation worker answers to the lab's first load (the store sends flattenScenario of the link's scenario). */
function workerAnswer(values: ScenarioValues): WorkerReply[] {
  const replies: WorkerReply[] = [];
  const env = nodeHostEnv((reply) => replies.push(reply));
  const host = new SimHost(core, env);
  host.handle({ type: 'load', epoch: 1, scenario: values, skipWarmup: true, traceCapacity: 0 });
  host.handle({ type: 'pause' });
  return replies;
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
