/*
 * links.ts -- where a link inside an embed may go. An embed lives in someone else's
 * page, so a link must never load the StackLab site (its header, its lessons list) into
 * that frame. Every link the embed renders (the lesson's navigation, "All lessons",
 * links in the lesson's text, "Open this experiment in the full lab") is planned here:
 *
 * - another lesson (#/lessons/<id>) stays in the frame as an embed route
 *   (#/embed?lesson=<id>), keeping the host's origin= so learning events go on;
 * - an embed route stays as it is;
 * - any other page of the site (#/lessons, #/lab?s=..., #/present, a relative path)
 *   opens the full site in a new tab (target=_blank, rel=noopener), by its full address;
 * - a link off the site (http, https) opens in a new tab too;
 * - an in-page anchor (#section), mailto: and download links are left alone: they do
 *   not load a page into the frame.
 *
 * applyEmbedLinks() keeps every <a> under a root following that plan, including those
 * rendered later (a MutationObserver), so no component needs to know it is embedded.
 */

export interface EmbedLinkContext {
  /** The lab's address without the hash (ends with the page, e.g. https://x/project/). */
  base: string;
  /** Parameters every embed route keeps (origin=...), as "origin=...&origin=..." or "". */
  carry: string;
}

export interface LinkPlan {
  href: string;
  newTab: boolean;
}

const LESSON = /^#\/lessons\/([A-Za-z0-9][A-Za-z0-9_-]*)\/?$/;

/** The plan for one link's href (as written in the page), or undefined to leave it alone. */
export function planEmbedLink(href: string, ctx: EmbedLinkContext): LinkPlan | undefined {
  const text = href.trim();
  if (text === '' || /^(mailto|tel):/i.test(text)) return undefined;
  if (text.startsWith('#') && !text.startsWith('#/')) return undefined;
  const lesson = LESSON.exec(text);
  if (lesson) return { href: `#/embed?lesson=${lesson[1]}${ctx.carry ? `&${ctx.carry}` : ''}`, newTab: false };
  if (text === '#/embed' || text.startsWith('#/embed?')) return { href: text, newTab: false };
  let url: URL;
  try {
    url = new URL(text, ctx.base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return { href: url.href, newTab: true };
}

/** The host's origin= parameters of an embed URL, to carry into the embed routes it links to. */
export function carriedParams(hash: string): string {
  const params = new URLSearchParams(hash.replace(/^#/, '').split(/\?(.*)/s, 2)[1] ?? '');
  const carry = new URLSearchParams();
  for (const origin of params.getAll('origin')) carry.append('origin', origin);
  // the host's colour scheme stays with the next lesson
  const theme = params.get('theme');
  if (theme !== null) carry.set('theme', theme);
  return carry.toString();
}

/** The id of an element that says "opens in a new tab" (for aria-describedby). */
export const NEW_TAB_NOTE_ID = 'embed-new-tab-note';

function applyTo(anchor: HTMLAnchorElement, ctx: EmbedLinkContext): void {
  if (anchor.hasAttribute('download')) return;
  const current = anchor.getAttribute('href');
  if (current === null) return;
  // Already planned, and nobody wrote a new href since: nothing to do.
  if (anchor.dataset.embedPlanned !== undefined && anchor.dataset.embedPlanned === current) return;
  const plan = planEmbedLink(current, ctx);
  if (!plan) return;
  anchor.dataset.embedPlanned = plan.href;
  if (current !== plan.href) anchor.setAttribute('href', plan.href);
  if (plan.newTab) {
    anchor.target = '_blank';
    const rel = new Set((anchor.getAttribute('rel') ?? '').split(/\s+/).filter(Boolean));
    rel.add('noopener');
    anchor.rel = [...rel].join(' ');
    anchor.dataset.embedNewTab = '';
    if (!anchor.hasAttribute('aria-describedby')) anchor.setAttribute('aria-describedby', NEW_TAB_NOTE_ID);
  } else {
    if (anchor.target === '_blank') anchor.removeAttribute('target');
    delete anchor.dataset.embedNewTab;
  }
}

/** Keeps every link under root on the plan (now and as the page changes). Returns a stop function. */
export function applyEmbedLinks(root: HTMLElement, ctx: EmbedLinkContext): () => void {
  const under = (node: Node) => {
    if (!(node instanceof Element)) return;
    if (node instanceof HTMLAnchorElement && node.hasAttribute('href')) applyTo(node, ctx);
    node.querySelectorAll<HTMLAnchorElement>('a[href]').forEach((anchor) => applyTo(anchor, ctx));
  };
  under(root);
  // New links, and hrefs React rewrote (our own rewrites match embedPlanned and are
  // skipped). Only what changed is looked at: a running lab changes its views every frame.
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') under(record.target);
      else record.addedNodes.forEach(under);
    }
  });
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['href'] });
  return () => observer.disconnect();
}
