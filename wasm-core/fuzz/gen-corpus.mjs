#!/usr/bin/env node
// gen-corpus.mjs -- the fuzzer's seed corpus from the presets: for each
// lessons/scenarios/<name>.json, fuzz/corpus/<name>.json (the scenario without its "meta",
// minified: what the harness reads as JSON) and fuzz/corpus/<name>.args (the same as
// path=value lines: the harness's other form). Plus the scenarios of issue 23
// (fuzz/extra-seeds/*), which once deadlocked or hung the core. scripts/gen-fuzz-seeds.mjs
// writes them with the dictionary (make -C wasm-core fuzz-seeds; npm run gen).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

function lines(value, path, out) {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) lines(inner, path ? `${path}.${key}` : key, out);
  } else out.push(`${path}=${value}`);
  return out;
}

/** The corpus: { file name: text }. */
export function corpusFiles() {
  const presets = join(here, '..', '..', 'lessons', 'scenarios');
  const files = {};
  for (const file of readdirSync(presets)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const { meta, ...scenario } = JSON.parse(readFileSync(join(presets, file), 'utf8'));
    const name = file.slice(0, -5);
    files[`${name}.json`] = JSON.stringify(scenario) + '\n';
    files[`${name}.args`] = lines(scenario, '', []).join('\n') + '\n';
  }
  const extra = join(here, 'extra-seeds');
  if (existsSync(extra)) for (const file of readdirSync(extra).sort()) files[file] = readFileSync(join(extra, file), 'utf8');
  return files;
}
