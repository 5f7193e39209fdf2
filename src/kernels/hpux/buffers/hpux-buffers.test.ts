/*
 * hpux-buffers.test.ts -- the send buffers and SO_SNDBUF from REAL runs of the hpux
 * presets (fixtures/hpux-runs.json: final reports, and live reports 0.1 ms apart as the
 * lab gets them while playing): 8 buffers are one short of SO_SNDBUF/send + 1 and every
 * write lands on a held page; with 9 the acknowledgement that ends a blocked send frees
 * the buffer written next; the slots name the buffers their sends came from; without
 * copy avoidance the socket buffer holds copies; the words; the view rendered.
 */
import { describe, expect, it } from 'vitest';
import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Report } from '../../../core/report.js';
import { hpuxFixture } from '../../../views/fixtures/index.js';
import { buffersSummary, buffersView, nextWords, ruleWords, socketSlots, type BuffersModel } from './model.js';

const fixture = hpuxFixture();

function model(report: Report): BuffersModel {
  const view = buffersView(report);
  if (view.kind !== 'buffers') throw new Error('no buffers');
  return view.model;
}

describe('send buffers against the rule', () => {
  it('8 buffers, 32 KiB SO_SNDBUF, 4 KiB sends: one short of the 9 the rule asks, every write a copy', () => {
    const m = model(fixture.reports['hpux-cow-8-buffers']);
    expect(m).toMatchObject({ k: 8, needed: 9, enough: false, copyAvoid: true, capacity: 8 });
    // at the end the application has just written buffer 7 while it was lent: copied
    expect(m.next).toBe(7);
    expect(m.nextState).toBe('copied');
    expect(m.nextCopy).toBe(true);
    expect(nextWords(m)).toMatch(/faulted and forced a copy of the page \(its 4 KiB are dirty\)/);
    // the stage's words: the same fact, shorter
    expect(nextWords(m, true)).toMatch(/while the transport held it: a forced copy\. It sends it next\.$/);
    expect(nextWords(m, true).length).toBeLessThan(nextWords(m).length);
    expect(ruleWords(m)).toMatch(/= 9 buffers; this run has 8: too few/);
    // while it plays: blocked in send(2), and the next buffer still held after the acknowledgement
    const states = fixture.live['hpux-cow-8-buffers'].map((r) => model(r).nextState);
    expect(states).toContain('held-copy');
    expect(states.every((s) => s === 'held-copy' || s === 'copied')).toBe(true);
  });

  it('9 buffers: the acknowledgement that ends a blocked send frees the buffer written next; no copy', () => {
    const m = model(fixture.reports['hpux-cow-9-buffers']);
    expect(m).toMatchObject({ k: 9, needed: 9, enough: true, blocked: true, nextState: 'held-freed', nextCopy: false });
    expect(m.heldCount).toBe(9);
    expect(nextWords(m)).toMatch(/blocked in send\(2\).*the acknowledgement that ends the wait frees it, so the write costs no copy/);
    expect(nextWords(m, true)).toMatch(/^Blocked in send\(2\).*the acknowledgement that ends the wait frees it, so no copy\.$/);
    const states = fixture.live['hpux-cow-9-buffers'].map((r) => model(r).nextState);
    expect(states.every((s) => s === 'held-freed' || s === 'free' || s === 'written')).toBe(true);
    expect(new Set(states).size).toBeGreaterThan(1);
  });

  it('SO_SNDBUF holds the unacknowledged sends oldest first, each from the buffer before the next', () => {
    const nine = model(fixture.reports['hpux-cow-9-buffers']);
    // 36 KiB unacknowledged: 8 sends in SO_SNDBUF and the 9th waiting for the window
    expect(nine.slots).toHaveLength(9);
    expect(nine.slots.filter((s) => s.waiting)).toHaveLength(1);
    expect(nine.slots.map((s) => s.buffer)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 0]);
    expect(nine.slots.every((s) => s.lent)).toBe(true);
    // 8 buffers: the oldest send's pages belong to buffer 7, which the application has copied away from
    const eight = model(fixture.reports['hpux-cow-8-buffers']);
    expect(eight.slots.map((s) => s.buffer)).toEqual([7, 0, 1, 2, 3, 4, 5, 6]);
    expect(eight.slots[0]!.lent).toBe(false);
    expect(eight.slots.slice(1).every((s) => s.lent)).toBe(true);
    // a buffer sent twice among the unacknowledged: only its latest send is its lent pages
    const buffers = [0, 1].map((index) => ({ index, held: true, dirty: 0, next: index === 0 }));
    expect(socketSlots(buffers, 0, 3, 2, true).map((s) => [s.buffer, s.lent, s.waiting])).toEqual([
      [1, false, false],
      [0, true, false],
      [1, true, true],
    ]);
  });

  it('without copy avoidance the socket buffer holds copies and one buffer does', () => {
    const m = model(fixture.reports['hpux-fddi-copies']);
    expect(m).toMatchObject({ k: 1, copyAvoid: false, nextCopy: false });
    expect(m.slots.every((s) => !s.lent && s.buffer === 0)).toBe(true);
    expect(ruleWords(m)).toMatch(/this run copies, so 1 buffer will do/);
    expect(buffersView(undefined)).toEqual({ kind: 'none' });
  });

  it('says it in words', () => {
    const text = buffersSummary(buffersView(fixture.reports['hpux-cow-8-buffers']));
    expect(text).toMatch(/^The application cycles through 8 send buffers of 4 KiB; send copy avoidance is in effect\./);
    expect(text).toMatch(/room for 8 sends/);
    expect(text).toMatch(/100\.0% of sends forced a copy/);
    expect(buffersSummary(buffersView(fixture.reports['hpux-cow-9-buffers']))).toMatch(/the last send waiting in send\(2\) for the window/);
  });

  it('renders the buffers, the missing one, the slots and the waiting send', async () => {
    const { HpuxBuffers } = (await import(/* @vite-ignore */ String('./HpuxBuffers.tsx'))) as Record<
      string,
      FunctionComponent<Record<string, unknown>>
    >;
    for (const theme of ['light', 'projector']) {
      const eight = renderToStaticMarkup(createElement(HpuxBuffers!, { report: fixture.reports['hpux-cow-8-buffers'], theme, width: 620 }));
      expect(eight.match(/data-buffer="/g)).toHaveLength(8);
      expect(eight).toContain('data-missing="8"');
      expect(eight).toContain('data-next-state="copied"');
      expect(eight).toContain('data-slot-state="old"');
      expect(eight).toContain('Show data table');
      expect(eight).not.toMatch(/NaN|undefined|Infinity/);
      const nine = renderToStaticMarkup(createElement(HpuxBuffers!, { report: fixture.reports['hpux-cow-9-buffers'], theme, width: 620 }));
      expect(nine).not.toContain('data-missing=');
      expect(nine).toContain('data-waiting="0"');
      expect(nine).toContain('data-next-copy="false"');
      const copies = renderToStaticMarkup(createElement(HpuxBuffers!, { report: fixture.reports['hpux-fddi-copies'], theme, width: 400 }));
      expect(copies.match(/data-slot-state="copy"/g)).toHaveLength(8);
    }
    expect(renderToStaticMarkup(createElement(HpuxBuffers!, {}))).toContain('Waiting for the first report');
  });

  it("on the presenter's stage: the legend's short words, and the rule said once, by the diagram", async () => {
    const { HpuxBuffers } = (await import(/* @vite-ignore */ String('./HpuxBuffers.tsx'))) as Record<
      string,
      FunctionComponent<Record<string, unknown>>
    >;
    const props = { report: fixture.reports['hpux-cow-8-buffers'], theme: 'projector', width: 760 };
    const lab = renderToStaticMarkup(createElement(HpuxBuffers!, props));
    const stage = renderToStaticMarkup(createElement(HpuxBuffers!, { ...props, stage: true }));
    expect(lab).toContain('data-rule-words');
    expect(stage).not.toContain('data-rule-words');
    expect(stage).toContain('SO_SNDBUF / send + 1 = 9 buffers needed: 1 missing');
    expect(stage).toContain('data-next-words');
    expect(lab).toContain('Missing: buffers the rule asks for');
    expect(stage).toContain('>Missing<');
    expect(stage).not.toContain('copy-on-write;');
    // the same marks and the same data either way
    for (const mark of ['data-buffer="', 'data-slot-state="']) expect(stage.split(mark).length).toBe(lab.split(mark).length);
  });
});
