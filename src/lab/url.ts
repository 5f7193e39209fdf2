/*
 * url.ts -- the page's routes and the lab's state in the URL. Routing uses the hash
 * (#/lab, #/lessons, #/lessons/<id>, #/embed?..., #/present/<script>/<scene>, #/cores), so the static build works from any
 * base path with no server rewrites. A lab's whole state -- the scenario (only the
 * fields that differ from the defaults) and the view state -- is JSON compressed with
 * lz-string into one `s` parameter: #/lab?s=...
 *
 * Decoding never throws: a damaged or tampered link gives a message that says what is
 * wrong, and the caller falls back to the default lab. Scenario values are checked
 * by the worker when the lab loads them (url-check.ts does the same check in Node).
 */
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import {
  isPlainObject,
  minimalDocument,
  type ScenarioDocument,
  type ScenarioProblem,
  type ScenarioValues,
} from '../core/scenario-values.js';
import type { Schema } from '../core/schema.js';
import { findForbiddenKey, forbiddenKeyMessage } from '../core/safe-keys.js';
import { DEFAULT_SPEED, SPEEDS, MAX_SPEED, type Speed } from '../core/playback.js';
import type { Theme } from '../views/palette.js';
import { isViewId, VIEW_IDS, type KnownViewId } from '../shared/view-ids.js';

/** What a lab link carries besides the scenario. */
export interface LabViewState {
  /** Views shown, in layout order. */
  views: KnownViewId[];
  speed: Speed;
  /** The theme the link asks for; absent, the site's own (src/site/theme.ts). */
  theme?: Theme;
  /** Embedded labs: which controls to show (field paths); undefined shows all. */
  controls?: string[];
}

export interface SharedLab {
  /** The scenario as a (minimal) nested document; checked against the schema later. */
  scenario: ScenarioDocument;
  view: LabViewState;
}

export type Route =
  | { page: 'lab'; shared?: SharedLab; error?: string }
  | { page: 'lessons' }
  | { page: 'lesson'; id: string }
  | { page: 'embed'; lesson?: string; shared?: SharedLab; error?: string }
  /** Two labs side by side (src/lab/compare reads the query: a=...&b=...). */
  | { page: 'compare'; query: string }
  /** `scene` is the link's scene number as written (1-based); the presenter checks it. */
  | { page: 'present'; script?: string; scene?: string }
  /** "Your own cores": real lock algorithms on this machine's cores beside the simulator (src/cores/page). */
  | { page: 'cores' }
  | { page: 'not-found'; path: string };

/** The version of the link format; links of another version are explained, not guessed at. */
const LINK_VERSION = 1;
const MAX_ENCODED = 20_000;

export const DEFAULT_VIEW_STATE: LabViewState = {
  views: [...VIEW_IDS],
  speed: DEFAULT_SPEED,
};

interface Wire {
  v: number;
  sc: ScenarioDocument;
  vw?: string[];
  sp?: number | 'max';
  th?: Theme;
  ct?: string[];
}

/** The `s` parameter for a lab: scenario values (only those not at their defaults) and view state. */
export function encodeLabState(schema: Schema, values: ScenarioValues, view: LabViewState): string {
  const wire: Wire = { v: LINK_VERSION, sc: minimalDocument(schema, values) };
  if (view.views.join() !== VIEW_IDS.join()) wire.vw = view.views;
  if (view.speed !== DEFAULT_VIEW_STATE.speed) wire.sp = Number.isFinite(view.speed) ? view.speed : 'max';
  if (view.theme === 'projector') wire.th = view.theme;
  if (view.controls) wire.ct = view.controls;
  return compressToEncodedURIComponent(JSON.stringify(wire));
}

type Decoded = { ok: true; shared: SharedLab } | { ok: false; message: string };

/** Reads an `s` parameter; says in words what is wrong with a damaged one. */
export function decodeLabState(encoded: string): Decoded {
  const fail = (why: string): Decoded => ({ ok: false, message: `This link's lab settings could not be read: ${why}` });
  if (encoded.length === 0) return fail('the s= part of the link is empty.');
  if (encoded.length > MAX_ENCODED)
    return fail(`the s= part is ${encoded.length} characters long, far more than any lab needs (was something pasted into it?).`);
  if (!/^[A-Za-z0-9+\-$]*$/.test(encoded)) {
    return fail('the s= part contains characters a StackLab link never has (was it edited, or cut short by an e-mail program?).');
  }
  let text: string | null;
  try {
    text = decompressFromEncodedURIComponent(encoded);
  } catch {
    text = null;
  }
  if (!text) return fail('the s= part does not decompress; the link was probably cut short or changed by hand.');
  let wire: unknown;
  try {
    wire = JSON.parse(text);
  } catch {
    return fail('the s= part decompresses, but not to lab settings (it is not JSON); the link was probably changed by hand.');
  }
  if (!isPlainObject(wire)) return fail('the settings are not an object of lab settings.');
  const forbidden = findForbiddenKey(wire);
  if (forbidden) return { ok: false, message: forbiddenKeyMessage('This link', forbidden) };
  if (wire.v !== LINK_VERSION) {
    return fail(`it is in link format ${JSON.stringify(wire.v)}, and this StackLab reads format ${LINK_VERSION}.`);
  }
  if (!isPlainObject(wire.sc)) return fail('it has no scenario (the sc field is missing or not an object).');
  const view: LabViewState = { ...DEFAULT_VIEW_STATE, views: [...DEFAULT_VIEW_STATE.views] };
  if (wire.vw !== undefined) {
    if (!Array.isArray(wire.vw) || wire.vw.length === 0) return fail('its list of views (vw) is not a list of view names.');
    const unknown = wire.vw.filter((id) => !isViewId(id));
    if (unknown.length > 0)
      return fail(
        `it names views that do not exist: ${unknown.map((id) => JSON.stringify(id)).join(', ')}. Views: ${VIEW_IDS.join(', ')}.`,
      );
    view.views = VIEW_IDS.filter((id) => (wire.vw as string[]).includes(id));
  }
  if (wire.sp !== undefined) {
    if (wire.sp === 'max') view.speed = MAX_SPEED;
    else if (typeof wire.sp === 'number' && wire.sp >= SPEEDS[0]! && wire.sp <= SPEEDS[SPEEDS.length - 2]!) view.speed = wire.sp;
    else
      return fail(
        `its speed (sp) is ${JSON.stringify(wire.sp)}, not a speed from ${SPEEDS[0]} to ${SPEEDS[SPEEDS.length - 2]} ns per second or "max".`,
      );
  }
  if (wire.th !== undefined) {
    if (wire.th !== 'light' && wire.th !== 'projector')
      return fail(`its theme (th) is ${JSON.stringify(wire.th)}, not "light" or "projector".`);
    view.theme = wire.th;
  }
  if (wire.ct !== undefined) {
    if (!Array.isArray(wire.ct) || !wire.ct.every((path) => typeof path === 'string'))
      return fail('its list of controls (ct) is not a list of field names.');
    view.controls = wire.ct as string[];
  }
  return { ok: true, shared: { scenario: wire.sc, view } };
}

