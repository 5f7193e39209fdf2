/*
 * layout.test.ts (krp-queue) -- the KRP queue view's layout for many CPU counts, widths,
 * heights and font sizes: the CPUs' chips stay in their column and apart, the columns
 * run left to right without overlapping, the queue's tokens stay in the queue, headings
 * fit their columns or are shortened, a token's flight runs from where it starts to
 * where it ends; plus exact values (16 CPUs at 680 px).
 */
import { describe, expect, it } from 'vitest';
import {
  busyWords,
  classicNote,
  designatedParts,
  fitting,
  flightPath,
  krpHeadings,
  krpLayout,
  queueCaption,
  queueTokens,
  saturatedBeside,
  tokenInFlight,
} from './layout.js';

const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const cases = [2, 4, 16, 64, 256].flatMap((cpus) =>
  [320, 520, 720, 1000].flatMap((innerW) =>
    [160, 240, 320].flatMap((height) => [15, 20].map((fontSize) => ({ cpus, innerW, height, fontSize }))),
  ),
);

describe.each(cases)('KRP layout: $cpus CPUs, $innerW × $height px, font $fontSize', ({ cpus, innerW, height, fontSize }) => {
  const sources = ids(cpus - 1);
  const layout = krpLayout(sources, innerW, height, { fontSize });
  const { queue, d } = layout;

  it('runs its columns left to right within the width: the CPUs, the queue, the designated CPU', () => {
    expect(layout.sourcesW).toBeLessThan(queue.x0);
    expect(queue.x0).toBeLessThan(queue.x1);
    expect(queue.x1).toBeLessThan(d.x);
    expect(d.x + d.w).toBeLessThanOrEqual(innerW);
    expect(queue.y).toBeGreaterThanOrEqual(layout.top);
    expect(queue.y + queue.h).toBeLessThanOrEqual(d.y + d.h + 1);
    expect(layout.top + layout.areaH).toBeLessThanOrEqual(height);
  });

  it('puts one chip a CPU, in its column, apart, row by row', () => {
    const places = sources.map((id) => layout.sources.get(id)!);
    expect(places.every(Boolean)).toBe(true);
    let apart = true;
    for (let i = 1; i < places.length; i++) {
      const a = places[i - 1]!;
      const b = places[i]!;
      // along a row to the right, or the next row down at the left
      if (b.y === a.y) apart &&= b.x >= a.x + layout.chipW;
      else apart &&= b.y >= a.y + layout.chipH && b.x === 0;
    }
    expect(apart).toBe(true);
    // where chips are larger than the least (6 px), the grid was chosen to fit the column
    if (layout.chipW > 6) {
      for (const p of places) {
        expect(p.x + layout.chipW).toBeLessThanOrEqual(layout.sourcesW + 1e-6);
        expect(p.y + layout.chipH).toBeLessThanOrEqual(layout.top + layout.areaH + 1e-6);
      }
    }
    expect(layout.chipW).toBeLessThanOrEqual(Math.max(6, fontSize * 4));
  });

  it.each([0, 1, 5, 40, 1000])("keeps %i KRPs' tokens within the queue, apart, from its head; the rest counted", (len) => {
    const { boxes, overflow } = queueTokens(layout, len);
    expect(boxes.length + overflow).toBe(len);
    expect(boxes.length).toBeLessThanOrEqual(layout.room);
    // a queue too short for one token whole (a narrow view in large type) still shows one, from its head
    const holdsOne = queue.x1 - queue.x0 - 8 >= layout.token + 3;
    for (const [i, b] of boxes.entries()) {
      if (holdsOne) expect(b.x).toBeGreaterThanOrEqual(queue.x0);
      expect(b.x + layout.token).toBeLessThanOrEqual(queue.x1);
      expect(b.y).toBeGreaterThan(queue.y);
      expect(b.y + layout.token).toBeLessThan(queue.y + queue.h);
      if (i > 0) expect(b.x + layout.token).toBeLessThan(boxes[i - 1]!.x);
    }
    // "+N" has the queue's tail to itself
    if (overflow > 0 && boxes.length) expect(boxes.at(-1)!.x).toBeGreaterThanOrEqual(queue.x0 + 2 * layout.token);
  });

  it('fits each heading within its column, or shortens it to its last wording', () => {
    for (const role of [true, false]) {
      const headings = krpHeadings(layout, innerW, role, fontSize - 2);
      expect(headings).toHaveLength(role ? 3 : 1);
      const ends = role ? [queue.x0 - layout.fs, d.x - layout.fs * 0.8, innerW] : [innerW];
      headings.forEach((h, i) => {
        if (i > 0) expect(h.x).toBeGreaterThan(headings[i - 1]!.x);
        const room = ends[i]! - h.x;
        expect(h.size).toBeLessThanOrEqual(fontSize - 2);
        // fitted at no less than 9 px, bold type estimated at 0.64 em a glyph
        if (h.size > 9) expect(h.text.length * h.size * 0.64).toBeLessThanOrEqual(room + 1e-6);
        if (h.text.length * (fontSize - 2) * 0.6 > room)
          expect(['CPUs', 'Queue', 'TCP/IP CPU', 'CPUs in process context']).toContain(h.text);
      });
    }
  });

  it("flies a token from a CPU's chip into the queue's tail, and from its head to the designated CPU", () => {
    const half = layout.token * 0.4;
    const cpu = sources.at(-1) ?? 0;
    for (const kind of ['queue', 'start'] as const) {
      const p = flightPath(layout, kind, cpu);
      const from = tokenInFlight(layout, kind, cpu, 0);
      const to = tokenInFlight(layout, kind, cpu, 1);
      expect(from.x + half).toBeCloseTo(p.x0);
      expect(from.y + half).toBeCloseTo(p.y0);
      expect(to.x + half).toBeCloseTo(p.x1);
      expect(to.y + half).toBeCloseTo(p.y1);
      expect(from.opacity).toBe(1);
      expect(to.opacity).toBe(0);
      // it moves on to the right all the way, arcing over the top
      const xs = [0, 0.25, 0.5, 0.75, 1].map((u) => tokenInFlight(layout, kind, cpu, u).x);
      for (let i = 1; i < xs.length; i++) expect(xs[i]!).toBeGreaterThanOrEqual(xs[i - 1]!);
      expect(tokenInFlight(layout, kind, cpu, 0.5).y + half).toBeLessThan(Math.max(p.y0, p.y1));
    }
    expect(flightPath(layout, 'start', cpu).x1).toBe(d.x);
  });

  it("stacks the designated CPU's words in its box and its gauge under it; the queue's words under the queue", () => {
    const parts = designatedParts(layout);
    expect(parts.nameY).toBeGreaterThan(d.y);
    expect(parts.modeY).toBeGreaterThan(parts.nameY);
    expect(parts.doingY).toBeGreaterThan(parts.modeY);
    expect(parts.doingY).toBeLessThan(d.y + d.h);
    expect(parts.busyY).toBeGreaterThan(d.y + d.h);
    expect(parts.gauge.y).toBeGreaterThan(parts.busyY);
    expect(parts.figureY).toBeGreaterThan(parts.gauge.y + parts.gauge.h);
    expect(parts.centre).toBe(d.x + d.w / 2);
    const caption = queueCaption(layout);
    expect(caption.lengthY).toBeGreaterThan(queue.y + queue.h);
    expect(caption.maxY).toBeGreaterThan(caption.lengthY);
    expect(caption.x - caption.width / 2).toBe(queue.x0);
  });
});

