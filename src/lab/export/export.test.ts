// Exports from the lab, on the real core: the metrics report as CSV (RFC 4180) and JSON,
// the trace window as a Chrome / Perfetto trace that passes the Trace Event Format
// validator (and the validator itself, on traces that break each rule), and the
// scenario file's round trip: export -> import gives the same scenario and, run again,
// a byte-identical report.
import { describe, expect, it } from 'vitest';
import { readSchema, runScenario, Simulation, TraceHistory, validateScenario, type Report, type ScenarioValues } from '../../core/index.js';
import { loadCoreFromDisk } from '../../core/node.js';
import { readPreset } from '../../core/presets.js';
import { csvField, reportCsv, reportJsonText, reportRows } from './metrics.js';
import { readScenarioFile, scenarioFileText } from './scenario-file.js';
import { LOCK_TID_BASE, QUEUE_TID_BASE, chromeTraceText, toChromeTrace, type TraceEvent } from './trace-event.js';
import { validateChromeTrace } from './trace-validate.js';
import { baseName, EXPORT_ITEMS, pictureFormats } from './items.js';
import type { LabState } from '../store.js';

const core = await loadCoreFromDisk();
const schema = readSchema(core);

function preset(name: string, overrides: ScenarioValues = {}): ScenarioValues {
  return { ...validateScenario(schema, readPreset(name)).values, ...overrides };
}

/** A short run of a preset, so the tests stay quick. */
const short = (name: string, durationNs = 60e6) => preset(name, { 'sim.duration_ns': durationNs, 'sim.warmup_ns': 10e6 });

/** Splits RFC 4180 CSV text into rows of fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

describe('metrics export', () => {
  const report = JSON.parse(runScenario(core, short('testbed-classic'))) as Report;

  it('JSON is the core report, every field unchanged', () => {
    expect(JSON.parse(reportJsonText(report))).toEqual(report);
    expect(reportJsonText(report).endsWith('}\n')).toBe(true);
  });

  it('CSV has a header and one row per value, named by path, the scenario first', () => {
    const csv = reportCsv(report);
    expect(csv.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(csv);
    expect(rows[0]).toEqual(['metric', 'value']);
    expect(rows.every((row) => row.length === 2)).toBe(true);
    const byMetric = new Map(rows.slice(1).map(([metric, value]) => [metric!, value!]));
    expect(rows.length - 1).toBe(byMetric.size); // no two rows share a name
    expect(rows[1]![0]).toMatch(/^scenario\./);
    expect(Number(byMetric.get('scenario.machine.cpus'))).toBe(
      report.scenario.machine && (report.scenario.machine as { cpus: number }).cpus,
    );
    expect(Number(byMetric.get('mpsynch_pct'))).toBe(report.mpsynch_pct);
    expect(Number(byMetric.get('throughput.transmit_packets_per_s'))).toBe(report.throughput.transmit_packets_per_s);
    const iolock8 = report.locks.find((lock) => lock.name === 'IOLOCK8')!;
    expect(Number(byMetric.get('locks.IOLOCK8.hold_pct'))).toBe(iolock8.hold_pct);
    expect(Number(byMetric.get(`cpus.${report.cpus.length - 1}.modes.spin`))).toBe(report.cpus[report.cpus.length - 1]!.modes.spin);
    expect(byMetric.get('scenario.kernel.kind')).toBe('classic');
    // Every number of the report is in the file.
    expect(reportRows(report).length).toBe(byMetric.size);
  });

  it('CSV quotes fields with commas, quotes and line breaks', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    const odd = { ...report, locks: [{ ...report.locks[0]!, name: 'odd, "lock"' }] } as Report;
    const rows = parseCsv(reportCsv(odd));
    expect(rows.some(([metric]) => metric === 'locks.odd, "lock".hold_pct')).toBe(true);
  });
});

/** Runs a scenario for a while and gives the lab's trace window over it, as the lab's store builds it. */
function traceWindowOf(values: ScenarioValues, runNs: number, capacity = 50_000) {
  const sim = Simulation.create(core, { ...values, 'sim.trace_capacity': 262_144 });
  try {
    const first = sim.snapshot();
    const history = new TraceHistory(capacity, schema, first.cpus.length);
    history.reset(
      first.nowNs,
      first.cpus.map((cpu) => schema.modes.indexOf(cpu.mode)),
      first.cpus.length,
    );
    for (let t = runNs / 8; t <= runNs; t += runNs / 8) {
      sim.runUntil(t);
      history.append(sim.readTrace());
    }
    const last = sim.snapshot();
    return {
      window: history.view(),
      nowNs: sim.now,
      cpus: last.cpus.length,
      lockNames: last.locks.map((lock) => lock.name),
      kernel: String(values['kernel.kind']),
    };
  } finally {
    sim.free();
  }
}

