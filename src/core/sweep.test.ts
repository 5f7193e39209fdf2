import { describe, expect, it } from 'vitest';
import { sweepWorkerCount } from './sweep.js';

describe('sweepWorkerCount', () => {
  it('takes one worker per core but one, from 2 up to 8', () => {
    expect([1, 2, 3, 4, 6, 8, 9, 12, 64].map(sweepWorkerCount)).toEqual([2, 2, 2, 3, 5, 7, 8, 8, 8]);
  });
  it('takes 2 where the browser does not say, or says nonsense', () => {
    expect([undefined, 0, -3, Number.NaN, Number.POSITIVE_INFINITY].map(sweepWorkerCount)).toEqual([2, 2, 2, 2, 2]);
  });
});
