/*
 * net-latency.test.ts -- the round-trip breakdown from the HAND-MADE view fixtures
 * (kernel onload, ping-pong): the segments add up to the half round trip on one scale
 * for both runs, the overhead is all but the wire, the packet passes the seven places
 * stage by stage in proportion to the measured times, other tests get a message; the
 * view renders its bars, its strip and its words.
 */
import { describe, expect, it } from 'vitest';
import { scaleLinear } from 'd3';
import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { netViewFixture } from '../../../views/fixtures/index.js';
import { STAGES } from '../data.js';
import {
  fitsOneLine,
  latencyModel,
  latencyRun,
  latencyScale,
  latencySummary,
  latencyTicks,
  packetAt,
  PLACES,
  slowdown,
  STAGE_PATH,
  TRIP_MS,
  tripNsAtWall,
} from './model.js';

const net = netViewFixture();
const onload = net.reports['pingpong-onload'];
const kernel = net.reports['pingpong-kernel'];

describe('latency model', () => {
  it("lays the stages end to end in the trip's order, adding up to the half round trip", () => {
    for (const report of [onload, kernel]) {
      const run = latencyRun(report)!;
      expect(run.segments.map((s) => s.stage)).toEqual([...STAGES]);
      expect(run.segments[0]!.startNs).toBe(0);
      for (let i = 1; i < run.segments.length; i++) expect(run.segments[i]!.startNs).toBe(run.segments[i - 1]!.endNs);
      expect(run.segments[run.segments.length - 1]!.endNs).toBeCloseTo(report.net!.half_rtt_ns, 6);
      expect(run.segments.reduce((a, s) => a + s.pct, 0)).toBeCloseTo(100, 6);
      expect(run.segments.filter((s) => s.hardware).map((s) => s.stage)).toEqual(['wire']);
      expect(run.overheadNs).toBe(report.net!.half_rtt_ns - report.net!.breakdown_ns.wire);
    }
    const o = latencyRun(onload)!;
    expect(o.halfRttNs).toBe(5300);
    expect(o.overheadNs).toBe(2900);
    expect(o.notifiedBy).toBe('poll');
    expect(o.overheadWords).toBe('user-level software overhead');
    const k = latencyRun(kernel)!;
    expect(k.halfRttNs).toBe(11200);
    expect(k.notifiedBy).toBe('interrupt');
    expect(k.overheadWords).toBe('kernel software overhead');
  });

  it('draws two runs on one scale, so lengths compare', () => {
    const m = latencyModel(onload, kernel);
    if (m.kind !== 'breakdown') throw new Error('expected a breakdown');
    const x = latencyScale([m.run, m.compare!], 0, 1000);
    expect(x(11200)).toBeCloseTo(1000, 6);
    expect(x(m.run.halfRttNs)).toBeCloseTo((1000 * 5300) / 11200, 6);
  });

  it('labels the axis with as many decimals as its step needs, so no two ticks read the same', () => {
    const labels = (maxNs: number, count: number) =>
      latencyTicks(scaleLinear().domain([0, maxNs]).range([0, 1000]), count).map((t) => t.label);
    // the raw virtual NIC's 4.2 µs: ticks 0.5 µs apart
    expect(labels(4210, 9)).toEqual(['0.0', '0.5', '1.0', '1.5', '2.0', '2.5', '3.0', '3.5', '4.0']);
    expect(labels(11230, 6)).toEqual(['0', '2', '4', '6', '8', '10']);
    expect(labels(1000, 5)).toEqual(['0.0', '0.2', '0.4', '0.6', '0.8', '1.0']);
    for (const [max, count] of [
      [4210, 9],
      [837, 10],
      [26_400, 4],
      [5330, 7],
    ] as const) {
      const got = labels(max, count);
      expect(new Set(got).size).toBe(got.length);
    }
  });

  it("gives the strip's words two lines where one would run into the next or off the edge", () => {
    expect(
      fitsOneLine(
        [
          { x: 60, text: 'send 2.0 µs' },
          { x: 200, text: 'wire 4.2 µs' },
        ],
        400,
        9.6,
      ),
    ).toBe(true);
    // "stack 0.25 µs" and "receive 1.2 µs" 118 px apart, 125 and 134 px wide: they touch
    expect(
      fitsOneLine(
        [
          { x: 316, text: 'stack 0.25 µs' },
          { x: 434, text: 'receive 1.2 µs' },
        ],
        552,
        9.6,
      ),
    ).toBe(false);
    expect(fitsOneLine([{ x: 20, text: 'send 2.0 µs' }], 552, 9.6)).toBe(false);
    expect(fitsOneLine([{ x: 540, text: 'receive 1.2 µs' }], 552, 9.6)).toBe(false);
  });

  it('says the breakdown is measured in the ping-pong test for other tests, and waits without a report', () => {
    expect(latencyModel(net.reports['tcp-stream-kernel'])).toEqual({ kind: 'other-test', test: 'tcp_stream', stack: 'kernel' });
    expect(latencyModel(undefined)).toEqual({ kind: 'none' });
    expect(latencySummary(latencyModel(net.reports['udp-send-shared-prequeue']))).toMatch(/measured in the ping-pong test/);
    // a compare run that is not a ping-pong is left out
    const m = latencyModel(onload, net.reports['tcp-stream-kernel']);
    expect(m.kind === 'breakdown' && m.compare).toBeNull();
  });

  it('moves one packet through the seven places, each stage as long as its measured time', () => {
    const run = latencyRun(kernel)!;
    expect(PLACES).toHaveLength(7);
    expect(packetAt(run, 0)).toMatchObject({ stage: 'send', position: 0, arrived: false });
    // halfway through send: halfway from the sending app to the TX ring
    expect(packetAt(run, 800).position).toBeCloseTo(0.5, 6);
    // the wire carries it from the TX ring to the RX ring, through the wire
    expect(packetAt(run, 1600 + 1200)).toMatchObject({ stage: 'wire', position: 2 });
    // notify: it waits in the RX ring; wake: it waits on the socket
    expect(packetAt(run, 4000 + 1000)).toMatchObject({ stage: 'notify', position: 3 });
    expect(packetAt(run, 7900 + 100)).toMatchObject({ stage: 'wake', position: 5 });
    expect(packetAt(run, 11200)).toMatchObject({ arrived: true, position: 6 });
    // positions never go backwards along the trip
    let last = -1;
    for (let t = 0; t <= 11200; t += 50) {
      const p = packetAt(run, t).position;
      expect(p).toBeGreaterThanOrEqual(last - 1e-9);
      last = p;
    }
    for (const stage of STAGES) expect(STAGE_PATH[stage][1]).toBeGreaterThanOrEqual(STAGE_PATH[stage][0]);
  });

  it('skips stages that took no time', () => {
    const run = latencyRun({ ...onload, net: { ...onload.net!, breakdown_ns: { ...onload.net!.breakdown_ns, wake: 0 } } })!;
    for (let t = 0; t < run.segments[run.segments.length - 1]!.endNs; t += 25) expect(packetAt(run, t).stage).not.toBe('wake');
  });

  it('plays a trip in 2.5 s of wall time, then pauses', () => {
    const run = latencyRun(onload)!;
    expect(tripNsAtWall(run, 0)).toBe(0);
    expect(tripNsAtWall(run, TRIP_MS / 2)).toBeCloseTo(2650, 6);
    expect(tripNsAtWall(run, TRIP_MS + 100)).toBeNull();
    expect(slowdown(run)).toBeCloseTo(2.5e9 / 5300, 3);
  });

  it('says it in words and renders, with a second bar for the other stack', async () => {
    const text = latencySummary(latencyModel(onload, kernel));
    expect(text).toContain('5.3 µs');
    expect(text).toContain('11.2 µs');
    expect(text).toMatch(/wire \(hardware\) is 2\.4 µs/);
    expect(text).toContain('For comparison, the Linux kernel stack: half a round trip takes 11.2 µs');
    expect(text).toContain('The OpenOnload (user-level stack) is 5.9 µs faster per one-way trip');
    const { NetLatency } = (await import(/* @vite-ignore */ String('./NetLatency.tsx'))) as Record<
      string,
      FunctionComponent<Record<string, unknown>>
    >;
    for (const theme of ['light', 'projector']) {
      const html = renderToStaticMarkup(createElement(NetLatency!, { report: onload, compare: kernel, theme, width: 1000 }));
      expect(html).toContain('data-view="net-latency"');
      expect(html).toContain('data-bars="2"');
      expect(html.match(/data-stage="/g)).toHaveLength(12);
      expect(html.match(/data-place="/g)).toHaveLength(7);
      expect(html).toContain('data-packet-stage="send"');
      expect(html).toMatch(/<tspan[^>]*>stack<\/tspan><tspan[^>]*>\(poll\)<\/tspan>/);
      expect(html).toContain('hardware');
      expect(html).not.toMatch(/NaN|undefined|Infinity/);
      const other = renderToStaticMarkup(createElement(NetLatency!, { report: net.reports['tcp-stream-kernel'], theme }));
      expect(other).toContain('data-net-message');
      expect(other).toContain('ping-pong');
    }
    // on the presenter's stage the legend names the stages (the strip's caption says what each is)
    const stage = renderToStaticMarkup(createElement(NetLatency!, { report: onload, theme: 'projector', width: 792, stage: true }));
    const lab = renderToStaticMarkup(createElement(NetLatency!, { report: onload, theme: 'projector', width: 792 }));
    expect(lab).toContain('send: the send call');
    expect(stage).not.toContain('send: the send call');
    expect(stage).toMatch(/>wire \(hardware\)</);
    expect(stage.match(/class="slv-legend"/g)).toHaveLength(1);
    // narrow (beside the presenter's question) the stage draws the bars alone
    const beside = renderToStaticMarkup(createElement(NetLatency!, { report: kernel, theme: 'projector', width: 552, stage: true }));
    expect(beside).toContain('data-bars="1"');
    expect(beside).not.toContain('data-strip');
    expect(stage).toContain('data-strip');
    // the lab draws the strip at any width: narrow, the stages' words on two lines, the stack's box without its note
    const narrow = renderToStaticMarkup(createElement(NetLatency!, { report: kernel, theme: 'projector', width: 552 }));
    expect(narrow).toMatch(/<tspan[^>]*>stack<\/tspan><tspan[^>]*>[0-9.]+ µs<\/tspan>/);
    expect(narrow).toMatch(/<tspan[^>]*>waits: notify<\/tspan><tspan[^>]*>[0-9.]+ µs<\/tspan>/);
    expect(narrow).not.toContain('(interrupt)');
    const wide = renderToStaticMarkup(createElement(NetLatency!, { report: kernel, theme: 'projector', width: 1000, stage: true }));
    expect(wide).toContain('(interrupt)');
    expect(wide).toMatch(/>stack [0-9.]+ µs</);
  });
});
