/*
 * The embed protocol: message shapes and versions a host accepts or ignores, the
 * origin= opt-in (exact origins only, never "*"), where each message may go, and the
 * snippets and oEmbed documents built on the same URLs.
 */
import { describe, expect, it } from 'vitest';
import { originsFromHash } from './bridge.js';
import { discoveryLink, lessonLandingPage, oembedFor, oembedPath, publicBase } from './oembed.js';
import {
  MESSAGE_TYPES,
  navigatedMessage,
  parseOrigins,
  postToParent,
  PROTOCOL_VERSION,
  readEmbedMessage,
  resizeMessage,
  targetsFor,
} from './protocol.js';
import { elementSnippet, embedUrl, iframeSnippet, targetOfHash } from './snippets.js';

describe('messages', () => {
  it('a resize message carries a whole, non-negative height and the version', () => {
    expect(resizeMessage(812.2)).toEqual({ type: 'stacklab:resize', version: PROTOCOL_VERSION, height: 813 });
    expect(resizeMessage(-4).height).toBe(0);
  });

  it('a host reads messages of its version and ignores everything else', () => {
    expect(readEmbedMessage({ type: 'stacklab:resize', version: 1, height: 600 })).toEqual({
      type: 'stacklab:resize',
      version: 1,
      height: 600,
    });
    expect(readEmbedMessage({ type: 'stacklab:resize', version: 2, height: 600 })).toBeUndefined();
    expect(readEmbedMessage({ type: 'stacklab:resize', version: 1, height: 600.5 })).toBeUndefined();
    expect(readEmbedMessage({ type: 'stacklab:resize', version: 1, height: 1e9 })).toBeUndefined();
    expect(readEmbedMessage({ type: 'stacklab:resize', version: 1, height: '600' })).toBeUndefined();
    expect(readEmbedMessage({ type: 'other', version: 1 })).toBeUndefined();
    expect(readEmbedMessage('stacklab:resize')).toBeUndefined();
    expect(readEmbedMessage(null)).toBeUndefined();
    expect(readEmbedMessage({ type: 'stacklab:ready', version: 1, content: 'lab', statements: false })).toBeDefined();
    expect(readEmbedMessage({ type: 'stacklab:statement', version: 1, statement: { id: 'x' } })).toBeDefined();
    expect(readEmbedMessage({ type: 'stacklab:statement', version: 1 })).toBeUndefined();
    expect(readEmbedMessage(navigatedMessage('the-thundering-herd'))).toEqual({
      type: 'stacklab:navigated',
      version: 1,
      content: 'the-thundering-herd',
    });
    expect(readEmbedMessage({ type: 'stacklab:navigated', version: 1 })).toBeUndefined();
    expect(targetsFor(navigatedMessage('lab'), ['https://a.example'])).toEqual(['*']);
  });

  it('statements go only to the opted-in origins, layout to any parent', () => {
    const statement = { type: MESSAGE_TYPES.statement, version: PROTOCOL_VERSION, statement: {} } as const;
    expect(targetsFor(statement, [])).toEqual([]);
    expect(targetsFor(statement, ['https://a.example', 'https://b.example'])).toEqual(['https://a.example', 'https://b.example']);
    expect(targetsFor(resizeMessage(10), [])).toEqual(['*']);
  });
});

describe('posting', () => {
  /** A frame's window whose parent records what it is sent, and with what target origin. */
  const frame = (ancestor?: string) => {
    const sent: [unknown, string][] = [];
    const parent = { postMessage: (message: unknown, target: string) => sent.push([message, target]) };
    const win = { parent, location: { ancestorOrigins: ancestor ? [ancestor] : undefined } } as unknown as Window;
    return { win, sent };
  };
  const statement = { type: MESSAGE_TYPES.statement, version: PROTOCOL_VERSION, statement: { id: 's' } } as const;

  it('sends a statement once per opted-in origin, with that origin as the target, never "*"', () => {
    const { win, sent } = frame();
    postToParent(statement, ['https://a.example', 'https://b.example'], win);
    expect(sent.map(([, target]) => target)).toEqual(['https://a.example', 'https://b.example']);
    postToParent(statement, [], win);
    expect(sent).toHaveLength(2);
  });

  it('skips origins the browser says the parent is not; layout messages go anyway', () => {
    const { win, sent } = frame('https://b.example');
    postToParent(statement, ['https://a.example', 'https://b.example'], win);
    postToParent(resizeMessage(300), [], win);
    expect(sent.map(([, target]) => target)).toEqual(['https://b.example', '*']);
  });

  it('posts nothing outside a frame', () => {
    const win = { location: {} } as unknown as Window & { parent: Window };
    (win as { parent: unknown }).parent = win;
    expect(() => postToParent(resizeMessage(1), [], win)).not.toThrow();
  });
});

