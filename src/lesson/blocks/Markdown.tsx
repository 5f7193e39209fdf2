/*
 * Markdown.tsx -- text from a lesson rendered through markdown.ts (raw HTML off, so the
 * HTML it produces is safe to insert): a block of paragraphs, or one inline line.
 */
import { useMemo } from 'react';
import { renderBlock, renderInline } from '../markdown.js';

export function Markdown({ text, inline }: { text: string; inline?: boolean }) {
  const html = useMemo(() => (inline ? renderInline(text) : renderBlock(text)), [text, inline]);
  return inline ? (
    <span className="lesson-md" dangerouslySetInnerHTML={{ __html: html }} />
  ) : (
    <div className="lesson-md lesson-prose" dangerouslySetInnerHTML={{ __html: html }} />
  );
}

/** HTML the parser already rendered (markdown.ts) for a part of a section. */
export function RenderedHtml({ html }: { html: string }) {
  return <div className="lesson-prose" dangerouslySetInnerHTML={{ __html: html }} />;
}
