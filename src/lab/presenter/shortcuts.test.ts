import { describe, expect, it } from 'vitest';
import { actionFor, SHORTCUTS } from './shortcuts.js';

const none = { ctrl: false, alt: false, meta: false };

describe('presenter shortcuts', () => {
  it('map the keys of presentation tools, and V to the next view', () => {
    expect(actionFor('ArrowRight', none, true)).toBe('next');
    expect(actionFor('PageUp', none, true)).toBe('previous');
    expect(actionFor('v', none, true)).toBe('view');
    expect(actionFor('V', none, true)).toBe('view');
  });

  it('leave the single character keys alone when they are turned off (WCAG 2.1.4), never the arrows', () => {
    for (const s of SHORTCUTS) {
      for (const key of s.keys) expect(actionFor(key, none, false)).toBe(s.character ? undefined : s.action);
    }
  });

  it('take no key pressed with a modifier (the browser keeps its own shortcuts)', () => {
    expect(actionFor('v', { ctrl: true, alt: false, meta: false }, true)).toBeUndefined();
    expect(actionFor('ArrowRight', { ctrl: false, alt: true, meta: false }, true)).toBeUndefined();
  });

  it('give each key one action', () => {
    const keys = SHORTCUTS.flatMap((s) => s.keys);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
