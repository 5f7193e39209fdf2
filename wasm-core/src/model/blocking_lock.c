/*
 * blocking_lock.c -- locks that put their waiters to sleep (AIX lockl()).
 *
 * Source: "SNA Server/6000 Performance on SMP", Bulka, Hermanson, Selvaggi, Sime.
 * A blocking lock is held by a thread. A thread that finds it held misses: it sleeps,
 * and its CPU switches to another thread. On release:
 *   - wake all (lockl): every sleeper goes to a run queue. Each is dispatched (a
 *     context switch) and tries the lock again; the first one wins and the others miss
 *     again and go back to sleep. Those are futile wake-ups: k sleepers, k - 1 futile,
 *     every one of them a wasted context switch. This is the thundering herd.
 *   - hand-off (LK_HANDOFF; sna.lock_kind and service.discipline handoff): the lock
 *     is handed to the sleeper that waited longest, which is made ready; nobody else
 *     wakes, so no wake-up is futile (but the lock stays held while the new owner
 *     waits for a CPU).
 *   - wake one (LK_WAKE_ONE; service.discipline wake_one), a futex mutex (Drepper,
 *     "Futexes Are Tricky", 2011): the lock is left free and the longest sleeper is
 *     woken to try again. A thread already running may take the lock first; then the
 *     woken one misses (a futile wake-up) and sleeps again, at the back.
 * The woken thread retries the acquire phase itself (engine.c), so whatever it costs
 * to get back onto a CPU is paid by the model, not by a number.
 *
 * Putting a sleeper back on the run queue is work too, and the releaser does it: "When
 * the lock is freed, all suspended threads are placed on the run queue to contend for
 * the lock" (the source; AIX's kernel service for that is e_wakeup, which wakes every
 * thread sleeping on an event list, though the source does not say what the release
 * calls or what it costs: the price is the model's choice). A lock whose kernel prices that work (Lock.wake_cost names one of the
 * kernel's own costs, the price of its machine) charges it once for each sleeper its
 * release wakes, k for a wake-all release of k sleepers and one for a hand-off or a
 * wake-one; the release returns the total, which the releasing thread spends at once
 * (engine.c: OP_REL), and each sleeper reaches the run queue when the work for it is
 * done. It belongs to the mechanism, so it is here, once, for every kind and every
 * kernel; a kernel that leaves wake_cost at -1 keeps its wake-ups free.
 */
#include <assert.h>
#include "model.h"

static void grant(State *st, Lock *l, int cpu, int thread)
{
    l->owner = thread;
    l->holder = (int16_t)cpu;
    l->hold_start = st->now;
    l->acquisitions++;
}

int blocking_try_acquire(lab_Sim *s, int lock, int cpu, int thread)
{
    State *st = s->st;
    Lock *l = &st->lock[lock];
    Thread *th = &s->thr[thread];
    int woken = th->woken_for;
    th->woken_for = 0;
    if (l->owner == thread) { /* handed over by a hand-off release          */
        l->holder = (int16_t)cpu;
        line_took(s, lock, cpu);
        return 1;
    }
    if (l->owner < 0) {
        grant(st, l, cpu, thread);
        line_took(s, lock, cpu);
        return 1;
    }
    /* A miss: go to sleep on the lock. */
    l->contended++;
    l->sleeps++;
    if (woken) {
        l->futile++;
        trace_emit(s, LAB_TRACE_FUTILE, cpu, thread, lock, 0);
    }
    th->lock_wait = (int16_t)lock;
    stall_check_sleep(s, lock, thread); /* owners asleep on each other, back to this one */
    th->next = -1;
    if (l->sleep_tail >= 0) s->thr[l->sleep_tail].next = thread;
    else l->sleep_head = thread;
    l->sleep_tail = thread;
    l->nsleep++;
    trace_emit(s, LAB_TRACE_LOCK_SLEEP, cpu, thread, lock, (double)l->nsleep - 1);
    return 0;
}

/* The longest sleeper, taken off the lock's sleep queue and counted as woken. */
static int pop_sleeper(lab_Sim *s, Lock *l)
{
    int t = l->sleep_head;
    s->thr[t].lock_wait = -1;
    l->sleep_head = s->thr[t].next;
    if (l->sleep_head < 0) l->sleep_tail = -1;
    l->nsleep--;
    l->wakeups++;
    return t;
}

/* Puts a sleeper on the run queue: at once when the lock prices no wake-up, else when
 * the releaser's work for it (and for the sleepers woken before it) is done. */
static void wake(lab_Sim *s, const Lock *l, int t, int64_t *work)
{
    State *st = s->st;
    if (l->wake_cost >= 0) *work += cost_sample(&st->rng, &st->cost[l->wake_cost]);
    if (*work > 0) ev_push(s, st->now + *work, EV_WAKE, -1, t, 0);
    else make_ready(s, t);
}

int64_t blocking_release(lab_Sim *s, int lock, int cpu, int thread)
{
    State *st = s->st;
    Lock *l = &st->lock[lock];
    int64_t work = 0;
    assert(l->owner == thread);
    (void)thread;
    l->hold_ns += st->now - l->hold_start;
    trace_emit(s, LAB_TRACE_RELEASE, cpu, thread, lock, (double)(st->now - l->hold_start));
    l->owner = -1;
    l->holder = -1;
    line_took(s, lock, cpu);
    if (l->nsleep == 0) return 0;
    trace_emit(s, LAB_TRACE_LOCK_WAKE, cpu, thread, lock, l->kind == LK_WAKE_ALL ? (double)l->nsleep : 1);
    if (l->kind == LK_WAKE_ONE) {
        int t = pop_sleeper(s, l);
        s->thr[t].woken_for = 1;
        wake(s, l, t, &work);
        return work;
    }
    if (l->kind == LK_HANDOFF) {
        int t = pop_sleeper(s, l);
        grant(st, l, -1, t); /* held for t while t waits for a CPU       */
        s->thr[t].handed = (int16_t)lock;
        wake(s, l, t, &work);
        return work;
    }
    while (l->sleep_head >= 0) { /* wake all: the herd                       */
        int t = pop_sleeper(s, l);
        s->thr[t].woken_for = 1;
        wake(s, l, t, &work);
    }
    l->sleep_tail = -1;
    return work;
}
