/*
 * monitor-modes.test.ts -- the MONITOR MODES table from real NUMA runs: the rows are the
 * source's (004, slide 39) in its order, their mapping is the core's (core/monitor.ts),
 * they add up to 100 x CPUs for all CPUs and for each RAD, agree with the report's
 * per-RAD modes, and the view renders the table, its scope buttons and its footnote.
 */
import { describe, expect, it } from 'vitest';
import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MONITOR_ROWS as CORE_ROWS } from '../../core/monitor.js';
import { runFixture } from '../fixtures/index.js';
import { numaLayout } from '../numa-data.js';
import { themeTokens } from '../palette.js';
import { combinedLine, cpuListWords, MONITOR_ROWS, monitorScopes, monitorSummary, monitorTable, monitorText, scopeLabel } from './model.js';

const gs160 = runFixture('numa-gs160-example3-before');
const gs320 = runFixture('numa-gs320');

describe('MONITOR MODES rows', () => {
  it("are the source's rows in its order, each the model modes core/monitor.ts adds up", () => {
    expect(MONITOR_ROWS.map((r) => r.label)).toEqual([
      'Interrupt State',
      'MP Synchronization',
      'Kernel Mode',
      'Executive Mode',
      'Supervisor Mode',
      'User Mode',
      'Idle Time',
    ]);
    expect(MONITOR_ROWS.map((r) => [r.label, [...r.modes]])).toEqual(CORE_ROWS.map((r) => [r.row, [...r.modes]]));
  });

  it('add up to 100 x CPUs, for all CPUs and for every RAD, and match the report per RAD', () => {
    for (const f of [gs160, gs320]) {
      const layout = numaLayout(f.report, f.snapshot.cpus.length);
      const all = monitorTable(f.snapshot, layout, 'all', f.names.modes);
      expect(all.scaleMax).toBe(100 * f.snapshot.cpus.length);
      expect(all.rows.reduce((s, r) => s + r.value, 0)).toBeCloseTo(all.scaleMax, 6);
      expect(all.rows.filter((r) => !r.modelled).map((r) => r.value)).toEqual([0, 0]);
      expect(monitorScopes(layout)).toHaveLength(layout.rads + 1);
      for (let rad = 0; rad < layout.rads; rad++) {
        const t = monitorTable(f.snapshot, layout, rad, f.names.modes);
        expect(t.cpus.length).toBe(f.report.numa!.by_rad[rad]!.cpus);
        expect(t.rows.reduce((s, r) => s + r.value, 0)).toBeCloseTo(t.scaleMax, 6);
        const pct = f.report.numa!.by_rad[rad]!.modes_pct;
        const cpus = t.cpus.length;
        // the report's per-RAD share x the RAD's CPUs, rounded to 3 decimals
        expect(t.rows.find((r) => r.id === 'mpsynch')!.value).toBeCloseTo(pct.spin * cpus, 0);
        expect(t.rows.find((r) => r.id === 'interrupt')!.value).toBeCloseTo((pct.interrupt + pct.fork) * cpus, 0);
        expect(t.rows.find((r) => r.id === 'kernel')!.value).toBeCloseTo((pct.kernel + pct.cswitch) * cpus, 0);
      }
    }
  });

  it('reads like MONITOR: combined line, scale, the text layout, words', () => {
    const layout = numaLayout(gs160.report, 12);
    const all = monitorTable(gs160.snapshot, layout, 'all', gs160.names.modes);
    expect(combinedLine(all)).toBe('Combined for 12 CPUs');
    expect(all.ticks).toEqual([0, 300, 600, 900, 1200]);
    const rad1 = monitorTable(gs160.snapshot, layout, 1, gs160.names.modes);
    expect(combinedLine(rad1)).toBe('Combined for RAD 1 (CPUs 4–7)');
    expect(scopeLabel(1, layout)).toBe('RAD 1 (CPUs 4–7)');
    expect(scopeLabel('all', layout)).toBe('All 12 CPUs');
    expect(cpuListWords([0, 2, 5])).toBe('CPUs 0, 2 and 5');
    const text = monitorText(all);
    expect(text.split('\n')).toHaveLength(8);
    expect(text).toMatch(/^Combined for 12 CPUs\s+0\s+300\s+600\s+900\s+1200$/m);
    expect(text.split('\n')[0]!.indexOf(' 0 ') + 1).toBe(text.split('\n')[1]!.indexOf('|'));
    expect(text).toMatch(/^MP Synchronization\s+\d+ \|a+$/m);
    const words = monitorSummary(all);
    expect(words).toContain('scale 0 to 1,200');
    expect(words).toContain('Executive and Supervisor Mode read 0');
    expect(words).not.toMatch(/NaN|undefined/);
  });
});

