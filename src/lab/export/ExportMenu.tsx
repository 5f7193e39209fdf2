/*
 * ExportMenu.tsx -- the lab toolbar's Export menu (loaded lazily: nothing here is needed
 * for the first picture). A disclosure button opens a panel of plain buttons, so Tab,
 * Enter and Space work as everywhere else; Escape closes it and gives focus back to
 * the button. It offers:
 *   - the metrics report as CSV and JSON (metrics.ts): the final report once the run
 *     has ended, else the report so far, and the panel says which;
 *   - the scenario as a JSON file that re-opens the identical run (scenario-file.ts),
 *     and Import scenario, which checks a file with the scenario schema and says in
 *     words what is wrong with a bad one;
 *   - the trace window as a Perfetto / Chrome JSON trace (trace-event.ts), with the
 *     span of simulated time it covers (the lab keeps only the newest records);
 *   - every view on screen as PNG (2x), and views drawn in SVG as SVG too (chart.ts).
 * What each offers and saves is a list of items (items.ts); this file draws them and saves.
 */
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { formatMs } from '../../views/format.js';
import type { LabStore } from '../store.js';
import { viewTitle } from '../../shared/view-ids.js';
import { chartOf } from './chart.js';
import { traceSpan } from './trace-event.js';
import { baseName, EXPORT_ITEMS, pictureFormats, viewPicture, type ExportItem, type ItemResult, type ViewOnScreen } from './items.js';
import './export.css';
import { readTextFile } from '../../shared/text-file.js';

export interface ExportMenuProps {
  store: LabStore;
  /** The lab's root element: its views are found inside it. */
  labRoot: RefObject<HTMLElement | null>;
}

