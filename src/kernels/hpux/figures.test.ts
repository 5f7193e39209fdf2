/*
 * hpux-figures.test.ts -- the HP-UX figures and the journey from a REAL run of the core
 * just after its warm-up, before a send has finished: they say they are measuring
 * instead of showing the per-send figures as 0 (0/0 is no measurement), and show them
 * once a send has finished.
 */
import { describe, expect, it } from 'vitest';
import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { checkScenario, nestScenario, readSchema, Simulation, type Report } from '../../core/index.js';
import { loadCoreFromDisk } from '../../core/node.js';
import { readPreset } from '../../core/presets.js';
import { flattenScenario } from '../../core/scenario-values.js';
import { journeySummary, journeyView } from './journey/model.js';
import { NO_SEND_YET } from './data.js';

const core = await loadCoreFromDisk();

/** The reports of the preset `afterNs` past its warm-up, one for each. */
function reportsAfterWarmup(preset: string, afterNs: readonly number[]): Report[] {
  const checked = checkScenario(readSchema(core), nestScenario(flattenScenario(readPreset(preset))));
  if (!checked.ok) throw new Error(checked.problems.map((p) => p.message).join(' '));
  const sim = Simulation.create(core, checked.values);
  try {
    const warmup = Number(checked.values['sim.warmup_ns']);
    return afterNs.map((ns) => {
      sim.runUntil(warmup + ns);
      return sim.report() as Report;
    });
  } finally {
    sim.free();
  }
}

// .tsx is compiled by Vitest at run time (tsconfig.test.json has no JSX setting)
const FIGURES_PATH = './Figures.tsx';
const figures = async () =>
  ((await import(/* @vite-ignore */ FIGURES_PATH)) as { default: FunctionComponent<{ report?: Report }> }).default;

describe('before the first send has finished', () => {
  const [early, later] = reportsAfterWarmup('hpux-fddi-copies', [50_000, 1_000_000]);

  it('the core has measured no send yet, and a report with its per-send figures at 0', () => {
    expect(early!.hpux!.sends_per_s).toBe(0);
    expect(early!.hpux!.throughput_mbps).toBe(0);
    expect(early!.hpux!.cpu_us_per_kb).toBe(0);
    expect(later!.hpux!.sends_per_s).toBeGreaterThan(0);
  });

  it('the figures say they are measuring, not 0.0 Mb/s or 0.0 µs; the CPU busy is measured and shown', async () => {
    const Figures = await figures();
    const html = renderToStaticMarkup(createElement(Figures, { report: early }));
    expect(html).toContain('measuring: no send finished yet');
    expect(html).not.toMatch(/0\.0 Mb\/s|0\.0 µs/);
    expect(html).toMatch(/data-testid="fig-hpux" data-value=""/);
    expect(html).toMatch(/data-testid="fig-hpux-cpu" data-value="\d/);
    const after = renderToStaticMarkup(createElement(Figures, { report: later }));
    expect(after).not.toContain('measuring');
    expect(after).toMatch(/\d+\.\d Mb\/s/);
  });

  it('the journey waits for a send rather than draw every stage at 0 ns', () => {
    const view = journeyView(early);
    expect(view).toEqual({ kind: 'no-send' });
    expect(journeySummary(view)).toBe(NO_SEND_YET);
    expect(journeyView(later).kind).toBe('journey');
  });
});
