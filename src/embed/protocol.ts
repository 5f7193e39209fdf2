/*
 * protocol.ts -- the messages an embedded StackLab (the #/embed page in an iframe) posts
 * to the page around it, and the rules for who may receive them. docs/embedding.md is
 * the public description; this file is the one place the names and version live.
 *
 * Every message is a plain object { type: 'stacklab:<kind>', version, ... }. A host
 * must ignore messages of a version it does not know. Messages carrying only layout
 * (ready, resize) go to any parent; messages about the learner (statement) go only to
 * the origins the host opted into with origin= in the embed URL, one postMessage per
 * origin with that exact targetOrigin, never '*'.
 */

export const PROTOCOL_VERSION = 1;

export const MESSAGE_TYPES = {
  ready: 'stacklab:ready',
  resize: 'stacklab:resize',
  statement: 'stacklab:statement',
  navigated: 'stacklab:navigated',
} as const;

export interface ReadyMessage {
  type: typeof MESSAGE_TYPES.ready;
  version: typeof PROTOCOL_VERSION;
  /** What is embedded: a lesson id, or "lab". */
  content: string;
  /** Whether learning statements will be posted to this parent (its origin was opted in). */
  statements: boolean;
}

export interface ResizeMessage {
  type: typeof MESSAGE_TYPES.resize;
  version: typeof PROTOCOL_VERSION;
  /** The embedded page's full content height in CSS pixels (an integer). */
  height: number;
}

export interface StatementMessage<S = unknown> {
  type: typeof MESSAGE_TYPES.statement;
  version: typeof PROTOCOL_VERSION;
  statement: S;
}

/**
 * The embed went to another page inside its frame (a lesson's Next or Previous): the
 * host should bring the top of the frame into view, where the new page starts.
 */
export interface NavigatedMessage {
  type: typeof MESSAGE_TYPES.navigated;
  version: typeof PROTOCOL_VERSION;
  /** What the frame shows now: a lesson id, or "lab". */
  content: string;
}

export type EmbedMessage = ReadyMessage | ResizeMessage | StatementMessage | NavigatedMessage;

export function navigatedMessage(content: string): NavigatedMessage {
  return { type: MESSAGE_TYPES.navigated, version: PROTOCOL_VERSION, content };
}

export function resizeMessage(height: number): ResizeMessage {
  return { type: MESSAGE_TYPES.resize, version: PROTOCOL_VERSION, height: Math.max(0, Math.ceil(height)) };
}

/** The most an embed may ask its host to grow to, so a runaway layout cannot take over the page. */
export const MAX_HEIGHT = 20_000;

/**
 * Reads a message as a host would: returns it typed if it is a StackLab message of a
 * version this code knows with well-formed fields, otherwise undefined (ignored).
 */
export function readEmbedMessage(data: unknown): EmbedMessage | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const message = data as Record<string, unknown>;
  if (message.version !== PROTOCOL_VERSION) return undefined;
  switch (message.type) {
    case MESSAGE_TYPES.resize:
      return typeof message.height === 'number' && Number.isInteger(message.height) && message.height >= 0 && message.height <= MAX_HEIGHT
        ? { type: MESSAGE_TYPES.resize, version: PROTOCOL_VERSION, height: message.height }
        : undefined;
    case MESSAGE_TYPES.ready:
      return typeof message.content === 'string' && typeof message.statements === 'boolean'
        ? { type: MESSAGE_TYPES.ready, version: PROTOCOL_VERSION, content: message.content, statements: message.statements }
        : undefined;
    case MESSAGE_TYPES.navigated:
      return typeof message.content === 'string'
        ? { type: MESSAGE_TYPES.navigated, version: PROTOCOL_VERSION, content: message.content }
        : undefined;
    case MESSAGE_TYPES.statement:
      return typeof message.statement === 'object' && message.statement !== null
        ? { type: MESSAGE_TYPES.statement, version: PROTOCOL_VERSION, statement: message.statement }
        : undefined;
    default:
      return undefined;
  }
}

export type OriginsResult = { ok: true; origins: string[] } | { ok: false; message: string };

/**
 * The origins a host opted into, from the embed URL's origin= parameters (repeated, or
 * comma-separated). Each must be exactly an origin: http: or https:, a host, an optional
 * port, no path, no wildcard. A bad one is an error in words, and no statements are sent.
 */
export function parseOrigins(values: readonly string[]): OriginsResult {
  const origins: string[] = [];
  for (const raw of values.flatMap((value) => value.split(','))) {
    const text = raw.trim();
    if (text === '') continue;
    if (text.includes('*')) {
      return {
        ok: false,
        message: `origin=${text} is not allowed: learning events go only to the exact origins a page names, never to "*".`,
      };
    }
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return {
        ok: false,
        message: `origin=${text} is not an origin; write it like https://docs.example.org (scheme, host and port if any).`,
      };
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      return { ok: false, message: `origin=${text} is not an http or https origin.` };
    }
    if (url.origin !== text.replace(/\/$/, '')) {
      return { ok: false, message: `origin=${text} has more than an origin (a path, a query or a user name); write only ${url.origin}.` };
    }
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return { ok: true, origins };
}

/** Where a message goes: the opted-in origins for statements; layout messages to any parent. */
export function targetsFor(message: EmbedMessage, origins: readonly string[]): string[] {
  if (message.type === MESSAGE_TYPES.statement) return [...origins];
  return ['*'];
}

/** Posts a message to the parent window, once per target origin. Does nothing outside a frame. */
export function postToParent(message: EmbedMessage, origins: readonly string[], win: Window = window): void {
  if (win.parent === win) return;
  // Where the browser tells us the parent's origin (Chromium, WebKit), skip origins it is
  // not: the browser would drop those messages anyway, and log a warning for each.
  const parentOrigin = win.location.ancestorOrigins?.[0];
  for (const target of targetsFor(message, origins)) {
    if (target !== '*' && parentOrigin && target !== parentOrigin) continue;
    win.parent.postMessage(message, target);
  }
}
