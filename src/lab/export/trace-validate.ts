/*
 * trace-validate.ts -- checks a JSON trace against the Trace Event Format (the Google
 * document "Trace Event Format", which Chrome's about:tracing and the Perfetto UI
 * import). It checks what those importers rely on:
 *   - the file is an array of events or an object with a traceEvents array, and
 *     displayTimeUnit, when given, is "ms" or "ns";
 *   - every event has a known phase (ph) and the fields that phase requires: name, ts,
 *     pid and tid for duration (B/E), complete (X), instant (i/I), counter (C), async
 *     (b/n/e; also cat and id) and flow (s/t/f; also cat and id) events; metadata (M)
 *     events name a known kind and carry the args it needs;
 *   - ts and dur are finite numbers, and an X event's dur is not negative;
 *   - per track (a thread's pid and tid; an async slice's cat and id; a counter's pid
 *     and name): ts never goes back, and on a thread track B/E pairs nest (an E closes the
 *     newest open B, with the same name when it gives one, and no B is left open), and
 *     complete slices nest (one that starts inside another ends inside it too);
 *   - counters carry numeric args; instants' scope (s) is g, p or t;
 *   - nestable async events: an e or n has a b open with the same cat and id.
 * It returns every problem (up to a limit) in words, each naming the event's index.
 */

export interface TraceCheck {
  ok: boolean;
  errors: string[];
  /** Events by phase. */
  phases: Record<string, number>;
  events: number;
}

const PHASES = new Set([
  'B',
  'E',
  'X',
  'i',
  'I',
  'C',
  'b',
  'n',
  'e',
  's',
  't',
  'f',
  'P',
  'N',
  'O',
  'D',
  'M',
  'R',
  'c',
  '(',
  ')',
  'S',
  'T',
  'p',
  'F',
]);
const META_NAMES: Record<string, string | null> = {
  process_name: 'name',
  process_labels: 'labels',
  process_sort_index: 'sort_index',
  thread_name: 'name',
  thread_sort_index: 'sort_index',
};
const NEEDS_TID = new Set(['B', 'E', 'X', 'i', 'I', 'b', 'n', 'e', 's', 't', 'f']);
const NEEDS_CAT_ID = new Set(['b', 'n', 'e', 's', 't', 'f']);

/** Microseconds below which two times count as one: the rounding of ns / 1000 in doubles, far below 1 ns. */
const ROUNDING_US = 1e-4;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isId = (value: unknown) => typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value));

/**
 * The track an event is drawn on: a thread (pid/tid) for slices and thread instants;
 * its own track for an async slice (cat and id), a counter (pid and name), and a
 * process or global instant.
 */
function trackKey(event: Record<string, unknown>, ph: string): string {
  if (ph === 'b' || ph === 'n' || ph === 'e') return `async ${String(event.cat)} id ${String(event.id ?? JSON.stringify(event.id2))}`;
  if (ph === 'C') return `counter pid ${String(event.pid)} "${String(event.name)}"`;
  if ((ph === 'i' || ph === 'I') && event.s === 'g') return 'global instants';
  if ((ph === 'i' || ph === 'I') && event.s === 'p') return `process instants pid ${String(event.pid)}`;
  return `pid ${String(event.pid)} tid ${String(event.tid)}`;
}

interface Track {
  lastTs: number;
  openB: string[];
  /** End times (µs) of the complete slices that enclose the current position, innermost last. */
  openX: number[];
}

