/*
 * field-docs.ts -- the fields' docs for the page, loaded when a parameter panel first
 * needs them. The wasm core leaves them out (src/core/field-docs.ts says why and where
 * they come from); here they are a chunk of their own (src/core/field-docs.json, a
 * dynamic import), so the initial JS does not carry them. Kept small: this code is in
 * the initial JS.
 */
import { useEffect, useState } from 'react';
import type { FieldDocs } from '../core/field-docs.js';
import type { helpWords } from './help-words.js';

let loading: Promise<FieldDocs> | undefined;

/** The docs by path, loaded once. */
export const loadFieldDocs = (): Promise<FieldDocs> => (loading ??= import('../core/field-docs.json').then((module) => module.default));

/** The docs, and the words that put them in a student's terms (help-words.ts), which only they need. */
export interface FieldHelp {
  docs: FieldDocs;
  words: typeof helpWords;
}

let loadingHelp: Promise<FieldHelp> | undefined;

const loadFieldHelp = (): Promise<FieldHelp> =>
  (loadingHelp ??= Promise.all([loadFieldDocs(), import('./help-words.js')]).then(([docs, module]) => ({ docs, words: module.helpWords })));

/** The docs and their words once loaded (undefined until then, or when they cannot be loaded): loads them on first use. */
export function useFieldDocs(): FieldHelp | undefined {
  const [help, setHelp] = useState<FieldHelp>();
  useEffect(() => {
    loadFieldHelp().then(setHelp, () => {});
  }, []);
  return help;
}
