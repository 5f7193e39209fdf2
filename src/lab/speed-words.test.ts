/* speed-words.test.ts -- playback speeds and simulated times in words. */
import { describe, expect, it } from 'vitest';
import { MAX_SPEED } from '../core/playback.js';
import { formatNs } from '../views/format.js';
import { speedLabel, speedRatio } from './speed-words.js';

describe('speeds and times in words', () => {
  it('says a speed as simulated time per second', () => {
    expect(speedLabel(1e3)).toBe('1 µs per second');
    expect(speedLabel(2e6)).toBe('2 ms per second');
    expect(speedLabel(MAX_SPEED)).toBe('as fast as the core runs');
    expect(speedRatio(2e6)).toBe('500× slower than real time');
    expect(formatNs(450)).toBe('450 ns');
    expect(formatNs(1_500)).toBe('1.5 µs');
    expect(formatNs(40_000_000)).toBe('40 ms');
    expect(formatNs(43_166_512, 6)).toBe('43.1665 ms');
  });
});