describe('origin= opt-in', () => {
  it('takes exact http(s) origins, repeated or comma-separated, without duplicates', () => {
    expect(parseOrigins(['https://docs.example.org', 'http://127.0.0.1:5173,https://docs.example.org/'])).toEqual({
      ok: true,
      origins: ['https://docs.example.org', 'http://127.0.0.1:5173'],
    });
    expect(parseOrigins([])).toEqual({ ok: true, origins: [] });
  });

  it('refuses "*", paths, other schemes and non-URLs, saying why', () => {
    const refused = (value: string, words: RegExp) => {
      const result = parseOrigins([value]);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toMatch(words);
    };
    refused('*', /never to "\*"/);
    refused('https://*.example.org', /never/);
    refused('https://docs.example.org/course/1', /more than an origin.*https:\/\/docs\.example\.org/);
    refused('javascript:alert(1)', /not an http or https origin/);
    refused('docs.example.org', /not an origin/);
  });

  it('is read from the embed hash', () => {
    expect(originsFromHash('#/embed?lesson=x&origin=https%3A%2F%2Fa.example&origin=https://b.example')).toEqual({
      ok: true,
      origins: ['https://a.example', 'https://b.example'],
    });
    expect(originsFromHash('#/embed?lesson=x')).toEqual({ ok: true, origins: [] });
  });
});

describe('snippets', () => {
  const base = 'https://user.github.io/project/';

  it('knows what the page shows from its hash', () => {
    expect(targetOfHash('#/lessons/the-thundering-herd', 'T')).toEqual({ lesson: 'the-thundering-herd', title: 'T' });
    expect(targetOfHash('#/lab?s=N4Ig+x', 'T')).toEqual({ scenario: 'N4Ig+x', title: 'T' });
    expect(targetOfHash('#/lab', 'T')).toEqual({ title: 'T' });
    expect(targetOfHash('#/nowhere', 'T')).toBeUndefined();
  });

  it('builds the iframe and element code on the published address', () => {
    const lesson = { lesson: 'the-thundering-herd', title: 'StackLab lesson: The "herd" <1>' };
    expect(embedUrl(base, lesson)).toBe('https://user.github.io/project/#/embed?lesson=the-thundering-herd');
    expect(iframeSnippet(base, lesson)).toBe(
      '<iframe src="https://user.github.io/project/#/embed?lesson=the-thundering-herd" title="StackLab lesson: The &quot;herd&quot; &lt;1>" width="100%" height="640" style="border:0; max-width:100%" loading="lazy"></iframe>',
    );
    expect(elementSnippet(base, { scenario: 'N4Ig+x', title: 'StackLab lab', origins: ['https://course.example'] })).toBe(
      '<script src="https://user.github.io/project/stacklab-embed.js" defer></script>\n' +
        '<stacklab-embed scenario="N4Ig+x" height="640" origin="https://course.example" label="StackLab lab"></stacklab-embed>',
    );
    expect(embedUrl(base, { title: '', origins: ['https://course.example'] })).toBe(
      'https://user.github.io/project/#/embed?height=640&origin=https%3A%2F%2Fcourse.example',
    );
    // A lab's URL carries its views and height; a lesson's neither.
    expect(embedUrl(base, { scenario: 'N4Ig+x', views: ['cpu-grid', 'lock'], title: '' }, 480)).toBe(
      'https://user.github.io/project/#/embed?s=N4Ig+x&views=cpu-grid,lock&height=480',
    );
    expect(embedUrl(base, { lesson: 'x', views: ['lock'], title: '' }, 480)).toBe('https://user.github.io/project/#/embed?lesson=x');
  });
});

describe('oEmbed', () => {
  it('needs an absolute public URL and makes it a folder', () => {
    expect(publicBase('https://user.github.io/project')).toBe('https://user.github.io/project/');
    expect(() => publicBase('/project/')).toThrow(/not an absolute URL/);
    expect(() => publicBase('https://x.example/?a=1')).toThrow(/query or a hash/);
    expect(() => publicBase('ftp://x.example/')).toThrow(/http or https/);
  });

  it('writes rich oEmbed 1.0 documents whose html is the iframe snippet', () => {
    const base = 'https://user.github.io/project/';
    const doc = oembedFor(base, { lesson: 'the-thundering-herd', title: 'The thundering herd' });
    expect(doc).toMatchObject({
      version: '1.0',
      type: 'rich',
      provider_name: 'StackLab',
      provider_url: base,
      width: 960,
      height: 640,
      title: 'The thundering herd',
    });
    expect(doc.html).toBe(iframeSnippet(base, { lesson: 'the-thundering-herd', title: 'StackLab lesson: The thundering herd' }));
    expect(oembedPath('x')).toBe('oembed/lessons/x.json');
    expect(discoveryLink(base, 'StackLab lab')).toBe(
      '<link rel="alternate" type="application/json+oembed" href="https://user.github.io/project/oembed/lab.json" title="StackLab lab" />',
    );
    const page = lessonLandingPage(base, { id: 'x', title: 'A & B', summary: 's' });
    expect(page).toContain('href="https://user.github.io/project/oembed/lessons/x.json" title="A &amp; B"');
    expect(page).toContain('url=../#/lessons/x');
    // A page with no script, and a policy that allows none.
    expect(page).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none';`);
    expect(page).not.toMatch(/<script/);
  });
});
