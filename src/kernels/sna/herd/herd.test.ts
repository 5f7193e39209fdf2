/*
 * herd.test.ts -- the thundering herd's figures, derived from real snapshots of the SNA
 * kernel, match the core's own report; the hot lock is hs_region as ported and a spin
 * lock after the port; the wake-all bounce is read correctly from successive snapshots.
 */
import { describe, expect, it } from 'vitest';
import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { herdFramesFixture, runFixture } from '../../../views/fixtures/index.js';
import { reportExtras, runFiguresFromReport, runFiguresLive, threadName } from '../data.js';
import { herdGeometry } from './layout.js';
import {
  SHORT_BOUNCE_CHARS,
  advanceHerd,
  bounceText,
  compareRows,
  herdScene,
  herdSummary,
  hotLockIndex,
  lockMissRate,
  noHerdText,
  type HerdMemory,
} from './model.js';

const asPorted = runFixture('sna-as-ported-4');
const afterPort = runFixture('sna-after-port-4');

describe('the hot lock', () => {
  it('is hs_region, a wake-all lockl, as ported', () => {
    const i = hotLockIndex(asPorted.snapshot);
    expect(asPorted.snapshot.locks[i]!.name).toBe('hs_region');
    const scene = herdScene(asPorted.snapshot, i, asPorted.report);
    expect(scene.mode).toBe('herd');
    expect(scene.kind).toBe('wake_all');
  });

  it('is a spin lock after the port (no blocking lock is used), and the view says so', () => {
    const i = hotLockIndex(afterPort.snapshot);
    const lock = afterPort.snapshot.locks[i]!;
    expect(lock.kind).toBe('spin');
    expect(afterPort.snapshot.locks.filter((l) => l.kind === 'spin').every((l) => l.spinNs <= lock.spinNs)).toBe(true);
    const scene = herdScene(afterPort.snapshot, i, afterPort.report);
    expect(scene.mode).toBe('spin');
    expect(scene.waiting).toEqual(lock.waiters);
    expect(herdSummary(afterPort.snapshot, scene, undefined)).toContain('there is no herd to wake');
  });

  it('stays with the lock it follows while that is nearly as hot', () => {
    const s = asPorted.snapshot;
    const hs = s.locks.findIndex((l) => l.name === 'hs_region');
    const other = s.locks.findIndex((l) => l.name === 'snaipcm_hash');
    const locks = s.locks.map((l, i) => (i === other ? { ...l, wakeups: s.locks[hs]!.wakeups * 0.9, waiters: [] } : l));
    const near = { ...s, locks };
    expect(hotLockIndex(near)).toBe(hs);
    expect(hotLockIndex(near, 'snaipcm_hash')).toBe(other);
    expect(hotLockIndex(near, 'no such lock')).toBe(hs);
  });

  it('has nothing to show for the OpenVMS kernels, and says which preset to load', () => {
    const classic = runFixture('classic-16');
    const scene = herdScene(classic.snapshot, hotLockIndex(classic.snapshot));
    expect(scene.mode).toBe('none');
    const text = noHerdText(classic.snapshot);
    expect(text).toContain('no blocking locks');
    expect(text).toContain('sna-as-ported');
    expect(herdSummary(classic.snapshot, scene, undefined)).toBe(text);
  });
});

