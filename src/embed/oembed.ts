/*
 * oembed.ts -- oEmbed (https://oembed.com, version 1.0, type "rich") documents for the
 * published lab and each lesson, and the discovery <link> that points to one. Pure
 * functions; oembed-plugin.ts writes them at build time when a public URL is configured
 * (STACKLAB_PUBLIC_URL), since oEmbed needs absolute URLs.
 */
import { cspMeta, LANDING_CSP } from '../build/csp.js';
import { DEFAULT_HEIGHT, iframeSnippet } from './snippets.js';

export interface OEmbedRich {
  version: '1.0';
  type: 'rich';
  title: string;
  provider_name: 'StackLab';
  provider_url: string;
  html: string;
  width: number;
  height: number;
  cache_age: number;
}

export const OEMBED_WIDTH = 960;

/** The public URL as a base: absolute http(s), ending in "/". Throws a clear Error otherwise. */
export function publicBase(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(
      `STACKLAB_PUBLIC_URL=${url} is not an absolute URL; set it to where dist/ is published, e.g. https://user.github.io/stacklab/`,
    );
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new Error(`STACKLAB_PUBLIC_URL=${url} must be an http or https URL.`);
  if (parsed.search || parsed.hash)
    throw new Error(`STACKLAB_PUBLIC_URL=${url} must not have a query or a hash; give the folder dist/ is published at.`);
  return parsed.href.endsWith('/') ? parsed.href : `${parsed.href}/`;
}

export function oembedFor(base: string, target: { lesson?: string; title: string }): OEmbedRich {
  return {
    version: '1.0',
    type: 'rich',
    title: target.title,
    provider_name: 'StackLab',
    provider_url: base,
    html: iframeSnippet(base, { lesson: target.lesson, title: target.lesson ? `StackLab lesson: ${target.title}` : 'StackLab lab' }),
    width: OEMBED_WIDTH,
    height: DEFAULT_HEIGHT,
    cache_age: 86_400,
  };
}

/** Where each document is written in dist/ (relative paths). */
export const oembedPath = (lesson?: string) => (lesson ? `oembed/lessons/${lesson}.json` : 'oembed/lab.json');

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function discoveryLink(base: string, title: string, lesson?: string): string {
  return `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(base + oembedPath(lesson))}" title="${escapeHtml(title)}" />`;
}

/**
 * A small page per lesson (lessons/<id>.html) that oEmbed consumers can be given: it
 * carries the lesson's discovery link (a hash route cannot: consumers drop the hash)
 * and sends a person on to the lesson itself.
 */
export function lessonLandingPage(base: string, lesson: { id: string; title: string; summary: string }): string {
  const target = `../#/lessons/${lesson.id}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
${cspMeta(LANDING_CSP)}
<title>${escapeHtml(lesson.title)} · StackLab</title>
<link rel="icon" type="image/svg+xml" href="../favicon.svg" />
<meta name="description" content="${escapeHtml(lesson.summary)}" />
${discoveryLink(base, lesson.title, lesson.id)}
<link rel="canonical" href="${escapeHtml(`${base}#/lessons/${lesson.id}`)}" />
<meta http-equiv="refresh" content="0; url=${escapeHtml(target)}" />
</head>
<body>
<p><a href="${escapeHtml(target)}">${escapeHtml(lesson.title)}</a>: a StackLab lesson.</p>
</body>
</html>
`;
}
