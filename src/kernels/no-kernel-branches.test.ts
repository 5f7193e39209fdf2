/*
 * Outside src/kernels/, no TypeScript file branches on a kernel's name: it looks the
 * kernel up in the registry (src/kernels/index.ts) and reads what it needs. This test
 * reads every source file and fails on a comparison with a kernel's name (===, !==,
 * a switch case, includes), naming the file and line. The one name that is also a
 * value of another field, net.stack's "onload" (a stack, not a kernel), is allowed where
 * a stack is compared.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSchema } from '../core/index.js';
import { loadCoreFromDisk } from '../core/node.js';

const root = join(import.meta.dirname, '..');
/** The kernels' names, as the core's registry lists them. */
const names = readSchema(await loadCoreFromDisk()).kernels.map((kernel) => kernel.name).join('|');
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
    const bad = ALWAYS.some((re) => re.test(code))
      || COMPARED.some(([re, operand]) => [...code.matchAll(re)].some((m) => !STACK.test(m[operand] ?? '')));
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
