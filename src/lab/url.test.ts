// url.test.ts -- routes and lab links: every route parses, a lab's state survives a
// round trip through the URL exactly, and damaged or tampered links give a message
// that says what is wrong instead of an exception.
import { compressToEncodedURIComponent } from 'lz-string';
import { describe, expect, it } from 'vitest';
import { defaultValues, readSchema, validateScenario } from '../core/index.js';
import { loadCoreFromDisk } from '../core/node.js';
import { readPreset } from '../core/presets.js';
import { decodeLabState, DEFAULT_VIEW_STATE, encodeLabState, parseRoute, showsLab, routeHash, type LabViewState } from './url.js';
import { checkSharedScenario } from './url-check.js';

const schema = readSchema(await loadCoreFromDisk());
const scalable = validateScenario(schema, readPreset('testbed-scalable')).values;

function roundTrip(values: typeof scalable, view: LabViewState) {
  const encoded = encodeLabState(schema, values, view);
  const route = parseRoute(`#/lab?s=${encoded}`);
  if (route.page !== 'lab' || !route.shared) throw new Error(`not a lab route with state: ${JSON.stringify(route)}`);
  const checked = checkSharedScenario(schema, route.shared);
  if (!checked.ok) throw new Error(checked.message);
  return { encoded, values: checked.values, view: route.shared.view };
}

describe('routes', () => {
  it('reads every page of the site from the hash', () => {
    expect(parseRoute('')).toEqual({ page: 'lab' });
    expect(parseRoute('#/')).toEqual({ page: 'lab' });
    expect(parseRoute('#/lab')).toEqual({ page: 'lab' });
    expect(parseRoute('#/lessons')).toEqual({ page: 'lessons' });
    expect(parseRoute('#/lessons/')).toEqual({ page: 'lessons' });
    expect(parseRoute('#/lessons/one-lock')).toEqual({ page: 'lesson', id: 'one-lock' });
    expect(parseRoute('#/embed?lesson=krp-queue')).toEqual({ page: 'embed', lesson: 'krp-queue' });
    expect(parseRoute('#/present')).toEqual({ page: 'present' });
    expect(parseRoute('#/cores')).toEqual({ page: 'cores' });
    expect(parseRoute('#/cores/')).toEqual({ page: 'cores' });
    expect(parseRoute('#/present/why-one-lock-stops-scaling')).toEqual({ page: 'present', script: 'why-one-lock-stops-scaling' });
    expect(parseRoute('#/present/../x')).toEqual({ page: 'not-found', path: '/present/../x' });
    // a scene's address: the number as written, checked by the presenter (which explains a bad one)
    expect(parseRoute('#/present/why-one-lock-stops-scaling/4')).toEqual({
      page: 'present',
      script: 'why-one-lock-stops-scaling',
      scene: '4',
    });
    expect(parseRoute('#/present/why-one-lock-stops-scaling/4/')).toEqual({
      page: 'present',
      script: 'why-one-lock-stops-scaling',
      scene: '4',
    });
    expect(parseRoute('#/present/x/nine%20')).toEqual({ page: 'present', script: 'x', scene: 'nine ' });
    expect(parseRoute('#/present/x/4/5')).toEqual({ page: 'not-found', path: '/present/x/4/5' });
    expect(parseRoute('#/nowhere')).toEqual({ page: 'not-found', path: '/nowhere' });
    expect(parseRoute('#/lessons/../../etc')).toEqual({ page: 'not-found', path: '/lessons/../../etc' });
    expect(parseRoute('#/embed?lesson=<script>')).toMatchObject({ page: 'embed', error: expect.stringMatching(/not a lesson name/) });
  });

  it('writes hashes that parse back to the same route', () => {
    for (const hash of [
      '#/lab',
      '#/lessons',
      '#/lessons/one-lock',
      '#/embed?lesson=one-lock',
      '#/present',
      '#/present/one-lock',
      '#/present/one-lock/3',
      '#/cores',
    ]) {
      expect(routeHash(parseRoute(hash))).toBe(hash);
    }
  });
});

describe('the pages that start a simulation worker before React draws (main.tsx, showsLab)', () => {
  it('are exactly the routes parseRoute shows a lab on', () => {
    const labPages = ['lab', 'lesson', 'embed', 'present', 'compare'];
    const hashes = [
      '',
      '#',
      '#/',
      '#/lab',
      '#/lab?s=abc',
      '#/lab/',
      '#/lessons',
      '#/lessons/',
      '#/lessons/non-scalable-locks',
      '#/lessons/x/y',
      '#/embed?lesson=receive-livelock',
      '#/embed',
      '#/present',
      '#/present/why-one-lock/2',
      '#/compare?a=1',
      '#/nope',
      '#/labs',
      '#/cores',
      '#/lab?x#y',
    ];
    for (const hash of hashes) expect([hash, showsLab(hash)]).toEqual([hash, labPages.includes(parseRoute(hash).page)]);
  });
});