describe('trace export (Chrome / Perfetto Trace Event Format)', () => {
  for (const name of ['testbed-classic', 'testbed-scalable', 'sna-as-ported', 'gs160']) {
    it(`${name}: a real run converts to a trace the validator accepts, with every CPU's time in mode slices`, () => {
      const input = traceWindowOf(short(name, 200e6), 20e6);
      const trace = toChromeTrace({ schema, ...input });
      const check = validateChromeTrace(JSON.parse(chromeTraceText(trace)));
      expect(check.errors).toEqual([]);
      expect(check.ok).toBe(true);
      const events = trace.traceEvents;
      const { slice } = input.window;
      const kinds = schema.trace.kinds;
      const count = (kind: string) => slice.kind.filter((k) => k === kinds.indexOf(kind)).length;
      // Process and track names.
      expect(events.find((e) => e.ph === 'M' && e.name === 'process_name')?.args?.name).toMatch(/StackLab/);
      for (let cpu = 0; cpu < input.cpus; cpu++) {
        expect(events.some((e) => e.ph === 'M' && e.name === 'thread_name' && e.tid === cpu + 1 && e.args?.name === `CPU ${cpu}`)).toBe(
          true,
        );
        // Mode slices cover the whole span on every CPU (the window starts at 0 with known modes).
        const covered = events.filter((e) => e.ph === 'X' && e.cat === 'mode' && e.tid === cpu + 1).reduce((sum, e) => sum + e.dur!, 0);
        expect(covered).toBeCloseTo((input.nowNs - input.window.startNs) / 1000, 3);
      }
      // One hold slice per release, one spin slice per acquire after spinning, one instant per non-mode record.
      const holds = events.filter((e) => e.ph === 'X' && e.cat === 'lock.hold');
      expect(holds.length).toBe(count('release'));
      expect(holds.every((e) => e.tid >= LOCK_TID_BASE && e.tid < QUEUE_TID_BASE)).toBe(true);
      const spinsAfterWait = [...slice.kind.keys()].filter((i) => slice.kind[i] === kinds.indexOf('acquire') && slice.arg[i]! > 0).length;
      expect(events.filter((e) => e.ph === 'b' && e.cat === 'lock.spin').length).toBe(spinsAfterWait);
      expect(events.filter((e) => e.ph === 'i').length).toBe(slice.t.length - count('mode'));
      if (name.startsWith('testbed')) expect(count('release')).toBeGreaterThan(0);
      if (name === 'testbed-scalable') {
        const counters = events.filter((e) => e.ph === 'C');
        expect(counters.length).toBeGreaterThan(0);
        expect(counters.every((e) => typeof e.args?.length === 'number' && (e.args.length as number) >= 0)).toBe(true);
      }
      // The span is stated.
      expect(trace.otherData.span_start_ns).toBe(input.window.startNs);
      expect(trace.otherData.span_end_ns).toBe(input.nowNs);
    });
  }

  it('a window that lost its oldest records starts at the trimmed time, with the modes carried over', () => {
    const input = traceWindowOf(short('testbed-classic', 200e6), 20e6, 4000);
    expect(input.window.startNs).toBeGreaterThan(0);
    const trace = toChromeTrace({ schema, ...input });
    expect(validateChromeTrace(trace).errors).toEqual([]);
    const firstMode = trace.traceEvents.find((e) => e.ph === 'X' && e.cat === 'mode')!;
    expect(firstMode.ts).toBeCloseTo(input.window.startNs / 1000, 6);
    expect(trace.otherData.span_start_ns).toBe(input.window.startNs);
  });
});

