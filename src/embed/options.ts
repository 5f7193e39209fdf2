/*
 * options.ts -- what a documentation author may choose for an embedded lab besides its
 * scenario: which views it shows (views=cpu-grid,lock), how tall it is (height=480) and,
 * for a lab or a lesson, its colour scheme (theme=auto, light or dark).
 * Read from the #/embed URL (the <stacklab-embed> element writes them from its
 * attributes). A wrong value is never silently dropped into a blank frame: it comes
 * back as a message in words, naming what is allowed, and the lab shows its defaults.
 */
import { VIEW_IDS, type KnownViewId } from '../shared/view-ids.js';
import { MAX_HEIGHT } from './protocol.js';

/** Below this a lab cannot show its controls and a view at once. */
export const MIN_HEIGHT = 240;

export interface EmbedOptions {
  /** The views to show, in the lab's order; undefined: the lab's own choice. */
  views?: KnownViewId[];
  /** The embed's height in CSS px; undefined: the frame's own height. */
  height?: number;
  /** The colour scheme asked for; undefined: auto (the reader's prefers-color-scheme). */
  theme?: EmbedTheme;
  /** What was wrong with the URL, in words (shown in the frame). */
  problems: string[];
}

export const EMBED_THEMES = ['auto', 'light', 'dark'] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];

const queryOf = (hash: string): URLSearchParams => new URLSearchParams(hash.replace(/^#/, '').split(/\?(.*)/s, 2)[1] ?? '');

/** Reads views= (comma-separated or repeated) and height= from an embed URL's hash. */
export function embedOptions(hash: string): EmbedOptions {
  const params = queryOf(hash);
  const problems: string[] = [];
  const options: EmbedOptions = { problems };

  const named = params
    .getAll('views')
    .flatMap((value) => value.split(','))
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (params.has('views')) {
    const unknown = named.filter((name) => !(VIEW_IDS as readonly string[]).includes(name));
    const known = VIEW_IDS.filter((id) => named.includes(id));
    if (unknown.length > 0) {
      problems.push(
        `views=${params.getAll('views').join(',')} names ${unknown.length === 1 ? 'a view' : 'views'} StackLab does not have: ${unknown.map((name) => `"${name}"`).join(', ')}. The views are: ${VIEW_IDS.join(', ')}.`,
      );
    } else if (known.length === 0) {
      problems.push(`views= is empty; name one or more of: ${VIEW_IDS.join(', ')}.`);
    }
    // Only a fully valid list is used: half of what the author asked for would look like a bug.
    if (unknown.length === 0 && known.length > 0) options.views = known;
  }

  const height = params.get('height');
  if (height !== null) {
    const value = /^\d+$/.test(height.trim()) ? Number(height.trim()) : NaN;
    if (Number.isInteger(value) && value >= MIN_HEIGHT && value <= MAX_HEIGHT) options.height = value;
    else
      problems.push(
        `height=${height} is not a height StackLab can use: write a whole number of CSS pixels from ${MIN_HEIGHT} to ${MAX_HEIGHT}, such as height=480.`,
      );
  }

  const theme = params.get('theme');
  if (theme !== null) {
    if ((EMBED_THEMES as readonly string[]).includes(theme.trim())) options.theme = theme.trim() as EmbedTheme;
    else
      problems.push(
        `theme=${theme} is not a colour scheme StackLab has: write theme=auto (follow the reader's setting), theme=light or theme=dark.`,
      );
  }
  return options;
}
