/*
 * hpux-journey.test.ts -- one send's bytes from the REAL runs of the hpux presets
 * (fixtures/hpux-runs.json): the rules of each feature combination, checked against
 * what the core measured (a stage the rules say the CPU does not touch costs nothing,
 * and one it touches costs something), each preset found as its row of the table, the
 * stages' measured ns and bytes, the token's loop, the words, and the view rendered.
 */
import { describe, expect, it } from 'vitest';
import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { hpuxFixture } from '../../../views/fixtures/index.js';
import { boldWidthEm } from '../../../views/format.js';
import type { HpuxPreset } from '../../../views/fixtures/types.js';
import {
  boxTitleLines,
  cpuPasses,
  FEATURE_ROWS,
  journeySummary,
  journeyView,
  matchingRow,
  PAUSE_MS,
  stageDwellsMs,
  stageRules,
  stageSentence,
  STAGES,
  tokenAt,
  type JourneyModel,
} from './model.js';

const fixture = hpuxFixture();

function model(preset: HpuxPreset): JourneyModel {
  const view = journeyView(fixture.reports[preset]);
  if (view.kind !== 'journey') throw new Error(`${preset}: no journey`);
  return view.model;
}

const groups = (row: string) => {
  const found = FEATURE_ROWS.find((r) => r.key === row)!;
  const rules = stageRules(found.config);
  return STAGES.map((s) => rules[s.id].group);
};

describe('the rules: which stages touch the bytes', () => {
  it('classic BSD: copied, checksummed by the host and flushed; purged, checksummed and copied', () => {
    expect(groups('classic')).toEqual(['write', 'copy', 'checksum', 'cache', 'card', 'cache', 'checksum', 'copy']);
    expect(cpuPasses(stageRules(FEATURE_ROWS[0]!.config))).toEqual({ send: 2, recv: 2 });
  });

  it('each feature takes passes away: offload, copy-on-write, remapping', () => {
    const passes = (key: string) => cpuPasses(stageRules(FEATURE_ROWS.find((r) => r.key === key)!.config));
    expect(passes('offload')).toEqual({ send: 1, recv: 1 });
    expect(passes('cow-forced')).toEqual({ send: 1, recv: 1 }); // the fault copies the page after all
    expect(passes('cow')).toEqual({ send: 0, recv: 1 });
    expect(passes('remap')).toEqual({ send: 0, recv: 0 });
    expect(passes('lan0')).toEqual({ send: 2, recv: 2 });
    expect(passes('lo0')).toEqual({ send: 1, recv: 1 });
    expect(groups('cow')).toEqual(['write', 'map', 'card', 'cache', 'card', 'cache', 'card', 'copy']);
    expect(groups('remap')).toEqual(['write', 'map', 'card', 'cache', 'card', 'card', 'card', 'map']);
    // loopback: no card, so nothing to flush or purge
    expect(groups('lo0')).toEqual(['write', 'copy', 'card', 'card', 'card', 'card', 'card', 'copy']);
  });

  it('a buffer still held forces a copy; only the dirty lines are flushed when lent', () => {
    const forced = stageRules(FEATURE_ROWS.find((r) => r.key === 'cow-forced')!.config);
    expect(forced['into-kernel'].short).toBe('fault + copy');
    expect(forced.flush.short).toBe('whole copy');
    const lent = stageRules(FEATURE_ROWS.find((r) => r.key === 'cow')!.config);
    expect(lent['into-kernel'].short).toBe('lend (COW)');
    expect(lent.flush.short).toBe('dirty lines');
  });
});

