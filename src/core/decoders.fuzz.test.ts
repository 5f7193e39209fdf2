/*
 * A seeded mutation fuzzer over the page's decoders of untrusted input: lab links
 * (the s= encoding and the JSON inside it), routes, compare links, progress files and
 * saved progress, scene scripts and lessons. Each starts from real inputs (the presets'
 * links, an exported progress file, the shipped scene scripts and a lesson), mutated
 * by flips, deletions, duplications and insertions from a dictionary of hostile
 * tokens. Whatever comes in, a decoder answers with a result or its own documented
 * error (a message in words), never an exception of another kind, never a hang and
 * never a change to Object.prototype. The seeds are fixed, so a failure reproduces.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compressToEncodedURIComponent } from 'lz-string';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './node.js';
import { listPresets, readPreset } from './presets.js';
import { flattenScenario, type ScenarioValues } from './scenario-values.js';
import { decodeLabState, parseRoute } from '../lab/url.js';
import { planComparison, type PresetLookup } from '../lab/compare/pairing.js';
import { readProgressFile } from '../lesson/progress-file.js';
import { loadProgress, PROGRESS_KEY } from '../lesson/progress.js';
import { parseScript } from '../lab/presenter/script.js';
import { LessonParseError, parseLesson } from '../lesson/parse.js';
import { generator } from '../lesson/option-order.js';

const TOKENS = [
  '__proto__',
  'constructor',
  'prototype',
  '"__proto__":{"polluted":1}',
  '"constructor":{"prototype":{"polluted":1}}',
  '{',
  '}',
  '[',
  ']',
  '"',
  ':',
  ',',
  '\\',
  '\n',
  '\t',
  ' ',
  '0',
  '-1',
  '1e308',
  '1e-400',
  'NaN',
  'Infinity',
  'null',
  'true',
  '\u0000',
  '\uFFFF',
  '\uD800',
  'é',
  '%',
  '#',
  '?',
  '&',
  '=',
  '+',
  '/',
  '..',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '- ',
  '---',
  '```',
  '&anchor',
  '*anchor',
  '<<: *anchor',
  '!!js/function',
  '{{',
  '}}',
  '<script>',
  '${x}',
  'machine.cpus',
  '"v":1',
  '"sc":{}',
  '"ct":["x"]',
  '"vw":["nope"]',
  '"sp":"max"',
  'lessons',
  'version',
  'format',
];

/** One mutation of `text`. */
function mutate(text: string, random: () => number, others: readonly string[]): string {
  const at = Math.floor(random() * (text.length + 1));
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  switch (Math.floor(random() * 6)) {
    case 0:
      return text.slice(0, at) + pick(TOKENS) + text.slice(at);
    case 1:
      return text.slice(0, at) + text.slice(at + 1 + Math.floor(random() * 16));
    case 2: {
      const end = Math.min(text.length, at + 1 + Math.floor(random() * 64));
      return text.slice(0, end) + text.slice(at, end) + text.slice(end);
    }
    case 3:
      return text.slice(0, at) + String.fromCharCode(Math.floor(random() * 0x3000)) + text.slice(at + 1);
    case 4: {
      const other = pick(others);
      const from = Math.floor(random() * other.length);
      return text.slice(0, at) + other.slice(from, from + 1 + Math.floor(random() * 80)) + text.slice(at);
    }
    default:
      return text.slice(0, at);
  }
}

/** `count` inputs, each 1-4 mutations away from a seed input. */
function* mutants(seeds: readonly string[], count: number, seed: number): Generator<string> {
  const random = generator(seed);
  for (let i = 0; i < count; i++) {
    let text = seeds[i % seeds.length]!;
    const rounds = 1 + Math.floor(random() * 4);
    for (let r = 0; r < rounds; r++) text = mutate(text, random, seeds);
    yield text;
  }
}

const protoKeys = () => Object.getOwnPropertyNames(Object.prototype).sort().join();
const cleanProto = protoKeys();

