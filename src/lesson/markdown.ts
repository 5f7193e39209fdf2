/*
 * markdown.ts -- the one Markdown renderer lessons use. Raw HTML is off (written HTML
 * is shown as text, never injected), links keep markdown-it's check that refuses
 * javascript:, vbscript:, file: and data: URLs, and external links open safely in a
 * new tab. Everything a lesson renders as HTML passes through here.
 */
import MarkdownIt from 'markdown-it';

export const md = new MarkdownIt({ html: false, linkify: false, typographer: true, breaks: false });

// Lesson pages live under hash routes (#/lessons/...), where an in-page "#anchor" link
// would change the route: the parser (parse.ts) allows only http(s), mailto and #/route
// links. Links that leave the app open in a new tab without access to this page.
const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const href = String(token.attrGet('href') ?? '');
  if (/^https?:\/\//i.test(href)) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer');
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};

// A code block wider than the column scrolls sideways; it takes focus so the keyboard
// can scroll it (WCAG: scrollable regions must be keyboard accessible).
for (const rule of ['fence', 'code_block'] as const) {
  const render = md.renderer.rules[rule]!;
  md.renderer.rules[rule] = (tokens, idx, options, env, self) =>
    render(tokens, idx, options, env, self).replace(/^<pre>/, '<pre tabindex="0">');
}

// A table wider than the column (a phone, a docs column) scrolls sideways inside a
// region of its own, which takes focus for the keyboard, rather than widen the page.
md.renderer.rules.table_open = (tokens, idx, options, _env, self) =>
  `<div class="lesson-table-scroll" tabindex="0" role="region" aria-label="Table, scrolls sideways where narrow">${self.renderToken(tokens, idx, options)}`;
md.renderer.rules.table_close = (tokens, idx, options, _env, self) => `${self.renderToken(tokens, idx, options)}</div>`;

/** A block of Markdown (paragraphs, lists) as sanitized HTML. */
export function renderBlock(text: string): string {
  return md.render(text);
}

/** One line of Markdown (emphasis, code, links) as sanitized HTML without a paragraph. */
export function renderInline(text: string): string {
  return md.renderInline(text);
}
