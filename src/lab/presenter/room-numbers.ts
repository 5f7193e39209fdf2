/*
 * room-numbers.ts -- numbers as a room reads them off a projector: three significant
 * figures at most ("8.23 ms", never "8.23333 ms"; "267 µs", never "266.666 µs"). The
 * lab's own clock keeps its six (status-words.ts, clockText): a learner stepping a run
 * reads the instant to the nanosecond; a class does not.
 */
import { formatNs } from '../../views/format.js';

/** A simulated time for the room: 8_233_333 -> "8.23 ms", 266_666 -> "267 µs". */
export function roomTime(ns: number): string {
  return formatNs(Math.max(0, ns), 3);
}
