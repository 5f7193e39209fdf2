/*
 * sweep-range.ts -- the CPU counts of the scaling sweep as the learner types them
 * (SweepControls): checked, with what is wrong in words, and said back in words.
 */
import { cpuCounts, type SweepCpus } from '../core/sweep.js';

/** The range the learner typed, checked: the CPU counts, or what is wrong with it in words. */
export function readRange(from: string, to: string, step: string, maxCpus: number): { cpus: SweepCpus } | { problem: string } {
  const [a, b, s] = [from, to, step].map((text) => (text.trim() === '' ? NaN : Number(text)));
  if (![a, b, s].every((v) => Number.isInteger(v))) return { problem: 'From, to and step are whole numbers of CPUs.' };
  if (a! < 1) return { problem: 'A sweep starts at 1 CPU or more.' };
  if (b! > maxCpus) return { problem: `The simulator's machines have at most ${maxCpus} CPUs.` };
  if (a! > b!) return { problem: `\u2018From\u2019 (${a}) is above \u2018to\u2019 (${b}): the sweep would run nothing.` };
  if (s! < 1) return { problem: 'The step is 1 CPU or more.' };
  return { cpus: { from: a!, to: b!, step: s! } };
}

/** "1 to 32 CPUs", "8 to 64 CPUs in steps of 8": the CPU counts of a sweep. */
export function rangeWords(cpus: SweepCpus): string {
  const counts = cpuCounts(cpus);
  const last = counts[counts.length - 1] ?? cpus.to;
  return `${cpus.from} to ${last} CPU${last === 1 ? '' : 's'}${cpus.step > 1 ? ` in steps of ${cpus.step}` : ''}`;
}