export function validateChromeTrace(trace: unknown, maxErrors = 50): TraceCheck {
  const errors: string[] = [];
  const phases: Record<string, number> = {};
  const problem = (text: string) => {
    if (errors.length < maxErrors) errors.push(text);
  };
  let events: unknown[];
  if (Array.isArray(trace)) {
    events = trace;
  } else if (isObject(trace) && Array.isArray(trace.traceEvents)) {
    events = trace.traceEvents;
    const unit = trace.displayTimeUnit;
    if (unit !== undefined && unit !== 'ms' && unit !== 'ns')
      problem(`displayTimeUnit is ${JSON.stringify(unit)}, but it must be "ms" or "ns"`);
  } else {
    return { ok: false, errors: ['a trace must be a JSON array of events or an object with a "traceEvents" array'], phases, events: 0 };
  }

  const tracks = new Map<string, Track>();
  const openAsync = new Map<string, number>();
  const trackOf = (key: string): Track => {
    let track = tracks.get(key);
    if (!track) tracks.set(key, (track = { lastTs: -Infinity, openB: [], openX: [] }));
    return track;
  };

  events.forEach((raw, index) => {
    const at = `event ${index}`;
    if (!isObject(raw)) return problem(`${at} is not an object`);
    const ph = raw.ph;
    if (typeof ph !== 'string' || !PHASES.has(ph))
      return problem(`${at} has ph ${JSON.stringify(ph)}, which is not a Trace Event Format phase`);
    phases[ph] = (phases[ph] ?? 0) + 1;
    const name = raw.name;
    if (ph !== 'E' && typeof name !== 'string') problem(`${at} (ph ${ph}) has no name`);
    if (ph === 'E' && name !== undefined && typeof name !== 'string') problem(`${at} (ph E) has a name that is not text`);
    if (!Number.isInteger(raw.pid)) problem(`${at} (ph ${ph}) has no integer pid`);
    if (NEEDS_TID.has(ph) && !Number.isInteger(raw.tid)) problem(`${at} (ph ${ph}) has no integer tid`);
    if (raw.args !== undefined && !isObject(raw.args)) problem(`${at} has args that are not an object`);

    if (ph === 'M') {
      const key = typeof name === 'string' ? META_NAMES[name] : undefined;
      if (key === undefined)
        return problem(`${at} is metadata named ${JSON.stringify(name)}, not one of ${Object.keys(META_NAMES).join(', ')}`);
      if (name === 'thread_name' || name === 'thread_sort_index') {
        if (!Number.isInteger(raw.tid)) problem(`${at} (${name}) has no integer tid`);
      }
      const args = raw.args;
      if (!isObject(args) || !(key! in args)) return problem(`${at} (${name}) has no args.${key}`);
      if (key === 'name' && typeof args.name !== 'string') problem(`${at} (${name}) args.name is not text`);
      if (key === 'sort_index' && !Number.isInteger(args.sort_index)) problem(`${at} (${name}) args.sort_index is not an integer`);
      return;
    }

    if (!isFiniteNumber(raw.ts)) return problem(`${at} (ph ${ph}) has no finite ts`);
    const ts = raw.ts;
    if (NEEDS_CAT_ID.has(ph)) {
      if (typeof raw.cat !== 'string') problem(`${at} (ph ${ph}) has no cat`);
      if (!isId(raw.id) && !isObject(raw.id2)) problem(`${at} (ph ${ph}) has no id`);
    }
    if ((ph === 'i' || ph === 'I') && raw.s !== undefined && raw.s !== 'g' && raw.s !== 'p' && raw.s !== 't') {
      problem(`${at} (instant) has scope s ${JSON.stringify(raw.s)}, not g, p or t`);
    }
    if (ph === 'C') {
      const args = raw.args;
      if (!isObject(args) || Object.keys(args).length === 0) problem(`${at} (counter) has no args`);
      else
        for (const [series, value] of Object.entries(args)) {
          if (!isFiniteNumber(value)) problem(`${at} (counter) series "${series}" is not a number`);
        }
    }

    const track = trackOf(trackKey(raw, ph));
    if (ts < track.lastTs)
      problem(`${at} (ph ${ph}) at ts ${ts} goes back in time on track ${trackKey(raw, ph)} (last ts ${track.lastTs})`);
    track.lastTs = Math.max(track.lastTs, ts);

    // Complete slices that ended before this event no longer enclose it.
    while (track.openX.length > 0 && track.openX[track.openX.length - 1]! <= ts + ROUNDING_US) track.openX.pop();

    switch (ph) {
      case 'X': {
        if (!isFiniteNumber(raw.dur)) return problem(`${at} (complete) has no finite dur`);
        if (raw.dur < 0) return problem(`${at} (complete) has a negative dur ${raw.dur}`);
        const end = ts + raw.dur;
        const enclosing = track.openX[track.openX.length - 1];
        if (enclosing !== undefined && end > enclosing + ROUNDING_US) {
          problem(
            `${at} (complete "${String(name)}", ${ts}..${end}) overlaps the end (${enclosing}) of the slice it starts in, on track pid ${String(raw.pid)} tid ${String(raw.tid)}: slices on one track must nest`,
          );
        }
        if (raw.dur > 0) track.openX.push(end);
        return;
      }
      case 'B':
        track.openB.push(String(name));
        return;
      case 'E': {
        const open = track.openB.pop();
        if (open === undefined) return problem(`${at} (end) closes nothing on track pid ${String(raw.pid)} tid ${String(raw.tid)}`);
        if (typeof name === 'string' && name !== open)
          problem(`${at} (end "${name}") closes "${open}", the newest open begin on its track`);
        return;
      }
      case 'b':
      case 'n':
      case 'e': {
        const key = `${String(raw.cat)}|${String(raw.id ?? JSON.stringify(raw.id2))}`;
        if (ph === 'b') openAsync.set(key, (openAsync.get(key) ?? 0) + 1);
        else if (!openAsync.get(key)) problem(`${at} (async ${ph}) has no open "b" with cat ${String(raw.cat)} and id ${String(raw.id)}`);
        else if (ph === 'e') openAsync.set(key, openAsync.get(key)! - 1);
        return;
      }
      default:
        return;
    }
  });

  for (const [key, track] of tracks) {
    if (track.openB.length > 0)
      problem(`track ${key} leaves ${track.openB.length} begin event(s) unclosed ("${track.openB[track.openB.length - 1]}")`);
  }
  for (const [key, open] of openAsync) {
    if (open > 0) problem(`async slice ${key} begins but never ends`);
  }
  return { ok: errors.length === 0, errors, phases, events: events.length };
}
