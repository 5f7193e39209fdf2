/*
 * The parameter panel's tooltips in a student's words: every field's doc (the core's,
 * src/core/field-docs.json) loses its field paths for the labels the panel shows, and
 * the kernel choice says only what the chosen kernel is.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { docOfValue, helpWords, pathsInWords } from './help-words.js';

const docs = JSON.parse(readFileSync(new URL('../core/field-docs.json', import.meta.url), 'utf8')) as Record<string, string>;
const labels: Record<string, string> = {
  'kernel.designated_cpu': 'Designated CPU',
  'machine.cpus': 'CPUs',
  'kernel.lock_kind': 'Spinlock algorithm',
};
const labelOf = (path: string) => (path in docs ? (labels[path] ?? path.replace(/^.*\./, '')) : undefined);
const KERNELS = ['classic', 'scalable', 'sna', 'numa', 'onload', 'hpux', 'service'];
const PATH = /\b[a-z]+\.([a-z_]+|\*)/;

describe('pathsInWords', () => {
  it("names fields by their labels and groups by the panel's group names", () => {
    expect(pathsInWords('the designated CPU (kernel.designated_cpu); a sweep over machine.cpus', labelOf)).toBe(
      'the designated CPU (“Designated CPU”); a sweep over “CPUs”',
    );
    expect(pathsInWords('(the hpux.* fields and the net.* costs; one CPU per host)', labelOf)).toBe(
      '(the “HP-UX 9.0” parameters and the “Two hosts (network benchmark)” costs; one CPU per host)',
    );
  });
  it("leaves no field path in any field's doc", () => {
    for (const [path, doc] of Object.entries(docs)) expect(pathsInWords(doc, labelOf), path).not.toMatch(PATH);
  });
  it('leaves words that are not paths alone (numbers, "e.g.")', () => {
    expect(pathsInWords('about 2.5 ms, e.g. a lock', labelOf)).toBe('about 2.5 ms, e.g. a lock');
  });
});

describe('the kernel choice', () => {
  const doc = docs['kernel.kind']!;
  it("says only what the chosen kernel is, under the panel's words for it", () => {
    const scalable = helpWords(doc, labelOf, { values: KERNELS, value: 'scalable', words: 'Scalable: KRPs to one CPU' });
    expect(scalable.title).toBe('Scalable: KRPs to one CPU');
    expect(scalable.text).toMatch(/^Process context queues kernel request packets \(KRPs\)/);
    expect(scalable.text).not.toMatch(/hpux|HP-UX|classic/);
    const hpux = helpWords(doc, labelOf, { values: KERNELS, value: 'hpux', words: 'HP-UX 9.0' });
    expect(hpux.text).toMatch(/^HP-UX 9\.0 on HP 9000/);
    expect(hpux.text).not.toMatch(PATH);
    expect(hpux.text).toContain('the “HP-UX 9.0” parameters');
  });
  it('every kernel the doc lists has its own part; a kernel it does not list gets the whole doc, in words', () => {
    for (const kernel of KERNELS.filter((k) => k !== 'service')) expect(docOfValue(doc, KERNELS, kernel), kernel).toBeTruthy();
    expect(helpWords(doc, labelOf, { values: KERNELS, value: 'service' }).title).toBeUndefined();
    expect(helpWords(doc, labelOf, { values: KERNELS, value: 'service' }).text).not.toMatch(PATH);
  });
  it('a doc that is not a list of values is shown whole', () => {
    expect(
      docOfValue('How the CPUs share the state: spin on a lock (tas: test-and-set; ticket: first come)', ['tas', 'ticket'], 'tas'),
    ).toBeUndefined();
  });
});
