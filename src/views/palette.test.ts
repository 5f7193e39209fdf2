/*
 * palette.test.ts -- the palette's promises: mode colours stay distinguishable for the
 * common colour-vision deficiencies, text on fills and chrome is readable (WCAG), the
 * kernels' series are told apart, and the palette's mode order is the core's.
 */
import { describe, expect, it } from 'vitest';
import { loadCoreFromDisk } from '../core/node.js';
import { readSchema } from '../core/schema.js';
import { contrastRatio, deltaE2000, labSeen, minPairDifference, VISIONS } from './color.js';
import { MODE_INFO, MODES, MONITOR_ORDER, THEMES, textOnFill, type Theme } from './palette.js';

const themes = Object.keys(THEMES) as Theme[];

describe('palette', () => {
  it('lists the modes in the order of the core schema', async () => {
    const schema = readSchema(await loadCoreFromDisk());
    expect([...MODES]).toEqual(schema.modes);
    expect([...MONITOR_ORDER].sort()).toEqual([...MODES].sort());
  });

  for (const theme of themes) {
    describe(`${theme} theme`, () => {
      const t = THEMES[theme];
      const colours = MODES.map((m) => t.modes[m]);

      for (const vision of VISIONS) {
        it(`keeps every pair of mode colours clearly different with ${vision} vision (CIEDE2000 >= 10)`, () => {
          const { delta, pair } = minPairDifference(colours, vision);
          expect(delta, `${MODES[pair[0]]} vs ${MODES[pair[1]]}`).toBeGreaterThanOrEqual(10);
        });
      }

      it('sets mode labels with at least 4.5:1 contrast on their fill', () => {
        for (const mode of MODES) {
          expect(contrastRatio(t.modeText[mode], t.modes[mode]), mode).toBeGreaterThanOrEqual(4.5);
        }
      });

      it('has readable text and chrome on its background', () => {
        expect(contrastRatio(t.text, t.background)).toBeGreaterThanOrEqual(theme === 'projector' ? 15 : 7);
        expect(contrastRatio(t.muted, t.background)).toBeGreaterThanOrEqual(theme === 'projector' ? 7 : 4.5);
        expect(contrastRatio(t.axis, t.background)).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(t.focus, t.background)).toBeGreaterThanOrEqual(3);
      });

      it('draws the two kernels in colours that contrast with the page and with each other', () => {
        const { baseline: classic, remedy: scalable } = t.series;
        expect(contrastRatio(classic.colour, t.background)).toBeGreaterThanOrEqual(3);
        expect(contrastRatio(scalable.colour, t.background)).toBeGreaterThanOrEqual(3);
        for (const vision of VISIONS) {
          expect(deltaE2000(labSeen(classic.colour, vision), labSeen(scalable.colour, vision)), vision).toBeGreaterThanOrEqual(20);
        }
        // and not by colour alone
        expect(classic.dash).not.toBe(scalable.dash);
        expect(classic.marker).not.toBe(scalable.marker);
      });
    });
  }

  it('uses larger type and heavier strokes for the projector', () => {
    expect(THEMES.projector.fontSize).toBeGreaterThan(THEMES.light.fontSize);
    expect(THEMES.projector.strokeWidth).toBeGreaterThan(THEMES.light.strokeWidth);
    for (const mode of MODES) {
      // the same hue family in both themes, so a mode looks the same everywhere
      expect(deltaE2000(labSeen(THEMES.light.modes[mode]), labSeen(THEMES.projector.modes[mode])), mode).toBeLessThan(12);
    }
  });

  it('names every mode, and marks spinning and interrupts with a pattern as well as a colour', () => {
    for (const mode of MODES) {
      expect(MODE_INFO[mode].label.length).toBeGreaterThan(2);
      expect(MODE_INFO[mode].monitor.length).toBeGreaterThan(2);
    }
    expect(MODE_INFO.spin.monitor).toBe('MP Synchronization');
    expect(MODE_INFO.spin.pattern).not.toBe('none');
    expect(MODE_INFO.interrupt.pattern).not.toBe('none');
    expect(MODE_INFO.spin.pattern).not.toBe(MODE_INFO.interrupt.pattern);
  });

  it('picks black or white text by contrast', () => {
    expect(textOnFill('#F0E442')).toBe('#000000');
    expect(textOnFill('#00589A')).toBe('#ffffff');
  });
});

describe('colour arithmetic', () => {
  it('computes WCAG contrast and CIEDE2000 like the references', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    // Sharma, Wu and Dalal (2005) test pair 1: L*a*b* (50, 2.6772, -79.7751) vs (50, 0, -82.7485) = 2.0425
    expect(deltaE2000([50, 2.6772, -79.7751], [50, 0, -82.7485])).toBeCloseTo(2.0425, 3);
    expect(deltaE2000([50, -1.3802, -84.2814], [50, 0, -82.7485])).toBeCloseTo(1.0, 3);
  });

  it('collapses red and green for a deuteranope', () => {
    const normal = deltaE2000(labSeen('#D55E00'), labSeen('#009E73'));
    const deutan = deltaE2000(labSeen('#ff0000', 'deuteranopia'), labSeen('#00a000', 'deuteranopia'));
    expect(normal).toBeGreaterThan(30);
    expect(deutan).toBeLessThan(deltaE2000(labSeen('#ff0000'), labSeen('#00a000')) / 2);
  });
});
