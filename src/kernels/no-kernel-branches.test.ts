/*
 * Outside src/kernels/, no TypeScript file branches on a kernel's name: it looks the
 * kernel up in the registry (src/kernels/index.ts) and reads what it needs. This test
 * reads every source file and fails on a comparison with a kernel's name (===, !==,
 * a switch case, includes), naming the file and line. The one name that is also a
 * value of another field, net.stack's "onload" (a stack, not a kernel), is allowed where
 * a stack is compared.
 *
 * A branch has other names too (issue 39), and these are caught as well:
 * - an identity flag: a KernelInfo field true (or one value) for exactly one kernel is
 *   `kernel === 'x'` with a longer name;
 * - a table keyed by kernel names outside src/kernels (two or more kernel names as an
 *   object's keys in one file, or a Record keyed by the kernel-name type).
 * The ones still in the code are listed below (STILL_FLAGS, STILL_TABLES): each is the
 * debt of moving a kernel's code into its own folder. The list only shrinks: an entry
 * that is no longer found fails the test, to be taken off.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSchema } from '../core/index.js';
import { loadCoreFromDisk } from '../core/node.js';
import { KERNELS } from './index.js';
import type { KernelInfo } from './types.js';

const root = join(import.meta.dirname, '..');
/** The kernels' names, as the core's registry lists them. */
const names = readSchema(await loadCoreFromDisk())
  .kernels.map((kernel) => kernel.name)
  .join('|');
const literal = `(?<q>['"\`])(?:${names})\\k<q>`;
/** A kernel name compared with an operand: [regex, the operand's group]. */
const COMPARED: [RegExp, number][] = [
  [new RegExp(`([\\w.$\\]\\['"-]+)\\s*[!=]==?\\s*${literal}`, 'g'), 1],
  [new RegExp(`${literal}\\s*[!=]==?\\s*([\\w.$\\]\\['"-]+)`, 'g'), 2],
];
const ALWAYS = [new RegExp(`\\bcase\\s+${literal}`), new RegExp(`\\.includes\\(\\s*${literal}\\s*\\)`)];
/** An operand that is a network stack (net.stack: kernel | onload | vnic), not a kernel. */
const STACK = /stack\b|stack'\]/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'kernels' && dir === root ? [] : sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The problems of one file's text: "file:line: the line". */
export function kernelBranches(file: string, text: string): string[] {
  const problems: string[] = [];
  text.split('\n').forEach((line, i) => {
    const code = line.replace(/\/\/.*$/, '');
    const bad =
      ALWAYS.some((re) => re.test(code)) ||
      COMPARED.some(([re, operand]) => [...code.matchAll(re)].some((m) => !STACK.test(m[operand] ?? '')));
    if (bad) problems.push(`${file}:${i + 1}: ${line.trim()}`);
  });
  return problems;
}

describe('kernels are looked up, not compared', () => {
  it('finds a comparison with a kernel name where there is one', () => {
    expect(kernelBranches('x.ts', "if (snapshot.kernel === 'scalable') go();")).toHaveLength(1);
    expect(kernelBranches('x.ts', "if ('sna' !== kernel) go();")).toHaveLength(1);
    expect(kernelBranches('x.ts', "switch (kind) { case 'numa': break; }")).toHaveLength(1);
    expect(kernelBranches('x.ts', "const herd = ['sna'].includes(k); const x = kinds.includes('hpux');")).toHaveLength(1);
    expect(kernelBranches('x.ts', "if (net.stack === 'onload' || 'onload' === values['net.stack']) poll();")).toEqual([]);
    expect(kernelBranches('x.ts', "const title = kernelInfo(snapshot.kernel).title; // 'scalable' === x")).toEqual([]);
  });

  it('no source file outside src/kernels/ compares a kernel name', () => {
    const problems = sources(root).flatMap((path) => kernelBranches(relative(join(root, '..'), path), readFileSync(path, 'utf8')));
    expect(problems).toEqual([]);
  });
});

/**
 * A kernel's own words in code outside src/kernels (issue 39: "grep for a kernel's name
 * outside src/kernels finds only comments"): its name where that is not also an English
 * word, a DOM event's or the machine's (below), its locks' names and its queues', all from the
 * core's schema, as a word in a line that is not a comment. Tests, the views' fixtures,
 * the dev gallery and the generated report types are not looked at. The files still
 * naming one are listed (STILL_NAMING); the list only shrinks.
 */
const schema = readSchema(await loadCoreFromDisk());
// words that are also English, a DOM event's name (image.onload), or the machine's
// (the report's numa section: RADs, any kernel on several of them)
const ENGLISH = new Set(['classic', 'scalable', 'service', 'onload', 'numa']);
const OWN_WORDS = [
  ...new Set([
    ...schema.kernels.map((kernel) => kernel.name).filter((name) => !ENGLISH.has(name)),
    ...schema.kernels.flatMap((kernel) => kernel.locks),
    ...schema.queues,
  ]),
];
const ownWord = new RegExp(`(?<![\\w-])(?:${OWN_WORDS.join('|')})(?![\\w-])`);
// a name that is also a word is still a kernel's as a string of its own ('classic'), but
// the machine's RAD section of the report (report-shape.ts) is 'numa' whatever the kernel
const QUOTED = schema.kernels.map((kernel) => kernel.name).filter((name) => ENGLISH.has(name) && name !== 'numa');
const quotedName = new RegExp(`'(?:${QUOTED.join('|')})'`);
const STILL_NAMING: readonly string[] = [];

