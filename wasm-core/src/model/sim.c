/*
 * sim.c -- the simulation handle: one arena, built from a scenario, copied whole for
 * a checkpoint.
 *
 * Arena layout: State, then the CPUs, threads, jobs and the event heap, each aligned
 * to 8 bytes. Sizes follow from the scenario, so two handles built from the same
 * scenario have the same layout and a checkpoint of one restores into the other.
 * The trace ring and the report buffer live outside the arena: they describe a
 * viewing of the run, not its state.
 */
#include <stdlib.h>
#include <string.h>
#include "model.h"

/* The switch-in a kernel gets when it declares none (Kernel.prog[PROG_SWITCH_IN]): the
 * context switch, the cache reload of a thread that moved CPUs, then the thread's own
 * program where it stopped. */
static const Phase ENGINE_SWITCH_IN[] = {
    W(CSWITCH, CONTEXT_SWITCH),
    P(OP_MIGRATED),
    P(OP_RESUME),
};

#define ARENA_MAGIC 0x5354414bu /* "STAK" */

static size_t align8(size_t n)
{
    return (n + 7) & ~(size_t)7;
}

typedef struct Layout {
    size_t cpu, thr, job, heap, kstate, total;
} Layout;

static Layout layout_for(int ncpu, int nthread, int njob, int heap_cap, size_t kstate)
{
    Layout L;
    L.cpu = align8(sizeof(State));
    L.thr = L.cpu + align8(sizeof(Cpu) * (size_t)ncpu);
    L.job = L.thr + align8(sizeof(Thread) * (size_t)(nthread ? nthread : 1));
    L.heap = L.job + align8(sizeof(Job) * (size_t)njob);
    L.kstate = L.heap + align8(sizeof(Event) * (size_t)heap_cap);
    L.total = L.kstate + align8(kstate);
    return L;
}

static void point_into(lab_Sim *s, const Layout *L)
{
    char *base = (char *)s->st;
    s->cpu = (Cpu *)(base + L->cpu);
    s->thr = (Thread *)(base + L->thr);
    s->job = (Job *)(base + L->job);
    s->heap = (Event *)(base + L->heap);
}

static void cost_from(Cost *c, const double *v, int dist_field)
{
    c->dist = (int)v[dist_field];
    c->mean = v[dist_field + 1];
    c->spread = v[dist_field + 2];
}

static void init_ctx(Ctx *x, int thread)
{
    memset(x, 0, sizeof *x);
    x->prog = thread >= 0 ? PROG_PROCESS : -1;
    x->job = -1;
    x->thread = thread;
    x->spin_lock = -1;
}

lab_Sim *lab_sim_new(lab_Scenario *sc, int *status)
{
    lab_Sim *s;
    State *st;
    const double *v;
    Layout L;
    int ncpu, nthread, njob, heap_cap, events, i, st_code;
    const Kernel *kernel;

    if (status) *status = LAB_OK;
    if (!sc) {
        if (status) *status = LAB_ERR_BAD_VALUE;
        return NULL;
    }
    st_code = scenario_check_all(sc);
    if (st_code != LAB_OK) {
        if (status) *status = st_code;
        return NULL;
    }
    v = sc->v;

    kernel = lab_kernel((int)v[F_KERNEL]);
    if (!kernel) {
        if (status) *status = LAB_ERR_BAD_VALUE;
        return NULL;
    }
    ncpu = (int)v[F_CPUS];
    nthread = (int)v[F_PROCESSES];
    njob = 4 * ncpu + 4096;
    events = 0;
    if (kernel->size) kernel->size(v, &nthread, &njob, &events);
    heap_cap = 2 * ncpu + 3 * nthread + 64 + ncpu * kernel->nlock + events;

    L = layout_for(ncpu, nthread, njob, heap_cap, kernel->state_size);
    s = (lab_Sim *)calloc(1, sizeof *s);
    if (!s) {
        if (status) *status = LAB_ERR_NOMEM;
        return NULL;
    }
    s->st = (State *)calloc(1, L.total);
    if (!s->st) {
        free(s);
        if (status) *status = LAB_ERR_NOMEM;
        return NULL;
    }
    point_into(s, &L);
    st = s->st;
    st->arena_bytes = (uint32_t)L.total;
    st->magic = ARENA_MAGIC;
    st->kstate_offset = (uint32_t)L.kstate;
    memcpy(st->v, v, sizeof st->v);
    for (i = 0; i < C_COUNT; i++) cost_from(&st->cost[i], v, LAB_COST_FIELD[i]);
    st->ncpu = ncpu;
    st->nthread = nthread;
    st->njob = njob;
    st->heap_cap = heap_cap;
    st->kernel = (int)v[F_KERNEL];
    st->lock_kind = (int)v[F_LOCK_KIND];
    st->interrupt_cpu = (int)v[F_INTERRUPT_CPU];
    st->c_transfer = lab_i64(v[F_CACHE_TRANSFER] + 0.5);
    st->message_bytes = (int64_t)v[F_MESSAGE_BYTES];
    st->end = (int64_t)v[F_DURATION];
    st->warmup = (int64_t)v[F_WARMUP];
    rng_seed(&st->rng, (uint64_t)v[F_SEED]);
    st->affinity = (int)v[F_AFFINITY];
    st->nlock = kernel->nlock;
    for (i = 0; i < st->nlock; i++) { /* each lock in its own line until a kernel says otherwise */
        Lock *l = &st->lock[i];
        l->kind = LK_SPIN;
        l->wake_cost = -1;
        l->holder = l->reserved = -1;
        l->owner = -1;
        l->sleep_head = l->sleep_tail = -1;
        l->line = (int16_t)i;
        st->line[i].owner = 0;
        st->line[i].nlocks = 1;
    }
    for (i = 0; i < ncpu; i++) {
        Cpu *c = &s->cpu[i];
        c->mode = LAB_MODE_IDLE;
        c->proc = -1;
        c->spin_lock = -1;
        init_ctx(&c->isr, -1);
        init_ctx(&c->fork, -1);
        c->isr_q.head = c->isr_q.tail = -1;
        c->fork_q.head = c->fork_q.tail = -1;
        c->runq_head = c->runq_tail = -1;
    }
    for (i = 0; i < nthread; i++) {
        Thread *t = &s->thr[i];
        init_ctx(&t->ctx, i);
        t->cpu = -1;
        t->last_cpu = -1;
        t->next = -1;
        t->state = T_SLEEPING;
        t->bound = -1;
        t->handed = -1;
        t->lock_wait = -1;
        t->home_rad = -1;
        t->work.head = t->work.tail = -1;
    }
    for (i = 0; i < njob; i++) s->job[i].next = i + 1 < njob ? i + 1 : -1;
    st->job_free = 0;
    st->runq_head = st->runq_tail = -1;
    machine_init(s);
    s->kernel = kernel;
    queue_init(s);
    role_init(s);
    for (i = 0; i < LAB_MAX_PROGS; i++) s->prog[i] = kernel->prog[i];
    /* every dispatch starts the switch-in: the engine's own unless the kernel brings one */
    if (s->prog[PROG_SWITCH_IN].n == 0) s->prog[PROG_SWITCH_IN] = (Program)PROGRAM("switch_in", ENGINE_SWITCH_IN);
    if (kernel->build) {
        int code = kernel->build(s);
        if (code != LAB_OK) {
            lab_sim_free(s);
            if (status) *status = code;
            return NULL;
        }
    }

    s->trace_cap = (int)v[F_TRACE_CAPACITY];
    if (s->trace_cap > 0) {
        s->trace = (lab_TraceRecord *)calloc((size_t)s->trace_cap, sizeof *s->trace);
        if (!s->trace) {
            lab_sim_free(s);
            if (status) *status = LAB_ERR_NOMEM;
            return NULL;
        }
    }
    engine_start(s);
    return s;
}