describe('Trace Event Format validator', () => {
  const ok = (events: unknown[]) => validateChromeTrace({ traceEvents: events });
  const base = { pid: 1, tid: 1 };
  const errorsOf = (events: unknown[]) => ok(events).errors.join('\n');

  it('accepts a well-formed trace of every phase it knows, as an object or a bare array', () => {
    const events: TraceEvent[] = [
      { name: 'process_name', ph: 'M', pid: 1, tid: 0, args: { name: 'p' } },
      { name: 'thread_name', ph: 'M', pid: 1, tid: 1, args: { name: 't' } },
      { name: 'outer', ph: 'B', ts: 0, ...base },
      { name: 'x', ph: 'X', ts: 1, dur: 5, ...base },
      { name: 'inner', ph: 'X', ts: 2, dur: 1, ...base },
      { name: 'mark', ph: 'i', s: 't', ts: 3, ...base },
      { name: 'outer', ph: 'E', ts: 10, ...base },
      { name: 'len', ph: 'C', ts: 4, pid: 1, tid: 0, args: { length: 3 } },
      { name: 'a', ph: 'b', cat: 'c', id: '0x1', ts: 1, ...base },
      { name: 'a', ph: 'e', cat: 'c', id: '0x1', ts: 11, ...base },
    ];
    expect(ok(events)).toMatchObject({ ok: true, errors: [] });
    expect(validateChromeTrace(events).ok).toBe(true);
  });

  it('refuses a file that is not a trace', () => {
    expect(validateChromeTrace({ events: [] }).errors[0]).toMatch(/traceEvents/);
    expect(validateChromeTrace('text').ok).toBe(false);
    expect(validateChromeTrace({ traceEvents: [], displayTimeUnit: 'us' }).errors[0]).toMatch(/displayTimeUnit/);
  });

  it("requires each phase's fields", () => {
    expect(errorsOf([{ ph: 'X', ts: 0, dur: 1, ...base }])).toMatch(/no name/);
    expect(errorsOf([{ name: 'a', ph: 'Q', ts: 0, ...base }])).toMatch(/not a Trace Event Format phase/);
    expect(errorsOf([{ name: 'a', ph: 'B', ...base }])).toMatch(/no finite ts/);
    expect(errorsOf([{ name: 'a', ph: 'X', ts: 0, dur: 1, tid: 1 }])).toMatch(/no integer pid/);
    expect(errorsOf([{ name: 'a', ph: 'X', ts: 0, dur: 1, pid: 1 }])).toMatch(/no integer tid/);
    expect(errorsOf([{ name: 'a', ph: 'X', ts: 0, ...base }])).toMatch(/no finite dur/);
    expect(
      errorsOf([
        { name: 'a', ph: 'b', ts: 0, id: 1, ...base },
        { name: 'a', ph: 'e', ts: 1, id: 1, ...base },
      ]),
    ).toMatch(/no cat/);
    expect(errorsOf([{ name: 'a', ph: 'b', ts: 0, cat: 'c', ...base }])).toMatch(/no id/);
    expect(errorsOf([{ name: 'c', ph: 'C', ts: 0, ...base }])).toMatch(/counter\) has no args/);
    expect(errorsOf([{ name: 'c', ph: 'C', ts: 0, ...base, args: { n: 'x' } }])).toMatch(/not a number/);
    expect(errorsOf([{ name: 'i', ph: 'i', s: 'x', ts: 0, ...base }])).toMatch(/scope/);
    expect(errorsOf([{ name: 'thread_name', ph: 'M', ...base, args: {} }])).toMatch(/args.name/);
    expect(errorsOf([{ name: 'colour', ph: 'M', ...base, args: {} }])).toMatch(/metadata named/);
  });

  it('X durations are not negative and complete slices nest', () => {
    expect(errorsOf([{ name: 'a', ph: 'X', ts: 0, dur: -1, ...base }])).toMatch(/negative dur/);
    expect(
      errorsOf([
        { name: 'a', ph: 'X', ts: 0, dur: 10, ...base },
        { name: 'b', ph: 'X', ts: 5, dur: 10, ...base },
      ]),
    ).toMatch(/must nest/);
    // The same on two tracks is fine.
    expect(
      ok([
        { name: 'a', ph: 'X', ts: 0, dur: 10, ...base },
        { name: 'b', ph: 'X', ts: 5, dur: 10, pid: 1, tid: 2 },
      ]).ok,
    ).toBe(true);
  });

  it('B/E pairs nest per track', () => {
    expect(errorsOf([{ name: 'a', ph: 'E', ts: 0, ...base }])).toMatch(/closes nothing/);
    expect(
      errorsOf([
        { name: 'a', ph: 'B', ts: 0, ...base },
        { name: 'b', ph: 'B', ts: 1, ...base },
        { name: 'a', ph: 'E', ts: 2, ...base },
        { name: 'b', ph: 'E', ts: 3, ...base },
      ]),
    ).toMatch(/closes "b"/);
    expect(errorsOf([{ name: 'a', ph: 'B', ts: 0, ...base }])).toMatch(/unclosed/);
    // An E on another track does not close this track's B.
    expect(
      errorsOf([
        { name: 'a', ph: 'B', ts: 0, ...base },
        { name: 'a', ph: 'E', ts: 1, pid: 1, tid: 2 },
      ]),
    ).toMatch(/closes nothing/);
  });

  it('ts never goes back on a track', () => {
    expect(
      errorsOf([
        { name: 'a', ph: 'i', ts: 5, ...base },
        { name: 'b', ph: 'i', ts: 4, ...base },
      ]),
    ).toMatch(/goes back in time/);
    expect(
      ok([
        { name: 'a', ph: 'i', ts: 5, ...base },
        { name: 'b', ph: 'i', ts: 4, pid: 1, tid: 2 },
      ]).ok,
    ).toBe(true);
  });

  it('async ends need their begin', () => {
    expect(errorsOf([{ name: 'a', ph: 'e', cat: 'c', id: 7, ts: 0, ...base }])).toMatch(/no open "b"/);
    expect(errorsOf([{ name: 'a', ph: 'b', cat: 'c', id: 7, ts: 0, ...base }])).toMatch(/never ends/);
  });
});

