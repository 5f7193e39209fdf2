/*
 * EmbedDialog.tsx -- the embed code for the page's lab or lesson: the iframe snippet,
 * the custom-element snippet, each with a Copy button that says, in words, that it
 * copied; and an optional origin that will receive learning events. A native modal
 * <dialog>: focus moves into it and stays there, Escape closes it, and focus returns
 * to the Embed button (EmbedCodeButton.tsx).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { MIN_HEIGHT } from './options.js';
import { MAX_HEIGHT, parseOrigins } from './protocol.js';
import { DEFAULT_HEIGHT, elementSnippet, iframeSnippet, targetOfHash } from './snippets.js';
import './embed.css';

function pageTitle(): string {
  const title = document.title.replace(/ · StackLab( lessons)?$/, '').replace(/^StackLab: /, '');
  return window.location.hash.startsWith('#/lessons/') ? `StackLab lesson: ${title}` : 'StackLab lab';
}

async function copyText(text: string, fallback: HTMLTextAreaElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard permission (an insecure page, an old browser): select it for Ctrl+C.
    fallback?.focus();
    fallback?.select();
    return false;
  }
}

function Snippet({ label, help, code }: { label: string; help: string; code: string }) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  // what the copy button said, for the code it copied: a new code clears it
  const [copied, setCopied] = useState({ code, said: '' });
  const said = copied.code === code ? copied.said : '';
  return (
    <div className="embed-snippet">
      <label htmlFor={`${id}-code`} className="embed-snippet-label">
        {label}
      </label>
      <p id={`${id}-help`} className="embed-help">
        {help}
      </p>
      <textarea
        id={`${id}-code`}
        ref={area}
        readOnly
        value={code}
        rows={Math.min(8, code.split('\n').length + Math.ceil(code.length / 90))}
        spellCheck={false}
        aria-describedby={`${id}-help`}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="embed-copy-row">
        <button
          type="button"
          className="btn btn-primary"
          onClick={async () => {
            const ok = await copyText(code, area.current);
            setCopied({
              code,
              said: ok
                ? `Copied ${label.toLowerCase()} to the clipboard.`
                : 'Could not reach the clipboard: the code is selected, press Ctrl+C (⌘C) to copy it.',
            });
          }}
        >
          Copy {label.toLowerCase()}
        </button>
        <span role="status" className="embed-copied">
          {said && (
            <>
              <span aria-hidden="true">✓ </span>
              {said}
            </>
          )}
        </span>
      </div>
    </div>
  );
}

export function EmbedDialog({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [originText, setOriginText] = useState('');
  const [heightText, setHeightText] = useState(String(DEFAULT_HEIGHT));
  useEffect(() => {
    const element = dialog.current!;
    element.showModal();
    return () => element.close();
  }, []);
  const base = window.location.origin + window.location.pathname.replace(/[^/]*$/, '');
  const origins = parseOrigins(originText.trim() ? [originText] : []);
  const target = targetOfHash(window.location.hash, pageTitle()) ?? { title: 'StackLab lab' };
  const withOrigins = { ...target, origins: origins.ok ? origins.origins : [] };
  const what = target.lesson ? 'this lesson' : 'this lab, as it is set now';
  const typed = /^\d+$/.test(heightText.trim()) ? Number(heightText.trim()) : NaN;
  const heightOk = typed >= MIN_HEIGHT && typed <= MAX_HEIGHT;
  const height = heightOk ? typed : DEFAULT_HEIGHT;
  return (
    <dialog
      ref={dialog}
      className="embed-dialog"
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={`${id}-title`}>Embed {what}</h2>
      <p className="embed-help">
        Paste either snippet into any page or documentation site that allows HTML. docs/embedding.md explains both and the events they send.
      </p>
      <div className="embed-origin">
        <label htmlFor={`${id}-origin`}>Send learning events to (optional)</label>
        <input
          id={`${id}-origin`}
          type="url"
          inputMode="url"
          placeholder="https://course.example.org"
          value={originText}
          aria-invalid={!origins.ok}
          aria-describedby={`${id}-origin-help`}
          onChange={(event) => setOriginText(event.target.value)}
        />
        <p id={`${id}-origin-help`} className={origins.ok ? 'embed-help' : 'embed-error'} role={origins.ok ? undefined : 'alert'}>
          {origins.ok
            ? 'The origin of the page that embeds the lab. Only that origin receives xAPI statements about answers and progress.'
            : origins.message}
        </p>
      </div>
      <div className="embed-origin">
        <label htmlFor={`${id}-height`}>Height in CSS pixels</label>
        <input
          id={`${id}-height`}
          type="number"
          inputMode="numeric"
          min={MIN_HEIGHT}
          max={MAX_HEIGHT}
          step={1}
          value={heightText}
          aria-invalid={!heightOk}
          aria-describedby={`${id}-height-help`}
          onChange={(event) => setHeightText(event.target.value)}
        />
        <p id={`${id}-height-help`} className={heightOk ? 'embed-help' : 'embed-error'} role={heightOk ? undefined : 'alert'}>
          {!heightOk
            ? `Write a whole number from ${MIN_HEIGHT} to ${MAX_HEIGHT}; the code below uses ${DEFAULT_HEIGHT} until then.`
            : target.lesson
              ? 'The iframe keeps this height and the lesson scrolls inside; the element starts here and grows to the lesson.'
              : 'The lab lays itself out for this height: below 700 px it folds its settings away so a view stays in sight. It shows the views you have on.'}
        </p>
      </div>
      <Snippet
        label="Iframe code"
        help="A plain iframe of fixed height: works in any documentation generator."
        code={iframeSnippet(base, withOrigins, height)}
      />
      <Snippet
        label="Element code"
        help="The <stacklab-embed> element: fits a lesson's height to its content, keeps a lab's, and keeps its styles to itself."
        code={elementSnippet(base, withOrigins, height)}
      />
      <div className="embed-dialog-actions">
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
