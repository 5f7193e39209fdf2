/*
 * summary.ts (krp-queue) -- the KRP queue view's text equivalent: the queue, the
 * designated CPU and what the trace shows happened lately, in the paper's words.
 */
import type { Snapshot } from '../../../core/snapshot.js';
import { cpuName, formatCount, formatNs, formatPct, listWords } from '../../../views/format.js';
import { runningText, tileModeText } from '../../../views/cpu-grid/model.js';
import { countKrpEvents, krpQueue, type KrpEvent } from './flow.js';
import { kernelInfo } from '../../index.js';
import { soFar } from '../../../views/snapshot-data.js';

export function krpSummary(snapshot: Snapshot, events: readonly KrpEvent[], flowNs: number, busyPct: number, estimated: boolean): string {
  const role = kernelInfo(snapshot.kernel).roleCpu;
  if (!role) {
    return (
      'Classic kernel: there is no KRP work queue. Every CPU takes I/O lock 8 itself to do its kernel-context work, ' +
      'spinning while another CPU holds it.'
    );
  }
  const q = krpQueue(snapshot);
  const d = role.cpu(snapshot);
  const cpu = snapshot.cpus[d];
  const c = countKrpEvents(events, snapshot.nowNs - flowNs, snapshot.nowNs);
  const queuers = [...new Set(events.filter((e) => e.kind === 'queue' && e.t > snapshot.nowNs - flowNs).map((e) => e.cpu))];
  return (
    `Scalable Kernel. The KRP work queue holds ${formatCount(q.len)} KRP${q.len === 1 ? '' : 's'} (at most ${formatCount(q.maxLen)} ${soFar(snapshot)}). ` +
    `${cpuName(d)} is the designated TCP/IP CPU${cpu ? `, now ${tileModeText(cpu)} running ${runningText(cpu)}` : ''}; ` +
    `over the run it was busy ${estimated ? 'about ' : ''}${formatPct(busyPct)} of the time in kernel context` +
    `${busyPct >= 97.5 ? ', saturated' : ''}. ` +
    `In the last ${formatNs(flowNs)}: ${c.queued} KRP${c.queued === 1 ? '' : 's'} queued` +
    `${queuers.length ? ` by ${listWords(queuers.map(cpuName))}` : ''}, ${c.started} taken by the fork thread` +
    `${c.forks ? `, ${c.forks} fork thread${c.forks === 1 ? '' : 's'} created` : ''}.`
  );
}
