import { describe, expect, it } from 'vitest';
import { readSchema } from '../core/index.js';
import { loadCoreFromDisk } from '../core/node.js';
import type { TraceSlice } from '../core/snapshot.js';
import { kernelInfo } from '../kernels/index.js';
import { describeStep } from './events.js';

const schema = readSchema(await loadCoreFromDisk());

/** A slice of records [t, kind name, cpu, thread, object, arg]. */
function slice(records: readonly [number, string, number, number, number, number][]): TraceSlice {
  const kind = (name: string) => {
    const i = schema.trace.kinds.indexOf(name);
    if (i < 0) throw new Error(`no trace kind ${name}`);
    return i;
  };
  return {
    t: Float64Array.from(records.map((r) => r[0])),
    kind: Int32Array.from(records.map((r) => kind(r[1]))),
    cpu: Int32Array.from(records.map((r) => r[2])),
    thread: Int32Array.from(records.map((r) => r[3])),
    object: Int32Array.from(records.map((r) => r[4])),
    arg: Float64Array.from(records.map((r) => r[5])),
    dropped: 0,
  };
}

describe('a step in words', () => {
  // a request queue's post and take, by the kinds the schema says they are
  const queued = slice([
    [1_000, schema.trace.queue_post, 3, 12, 0, 2],
    [2_500, schema.trace.queue_take, 15, -1, 0, 1_500],
  ]);

  it("names a request queue's records in the run's kernel's words", () => {
    const lines = describeStep(schema, ['IOLOCK8'], queued, 2_500, kernelInfo('scalable').queueWords);
    expect(lines[0]).toMatch(/CPU 3 \(process 12\) queues a KRP for the designated CPU \(queue length 2\)$/);
    expect(lines[1]).toMatch(/The designated CPU \(CPU 15\) takes a KRP that waited 1\.5 µs$/);
    const service = describeStep(schema, ['STATE_LOCK'], queued, 2_500, kernelInfo('service').queueWords);
    expect(service[0]).toMatch(/queues a request for the server CPU/);
  });

  it('in plain words where the kernel gives none', () => {
    const lines = describeStep(schema, [], queued, 2_500);
    expect(lines[0]).toMatch(/queues a request for its server \(queue length 2\)$/);
    expect(lines[1]).toMatch(/Its server \(CPU 15\) takes a request that waited/);
  });

  it('names locks, and says when a step left no record', () => {
    const lines = describeStep(schema, ['IOLOCK8'], slice([[5_000, 'acquire', 2, 7, 0, 2_100]]), 5_000);
    expect(lines).toEqual([expect.stringMatching(/CPU 2 \(process 7\) takes IOLOCK8 after spinning 2\.1 µs$/)]);
    expect(describeStep(schema, [], slice([]), 9_000)[0]).toMatch(/internal bookkeeping/);
  });
});