describe('lab links', () => {
  it('restore exactly the same scenario and view state', () => {
    const values = {
      ...scalable,
      'machine.cpus': 24,
      'kernel.lock_kind': 'ticket',
      'workload.message_bytes': 4096,
      'sim.seed': 42,
      'costs.copy_per_kb.mean_ns': 1234.5,
    };
    const view: LabViewState = { views: ['cpu-grid', 'timeline', 'scaling'], speed: 5e5, theme: 'projector' };
    const back = roundTrip(values, view);
    expect(back.values).toEqual(values);
    expect(back.view).toEqual(view);
  });

  it('carry a theme only when one was chosen: without one the site theme applies (src/site/theme.ts)', () => {
    expect(roundTrip(scalable, DEFAULT_VIEW_STATE).view.theme).toBeUndefined();
    expect(roundTrip(scalable, { ...DEFAULT_VIEW_STATE, theme: 'light' }).view.theme).toBeUndefined();
    expect(roundTrip(scalable, { ...DEFAULT_VIEW_STATE, theme: 'projector' }).view.theme).toBe('projector');
  });

  it('keep links short: only fields that differ from the defaults travel', () => {
    const { encoded } = roundTrip(defaultValues(schema), DEFAULT_VIEW_STATE);
    expect(encoded.length).toBeLessThan(40);
    expect(roundTrip({ ...defaultValues(schema), 'kernel.kind': 'scalable' }, DEFAULT_VIEW_STATE).encoded.length).toBeLessThan(80);
  });

  it('carry top speed, controls for embedding, and survive "+" read as a space', () => {
    const view: LabViewState = { ...DEFAULT_VIEW_STATE, speed: Number.POSITIVE_INFINITY, controls: ['machine.cpus', 'kernel.kind'] };
    let encoded = '';
    for (let cpus = 1; cpus <= 64 && !encoded.includes('+'); cpus++)
      encoded = encodeLabState(schema, { ...scalable, 'machine.cpus': cpus, 'sim.seed': cpus * 7919 }, view);
    expect(encoded).toContain('+');
    const route = parseRoute(`#/embed?s=${encoded}`);
    expect(route).toMatchObject({
      page: 'embed',
      shared: { view: { speed: Number.POSITIVE_INFINITY, controls: ['machine.cpus', 'kernel.kind'] } },
    });
  });

  it('explain damaged links instead of failing', () => {
    const good = encodeLabState(schema, scalable, DEFAULT_VIEW_STATE);
    const cases: Array<[string, RegExp]> = [
      ['', /empty/],
      [good.slice(0, good.length / 2), /cut short|not JSON|does not decompress/],
      ['!!!not-lz!!!', /characters a StackLab link never has/],
      ['AAAAAAAAAAAA', /does not decompress|not JSON/],
      [compressToEncodedURIComponent('{"v":1}'), /no scenario/],
      [compressToEncodedURIComponent('[1,2]'), /not an object/],
      [compressToEncodedURIComponent('{"v":9,"sc":{}}'), /format 9/],
      [compressToEncodedURIComponent('{"v":1,"sc":{},"vw":["cpu-grid","radar"]}'), /views that do not exist: "radar"/],
      [compressToEncodedURIComponent('{"v":1,"sc":{},"sp":-3}'), /speed/],
      [compressToEncodedURIComponent('{"v":1,"sc":{},"th":"neon"}'), /theme/],
      ['x'.repeat(30_000), /far more than any lab needs/],
    ];
    for (const [encoded, why] of cases) {
      const decoded = decodeLabState(encoded);
      expect(decoded.ok, encoded).toBe(false);
      if (!decoded.ok) {
        expect(decoded.message).toMatch(/^This link's lab settings could not be read: /);
        expect(decoded.message).toMatch(why);
      }
    }
    expect(parseRoute('#/lab?s=%%%')).toMatchObject({ page: 'lab', error: expect.any(String) });
  });

  it("name the controls a link asks for that the simulator does not have, in the panel's words", () => {
    const route = parseRoute(
      `#/lab?s=${compressToEncodedURIComponent(JSON.stringify({ v: 1, sc: {}, ct: ['nope.field', 'machine.cpus'] }))}`,
    );
    if (route.page !== 'lab' || !route.shared) throw new Error('expected a decodable link');
    expect(checkSharedScenario(schema, route.shared)).toMatchObject({
      ok: true,
      notes: ['This lab asks for a control “nope.field” that the simulator does not have.'],
    });
  });

  it("explain a tampered scenario in the schema's words", () => {
    const tampered = compressToEncodedURIComponent(JSON.stringify({ v: 1, sc: { machine: { cpus: 999 }, kernel: { kind: 'quantum' } } }));
    const route = parseRoute(`#/lab?s=${tampered}`);
    if (route.page !== 'lab' || !route.shared) throw new Error('expected a decodable link');
    const checked = checkSharedScenario(schema, route.shared);
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(checked.message).toMatch(/default scenario/);
      expect(checked.message).toMatch(/machine\.cpus is 999/);
      expect(checked.message).toMatch(/kernel\.kind is "quantum"/);
    }
  });

  it('name the new name of a value a link made before it was renamed', () => {
    const old = compressToEncodedURIComponent(JSON.stringify({ v: 1, sc: { kernel: { kind: 'sna' }, sna: { lock_kind: 'wake_one' } } }));
    const route = parseRoute(`#/lab?s=${old}`);
    if (route.page !== 'lab' || !route.shared) throw new Error('expected a decodable link');
    const checked = checkSharedScenario(schema, route.shared);
    expect(checked.ok).toBe(false);
    if (!checked.ok)
      expect(checked.message).toMatch(
        /sna\.lock_kind is "wake_one", a name that was renamed: it is now "handoff".*Fix: set sna\.lock_kind to "handoff"/,
      );
  });
});