describe('the current run, measured', () => {
  it('each preset is its own row of the table', () => {
    for (const row of FEATURE_ROWS) {
      expect(model(row.preset as HpuxPreset).row?.key, row.preset).toBe(row.key);
    }
  });

  it('the rules agree with the core: a stage the CPU does not touch costs nothing, one it touches costs something', () => {
    for (const row of FEATURE_ROWS) {
      for (const s of model(row.preset as HpuxPreset).stages) {
        if (s.rule.group === 'card') expect(s.ns, `${row.preset} ${s.id}`).toBe(0);
        else expect(s.ns, `${row.preset} ${s.id}`).toBeGreaterThan(0);
      }
    }
  });

  it('8 buffers: the fault, the copy and the lending per send; the bytes touched', () => {
    const m = model('hpux-cow-8-buffers');
    const hp = fixture.reports['hpux-cow-8-buffers'].hpux!;
    const into = m.stages.find((s) => s.id === 'into-kernel')!;
    expect(into.ns).toBeCloseTo(hp.per_send_ns.cow_fault + hp.per_send_ns.copy + hp.per_send_ns.cow, 6);
    expect(into.bytes).toBe(4096);
    expect(m.perSendNs).toBeCloseTo(
      Object.values(hp.per_send_ns).reduce((a, b) => a + b, 0),
      6,
    );
    expect(m.perRecvNs).toBeCloseTo(
      Object.values(hp.per_recv_ns).reduce((a, b) => a + b, 0),
      6,
    );
    expect(m.bytesTouchedPerSend).toBe(4 + 4096 + 4096);
    expect(m.config).toMatchObject({ interface: 'nio_fddi', sendCopyAvoid: true, forced: true, recvRemap: false, dirtyBytes: 4 });
  });

  it('copy avoidance both ways: a few µs per send and receive instead of hundreds', () => {
    const both = model('hpux-fddi-copy-avoidance');
    const classic = model('hpux-fddi-host-checksum');
    expect(both.perSendNs).toBeLessThan(20_000);
    expect(both.perRecvNs).toBeLessThan(20_000);
    expect(classic.perSendNs).toBeGreaterThan(20 * both.perSendNs);
    expect(both.oneHost).toBe(false);
    expect(model('hpux-loopback-lo0').oneHost).toBe(true);
  });

  it('a combination outside the table has no row', () => {
    const m = model('hpux-fddi-copies');
    expect(matchingRow({ ...m.config, recvRemap: true })).toBeNull();
    expect(journeyView(undefined)).toEqual({ kind: 'none' });
  });
});

describe('the byte token', () => {
  it('lingers longer where the CPU spends more, visits every stage in order and loops', () => {
    const m = model('hpux-cow-8-buffers');
    const dwells = stageDwellsMs(m.stages);
    const into = STAGES.findIndex((s) => s.id === 'into-kernel');
    const wire = STAGES.findIndex((s) => s.id === 'wire');
    expect(dwells[into]).toBeGreaterThan(dwells[wire]!);
    const cycle = dwells.reduce((a, b) => a + b, 0) + PAUSE_MS;
    const seen: number[] = [];
    let last = -1;
    for (let t = 0; t < cycle; t += 25) {
      const at = tokenAt(dwells, t);
      expect(at.glide).toBeGreaterThanOrEqual(0);
      expect(at.glide).toBeLessThanOrEqual(1);
      expect(at.position).toBeGreaterThanOrEqual(last); // never goes back within a loop
      last = at.position;
      if (!seen.includes(at.stage)) seen.push(at.stage);
    }
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(tokenAt(dwells, cycle + 1).stage).toBe(0);
  });
});