/** Runs `decode` on every mutant: only `allowed` errors, nothing slow, Object.prototype untouched. */
function fuzz(
  seeds: readonly string[],
  count: number,
  seed: number,
  decode: (input: string) => unknown,
  allowed?: (error: unknown) => boolean,
) {
  let slowest = 0;
  let worst = '';
  for (const input of mutants(seeds, count, seed)) {
    const start = performance.now();
    try {
      decode(input);
    } catch (error) {
      if (!allowed?.(error))
        throw new Error(`the decoder threw ${String(error)} for ${JSON.stringify(input.slice(0, 300))}`, { cause: error });
    }
    const took = performance.now() - start;
    if (took > slowest) {
      slowest = took;
      worst = input;
    }
    if (protoKeys() !== cleanProto || ({} as Record<string, unknown>).polluted !== undefined) {
      throw new Error(`Object.prototype was changed by ${JSON.stringify(input.slice(0, 300))}`);
    }
  }
  // generous: a hang or a quadratic blow-up is seconds, a decoder is microseconds to milliseconds
  expect(slowest, `slowest input: ${JSON.stringify(worst.slice(0, 200))}`).toBeLessThan(2000);
}

const presets = listPresets();
const wires = presets.map((p) =>
  JSON.stringify({ v: 1, sc: readPreset(p.name), vw: ['cpu-grid', 'lock'], sp: 'max', ct: ['machine.cpus'] }),
);

describe('fuzzing the decoders of untrusted input (seeded)', () => {
  it('lab links: mutated encodings and mutated settings inside valid encodings', () => {
    const encoded = wires.map((wire) => compressToEncodedURIComponent(wire));
    const answers = (input: string) => {
      const decoded = decodeLabState(input);
      if (!decoded.ok) expect(decoded.message).toMatch(/\S/);
    };
    fuzz(encoded, 3000, 1, answers);
    fuzz(wires, 3000, 2, (wire) => answers(compressToEncodedURIComponent(wire)));
  });

  it('routes and compare links', () => {
    const names = presets.map((p) => p.name);
    const lookup: PresetLookup = {
      names,
      values: (name) => (names.includes(name) ? (flattenScenario(readPreset(name)) as ScenarioValues) : undefined),
      title: (name) => name,
    };
    const hashes = [
      '#/lab',
      '#/lessons',
      '#/lessons/one-lock-for-every-cpu',
      '#/present/one-lock-five-escapes',
      '#/embed?lesson=overhead-is-the-key',
      `#/lab?s=${compressToEncodedURIComponent(wires[0]!)}`,
      '#/compare?a=testbed-classic&b=testbed-scalable',
      `#/compare?a=testbed-classic&b=${compressToEncodedURIComponent(wires[1]!)}`,
    ];
    fuzz(hashes, 3000, 3, (hash) => {
      const route = parseRoute(hash);
      if (route.page === 'compare') planComparison(route.query ?? '', lookup);
    });
  });

  it('progress files and saved progress', () => {
    const progress = {
      version: 1,
      seed: 7,
      lessons: {
        'one-lock-for-every-cpu': {
          predictions: { 'spin-at-16': { kind: 'number', value: 12, at: '2026-01-01T00:00:00.000Z' } },
          labs: { 'add-cpus': { runs: { '0': { mpsynch_pct: 0.9 } } } },
          checks: { 'what-is-mpsynch': { attempts: [1, 0], correct: true } },
          completedAt: '2026-01-02T00:00:00.000Z',
        },
      },
    };
    const file = JSON.stringify({ format: 'stacklab-progress', version: 1, exportedAt: '2026-11-23T09:00:00.000Z', progress }, null, 2);
    fuzz([file], 4000, 4, (text) => {
      const read = readProgressFile(text, 'mine.json');
      if (!read.ok) expect(read.message).toMatch(/^mine\.json could not be imported: .*Your progress has not changed\.$/s);
    });
    fuzz([JSON.stringify(progress)], 4000, 5, (text) =>
      loadProgress({ getItem: (key) => (key === PROGRESS_KEY ? text : null), setItem: () => {}, removeItem: () => {} }),
    );
  });

  it('scene scripts', () => {
    const dir = join(repoRoot, 'lessons', 'scenes');
    const scripts = readdirSync(dir)
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => readFileSync(join(dir, f), 'utf8'));
    const names = presets.map((p) => p.name);
    fuzz(scripts, 600, 6, (text) => {
      const result = parseScript('lessons/scenes/fuzzed.yaml', text, names);
      if (!result.ok) expect(result.problems.length).toBeGreaterThan(0);
    });
  });

  it('lessons', () => {
    const text = readFileSync(join(repoRoot, 'lessons', 'one-lock-for-every-cpu.md'), 'utf8');
    const documents = Object.fromEntries(presets.map((p) => [p.name, readPreset(p.name)]));
    fuzz(
      [text],
      300,
      7,
      (source) => parseLesson('lessons/one-lock-for-every-cpu.md', source, { presets: documents }),
      (error) => error instanceof LessonParseError && error.problems.length > 0,
    );
  });
});
