/*
 * lesson-events.ts -- sends learning statements (statements.ts) from an embedded lesson
 * or lab to the origins its host opted into. Loaded lazily by EmbedPage only when the
 * embed URL names at least one origin. For a lesson it watches the lesson's progress
 * store, so whatever the learner commits, runs or answers becomes a statement once,
 * when it is saved.
 */
import type { Report } from '../core/report.js';
import { catalog } from '../lesson/library.js';
import { emptyLessonProgress, progressStore } from '../lesson/progress.js';
import { MESSAGE_TYPES, postToParent, PROTOCOL_VERSION } from './protocol.js';
import { labOpened, labRunFinished, lessonOpened, statementsBetween, type Statement, type StatementContext } from './statements.js';

function send(statement: Statement, origins: readonly string[]): void {
  postToParent({ type: MESSAGE_TYPES.statement, version: PROTOCOL_VERSION, statement }, origins);
}

/** Statements for an embedded lesson until the returned function is called. */
export function startLessonEvents(lessonId: string, origins: readonly string[], ctx: StatementContext): () => void {
  const lesson = catalog.lessons.find((l) => l.meta.id === lessonId);
  if (!lesson) return () => {};
  const store = progressStore();
  let before = store.getState().data.lessons[lessonId] ?? emptyLessonProgress();
  send(lessonOpened(ctx, lesson), origins);
  return store.subscribe(() => {
    const after = store.getState().data.lessons[lessonId] ?? emptyLessonProgress();
    if (after === before) return;
    for (const statement of statementsBetween(ctx, lesson, before, after)) send(statement, origins);
    before = after;
  });
}

/** The measures a finished lab run reports in its statement. */
function measures(report: Report): Record<string, number> {
  return {
    mpsynch_pct: report.mpsynch_pct,
    hold_pct_all_locks: report.hold_pct_all_locks,
    spin_pct_all_locks: report.spin_pct_all_locks,
    transmit_packets_per_s: report.throughput.transmit_packets_per_s,
    transactions_per_min: report.throughput.transactions_per_min,
  };
}

export function labEvents(link: string, origins: readonly string[], ctx: StatementContext) {
  send(labOpened(ctx, link), origins);
  return (report: Report) => send(labRunFinished(ctx, link, measures(report)), origins);
}