describe('words and the rendered view', () => {
  it('says where the bytes are and what the run costs', () => {
    const m = model('hpux-cow-8-buffers');
    expect(stageSentence(m, 1)).toMatch(
      /^Stage 2 of 8, into the kernel: the write hit a page the transport still holds.*283 µs of CPU per send\.$/,
    );
    expect(stageSentence(m, 4)).toMatch(/card and wire.*no CPU time/);
    // on the stage the box beside it gives the number and the cost: the sentence says what the stage does
    expect(stageSentence(m, 1, true)).toMatch(/^Into the kernel: the write hit a page the transport still holds[^;]*\.$/);
    expect(stageSentence(m, 1, true)).not.toContain('µs');
    const text = journeySummary(journeyView(fixture.reports['hpux-cow-8-buffers']));
    expect(text).toContain('send copy avoidance with copies forced');
    expect(text).toContain('This run is the row "+ send copy avoidance, too few buffers: a copy forced"');
    expect(journeySummary(journeyView(fixture.reports['hpux-loopback-lan0']))).toMatch(/every byte 2 times sending and 2 times receiving/);
    expect(journeySummary({ kind: 'none' })).toMatch(/No HP-UX figures yet/);
  });

  it('titles a box in at most two lines, none wider than the box: the short words where the long run out', () => {
    // a wide box: the full title
    expect(boxTitleLines(0, 20)).toEqual(['1 Application writes']);
    expect(boxTitleLines(1, 7)).toEqual(['2 Into the', 'kernel']);
    // "Application" (6.4 em of bold) runs out of a 6-em box: the rules table's word
    expect(boxTitleLines(0, 6)).toEqual(['1 Write']);
    // "Checksum (receive)" takes three lines of 6.5 em: the short title takes two
    expect(boxTitleLines(6, 6.5)).toEqual(['7', 'Checksum']);
    for (let em = 5.8; em <= 20; em += 0.1) {
      for (let i = 0; i < STAGES.length; i++) {
        const lines = boxTitleLines(i, em);
        expect(lines.length, `stage ${i + 1} at ${em} em`).toBeLessThanOrEqual(2);
        for (const line of lines) expect(boldWidthEm(line), `"${line}" at ${em} em`).toBeLessThanOrEqual(em);
      }
    }
  });

  it('renders eight stages in one, two or four rows by width, the token at the first, the rules with this run marked', async () => {
    // the .tsx is loaded at run time: the test typecheck (tsconfig.test.json) has no JSX
    const { HpuxJourney } = (await import(/* @vite-ignore */ String('./HpuxJourney.tsx'))) as Record<
      string,
      FunctionComponent<Record<string, unknown>>
    >;
    for (const theme of ['light', 'projector']) {
      // a narrow frame (a phone, a docs column) takes four rows of two
      for (const width of [1200, 700, 360]) {
        const html = renderToStaticMarkup(createElement(HpuxJourney!, { report: fixture.reports['hpux-cow-8-buffers'], theme, width }));
        expect(html).toContain('data-view="hpux-journey"');
        expect(html.match(/data-stage="/g)).toHaveLength(8);
        expect(html).toContain('data-token-stage="write"');
        expect(html).toContain(`data-cols="${width === 1200 ? 8 : width === 700 ? 4 : 2}"`);
        // one rules table when wide, the sending and the receiving halves when narrow
        const tables = width === 1200 ? 1 : 2;
        expect(html.match(/data-rules="/g)).toHaveLength(tables);
        expect(html.match(/<tr class="slv-hpux-current" data-row="hpux-cow-8-buffers"/g)).toHaveLength(tables);
        expect(html.match(/data-row="/g)).toHaveLength(FEATURE_ROWS.length * tables);
        expect(html).toContain('this run');
        expect(html).toContain('Show data table');
        expect(html).not.toMatch(/NaN|undefined|Infinity/);
      }
    }
    const none = renderToStaticMarkup(createElement(HpuxJourney!, {}));
    expect(none).toContain('Waiting for the first report');
  });

  it('on the presenter\'s stage is a slide: boxes with title, cost and bar, the "Now:" line, short legend, no rules table', async () => {
    const { HpuxJourney } = (await import(/* @vite-ignore */ String('./HpuxJourney.tsx'))) as Record<
      string,
      FunctionComponent<Record<string, unknown>>
    >;
    const props = { report: fixture.reports['hpux-cow-8-buffers'], theme: 'projector', width: 792 };
    const lab = renderToStaticMarkup(createElement(HpuxJourney!, props));
    const stage = renderToStaticMarkup(createElement(HpuxJourney!, { ...props, stage: true }));
    expect(stage.match(/data-stage="/g)).toHaveLength(8);
    // the stage's boxes stay four to a row even beside a question (no words in them), the lab's narrow frame takes two
    const beside = renderToStaticMarkup(createElement(HpuxJourney!, { ...props, width: 560, stage: true }));
    expect(beside).toContain('data-cols="4"');
    expect(renderToStaticMarkup(createElement(HpuxJourney!, { ...props, width: 560 }))).toContain('data-cols="2"');
    expect(stage).not.toContain('data-rules=');
    expect(lab).toContain('data-rules=');
    expect(stage).toContain('data-stage-words');
    expect(stage).toContain('slv-hpux-journey-stage');
    // what a stage does is said by the "Now:" line, not in every box
    const view = journeyView(props.report);
    if (view.kind !== 'journey') throw new Error('expected a journey');
    // the flush's words (stage 4): in its box in the lab, not in the stage's boxes
    const long = view.model.stages[3]!.rule.long.split(' ').slice(0, 3).join(' ');
    const boxes = (html: string) => /<svg[^>]*data-journey[\s\S]*?<\/svg>/.exec(html)![0];
    expect(boxes(lab)).toContain(long);
    expect(boxes(stage)).not.toContain(long);
    expect(stage).toContain('CPU copies');
    // the stage's legend names the groups its boxes show; the lab's, every group (as its rules table)
    const legend = (html: string) => /<ul[^>]*slv-legend[\s\S]*?<\/ul>/.exec(html)![0];
    const shownGroups = new Set(view.model.stages.map((s) => s.rule.group));
    expect(shownGroups.has('checksum')).toBe(false);
    expect(legend(stage)).not.toContain('CPU checksums');
    expect(legend(lab)).toContain('checksum');
    const head = (html: string) => /<figcaption[\s\S]*?<\/figcaption>/.exec(html)![0];
    expect(head(lab)).toContain('touched per send');
    expect(head(stage)).not.toContain('touched per send');
    const svgHeight = (html: string) => Number(/<svg width="[0-9.]+" height="([0-9.]+)"[^>]*data-journey/.exec(html)![1]);
    expect(svgHeight(stage)).toBeLessThan(svgHeight(lab));
  });
});
