/*
 * EmbedCodeButton.tsx -- "Embed" on every lab and lesson: opens a dialog with the code
 * that embeds what the page shows (snippets.ts). The dialog is a lazy chunk, loaded on
 * the first press, so the button costs the lab's first load almost nothing. Not shown
 * inside an embed (the host already has the code).
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';

const EmbedDialog = lazy(() => import('../embed/EmbedDialog.js').then((m) => ({ default: m.EmbedDialog })));

export function EmbedCodeButton() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Back to the button once the dialog has closed (while it is open, the page outside it is inert).
  const wasOpen = useRef(false);
  useEffect(() => {
    if (!open && wasOpen.current) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  if (typeof window !== 'undefined' && window.location.hash.startsWith('#/embed')) return null;
  return (
    <>
      <button ref={button} type="button" className="btn embed-code-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Embed…
      </button>
      {open && (
        <Suspense fallback={null}>
          <EmbedDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
