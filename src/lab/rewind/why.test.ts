// why.test.ts -- the "Why" panel's sentences from synthetic traces: a ticket-lock spin
// (holder, place in line, who went first), a spin for a free lock whose cache line was
// elsewhere, a thundering-herd wake (who woke whom, a futile wake-up), a CPU that was
// not waiting, and what the trace no longer holds said honestly.
import { describe, expect, it } from 'vitest';
import { allocateTrace } from '../../core/trace.js';
import type { TraceSlice } from '../../core/snapshot.js';
import { explainWait, ordinal, type WhyContext } from './why.js';
import { niceStep, scrubKey, scrubSteps } from './scrub.js';

const KINDS = [
  'mode',
  'spin',
  'acquire',
  'release',
  'krp_queue',
  'krp_start',
  'fork_create',
  'interrupt',
  'block',
  'wake',
  'dispatch',
  'transmit',
  'txn_done',
  'lock_sleep',
  'lock_wake',
  'futile_wake',
  'line_transfer',
  'post',
];
const MODES = ['user', 'kernel', 'fork', 'spin', 'interrupt', 'cswitch', 'idle'];

type Row = [t: number, kind: string, cpu: number, thread: number, object: number, arg: number];

function trace(rows: Row[], dropped = 0): TraceSlice {
  const s = allocateTrace(rows.length, dropped);
  rows.forEach(([t, kind, cpu, thread, object, arg], i) => {
    s.t[i] = t;
    s.kind[i] = KINDS.indexOf(kind);
    s.cpu[i] = cpu;
    s.thread[i] = thread;
    s.object[i] = object;
    s.arg[i] = arg;
  });
  return s;
}
const mode = (t: number, cpu: number, name: string, thread = -1): Row => [t, 'mode', cpu, thread, MODES.indexOf(name), 0];

const spinCtx: WhyContext = {
  kinds: KINDS,
  modes: MODES,
  lockNames: ['TCPIP_GLOBAL', 'IOLOCK8'],
  lockKinds: ['spin', 'spin'],
  spinAlgorithm: 'ticket',
  nowNs: 2e6,
  threadName: (t) => `thread ${t}`,
};

// CPU 2 takes TCPIP_GLOBAL; CPUs 7, 3 and then 5 queue for it; each gets it in turn
const ticketRows: Row[] = [
  mode(1.2e6, 5, 'kernel', 21),
  [1.203e6, 'acquire', 2, 14, 0, 0],
  [1.21e6, 'spin', 7, -1, 0, 0],
  mode(1.21e6, 7, 'spin', 30),
  [1.212e6, 'spin', 3, -1, 0, 1],
  mode(1.212e6, 3, 'spin', 31),
  [1.215e6, 'spin', 5, -1, 0, 2],
  mode(1.215e6, 5, 'spin', 21),
  [1.22e6, 'release', 2, -1, 0, 17e3],
  [1.221e6, 'acquire', 7, 30, 0, 11e3],
  mode(1.221e6, 7, 'kernel', 30),
  [1.23e6, 'release', 7, -1, 0, 9e3],
  [1.231e6, 'acquire', 3, 31, 0, 19e3],
  mode(1.231e6, 3, 'kernel', 31),
  [1.252e6, 'release', 3, -1, 0, 21e3],
  [1.253e6, 'acquire', 5, 21, 0, 38e3],
  mode(1.253e6, 5, 'kernel', 21),
  mode(1.3e6, 5, 'user', 21),
];

