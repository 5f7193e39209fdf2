/*
 * Figure.tsx -- a ```figure (a built-in diagram or a table of figures, captioned and
 * credited) and a ```note (a short aside: a tip, a caution, or what the paper says).
 */
import type { FigureComponent, NoteComponent } from '../components.js';
import { Diagram } from '../Diagrams.js';
import { Markdown } from './Markdown.js';

export function Figure({ figure }: { figure: FigureComponent }) {
  return (
    <figure className="lesson-figure">
      {figure.diagram && <Diagram id={figure.diagram} />}
      {figure.table && (
        <div className="lesson-table-wrap">
          <table className="lesson-table">
            <thead>
              <tr>
                {figure.table.columns.map((column, i) => (
                  <th key={i} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {figure.table.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) =>
                    c === 0 ? (
                      <th key={c} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={c}>{cell}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <figcaption>
        <Markdown inline text={figure.caption} />
        {figure.source && (
          <span className="lesson-figure-source">
            {' '}
            <Markdown inline text={figure.source} />
          </span>
        )}
      </figcaption>
    </figure>
  );
}

const NOTE_TITLES: Record<NoteComponent['kind'], string> = { tip: 'Tip', caution: 'Caution', paper: 'From the paper' };

export function Note({ note }: { note: NoteComponent }) {
  return (
    <aside className={`lesson-note lesson-note-${note.kind}`} aria-label={note.title ?? NOTE_TITLES[note.kind]}>
      <p className="lesson-note-title">{note.title ?? NOTE_TITLES[note.kind]}</p>
      <Markdown text={note.text} />
    </aside>
  );
}