void lab_sim_free(lab_Sim *s)
{
    if (!s) return;
    free(s->st);
    free(s->trace);
    lab_free(s->code);
    lab_free(s->report);
    free(s);
}

double lab_sim_run_until(lab_Sim *s, double t_ns)
{
    State *st = s->st;
    int64_t limit;
    if (!(t_ns >= 0)) return 0; /* NaN or negative: nothing to run */
    limit = t_ns >= (double)st->end ? st->end : (int64_t)t_ns;
    uint64_t before = st->events;
    engine_run(s, limit);
    if (limit > st->end) limit = st->end;
    if (limit > st->now && !st->stall) st->now = limit; /* a stalled run stays where it stopped */
    return (double)(st->events - before);
}

int lab_sim_step(lab_Sim *s, int n)
{
    int done = 0;
    while (done < n && engine_step(s, s->st->end)) done++;
    if (done < n && s->st->now < s->st->end && !s->st->stall) s->st->now = s->st->end; /* nothing left before the end */
    return done;
}

double lab_sim_now(const lab_Sim *s) { return (double)s->st->now; }
double lab_sim_events(const lab_Sim *s) { return (double)s->st->events; }

int lab_sim_done(const lab_Sim *s)
{
    const State *st = s->st;
    return st->now >= st->end || st->heap_n == 0 || s->heap[0].t > st->end || st->stall != 0;
}

const char *lab_sim_report_json(lab_Sim *s) { return metrics_report(s); }

int lab_sim_snapshot(const lab_Sim *s, double *out, int cap) { return metrics_snapshot(s, out, cap); }

int lab_trace_read(lab_Sim *s, lab_TraceRecord *out, int max)
{
    int n = 0;
    while (n < max && s->trace_len > 0) {
        out[n++] = s->trace[s->trace_head];
        s->trace_head = (s->trace_head + 1) % s->trace_cap;
        s->trace_len--;
    }
    return n;
}

double lab_trace_dropped(const lab_Sim *s) { return s->trace_dropped; }
int lab_trace_pending(const lab_Sim *s) { return s->trace_len; }

int lab_sim_checkpoint_size(const lab_Sim *s) { return (int)s->st->arena_bytes; }

int lab_sim_checkpoint(const lab_Sim *s, void *buf, int cap)
{
    if (!buf || cap < (int)s->st->arena_bytes) return LAB_ERR_BUFFER;
    memcpy(buf, s->st, s->st->arena_bytes);
    return LAB_OK;
}

int lab_sim_restore(lab_Sim *s, const void *buf, int size)
{
    const State *cp = (const State *)buf;
    if (!buf || size != (int)s->st->arena_bytes || size < (int)sizeof(State)) return LAB_ERR_CHECKPOINT;
    if (cp->magic != ARENA_MAGIC || cp->arena_bytes != s->st->arena_bytes ||
        cp->kstate_offset != s->st->kstate_offset ||
        memcmp(cp->v, s->st->v, sizeof cp->v) != 0)
        return LAB_ERR_CHECKPOINT;
    memcpy(s->st, buf, (size_t)size);
    s->trace_head = s->trace_len = 0; /* the ring described the abandoned future */
    return LAB_OK;
}
