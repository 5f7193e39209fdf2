/*
 * model.ts (hpux-buffers) -- the sending application's k send buffers and the socket
 * buffer (SO_SNDBUF) at the report's moment (HP-UX 9.0, source 003, section 3.2):
 *  - each buffer: lent to the transport copy-on-write (held until the data in it is
 *    acknowledged) or the application's, and its dirty bytes; the next one the
 *    application writes (report.hpux.next_buffer) -- if the transport still holds it,
 *    that write faults and forces a copy;
 *  - SO_SNDBUF as slots of one send each, filled by the unacknowledged sends, oldest
 *    first, each labelled with the buffer it came from (with copy avoidance the slot is
 *    that buffer's own pages; without, the kernel's copy of it); a send taken beyond
 *    SO_SNDBUF waits in send(2) for the window;
 *  - the paper's rule, SO_SNDBUF / send size + 1 buffers, against k.
 */
import type { HpuxReport, Report } from '../../../core/report.js';
import { formatPct, plural } from '../../../views/format.js';
import { buffersNeeded, formatSize, hpuxOf, num, scenarioField } from '../data.js';

/** Buffers drawn at most; the rest are counted. */
export const MAX_BUFFERS_DRAWN = 24;

export interface SendBuffer {
  index: number;
  held: boolean;
  dirty: number;
  next: boolean;
}

/**
 * The buffer the application uses next, as the report catches it:
 *  - held-copy: the transport holds it, and still will when the application writes it:
 *    the write faults and forces a copy;
 *  - held-freed: the transport holds it now, but the application is blocked in send(2)
 *    and the acknowledgement that ends the wait frees it first: no copy;
 *  - free: the transport has let go of it: the write costs no copy;
 *  - written: already written for this send (its dirty lines), about to be sent;
 *  - copied: already written, and that write faulted: the page was copied (the copy is
 *    all dirty), about to be sent.
 * Without copy avoidance it is always free or written.
 */
export type NextState = 'held-copy' | 'held-freed' | 'free' | 'written' | 'copied';

export interface SocketSlot {
  /** 0 is the oldest unacknowledged send. */
  index: number;
  /** The buffer the send came from. */
  buffer: number;
  /** With copy avoidance: the buffer's own pages, still lent (false: pages the application has since copied away from, or sent again). */
  lent: boolean;
  /** Past SO_SNDBUF: the send taken by send(2), waiting for the window. */
  waiting: boolean;
}

export interface BuffersModel {
  hp: HpuxReport;
  buffers: SendBuffer[];
  k: number;
  next: number;
  sendBytes: number;
  soSndbuf: number;
  /** SO_SNDBUF / send size + 1 (at least 2). */
  needed: number;
  enough: boolean;
  copyAvoid: boolean;
  /** The application is blocked in send(2): its last send is past SO_SNDBUF, waiting for the window. */
  blocked: boolean;
  nextState: NextState;
  /** The next buffer's write forces (held-copy) or forced (copied) a copy. */
  nextCopy: boolean;
  /** Slots of one send each in SO_SNDBUF. */
  capacity: number;
  /** The unacknowledged sends, oldest first (the last may be past SO_SNDBUF: waiting). */
  slots: SocketSlot[];
  unackedBytes: number;
  heldCount: number;
}

export type BuffersView = { kind: 'none' } | { kind: 'buffers'; model: BuffersModel };

