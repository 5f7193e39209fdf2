import { describe, expect, it } from 'vitest';
import { GRAPHIC_STEP, graphicTarget, shrinkTarget } from './fit-target.js';

describe("graphicTarget: the height a view's main graphic is drawn to", () => {
  it('gives the graphic what the rest of the view leaves of the room, in steps', () => {
    // a view of 300 px whose graphic is 200: 100 px of words; 400 px of room leaves 294 after the margin
    const want = graphicTarget({ graphic: 200, view: 300, room: 400, zoom: 1, least: 120 });
    expect(want).toBe(292);
    expect(want % GRAPHIC_STEP).toBe(0);
  });

  it('does not depend on the height the graphic was drawn at before (element and iframe agree)', () => {
    // the same view (100 px of words) drawn from three starting heights, in a room of 278 px
    const answers = [80, 150, 400].map((graphic) => graphicTarget({ graphic, view: graphic + 100, room: 278, zoom: 1, least: 20 }));
    expect(new Set(answers).size).toBe(1);
    // and one step later, measured at its own answer, it stays there
    const [first] = answers;
    expect(graphicTarget({ graphic: first!, view: first! + 100, room: 278, zoom: 1, least: 20 })).toBe(first);
  });

  it("works in the view's own px when the view is zoomed", () => {
    // on screen: 100 px graphic, 150 px view at zoom 0.5 (200 and 300 view px); room 200 on screen = 400 view px
    expect(graphicTarget({ graphic: 100, view: 150, room: 200, zoom: 0.5, least: 120 })).toBe(
      graphicTarget({ graphic: 200, view: 300, room: 400, zoom: 1, least: 120 }),
    );
  });

  it('never goes under the least height, and stays under a height found too tall', () => {
    expect(graphicTarget({ graphic: 200, view: 500, room: 300, zoom: 1, least: 120 })).toBe(120);
    expect(graphicTarget({ graphic: 200, view: 300, room: 400, zoom: 1, least: 120, ceiling: 250 })).toBe(248);
    expect(graphicTarget({ graphic: 200, view: 300, room: 400, zoom: 1, least: 120, ceiling: 248 })).toBe(244);
  });
});

describe('shrinkTarget: the zoom a view too tall for its room is drawn at', () => {
  it('is 1 where the view fits', () => {
    expect(shrinkTarget({ height: 200, zoom: 1, room: 300, least: 0.55 })).toBe(1);
  });

  it('is the largest hundredth that fits, whatever zoom the view had', () => {
    const answers = [1, 0.9, 0.7, 0.6].map((zoom) => shrinkTarget({ height: 500 * zoom, zoom, room: 400, least: 0.55 }));
    expect(answers).toEqual([0.8, 0.8, 0.8, 0.8]);
    // grows back when the room grows, without a band of "close enough"
    expect(shrinkTarget({ height: 500 * 0.8, zoom: 0.8, room: 440, least: 0.55 })).toBe(0.88);
  });

  it('stays under a zoom found too tall, and gives up under the least', () => {
    expect(shrinkTarget({ height: 400, zoom: 0.8, room: 440, least: 0.55, ceiling: 0.85 })).toBe(0.84);
    expect(shrinkTarget({ height: 1000, zoom: 1, room: 400, least: 0.55 })).toBeUndefined();
  });
});
