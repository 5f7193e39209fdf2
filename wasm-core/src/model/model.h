/*
 * model.h -- what the model's own files share beyond kernel_api.h (the engine's
 * services to kernels). Not for kernels: nothing under kernels/ includes it, and
 * nothing here names a kernel (test/layers.sh checks both).
 */
#ifndef LAB_MODEL_H
#define LAB_MODEL_H

#include "kernel_api.h"

/* engine.c */
void engine_start(lab_Sim *s);
int engine_step(lab_Sim *s, int64_t limit); /* runs one event at or before limit; 0 if none */
void engine_run(lab_Sim *s, int64_t limit); /* runs every event at or before limit */
void engine_flush_modes(lab_Sim *s);

/* events.c */
/* The next event, left at the root (the heap must not be empty) until the first event
 * scheduled after it takes its place, or ev_settle removes it: engine_step calls the
 * two around each event, and nothing else reads the heap in between. ev_take returns
 * the root itself, not a copy: the caller reads what it needs of it before it
 * schedules anything. */
void ev_settle_root(lab_Sim *s);
/* Inline: in the wasm, built a file at a time, a call to events.c would cost every
 * event a call for a test. */
static inline const Event *ev_take(lab_Sim *s)
{
    s->st->heap_root_taken = 1;
    return &s->heap[0];
}
static inline void ev_settle(lab_Sim *s)
{
    if (s->st->heap_root_taken) ev_settle_root(s);
}
/* The heap's order and the filling of the root ev_take emptied, here so that the push
 * at exec's tail, which schedules the end of nearly every timed phase, has them inline
 * (ev_push_hot; events.c says how the heap works). */

/* a->t < b->t, or the same time and a scheduled first. Without branches: the outcome is
 * a coin toss the branch predictor cannot learn. With k = 1 when a was scheduled first
 * (the sign of the seqs' difference), that is a->t - k < b->t: for whole numbers, a->t
 * below b->t stays below, a->t equal goes below when k is 1, a->t above is still at
 * least b->t. One subtraction and one comparison, where testing < and == and combining
 * them took twice the instructions. (a->t - k cannot overflow: no event is scheduled
 * at INT64_MIN; times are the clock plus a sample, both far inside +-2^63.) */
static inline int ev_before(const Event *a, const Event *b)
{
    return a->t - (int64_t)((uint32_t)(a->seq - b->seq) >> 31) < b->t;
}
/* The event at a byte offset into the heap. The passes down the heap walk it by byte
 * offsets (a child's is twice its parent's plus one event), which spares an index's
 * multiplication by the event's size at every step. */
#define LAB_EV_BYTES ((size_t)sizeof(Event))
static inline Event *ev_at(Event *h, size_t off)
{
    return (Event *)((char *)h + off);
}

/* Places the newest event in the root left empty by ev_take (which counts in heap_n
 * until filled: there is room), and sifts it down. Being the newest, it was scheduled
 * after every event in the heap, so it goes before one only by being earlier: the
 * tie-break can only say "after", and its way down compares the times alone. The
 * smaller child is picked without a branch (ev_before): c moves to the right child by
 * adding LAB_EV_BYTES when the mask is all ones. */
LAB_INLINE void ev_fill_root(lab_Sim *s, State *st, int64_t t, int kind, int cpu, int32_t a, uint32_t gen)
{
    Event *h = s->heap;
    size_t i = 0, c, end = (size_t)st->heap_n * LAB_EV_BYTES;
    Event e;
    e.t = t;
    e.seq = st->seq++;
    e.kind = (uint16_t)kind;
    e.cpu = (int16_t)cpu;
    e.a = a;
    e.gen = gen;
    st->heap_root_taken = 0;
    while ((c = 2 * i + LAB_EV_BYTES) < end) {
        if (c + LAB_EV_BYTES < end) c += LAB_EV_BYTES & (0 - (size_t)ev_before(ev_at(h, c + LAB_EV_BYTES), ev_at(h, c)));
        if (t < ev_at(h, c)->t) break;
        *ev_at(h, i) = *ev_at(h, c);
        i = c;
    }
    *ev_at(h, i) = e;
}

/* ev_push with its common case, the event being run scheduling its first, inline. */
LAB_INLINE void ev_push_hot(lab_Sim *s, State *st, int64_t t, int kind, int cpu, int32_t a, uint32_t gen)
{
    if (st->heap_root_taken) ev_fill_root(s, st, t, kind, cpu, a, gen);
    else ev_push(s, t, kind, cpu, a, gen);
}

/* spinlock.c */
void lock_handoff_done(lab_Sim *s, int lock, int cpu);
int64_t lock_handoff_ns(const State *st, int waiters);

