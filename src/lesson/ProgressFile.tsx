/*
 * ProgressFile.tsx -- "Save my progress to a file" and "Load progress from a file" on
 * the lessons page (progress-file.ts does the reading and merging). The outcome is said
 * in words in a live region: how many lessons came in, or why a file was refused and
 * that nothing changed.
 */
import { useId, useRef, useState } from 'react';
import { useProgressState } from './hooks.js';
import { progressStore } from './progress.js';
import { MAX_PROGRESS_FILE_BYTES, mergeProgress, progressFile, progressFileName, readProgressFile } from './progress-file.js';
import './progress-file.css';
import { readTextFile } from '../shared/text-file.js';

export function ProgressFile() {
  const id = useId();
  const { data, notice } = useProgressState();
  const input = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  const lessons = Object.keys(data.lessons).length;

  const save = () => {
    const blob = new Blob([JSON.stringify(progressFile(data), null, 2)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = progressFileName();
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    setMessage({ ok: true, text: `Saved your progress in ${lessons} lesson${lessons === 1 ? '' : 's'} as ${link.download}.` });
  };

  const load = async (file: File) => {
    if (notice?.kind === 'newer') {
      setMessage({
        ok: false,
        text: 'This browser holds progress from a newer StackLab, which this one cannot merge into. Nothing was imported.',
      });
      return;
    }
    const bytes = await readTextFile(file, MAX_PROGRESS_FILE_BYTES);
    if (!bytes.ok) {
      setMessage({ ok: false, text: `${bytes.message} Your progress has not changed.` });
      return;
    }
    const read = readProgressFile(bytes.text, file.name);
    if (!read.ok) {
      setMessage({ ok: false, text: read.message });
      return;
    }
    const store = progressStore();
    store.adopt(mergeProgress(store.getState().data, read.data));
    const n = read.lessons;
    setMessage({
      ok: true,
      text: `Imported progress in ${n} lesson${n === 1 ? '' : 's'} from ${file.name}, merged with what this browser had.${read.dropped ? ` ${read.dropped}` : ''}`,
    });
  };

  return (
    <section className="progress-file" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Your progress as a file</h2>
      <p className="lesson-muted">
        Keep your predictions and answers, move them to another browser, or hand them in. Loading a file adds to what this browser has; it
        never removes anything.
      </p>
      <div className="progress-file-row">
        <button type="button" className="btn" onClick={save}>
          Save my progress to a file
        </button>
        <button type="button" className="btn" onClick={() => input.current?.click()}>
          Load progress from a file…
        </button>
        <input
          ref={input}
          type="file"
          accept="application/json,.json"
          hidden
          aria-label="Progress file to load"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void load(file);
          }}
        />
      </div>
      <p
        role="status"
        className={`progress-file-message ${message ? (message.ok ? 'progress-file-ok' : 'progress-file-error') : ''}`}
        data-testid="progress-file-message"
      >
        {message && (
          <>
            <span aria-hidden="true">{message.ok ? '✓ ' : '✗ '}</span>
            {message.text}
          </>
        )}
      </p>
    </section>
  );
}
