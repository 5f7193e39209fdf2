/*
 * spinlock.c -- spinlocks with a cache line that has to travel.
 *
 * A spinlock is owned by a CPU (OpenVMS spinlocks are held at raised IPL, by the CPU
 * rather than by a thread). A CPU that finds the lock held spins, and every
 * nanosecond of that is MP synchronization time charged to the lock.
 *
 * The lock's cache line lives in the cache of the CPU that last wrote it. Taking the
 * lock on another CPU first moves the line (machine.cache_transfer_ns). Under
 * contention a release is worse than one transfer, because the spinners keep reading
 * the line:
 *   - test-and-set: the releasing store takes the line back, then every spinner
 *     re-reads it and tries its atomic; any spinner may win. The handoff costs
 *     (2 + k) transfers for k spinners: it grows with contention, which is why a
 *     saturated test-and-set lock is free for much of the time it is wanted.
 *   - ticket: the next holder is fixed (first come, first served). After the
 *     releasing store the spinners re-read in turn until the next holder has seen its
 *     number: 1 + (k + 1) / 2 transfers on average, and no atomic at the end.
 * With the transfer cost at zero every handoff is immediate and the lock is the
 * single server of the finite-source (machine repairman) queueing model.
 */
#include <assert.h>
#include "internal.h"

const char *lock_name(const lab_Sim *s, int lock) { return s->kernel->lock_names[lock]; }

int64_t lock_handoff_ns(const State *st, int k)
{
    if (st->lock_kind == LOCK_TICKET) return st->c_transfer + st->c_transfer * (k + 1) / 2;
    return st->c_transfer * (2 + k);
}

int64_t lock_held_ns(const State *st, int lock)
{
    const Lock *l = &st->lock[lock];
    return l->hold_ns + (l->holder >= 0 ? st->now - l->hold_start : 0);
}

static void grant(lab_Sim *s, int lock, int cpu)
{
    State *st = s->st;
    Lock *l = &st->lock[lock];
    l->holder = (int8_t)cpu;
    l->reserved = -1;
    line_took(s, lock, cpu);
    l->hold_start = st->now;
    l->acquisitions++;
}

/* Returns 1 when the CPU holds the lock now, 0 when it must spin until an
 * EV_HANDOFF for it arrives. */
int lock_try_acquire(lab_Sim *s, int lock, int cpu)
{
    State *st = s->st;
    Lock *l = &st->lock[lock];
    assert(l->holder != cpu && l->reserved != cpu);
    if (l->holder < 0 && l->reserved < 0 && l->nwait == 0) {
        if (lock_line_is_local(st, lock, cpu)) {
            grant(s, lock, cpu);
            return 1;
        }
        /* Free, but its line is in another CPU's cache: fetch it. */
        l->reserved = (int8_t)cpu;
        l->transfers++;
        st->line[l->line].transfers++;
        ev_push(s, st->now + st->c_transfer, EV_HANDOFF, cpu, lock, 0);
        return 0;
    }
    l->contended++;
    l->wait[l->nwait++] = (int8_t)cpu;
    trace_emit(s, LAB_TRACE_SPIN, cpu, -1, lock, (double)l->nwait - 1);
    return 0;
}

void lock_release(lab_Sim *s, int lock, int cpu)
{
    State *st = s->st;
    Lock *l = &st->lock[lock];
    int pick, w, k, i;
    int64_t handoff;
    assert(l->holder == cpu);
    l->hold_ns += st->now - l->hold_start;
    trace_emit(s, LAB_TRACE_RELEASE, cpu, -1, lock, (double)(st->now - l->hold_start));
    l->holder = -1;
    line_took(s, lock, cpu);            /* the holder's CPU has the line (engine.c)   */
    if (l->nwait == 0) return;
    k = l->nwait;
    if (st->lock_kind == LOCK_TICKET) pick = 0;
    else pick = (int)(rng_next(&st->rng) % (uint64_t)k);
    w = l->wait[pick];
    for (i = pick; i + 1 < k; i++) l->wait[i] = l->wait[i + 1];
    l->nwait--;
    l->reserved = (int8_t)w;
    handoff = lock_handoff_ns(st, k);
    if (st->c_transfer > 0) {
        l->transfers += (uint64_t)(handoff / st->c_transfer);
        st->line[l->line].transfers += (uint64_t)(handoff / st->c_transfer);
    }
    ev_push(s, st->now + handoff, EV_HANDOFF, w, lock, 0);
}

void lock_handoff_done(lab_Sim *s, int lock, int cpu)
{
    Lock *l = &s->st->lock[lock];
    assert(l->reserved == cpu && l->holder < 0);
    (void)l;
    grant(s, lock, cpu);
}