describe('KRP layout: words', () => {
  it.each([
    [['CPUs in process context', 'Process context', 'CPUs'], 200, 13, 'CPUs in process context'],
    [['CPUs in process context', 'Process context', 'CPUs'], 150, 13, 'Process context'],
    [['CPUs in process context', 'Process context', 'CPUs'], 60, 17, 'CPUs'],
    [['CPUs in process context', 'Process context', 'CPUs'], 10, 17, 'CPUs'],
    [['busy in kernel context', 'busy (kernel)', 'busy'], 190, 13, 'busy in kernel context'],
    [['busy in kernel context', 'busy (kernel)', 'busy'], 140, 17, 'busy (kernel)'],
    [['busy in kernel context', 'busy (kernel)', 'busy'], 120, 17, 'busy'],
  ] as const)('fitting(%j, %i px, %i px) is "%s"', (words, width, size, expected) => {
    expect(fitting(words, width, size)).toBe(expected);
  });

  it("shortens the gauge's words where the column is narrow, never under the projector's least size", () => {
    const wide = krpLayout(ids(15), 1000, 240, { fontSize: 15 });
    const narrow = krpLayout(ids(15), 320, 240, { fontSize: 20 });
    expect(busyWords(wide, { name: 'light', smallSize: 13 })).toEqual({ text: 'busy in kernel context', size: 13 });
    expect(busyWords(narrow, { name: 'projector', smallSize: 17 }).text).toBe('busy');
    expect(busyWords(narrow, { name: 'projector', smallSize: 17 }).size).toBeGreaterThanOrEqual(17);
  });

  it('puts "saturated" beside the figure where it fits, else under it', () => {
    const t = { fontSize: 15, largeSize: 22 };
    expect(saturatedBeside(krpLayout(ids(15), 720, 240, t), '100.0%', t, 720)).toBe(true);
    expect(saturatedBeside(krpLayout(ids(15), 320, 240, t), '≈100.0%', t, 320)).toBe(false);
  });

  it("centres the classic kernel's note in the room right of the CPUs", () => {
    const layout = krpLayout(ids(16), 720, 240, { fontSize: 15 });
    const note = classicNote(layout, 720, { fontSize: 15 }, 'The classic kernel has no KRP queue:');
    expect(note.x).toBe((216 + 15 + 720) / 2);
    expect(note.y).toBe(layout.top + layout.areaH / 2);
    expect(note.size).toBeLessThanOrEqual(15);
  });
});