/** Lines of a file that name a kernel's own word outside a comment: "file:line: text". */
export function kernelWords(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => {
    const code = line.replace(/\/\/.*$/, '').replace(/\/\*.*?\*\//g, '');
    if (/^\s*(\*|\/\*|\{\/\*)/.test(code)) return [];
    return ownWord.test(code) || quotedName.test(code) ? [`${file}:${i + 1}: ${line.trim()}`] : [];
  });
}

describe("a kernel's own words stay in its folder", () => {
  it('finds them in code, not in comments', () => {
    expect(OWN_WORDS).toEqual(expect.arrayContaining(['sna', 'hpux', 'IOLOCK8', 'krp_queue']));
    expect(kernelWords('x.ts', "const lock = locks.find((l) => l.name === 'IOLOCK8');")).toHaveLength(1);
    expect(kernelWords('x.ts', ' * the SNA port: sna, IOLOCK8 and krp_queue in a comment')).toEqual([]);
    expect(kernelWords('x.ts', 'const x = 1; // hpux')).toEqual([]);
    expect(kernelWords('x.ts', "const snapshot = read('net-stack-lock'); image.onload = go;")).toEqual([]);
    expect(kernelWords('x.ts', "const kernel = values['kernel.kind'] ?? 'classic';")).toHaveLength(1);
    expect(kernelWords('x.ts', "const rads = report['numa']; // the machine's")).toEqual([]);
  });

  it('no file outside src/kernels names one, but those still listed (issue 39)', () => {
    const skip = (path: string) => /\/(views\/fixtures|dev)\//.test(path) || path.endsWith('report-types.ts');
    const found = sources(root)
      .filter((path) => !skip(path))
      .flatMap((path) => kernelWords(relative(join(root, '..'), path), readFileSync(path, 'utf8')));
    expect([...new Set(found.map((hit) => hit.split(':')[0]!))].sort()).toEqual([...STILL_NAMING].sort());
  });
});

/** KernelInfo fields that are still one kernel's identity, to be replaced by contributions (issue 39). */
const STILL_FLAGS: readonly string[] = [];
/** Files outside src/kernels that still hold a table keyed by kernel names (issue 39). */
const STILL_TABLES: readonly string[] = [];

/** The fields of KernelInfo whose truthy values (or one enum value) single out exactly one kernel. */
export function identityFlags(kernels: readonly KernelInfo[]): string[] {
  if (kernels.length < 3) return [];
  const fields = new Set(kernels.flatMap((k) => Object.keys(k)));
  const out: string[] = [];
  for (const field of fields) {
    const values = kernels.map((k) => (k as unknown as Record<string, unknown>)[field]);
    if (values.some((v) => typeof v === 'function' || (typeof v === 'object' && v !== null))) continue;
    if (values.every((v) => typeof v === 'boolean' || v === undefined)) {
      if (values.filter((v) => v === true).length === 1) out.push(field);
    }
  }
  return out.sort();
}

/** Lines of a file that key a table by kernel names: "file:line: text". */
export function kernelTables(file: string, text: string): string[] {
  // a kernel name as a key: at a line's start, or after { or , (several on a line)
  const key = new RegExp(`(?:^|[{,])\\s*(?<q>['"]?)(${names})\\k<q>\\s*:(?!:)`, 'g');
  const lines = text.split('\n').map((line) => line.replace(/\/\/.*$/, ''));
  const keysOf = lines.map((line) => [...line.matchAll(key)].map((m) => m[2]!));
  const distinct = new Set(keysOf.flat());
  const hits = lines.flatMap((line, i) =>
    (distinct.size >= 2 && keysOf[i]!.length > 0) || /Record<\s*(KernelName|KernelKind)\b/.test(line) ? [i] : [],
  );
  return hits.map((i) => `${file}:${i + 1}: ${text.split('\n')[i]!.trim()}`);
}

describe('no identity flags, no tables keyed by kernel', () => {
  it('finds them where they are', () => {
    const k = (name: string, extra: object) => ({ name, ...extra }) as unknown as KernelInfo;
    expect(identityFlags([k('a', { x: true, y: true }), k('b', { x: false, y: true }), k('c', { y: false })])).toEqual(['x']);
    expect(kernelTables('x.ts', 'const c = {\n  classic: 1,\n  scalable: 2,\n};')).toHaveLength(2);
    expect(kernelTables('x.ts', 'const c = {\n  classic: 1,\n  other: 2,\n};')).toEqual([]);
    expect(kernelTables('x.ts', 'type T = Readonly<Record<KernelName, Style>>;')).toHaveLength(1);
    expect(kernelTables('x.ts', "const t = { sna: 'SNA', numa: 'NUMA', sim: 'Run' };")).toHaveLength(1);
    expect(kernelTables('x.ts', 'const t = cond ? a : b;\nconst u = { classic: 1 };')).toEqual([]);
  });

  it('no KernelInfo flag is true for exactly one kernel, but those still listed (issue 39)', () => {
    expect(identityFlags(KERNELS)).toEqual([...STILL_FLAGS].sort());
  });

  it('no file outside src/kernels/ keys a table by kernel names, but those still listed (issue 39)', () => {
    const found = sources(root).flatMap((path) => kernelTables(relative(join(root, '..'), path), readFileSync(path, 'utf8')));
    expect([...new Set(found.map((hit) => hit.split(':')[0]!))].sort()).toEqual([...STILL_TABLES].sort());
  });
});
