/*
 * clock.ts -- wall time for views that play a short loop of their own (the network
 * views' packets): milliseconds since the loop started, updated on the shared frame
 * loop (motion.ts onFrame); null when not active (reduced motion), or where there are
 * no animation frames (tests, server rendering), so the view draws its still picture.
 */
import { useEffect, useState } from 'react';
import { onFrame } from '../motion.js';

export function useWallClock(active: boolean): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!active || typeof requestAnimationFrame === 'undefined') return undefined;
    let start = -1;
    const stop = onFrame((frame) => {
      if (start < 0) start = frame;
      setNow(frame - start);
    });
    // the next loop starts from its still picture
    return () => {
      stop();
      setNow(null);
    };
  }, [active]);
  return active ? now : null;
}
