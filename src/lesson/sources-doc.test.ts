/*
 * docs/sources.md, the list of every claim a lesson, scene or view makes about a real
 * system, with its source and the source's own words. This test keeps the list true:
 * - every lesson, every scene script and the views have a section;
 * - every entry has a claim, where it is said, a source, and a passage (or "none", with
 *   what was done about it);
 * - every claim is still in the file it names (a lesson, a scene, a view's source), so a
 *   changed sentence cannot leave a stale entry;
 * - every passage quoted from a seed is in that seed, word for word (case, punctuation
 *   and line breaks aside), at the lines the entry names.
 * The seeds are the project's source documents, kept beside the repository
 * (../shared/seeds) or where STACKLAB_SEEDS points; without them the passages cannot be
 * compared, and that test says so by its name.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../core/node.js';

const doc = readFileSync(join(repoRoot, 'docs/sources.md'), 'utf8');

/** Lower case, markdown and punctuation out, one space between words. */
function squash(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[*_`>]/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

interface Entry {
  section: string;
  line: number;
  claim: string;
  where?: string;
  source?: string;
  passage?: string;
}

/** The entries of docs/sources.md, by section ("## <lesson-id>", "## scene <id>", "## views"). */
function entries(text: string): { sections: string[]; entries: Entry[] } {
  const sections: string[] = [];
  const found: Entry[] = [];
  let section = '';
  let current: Entry | undefined;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heading = /^## (.+)$/.exec(line);
    if (heading) {
      section = heading[1]!.trim();
      sections.push(section);
      current = undefined;
      continue;
    }
    const claim = /^- Claim: (.*)$/.exec(line);
    if (claim) {
      current = { section, line: i + 1, claim: claim[1]! };
      found.push(current);
      continue;
    }
    const field = /^\s+- (Where|Source|Passage): (.*)$/.exec(line);
    if (field && current) {
      const key = field[1]!.toLowerCase() as 'where' | 'source' | 'passage';
      current[key] = field[2]!;
      continue;
    }
    // A long claim or passage may wrap onto indented lines.
    if (current && /^\s{2,}\S/.test(line) && !/^\s+- /.test(line)) {
      if (current.passage !== undefined) current.passage += ` ${line.trim()}`;
      else if (current.source !== undefined) current.source += ` ${line.trim()}`;
      else if (current.where !== undefined) current.where += ` ${line.trim()}`;
      else current.claim += ` ${line.trim()}`;
    }
  }
  return { sections, entries: found };
}

const unquote = (text: string) => text.trim().replace(/^"/, '').replace(/"$/, '');

/**
 * The words a Claim line quotes from its file: each "..." in it (a line may quote two
 * places, or add a note after the quote), each split at an ellipsis (a quote may skip
 * words); the whole line when it quotes nothing.
 */
function claimPieces(claim: string): string[] {
  const quoted = [...claim.matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
  return (quoted.length > 0 ? quoted : [claim])
    .flatMap((text) => text.split(/\.\.\.|…/))
    .map((piece) => piece.trim())
    .filter((piece) => squash(piece).length > 0);
}

/** A "Source: none" entry says what was done, or that the words are the model's (or the lab's). */
const NONE_SAYS = /removed|corrected|reworded|labell?ed|model's|lab's|said so|supposition/i;
const { sections, entries: all } = entries(doc);

const lessonDir = join(repoRoot, 'lessons');
const lessonIds = readdirSync(lessonDir)
  .filter((file) => file.endsWith('.md') && file !== 'SUMMARY.md')
  .map((file) => file.replace(/\.md$/, ''));
const sceneIds = readdirSync(join(lessonDir, 'scenes'))
  .filter((file) => file.endsWith('.yaml'))
  .map((file) => file.replace(/\.yaml$/, ''));

/** The text a section's claims are read in: the lesson, the scene, or every view's source. */
function sectionText(section: string): string | undefined {
  if (lessonIds.includes(section)) return readFileSync(join(lessonDir, `${section}.md`), 'utf8');
  const scene = /^scene (.+)$/.exec(section);
  if (scene && sceneIds.includes(scene[1]!)) return readFileSync(join(lessonDir, 'scenes', `${scene[1]}.yaml`), 'utf8');
  return undefined;
}

/** For a views entry, the file its Where names. */
function viewText(where: string | undefined): string | undefined {
  const path = /((?:src|wasm-core)\/[\w./-]+\.\w+)/.exec(where ?? '')?.[1];
  return path && existsSync(join(repoRoot, path)) ? readFileSync(join(repoRoot, path), 'utf8') : undefined;
}

function seedDir(): string | undefined {
  const candidates = [process.env.STACKLAB_SEEDS, join(repoRoot, '..', 'shared', 'seeds'), '/work/shared/seeds'];
  return candidates.find(
    (dir): dir is string => dir !== undefined && existsSync(dir) && readdirSync(dir).some((file) => /^\d{3}_.*\.txt$/.test(file)),
  );
}

describe('docs/sources.md', () => {
  it('has a section for every lesson, every scene script and the views, and no other', () => {
    const expected = [...lessonIds, ...sceneIds.map((id) => `scene ${id}`), 'views'].sort();
    expect([...sections].sort()).toEqual(expected);
  });

  it('gives every entry its place, its source and a passage, or says what was done', () => {
    const problems = all.flatMap((entry) => {
      const missing = (['where', 'source'] as const).filter((key) => !entry[key]?.trim());
      const none = /^none\b/i.test(entry.source ?? '');
      if (!none && !entry.passage?.trim()) missing.push('passage' as never);
      if (none && !NONE_SAYS.test(entry.source ?? '')) {
        return [
          `docs/sources.md:${entry.line}: "Source: none" must say what was done (removed, corrected, labelled the model's choice) or that the words are the model's`,
        ];
      }
      return missing.length > 0 ? [`docs/sources.md:${entry.line}: the entry has no ${missing.join(', ')}`] : [];
    });
    expect(problems).toEqual([]);
    expect(all.length).toBeGreaterThan(lessonIds.length);
  });

  it('lists only claims that are still in their lesson, scene or view', () => {
    const problems = all.flatMap((entry) => {
      // A claim removed or corrected is quoted as it was: its old words are gone by design.
      if (/^none\b.*\b(removed|corrected|reworded)\b/i.test(entry.source ?? '')) return [];
      const text = entry.section === 'views' ? viewText(entry.where) : sectionText(entry.section);
      if (text === undefined)
        return [`docs/sources.md:${entry.line}: no file to read the claim in (section "${entry.section}", where "${entry.where ?? ''}")`];
      const squashed = squash(text);
      return claimPieces(entry.claim)
        .filter((piece) => !squashed.includes(squash(piece)))
        .map(
          (piece) =>
            `docs/sources.md:${entry.line}: the claim "${piece.slice(0, 80)}" is not in ${entry.section}; change the entry with the lesson`,
        );
    });
    expect(problems).toEqual([]);
  });

  const seeds = seedDir();
  it.skipIf(!seeds)(`quotes each seed word for word${seeds ? '' : ' (skipped: the seeds were not found; set STACKLAB_SEEDS)'}`, () => {
    const texts = new Map<string, string>();
    const lines = new Map<string, string[]>();
    for (const file of readdirSync(seeds!)) {
      const number = /^(\d{3})_/.exec(file)?.[1];
      if (!number) continue;
      const text = readFileSync(join(seeds!, file), 'utf8');
      texts.set(number, squash(text));
      lines.set(number, text.split('\n'));
    }
    const quoted = all.filter((entry) => /^seed \d{3}\b/i.test(entry.source ?? ''));
    expect(quoted.length).toBeGreaterThan(50);
    const problems = quoted.flatMap((entry) => {
      const number = /^seed (\d{3})/i.exec(entry.source!)![1]!;
      const seed = texts.get(number);
      if (!seed) return [`docs/sources.md:${entry.line}: there is no seed ${number}`];
      const passage = squash(unquote(entry.passage ?? ''));
      if (!passage || !seed.includes(passage))
        return [`docs/sources.md:${entry.line}: the passage "${unquote(entry.passage ?? '').slice(0, 80)}" is not in seed ${number}`];
      // Where the entry names the lines, the passage is there (give or take a line or two).
      const range = /^seed \d{3}, lines? (\d+)(?:\s*[-–]\s*(\d+))?/i.exec(entry.source!);
      if (!range) return [];
      const from = Number(range[1]);
      const to = Number(range[2] ?? range[1]);
      const around = squash(
        lines
          .get(number)!
          .slice(Math.max(0, from - 3), to + 2)
          .join(' '),
      );
      return around.includes(passage)
        ? []
        : [
            `docs/sources.md:${entry.line}: the passage "${unquote(entry.passage ?? '').slice(0, 60)}" is in seed ${number}, but not at lines ${from}-${to}`,
          ];
    });
    expect(problems).toEqual([]);
  });
});
