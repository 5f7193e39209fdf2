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
 *     number: 1 + (k + 1) / 2 transfers on average, and no atomic at the end. The
 *     cost of a handoff grows with the spinners, so past some number of CPUs a
 *     saturated ticket lock passes fewer requests a second, not more: the collapse
 *     that Boyd-Wickizer, Kaashoek, Morris and Zeldovich measured in Linux
 *     ("Non-scalable locks are dangerous", Linux Symposium 2012).
 *   - mcs: a queue lock (Mellor-Crummey and Scott, 1991). Each spinner spins on a
 *     line of its own; the release writes the next one's line: one transfer per
 *     handoff however many wait, first come first served.
 * With the transfer cost at zero every handoff is immediate and the lock is the
 * single server of the finite-source (machine repairman) queueing model.
 *
 * On a machine of several RADs (machine.c) a transfer costs what the distance costs, and
 * the test-and-set race is not even: a spinner near the releasing CPU, or in the
 * line's home RAD, re-reads the line sooner and wins in proportion to its speed. That
 * is the hardware unfairness OpenVMS compensates with its fair algorithm (LOCK_FAIR):
 * the traditional race while few CPUs spin, first come first served once
 * kernel.fair_after_waiters of them do. With one RAD and tas or ticket, the code below
 * takes exactly the path (and the random numbers) it always took.
 */
#include <assert.h>
#include <string.h>
#include "model.h"

const char *lock_name(const lab_Sim *s, int lock) { return s->kernel->lock_names[lock]; }

int64_t lock_handoff_ns(const State *st, int k)
{
    if (st->lock_kind == LOCK_TICKET) return st->c_transfer + st->c_transfer * (k + 1) / 2;
    if (st->lock_kind == LOCK_MCS) return st->c_transfer;
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
    if (lock == st->watched_lock) {
        st->wins[cpu]++;
        if (st->spin_since[cpu] >= 0) st->win_spin_ns[cpu] += (double)(st->now - st->spin_since[cpu]);
    }
    st->spin_since[cpu] = -1;
    l->holder = (int16_t)cpu;
    l->reserved = -1;
    line_took(s, lock, cpu);
    l->hold_start = st->now;
    l->acquisitions++;
}

/* Takes the pick-th spinner out of the lock's wait list; the others keep their order.
 * Four at a time (an 8-byte load and store: each block is read whole before it is
 * written, and its source lies past its destination), as a saturated lock's release
 * moves up to a machine's worth of CPUs one place: one by one that was a tenth of a
 * run's instructions (service-tas), and memmove, as fast natively, was slower in the
 * wasm, whose libc copies byte by byte. */
static void wait_remove(Lock *l, int pick)
{
    int16_t *w = l->wait;
    int i = pick, last = l->nwait - 1;
    for (; i + 4 <= last; i += 4) {
        uint64_t four;
        memcpy(&four, &w[i + 1], sizeof four);
        memcpy(&w[i], &four, sizeof four);
    }
    for (; i < last; i++) w[i] = w[i + 1];
    l->nwait--;
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
        const Line *ln = &st->line[l->line];
        l->reserved = (int16_t)cpu;
        l->transfers++;
        st->line[l->line].transfers++;
        st->spin_since[cpu] = st->now;
        ev_push(s, st->now + rad_move_line(st, ln->owner, cpu, ln->home), EV_HANDOFF, cpu, lock, 0);
        return 0;
    }
    st->spin_since[cpu] = st->now;
    l->contended++;
    l->wait[l->nwait++] = (int16_t)cpu;
    trace_emit(s, LAB_TRACE_SPIN, cpu, -1, lock, (double)l->nwait - 1);
    return 0;
}

/* The release on a machine of RADs, or with the fair algorithm: the spinner that wins
 * the race and the handoff's cost follow the distances (machine.c). Returns the winner's
 * place in the wait list and sets *handoff and *transfers. */
static int rad_handoff(State *st, Lock *l, int cpu, int64_t *handoff, int *transfers)
{
    int k = l->nwait, home = st->line[l->line].home, i, pick = 0;
    int fifo = st->lock_kind == LOCK_TICKET || st->lock_kind == LOCK_MCS ||
               (st->lock_kind == LOCK_FAIR && k >= st->fair_after);
    int64_t reads = 0, t[LAB_MAX_CPUS] = { 0 };
    double sum = 0, r;
    for (i = 0; i < k; i++) {
        t[i] = rad_move_line(st, cpu, l->wait[i], home); /* each spinner re-reads it */
        reads += t[i];
        sum += 1.0 / (double)(t[i] > 0 ? t[i] : 1);
    }
    if (!fifo) {
        /* Every spinner re-reads the line and tries its atomic; the sooner its read is
         * served, the likelier it wins. */
        r = rng_unit(&st->rng) * sum;
        for (pick = 0; pick < k - 1; pick++) {
            r -= 1.0 / (double)(t[pick] > 0 ? t[pick] : 1);
            if (r <= 0) break;
        }
        *handoff = reads / k + reads + t[pick]; /* take the line back, k re-reads, the atomic */
        *transfers = 2 + k;
    } else if (st->lock_kind == LOCK_MCS) {
        /* The release writes the next waiter's own line: one transfer. */
        *handoff = t[0];
        *transfers = 1;
    } else {
        /* Only the next in line must see the release; the others re-read in turn. */
        *handoff = t[0] + (reads / k) * (k + 1) / 2;
        *transfers = 1 + (k + 1) / 2;
    }
    return pick;
}

void lock_release(lab_Sim *s, int lock, int cpu)
{
    State *st = s->st;
    Lock *l = &st->lock[lock];
    int pick, w, k;
    int64_t handoff;
    assert(l->holder == cpu);
    l->hold_ns += st->now - l->hold_start;
    trace_emit(s, LAB_TRACE_RELEASE, cpu, -1, lock, (double)(st->now - l->hold_start));
    l->holder = -1;
    line_took(s, lock, cpu); /* the holder's CPU has the line (engine.c)   */
    if (l->nwait == 0) return;
    k = l->nwait;
    if (st->rads > 1 || st->lock_kind == LOCK_FAIR) {
        int n;
        pick = rad_handoff(st, l, cpu, &handoff, &n);
        w = l->wait[pick];
        wait_remove(l, pick);
        l->reserved = (int16_t)w;
        l->transfers += (uint64_t)n;
        st->line[l->line].transfers += (uint64_t)n;
        ev_push(s, st->now + handoff, EV_HANDOFF, w, lock, 0);
        return;
    }
    if (st->lock_kind == LOCK_TICKET || st->lock_kind == LOCK_MCS) pick = 0;
    else pick = (int)(rng_next(&st->rng) % (uint64_t)k);
    w = l->wait[pick];
    wait_remove(l, pick);
    l->reserved = (int16_t)w;
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