describe('KRP layout: exact values', () => {
  const layout = krpLayout(ids(15), 680, 240, { fontSize: 15 });

  it('lays 15 CPUs three a row in 30 % of 680 px, the designated CPU at the right, the queue between', () => {
    expect(layout).toMatchObject({
      top: 32,
      areaH: 204,
      sourcesW: 204,
      cols: 3,
      gap: 4,
      chipH: 37.6,
      token: 17,
      room: 9,
      d: { x: 486, y: 32, w: 190, h: 105 },
      queue: { x0: 241.5, x1: 448.5, y: 67, h: 36 },
    });
    expect(layout.chipW).toBeCloseTo(52.222, 3);
    expect(layout.sources.get(1)).toEqual({ x: 0, y: 32 });
    expect(layout.sources.get(4)).toEqual({ x: 0, y: 73.6 });
    expect(layout.sources.get(6)!.x).toBeCloseTo(112.444, 3);
  });

  it("puts the tokens from the queue's head, the headings over their columns, the designated CPU's parts", () => {
    expect(queueTokens(layout, 3)).toEqual({
      boxes: [
        { x: 422.5, y: 76.5 },
        { x: 402.5, y: 76.5 },
        { x: 382.5, y: 76.5 },
      ],
      overflow: 0,
    });
    expect(queueTokens(layout, 100).overflow).toBe(94);
    expect(krpHeadings(layout, 680, true, 13)).toEqual([
      { x: 0, text: 'CPUs in process context', size: 13 },
      { x: 241.5, text: 'TCPIP_KRP work queue', size: 13 },
      { x: 486, text: 'Designated TCP/IP CPU', size: 13 },
    ]);
    expect(krpHeadings(krpLayout(ids(15), 300, 240, { fontSize: 20 }), 300, true, 17)).toEqual([
      { x: 0, text: 'CPUs', size: 17 },
      { x: 140, text: 'Queue', size: 17 },
      { x: 212, text: 'TCP/IP CPU', size: 13.75 },
    ]);
    expect(designatedParts(layout)).toEqual({
      centre: 581,
      nameY: 53,
      modeY: 95,
      doingY: 126.5,
      doingW: 178,
      busyY: 158,
      gauge: { x: 486, y: 165.5, w: 190, h: 16.5 },
      figureY: 201.5,
      pulse: { x: 480, y: 26, w: 202, h: 117 },
    });
    const mid = tokenInFlight(layout, 'queue', 1, 0.5);
    expect(mid.x).toBeCloseTo(129.0056, 3);
    expect(mid.y).toBeCloseTo(41.3, 6);
    expect(mid.size).toBeCloseTo(13.6, 6);
  });
});
