/*
 * node.ts -- Node only: where the built core lives in this repository, and loading it
 * from disk. Browser code loads the core from a URL instead (see wasm.ts).
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FieldDocs } from './field-docs.js';
import { loadCore, type Core } from './wasm.js';

/** The repository root: this file is src/core/node.ts or dist-cli/core/node.js. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const wasmPath = join(repoRoot, 'wasm-core', 'build', 'stacklab.wasm');
export const nativePath = join(repoRoot, 'wasm-core', 'build', 'stacklab-native');
export const presetDir = join(repoRoot, 'lessons', 'scenarios');
/** The fields' docs, generated from the native core (field-docs.ts; `npm run gen:field-docs`). */
export const fieldDocsPath = join(repoRoot, 'src', 'core', 'field-docs.json');

/** The fields' docs by path (src/core/field-docs.json): the wasm core leaves them out. */
export function readFieldDocs(path = fieldDocsPath): FieldDocs {
  return JSON.parse(readFileSync(path, 'utf8')) as FieldDocs;
}

/** Loads wasm-core/build/stacklab.wasm (or the file given). */
export async function loadCoreFromDisk(path = wasmPath): Promise<Core> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = new Uint8Array(await readFile(path));
  } catch {
    throw new Error(`the StackLab core is not built (${path} is missing); run \`npm run build:wasm\``);
  }
  return loadCore(bytes);
}