describe('the counts', () => {
  it("match the core's report: futile wake-ups, context switches, the lock's miss rate", () => {
    const { snapshot, report } = asPorted;
    const i = hotLockIndex(snapshot);
    const scene = herdScene(snapshot, i, report);
    const sched = reportExtras(report).scheduler!;
    expect(scene.futile).toBe(sched.futile_wakeups);
    expect(scene.contextSwitchesPerS / sched.context_switches_per_s).toBeCloseTo(1, 3);
    expect(scene.futilePerS / sched.futile_wakeups_per_s).toBeCloseTo(1, 3);
    expect(scene.futile).toBeGreaterThan(0);
    expect(scene.wastedPct).toBeGreaterThan(10);
    const exact = reportExtras(report).locks.find((l) => l.name === 'hs_region')!.miss_rate_pct!;
    expect(scene.missExact).toBe(true);
    expect(scene.missRatePct).toBe(exact);
    // without a report of the same instant, estimated from the wake-ups (every miss sleeps once)
    const estimate = lockMissRate(snapshot, i);
    expect(estimate.exact).toBe(false);
    expect(Math.abs(estimate.pct - exact)).toBeLessThan(1);
  });

  it("lists the sleepers in arrival order, the run queue and what each CPU runs, by the SNA threads' names", () => {
    const { snapshot } = asPorted;
    const i = hotLockIndex(snapshot);
    const scene = herdScene(snapshot, i);
    expect(scene.waiting).toEqual(snapshot.locks[i]!.waiters);
    expect(scene.ready).toEqual(snapshot.threads.filter((t) => t.state === 'ready').map((t) => t.id));
    expect(scene.cpus.map((c) => c.thread)).toEqual(snapshot.cpus.map((c) => c.thread));
    // 150 sessions: TPs 0..150, HS kprocs 151..301, DLC kprocs 302 and 303
    expect(snapshot.threads.length).toBe(304);
    expect([0, 150, 151, 301, 302, 303].map((id) => threadName(snapshot, id))).toEqual([
      'TP 0',
      'TP 150',
      'HS 0',
      'HS 150',
      'DLC 0',
      'DLC 1',
    ]);
    const text = herdSummary(snapshot, scene, undefined);
    expect(text).toContain('lockl');
    expect(text).not.toMatch(/NaN|undefined/);
  });

  it('compares this run with the other lock kind, figure by figure', () => {
    const rows = compareRows(runFiguresLive(asPorted.snapshot, asPorted.report), runFiguresFromReport(afterPort.report));
    const row = (key: string) => rows.find((r) => r.key === key)!;
    expect(row('futileWakeupsPerS').current).toBeGreaterThan(1000);
    expect(row('futileWakeupsPerS').other).toBe(0);
    expect(row('contextSwitchesPerS').current).toBeGreaterThan(row('contextSwitchesPerS').other);
    expect(row('spinPct').other).toBeGreaterThan(row('spinPct').current);
    expect(row('missRatePct').current).toBe(reportExtras(asPorted.report).lock_miss_rate_pct);
    expect(rows.every((r) => !/NaN|undefined/.test(r.currentText + r.otherText))).toBe(true);
    // a run in which no measured transfer finished says so
    const none = runFiguresFromReport({ ...afterPort.report, sna: { ...afterPort.report.sna!, transfers_completed: 0 } });
    expect(compareRows(none, none).find((r) => r.key === 'transferResponseNs')!.currentText).toBe('none finished yet');
  });
});

