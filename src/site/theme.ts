/*
 * theme.ts -- the site's theme: the normal one, or the projector theme (large type, high
 * contrast, thick marks and focus rings) for a lecture hall. One setting for every page:
 * the header's switch, the lab's "Projector mode" and the compare page's switch all set
 * it, and it is remembered in localStorage. A link that asks for a theme (the lab's th=)
 * applies it for that visit without changing what is remembered. The presenter is always
 * in the projector theme; an embed follows its own link, never the remembered choice.
 *
 * The theme is a class on <html> (site-projector) for the site's CSS, and a value
 * (useSiteTheme) for the views, which draw their marks from palette.ts's tokens.
 */
import { useLayoutEffect, useSyncExternalStore } from 'react';
import type { Theme } from '../views/palette.js';

export const THEME_KEY = 'stacklab.theme';

function remembered(): Theme {
  try {
    return globalThis.localStorage?.getItem(THEME_KEY) === 'projector' ? 'projector' : 'light';
  } catch {
    return 'light'; // storage refused (private mode, a sandboxed frame): the normal theme
  }
}

let current: Theme = remembered();
const listeners = new Set<() => void>();

function apply(): void {
  if (typeof document === 'undefined') return;
  document.documentElement.classList.toggle('site-projector', current === 'projector');
}
apply();

export function siteTheme(): Theme {
  return current;
}

/** Sets the theme for every page; `remember: false` (a link's theme) leaves the stored choice. */
export function setSiteTheme(theme: Theme, { remember = true }: { remember?: boolean } = {}): void {
  if (remember) {
    try {
      globalThis.localStorage?.setItem(THEME_KEY, theme);
    } catch {
      // not stored: it still applies until the page is closed
    }
  }
  if (theme === current) return;
  current = theme;
  apply();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The site's theme, re-rendering when it changes. */
export function useSiteTheme(): Theme {
  return useSyncExternalStore(subscribe, siteTheme, () => 'light');
}

/**
 * Applies the theme a link asks for (without remembering it), before the page paints;
 * undefined leaves the site's theme as it is.
 */
export function useLinkTheme(theme: Theme | undefined): void {
  useLayoutEffect(() => {
    if (theme) setSiteTheme(theme, { remember: false });
  }, [theme]);
}
