import { describe, expect, it } from 'vitest';
import { VIEW_IDS } from '../shared/view-ids.js';
import { carriedParams, planEmbedLink } from './links.js';
import { embedOptions, MIN_HEIGHT } from './options.js';

describe('embed options (views=, height=, theme=)', () => {
  it('reads theme=auto, light or dark, explains any other, and carries it to the next lesson', () => {
    expect(embedOptions('#/embed?lesson=x&theme=dark')).toEqual({ theme: 'dark', problems: [] });
    expect(embedOptions('#/embed?theme=auto').theme).toBe('auto');
    expect(embedOptions('#/embed?theme=light').theme).toBe('light');
    const bad = embedOptions('#/embed?theme=night');
    expect(bad.theme).toBeUndefined();
    expect(bad.problems).toEqual([
      "theme=night is not a colour scheme StackLab has: write theme=auto (follow the reader's setting), theme=light or theme=dark.",
    ]);
    expect(carriedParams('#/embed?lesson=a&theme=dark&origin=https://a.example')).toBe('origin=https%3A%2F%2Fa.example&theme=dark');
  });

  it('reads views in the lab order and a height', () => {
    expect(embedOptions('#/embed?s=x&views=lock,cpu-grid&height=480')).toEqual({ views: ['cpu-grid', 'lock'], height: 480, problems: [] });
    expect(embedOptions('#/embed?views=lock&views=timeline')).toEqual({ views: ['lock', 'timeline'], problems: [] });
    expect(embedOptions('#/embed')).toEqual({ problems: [] });
  });

  it('names the valid views when one is unknown, and uses none of the list', () => {
    const { views, problems } = embedOptions('#/embed?views=cpu-grid,cpus');
    expect(views).toBeUndefined();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('"cpus"');
    for (const id of VIEW_IDS) expect(problems[0]).toContain(id);
    expect(embedOptions('#/embed?views=').problems[0]).toMatch(/views= is empty/);
  });

  it('refuses a height that is not a whole number in range, saying the range', () => {
    for (const bad of ['4', 'abc', '480px', '-480', '20001', '1e3']) {
      const { height, problems } = embedOptions(`#/embed?height=${bad}`);
      expect(height).toBeUndefined();
      expect(problems[0]).toContain(`from ${MIN_HEIGHT} to 20000`);
    }
  });
});

describe('links inside an embed', () => {
  const ctx = { base: 'https://user.github.io/project/', carry: 'origin=https%3A%2F%2Fcourse.example' };

  it('keeps lessons in the embed, with the host origin', () => {
    expect(planEmbedLink('#/lessons/the-thundering-herd', ctx)).toEqual({
      href: '#/embed?lesson=the-thundering-herd&origin=https%3A%2F%2Fcourse.example',
      newTab: false,
    });
    expect(planEmbedLink('#/lessons/x', { ...ctx, carry: '' })).toEqual({ href: '#/embed?lesson=x', newTab: false });
    expect(planEmbedLink('#/embed?lesson=x', ctx)).toEqual({ href: '#/embed?lesson=x', newTab: false });
  });

  it('opens the rest of the site and other sites in a new tab', () => {
    expect(planEmbedLink('#/lessons', ctx)).toEqual({ href: 'https://user.github.io/project/#/lessons', newTab: true });
    expect(planEmbedLink('#/lab?s=N4Ig', ctx)).toEqual({ href: 'https://user.github.io/project/#/lab?s=N4Ig', newTab: true });
    expect(planEmbedLink('https://example.org/paper.pdf', ctx)).toEqual({ href: 'https://example.org/paper.pdf', newTab: true });
    expect(planEmbedLink('docs/x.html', ctx)).toEqual({ href: 'https://user.github.io/project/docs/x.html', newTab: true });
  });

  it('leaves in-page anchors, mail and odd schemes alone', () => {
    for (const href of ['#section-predict', 'mailto:a@b.c', 'javascript:alert(1)', '']) expect(planEmbedLink(href, ctx)).toBeUndefined();
  });

  it('reads the origins to carry', () => {
    expect(carriedParams('#/embed?lesson=x&origin=https://a.example&height=500&origin=https://b.example')).toBe(
      'origin=https%3A%2F%2Fa.example&origin=https%3A%2F%2Fb.example',
    );
    expect(carriedParams('#/embed?lesson=x')).toBe('');
  });
});
