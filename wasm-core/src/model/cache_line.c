/*
 * cache_line.c -- the cache lines that lock words live in.
 *
 * A line is owned by the CPU whose cache last wrote it. Writing a lock word (taking or
 * releasing the lock) on a CPU that does not own the line first fetches the line:
 * one coherence transfer, machine.cache_transfer_ns of stall. Two locks in one line
 * share that traffic although they are unrelated: false sharing. And every CPU
 * spinning on a lock in the line re-reads it after each write, so a write to one lock
 * also costs a transfer per CPU spinning on its neighbour (the "cache consistency
 * storm" of the SNA Server/6000 port). A lock's own spinners are counted by the
 * handoff (spinlock.c).
 *
 * The OpenVMS kernels give every lock a line of its own, so for them this is exactly
 * the line the lock always had.
 */
#include "model.h"

int lock_line_is_local(const State *st, int lock, int cpu)
{
    return (st->c_transfer == 0 && st->rads == 1) || st->line[st->lock[lock].line].owner == cpu;
}

/* Spinners on the other locks of the line re-read it after a write. */
static void storm(State *st, int lock, int cpu)
{
    int line = st->lock[lock].line, i, k;
    if (st->line[line].nlocks < 2) return;
    for (i = 0; i < st->nlock; i++) {
        const Lock *l = &st->lock[i];
        if (i == lock || l->line != line) continue;
        for (k = 0; k < l->nwait; k++)
            if (l->wait[k] != cpu) st->line[line].transfers++;
    }
}

/* Reading the line for ownership before a write: one transfer when it is elsewhere.
 * Returns the stall it costs (machine.c: more from another RAD), 0 when it is here. */
int64_t line_fetch(lab_Sim *s, int lock, int cpu)
{
    State *st = s->st;
    Lock *l = &st->lock[lock];
    Line *ln = &st->line[l->line];
    int64_t ns;
    if (lock_line_is_local(st, lock, cpu)) return 0;
    ns = rad_move_line(st, ln->owner, cpu, ln->home);
    ln->transfers++;
    l->transfers++;
    trace_emit(s, LAB_TRACE_LINE, cpu, -1, l->line, ln->owner);
    ln->owner = (int16_t)cpu;
    return ns;
}

void line_took(lab_Sim *s, int lock, int cpu)
{
    State *st = s->st;
    Line *ln = &st->line[st->lock[lock].line];
    if (ln->owner != cpu && st->c_transfer > 0) trace_emit(s, LAB_TRACE_LINE, cpu, -1, st->lock[lock].line, ln->owner);
    ln->owner = (int16_t)cpu;
    storm(st, lock, cpu);
}
