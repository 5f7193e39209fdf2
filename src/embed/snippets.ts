/*
 * snippets.ts -- the HTML a documentation author pastes to embed what the learner is
 * looking at: a plain iframe (works anywhere HTML is allowed) and the <stacklab-embed>
 * custom element (public/stacklab-embed.js: fits its height, forwards learning events).
 * Pure functions of the page's address, so the dialog and the tests agree.
 */

export interface EmbedTarget {
  /** What to embed: a lesson by id, or a lab by its link state (the s= part; none is the default lab). */
  lesson?: string;
  scenario?: string;
  /** A name for the frame (its title attribute): what a screen reader announces. */
  title: string;
  /** Origins that receive learning events (already checked with parseOrigins). */
  origins?: readonly string[];
  /** A lab's views (view ids, checked by the embed page); none: the lab's own choice. */
  views?: readonly string[];
}

export const DEFAULT_HEIGHT = 640;

/** What the current page shows, from its address: #/lessons/<id>, #/lab?s=..., #/embed?... */
export function targetOfHash(hash: string, title: string): EmbedTarget | undefined {
  const raw = hash.replace(/^#/, '');
  const [path = '', query = ''] = raw.split(/\?(.*)/s, 2);
  const params = new URLSearchParams(query);
  const lesson = /^\/lessons\/([A-Za-z0-9][A-Za-z0-9_-]*)\/?$/.exec(path);
  if (lesson) return { lesson: lesson[1]!, title };
  if (path === '/embed' && params.get('lesson')) return { lesson: params.get('lesson')!, title };
  if (path === '' || path === '/' || path === '/lab' || path === '/lab/' || path === '/embed') {
    const s = params.get('s')?.replace(/ /g, '+');
    return s ? { scenario: s, title } : { title };
  }
  return undefined;
}

const escapeAttr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The #/embed URL for a target, on a lab published at base (ending in /). A lab's URL
 * carries its views and height (it lays itself out for them); a lesson's carries
 * neither (a lesson is as long as it is). public/stacklab-embed.js builds the same URL
 * from its attributes, in the same order.
 */
export function embedUrl(base: string, target: EmbedTarget, height = DEFAULT_HEIGHT): string {
  const parts: string[] = [];
  if (target.lesson) parts.push(`lesson=${encodeURIComponent(target.lesson)}`);
  else {
    if (target.scenario) parts.push(`s=${target.scenario}`);
    if (target.views?.length) parts.push(`views=${target.views.map((id) => id.replace(/[^A-Za-z0-9-]/g, '')).join(',')}`);
    parts.push(`height=${height}`);
  }
  for (const origin of target.origins ?? []) parts.push(`origin=${encodeURIComponent(origin)}`);
  return `${base}#/embed${parts.length ? `?${parts.join('&')}` : ''}`;
}

export function iframeSnippet(base: string, target: EmbedTarget, height = DEFAULT_HEIGHT): string {
  return `<iframe src="${escapeAttr(embedUrl(base, target, height))}" title="${escapeAttr(target.title)}" width="100%" height="${height}" style="border:0; max-width:100%" loading="lazy"></iframe>`;
}

/** The script tag that defines <stacklab-embed> (once per page, or in the site's head). */
export function elementScript(base: string): string {
  return `<script src="${escapeAttr(base)}stacklab-embed.js" defer></script>`;
}

/**
 * The <stacklab-embed> tag alone (for a page whose site loads the script in its head).
 * src names the lab when the script is served from elsewhere (a copy in an mdBook).
 */
export function elementTag(target: EmbedTarget, height = DEFAULT_HEIGHT, src?: string): string {
  const attrs: string[] = [];
  if (target.lesson) attrs.push(`lesson="${escapeAttr(target.lesson)}"`);
  else if (target.scenario) attrs.push(`scenario="${escapeAttr(target.scenario)}"`);
  if (!target.lesson && target.views?.length) attrs.push(`views="${escapeAttr(target.views.join(','))}"`);
  attrs.push(`height="${height}"`);
  if (target.origins?.length) attrs.push(`origin="${escapeAttr(target.origins.join(','))}"`);
  if (src) attrs.push(`src="${escapeAttr(src)}"`);
  attrs.push(`label="${escapeAttr(target.title)}"`);
  return `<stacklab-embed ${attrs.join(' ')}></stacklab-embed>`;
}

export function elementSnippet(base: string, target: EmbedTarget, height = DEFAULT_HEIGHT): string {
  return `${elementScript(base)}\n${elementTag(target, height)}`;
}
