/*
 * ViewFrame.tsx -- the frame every view draws in: a <figure> carrying the theme as CSS
 * variables, a visible title and headline numbers, the view's text equivalent (read
 * by screen readers, visually hidden) and an optional data-table toggle. Graphics
 * inside are aria-hidden unless they are interactive; the words carry the content.
 *
 * While a view changes on every frame, its text equivalent is written at most every
 * SUMMARY_EVERY_MS (a screen reader reads it when asked, not 60 times a second, and
 * writing a paragraph per view per frame costs layout), and the newest always lands
 * once the view has been still that long. A view may pass it, and its table's rows, as
 * functions, so they are not even made on the frames that do not show them.
 */
import { useEffect, useId, useState, type CSSProperties, type ReactNode } from 'react';
import { themeTokens, type Theme } from '../palette.js';
import { usePrefersReducedMotion } from '../motion.js';
import '../views.css';

type Rows = readonly (readonly (string | number)[])[];

export interface DataTableSpec {
  caption: string;
  columns: readonly string[];
  /** The rows, or a function that makes them (called only while the table is open). */
  rows: Rows | (() => Rows);
}

export interface ViewFrameProps {
  theme?: Theme;
  /** Visible title, in the source's words. */
  title: string;
  /** Key numbers shown next to the title (big, for the back row). */
  headline?: ReactNode;
  /** The text equivalent of the whole view (or a function that writes it, called only when it is due). */
  summary: string | (() => string);
  /** Legend shown under the graphic. */
  legend?: ReactNode;
  /** Data behind the graphic; a button shows it as a table. */
  table?: DataTableSpec;
  width?: number;
  className?: string;
  /** Stable hook for tests and the shell (data-view attribute). */
  view: string;
  children: ReactNode;
}

/** Room inside a view of the given width: its padding (14 px) and border (up to 2 px) on each side. */
export function innerWidth(width: number): number {
  return Math.max(0, width - 2 * (14 + 2));
}

/** The theme's tokens as CSS custom properties on the view's root. */
export function themeStyle(theme: Theme | undefined, width?: number): CSSProperties {
  const t = themeTokens(theme);
  return {
    '--slv-bg': t.background,
    '--slv-surface': t.surface,
    '--slv-text': t.text,
    '--slv-muted': t.muted,
    '--slv-grid': t.grid,
    '--slv-focus': t.focus,
    '--slv-font': t.fontFamily,
    '--slv-mono': t.monoFamily,
    '--slv-fs': `${t.fontSize}px`,
    '--slv-fs-small': `${t.smallSize}px`,
    '--slv-fs-large': `${t.largeSize}px`,
    '--slv-fs-headline': `${t.headlineSize}px`,
    width: width !== undefined ? `${width}px` : undefined,
  } as CSSProperties;
}

/** Most often a view's text equivalent is rewritten while the view changes on every frame. */
export const SUMMARY_EVERY_MS = 400;

/**
 * The text equivalent to show now: the newest when SUMMARY_EVERY_MS has passed since the
 * last was written, else the last, caught up later. No clock is read while rendering: a
 * timer marks the written text due for rewriting SUMMARY_EVERY_MS after it was put on
 * screen, and that timer's render (or a later one) writes the newest.
 */
function useSummary(summary: string | (() => string)): string {
  const textOf = (s: string | (() => string)) => (typeof s === 'function' ? s() : s);
  const [kept, setKept] = useState(() => ({ text: textOf(summary), from: summary }));
  const [due, setDue] = useState(false);
  // written while rendering when due and given another summary (React's "storing
  // information from previous renders": a discarded render changes nothing)
  const write = due && summary !== kept.from;
  const text = write ? textOf(summary) : kept.text;
  if (write) {
    setKept({ text, from: summary });
    setDue(false);
  }
  // a summary written is due for rewriting SUMMARY_EVERY_MS later, so the last frame's words always land
  useEffect(() => {
    const timer = setTimeout(() => setDue(true), SUMMARY_EVERY_MS);
    return () => clearTimeout(timer);
  }, [kept]);
  return text;
}

export function ViewFrame(props: ViewFrameProps) {
  const reduced = usePrefersReducedMotion();
  const summary = useSummary(props.summary);
  const titleId = useId();
  const summaryId = useId();
  const classes = ['slv', `slv-theme-${props.theme ?? 'light'}`, reduced ? 'slv-reduced' : '', props.className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <figure
      className={classes}
      style={themeStyle(props.theme, props.width)}
      data-view={props.view}
      aria-labelledby={titleId}
      aria-describedby={summaryId}
    >
      <figcaption className="slv-head">
        <span className="slv-title" id={titleId}>
          {props.title}
        </span>
        {props.headline !== undefined && <span className="slv-headline">{props.headline}</span>}
      </figcaption>
      {props.children}
      {props.legend}
      <p className="slv-sr-only" id={summaryId} data-summary="">
        {summary}
      </p>
      {props.table && <DataTableToggle table={props.table} />}
    </figure>
  );
}

/** A button that shows or hides the data behind a view as an HTML table. */
export function DataTableToggle({ table }: { table: DataTableSpec }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="slv-table-toggle">
      <button type="button" className="slv-button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {open ? 'Hide data table' : 'Show data table'}
      </button>
      <div id={id} hidden={!open}>
        {open && <DataTable table={table} />}
      </div>
    </div>
  );
}

export function DataTable({ table }: { table: DataTableSpec }) {
  const rows = typeof table.rows === 'function' ? table.rows() : table.rows;
  return (
    <table className="slv-table">
      <caption>{table.caption}</caption>
      <thead>
        <tr>
          {table.columns.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            {row.map((cell, j) =>
              j === 0 ? (
                <th key={j} scope="row">
                  {cell}
                </th>
              ) : (
                <td key={j}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
