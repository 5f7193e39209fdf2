/*
 * oembed-plugin.ts -- the build step for oEmbed discovery (vite.config.ts uses it).
 * When STACKLAB_PUBLIC_URL names where dist/ will be published, the build writes
 * oembed/lab.json, oembed/lessons/<id>.json and lessons/<id>.html, and adds the lab's
 * discovery <link> to index.html. Without it the build writes none of them (oEmbed
 * needs absolute URLs) and says so once. Node only: not part of the app.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { Plugin } from 'vite';
import { discoveryLink, lessonLandingPage, oembedFor, oembedPath, publicBase } from './oembed.js';

interface LessonFront {
  id: string;
  title: string;
  summary: string;
}

/** Every lesson's id, title and summary, from the front matter of lessons/*.md. */
export function readLessonFronts(dir: string): LessonFront[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md') && f !== 'SUMMARY.md')
    .sort()
    .flatMap((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      const match = /^---\n([\s\S]*?)\n---/.exec(text);
      if (!match) return [];
      const front = parseYaml(match[1]!) as Partial<LessonFront>;
      if (typeof front.id !== 'string' || typeof front.title !== 'string') return [];
      return [{ id: front.id, title: front.title, summary: typeof front.summary === 'string' ? front.summary.trim() : '' }];
    });
}

export function oembedPlugin(options: { publicUrl?: string; lessonsDir: string }): Plugin {
  const base = options.publicUrl ? publicBase(options.publicUrl) : undefined;
  return {
    name: 'stacklab-oembed',
    apply: 'build',
    transformIndexHtml(html) {
      if (!base) return html;
      return html.replace('</head>', `    ${discoveryLink(base, 'StackLab lab')}\n  </head>`);
    },
    generateBundle() {
      if (!base) {
        this.info('oEmbed: no STACKLAB_PUBLIC_URL set, so no oEmbed files are written (see docs/embedding.md).');
        return;
      }
      const emit = (fileName: string, source: string) => this.emitFile({ type: 'asset', fileName, source });
      emit(oembedPath(), `${JSON.stringify(oembedFor(base, { title: 'StackLab lab' }), null, 2)}\n`);
      for (const lesson of readLessonFronts(options.lessonsDir)) {
        emit(oembedPath(lesson.id), `${JSON.stringify(oembedFor(base, { lesson: lesson.id, title: lesson.title }), null, 2)}\n`);
        emit(`lessons/${lesson.id}.html`, lessonLandingPage(base, lesson));
      }
    },
  };
}
