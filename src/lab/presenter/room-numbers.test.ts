import { describe, expect, it } from 'vitest';
import { roomTime } from './room-numbers.js';

describe('roomTime', () => {
  it('rounds a simulated time to three significant figures for a room', () => {
    expect(roomTime(8_233_333)).toBe('8.23 ms');
    expect(roomTime(266_666)).toBe('267 µs');
    expect(roomTime(100_000_000)).toBe('100 ms');
    expect(roomTime(4_000_000)).toBe('4 ms');
    expect(roomTime(14_900_000)).toBe('14.9 ms');
    expect(roomTime(512)).toBe('512 ns');
  });
  it('never shows a negative time (before the warm-up ends the clock reads 0)', () => {
    expect(roomTime(-5)).toBe('0 ns');
  });
});