describe('the bounce, from successive snapshots', () => {
  const { frames, lock } = herdFramesFixture();
  const index = frames[0]!.locks.findIndex((l) => l.name === lock);
  const replay = (upTo: number) => {
    let memory: HerdMemory | undefined;
    for (const frame of frames.slice(0, upTo + 1)) memory = advanceHerd(memory, frame, index);
    return memory!;
  };

  it('sees a release wake every sleeper at once (lockl)', () => {
    const before = frames[0]!.locks[index]!;
    const after = frames[1]!.locks[index]!;
    expect(before.waiters.length).toBeGreaterThanOrEqual(4);
    expect(replay(0).last).toBeNull();
    const memory = replay(1);
    expect(memory.bounces).toBe(1);
    expect(memory.last!.woken).toBe(after.wakeups - before.wakeups);
    expect(memory.last!.members).toEqual(before.waiters);
    expect(memory.last!.atNs).toBe(frames[1]!.nowNs);
    // the woken are on their way to a CPU: runnable, or being switched to
    expect(memory.awake.length).toBeGreaterThan(0);
    for (const id of memory.awake) expect(['ready', 'running']).toContain(frames[1]!.threads[id]!.state);
    const scene = herdScene(frames[1]!, index, undefined, memory.awake);
    expect(scene.woken.length).toBeGreaterThan(0);
    expect(scene.ready.slice(0, scene.woken.length)).toEqual(scene.woken);
  });

  it('names the threads that took the lock in turn and those that went back to sleep, as the futile counter climbs', () => {
    const end = frames.length - 1;
    const memory = replay(end);
    const bounce = memory.last!;
    // every owner seen since the bounce's first release, in turn
    const since = frames.findIndex((f) => f.nowNs === bounce.atNs);
    const owners = frames
      .slice(since)
      .map((f) => f.locks[index]!.ownerThread)
      .filter((id) => id >= 0);
    expect(bounce.winners).toEqual(owners.filter((id, i) => i === 0 || owners[i - 1] !== id));
    expect(bounce.backToSleep).toEqual(bounce.members.filter((id) => frames[end]!.locks[index]!.waiters.includes(id)));
    expect(bounce.backToSleep.length).toBeGreaterThan(0);
    expect(bounce.woken).toBeGreaterThanOrEqual(bounce.members.length);
    const text = bounceText(frames[end]!, bounce);
    expect(text).toMatch(/^(The release seen (just now|[\d.]+ (µs|ms) ago)|In the last [\d.]+ (µs|ms), \d+ releases) woke \d+ threads; /);
    // a name's words are joined by a no-break space, so "TP 114" never breaks across lines
    expect(text).toContain(threadName(frames[end]!, bounce.winners[0]!).replace(/ /g, '\u00a0'));
    expect(text).not.toMatch(/(TP|HS|DLC) \d/);
    // on the stage, two or more threads are counted rather than named, and the words are fewer
    const short = bounceText(frames[end]!, bounce, 'wake_all', true);
    expect(short.length).toBeLessThanOrEqual(text.length);
    if (bounce.backToSleep.length > 1) expect(short).toContain(`${bounce.backToSleep.length} back asleep: futile`);
    if (bounce.winners.length > 1) expect(short).toContain(`${bounce.winners.length} took it in turn`);
    // a crowded bounce: three winners, four back to sleep
    const ids = frames[end]!.threads.slice(0, 7).map((th) => th.id);
    const crowd = { ...bounce, releases: 3, woken: 7, members: ids, winners: ids.slice(0, 3), backToSleep: ids.slice(3) };
    expect(bounceText(frames[end]!, crowd, 'wake_all', true)).toMatch(
      /^In [\d.]+ (µs|ms), 3 releases woke 7; 3 took it in turn; 4 back asleep: futile\.$/,
    );
    // one release, one winner, one back to sleep: named
    const one = { ...crowd, releases: 1, woken: 2, members: ids.slice(0, 2), winners: ids.slice(0, 1), backToSleep: ids.slice(1, 2) };
    expect(bounceText(frames[end]!, one, 'wake_all', true)).toMatch(
      /^(Just now|[\d.]+ (µs|ms) ago) a release woke 2; \S+\u00a0\S+ took it; \S+\u00a0\S+ back asleep: futile\.$/,
    );
    // the stage's words stay within two lines however many threads and releases: the view keeps one height
    const most = {
      ...crowd,
      atNs: frames[end]!.nowNs - 999e6,
      releases: 888,
      woken: 88_888,
      winners: ids.slice(0, 3),
      backToSleep: ids.slice(3),
    };
    for (const b of [most, one, { ...one, winners: [], backToSleep: [] }]) {
      for (const kind of ['wake_all', 'handoff', 'wake_one'] as const)
        expect(bounceText(frames[end]!, b, kind, true).length).toBeLessThanOrEqual(SHORT_BOUNCE_CHARS);
    }
    expect(bounceText(frames[end]!, crowd, 'wake_all')).toContain(
      `${threadName(frames[end]!, ids[6]!).replace(/ /g, '\u00a0')} went back to sleep`,
    );
    expect(text).toContain('went back to sleep');
  });

  it("counts releases by the live counters where the view's figures are a full run's (the presenter: core/measures.ts)", () => {
    // the full run's counters stand still from frame to frame; the live ones step with each release
    const still = frames.map((f) => ({
      ...f,
      locks: f.locks.map((l) => ({ ...l, wakeups: 1e6, futile: 9e5 })),
      measuredBy: { words: 'the full run', windowNs: 1e9, live: f },
    }));
    let live: HerdMemory | undefined;
    let shown: HerdMemory | undefined;
    for (let i = 0; i < frames.length; i++) {
      live = advanceHerd(live, frames[i]!, index);
      shown = advanceHerd(shown, still[i]!, index);
    }
    expect(shown).toEqual(live);
    expect(shown!.bounces).toBeGreaterThan(0);
  });

  it("gathers a release that comes while the last one's herd is still on its way into the same bounce", () => {
    const second = frames.findIndex((f, i) => i > 1 && f.locks[index]!.wakeups > frames[i - 1]!.locks[index]!.wakeups);
    expect(second).toBeGreaterThan(1);
    const before = replay(second - 1);
    const after = replay(second);
    const stillOnTheWay = before.last!.members.some((id) => before.awake.includes(id));
    expect(after.bounces).toBe(before.bounces + 1);
    if (stillOnTheWay) {
      expect(after.last!.atNs).toBe(before.last!.atNs);
      expect(after.last!.releases).toBe(before.last!.releases + 1);
    } else {
      expect(after.last!.atNs).toBe(frames[second]!.nowNs);
      expect(after.last!.releases).toBe(1);
    }
  });

  it('keeps on the way only threads a release woke that are runnable or being switched to, and counts every release', () => {
    let memory: HerdMemory | undefined;
    const woken = new Set<number>();
    frames.forEach((frame, i) => {
      if (i > 0 && frame.locks[index]!.wakeups > frames[i - 1]!.locks[index]!.wakeups) {
        for (const id of frames[i - 1]!.locks[index]!.waiters) woken.add(id);
      }
      memory = advanceHerd(memory, frame, index)!;
      for (const id of memory.awake) {
        expect(woken.has(id)).toBe(true);
        const state = frame.threads[id]!.state;
        expect(state === 'ready' || (state === 'running' && frame.locks[index]!.ownerThread !== id), `${id} ${state}`).toBe(true);
      }
    });
    const releases = frames.slice(1).filter((f, i) => f.locks[index]!.wakeups > frames[i]!.locks[index]!.wakeups).length;
    expect(memory!.bounces).toBe(releases);
    expect(memory!.futile - replay(0).futile).toBe(frames.at(-1)!.locks[index]!.futile - frames[0]!.locks[index]!.futile);
  });

  it('reads a hand-off release as the longest sleeper handed the lock, with nothing futile', () => {
    const asWakeOne = (f: (typeof frames)[number], wakeups: number, owner: number, waiters: number[]) => ({
      ...f,
      locks: f.locks.map((l, i) =>
        i === index ? { ...l, kind: 'handoff' as const, wakeups, ownerThread: owner, holder: -1, waiters } : l,
      ),
    });
    const first = frames[0]!.locks[index]!;
    const head = first.waiters[0]!;
    const before = asWakeOne(frames[0]!, first.wakeups, first.ownerThread, first.waiters);
    const after = asWakeOne({ ...frames[0]!, nowNs: frames[0]!.nowNs + 10_000 }, first.wakeups + 1, head, first.waiters.slice(1));
    const memory = advanceHerd(advanceHerd(undefined, before, index), after, index)!;
    expect(memory.last!.members).toEqual([head]);
    expect(memory.last!.winners).toEqual([head]);
    expect(bounceText(after, memory.last!, 'handoff')).toContain('nobody else was woken, so no wake-up was futile');
    const scene = herdScene(after, index, undefined, memory.awake);
    expect(herdSummary(after, scene, memory)).toMatch(/^No herd on hs_region/);
  });

  it('starts over when time goes backwards (a reset) or another lock is followed', () => {
    const memory = replay(3);
    expect(advanceHerd(memory, frames[0]!, index)!.last).toBeNull();
    const other = frames[0]!.locks.findIndex((l, i) => i !== index && l.kind !== 'spin');
    expect(advanceHerd(memory, frames[4]!, other)!.bounces).toBe(0);
    const spin = frames[0]!.locks.findIndex((l) => l.kind === 'spin');
    expect(advanceHerd(memory, frames[4]!, spin)).toBeUndefined();
  });
});