describe('why a CPU spun', () => {
  it('names the holder, how long it spun, its place in line and who went first', () => {
    const answer = explainWait({ slice: trace(ticketRows), startNs: 1.2e6 }, spinCtx, { cpu: 5, t: 1.23e6 });
    expect(answer.kind).toBe('spin');
    expect(answer.title).toBe('Why CPU 5 spun for TCPIP_GLOBAL');
    expect(answer.sentences[0]).toBe(
      'CPU 5 spun 38 µs for TCPIP_GLOBAL: CPU 2 held it (thread 14, acquired at 1.203 ms); CPU 5 was 3rd in line.',
    );
    expect(answer.sentences).toContain('CPU 2 released it at 1.220 ms, after holding it 17 µs.');
    expect(answer.sentences).toContain('It began spinning at 1.215 ms and took the lock at 1.253 ms.');
    expect(answer.sentences).toContain(
      '2 other CPUs were already spinning for it when it started: CPU 7 (since 1.210 ms) and CPU 3 (since 1.212 ms) (a ticket lock serves them first come, first served).',
    );
    expect(answer.sentences).toContain('While it spun, CPU 7 and CPU 3 took the lock before it.');
    expect(answer.missing).toEqual([]);
  });

  it('says a test-and-set lock lets any spinner win, and a spin still going has lasted until now', () => {
    const rows = ticketRows.filter(([t, kind, cpu]) => !(cpu === 5 && t >= 1.253e6) || kind === 'release');
    const answer = explainWait(
      { slice: trace(rows), startNs: 1.2e6 },
      { ...spinCtx, spinAlgorithm: 'tas', nowNs: 1.26e6 },
      { cpu: 5, t: 1.25e6 },
    );
    expect(answer.sentences[0]).toBe(
      'CPU 5 has spun 45 µs so far for TCPIP_GLOBAL: CPU 2 held it (thread 14, acquired at 1.203 ms); CPU 5 was the 3rd CPU spinning for it.',
    );
    expect(answer.sentences.join(' ')).toMatch(/any spinner may win each release/);
    expect(answer.sentences.join(' ')).toMatch(/is still spinning/);
  });

  it('takes the holder from its release when its acquire is no longer in the trace, and says so when neither is', () => {
    const rows = ticketRows.filter(([t]) => t > 1.205e6);
    const answer = explainWait({ slice: trace(rows, 1234), startNs: 1.205e6 }, spinCtx, { cpu: 5, t: 1.23e6 });
    expect(answer.sentences[0]).toBe(
      'CPU 5 spun 38 µs for TCPIP_GLOBAL: CPU 2 held it (acquired at 1.203 ms, before the trace window); CPU 5 was 3rd in line.',
    );
    expect(answer.missing).toEqual([]);
    // only CPU 5's own records: nothing says who held the lock
    const own = ticketRows.filter(([t, , cpu]) => t > 1.205e6 && t < 1.25e6 && cpu === 5);
    const unknown = explainWait({ slice: trace(own, 1234), startNs: 1.205e6 }, spinCtx, { cpu: 5, t: 1.23e6 });
    expect(unknown.sentences[0]).toBe('CPU 5 has spun 785 µs so far for TCPIP_GLOBAL; CPU 5 was 1st in line.');
    expect(unknown.missing[0]).toBe(
      'The trace no longer holds the acquire of TCPIP_GLOBAL before 1.215 ms, so it cannot say who held it when CPU 5 began to spin.',
    );
    expect(unknown.missing.join(' ')).toMatch(/window starts at 1\.205 ms \(and 1,234 records of this run were lost along the way/);
  });

  it('during a hand-over says the lock was between holders, and counts the CPU it is on its way to as spinning', () => {
    // CPU 0 releases; the line travels to CPU 11 (spinning since 1.10 ms), which takes it at 1.22 ms;
    // CPU 14 starts spinning at 1.21 ms with "0 ahead" (the core's wait list no longer holds CPU 11)
    const rows: Row[] = [
      [1.0e6, 'acquire', 0, 3, 1, 0],
      [1.1e6, 'spin', 11, -1, 1, 0],
      mode(1.1e6, 11, 'spin', 6),
      [1.2e6, 'release', 0, -1, 1, 2e5],
      [1.21e6, 'spin', 14, -1, 1, 0],
      mode(1.21e6, 14, 'spin', 9),
      [1.22e6, 'acquire', 11, 6, 1, 1.2e5],
      mode(1.22e6, 11, 'kernel', 6),
    ];
    const answer = explainWait(
      { slice: trace(rows), startNs: 1e6 },
      { ...spinCtx, spinAlgorithm: 'tas', nowNs: 1.23e6 },
      { cpu: 14, t: 1.23e6, latest: true },
    );
    expect(answer.sentences[0]).toBe(
      'CPU 14 has spun 20 µs so far for IOLOCK8: it was between holders: CPU 0 released it at 1.200 ms, and it was on its way to CPU 11, which took it at 1.220 ms; CPU 14 was the 2nd CPU spinning for it.',
    );
    expect(answer.sentences.join(' ')).not.toMatch(/CPU 0 held it|No other CPU/);
    expect(answer.sentences).toContain(
      '1 other CPU was already spinning for it when it started: CPU 11 (since 1.100 ms) (with a test-and-set lock any spinner may win each release, whatever its place).',
    );
    expect(answer.sentences).toContain('While it spun, CPU 11 took the lock before it.');
    expect(answer.sentences[answer.sentences.length - 1]).toBe(
      'At 1.230 ms, CPU 11 held it (thread 6, acquired at 1.220 ms); no other CPU was spinning for it.',
    );
  });

  it("explains a spin for a free lock whose cache line was in another CPU's cache", () => {
    const rows: Row[] = [
      mode(1.9995e6, 4, 'spin', 9),
      [2e6, 'line_transfer', 4, -1, 3, 1],
      [2e6, 'acquire', 4, 9, 1, 500],
      mode(2e6, 4, 'kernel', 9),
    ];
    const answer = explainWait({ slice: trace(rows), startNs: 1.9e6 }, spinCtx, { cpu: 4, t: 1.9998e6 });
    expect(answer.sentences[0]).toBe(
      "CPU 4 spun 500 ns for IOLOCK8: the lock was free, but its cache line was in CPU 1's cache, so CPU 4 waited for the line to come over.",
    );
  });

  it('says when the CPU was not waiting, and from a tile explains its latest wait', () => {
    const slice = trace(ticketRows);
    const busy = explainWait({ slice, startNs: 1.2e6 }, spinCtx, { cpu: 5, t: 1.28e6 });
    expect(busy.kind).toBe('none');
    expect(busy.sentences[0]).toMatch(/^CPU 5 was in kernel mode at 1\.280 ms, not waiting\./);
    const tile = explainWait({ slice, startNs: 1.2e6 }, { ...spinCtx, nowNs: 1.35e6 }, { cpu: 5, t: 1.35e6, latest: true });
    expect(tile.kind).toBe('spin');
    expect(tile.sentences[0]).toBe('CPU 5 is in user mode now; its latest wait began at 1.215 ms.');
    expect(tile.sentences[1]).toMatch(/^CPU 5 spun 38 µs for TCPIP_GLOBAL: CPU 2 held it/);
  });

  it('says the trace no longer reaches a moment before its window', () => {
    const answer = explainWait({ slice: trace(ticketRows), startNs: 1.2e6 }, spinCtx, { cpu: 5, t: 1.1e6 });
    expect(answer.kind).toBe('none');
    expect(answer.missing[0]).toMatch(/no longer holds the records of 1\.100 ms/);
  });
});

describe('why a thread was woken (the thundering herd)', () => {
  const herdCtx: WhyContext = { ...spinCtx, lockNames: ['hs_region'], lockKinds: ['wake_all'], nowNs: 1.1e6 };
  const rows: Row[] = [
    [1.0e6, 'acquire', 1, 3, 0, 0],
    [1.01e6, 'lock_sleep', 2, 7, 0, 0],
    [1.01e6, 'block', 2, 7, 0, 3],
    [1.02e6, 'lock_sleep', 0, 8, 0, 1],
    [1.02e6, 'block', 0, 8, 0, 3],
    [1.05e6, 'release', 1, 3, 0, 5e4],
    [1.05e6, 'lock_wake', 1, 3, 0, 2],
    [1.05e6, 'wake', -1, 7, 0, 0],
    [1.05e6, 'wake', -1, 8, 0, 0],
    [1.05e6, 'dispatch', 2, 7, 0, 0],
    mode(1.05e6, 2, 'cswitch', 7),
    [1.055e6, 'dispatch', 0, 8, 0, 0],
    mode(1.055e6, 0, 'cswitch', 8),
    [1.06e6, 'acquire', 2, 7, 0, 0],
    mode(1.06e6, 2, 'kernel', 7),
    [1.065e6, 'futile_wake', 0, 8, 0, 0],
    [1.065e6, 'lock_sleep', 0, 8, 0, 0],
    mode(1.065e6, 0, 'cswitch', -1),
  ];

  it('says who held the lock, who woke whom, its place, and that the wake-up was futile', () => {
    const answer = explainWait({ slice: trace(rows), startNs: 0.9e6 }, herdCtx, { cpu: 0, t: 1.058e6 });
    expect(answer.kind).toBe('blocking');
    expect(answer.title).toBe('Why thread 8 waited for hs_region');
    expect(answer.sentences).toEqual([
      'thread 8 slept 30 µs waiting for hs_region: thread 3 held it (CPU 1, acquired at 1.000 ms); thread 8 was 2nd asleep in line.',
      'At 1.050 ms thread 3 released hs_region on CPU 1, which woke all 2 sleepers (a wake-all lock: the thundering herd); thread 8 was the 2nd woken.',
      'CPU 0 switched to it at 1.055 ms, 5 µs after it was woken (it waited for a CPU).',
      'At 1.065 ms it found hs_region taken again by thread 7, which got a CPU first: a futile wake-up, so it went back to sleep.',
    ]);
    const winner = explainWait({ slice: trace(rows), startNs: 0.9e6 }, herdCtx, { cpu: 2, t: 1.055e6 });
    expect(winner.sentences[winner.sentences.length - 1]).toBe('It took hs_region at 1.060 ms.');
  });

  it('says so when the wake is no longer in the trace', () => {
    const answer = explainWait({ slice: trace(rows.slice(9)), startNs: 1.05e6 }, herdCtx, { cpu: 0, t: 1.058e6 });
    expect(answer.missing[0]).toBe('The trace no longer holds what made thread 8 ready to run, so it cannot say who woke it.');
  });
});

describe('the scrubber', () => {
  it('steps about 1 % of the run reached in nice units, ten for PageUp/PageDown, within the range', () => {
    expect(niceStep(3.7e5)).toBe(5e5);
    expect(niceStep(1.2e5)).toBe(1e5);
    expect(niceStep(2.4e5)).toBe(2e5);
    const range = { startNs: 40e6, reachedNs: 52e6 };
    expect(scrubSteps(range)).toEqual({ small: 1e5, large: 1e6 });
    expect(scrubKey('ArrowLeft', false, 45e6, range)).toBe(44.9e6);
    expect(scrubKey('ArrowRight', true, 45e6, range)).toBe(46e6);
    expect(scrubKey('PageDown', false, 40.5e6, range)).toBe(40e6);
    expect(scrubKey('PageUp', false, 45e6, range)).toBe(46e6);
    expect(scrubKey('Home', false, 45e6, range)).toBe(40e6);
    expect(scrubKey('End', false, 45e6, range)).toBe(52e6);
    expect(scrubKey('x', false, 45e6, range)).toBeUndefined();
    expect(scrubSteps({ startNs: 0, reachedNs: 0 }).small).toBe(1000);
  });

  it('counts in English', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
    ]);
  });
});