describe('MonitorModes view', () => {
  it('renders the seven rows, a button per scope, the footnote, in both themes', async () => {
    const { MonitorModes } = (await import(/* @vite-ignore */ String('./MonitorModes.tsx'))) as Record<string, FunctionComponent<unknown>>;
    for (const theme of ['light', 'projector']) {
      for (const f of [gs160, gs320]) {
        const html = renderToStaticMarkup(
          createElement(MonitorModes as FunctionComponent<Record<string, unknown>>, {
            snapshot: f.snapshot,
            report: f.report,
            theme,
            width: 900,
            modeNames: f.names.modes,
          }),
        );
        expect(html).toContain('data-view="monitor-modes"');
        expect(html.match(/data-row="/g)).toHaveLength(7);
        expect(html.match(/data-scope="/g)).toHaveLength(f.report.numa!.rads + 1);
        expect(html).toContain('aria-pressed="true"');
        expect(html).toContain('data-footnote');
        expect(html).toContain('TIME IN PROCESSOR MODES');
        expect(html).toMatch(/data-summary="">[^<]{40,}</);
        expect(html).not.toMatch(/NaN|undefined|Infinity/);
      }
    }
  });

  it("with a full run's counters (the presenter: core/measures.ts) says it covers the full run, not the live clock", async () => {
    const { MonitorModes } = (await import(/* @vite-ignore */ String('./MonitorModes.tsx'))) as Record<string, FunctionComponent<unknown>>;
    const snapshot = { ...gs160.snapshot, measuredBy: { words: 'the full run', windowNs: gs160.snapshot.windowNs, live: gs160.snapshot } };
    const html = renderToStaticMarkup(
      createElement(MonitorModes as FunctionComponent<Record<string, unknown>>, {
        snapshot,
        report: gs160.report,
        theme: 'light',
        width: 900,
        modeNames: gs160.names.modes,
      }),
    );
    expect(html).toContain('the full run');
    expect(html).not.toMatch(/\d ms simulated/);
  });

  it("on the presenter's stage: rows close up to the height given (to 1.4 em), no legend, the footnote keeps the note, short RAD buttons", async () => {
    const { MonitorModes } = (await import(/* @vite-ignore */ String('./MonitorModes.tsx'))) as Record<string, FunctionComponent<unknown>>;
    const render = (props: Record<string, unknown>) =>
      renderToStaticMarkup(
        createElement(MonitorModes as FunctionComponent<Record<string, unknown>>, {
          snapshot: gs160.snapshot,
          report: gs160.report,
          theme: 'projector',
          width: 552,
          modeNames: gs160.names.modes,
          ...props,
        }),
      );
    const svgHeight = (html: string) =>
      Number(/<svg width="[0-9.]+" height="([0-9.]+)" aria-hidden="true" data-monitor-scope/.exec(html)![1]);
    const full = svgHeight(render({}));
    const fitted = svgHeight(render({ height: full - 30 }));
    expect(fitted).toBeLessThanOrEqual(full - 30);
    // never closer than 1.4 em: seven rows give up 0.5 em each at most
    const fs = themeTokens('projector').fontSize;
    expect(svgHeight(render({ height: 50 }))).toBe(full - 7 * (Math.round(fs * 1.9) - Math.round(fs * 1.4)));
    const lab = render({});
    const stage = render({ stage: true });
    expect(lab).toContain('How to read MONITOR MODES');
    expect(stage).not.toContain('How to read MONITOR MODES');
    expect(stage).toMatch(/data-footnote="">\* Executive and Supervisor Mode read 0: the model has no such modes/);
    expect(stage).toContain('Interrupt State includes fork threads; Kernel Mode, context switches.');
    // at 552 px "RAD 1 (CPUs 4–7)" would take the buttons to a second line: the button says "RAD 1" and is named in full
    expect(stage).toMatch(/aria-label="RAD 1 \(CPUs 4–7\)"[^>]*>RAD 1<\/button>/);
    expect(lab).toMatch(/>RAD 1 \(CPUs 4–7\)<\/button>/);
  });
});
