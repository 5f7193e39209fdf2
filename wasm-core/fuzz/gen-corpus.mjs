#!/usr/bin/env node
// gen-corpus.mjs -- the fuzzer's seed corpus from the presets (make -C wasm-core fuzz-seeds):
// for each lessons/scenarios/<name>.json, fuzz/corpus/<name>.json (the scenario without
// its "meta", minified: what the harness reads as JSON) and fuzz/corpus/<name>.args (the
// same as path=value lines: the harness's other form). Plus the scenarios of issue 23
// (fuzz/extra-seeds/*), which once deadlocked or hung the core.
import { readdirSync, readFileSync, writeFileSync, mkdirSync, rmSync, copyFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const presets = join(here, '..', '..', 'lessons', 'scenarios');
const corpus = join(here, 'corpus');
rmSync(corpus, { recursive: true, force: true });
mkdirSync(corpus, { recursive: true });

function lines(value, path, out) {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) lines(inner, path ? `${path}.${key}` : key, out);
  } else out.push(`${path}=${value}`);
  return out;
}

let n = 0;
for (const file of readdirSync(presets).filter((f) => f.endsWith('.json')).sort()) {
  const { meta, ...scenario } = JSON.parse(readFileSync(join(presets, file), 'utf8'));
  const name = file.slice(0, -5);
  writeFileSync(join(corpus, `${name}.json`), JSON.stringify(scenario) + '\n');
  writeFileSync(join(corpus, `${name}.args`), lines(scenario, '', []).join('\n') + '\n');
  n += 2;
}
const extra = join(here, 'extra-seeds');
if (existsSync(extra)) for (const file of readdirSync(extra).sort()) { copyFileSync(join(extra, file), join(corpus, file)); n++; }
console.log(`fuzz/corpus: ${n} seeds`);
