/*
 * net-stack-lock.test.ts -- the stack-lock view from real core runs of the shared-stack
 * preset: with the pre-queue, one thread holds the lock, the contended share pre-queue
 * and the holder sends them as deferred work; without it they sleep and nothing flows;
 * the kernel stack has no user-level lock; the senders at a typical moment; the flow
 * tokens; the view renders its diagram and a summary in words.
 */
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement, type FunctionComponent } from 'react';
import { readSchema, runScenario, validateScenario } from '../../../core/index.js';
import { loadCoreFromDisk } from '../../../core/node.js';
import { readPreset } from '../../../core/presets.js';
import type { Report } from '../../../core/report.js';
import type { ScenarioValues } from '../../../core/scenario.js';
import { flowTokens, MAX_QUEUE_BOXES, senderThreads, stackLockSummary, stackLockView, type StackLockModel } from './model.js';

const core = await loadCoreFromDisk();
const schema = readSchema(core);

function run(overrides: ScenarioValues = {}): Report {
  const values = {
    ...validateScenario(schema, readPreset('onload-shared-stack')).values,
    'sim.duration_ns': 6e6,
    'sim.warmup_ns': 1e6,
    ...overrides,
  };
  return JSON.parse(runScenario(core, values)) as Report;
}

const withPrequeue = run();
const withoutPrequeue = run({ 'net.prequeue': 'off' });

function model(report: Report): StackLockModel {
  const view = stackLockView(report);
  if (view.kind !== 'lock') throw new Error(`expected a lock view, got ${view.kind}`);
  return view.model;
}

describe('stack lock model', () => {
  it('four senders on a shared stack with the pre-queue: one holds, the others pre-queue, the holder defers', () => {
    const m = model(withPrequeue);
    expect(m).toMatchObject({ senders: 4, shared: true, prequeue: true });
    expect(m.threads.map((th) => th.state)).toEqual(['holding', 'prequeued', 'prequeued', 'prequeued']);
    expect(m.lock.deferred_per_s).toBeGreaterThan(1e6);
    // a sender sleeps only when the async buffer pool for pre-queued sends runs out
    expect(m.lock.sleeps_per_s).toBeLessThan(m.lock.deferred_per_s / 10);
    expect(m.queueBoxes).toBeGreaterThanOrEqual(1);
    expect(m.queueBoxes).toBeLessThanOrEqual(MAX_QUEUE_BOXES);
    expect(m.queueBoxes + m.queueMore).toBe(Math.max(1, Math.round(m.lock.prequeue_mean_len)));
    // drawn a few packets a second of wall time
    expect(Math.max(m.inPerWallS, m.outPerWallS)).toBeCloseTo(1.6, 6);
    expect(m.slowdown).toBeGreaterThan(1e5);
  });

  it('without the pre-queue the contended senders sleep and nothing is deferred', () => {
    const m = model(withoutPrequeue);
    expect(m.prequeue).toBe(false);
    expect(m.threads.filter((th) => th.state === 'sleeping').length).toBeGreaterThan(0);
    expect(m.threads.some((th) => th.state === 'prequeued')).toBe(false);
    expect(m.lock.sleeps_per_s).toBeGreaterThan(1e5);
    expect(m.inPerWallS).toBe(0);
    expect(m.outPerWallS).toBe(0);
    expect(flowTokens(m, 3.2)).toEqual([]);
  });

  it('the kernel stack has no user-level lock; no report, no figures', () => {
    const kernel = run({ 'net.stack': 'kernel' });
    expect(stackLockView(kernel)).toEqual({ kind: 'no-lock', stack: 'kernel' });
    expect(stackLockSummary(stackLockView(kernel))).toMatch(/no user-level stack lock/);
    expect(stackLockView(undefined)).toEqual({ kind: 'none' });
  });

  it('senders at a typical moment: the contended share, at least one when contention was measured', () => {
    const lock = {
      acquisitions_per_s: 1e6,
      contended_per_s: 1e4,
      prequeued_per_s: 1e4,
      deferred_per_s: 1e4,
      sleeps_per_s: 0,
      hold_pct: 40,
      prequeue_mean_len: 0.2,
    };
    expect(senderThreads(4, lock, true, 0.01).map((th) => th.state)).toEqual(['holding', 'prequeued', 'working', 'working']);
    expect(senderThreads(3, { ...lock, contended_per_s: 0, prequeued_per_s: 0 }, true, 0).map((th) => th.state)).toEqual([
      'holding',
      'working',
      'working',
    ]);
    expect(senderThreads(2, { ...lock, sleeps_per_s: 5e5 }, false, 1).map((th) => th.state)).toEqual(['holding', 'sleeping']);
  });

  it('flow tokens: one packet into the pre-queue from a pre-queued thread, one out as deferred work, each 0..1 along', () => {
    const m = model(withPrequeue);
    for (const wall of [0, 0.3, 1.7, 12.25]) {
      const tokens = flowTokens(m, wall);
      expect(tokens.map((t) => t.kind)).toEqual(['in', 'out']);
      for (const t of tokens) {
        expect(t.progress).toBeGreaterThanOrEqual(0);
        expect(t.progress).toBeLessThan(1);
      }
      expect(m.threads[tokens[0]!.from]!.state).toBe('prequeued');
    }
  });

  it('says in words what the lock does', () => {
    expect(stackLockSummary(stackLockView(withPrequeue))).toMatch(
      /pre-queue on\. The lock is taken .* held 100\.0% of the time.*deferred work/,
    );
    expect(stackLockSummary(stackLockView(withoutPrequeue))).toMatch(/pre-queue off\..*sleeps/);
  });

  it('renders the diagram, the figures and the legend', async () => {
    // the .tsx is loaded at run time: the test typecheck (tsconfig.test.json) has no JSX
    const { NetStackLock } = (await import(/* @vite-ignore */ String('./NetStackLock.tsx'))) as Record<
      string,
      FunctionComponent<Record<string, unknown>>
    >;
    const html = renderToStaticMarkup(createElement(NetStackLock!, { report: withPrequeue, width: 440 }));
    expect(html).toContain('data-diagram="stack-lock"');
    expect(html).toContain('data-prequeue="on"');
    expect(html).toContain('data-deferred=""');
    expect(html).toContain('Pre-queued');
    const off = renderToStaticMarkup(createElement(NetStackLock!, { report: withoutPrequeue, width: 440 }));
    expect(off).toContain('data-no-prequeue=""');
    expect(off).toContain('data-state="sleeping"');
  });
});
