/*
 * help-words.ts -- a field's doc (the core's words, src/core/field-docs.json) as the
 * parameter panel's tooltip shows it to a student: other fields named by the labels
 * the panel shows them with ("the “HP-UX 9.0” parameters", "“Designated CPU”"), never
 * by their paths ("the hpux.* fields", "kernel.designated_cpu"); and a choice whose doc
 * lists every value ("classic: ... scalable: ...") shows only the part about the value
 * chosen (or pointed at), under the words the panel gives that value.
 */
import { groupOf } from './controls.js';

/** The words for a field path ("Designated CPU"), or undefined for a path that is not a field. */
export type LabelOf = (path: string) => string | undefined;

/** Field paths ("kernel.designated_cpu") and groups of them ("the net.* fields", "hpux.*") in words. */
export function pathsInWords(text: string, labelOf: LabelOf): string {
  return text
    .replace(
      /\b(the )?([a-z]+)\.\* (fields|costs)\b/g,
      (_, the: string | undefined, group: string, what: string) =>
        `${the ?? ''}“${groupOf(group)}” ${what === 'fields' ? 'parameters' : what}`,
    )
    .replace(/\b([a-z]+)\.\*/g, (_, group: string) => `the “${groupOf(group)}” parameters`)
    .replace(/\b[a-z]+\.[a-z_]+\b/g, (path) => {
      const label = labelOf(path);
      return label ? `“${label}”` : path;
    });
}

/**
 * The part of a per-value doc ("classic: ... . scalable: ...") about one value, or
 * undefined when the doc is not such a list (each value's part starts the doc or
 * follows a sentence's end, with the value's name and a colon).
 */
export function docOfValue(doc: string, values: readonly string[], value: string): string | undefined {
  const startOf = (name: string) => {
    if (doc.startsWith(`${name}: `)) return 0;
    const at = doc.indexOf(`. ${name}: `);
    return at < 0 ? -1 : at + 2;
  };
  const starts = values
    .map((name) => ({ name, at: startOf(name) }))
    .filter((start) => start.at >= 0)
    .sort((a, b) => a.at - b.at);
  if (starts.length < 2 || starts[0]!.at !== 0) return undefined;
  const index = starts.findIndex((start) => start.name === value);
  if (index < 0) return undefined;
  const from = starts[index]!.at + value.length + 2;
  const to = index + 1 < starts.length ? starts[index + 1]!.at : doc.length;
  const part = doc.slice(from, to).trim();
  return part.charAt(0).toUpperCase() + part.slice(1);
}

/** A tooltip's words: a title (the choice it is about, in the panel's words) and the text. */
export interface HelpWords {
  title?: string;
  text: string;
}

/** The tooltip's words for a field: for a choice, about `value` (titled with the panel's words for it) where the doc allows. */
export function helpWords(doc: string, labelOf: LabelOf, choice?: { values: readonly string[]; value: string; words?: string }): HelpWords {
  const part = choice ? docOfValue(doc, choice.values, choice.value) : undefined;
  if (part === undefined) return { text: pathsInWords(doc, labelOf) };
  return { title: choice!.words ?? choice!.value, text: pathsInWords(part, labelOf) };
}
