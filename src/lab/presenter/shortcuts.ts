/*
 * shortcuts.ts -- presenter mode's keys, in the conventions of presentation tools
 * (PowerPoint, Keynote, reveal.js): arrows, Page Up/Down (what clickers send) and Space
 * step through the scenes; B blanks the screen; F goes full screen. The help overlay
 * (?) and docs/presenting.md list them from this table.
 *
 * WCAG 2.1.4 (character key shortcuts): shortcuts that are a single character key
 * (Space, letters, ?) can be turned off; the arrows, Page Up/Down, Home, End and
 * Escape are not character keys and always work.
 */
export type PresenterAction = 'next' | 'previous' | 'first' | 'last' | 'play' | 'reveal' | 'fullscreen' | 'blank' | 'help' | 'view';

export interface Shortcut {
  action: PresenterAction;
  /** KeyboardEvent.key values. */
  keys: readonly string[];
  /** The keys as the help overlay shows them. */
  label: string;
  what: string;
  /** A single character key: off when single-key shortcuts are off. */
  character: boolean;
}

export const SHORTCUTS: readonly Shortcut[] = [
  {
    action: 'next',
    keys: ['ArrowRight', 'PageDown'],
    label: '→ or Page Down',
    what: 'Next step: ask the question, reveal the answer, or go to the next scene',
    character: false,
  },
  { action: 'next', keys: [' '], label: 'Space', what: 'Next step (as →)', character: true },
  { action: 'previous', keys: ['ArrowLeft', 'PageUp'], label: '← or Page Up', what: 'Previous scene', character: false },
  { action: 'first', keys: ['Home'], label: 'Home', what: 'First scene', character: false },
  { action: 'last', keys: ['End'], label: 'End', what: 'Last scene', character: false },
  { action: 'play', keys: ['p', 'P'], label: 'P', what: 'Play or pause the simulation', character: true },
  { action: 'reveal', keys: ['r', 'R'], label: 'R', what: 'Reveal the answer to the question on screen', character: true },
  { action: 'view', keys: ['v', 'V'], label: 'V', what: "Show the scene's next view (a screen shows one at a time)", character: true },
  { action: 'blank', keys: ['b', 'B', '.'], label: 'B or .', what: 'Blank the screen (black); again to show it', character: true },
  { action: 'fullscreen', keys: ['f', 'F'], label: 'F', what: 'Full screen on or off', character: true },
  { action: 'help', keys: ['?'], label: '?', what: 'Show or hide this list of shortcuts', character: true },
];

/** The action for a key press, or undefined (not a shortcut, a modifier held, or character keys off). */
export function actionFor(
  key: string,
  modifiers: { ctrl: boolean; alt: boolean; meta: boolean },
  characterKeys: boolean,
): PresenterAction | undefined {
  if (modifiers.ctrl || modifiers.alt || modifiers.meta) return undefined;
  const shortcut = SHORTCUTS.find((s) => s.keys.includes(key));
  if (!shortcut || (shortcut.character && !characterKeys)) return undefined;
  return shortcut.action;
}
