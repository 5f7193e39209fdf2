/*
 * safe-keys.ts -- the one place that decides which keys from outside may become keys of
 * an object inside StackLab. A link, a progress file, a lesson or scene file, a --set
 * on the command line and localStorage are all written by someone else; a key named
 * `__proto__`, `constructor` or `prototype` in any of them could reach Object.prototype
 * through an assignment like `node[key] = value` and change every object in the page.
 * No StackLab format has a field by those names, so they are refused wherever such
 * input is read, with a message that says where the key was.
 *
 * And ids from outside (a lesson id in a link, a scene name) are looked up as own
 * properties only, so `#/lessons/constructor` finds no lesson instead of
 * Object.prototype.constructor.
 */

/** Keys no StackLab format uses and no input may set. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export function isForbiddenKey(key: string): boolean {
  return FORBIDDEN_KEYS.has(key);
}

/** Where a forbidden key sits in a parsed value ("sc.__proto__"), or null if there is none. */
export function findForbiddenKey(value: unknown): string | null {
  // iterative, so a deeply nested value cannot overflow the stack; linear in the value's
  // size, which every reader bounds before parsing (a link's length, a file's bytes)
  const stack: { node: unknown; path: string }[] = [{ node: value, path: '' }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (Array.isArray(node)) {
      node.forEach((item, i) => stack.push({ node: item, path: `${path}[${i}]` }));
      continue;
    }
    for (const key of Object.keys(node)) {
      const at = path ? `${path}.${key}` : key;
      if (isForbiddenKey(key)) return at;
      stack.push({ node: (node as Record<string, unknown>)[key], path: at });
    }
  }
  return null;
}

/** What is wrong, without its subject: 'contains a field named "__proto__" (at sc.__proto__), …'. */
export function forbiddenKeyClause(path: string): string {
  // the forbidden part, wherever it is in the path ("__proto__" in "__proto__.x")
  const key = path.split(/[.[\]]/).find(isForbiddenKey) ?? path.slice(path.lastIndexOf('.') + 1);
  return `contains a field named "${key}" (at ${path}), which no StackLab file or link has; it was refused, since a key by that name could change every object of the program.`;
}

/** The message for a forbidden key found in some input (`what`: "This link", "The progress file"). */
export function forbiddenKeyMessage(what: string, path: string): string {
  return `${what} ${forbiddenKeyClause(path)} Use a link or file made by StackLab.`;
}

/** Whether a dotted field path ("machine.cpus") has a forbidden part. */
export function hasForbiddenSegment(path: string): boolean {
  return path.split('.').some(isForbiddenKey);
}

/** An own property of a record, never an inherited one (`own(LESSONS, 'constructor')` is undefined). */
export function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}