/* cache_line.c */
int64_t line_fetch(lab_Sim *s, int lock, int cpu); /* the stall when the line had to be fetched (counted) */
void line_took(lab_Sim *s, int lock, int cpu);     /* the lock word is written on cpu: it owns the line */
int lock_line_is_local(const State *st, int lock, int cpu);

/* machine.c */
void machine_init(lab_Sim *s);
void machine_reset(lab_Sim *s);
void machine_report(lab_Sim *s, JsonW *w, double secs);

/* metrics.c and machine.c: what the engine's parts of the report hold. Two entries of
 * LAB_REPORT_METRICS stand for what the kernels' queues bring (schema.c writes them out
 * from lab_queue): the type LAB_QUEUE_NAMES_TYPE, the queues' names ("a|b"), and the
 * path LAB_QUEUE_RATE_PATH, one entry per rate key (QueueDesc.rate_key). */
extern const MetricDesc LAB_REPORT_METRICS[];
extern const MetricDesc LAB_MACHINE_METRICS[];
#define LAB_QUEUE_NAMES_TYPE "{queues}"
#define LAB_QUEUE_RATE_PATH "queues[].{rate}"

/* cpu_role.c (with lab_cpu_role and engine_role_cpu in kernel_api.h). One entry of
 * LAB_REPORT_METRICS, the path LAB_ROLE_PATH, stands for the roles' values, which
 * schema.c writes out with role_metrics (three a role). */
#define LAB_ROLE_PATH "{cpu_roles}"
void role_init(lab_Sim *s);                            /* once the kernel is known: each role's CPU */
void role_report(lab_Sim *s, JsonW *w, double window); /* the report's roles, after "queues" */
void role_metrics(void (*metric)(JsonW *, const MetricDesc *), JsonW *w);

/* request_queue.c (with the engine's services in kernel_api.h) */
void queue_init(lab_Sim *s);                        /* once the kernel is known: the schema's queues */
int queue_fork_program(const lab_Sim *s, int kind); /* a fork thread's program, by its job's kind */
void queue_reset(lab_Sim *s);
void queue_report(lab_Sim *s, JsonW *w, double window, double secs); /* the report's "queues" */

/* metrics.c */
const char *metrics_report(lab_Sim *s);
int metrics_snapshot(const lab_Sim *s, double *out, int cap);
void metrics_reset(lab_Sim *s);
void metrics_schema(JsonW *w);

/* stall.c: a run that cannot go on. The engine stops at the first (engine_step runs
 * nothing more) and lab_sim_error says what it found, in words. */
enum StallKind {
    STALL_NONE = 0,
    STALL_SPIN_SELF,     /* a CPU wants a spinlock it holds itself (or that is being handed to it) */
    STALL_SPIN_CYCLE,    /* spinners wait for each other in a ring                   */
    STALL_SLEEP_HOLDING, /* a thread went to sleep holding a spinlock (its CPU's)    */
    STALL_END_HOLDING,   /* a context ended holding locks                           */
    STALL_PHASES,        /* a CPU ran phase after phase without time passing          */
    STALL_EVENTS,        /* event after event at one nanosecond                     */
    STALL_FROZEN,        /* nothing left to happen, and a CPU still spins            */
    STALL_SLEEP_CYCLE,   /* threads asleep on blocking locks each of them owns       */
    STALL_HEAP_FULL,     /* more live events than the scenario's size gave room for  */
    STALL_HANDOFF_LOST   /* a spinlock handed to a CPU where nothing spins for it    */
};
/* Bounds on work without time: far above any run's (the presets' most: 13 phases in
 * one go on a CPU, 116 events at one nanosecond), far below a hang. */
#define LAB_STALL_PHASES 1000000u
#define LAB_STALL_EVENTS (1u << 20) /* a power of two: engine_step looks every so many */
void stall_record(lab_Sim *s, int kind, int cpu, int lock, int other, int thread, int level);
/* A CPU has just begun to spin for lock: a ring of spinners back to it is a deadlock. */
void stall_check_spin(lab_Sim *s, int cpu, int lock);
/* A thread is going to sleep on a blocking lock: a ring of owners asleep on each other
 * back to it is a deadlock. */
void stall_check_sleep(lab_Sim *s, int lock, int thread);
/* The event queue is empty before the end: a CPU still spinning would spin forever. */
void stall_check_frozen(lab_Sim *s);
/* The spinlock cpu holds, or -1. */
int stall_spinlock_held(const lab_Sim *s, int cpu);
/* The words, written into buf (at most cap bytes, NUL-terminated); "" when none. */
void stall_message(const lab_Sim *s, char *buf, int cap);

/* validate.c */
int scenario_check_all(lab_Scenario *sc);

#endif
