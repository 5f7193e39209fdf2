/*
 * speed-words.ts -- a playback speed (simulated ns per wall second, core/playback.ts)
 * in words for the transport: "2 ms per second", "500× slower than real time".
 */
import type { Speed } from '../core/playback.js';
import { formatNs } from '../views/format.js';

/** A speed in words: "2 ms per second" or "as fast as the core runs". */
export function speedLabel(speed: Speed): string {
  return Number.isFinite(speed) ? `${formatNs(speed, 3)} per second` : 'as fast as the core runs';
}

/** How many times slower than real time a speed is ("500,000× slower than real time"), or faster. */
export function speedRatio(speed: Speed): string {
  if (!Number.isFinite(speed)) return 'maximum';
  const ratio = 1e9 / speed;
  if (ratio >= 1) return `${WHOLE.format(Math.round(ratio))}× slower than real time`;
  return `${ONE_DECIMAL.format(1 / ratio)}× real time`;
}

// made once: toLocaleString makes a formatter per call, and the transport asks on every frame
const WHOLE = new Intl.NumberFormat('en');
const ONE_DECIMAL = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });
