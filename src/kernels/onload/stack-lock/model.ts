/*
 * model.ts (net-stack-lock) -- OpenOnload's stack lock as the view draws it: the
 * sending threads (scenario net.senders) at a typical moment (one holds the lock; of
 * the others, the contended share found it taken and either put their packets on the
 * lock-free pre-queue and carried on, or, with net.prequeue off, went to sleep), the
 * pre-queue's mean length, and the flow of packets into the pre-queue and out of it as
 * the holder's deferred work, slowed down to a few packets a second of wall time.
 */
import type { NetStackLockReport, Report } from '../../../core/report.js';
import { formatPct, plural } from '../../../views/format.js';
import { formatPerS, netOf, netScenario, stackLabel } from '../data.js';

export type SenderState = 'holding' | 'prequeued' | 'sleeping' | 'working';

export interface SenderThread {
  id: number;
  state: SenderState;
}

export const SENDER_WORDS: Readonly<Record<SenderState, string>> = {
  holding: 'holds the lock, sending',
  prequeued: 'found it taken: pre-queued its packet, carries on',
  sleeping: 'found it taken: asleep on the lock',
  working: 'in the application',
};

/** Boxes drawn on the pre-queue at most; the rest are counted. */
export const MAX_QUEUE_BOXES = 10;
/** Packets per second of wall time for the busier of the two flows. */
export const WALL_PACKETS_PER_S = 1.6;

export interface StackLockModel {
  stack: string;
  test: string;
  senders: number;
  shared: boolean;
  prequeue: boolean;
  lock: NetStackLockReport;
  /** Contended sends as a share of acquisitions, 0..1. */
  contendedShare: number;
  threads: SenderThread[];
  /** Packets drawn on the pre-queue (its mean length, rounded; at least 1 while packets are pre-queued). */
  queueBoxes: number;
  /** Mean length beyond the boxes drawn. */
  queueMore: number;
  /** The flows in packets per second of wall time (0 with nothing to show). */
  inPerWallS: number;
  outPerWallS: number;
  /** How many times slower than real the flows are drawn. */
  slowdown: number;
}

export type StackLockView = { kind: 'none' } | { kind: 'no-lock'; stack: string } | { kind: 'lock'; model: StackLockModel };

function num(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

function rate(v: number | undefined): number {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0;
}

export function stackLockView(report: Report | undefined): StackLockView {
  const net = netOf(report);
  if (!net) return { kind: 'none' };
  if (net.stack !== 'onload') return { kind: 'no-lock', stack: net.stack };
  const raw = net.stack_lock ?? ({} as Partial<NetStackLockReport>);
  const lock: NetStackLockReport = {
    acquisitions_per_s: rate(raw.acquisitions_per_s),
    contended_per_s: rate(raw.contended_per_s),
    prequeued_per_s: rate(raw.prequeued_per_s),
    deferred_per_s: rate(raw.deferred_per_s),
    sleeps_per_s: rate(raw.sleeps_per_s),
    hold_pct: Math.min(100, rate(raw.hold_pct)),
    prequeue_mean_len: rate(raw.prequeue_mean_len),
  };
  const senders = Math.max(1, Math.round(num(netScenario(report, 'senders'), 1)));
  const prequeue = netScenario(report, 'prequeue') !== 'off';
  const shared = netScenario(report, 'stacks') === 'shared';
  const contendedShare = lock.acquisitions_per_s > 0 ? Math.min(1, lock.contended_per_s / lock.acquisitions_per_s) : 0;
  const threads = senderThreads(senders, lock, prequeue, contendedShare);
  const boxes = lock.prequeue_mean_len > 0 ? Math.max(1, Math.round(lock.prequeue_mean_len)) : 0;
  const queueBoxes = Math.min(MAX_QUEUE_BOXES, boxes);
  const busiest = prequeue ? Math.max(lock.prequeued_per_s, lock.deferred_per_s) : 0;
  const scale = busiest > 0 ? WALL_PACKETS_PER_S / busiest : 0;
  return {
    kind: 'lock',
    model: {
      stack: net.stack,
      test: net.test,
      senders,
      shared,
      prequeue,
      lock,
      contendedShare,
      threads,
      queueBoxes,
      queueMore: Math.max(0, boxes - queueBoxes),
      inPerWallS: prequeue ? lock.prequeued_per_s * scale : 0,
      outPerWallS: prequeue ? lock.deferred_per_s * scale : 0,
      slowdown: scale > 0 ? 1 / scale : 0,
    },
  };
}

/**
 * The senders at a typical moment: the first holds the lock when it is held at all;
 * of the others, the contended share (rounded, at least one when contention was
 * measured) found it taken; the rest are in the application.
 */
export function senderThreads(senders: number, lock: NetStackLockReport, prequeue: boolean, contendedShare: number): SenderThread[] {
  const holder = lock.hold_pct > 0 || lock.acquisitions_per_s > 0 ? 1 : 0;
  const others = senders - holder;
  const blockedRate = prequeue ? lock.prequeued_per_s || lock.contended_per_s : lock.sleeps_per_s || lock.contended_per_s;
  let blocked = Math.round(others * contendedShare);
  if (blocked === 0 && others > 0 && blockedRate > 0) blocked = 1;
  blocked = Math.min(others, blocked);
  return Array.from({ length: senders }, (_, id) => ({
    id,
    state: id < holder ? 'holding' : id < holder + blocked ? (prequeue ? 'prequeued' : 'sleeping') : 'working',
  }));
}

export interface FlowToken {
  kind: 'in' | 'out';
  /** Which pre-queued thread an incoming packet comes from (index into the threads). */
  from: number;
  /** 0 .. 1 along its way. */
  progress: number;
}

/** The packets in flight at a wall time (seconds): one coming into the pre-queue, one leaving it as deferred work. */
export function flowTokens(model: StackLockModel, wallS: number): FlowToken[] {
  const tokens: FlowToken[] = [];
  const sources = model.threads.filter((th) => th.state === 'prequeued').map((th) => th.id);
  if (model.inPerWallS > 0 && sources.length > 0) {
    const n = wallS * model.inPerWallS;
    tokens.push({ kind: 'in', from: sources[Math.floor(n) % sources.length]!, progress: n - Math.floor(n) });
  }
  if (model.outPerWallS > 0) {
    const n = wallS * model.outPerWallS + 0.5;
    tokens.push({ kind: 'out', from: -1, progress: n - Math.floor(n) });
  }
  return tokens;
}

export function stackLockSummary(view: StackLockView): string {
  if (view.kind === 'none') return 'No network figures yet: the report of an onload-kernel run has not come.';
  if (view.kind === 'no-lock') {
    return `${stackLabel(view.stack)}: there is no user-level stack lock; its locks are in the kernel. Run with net.stack onload to see OpenOnload's stack lock.`;
  }
  const m = view.model;
  const l = m.lock;
  const counts = (state: SenderThread['state']) => m.threads.filter((th) => th.state === state).length;
  const moment = [
    counts('holding') ? 'one holds the lock and sends' : 'none holds the lock',
    counts('prequeued')
      ? `${plural(counts('prequeued'), 'has', 'have')} found it taken, put ${counts('prequeued') === 1 ? 'its packet' : 'their packets'} on the pre-queue and carried on`
      : '',
    counts('sleeping') ? `${plural(counts('sleeping'), 'is', 'are')} asleep waiting for it` : '',
    counts('working') ? `${plural(counts('working'), 'is', 'are')} in the application` : '',
  ].filter(Boolean);
  return (
    `OpenOnload's stack lock, ${m.shared ? 'one stack shared by' : 'per-process stacks of'} ${plural(m.senders, 'sending thread')}` +
    ` (${m.test.replace('_', ' ')} test), pre-queue ${m.prequeue ? 'on' : 'off'}. ` +
    `The lock is taken ${formatPerS(l.acquisitions_per_s, ' times a second')} and held ${formatPct(l.hold_pct)} of the time; ` +
    `${formatPerS(l.contended_per_s)} sends found it taken (${formatPct(100 * m.contendedShare)} of acquisitions). ` +
    (m.prequeue
      ? `${formatPerS(l.prequeued_per_s)} sends put their packets on the lock-free pre-queue instead of waiting, and the holder sent ${formatPerS(l.deferred_per_s)} of them as deferred work before it let go; the pre-queue holds ${l.prequeue_mean_len.toFixed(1)} packets on average. `
      : `Without the pre-queue a sender that finds the lock taken sleeps: ${formatPerS(l.sleeps_per_s)} sleeps. `) +
    `At a typical moment, of the ${plural(m.senders, 'thread')}: ${moment.join('; ')}.`
  );
}
