/*
 * items.ts -- what the Export menu offers, as a list of small items: each says in which
 * section it goes, its button's words, whether the lab's state allows it yet, and what
 * it saves (a file's name, content and type) with the line the menu then says. The menu
 * (ExportMenu.tsx) draws the sections' buttons from this list and does the saving; a new
 * export is an item here. Views' pictures are items too, one or two per view on screen
 * (viewItems).
 */
import { reportCsv, reportJsonText } from './metrics.js';
import { chartOf, chartPng, chartSvgText } from './chart.js';
import { chromeTraceText, toChromeTrace } from './trace-event.js';
import type { LabState } from '../store.js';

/** A file to save. */
export interface Saved {
  name: string;
  content: Blob | string;
  type: string;
}

/** What an item's run gives: the file and the words the menu says, or only words (nothing to save). */
export type ItemResult = { file: Saved; said: string } | { said: string };

export type ExportSection = 'metrics' | 'trace';

export interface ExportItem {
  id: string;
  section: ExportSection;
  /** The button's words. */
  label: string;
  /** Whether the lab's state allows it now (else its button is disabled). */
  available(state: LabState): boolean;
  /** The file it saves from the lab's state, named after the run (baseName). */
  run(state: LabState, baseName: string): Promise<ItemResult>;
}

/** A file name's stem for the lab's run: "stacklab-classic-16cpu-seed1". */
export function baseName(scenario: LabState['scenario']): string {
  return `stacklab-${String(scenario['kernel.kind'] ?? 'lab')}-${String(scenario['machine.cpus'] ?? '')}cpu-seed${String(scenario['sim.seed'] ?? 0)}`;
}

const reportOf = (state: LabState) => state.finalReport ?? state.report;
const nothing = (what: string): ItemResult => ({ said: `Nothing to save yet: ${what}.` });

function metricsItem(format: 'csv' | 'json'): ExportItem {
  return {
    id: `metrics-${format}`,
    section: 'metrics',
    label: `Metrics (${format.toUpperCase()})`,
    available: (state) => !!reportOf(state),
    run: async (state, name) => {
      const report = reportOf(state);
      if (!report) return nothing('the lab has no metrics');
      const file =
        format === 'csv'
          ? { name: `${name}-metrics.csv`, content: reportCsv(report), type: 'text/csv' }
          : { name: `${name}-metrics.json`, content: reportJsonText(report), type: 'application/json' };
      return { file, said: `Saved the metrics as ${format.toUpperCase()}.` };
    },
  };
}

/** The menu's items, in its order (the scenario's import is the menu's own: it opens a file). */
export const EXPORT_ITEMS: readonly ExportItem[] = [
  metricsItem('csv'),
  metricsItem('json'),
  {
    id: 'scenario',
    section: 'metrics',
    label: 'Scenario (JSON)',
    available: (state) => !!state.schema,
    run: async (state, name) => {
      if (!state.schema) return nothing('the lab has not loaded');
      const { scenarioFileText } = await import('./scenario-file.js');
      return {
        file: { name: `${name}-scenario.json`, content: scenarioFileText(state.schema, state.scenario), type: 'application/json' },
        said: 'Saved the scenario. Import it to open this exact run again.',
      };
    },
  },
  {
    id: 'trace',
    section: 'trace',
    label: 'Trace for Perfetto (JSON)',
    available: (state) => (state.trace?.slice.t.length ?? 0) > 0,
    run: async (state, name) => {
      if (!state.schema || !state.trace || !state.snapshot) return nothing('the lab has no trace records');
      const trace = toChromeTrace({
        schema: state.schema,
        window: state.trace,
        nowNs: state.nowNs,
        cpus: state.snapshot.cpus.length,
        lockNames: state.snapshot.locks.map((lock) => lock.name),
        kernel: String(state.scenario['kernel.kind']),
      });
      return {
        file: { name: `${name}-trace.json`, content: chromeTraceText(trace), type: 'application/json' },
        said: 'Saved the trace. Open it at ui.perfetto.dev (Open trace file).',
      };
    },
  },
];

/** A view on screen, as the menu lists it. */
export interface ViewOnScreen {
  id: string;
  title: string;
  /** What the view drew: an SVG (PNG and SVG), a canvas (PNG only) or nothing yet. */
  picture: 'none' | 'svg' | 'raster';
}

/** A view's picture saved as PNG or SVG: the figure found afresh in the lab (it may have gone). */
export async function viewPicture(
  figure: Element | null | undefined,
  view: ViewOnScreen,
  format: 'png' | 'svg',
  name: string,
): Promise<ItemResult> {
  const chart = figure ? chartOf(figure) : undefined;
  if (!chart) return { said: `The ${view.title} view is not on screen any more.` };
  try {
    const file =
      format === 'svg'
        ? { name: `${name}-${view.id}.svg`, content: chartSvgText(chart, `StackLab: ${view.title}`), type: 'image/svg+xml' }
        : { name: `${name}-${view.id}.png`, content: await chartPng(chart, 2), type: 'image/png' };
    return { file, said: `Saved the ${view.title} view as ${format.toUpperCase()}.` };
  } catch (error) {
    return { said: `Could not save the ${view.title} view: ${(error as Error).message}.` };
  }
}

/** The picture formats a view on screen can be saved in. */
export function pictureFormats(view: ViewOnScreen): ('png' | 'svg')[] {
  return view.picture === 'svg' ? ['png', 'svg'] : view.picture === 'raster' ? ['png'] : [];
}
