/*
 * events.c -- the event queue: a binary min-heap ordered by (time, insertion number).
 * A pop moves the hole at the root down to a leaf along the smaller children (one
 * comparison a level) and then sifts the last event up from there (Floyd's bottom-up
 * heap), since the last event nearly always belongs near the bottom.
 *
 * Ties at the same nanosecond run in the order they were scheduled, which is what
 * makes a run reproducible. The heap's capacity is fixed when the simulation is
 * built from the scenario (see sim.c). A preempted phase leaves its end in the heap,
 * stale (its CPU's generation moved on), to be dropped when popped; device interrupts
 * far more frequent than the phases they cut (a timer every 100 ns against phases of
 * 250 us) filled the heap with them. So a full heap first drops every stale phase end
 * at once: the others keep their (time, insertion) order, which the rebuilt heap
 * follows, so no run changes but for the count of events popped. A heap still full
 * of live events stops the run (stall.c): the scenario's size gave them too little room.
 *
 * The engine takes its next event without refilling the root at once (ev_take): nearly
 * every event schedules one more (a CPU's next phase), which then goes into the empty
 * root and sifts down, about half way in the testbeds, where a pop's pass down to a
 * leaf and a push's pass back up cost two (20% fewer instructions in a run). ev_settle
 * refills the root when the event scheduled nothing. The events pop in the same order either way: (time, insertion)
 * orders them all, whatever the heap's shape.
 */
#include "model.h"

/* Sifts h[i] down to its place among the first n (Floyd's heap construction). */
static void sift_down(Event *h, int n, int i)
{
    Event e = h[i];
    int c;
    while ((c = 2 * i + 1) < n) {
        c += c + 1 < n && ev_before(&h[c + 1], &h[c]);
        if (!ev_before(&h[c], &e)) break;
        h[i] = h[c];
        i = c;
    }
    h[i] = e;
}

/* Drops the stale phase ends (engine.c ignores an EV_PHASE_DONE whose generation is
 * not its CPU's) and rebuilds the heap. Returns how many it dropped. */
LAB_COLD static int drop_stale(lab_Sim *s)
{
    State *st = s->st;
    Event *h = s->heap;
    int i, n = 0, dropped;
    for (i = 0; i < st->heap_n; i++)
        if (!(h[i].kind == EV_PHASE_DONE && h[i].gen != s->cpu[h[i].cpu].gen)) h[n++] = h[i];
    dropped = st->heap_n - n;
    st->heap_n = n;
    for (i = n / 2 - 1; i >= 0; i--) sift_down(h, n, i);
    return dropped;
}

/* Places e, the newest event, in the heap, whose room was checked. Being the newest, e
 * was scheduled after every event in the heap (its seq is the latest: fewer than 2^31
 * are ever pending), so it goes before one only by being earlier: the tie-break that
 * ev_before() makes can only say "after", and sifting up compares the times alone. */
static inline void heap_insert(State *st, Event *h, Event e)
{
    int i = st->heap_n++;
    while (i > 0) {
        int parent = (i - 1) >> 1;
        if (!(e.t < h[parent].t)) break;
        h[i] = h[parent];
        i = parent;
    }
    h[i] = e;
}

/* A full heap: room is made by dropping the stale phase ends (1), or the run stops (0).
 * Out of line, and given the event's CPU and kind, not the event: an Event passed by
 * value lives in memory in WebAssembly, which cost every push a stack frame. */
LAB_COLD static int make_room(lab_Sim *s, int cpu, int kind)
{
    if (drop_stale(s) > 0) return 1;
    /* Never write past the arena. Live events beyond the room the scenario's size gave
     * them: the run stops here, saying so (stall.c). */
    s->st->heap_full++;
    stall_record(s, STALL_HEAP_FULL, cpu, -1, kind, -1, LEVEL_IDLE);
    return 0;
}

void ev_push(lab_Sim *s, int64_t t, int kind, int cpu, int32_t a, uint32_t gen)
{
    State *st = s->st;
    Event e;
    if (st->heap_root_taken) {
        ev_fill_root(s, st, t, kind, cpu, a, gen);
        return;
    }
    e.t = t;
    e.seq = st->seq++;
    e.kind = (uint16_t)kind;
    e.cpu = (int16_t)cpu;
    e.a = a;
    e.gen = gen;
    if (st->heap_n >= st->heap_cap && !make_room(s, cpu, kind)) return;
    heap_insert(st, s->heap, e);
}

/* ev_settle (model.h), when the root is still the event that ran: the last event
 * refills it. */
void ev_settle_root(lab_Sim *s)
{
    State *st = s->st;
    Event *h = s->heap;
    Event last;
    size_t i = 0, c, end;
    unsigned n;
    st->heap_root_taken = 0;
    n = (unsigned)--st->heap_n;
    if (n == 0) return;
    last = h[n];
    end = (size_t)n * LAB_EV_BYTES;
    while ((c = 2 * i + LAB_EV_BYTES) < end) { /* the hole goes down to a leaf */
        if (c + LAB_EV_BYTES < end) c += LAB_EV_BYTES & (0 - (size_t)ev_before(ev_at(h, c + LAB_EV_BYTES), ev_at(h, c)));
        *ev_at(h, i) = *ev_at(h, c);
        i = c;
    }
    i /= LAB_EV_BYTES;
    while (i > 0) { /* and the last event comes up into it */
        size_t parent = (i - 1) >> 1;
        if (!ev_before(&last, &h[parent])) break;
        h[i] = h[parent];
        i = parent;
    }
    h[i] = last;
}
