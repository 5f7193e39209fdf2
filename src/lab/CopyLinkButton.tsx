/*
 * CopyLinkButton.tsx -- copies the page's address, which always holds the page's state
 * (the lab's scenario and views, or both sides of a comparison), to the clipboard, and
 * says what the link opens; where the clipboard is refused, says to copy it by hand.
 */
import { useState } from 'react';

export function CopyLinkButton({ opens }: { opens: string }) {
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      setSaid(`Link copied: it opens ${opens}.`);
    } catch {
      setSaid(`Copy the address from the address bar: it opens ${opens}.`);
    }
  };
  return (
    <span className="share">
      <button type="button" className="btn" onClick={() => void copy()}>
        Copy link
      </button>
      <span role="status" className="share-status">
        {said}
      </span>
    </span>
  );
}
