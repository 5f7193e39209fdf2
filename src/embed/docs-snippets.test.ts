/*
 * The embed code shown to documentation authors (README.md, docs/embedding.md) is the
 * code the lab writes (snippets.ts, the Embed dialog): every <iframe> of an embed URL and
 * every <stacklab-embed> in them is read back into what it embeds and written again
 * with snippets.ts, and must come out the same, accessible name included. Change the
 * snippet format in snippets.ts and this test names each example to update.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../core/node.js';
import { DEFAULT_HEIGHT, elementScript, elementSnippet, elementTag, iframeSnippet, type EmbedTarget } from './snippets.js';

const FILES = ['README.md', 'docs/embedding.md'] as const;
const text = Object.fromEntries(FILES.map((file) => [file, readFileSync(join(repoRoot, file), 'utf8')])) as Record<
  (typeof FILES)[number],
  string
>;

const unescape = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&amp;/g, '&');
function attributes(tag: string): Record<string, string> {
  return Object.fromEntries([...tag.matchAll(/([a-z-]+)="([^"]*)"/g)].map((m) => [m[1]!, unescape(m[2]!)]));
}

/** What an embed URL embeds: the published base, the target (less its title) and a lab's height. */
function readEmbedUrl(url: string): { base: string; target: Omit<EmbedTarget, 'title'>; height?: number } {
  const [base = '', hash = ''] = url.split('#', 2);
  expect(hash.startsWith('/embed'), `${url} is an embed URL`).toBe(true);
  const params = new URLSearchParams(hash.split(/\?(.*)/s, 2)[1] ?? '');
  const target: Omit<EmbedTarget, 'title'> = {};
  if (params.get('lesson')) target.lesson = params.get('lesson')!;
  if (params.get('s')) target.scenario = params.get('s')!.replace(/ /g, '+');
  if (params.get('views')) target.views = params.get('views')!.split(',');
  if (params.getAll('origin').length) target.origins = params.getAll('origin');
  return { base, target, height: params.has('height') ? Number(params.get('height')) : undefined };
}

const iframes = (doc: string) => [...doc.matchAll(/<iframe [^>]*#\/embed[^>]*><\/iframe>/g)].map((m) => m[0]);
const elements = (doc: string) => [...doc.matchAll(/<stacklab-embed [^>]*><\/stacklab-embed>/g)].map((m) => m[0]);

describe.each(FILES)('the embed code in %s', (file) => {
  const doc = text[file];

  it('has iframe and element examples', () => {
    expect(iframes(doc).length).toBeGreaterThan(0);
    expect(elements(doc).length).toBeGreaterThan(0);
  });

  it('writes every iframe exactly as snippets.ts does, with a title', () => {
    for (const snippet of iframes(doc)) {
      const attrs = attributes(snippet);
      expect(attrs.title, `${snippet} has a title`).toBeTruthy();
      const { base, target, height } = readEmbedUrl(attrs.src!);
      const frameHeight = Number(attrs.height);
      // A lab's URL carries the frame's height; a lesson's does not.
      if (!target.lesson) expect(height, `${snippet}: height= matches the frame`).toBe(frameHeight);
      expect(snippet).toBe(iframeSnippet(base, { ...target, title: attrs.title! }, frameHeight));
    }
  });

  it('writes every <stacklab-embed> exactly as snippets.ts does, with a label', () => {
    for (const snippet of elements(doc)) {
      const attrs = attributes(snippet);
      expect(attrs.label, `${snippet} has a label`).toBeTruthy();
      const target: EmbedTarget = { title: attrs.label! };
      if (attrs.lesson) target.lesson = attrs.lesson;
      if (attrs.scenario) target.scenario = attrs.scenario;
      if (attrs.views) target.views = attrs.views.split(',');
      if (attrs.origin) target.origins = attrs.origin.split(',');
      expect(snippet).toBe(elementTag(target, Number(attrs.height ?? DEFAULT_HEIGHT), attrs.src));
    }
  });

  it('loads the element from the lab it embeds', () => {
    for (const match of doc.matchAll(/<script [^>]*stacklab-embed\.js[^>]*><\/script>/g)) {
      const src = attributes(match[0]).src!;
      expect(match[0]).toBe(elementScript(src.replace(/stacklab-embed\.js$/, '')));
    }
  });
});

describe('the README and docs/embedding.md', () => {
  const base = 'https://user.github.io/stacklab/';
  const lesson: EmbedTarget = { lesson: 'the-thundering-herd', title: 'StackLab lesson: The thundering herd' };

  it('show the same lesson snippets, as the Embed dialog writes them', () => {
    for (const file of FILES) {
      expect(text[file], file).toContain(iframeSnippet(base, lesson));
      expect(text[file], file).toContain(elementScript(base));
    }
    expect(text['docs/embedding.md']).toContain(elementSnippet(base, lesson));
  });

  it('show the same lab snippet with views and a height', () => {
    const lab: EmbedTarget = { views: ['cpu-grid', 'lock'], title: 'StackLab lab' };
    for (const file of FILES) expect(text[file], file).toContain(elementTag(lab, 480));
    expect(text['docs/embedding.md']).toContain(iframeSnippet(base, lab, 480));
  });

  it('give each documentation generator its setup', () => {
    const doc = text['docs/embedding.md'];
    for (const heading of ['### MkDocs', '### VitePress', '### Docusaurus', '### Sphinx', '### mdBook']) expect(doc).toContain(heading);
    for (const config of ['extra_javascript:', 'isCustomElement', 'scripts: [', 'html_js_files', '.. raw:: html', 'additional-js'])
      expect(doc).toContain(config);
  });
});
