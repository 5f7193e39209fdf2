/*
 * trace.ts -- trace records as columns. decodeTrace turns the fixed-size records
 * lab_trace_read() writes into a TraceSlice (one typed array per field), reading every
 * field by the name and offset the core's schema gives (schema.trace), never by a
 * hard-coded layout. TraceHistory is the main thread's bounded window of recent
 * records, appended to once per displayed frame and handed to the views without
 * copying.
 *
 * Invariants: a TraceSlice's columns all have the same length; records are in the
 * order the core emitted them (non-decreasing time). TraceHistory never holds more
 * than its capacity; what it trims or drops is counted, never silently lost.
 */
import type { Schema, TraceFieldLayout } from './schema.js';
import type { TraceSlice } from './snapshot.js';

/** The TraceSlice column each schema field fills (schema.trace.fields[].name). */
const columnOf = {
  t_ns: 't',
  kind: 'kind',
  cpu: 'cpu',
  thread: 'thread',
  object: 'object',
  arg: 'arg',
} as const satisfies Record<string, keyof Omit<TraceSlice, 'dropped'>>;

type ColumnName = (typeof columnOf)[keyof typeof columnOf];
const columnNames: readonly ColumnName[] = ['t', 'kind', 'cpu', 'thread', 'object', 'arg'];
const floatColumns = new Set<ColumnName>(['t', 'arg']);

/** A TraceSlice with `count` records of zeros. */
export function allocateTrace(count: number, dropped = 0): TraceSlice {
  return {
    t: new Float64Array(count),
    kind: new Int32Array(count),
    cpu: new Int32Array(count),
    thread: new Int32Array(count),
    object: new Int32Array(count),
    arg: new Float64Array(count),
    dropped,
  };
}

export const emptyTrace = (dropped = 0): TraceSlice => allocateTrace(0, dropped);

export function traceLength(slice: TraceSlice): number {
  return slice.t.length;
}

interface BoundField {
  column: ColumnName;
  layout: TraceFieldLayout;
}

const boundLayouts = new WeakMap<Schema, BoundField[]>();

/** The schema's trace fields, each tied to its column; fails loudly on a layout this code cannot read. */
function boundFields(schema: Schema): BoundField[] {
  let bound = boundLayouts.get(schema);
  if (bound) return bound;
  const layout = schema.trace;
  bound = layout.fields.map((field) => {
    const column = columnOf[field.name as keyof typeof columnOf];
    if (!column) throw new Error(`the core's trace record has a field "${field.name}" that TypeScript does not know`);
    const wantFloat = floatColumns.has(column);
    if ((field.type === 'f64') !== wantFloat) {
      throw new Error(`the core's trace field "${field.name}" is ${field.type}, but its column is ${wantFloat ? 'f64' : 'i32'}`);
    }
    const size = field.type === 'f64' ? 8 : 4;
    if (field.offset < 0 || field.offset + size > layout.record_bytes) {
      throw new Error(
        `the core's trace field "${field.name}" (offset ${field.offset}) lies outside its ${layout.record_bytes}-byte record`,
      );
    }
    return { column, layout: field };
  });
  const missing = columnNames.filter((column) => !bound!.some((field) => field.column === column));
  if (missing.length > 0) throw new Error(`the core's trace record lacks ${missing.join(', ')}`);
  boundLayouts.set(schema, bound);
  return bound;
}

const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * Decodes `count` records starting at byte `byteOffset` of `buffer` (wasm memory or
 * a copy of it) into `out`, from record index `at`. Aligned layouts are read through
 * strided typed-array views (fast); anything else through a DataView.
 */