export function buffersView(report: Report | undefined): BuffersView {
  const hp = hpuxOf(report);
  if (!hp) return { kind: 'none' };
  const sendBytes = Math.max(1, num(hp.send_bytes, 4096));
  const soSndbuf = Math.max(0, num(hp.so_sndbuf));
  const k = Math.max(1, hp.buffers?.length || num(hp.send_buffers, 1));
  const next = Math.min(k - 1, Math.max(0, Math.round(num(hp.next_buffer))));
  const buffers = Array.from({ length: k }, (_, index): SendBuffer => ({
    index,
    held: !!hp.buffers?.[index]?.held,
    dirty: Math.max(0, num(hp.buffers?.[index]?.dirty)),
    next: index === next,
  }));
  const copyAvoid = hp.send_copy_avoidance;
  const needed = buffersNeeded(soSndbuf, sendBytes);
  const capacity = Math.max(1, Math.floor(soSndbuf / sendBytes));
  const unackedBytes = Math.max(0, num(hp.unacked_bytes));
  const count = Math.ceil(unackedBytes / sendBytes);
  const slots = socketSlots(buffers, next, count, capacity, copyAvoid);
  const nextState = nextStateOf(report!, hp, buffers[next]!, slots.slice(0, Math.max(0, count - capacity)), copyAvoid);
  return {
    kind: 'buffers',
    model: {
      hp,
      buffers,
      k,
      next,
      sendBytes,
      soSndbuf,
      needed,
      enough: k >= needed,
      copyAvoid,
      blocked: count > capacity,
      nextState,
      nextCopy: nextState === 'held-copy' || nextState === 'copied',
      capacity,
      slots,
      unackedBytes,
      heldCount: buffers.filter((b) => b.held).length,
    },
  };
}

/**
 * What the next buffer is at this moment. Under copy avoidance a send flushes its
 * buffer's dirty lines, so a dirty buffer has been written since its last send: the
 * application is between its write and its send. The write alone dirties its bytes
 * rounded up to cache lines; a forced copy dirties the whole copied page, so more dirty
 * bytes than that mean the write faulted (when the two are equal, the run's share of
 * forced copies decides). `freedFirst` are the oldest sends whose acknowledgements end a
 * blocked send(2).
 */
function nextStateOf(report: Report, hp: HpuxReport, b: SendBuffer, freedFirst: readonly SocketSlot[], copyAvoid: boolean): NextState {
  if (copyAvoid && b.held) return freedFirst.some((slot) => slot.lent && slot.buffer === b.index) ? 'held-freed' : 'held-copy';
  if (b.dirty <= 0) return 'free';
  if (!copyAvoid) return 'written';
  const line = Math.max(1, num(scenarioField(report, 'hpux', 'cache_line_bytes'), 32));
  const written = Math.ceil(Math.max(0, num(scenarioField(report, 'hpux', 'dirty_bytes'), 0)) / line) * line;
  if (b.dirty > written) return 'copied';
  return b.dirty === written &&
    hp.forced_copies_pct >= 50 &&
    b.dirty >= Math.min(hp.send_bytes, num(scenarioField(report, 'hpux', 'page_bytes'), 4096))
    ? 'copied'
    : 'written';
}

/**
 * The unacknowledged sends, oldest first: sends go round the buffers in turn and are
 * acknowledged in order, so the last `count` sends came from the buffers just before the
 * next one. A slot is the buffer's own lent pages when it is that buffer's latest send
 * and the buffer is still held.
 */
export function socketSlots(
  buffers: readonly SendBuffer[],
  next: number,
  count: number,
  capacity: number,
  copyAvoid: boolean,
): SocketSlot[] {
  const k = buffers.length;
  const slots: SocketSlot[] = [];
  for (let i = 0; i < count; i++) {
    const buffer = (((next - count + i) % k) + k) % k;
    const latest = i >= count - k;
    slots.push({ index: i, buffer, lent: copyAvoid && latest && buffers[buffer]!.held, waiting: i >= capacity });
  }
  return slots;
}

/** The sentence about the next write. */
/**
 * What happens to the buffer written next, in words; `short`: fewer of them, for the
 * presenter's stage (the same facts, the reasons left to the lab).
 */
