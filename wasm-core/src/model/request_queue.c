/*
 * request_queue.c -- posted delegation: requests that wait for one CPU's fork thread.
 *
 * A kernel that hands its work to one CPU (the Scalable Kernel's KRPs to the
 * designated TCP/IP CPU, the service's delegate discipline) declares its queue in its
 * record (Kernel.queues, QueueDesc) and brings two phases: one that posts a request
 * (engine_queue_post) and one, in the server's program, that takes the next
 * (engine_queue_next). The engine keeps the jobs and the statistics here. A request
 * that finds the queue empty knows no fork thread will look at it, so it creates one
 * on the server CPU: queued there at once when that is its own CPU, else after an
 * interprocessor interrupt (costs.ipi). The fork thread runs the queue's program and
 * takes the requests first come first served until none is left.
 *
 * The schema's list of queues is every registered kernel's, each name once, in the
 * registry's order (lab_queue): the report's "queues" and the snapshot hold them all
 * whatever the kernel, so their layout never depends on it; a queue the running
 * kernel does not declare stays empty. State.queue is indexed by that list; the
 * kernel's q-th queue is State.queue[queue_at[q]].
 *
 * Statistics (over the measurement window): the time-averaged length (the integral of
 * the length over time), the longest, the mean wait from queueing to the start of
 * service, and the requests queued.
 */
#include <assert.h>
#include <string.h>
#include "model.h"

/* Whether no kernel before d's declares a queue of d's name. */
static int declared_first(const QueueDesc *d)
{
    const QueueDesc *e;
    int k;
    for (k = 0; lab_kernel(k); k++)
        for (e = lab_kernel(k)->queues; e && e->name; e++) {
            if (e == d) return 1;
            if (strcmp(e->name, d->name) == 0) return 0;
        }
    return 0;
}

const QueueDesc *lab_queue(int u)
{
    const QueueDesc *e;
    int k;
    for (k = 0; lab_kernel(k); k++)
        for (e = lab_kernel(k)->queues; e && e->name; e++)
            if (declared_first(e) && u-- == 0) return e;
    return NULL;
}

void queue_init(lab_Sim *s)
{
    State *st = s->st;
    const QueueDesc *d = s->kernel->queues;
    int u, q;
    for (u = 0; u < LAB_MAX_QUEUES && lab_queue(u); u++) st->queue[u].jobs.head = st->queue[u].jobs.tail = -1;
    st->nqueue = u;
    for (q = 0; d && d[q].name && q < LAB_MAX_QUEUES; q++) {
        for (u = 0; u < st->nqueue && strcmp(lab_queue(u)->name, d[q].name) != 0; u++) {}
        assert(u < st->nqueue && "a queue the schema does not list (more than LAB_MAX_QUEUES)");
        st->queue_at[q] = (int8_t)u;
    }
}

/* The program of a fork thread started for a job of this kind: the server's of the
 * queue whose job kind it is, or PROG_FORK. */
int queue_fork_program(const lab_Sim *s, int kind)
{
    const QueueDesc *d;
    for (d = s->kernel->queues; d && d->name; d++)
        if (d->job_kind == kind) return d->prog;
    return PROG_FORK;
}

static void len_changed(State *st, QueueStats *q, int delta)
{
    q->area += (double)q->len * (double)(st->now - q->last_change);
    q->last_change = st->now;
    q->len += delta;
    if (q->len > q->max_len) q->max_len = q->len;
}

void engine_queue_post(lab_Sim *s, int q, int cpu, int server, int job)
{
    State *st = s->st;
    int u = st->queue_at[q];
    RequestQueue *rq = &st->queue[u];
    int was_empty = rq->jobs.len == 0;
    s->job[job].t_enq = st->now;
    engine_list_push(s, &rq->jobs, job);
    len_changed(st, &rq->stats, +1);
    rq->stats.queued++;
    trace_emit(s, LAB_TRACE_QUEUE_POST, cpu, s->job[job].thread, u, rq->stats.len);
    if (was_empty) {
        /* An empty queue means no fork thread will look at it: create one on the
         * server CPU. The pool always keeps room for these. */
        int f = engine_job_alloc(s, s->kernel->queues[q].job_kind, -1, 0);
        assert(f >= 0);
        st->forks_created++;
        trace_emit(s, LAB_TRACE_FORK_CREATE, server, -1, 0, 0);
        if (server == cpu) engine_list_push(s, &s->cpu[server].fork_q, f);
        else ev_push(s, st->now + cost_sample(&st->rng, &st->cost[C_IPI]), EV_FORK_ARRIVE, server, f, 0);
    }
}

int engine_queue_next(lab_Sim *s, int q, int cpu, Ctx *x)
{
    State *st = s->st;
    int u = st->queue_at[q], j;
    RequestQueue *rq = &st->queue[u];
    if (x->job >= 0) {
        engine_job_free(s, x->job);
        x->job = -1;
    }
    j = engine_list_pop(s, &rq->jobs);
    if (j < 0) return 0;
    len_changed(st, &rq->stats, -1);
    rq->stats.served++;
    rq->stats.wait_ns += (double)(st->now - s->job[j].t_enq);
    trace_emit(s, LAB_TRACE_QUEUE_TAKE, cpu, s->job[j].thread, u, (double)(st->now - s->job[j].t_enq));
    x->job = j;
    return 1;
}

void queue_reset(lab_Sim *s)
{
    State *st = s->st;
    int u;
    for (u = 0; u < st->nqueue; u++) {
        QueueStats *q = &st->queue[u].stats;
        q->area = 0;
        q->last_change = st->now;
        q->max_len = q->len;
        q->wait_ns = 0;
        q->served = q->queued = 0;
    }
}

void queue_report(lab_Sim *s, JsonW *w, double window, double secs)
{
    const State *st = s->st;
    int u;
    jw_key(w, "queues");
    jw_open(w, '[');
    for (u = 0; u < st->nqueue; u++) {
        const QueueDesc *d = lab_queue(u);
        const QueueStats *q = &st->queue[u].stats;
        double area = q->area + (double)q->len * (double)(st->now - q->last_change);
        jw_open(w, '{');
        jw_key(w, "name");
        jw_str(w, d->name);
        jw_key(w, "mean_len");
        jw_fixed(w, window > 0 ? area / window : 0, 4);
        jw_key(w, "max_len");
        jw_int(w, q->max_len);
        jw_key(w, "mean_wait_ns");
        jw_fixed(w, q->served ? q->wait_ns / (double)q->served : 0, 1);
        jw_key(w, d->rate_key);
        jw_fixed(w, secs > 0 ? (double)q->queued / secs : 0, 1);
        jw_close(w, '}');
    }
    jw_close(w, ']');
}