export function decodeTraceInto(schema: Schema, buffer: ArrayBufferLike, byteOffset: number, count: number, out: TraceSlice, at = 0): void {
  if (count === 0) return;
  const recordBytes = schema.trace.record_bytes;
  if (at < 0 || at + count > out.t.length)
    throw new RangeError(`decoding ${count} trace records at ${at} overflows a slice of ${out.t.length}`);
  const end = byteOffset + count * recordBytes;
  if (byteOffset < 0 || end > buffer.byteLength)
    throw new RangeError(`trace records at ${byteOffset}..${end} lie outside the buffer (${buffer.byteLength} bytes)`);
  for (const { column, layout } of boundFields(schema)) {
    const target = out[column];
    const size = layout.type === 'f64' ? 8 : 4;
    const aligned = littleEndian && recordBytes % size === 0 && (byteOffset + layout.offset) % size === 0;
    if (aligned) {
      const stride = recordBytes / size;
      const first = (byteOffset + layout.offset) / size;
      const source =
        layout.type === 'f64'
          ? new Float64Array(buffer, 0, Math.floor(buffer.byteLength / 8))
          : new Int32Array(buffer, 0, Math.floor(buffer.byteLength / 4));
      for (let i = 0; i < count; i++) target[at + i] = source[first + i * stride]!;
    } else {
      const view = new DataView(buffer);
      for (let i = 0; i < count; i++) {
        const p = byteOffset + i * recordBytes + layout.offset;
        target[at + i] = layout.type === 'f64' ? view.getFloat64(p, true) : view.getInt32(p, true);
      }
    }
  }
}

/** Decodes records from bytes laid out as schema.trace says (count = bytes / record size). */
export function decodeTrace(schema: Schema, bytes: Uint8Array, dropped = 0): TraceSlice {
  const recordBytes = schema.trace.record_bytes;
  if (bytes.byteLength % recordBytes !== 0) {
    throw new RangeError(`${bytes.byteLength} bytes are not a whole number of ${recordBytes}-byte trace records`);
  }
  const count = bytes.byteLength / recordBytes;
  const out = allocateTrace(count, dropped);
  decodeTraceInto(schema, bytes.buffer, bytes.byteOffset, count, out);
  return out;
}

/** The buffers of a slice, for postMessage's transfer list. */
export function traceTransferables(slice: TraceSlice): ArrayBuffer[] {
  return columnNames.map((column) => slice[column].buffer as ArrayBuffer);
}

/** The last `count` records of a slice (views on the same buffers). */
export function traceTail(slice: TraceSlice, count: number): TraceSlice {
  const from = Math.max(0, traceLength(slice) - count);
  return traceRange(slice, from, traceLength(slice));
}

/** Records [from, to) of a slice (views on the same buffers). */
export function traceRange(slice: TraceSlice, from: number, to: number): TraceSlice {
  return {
    t: slice.t.subarray(from, to),
    kind: slice.kind.subarray(from, to),
    cpu: slice.cpu.subarray(from, to),
    thread: slice.thread.subarray(from, to),
    object: slice.object.subarray(from, to),
    arg: slice.arg.subarray(from, to),
    dropped: slice.dropped,
  };
}

/** Slices joined in order into one (a copy); `dropped` is the last slice's count. */
export function concatTraces(slices: readonly TraceSlice[]): TraceSlice {
  const out = allocateTrace(
    slices.reduce((sum, s) => sum + traceLength(s), 0),
    slices.length ? slices[slices.length - 1]!.dropped : 0,
  );
  let at = 0;
  for (const s of slices) {
    for (const column of columnNames) (out[column] as Float64Array | Int32Array).set(s[column], at);
    at += traceLength(s);
  }
  return out;
}

/** Index of a trace kind by its schema name ('mode', 'spin', ...), or -1. */
export function traceKind(schema: Schema, name: string): number {
  return schema.trace.kinds.indexOf(name);
}

/**
 * The recent trace as the views read it: a contiguous slice (no copy), the time from
 * which it is complete, and each CPU's mode at that time (so a timeline can draw
 * from the very first record). -1 means the mode at the start is unknown.
 */
export interface TraceWindow {
  slice: TraceSlice;
  /** Records are complete from this simulated time on. */
  startNs: number;
  /** Mode index (schema.modes) of each CPU at startNs, -1 when unknown. */
  modeAtStart: Int32Array;
  /** Bumped on every change, so views can tell a new window from the same one. */
  version: number;
}

