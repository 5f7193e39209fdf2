/*
 * The progress file: what is exported reads back the same; files that are not JSON,
 * not ours, from a newer StackLab or damaged are refused with a reason and change
 * nothing; partly damaged ones keep the good part; importing merges and never loses
 * what the browser had.
 */
import { describe, expect, it } from 'vitest';
import { emptyLessonProgress, PROGRESS_VERSION, type ProgressData } from './progress.js';
import { mergeLesson, mergeProgress, progressFile, progressFileName, readProgressFile } from './progress-file.js';

const DATA: ProgressData = {
  version: PROGRESS_VERSION,
  lessons: {
    'one-lock-for-every-cpu': {
      predictions: { 'spin-at-16': { kind: 'number', value: 12, at: '2026-01-01T00:00:00.000Z' } },
      labs: { 'add-cpus': { runs: { '0': { mpsynch_pct: 0.9 } } } },
      checks: { 'what-is-mpsynch': { attempts: [1, 0], correct: true } },
      completedAt: '2026-01-02T00:00:00.000Z',
    },
  },
};

describe('progress file', () => {
  it('round-trips: an exported file reads back as the same progress', () => {
    const file = progressFile(DATA, new Date('2026-11-23T09:00:00Z'));
    expect(file).toMatchObject({ format: 'stacklab-progress', version: 1, exportedAt: '2026-11-23T09:00:00.000Z' });
    expect(readProgressFile(JSON.stringify(file))).toEqual({ ok: true, data: DATA, lessons: 1 });
    expect(progressFileName(new Date('2026-11-23T09:00:00Z'))).toBe('stacklab-progress-2026-11-23.json');
  });

  it('refuses what it cannot use, says why, and says nothing changed', () => {
    const refused = (text: string, why: RegExp) => {
      const read = readProgressFile(text, 'notes.json');
      expect(read.ok).toBe(false);
      if (!read.ok) {
        expect(read.message).toMatch(why);
        expect(read.message).toMatch(/^notes\.json could not be imported: .*Your progress has not changed\.$/);
      }
    };
    refused('{"format": "stacklab-progress", "version": 1, ', /not JSON/);
    refused('[1,2]', /not a StackLab progress file/);
    refused(JSON.stringify({ format: 'something-else', version: 1, progress: DATA }), /not a StackLab progress file/);
    refused(JSON.stringify({ format: 'stacklab-progress', version: 7, progress: DATA }), /newer StackLab \(file version 7/);
    refused(JSON.stringify({ format: 'stacklab-progress', version: 0, progress: DATA }), /not one StackLab ever wrote/);
    refused(JSON.stringify({ format: 'stacklab-progress', progress: DATA }), /no version/);
    refused(JSON.stringify({ format: 'stacklab-progress', version: 1 }), /no progress/);
    refused(JSON.stringify({ format: 'stacklab-progress', version: 1, progress: { version: 9, lessons: {} } }), /format 9, newer/);
    refused(JSON.stringify({ format: 'stacklab-progress', version: 1, progress: { version: 1, lessons: 3 } }), /damaged/);
    refused(' '.repeat(2_000_001), /far larger/);
  });

  it('keeps the readable part of a partly damaged file and says what was left out', () => {
    const damaged = structuredClone(DATA) as unknown as { lessons: Record<string, { checks: Record<string, unknown> }> };
    damaged.lessons['one-lock-for-every-cpu']!.checks.broken = { attempts: 'many' };
    const read = readProgressFile(JSON.stringify({ format: 'stacklab-progress', version: 1, progress: damaged }));
    expect(read.ok).toBe(true);
    if (read.ok) {
      expect(read.data).toEqual(DATA);
      expect(read.dropped).toMatch(/1 saved answer was damaged/);
    }
  });

  it('merges without losing anything the browser had', () => {
    const mine = {
      ...emptyLessonProgress(),
      predictions: { 'spin-at-16': { kind: 'number' as const, value: 30, at: '2026-03-01T00:00:00.000Z' } },
      labs: { 'add-cpus': { runs: { '3': { mpsynch_pct: 27.4 } } } },
      checks: { 'what-is-mpsynch': { attempts: [1], correct: false }, other: { attempts: [2], correct: true } },
    };
    const merged = mergeLesson(mine, DATA.lessons['one-lock-for-every-cpu']!);
    // A prediction already committed here is kept as it was first made.
    expect(merged.predictions['spin-at-16']).toEqual(mine.predictions['spin-at-16']);
    expect(merged.labs['add-cpus']!.runs).toEqual({ '0': { mpsynch_pct: 0.9 }, '3': { mpsynch_pct: 27.4 } });
    expect(merged.checks['what-is-mpsynch']).toEqual({ attempts: [1, 0], correct: true });
    expect(merged.checks.other).toEqual({ attempts: [2], correct: true });
    expect(merged.completedAt).toBe('2026-01-02T00:00:00.000Z');
    const all = mergeProgress({ version: PROGRESS_VERSION, lessons: { mine: emptyLessonProgress() } }, DATA);
    expect(Object.keys(all.lessons).sort()).toEqual(['mine', 'one-lock-for-every-cpu']);
  });

  it("the order of options: a browser with answers keeps its seed, a fresh one takes the file's", () => {
    const file = { ...DATA, seed: 22 };
    expect(mergeProgress({ version: PROGRESS_VERSION, lessons: { mine: emptyLessonProgress() }, seed: 11 }, file).seed).toBe(11);
    expect(mergeProgress({ version: PROGRESS_VERSION, lessons: {}, seed: 11 }, file).seed).toBe(22);
    expect(mergeProgress({ version: PROGRESS_VERSION, lessons: {}, seed: 11 }, DATA).seed).toBe(11);
  });
});
