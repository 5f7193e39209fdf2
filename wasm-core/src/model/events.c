/*
 * events.c -- the event queue: a binary min-heap ordered by (time, insertion number).
 * A pop moves the hole at the root down to a leaf along the smaller children (one
 * comparison a level) and then sifts the last event up from there (Floyd's bottom-up
 * heap), since the last event nearly always belongs near the bottom.
 *
 * Ties at the same nanosecond run in the order they were scheduled, which is what
 * makes a run reproducible. The heap's capacity is fixed when the simulation is
 * built from the scenario (see sim.c); overflowing it is a bug in the model.
 */
#include <assert.h>
#include "model.h"

/* Bitwise, not short-circuit: the outcome is a coin toss the branch predictor cannot
 * learn, so it is computed without branches. */
static int before(const Event *a, const Event *b)
{
    return (a->t < b->t) | ((a->t == b->t) & ((int32_t)(a->seq - b->seq) < 0));
}

void ev_push(lab_Sim *s, int64_t t, int kind, int cpu, int32_t a, uint32_t gen)
{
    State *st = s->st;
    Event *h = s->heap;
    Event e;
    int i;
    if (st->heap_n >= st->heap_cap) {
        /* Never write past the arena. A scenario whose pending events outgrow the room
         * its size gave them (interrupts far faster than its phases end) stops here;
         * the report says so (event_heap_full). */
        assert(0 && "event heap full");
        st->heap_full++;
        st->end = st->now;
        return;
    }
    i = st->heap_n++;
    e.t = t; e.seq = st->seq++; e.kind = (uint16_t)kind; e.cpu = (int16_t)cpu; e.a = a; e.gen = gen;
    while (i > 0) {
        int parent = (i - 1) >> 1;
        if (!before(&e, &h[parent])) break;
        h[i] = h[parent];
        i = parent;
    }
    h[i] = e;
}

int ev_pop(lab_Sim *s, Event *out)
{
    State *st = s->st;
    Event *h = s->heap;
    Event last;
    int i = 0, c, n;
    if (st->heap_n == 0) return 0;
    *out = h[0];
    n = --st->heap_n;
    if (n == 0) return 1;
    last = h[n];
    while ((c = 2 * i + 1) < n) {                  /* the hole goes down to a leaf */
        c += c + 1 < n && before(&h[c + 1], &h[c]);
        h[i] = h[c];
        i = c;
    }
    while (i > 0) {                                /* and the last event comes up into it */
        int parent = (i - 1) >> 1;
        if (!before(&last, &h[parent])) break;
        h[i] = h[parent];
        i = parent;
    }
    h[i] = last;
    return 1;
}