/** Why the lab opened the default scenario instead of the one it was given (the worker refused it). */
export function defaultScenarioNotice(source: 'link' | 'lab', problems: readonly ScenarioProblem[]): string {
  const whose = source === 'link' ? "This link's scenario" : "This lab's scenario";
  return `${whose} is not valid, so the lab opened with the default scenario instead. ${problems.map((p) => p.message).join(' ')}`;
}

/** The pages that show a lab: main.tsx starts a simulation worker for them before React draws. */
const LAB_PAGES: ReadonlySet<Route['page']> = new Set(['lab', 'lesson', 'embed', 'present', 'compare']);

/** Whether the route of `hash` shows a lab (its shared scenario, if any, is not decoded). */
export function showsLab(hash: string): boolean {
  return LAB_PAGES.has(parseRoute(hash, false).page);
}

/**
 * Parses location.hash ("#/lab?s=..."); anything unknown is a not-found route, never an
 * exception. `decode` false leaves a shared lab's state (?s=) unread.
 */
export function parseRoute(hash: string, decode = true): Route {
  const raw = hash.replace(/^#/, '');
  const [pathPart = '', query = ''] = raw.split(/\?(.*)/s, 2);
  const path = pathPart.replace(/\/+$/, '') || '/';
  const params = new URLSearchParams(query);
  const sharedFrom = (): { shared?: SharedLab; error?: string } => {
    if (!decode) return {};
    // URLSearchParams reads '+' as a space; lz-string's URI alphabet uses '+'.
    const s = params.get('s')?.replace(/ /g, '+');
    if (s === undefined) return {};
    const decoded = decodeLabState(s);
    return decoded.ok ? { shared: decoded.shared } : { error: decoded.message };
  };
  if (path === '/' || path === '/lab') return { page: 'lab', ...sharedFrom() };
  if (path === '/lessons') return { page: 'lessons' };
  if (path === '/compare') return { page: 'compare', query };
  if (path === '/present') return { page: 'present' };
  if (path === '/cores') return { page: 'cores' };
  const present = /^\/present\/([A-Za-z0-9][A-Za-z0-9_-]*)(?:\/([^/]+))?$/.exec(path);
  if (present) return { page: 'present', script: present[1]!, ...(present[2] !== undefined ? { scene: safeDecode(present[2]) } : {}) };
  const lesson = /^\/lessons\/([A-Za-z0-9][A-Za-z0-9_-]*)$/.exec(path);
  if (lesson) return { page: 'lesson', id: lesson[1]! };
  if (path === '/embed') {
    const id = params.get('lesson');
    if (id !== null) {
      if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(id)) return { page: 'embed', error: `"${id}" is not a lesson name.` };
      return { page: 'embed', lesson: id };
    }
    return { page: 'embed', ...sharedFrom() };
  }
  return { page: 'not-found', path };
}

/** A path segment as typed (%20 and the like decoded), or as it came if it does not decode. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The hash for a route. */
export function routeHash(route: Route, encoded?: string): string {
  switch (route.page) {
    case 'lab':
      return encoded ? `#/lab?s=${encoded}` : '#/lab';
    case 'lessons':
      return '#/lessons';
    case 'lesson':
      return `#/lessons/${route.id}`;
    case 'embed':
      return route.lesson ? `#/embed?lesson=${route.lesson}` : encoded ? `#/embed?s=${encoded}` : '#/embed';
    case 'compare':
      return route.query ? `#/compare?${route.query}` : '#/compare';
    case 'present':
      return route.script
        ? `#/present/${route.script}${route.scene !== undefined ? `/${encodeURIComponent(route.scene)}` : ''}`
        : '#/present';
    case 'cores':
      return '#/cores';
    case 'not-found':
      return `#${route.path}`;
  }
}