export function nextWords(m: BuffersModel, short = false): string {
  if (!m.copyAvoid) {
    return short
      ? `The application uses buffer ${m.next} next: without copy avoidance every send is copied, so any buffer will do.`
      : `The application uses buffer ${m.next} next. Without copy avoidance every send copies the data into the kernel, so the application may write any buffer at once.`;
  }
  const blocked = !m.blocked
    ? ''
    : short
      ? 'Blocked in send(2) until the oldest sends are acknowledged. '
      : 'The application is blocked in send(2) until the oldest sends are acknowledged. ';
  const who = m.blocked ? 'It' : 'The application';
  const dirty = formatSize(m.buffers[m.next]!.dirty);
  switch (m.nextState) {
    case 'held-copy':
      return short
        ? `${blocked}${who} writes buffer ${m.next} next, still held by the transport: the write will force a copy.`
        : `${blocked}${who} writes buffer ${m.next} next, and the transport still holds it${m.blocked ? ' after those acknowledgements' : ''}: ` +
            'the write will fault and force a copy of the page.';
    case 'held-freed':
      return short
        ? `${blocked}${who} writes buffer ${m.next} next: the acknowledgement that ends the wait frees it, so no copy.`
        : `${blocked}${who} writes buffer ${m.next} next: the transport holds it now, but the acknowledgement that ends the wait frees it, so the write costs no copy.`;
    case 'copied':
      return short
        ? `${blocked}${who} has just written buffer ${m.next} while the transport held it: a forced copy. It sends it next.`
        : `${blocked}${who} has just written buffer ${m.next} while the transport still held it: the write faulted and forced a copy of the page (its ${dirty} are dirty). It sends it next.`;
    case 'written':
      return `${blocked}${who} has just written buffer ${m.next} (${dirty} dirty) and sends it next${m.copyAvoid ? ': no copy' : ''}.`;
    default:
      return short
        ? `${blocked}${who} writes buffer ${m.next} next; the transport has let go of it, so no copy.`
        : `${blocked}${who} writes buffer ${m.next} next; the transport has let go of it (acknowledged), so the write costs no copy.`;
  }
}

/** The rule against k, in a sentence. */
export function ruleWords(m: BuffersModel): string {
  const rule = `SO_SNDBUF / send size + 1 = ${formatSize(m.soSndbuf)} / ${formatSize(m.sendBytes)} + 1 = ${m.needed} buffers`;
  if (!m.copyAvoid) return `${rule} are what copy avoidance needs; this run copies, so ${plural(m.k, 'buffer')} will do.`;
  return m.enough
    ? `${rule}; this run has ${m.k}: enough. A send blocks until the oldest is acknowledged, which frees the buffer written next.`
    : `${rule}; this run has ${m.k}: too few. The socket buffer holds the last ${plural(m.capacity, 'send')}, so every write lands on a page the transport still holds.`;
}

export function buffersSummary(view: BuffersView): string {
  if (view.kind === 'none') return 'No HP-UX figures yet: the report of a hpux-kernel run has not come.';
  const m = view.model;
  const waiting = m.slots.filter((s) => s.waiting).length;
  const held = m.buffers.filter((b) => b.held).map((b) => b.index);
  return (
    `The application cycles through ${plural(m.k, 'send buffer')} of ${formatSize(m.sendBytes)}; ` +
    `send copy avoidance is ${m.copyAvoid ? 'in effect' : 'not in effect'}. ` +
    (m.copyAvoid
      ? `The transport holds ${held.length === 0 ? 'none of them' : held.length === m.k ? 'all of them' : `buffers ${held.join(', ')}`}. `
      : '') +
    `${nextWords(m)} ` +
    `The socket buffer (SO_SNDBUF, ${formatSize(m.soSndbuf)}) has room for ${plural(m.capacity, 'send')}; ${formatSize(m.unackedBytes)} are unacknowledged` +
    (waiting > 0 ? `, the last send waiting in send(2) for the window` : '') +
    `. ${ruleWords(m)}` +
    (m.copyAvoid
      ? ` Over the run ${formatPct(m.hp.forced_copies_pct)} of sends forced a copy; on average ${m.hp.held_buffers_mean.toFixed(1)} buffers were held.`
      : '')
  );
}