describe("the herd on the presenter's stage", () => {
  it("puts the places' names beside their chips, and takes one row of chips a place where two would not fit the height", () => {
    const f = runFixture('sna-as-ported-4');
    const scene = herdScene(f.snapshot, hotLockIndex(f.snapshot));
    const t = { fontSize: 20, smallSize: 17 };
    const lab = herdGeometry(scene, 760, t);
    const stage = herdGeometry(scene, 760, t, { stage: true });
    expect(lab.chipX).toBe(lab.x0);
    expect(stage.chipX).toBeGreaterThan(stage.x0);
    expect(stage.height).toBeLessThan(lab.height);
    expect(stage.waitRows).toBe(2);
    // the names stand level with their chips, not above them
    expect(stage.labels.find((l) => l.text === 'Run queue')!.y).toBeGreaterThan(stage.readyY);
    const tight = herdGeometry(scene, 760, t, { stage: true, height: stage.height - 1 });
    expect(tight.waitRows).toBe(1);
    expect(tight.readyRows).toBe(1);
    expect(tight.height).toBeLessThan(stage.height);
    expect(herdGeometry(scene, 760, t, { stage: true, height: stage.height }).waitRows).toBe(2);
  });

  it('beside a question (520 px): the CPU tiles take one row from the left edge, as each names its CPU', () => {
    const f = runFixture('sna-as-ported-4');
    const scene = herdScene(f.snapshot, hotLockIndex(f.snapshot));
    const t = { fontSize: 18, smallSize: 16 };
    const lab = herdGeometry(scene, 520, t);
    const stage = herdGeometry(scene, 520, t, { stage: true });
    expect(scene.cpus).toHaveLength(4);
    expect(stage.tileCols).toBe(4);
    expect(stage.tileX).toBe(stage.x0);
    expect(lab.tileX).toBe(lab.chipX);
    expect(stage.labels.map((l) => l.text)).not.toContain('CPUs');
    expect(lab.labels.map((l) => l.text)).toContain('CPUs');
    // the wake and the miss share a line
    expect(stage.bands[0]!.rows).toHaveLength(1);
  });

  it("keeps in its legend only what the drawing does not say in words, and names the lock's kind in short", async () => {
    const { HerdView } = (await import(/* @vite-ignore */ String('./HerdView.tsx'))) as Record<
      string,
      FunctionComponent<Record<string, unknown>>
    >;
    const f = runFixture('sna-as-ported-4');
    const props = { snapshot: f.snapshot, report: f.report, theme: 'projector', width: 552 };
    const legend = (html: string) => /<ul[^>]*slv-legend[\s\S]*?<\/ul>/.exec(html)![0];
    const lab = renderToStaticMarkup(createElement(HerdView!, props));
    const stage = renderToStaticMarkup(createElement(HerdView!, { ...props, stage: true }));
    expect(legend(stage)).toContain('Woken by the release');
    expect(legend(stage)).toContain('Runnable, other reason');
    for (const said of ['Asleep on', 'Running', 'Holds hs_region']) {
      expect(legend(lab)).toContain(said);
      expect(legend(stage)).not.toContain(said);
    }
    expect(stage).toContain(': lockl, wake all');
    expect(stage).not.toContain('A blocking lockl(): a release wakes every sleeper.');
    expect(lab).toContain('A blocking lockl(): a release wakes every sleeper.');
  });
});
