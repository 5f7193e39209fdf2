/*
 * Keys from outside never reach Object.prototype: every reader of untrusted input (a
 * lab link, a compare side, a progress file, saved progress, a lesson, a scene script,
 * --set on the command line) refuses __proto__, constructor and prototype with a
 * message that says where the key was, and ids are looked up as own properties.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compressToEncodedURIComponent } from 'lz-string';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from './node.js';
import { presetNames, readPreset } from './presets.js';
import { findForbiddenKey, forbiddenKeyMessage, hasForbiddenSegment, own } from './safe-keys.js';
import { flattenScenario, nestScenario, ScenarioError, withOverrides } from './scenario-values.js';
import { decodeLabState } from '../lab/url.js';
import { readProgressFile } from '../lesson/progress-file.js';
import { loadProgress, PROGRESS_KEY } from '../lesson/progress.js';
import { parseScript, type ScriptResult } from '../lab/presenter/script.js';
import { LessonParseError, parseLesson } from '../lesson/parse.js';

const KEYS = ['__proto__', 'constructor', 'prototype'] as const;
const link = (wire: string) => compressToEncodedURIComponent(wire);

/** Object.prototype's own keys now, to see that nothing was added to it. */
const protoKeys = () => Object.getOwnPropertyNames(Object.prototype).sort().join();
const before = protoKeys();
afterEach(() => {
  expect(protoKeys()).toBe(before);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

describe('findForbiddenKey', () => {
  it('finds each forbidden key at any depth, in objects and lists, and names where', () => {
    expect(findForbiddenKey(JSON.parse('{"a":{"b":[1,{"__proto__":{"x":1}}]}}'))).toBe('a.b[1].__proto__');
    expect(findForbiddenKey({ sc: { machine: { constructor: 1 } } })).toBe('sc.machine.constructor');
    expect(findForbiddenKey({ prototype: 1 })).toBe('prototype');
    expect(findForbiddenKey({ a: [1, 2, { b: 'prototype' }] })).toBeNull(); // a value, not a key
    expect(findForbiddenKey('__proto__')).toBeNull();
  });

  it('walks a value nested 100,000 deep without overflowing the stack', () => {
    let deep: unknown = { __proto_: 1 };
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(findForbiddenKey(deep)).toBeNull();
    let bad: unknown = JSON.parse('{"constructor":1}');
    for (let i = 0; i < 100_000; i++) bad = [bad];
    expect(findForbiddenKey(bad)).toMatch(/constructor$/);
  });

  it('says what was refused and where, in words', () => {
    expect(forbiddenKeyMessage('This link', 'sc.__proto__')).toBe(
      'This link contains a field named "__proto__" (at sc.__proto__), which no StackLab file or link has; it was refused, since a key by that name could change every object of the program. Use a link or file made by StackLab.',
    );
    expect(forbiddenKeyMessage('This scenario', '__proto__.x')).toMatch(
      /^This scenario contains a field named "__proto__" \(at __proto__\.x\)/,
    );
    expect(hasForbiddenSegment('machine.__proto__.x')).toBe(true);
    expect(hasForbiddenSegment('machine.cpus')).toBe(false);
  });
});

describe('scenario paths', () => {
  it.each(KEYS)("refuses a dotted path through %s (the CLI's --set, nestScenario)", (key) => {
    for (const path of [`${key}.polluted`, `machine.${key}.polluted`, `machine.${key}`]) {
      expect(() => nestScenario({ [path]: 'yes' })).toThrow(ScenarioError);
      expect(() => withOverrides({ machine: { cpus: 2 } }, { [path]: 'yes' })).toThrow(new RegExp(`contains a field named "${key}"`));
    }
  });

  it.each(KEYS)('refuses a nested %s key when flattening a scenario', (key) => {
    const document = JSON.parse(`{"machine":{"${key}":{"polluted":"yes"}}}`) as Record<string, unknown>;
    let error: unknown;
    try {
      flattenScenario(document);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ScenarioError);
    expect((error as ScenarioError).problems[0]).toMatchObject({ path: `machine.${key}` });
  });

  it('still nests and flattens ordinary paths, including names that merely contain a forbidden word', () => {
    const flat = { 'machine.cpus': 4, 'net.proto_x': 1, 'kernel.constructors': 'a' };
    expect(flattenScenario(nestScenario(flat))).toEqual(flat);
  });
});

describe('links', () => {
  it.each(KEYS)('a lab link carrying %s is refused, with the path in the message', (key) => {
    for (const wire of [
      `{"v":1,"sc":{"${key}":{"polluted":"yes"}}}`,
      `{"v":1,"sc":{"machine":{"${key}":{"prototype":{"polluted":"yes"}}}}}`,
      `{"v":1,"${key}":{"polluted":"yes"},"sc":{}}`,
    ]) {
      const decoded = decodeLabState(link(wire));
      expect(decoded.ok).toBe(false);
      if (!decoded.ok) expect(decoded.message).toMatch(new RegExp(`field named "${key === '__proto__' ? '__proto__' : key}"`));
    }
  });
});

describe('progress', () => {
  const file = (progress: string) =>
    `{"format":"stacklab-progress","version":1,"exportedAt":"2026-01-01T00:00:00Z","progress":${progress}}`;

  it.each(KEYS)('a progress file with %s anywhere is refused and changes nothing', (key) => {
    for (const progress of [
      `{"version":1,"lessons":{"${key}":{"predictions":{}}}}`,
      `{"version":1,"lessons":{"a":{"predictions":{"${key}":{"kind":"number","value":1}}}}}`,
    ]) {
      const read = readProgressFile(file(progress), 'mine.json');
      expect(read.ok).toBe(false);
      if (!read.ok)
        expect(read.message).toMatch(/^mine\.json could not be imported: it contains a field named .*Your progress has not changed\.$/);
    }
  });

  it('saved progress with a forbidden key is reported as damaged, not loaded', () => {
    const text = `{"version":1,"lessons":{"__proto__":{"predictions":{"x":{"kind":"number","value":1}}}}}`;
    const state = loadProgress({ getItem: (key) => (key === PROGRESS_KEY ? text : null), setItem: () => {}, removeItem: () => {} });
    expect(state.notice?.kind).toBe('corrupt');
    expect(state.notice?.message).toMatch(/field named "__proto__"/);
    expect(Object.keys(state.data.lessons)).toEqual([]);
  });
});

describe('lesson and scene files', () => {
  const presets = presetNames();

  it.each(KEYS)('a scene script with a %s key is refused with its file and the field', (key) => {
    const source = `id: tiny\ntitle: Tiny\n${key}:\n  polluted: yes\nscenes:\n  - title: One\n    scenario: { preset: testbed-classic }\n    views: [cpu-grid]\n    caption: Two.\n`;
    const result = parseScript('lessons/scenes/tiny.yaml', source, presets) as Extract<ScriptResult, { ok: false }>;
    expect(result.ok).toBe(false);
    expect(result.problems.map((p) => p.message).join('\n')).toMatch(new RegExp(`field named "${key}"`));
  });

  it('a scene script with an alias to no anchor, or a billion laughs, is refused in words (found by the decoder fuzzer)', () => {
    const unresolved = parseScript('lessons/scenes/tiny.yaml', 'id: tiny\ntitle: *nowhere\nscenes: []\n', presets) as Extract<
      ScriptResult,
      { ok: false }
    >;
    expect(unresolved.ok).toBe(false);
    expect(unresolved.problems.map((p) => p.message).join('\n')).toMatch(/could not be read: .*alias/i);
    const laughs = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      ...Array.from({ length: 8 }, (_, i) => {
        const me = String.fromCharCode(98 + i);
        const prev = String.fromCharCode(97 + i);
        return `${me}: &${me} [*${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}]`;
      }),
    ].join('\n');
    const bomb = parseScript('lessons/scenes/tiny.yaml', `id: tiny\n${laughs}\n`, presets) as Extract<ScriptResult, { ok: false }>;
    expect(bomb.ok).toBe(false);
    expect(bomb.problems.map((p) => p.message).join('\n')).toMatch(/could not be read: .*alias/i);
  });

  it('a lesson whose front matter has a __proto__ key is refused', () => {
    const real = readFileSync(join(repoRoot, 'lessons', 'one-lock-for-every-cpu.md'), 'utf8');
    const hostile = real.replace(/^---\n/, '---\n__proto__:\n  polluted: yes\n');
    expect(hostile).not.toBe(real);
    let error: unknown;
    try {
      parseLesson('lessons/one-lock-for-every-cpu.md', hostile, {
        presets: Object.fromEntries(presets.map((name) => [name, readPreset(name)])),
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(LessonParseError);
    expect((error as LessonParseError).problems.map((p) => p.message).join('\n')).toMatch(/field named "__proto__"/);
  });
});

describe('own', () => {
  it('finds own properties only', () => {
    const record: Record<string, number> = { a: 1 };
    for (const key of ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__']) expect(own(record, key)).toBeUndefined();
    expect(own(record, 'a')).toBe(1);
  });
});
