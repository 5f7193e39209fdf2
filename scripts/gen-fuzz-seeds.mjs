#!/usr/bin/env node
// Writes the fuzzer's dictionary, wasm-core/fuzz/scenario.dict (field paths, keys, enum
// names and edge values: wasm-core/fuzz/gen_dict.c, from the core's fields), and its seed
// corpus, wasm-core/fuzz/corpus/ (wasm-core/fuzz/gen-corpus.mjs, from the presets).
// `make -C wasm-core fuzz-seeds` runs it; with --check, only says whether they are current.
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { corpusFiles } from '../wasm-core/fuzz/gen-corpus.mjs';
import { root, runIfMain } from './generator.mjs';

export const generator = {
  name: "the fuzzer's dictionary and seeds",
  command: 'make -C wasm-core fuzz-seeds',
  async outputs() {
    const made = spawnSync('make', ['-C', 'wasm-core', '--no-print-directory', 'build/fuzz/gen_dict'], { cwd: root, encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`building wasm-core/build/fuzz/gen_dict failed:\n${made.stdout}${made.stderr}`);
    const dict = execFileSync(join(root, 'wasm-core', 'build', 'fuzz', 'gen_dict'), { encoding: 'utf8' });
    return [
      { path: 'wasm-core/fuzz/scenario.dict', about: "the core's fields (wasm-core/fuzz/gen_dict.c)", text: dict },
      { path: 'wasm-core/fuzz/corpus', about: 'the presets and wasm-core/fuzz/extra-seeds (gen-corpus.mjs)', files: corpusFiles() },
    ];
  },
};

await runIfMain(import.meta.url, [generator]);