/**
 * A bounded window of the most recent records. Storage is twice the capacity so that
 * appending is a copy into free space and only occasionally a compaction; view() is
 * a set of subarrays, never a copy.
 */
export class TraceHistory {
  private columns: TraceSlice;
  private start = 0;
  private end = 0;
  private startNs = 0;
  private modeAtStart: Int32Array;
  private version = 0;
  /** Records the core or the lab dropped, plus records trimmed from this window's start. */
  private dropped = 0;
  private readonly modeKind: number;

  constructor(
    readonly capacity: number,
    schema: Schema,
    cpus: number,
  ) {
    if (!(capacity > 0)) throw new RangeError('a trace history needs a capacity above 0');
    this.columns = allocateTrace(capacity * 2);
    this.modeKind = traceKind(schema, 'mode');
    this.modeAtStart = new Int32Array(cpus).fill(-1);
  }

  get length(): number {
    return this.end - this.start;
  }

  /**
   * Starts over at simulated time startNs, with the CPUs' modes then (from a snapshot,
   * as schema.modes indexes), or unknown.
   */
  reset(startNs: number, modes?: ArrayLike<number>, cpus = this.modeAtStart.length): void {
    this.start = this.end = 0;
    this.startNs = startNs;
    this.modeAtStart = new Int32Array(cpus).fill(-1);
    if (modes) this.modeAtStart.set(Array.from(modes).slice(0, cpus));
    this.version++;
  }

  /** Appends a slice; records beyond the capacity trim the oldest (their modes carried into modeAtStart). */
  append(slice: TraceSlice): void {
    const n = traceLength(slice);
    this.dropped = slice.dropped;
    if (n === 0) return;
    const cap = this.capacity;
    const total = this.columns.t.length;
    let from = 0;
    let count = n;
    if (count > cap) {
      // Only the newest `cap` records fit: the window starts over inside this slice.
      this.trim(this.end - this.start);
      this.absorbModes(slice, 0, n - cap);
      from = n - cap;
      count = cap;
      this.start = this.end = 0;
    }
    const keep = Math.min(this.end - this.start, cap - count);
    if (this.end - this.start > keep) this.trim(this.end - this.start - keep);
    if (this.end + count > total) {
      for (const column of columnNames) {
        const data = this.columns[column];
        data.copyWithin(0, this.start, this.end);
      }
      this.end -= this.start;
      this.start = 0;
    }
    for (const column of columnNames) {
      (this.columns[column] as Float64Array | Int32Array).set(slice[column].subarray(from, from + count), this.end);
    }
    this.end += count;
    this.version++;
  }

  /** Drops the oldest `count` records, carrying their mode changes into modeAtStart. */
  private trim(count: number): void {
    if (count <= 0) return;
    this.absorbModes(this.columns, this.start, this.start + count);
    this.start += count;
  }

  /** Applies the mode changes of records from..to to modeAtStart; the window then starts at the last of them. */
  private absorbModes(slice: TraceSlice, from: number, to: number): void {
    const { kind, cpu, object } = slice;
    for (let i = from; i < to; i++) {
      if (kind[i] !== this.modeKind) continue;
      const c = cpu[i]!;
      if (c < 0) continue;
      if (c >= this.modeAtStart.length) {
        const grown = new Int32Array(c + 1).fill(-1);
        grown.set(this.modeAtStart);
        this.modeAtStart = grown;
      }
      this.modeAtStart[c] = object[i]!;
    }
    if (to > from) this.startNs = slice.t[to - 1]!;
  }

  /** The window as views read it (subarrays of the storage: valid until the next append). */
  view(): TraceWindow {
    return {
      slice: { ...traceRange(this.columns, this.start, this.end), dropped: this.dropped },
      startNs: this.startNs,
      modeAtStart: this.modeAtStart,
      version: this.version,
    };
  }
}