describe('scenario file round trip', () => {
  for (const name of ['testbed-classic', 'testbed-scalable', 'sna-false-sharing', 'gs80']) {
    it(`${name}: export -> import gives the same scenario and a byte-identical report`, () => {
      const values = short(name);
      const text = scenarioFileText(schema, values);
      const read = readScenarioFile(schema, text);
      if (!read.ok) throw new Error(read.message + read.problems.join('\n'));
      expect(read.values).toEqual(values);
      expect(scenarioFileText(schema, read.values)).toBe(text);
      expect(runScenario(core, read.values)).toBe(runScenario(core, values));
    });
  }

  it('a changed seed changes the run (the seed travels in the file)', () => {
    const values = short('testbed-classic');
    const other = readScenarioFile(schema, scenarioFileText(schema, { ...values, 'sim.seed': Number(values['sim.seed']) + 1 }));
    if (!other.ok) throw new Error(other.message);
    expect(other.values['sim.seed']).toBe(Number(values['sim.seed']) + 1);
    expect(runScenario(core, other.values)).not.toBe(runScenario(core, values));
  });

  it('bad files are refused with a message that says what is wrong', () => {
    const empty = readScenarioFile(schema, '  ', '"a.json"');
    expect(empty).toMatchObject({ ok: false, message: expect.stringMatching(/"a.json" is empty/) });
    const broken = readScenarioFile(schema, '{\n  "machine": {"cpus": 4,}\n}', '"b.json"');
    expect(broken).toMatchObject({ ok: false, message: expect.stringMatching(/"b.json" is not JSON \(line 2, column \d+/) });
    const typo = readScenarioFile(schema, JSON.stringify({ machine: { cpu: 4 } }));
    expect(typo.ok).toBe(false);
    if (!typo.ok) expect(typo.problems.join(' ')).toMatch(/machine\.cpus/);
    const range = readScenarioFile(schema, JSON.stringify({ machine: { cpus: 0 } }));
    expect(range.ok).toBe(false);
    if (!range.ok) {
      expect(range.message).toMatch(/not a StackLab scenario the lab can run \(1 problem\)/);
      expect(range.problems[0]).toMatch(/machine\.cpus is 0, outside its range/);
    }
    const array = readScenarioFile(schema, '[1, 2]');
    expect(array.ok).toBe(false);
    if (!array.ok) expect(array.problems[0]).toMatch(/must be a JSON object/);
    // a file saved before sna.lock_kind's wake_one was renamed handoff: refused, naming the new name
    const renamed = readScenarioFile(schema, JSON.stringify({ kernel: { kind: 'sna' }, sna: { lock_kind: 'wake_one' } }));
    expect(renamed.ok).toBe(false);
    if (!renamed.ok)
      expect(renamed.problems).toEqual([
        'sna.lock_kind is "wake_one", a name that was renamed: it is now "handoff" (the same behaviour under its new name). Fix: set sna.lock_kind to "handoff".',
      ]);
  });
});

describe("the menu's items (items.ts)", () => {
  const values = short('testbed-classic');
  const report = JSON.parse(runScenario(core, values)) as Report;
  const traced = traceWindowOf(values, 20e6);
  const sim = Simulation.create(core, values);
  const snapshot = sim.snapshot();
  sim.free();
  const loading = {
    schema: undefined,
    scenario: values,
    report: undefined,
    finalReport: undefined,
    trace: undefined,
    snapshot: undefined,
    nowNs: 0,
  } as unknown as LabState;
  const ran = {
    ...loading,
    schema,
    report,
    finalReport: report,
    trace: traced.window,
    snapshot,
    nowNs: traced.nowNs,
  } as unknown as LabState;
  const item = (id: string) => EXPORT_ITEMS.find((it) => it.id === id)!;

  it.each([
    ['metrics-csv', false, true],
    ['metrics-json', false, true],
    ['scenario', false, true],
    ['trace', false, true],
  ] as const)('%s: available while loading %s, after a run %s', (id, whileLoading, afterRun) => {
    expect(item(id).available(loading)).toBe(whileLoading);
    expect(item(id).available(ran)).toBe(afterRun);
  });

  it('each saves a file named after the run, says what it saved, and saves nothing it cannot', async () => {
    const name = baseName(values);
    expect(name).toBe(`stacklab-classic-${String(values['machine.cpus'])}cpu-seed${String(values['sim.seed'])}`);
    const files: Record<string, string> = {
      'metrics-csv': `${name}-metrics.csv`,
      'metrics-json': `${name}-metrics.json`,
      scenario: `${name}-scenario.json`,
      trace: `${name}-trace.json`,
    };
    for (const [id, file] of Object.entries(files)) {
      const result = await item(id).run(ran, name);
      expect('file' in result && result.file.name, id).toBe(file);
      expect(result.said, id).toMatch(/^Saved the /);
      const none = await item(id).run(loading, name);
      expect('file' in none, id).toBe(false);
      expect(none.said, id).toMatch(/^Nothing to save yet: /);
    }
    const json = await item('metrics-json').run(ran, name);
    expect('file' in json && JSON.parse(json.file.content as string)).toEqual(report);
  });

  it('a view offers PNG and SVG, PNG only when drawn on canvas, nothing before it has drawn', () => {
    expect(pictureFormats({ id: 'lock', title: 'Spinlock', picture: 'svg' })).toEqual(['png', 'svg']);
    expect(pictureFormats({ id: 'timeline', title: 'Timeline', picture: 'raster' })).toEqual(['png']);
    expect(pictureFormats({ id: 'modes', title: 'Modes', picture: 'none' })).toEqual([]);
  });
});
