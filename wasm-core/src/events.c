/*
 * events.c -- the event queue: a binary min-heap ordered by (time, insertion number).
 *
 * Ties at the same nanosecond run in the order they were scheduled, which is what
 * makes a run reproducible. The heap's capacity is fixed when the simulation is
 * built from the scenario (see sim.c); overflowing it is a bug in the model.
 */
#include <assert.h>
#include "internal.h"

static int before(const Event *a, const Event *b)
{
    return a->t < b->t || (a->t == b->t && (int32_t)(a->seq - b->seq) < 0);
}

void ev_push(lab_Sim *s, int64_t t, int kind, int cpu, int32_t a, uint32_t gen)
{
    State *st = s->st;
    Event *h = s->heap;
    Event e;
    int i = st->heap_n++;
    assert(st->heap_n <= st->heap_cap);
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
    int i = 0, n;
    if (st->heap_n == 0) return 0;
    *out = h[0];
    n = --st->heap_n;
    if (n == 0) return 1;
    last = h[n];
    for (;;) {
        int c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && before(&h[c + 1], &h[c])) c++;
        if (!before(&h[c], &last)) break;
        h[i] = h[c];
        i = c;
    }
    h[i] = last;
    return 1;
}
