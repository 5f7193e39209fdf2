/*
 * The app's areas depend one way: shared <- lab <- lesson <- embed (App on top).
 * src/shared/ holds what two areas use (the report metrics lessons and scenes name,
 * the view ids, the Embed button); the lab knows no lesson or embed; a lesson embeds
 * labs but knows no embed page; the embed page wraps both. Only the Embed button
 * reaches up, and lazily: it loads the embed dialog when it is pressed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '..');
const AREAS = ['shared', 'lab', 'lesson', 'embed'] as const;
/** The areas each may import statically. */
const MAY_IMPORT: Record<(typeof AREAS)[number], readonly string[]> = {
  shared: [],
  lab: ['shared'],
  lesson: ['shared', 'lab'],
  embed: ['shared', 'lab', 'lesson'],
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the areas of the app depend one way', () => {
  it.each(AREAS)('%s imports only from the areas below it (static imports)', (area) => {
    const wrong: string[] = [];
    for (const file of files(join(src, area))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/^\s*(?:import|export)\s[^'"]*from\s+['"](\.{1,2}\/[^'"]+)['"]/gm)) {
        const target = relative(src, resolve(file, '..', match[1]!)).split('/')[0]!;
        if ((AREAS as readonly string[]).includes(target) && target !== area && !MAY_IMPORT[area].includes(target)) {
          wrong.push(`${relative(src, file)} imports ${match[1]}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
