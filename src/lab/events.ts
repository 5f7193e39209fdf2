/*
 * events.ts -- trace records in words, for the transport's "what just happened" line
 * after a step ("CPU 3 takes IOLOCK8 after spinning 2.1 µs"). Kinds, modes and lock
 * names come from the schema, a request queue's words from the run's kernel
 * (KernelInfo.queueWords); the meaning of each kind's object and argument is the one
 * stacklab.h documents for LAB_TRACE_*.
 */
import { formatNs } from '../views/format.js';
import type { Schema } from '../core/schema.js';
import type { TraceSlice } from '../core/snapshot.js';
import { capitalised, PLAIN_QUEUE_WORDS } from '../kernels/index.js';
import type { QueueWords } from '../kernels/types.js';

const modeWords: Record<string, string> = {
  user: 'user mode (application work)',
  kernel: 'kernel mode (process context)',
  fork: 'a kernel fork thread (IPL 8)',
  spin: 'spinning for a lock',
  interrupt: 'interrupt service',
  cswitch: 'a context switch',
  idle: 'idle',
};

function who(cpu: number, thread: number): string {
  const parts = [];
  if (cpu >= 0) parts.push(`CPU ${cpu}`);
  if (thread >= 0) parts.push(cpu >= 0 ? `(process ${thread})` : `process ${thread}`);
  return parts.join(' ') || 'the machine';
}

const blockWords: Record<number, string> = {
  0: 'sleeping',
  1: 'waiting for a reply',
  2: 'waiting for a free request packet',
  3: 'asleep on a lock',
  4: 'waiting for work',
  5: 'waiting for pacing',
};

/** One record in words. */
function describeRecord(schema: Schema, locks: readonly string[], queue: QueueWords, slice: TraceSlice, i: number): string {
  const kind = schema.trace.kinds[slice.kind[i]!] ?? `event kind ${slice.kind[i]}`;
  const cpu = slice.cpu[i]!;
  const thread = slice.thread[i]!;
  const object = slice.object[i]!;
  const arg = slice.arg[i]!;
  const subject = who(cpu, thread);
  const lock = locks[object] ?? `lock ${object}`;
  if (kind === schema.trace.queue_post) return `${subject} queues a ${queue.request} for ${queue.server} (queue length ${arg})`;
  if (kind === schema.trace.queue_take)
    return `${capitalised(queue.server)} (CPU ${cpu}) takes a ${queue.request} that waited ${formatNs(arg, 3)}`;
  switch (kind) {
    case 'mode': {
      const mode = schema.modes[object] ?? `mode ${object}`;
      return `${subject} enters ${modeWords[mode] ?? mode}`;
    }
    case 'spin':
      return `${subject} starts spinning for ${lock}${arg > 0 ? ` (${arg} ahead of it)` : ''}`;
    case 'acquire':
      return `${subject} takes ${lock}${arg > 0 ? ` after spinning ${formatNs(arg, 3)}` : ''}`;
    case 'release':
      return `${subject} releases ${lock}${arg > 0 ? ` after holding it ${formatNs(arg, 3)}` : ''}`;
    case 'fork_create':
      return `a fork thread is created on CPU ${cpu}`;
    case 'interrupt':
      return `CPU ${cpu} takes a device interrupt`;
    case 'block':
      return `thread ${thread} blocks (${blockWords[arg] ?? 'waiting'})`;
    case 'wake':
      return `process ${thread} becomes ready to run`;
    case 'dispatch':
      return `CPU ${cpu} starts running process ${thread}`;
    case 'transmit':
      return `${subject} sends ${arg} packet${arg === 1 ? '' : 's'}`;
    case 'txn_done':
      return object === 1 ? `the measured transfer completes after ${formatNs(arg, 3)}` : `thread ${thread} completes a transaction`;
    case 'lock_sleep':
      return `thread ${thread} misses ${lock} and sleeps${arg > 0 ? ` (${arg} asleep ahead of it)` : ''}`;
    case 'lock_wake':
      return `releasing ${lock} wakes ${arg} sleeping thread${arg === 1 ? '' : 's'}`;
    case 'futile_wake':
      return `thread ${thread} was woken for ${lock} but finds it taken again: a futile wake-up`;
    case 'line_transfer':
      return `cache line ${object} moves to CPU ${cpu}${arg >= 0 ? ` from CPU ${arg}` : ''}`;
    case 'post':
      return `thread ${thread} is posted${arg === 1 ? ' and wakes' : ''}`;
    default:
      return `${subject}: ${kind}`;
  }
}

/**
 * The records of a step, in words, newest last (at most `max`, the newest kept). A
 * step whose events left no record (bookkeeping inside the core, such as the next
 * arrival being scheduled) says so, so a step never looks like it did nothing.
 */
export function describeStep(
  schema: Schema,
  locks: readonly string[],
  slice: TraceSlice,
  nowNs: number,
  queue: QueueWords = PLAIN_QUEUE_WORDS,
  max = 6,
): string[] {
  const n = slice.t.length;
  if (n === 0) return [`${formatNs(nowNs, 6)}: the core ran an event that changed no CPU, lock or queue (internal bookkeeping).`];
  const lines: string[] = [];
  for (let i = Math.max(0, n - max); i < n; i++)
    lines.push(`${formatNs(slice.t[i]!, 6)}: ${describeRecord(schema, locks, queue, slice, i)}`);
  return lines;
}
