#!/usr/bin/env node
// Writes src/kernels/list.gen.ts, the app's list of kernels, from the core's registry
// (wasm-core/src/kernels/registry.c: its K(name) lines, in kernel.kind's order): for each
// name, the module under src/kernels/ that exports its record (`export const <name>`, a
// KernelInfo). So adding a kernel is its two folders and the one K(name) line; the
// TypeScript side follows. With --check, only says whether the file is current.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root, runIfMain } from './generator.mjs';

const KERNELS_TS = join(root, 'src', 'kernels');

/** kernel.kind's names, in the registry's order. */
function registryNames() {
  const text = readFileSync(join(root, 'wasm-core', 'src', 'kernels', 'registry.c'), 'utf8');
  const names = [...text.matchAll(/^\s*K\(([a-z0-9_]+)\)/gm)].map((m) => m[1]);
  if (names.length === 0) throw new Error('wasm-core/src/kernels/registry.c has no K(name) line');
  return names;
}

/** The .ts files of src/kernels/ and its folders (not tests, not generated), each with its text. */
function modules() {
  const out = [];
  const add = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (dir === KERNELS_TS) add(path);
      } else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.gen.ts')) {
        out.push({ path, text: readFileSync(path, 'utf8') });
      }
    }
  };
  add(KERNELS_TS);
  return out;
}

export function kernelListSource() {
  const found = modules();
  const lines = registryNames().map((name) => {
    const record = new RegExp(`^export const ${name}\\b(?!\\w)`, 'm');
    const homes = found.filter((module) => record.test(module.text));
    if (homes.length !== 1) {
      throw new Error(
        homes.length === 0
          ? `no module under src/kernels/ exports the record of kernel "${name}" (export const ${name}: KernelInfo = ..., or export const ${name} = ...), which wasm-core/src/kernels/registry.c lists`
          : `kernel "${name}"'s record is exported by ${homes.map((m) => relative(root, m.path)).join(' and ')}: one, please`,
      );
    }
    const spec = `./${relative(KERNELS_TS, homes[0].path).split('\\').join('/').replace(/\.ts$/, '.js')}`;
    return { name, spec };
  });
  return [
    '/*',
    " * list.gen.ts -- written by `npm run gen` (scripts/gen-kernel-list.mjs) from the core's",
    " * registry, wasm-core/src/kernels/registry.c: every kernel's record in kernel.kind's order.",
    " * Do not edit: add a kernel's K(name) line there and its folder here.",
    ' */',
    "import type { KernelInfo } from './types.js';",
    ...lines.map(({ name, spec }) => `import { ${name} } from '${spec}';`),
    '',
    `export const KERNEL_LIST: readonly KernelInfo[] = [${lines.map(({ name }) => name).join(', ')}];`,
    '',
  ].join('\n');
}

export const generator = {
  name: "the app's list of kernels",
  command: 'npm run gen',
  async outputs() {
    return [
      {
        path: 'src/kernels/list.gen.ts',
        about: 'wasm-core/src/kernels/registry.c (its K(name) lines) and the records under src/kernels/',
        text: kernelListSource(),
      },
    ];
  },
};

await runIfMain(import.meta.url, [generator]);
