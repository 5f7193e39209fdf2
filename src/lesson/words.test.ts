/*
 * A lab's run in words, as a compare card titles it: a lock's or a discipline's name,
 * never the core's identifier.
 */
import { describe, expect, it } from 'vitest';
import { settingsInWords } from './words.js';

describe('settings in words', () => {
  it('names a service discipline and a lock kind in words', () => {
    expect(settingsInWords({ 'service.discipline': 'tas' })).toBe('Test-and-set');
    expect(settingsInWords({ 'service.discipline': 'mcs', 'machine.cpus': 64 })).toBe('MCS queue lock, 64 CPUs');
    expect(settingsInWords({ 'kernel.lock_kind': 'mcs' })).toBe('MCS queue lock');
  });
});