/** Offers a file to the browser's downloads. */
export function download(name: string, content: Blob | string, type: string): void {
  const blob = typeof content === 'string' ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function viewsOnScreen(root: HTMLElement | null): ViewOnScreen[] {
  if (!root) return [];
  return [...root.querySelectorAll<HTMLElement>('[data-slot]')].flatMap((slot) => {
    const id = slot.dataset.slot ?? '';
    const figure = slot.querySelector('[data-view]');
    if (!figure) return [];
    const chart = chartOf(figure);
    return [{ id, title: viewTitle(id), picture: !chart ? 'none' : chart.vector ? 'svg' : 'raster' }];
  });
}

export function ExportMenu({ store, labRoot }: ExportMenuProps) {
  const [open, setOpen] = useState(false);
  const [said, setSaid] = useState('');
  const [importError, setImportError] = useState<{ message: string; problems: string[] } | undefined>();
  const [views, setViews] = useState<ViewOnScreen[]>([]);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const state = store.getState();
  // While open, the words (how far the run is, what the trace covers) and the list of
  // views follow the lab: a view that draws its first picture after the menu opened gets
  // its buttons then.
  const [, refresh] = useState(0);
  useEffect(() => {
    if (!open) return undefined;
    const timer = setInterval(() => {
      refresh((n) => n + 1);
      const now = viewsOnScreen(labRoot.current);
      setViews((before) => (JSON.stringify(before) === JSON.stringify(now) ? before : now));
    }, 500);
    return () => clearInterval(timer);
  }, [open, labRoot]);

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (wrapper.current && !wrapper.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };

  const report = state.finalReport ?? state.report;
  const reportWords = state.finalReport
    ? 'Metrics of the finished run.'
    : report
      ? `Metrics of the run so far (${formatMs(report.simulated_ns, 1)} of ${formatMs(state.durationNs, 1)} simulated). Run to the end for the final report.`
      : 'No metrics yet: play the lab or run it to the end first.';
  const span = state.trace ? traceSpan(state.trace, state.nowNs) : undefined;
  const spanWords =
    span && span.records > 0
      ? `Covers simulated time ${formatMs(span.startNs, 3)} to ${formatMs(span.endNs, 3)} (${span.records.toLocaleString('en')} records): the lab keeps only the newest records${span.dropped > 0 ? `, and ${span.dropped.toLocaleString('en')} were dropped` : ''}.`
      : 'No trace records yet: play or step the lab first.';

  /** Saves what an item (or a view's picture) gives, and says so. */
  const saved = (result: ItemResult) => {
    if ('file' in result) download(result.file.name, result.file.content, result.file.type);
    setSaid(result.said);
  };
  const runItem = async (item: ExportItem) => saved(await item.run(store.getState(), baseName(store.getState().scenario)));
  const exportChart = async (view: ViewOnScreen, format: 'png' | 'svg') => {
    const figure = labRoot.current?.querySelector(`[data-slot="${view.id}"] [data-view]`);
    saved(await viewPicture(figure, view, format, baseName(store.getState().scenario)));
  };
  const itemButton = (item: ExportItem, describedBy?: string) => (
    <button
      key={item.id}
      type="button"
      className="btn"
      disabled={!item.available(state)}
      aria-describedby={describedBy}
      onClick={() => void runItem(item)}
    >
      {item.label}
    </button>
  );

  const importFile = async (file: File) => {
    const current = store.getState();
    if (!current.schema) return;
    const { MAX_SCENARIO_BYTES, readScenarioFile } = await import('./scenario-file.js');
    const bytes = await readTextFile(file, MAX_SCENARIO_BYTES);
    if (!bytes.ok) {
      setImportError({ message: bytes.message, problems: [] });
      close();
      return;
    }
    const result = readScenarioFile(current.schema, bytes.text, `"${file.name}"`);
    if (!result.ok) {
      // The alert below the button says what is wrong; the panel gets out of its way.
      setImportError({ message: result.message, problems: result.problems });
      close();
      return;
    }
    setImportError(undefined);
    store.setScenario(result.values);
    setSaid(`Imported "${file.name}": the lab now runs its scenario.`);
    close();
  };

  return (
    <div
      className="export"
      ref={wrapper}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <button
        type="button"
        className="btn"
        ref={toggle}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          // opening: the views on screen now get their buttons (and those that come later, by the timer above)
          if (!open) setViews(viewsOnScreen(labRoot.current));
          setOpen(!open);
        }}
      >
        Export <span aria-hidden="true">▾</span>
      </button>
      <div id={panelId} className="export-panel" hidden={!open} role="group" aria-label="Export and import">
        {open && (
          <>
            <section aria-labelledby={`${panelId}-metrics`}>
              <h2 className="export-heading" id={`${panelId}-metrics`}>
                Metrics and scenario
              </h2>
              <p className="export-note">{reportWords}</p>
              <div className="export-row">
                {EXPORT_ITEMS.filter((item) => item.section === 'metrics').map((item) => itemButton(item))}
                <button type="button" className="btn" disabled={!state.schema} onClick={() => fileInput.current?.click()}>
                  Import scenario…
                </button>
              </div>
            </section>
            <section aria-labelledby={`${panelId}-trace`}>
              <h2 className="export-heading" id={`${panelId}-trace`}>
                Trace
              </h2>
              <p className="export-note" id={`${panelId}-span`}>
                {spanWords}
              </p>
              {EXPORT_ITEMS.filter((item) => item.section === 'trace').map((item) => itemButton(item, `${panelId}-span`))}
            </section>
            <section aria-labelledby={`${panelId}-charts`}>
              <h2 className="export-heading" id={`${panelId}-charts`}>
                Views on screen
              </h2>
              {views.length === 0 ? (
                <p className="export-note">No view is on screen.</p>
              ) : (
                <ul className="export-views">
                  {views.map((view) => (
                    <li key={view.id}>
                      <span className="export-view-name">{view.title}</span>
                      {pictureFormats(view).map((format) => (
                        <button
                          key={format}
                          type="button"
                          className="btn"
                          aria-label={`${view.title} as ${format.toUpperCase()}`}
                          onClick={() => void exportChart(view, format)}
                        >
                          {format.toUpperCase()}
                        </button>
                      ))}
                      {view.picture === 'none' && (
                        <span className="export-note">no picture drawn (yet): its numbers are in the metrics</span>
                      )}
                      {view.picture === 'raster' && <span className="export-note">drawn on canvas: PNG only</span>}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </div>
      <input
        ref={fileInput}
        type="file"
        accept=".json,application/json"
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Scenario file to import"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void importFile(file);
        }}
      />
      <span role="status" className="share-status">
        {said}
      </span>
      {importError && (
        <div className="export-error" role="alert">
          <p>
            <strong>Could not import the scenario.</strong> {importError.message}
          </p>
          {importError.problems.length > 0 && (
            <ul>
              {importError.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
          <p>The lab keeps running its current scenario.</p>
          <button type="button" className="btn" onClick={() => setImportError(undefined)}>
            Dismiss
          </button>
        </div>
      )}
    </div>
  );
}

export default ExportMenu;
