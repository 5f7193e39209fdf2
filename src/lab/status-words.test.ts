/*
 * The status line, the clock and the subtitle say what the lab is doing now: the
 * clock's own time when paused, the kernel and CPUs being run (with "1 CPU", never
 * "1 CPUs"), and "Press Play" only while the run is not playing.
 */
import { describe, expect, it } from 'vitest';
import { clockText, runWords, setupWords, subtitleWords, type StatusState } from './status-words.js';

const base: StatusState = {
  status: 'ready',
  loading: false,
  playing: false,
  done: false,
  nowNs: 44_530_000,
  startNs: 40_000_000,
  scenario: { 'machine.cpus': 16, 'kernel.kind': 'classic' },
};

describe('runWords', () => {
  it("says the clock's time when paused, not the time since the warm-up", () => {
    expect(runWords(base)).toBe(`Paused at ${clockText(base.nowNs)}`);
    expect(runWords(base)).toBe('Paused at 44.53 ms');
  });
  it('says where the run is', () => {
    expect(runWords({ ...base, playing: true })).toBe('Playing');
    expect(runWords({ ...base, done: true })).toBe('Run complete');
    expect(runWords({ ...base, loading: true })).toBe('Loading…');
    expect(runWords({ ...base, status: 'starting' })).toBe('Starting the simulator…');
    expect(runWords({ ...base, status: 'failed' })).toMatch(/^Stopped/);
    expect(runWords({ ...base, nowNs: base.startNs })).toBe('Ready at 40 ms');
  });
});

describe('setupWords', () => {
  it('names the kernel and CPUs being run, in words, with the right plural', () => {
    expect(setupWords({ 'machine.cpus': 16, 'kernel.kind': 'scalable' })).toBe('16 CPUs, Scalable Kernel');
    expect(setupWords({ 'machine.cpus': 1, 'kernel.kind': 'classic' })).toBe('1 CPU, classic kernel');
    expect(setupWords({ 'machine.cpus': 256, 'kernel.kind': 'numa' })).toBe('256 CPUs, AlphaServer GS (NUMA)');
  });
});

describe('subtitleWords', () => {
  it('says "Press Play" only while the lab is not playing', () => {
    expect(subtitleWords({ ...base, playing: true })).not.toMatch(/Press Play/);
    expect(subtitleWords({ ...base, playing: true })).toMatch(/Pause/);
    expect(subtitleWords(base)).toMatch(/^Press Play/);
    expect(subtitleWords({ ...base, done: true })).not.toMatch(/Press Play/);
    expect(subtitleWords({ ...base, loading: true, playing: true })).not.toMatch(/Press Play/);
  });

  it('names Space only while the single-key shortcuts are on', () => {
    expect(subtitleWords(base)).toContain('(or Space)');
    expect(subtitleWords({ ...base, playing: true })).toContain('Pause (or Space)');
    expect(subtitleWords(base, false)).toBe('Press Play and watch where every CPU’s time goes.');
    expect(subtitleWords({ ...base, playing: true }, false)).toBe('Watch where every CPU’s time goes; Pause stops the clock.');
  });
});
