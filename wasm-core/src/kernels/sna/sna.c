/*
 * sna.c -- SNA Server/6000 on an AIX 4.1 SMP, as programs of phases assembled
 * from the porting remedies.
 *
 * Source: "SNA Server/6000 Performance on SMP", Bulka, Hermanson, Selvaggi, Sime (IBM
 * AIXpert). In steady state three threads move the data of a session: the Transaction
 * Program (TP) in the SNA device driver puts the user data into an mbuf and queues it
 * to the session's Half Session (HS) kproc with et_post; HS does transmission control
 * and calls the DLC device driver and the adapter on its own thread. A received frame
 * is queued by the DLC bottom half (an interrupt) to the DLC kproc, which enters the
 * SNA bottom half and queues it to HS, which queues it to the TP, which copies it out
 * in read(). Shared structures are protected by locks.
 *
 * The workload is the source's benchmark: sna.sessions sessions bouncing a 2 KB
 * buffer with their partners (one link), and one measured transfer of
 * sna.transfer_bytes over its own 16 Mbit/s token ring, paced by the partner.
 *
 * Each remedy of the port is a scenario switch (sna.*), and each changes the programs
 * built here, never a cost:
 *   lock_kind    lockl (blocking, wake all) | handoff (blocking, the lock handed to the
 *                longest sleeper) | simple (spin)
 *   granularity  one HS region lock around the whole path | per-session data locks,
 *                with the connection table under its own lock
 *   copy         user data copied inside | outside the critical section
 *   search       the connection table is a linked list | a hash table
 *   snaipcm      MBUF_SNAIPCM maps each mbuf through a locked hash table | the
 *                mapping made when the mbuf arrives travels with it
 *   lock_lines   the per-CPU pool locks declared side by side in one cache line |
 *                each in its own line
 *   post         et_post while holding the lock | after releasing it
 *   alloc        xmalloc from the kernel heap behind a system lock | private pools of
 *                same-size chunks, one per CPU
 *   table_lock   one lock for the whole connection table | a lock per hash bucket
 *                (deferred in the source; only meaningful with data locks)
 */
#include <assert.h>
#include "model/kernel_api.h"

/* Phases of the SNA kernel: message passing between threads (the TP, Half Session and
 * DLC kprocs) and the measured transfer. */
enum SnaOp {
    OP_NEW_MBUF = OP_KERNEL_BASE, /* a = job kind: take an mbuf for this thread's session */
    OP_ENQ,                       /* a = Role: put the context's mbuf on that thread's queue      */
    OP_POST,                      /* a = Role: et_post that thread (wake it if it waits for work)  */
    OP_WAIT_WORK,                 /* take the next mbuf from this thread's queue, or sleep until posted */
    OP_FREE_MBUF,                 /* return the context's mbuf                                     */
    OP_LINK_TX,                   /* the mbuf leaves on its session's link; the partner answers    */
    OP_SEARCH,                    /* a = mode: find the session in the connection table (list or hash) */
    OP_PACE,                      /* a = 0: wait while the pacing window is full; 1: until all RUs are answered */
    OP_XFER_START,                /* the measured transfer begins: RUs to send into the counter    */
    OP_XFER_DONE                  /* the measured transfer is complete                             */
};
/* Which thread of the mbuf's session an OP_ENQ or OP_POST addresses. */
enum Role { ROLE_TP,
            ROLE_HS,
            ROLE_DLC };
enum { EV_LINK_ARRIVE = EV_KERNEL_BASE };
enum { JOB_SNA_SEND = 7,
       JOB_SNA_DATA = 8,
       JOB_SNA_PACING = 9 };
enum { PROG_TP = PROG_KERNEL_BASE,
       PROG_TP_XFER,
       PROG_HS,
       PROG_DLC };
/* Lock families of OP_ACQ / OP_REL: the session's lock, its bucket's, its link's. */
enum { FAM_SESSION = FAM_KERNEL_BASE,
       FAM_BUCKET,
       FAM_LINK };
#define SNA_SESSION_LOCKS 16
#define SNA_BUCKETS 8
/* The remedies (SnaState.sw[], in field order from sna.lock_kind): 0 as first
 * ported, 1 (or 2) remedied. */
enum { SW_LOCK_KIND,
       SW_LOCKING,
       SW_COPY,
       SW_SEARCH,
       SW_SNAIPCM,
       SW_LINES,
       SW_POST,
       SW_ALLOC,
       SW_TABLE_LOCK,
       SW_COUNT };

/* The SNA kernel's slice of the arena. */
typedef struct SnaState {
    int sessions, sw[SW_COUNT];
    int64_t link_free_at; /* the measured transfer's token ring is busy until then */
    int64_t xfer_start;
    uint64_t xfers_done, xfer_bytes_acked;
    double xfer_time_ns;
} SnaState;
static SnaState *sna_state(const State *st) { return (SnaState *)lab_kstate(st); }


enum SnaLock {
    SL_REGION = 0,
    SL_TABLE,
    SL_BUCKET0,
    SL_SESSION0 = SL_BUCKET0 + SNA_BUCKETS,
    SL_SNAIPCM = SL_SESSION0 + SNA_SESSION_LOCKS,
    SL_HEAP,
    SL_POOL0,
    SL_DLC0 = SL_POOL0 + LAB_SNA_MAX_CPUS,
    SL_DLC1,
    SL_COUNT
};

static const char *const SNA_LOCK_NAMES[SL_COUNT] = {
    "hs_region",
    "session_table",
    "bucket[0]",
    "bucket[1]",
    "bucket[2]",
    "bucket[3]",
    "bucket[4]",
    "bucket[5]",
    "bucket[6]",
    "bucket[7]",
    "session[0]",
    "session[1]",
    "session[2]",
    "session[3]",
    "session[4]",
    "session[5]",
    "session[6]",
    "session[7]",
    "session[8]",
    "session[9]",
    "session[10]",
    "session[11]",
    "session[12]",
    "session[13]",
    "session[14]",
    "session[15]",
    "snaipcm_hash",
    "xmalloc_heap",
    "pool[0]",
    "pool[1]",
    "pool[2]",
    "pool[3]",
    "pool[4]",
    "pool[5]",
    "pool[6]",
    "pool[7]",
    "dlc[sessions]",
    "dlc[transfer]",
};

typedef char sna_lock_names_complete[(sizeof SNA_LOCK_NAMES / sizeof SNA_LOCK_NAMES[0]) == SL_COUNT ? 1 : -1];
typedef char sna_locks_fit[SL_COUNT <= LAB_MAX_LOCKS ? 1 : -1];

/* Threads: TPs 0..S (S is the measured transfer's), then their HS kprocs, then the
 * two DLC kprocs (the sessions' link, the transfer's token ring). */
static int sna_role_thread(const State *st, int session, int role)
{
    int s1 = sna_state(st)->sessions + 1;
    switch (role) {
    case ROLE_TP: return session;
    case ROLE_HS: return s1 + session;
    default: return 2 * s1 + (session == sna_state(st)->sessions);
    }
}

/* Every session has an mbuf in flight each way at most, the transfer its window (each
 * of which can be crossing the link: one event apiece). */
static void sna_size(const double *v, int *nthread, int *njob, int *events)
{
    *nthread = 2 * ((int)v[F_SNA_SESSIONS] + 1) + 2;
    *njob = 4 * *nthread + 4 * (int)v[F_SNA_PACING] + 4 * (int)v[F_CPUS] + 4096;
    *events = 2 * (int)v[F_SNA_PACING];
}

static const MetricDesc SNA_METRICS[] = {
    { "sna.transfers_completed", "integer", "", 1, "Measured transfers completed" },
    { "sna.transfer_response_ns", "number", "ns", -1, "1 MB transfer response time (of those completed)" },
    { "sna.transfer_bytes_per_s", "number", "bytes/s", 1, "Measured transfer rate" },
    { "sna.round_trips_per_s", "number", "/s", 1, "Session round trips" },
    { "sna.round_trip_ns", "number", "ns", -1, "TP response time (session round trip)" },
    { NULL, NULL, NULL, 0, NULL }
};

/* The measured transfer's response time and the sessions' round trips. */
static void sna_report(lab_Sim *s, JsonW *w, double secs)
{
    const State *st = s->st;
    const SnaState *ss = sna_state(st);
    jw_key(w, "sna");
    jw_open(w, '{');
    jw_key(w, "transfers_completed");
    jw_int(w, (int64_t)ss->xfers_done);
    jw_key(w, "transfer_response_ns");
    jw_fixed(w, ss->xfers_done ? ss->xfer_time_ns / (double)ss->xfers_done : 0, 1);
    jw_key(w, "transfer_bytes_per_s");
    jw_fixed(w, secs > 0 ? (double)ss->xfer_bytes_acked / secs : 0, 1);
    jw_key(w, "round_trips_per_s");
    jw_fixed(w, secs > 0 ? (double)st->txns / secs : 0, 1);
    jw_key(w, "round_trip_ns");
    jw_fixed(w, st->txns ? st->txn_time_ns / (double)st->txns : 0, 1);
    jw_close(w, '}');
}

/* An RU leaves: the sessions' partner answers with data after its latency; the
 * transfer's token ring carries one RU at a time, and the partner paces it. */
static void sna_link_tx(lab_Sim *s, int j, int cpu)
{
    State *st = s->st;
    SnaState *ss = sna_state(st);
    Job *jb = &s->job[j];
    int64_t t = st->now;
    if (jb->thread == ss->sessions) {
        int64_t wire = lab_i64(st->v[F_SNA_RU_BYTES] * 8.0e9 / st->v[F_SNA_LINK_BPS] + 0.5);
        if (ss->link_free_at < t) ss->link_free_at = t;
        ss->link_free_at += wire;
        t = ss->link_free_at + cost_sample(&st->rng, &st->cost[C_SNA_PACING_LAT]);
        jb->kind = JOB_SNA_PACING;
    } else {
        t += cost_sample(&st->rng, &st->cost[C_SNA_REMOTE]);
        jb->kind = JOB_SNA_DATA;
    }
    st->tx_packets++;
    trace_emit(s, LAB_TRACE_TRANSMIT, cpu, jb->thread, 0, 1);
    ev_push(s, t, EV_LINK_ARRIVE, -1, j, 0);
}

/* ---- the programs ---------------------------------------------------------------- */

#define OP(o, x) asm_op2(a, o, x, 0)
#define WORK(mode, c) asm_op2(a, OP_WORK, LAB_MODE_##mode, C_##c)
#define ACQ(lock, fam) asm_op2(a, OP_ACQ, lock, fam)
#define REL(lock, fam) asm_op2(a, OP_REL, lock, fam)
#define JUMP(op, x, l) asm_op(a, op, x, l)

static void mem_op(Asm *a, const int *sw) /* xmalloc or the CPU's pool: get or give back */
{
    if (sw[SW_ALLOC]) {
        ACQ(SL_POOL0, FAM_CPU);
        WORK(KERNEL, SNA_POOL_ALLOC);
        REL(SL_POOL0, FAM_CPU);
    } else {
        ACQ(SL_HEAP, FAM_NONE);
        WORK(KERNEL, SNA_XMALLOC);
        REL(SL_HEAP, FAM_NONE);
    }
}

static void lookups(Asm *a, const int *sw, int n) /* MBUF_SNAIPCM(mbuf), n times */
{
    int i;
    if (sw[SW_SNAIPCM]) return;
    for (i = 0; i < n; i++) {
        ACQ(SL_SNAIPCM, FAM_NONE);
        WORK(KERNEL, SNA_LOOKUP);
        REL(SL_SNAIPCM, FAM_NONE);
    }
}

/* Finding the session: under the region lock (region), or under the table's lock. */
static void enter(Asm *a, const int *sw)
{
    if (sw[SW_LOCKING]) {
        if (sw[SW_TABLE_LOCK]) ACQ(SL_BUCKET0, FAM_BUCKET);
        else ACQ(SL_TABLE, FAM_NONE);
        OP(OP_SEARCH, LAB_MODE_KERNEL);
        if (sw[SW_TABLE_LOCK]) REL(SL_BUCKET0, FAM_BUCKET);
        else REL(SL_TABLE, FAM_NONE);
        ACQ(SL_SESSION0, FAM_SESSION);
    } else {
        ACQ(SL_REGION, FAM_NONE);
        OP(OP_SEARCH, LAB_MODE_KERNEL);
    }
}

static void leave(Asm *a, const int *sw)
{
    if (sw[SW_LOCKING]) REL(SL_SESSION0, FAM_SESSION);
    else REL(SL_REGION, FAM_NONE);
}

static void post(Asm *a, int role)
{
    WORK(KERNEL, SNA_POST);
    OP(OP_POST, role);
}

/* Queue the mbuf to the next thread and et_post it, under the lock or after. */
static void hand_on(Asm *a, const int *sw, int role)
{
    OP(OP_ENQ, role);
    if (!sw[SW_POST]) post(a, role);
    leave(a, sw);
    if (sw[SW_POST]) post(a, role);
}

/* write(): the TP puts one RU into an mbuf and queues it to its HS. */
static void tp_write(Asm *a, const int *sw, int nlookups)
{
    WORK(KERNEL, SYSCALL);
    OP(OP_NEW_MBUF, JOB_SNA_SEND);
    mem_op(a, sw);
    if (sw[SW_COPY]) OP(OP_COPY, LAB_MODE_KERNEL);
    enter(a, sw);
    if (!sw[SW_COPY]) OP(OP_COPY, LAB_MODE_KERNEL);
    lookups(a, sw, nlookups);
    hand_on(a, sw, ROLE_HS);
}

enum { L_TOP,
       L_RECV,
       L_LOOP,
       L_DRAIN };

static void build_tp(Asm *a, const int *sw, int n)
{
    asm_place(a, L_TOP);
    WORK(USER, SNA_TP_WORK);
    tp_write(a, sw, n);
    WORK(KERNEL, SYSCALL); /* read(): wait for the partner's answer */
    OP(OP_WAIT_WORK, 0);
    enter(a, sw);
    lookups(a, sw, n);
    if (!sw[SW_COPY]) OP(OP_COPY, LAB_MODE_KERNEL);
    leave(a, sw);
    if (sw[SW_COPY]) OP(OP_COPY, LAB_MODE_KERNEL);
    mem_op(a, sw); /* give the mbuf's snaipcm back          */
    OP(OP_FREE_MBUF, 0);
    OP(OP_TXN_DONE, 0);
    JUMP(OP_JMP, 0, L_TOP);
}

static void build_tp_xfer(Asm *a, const int *sw, int n)
{
    asm_place(a, L_TOP);
    OP(OP_XFER_START, 0);
    asm_place(a, L_LOOP);
    JUMP(OP_JZ_CTR, 0, L_DRAIN);
    OP(OP_PACE, 0); /* the pacing window must have room      */
    tp_write(a, sw, n);
    OP(OP_DEC_CTR, 0);
    JUMP(OP_JMP, 0, L_LOOP);
    asm_place(a, L_DRAIN);
    OP(OP_PACE, 1); /* every RU answered: the transfer is done */
    OP(OP_XFER_DONE, 0);
    JUMP(OP_JMP, 0, L_TOP);
}

static void build_hs(Asm *a, const int *sw, int n)
{
    asm_place(a, L_TOP);
    OP(OP_WAIT_WORK, 0);
    JUMP(OP_IF_JOB, JOB_SNA_SEND, L_RECV);
    enter(a, sw); /* transmission control                  */
    lookups(a, sw, n);
    WORK(KERNEL, SNA_HS_WORK);
    leave(a, sw);
    ACQ(SL_DLC0, FAM_LINK); /* the DLC device driver and the adapter */
    WORK(KERNEL, SNA_DLC_SEND);
    OP(OP_LINK_TX, 0);
    REL(SL_DLC0, FAM_LINK);
    JUMP(OP_JMP, 0, L_TOP);
    asm_place(a, L_RECV);
    enter(a, sw);
    lookups(a, sw, n);
    WORK(KERNEL, SNA_HS_WORK);
    hand_on(a, sw, ROLE_TP);
    JUMP(OP_JMP, 0, L_TOP);
}

/* The DLC kproc takes a received frame from the DLC bottom half and enters SNA's
 * bottom half, which only queues it to the session's Half Session and et_posts HS:
 * "The kproc enters the bottom half of the SNA device driver and queues the data to
 * HS." Finding the session, the MBUF_SNAIPCM lookups and transmission control are HS's
 * work, under HS's locks (build_hs, L_RECV); the kproc takes none of SNA's locks. */
static void build_dlc(Asm *a, const int *sw, int n)
{
    (void)sw;
    (void)n;
    asm_place(a, L_TOP);
    OP(OP_WAIT_WORK, 0);
    ACQ(SL_DLC0, FAM_LINK);
    WORK(KERNEL, SNA_DLC_RECV);
    REL(SL_DLC0, FAM_LINK);
    OP(OP_ENQ, ROLE_HS); /* the SNA bottom half: queue it to HS   */
    post(a, ROLE_HS);
    JUMP(OP_JMP, 0, L_TOP);
}

static void build_interrupt(Asm *a, const int *sw, int n) /* the DLC bottom half: on to the DLC kproc */
{
    (void)sw;
    (void)n;
    WORK(INTERRUPT, RX_INTERRUPT);
    OP(OP_ENQ, ROLE_DLC);
    OP(OP_POST, ROLE_DLC);
    OP(OP_END, 0);
}

/* AIX 4.1 dispatches without one global scheduler spinlock held for the whole switch
 * (unlike the OpenVMS SCHED lock of the other kernels), so the switch takes no lock. */
static void build_switch_in(Asm *a, const int *sw, int n)
{
    (void)sw;
    (void)n;
    WORK(CSWITCH, CONTEXT_SWITCH);
    OP(OP_MIGRATED, 0);
    OP(OP_RESUME, 0);
}


#define SNA_CODE_MAX 1024

static int sna_build(lab_Sim *s)
{
    State *st = s->st;
    SnaState *ss = sna_state(st);
    const int *sw = ss->sw;
    int n = (int)st->v[F_SNA_LOOKUPS], i, start;
    Asm as, *a = &as;
    int kind;
    struct {
        int id;
        void (*fn)(Asm *, const int *, int);
        const char *name;
    } P[] = {
        { PROG_TP, build_tp, "tp" },
        { PROG_TP_XFER, build_tp_xfer, "tp_transfer" },
        { PROG_HS, build_hs, "hs_kproc" },
        { PROG_DLC, build_dlc, "dlc_kproc" },
        { PROG_INTERRUPT, build_interrupt, "interrupt" },
        { PROG_SWITCH_IN, build_switch_in, "switch_in" },
    };

    ss->sessions = (int)st->v[F_SNA_SESSIONS];
    for (i = 0; i < SW_COUNT; i++) ss->sw[i] = (int)st->v[F_SNA_LOCK_KIND + i];
    kind = sw[SW_LOCK_KIND] == SNA_SIMPLE ? LK_SPIN : sw[SW_LOCK_KIND] == SNA_HANDOFF ? LK_HANDOFF
                                                                                      : LK_WAKE_ALL;

    s->code = (Phase *)lab_alloc((int)(sizeof(Phase) * SNA_CODE_MAX));
    if (!s->code) return LAB_ERR_NOMEM;
    asm_init(a, s->code, SNA_CODE_MAX); /* fixed size: the programs point into it */
    for (i = 0; i < (int)(sizeof P / sizeof P[0]); i++) {
        start = asm_begin(a);
        P[i].fn(a, sw, n);
        s->prog[P[i].id].phase = s->code + start;
        s->prog[P[i].id].n = a->n - start;
        s->prog[P[i].id].name = P[i].name;
    }
    if (!asm_finish(a)) return LAB_ERR_NOMEM;

    /* Locks: SNA's own take the kind of sna.lock_kind; the kernel heap's and the DLC
     * driver's stay AIX simple locks whatever SNA does. */
    for (i = 0; i < SL_DLC0; i++)
        if (i != SL_HEAP) {
            st->lock[i].kind = (int8_t)kind;
            /* a blocking release pays the model's wake-up work (its price for what AIX's
             * e_wakeup does; the source gives none) for each sleeper it puts on the run
             * queue ("all suspended threads are placed on the run queue"): blocking_lock.c */
            st->lock[i].wake_cost = C_SNA_LOCK_WAKEUP;
        }
    if (!sw[SW_LINES]) { /* the pool locks side by side: one line  */
        for (i = 0; i < LAB_SNA_MAX_CPUS; i++) st->lock[SL_POOL0 + i].line = SL_POOL0;
        st->line[SL_POOL0].nlocks = LAB_SNA_MAX_CPUS;
        for (i = 1; i < LAB_SNA_MAX_CPUS; i++) st->line[SL_POOL0 + i].nlocks = 0;
    }

    /* Threads and their programs. */
    for (i = 0; i <= ss->sessions; i++) {
        Thread *tp = &s->thr[sna_role_thread(st, i, ROLE_TP)];
        Thread *hs = &s->thr[sna_role_thread(st, i, ROLE_HS)];
        tp->ctx.prog = i < ss->sessions ? PROG_TP : PROG_TP_XFER;
        tp->ctx.sess = i;
        hs->ctx.prog = PROG_HS;
        hs->ctx.sess = i;
        if (st->affinity == AFF_BIND_KPROCS) hs->bound = (int16_t)(i % st->ncpu);
    }
    for (i = 0; i < 2; i++) {
        Thread *dlc = &s->thr[2 * (ss->sessions + 1) + i];
        dlc->ctx.prog = PROG_DLC;
        dlc->ctx.sess = i ? ss->sessions : 0;
    }
    return LAB_OK;
}

/* ---- the phases, events and locks the engine hands to this kernel ---------------- */

static int64_t sna_exec(lab_Sim *s, int cpu, Ctx *x, const Phase *ph, int level, int *mode)
{
    State *st = s->st;
    SnaState *ss = sna_state(st);
    int64_t d;
    (void)level;
    switch (ph->op) {
    case OP_NEW_MBUF:
        x->job = engine_job_alloc(s, ph->a, x->thread, 0);
        assert(x->job >= 0);             /* sna_size gives every session room       */
        s->job[x->job].thread = x->sess; /* an mbuf belongs to a session            */
        x->pc++;
        return 0;
    case OP_ENQ: {
        int t = sna_role_thread(st, x->sess, ph->a);
        engine_list_push(s, &s->thr[t].work, x->job);
        x->job = -1;
        x->pc++;
        return 0;
    }
    case OP_POST: {
        int t = sna_role_thread(st, x->sess, ph->a);
        int woke = s->thr[t].state == T_WAIT_WORK;
        st->posts++;
        trace_emit(s, LAB_TRACE_POST, cpu, t, 0, woke);
        if (woke) make_ready(s, t);
        x->pc++;
        return 0;
    }
    case OP_WAIT_WORK: {
        Thread *th = &s->thr[x->thread];
        int j = engine_list_pop(s, &th->work);
        if (j < 0) {
            engine_block(s, cpu, T_WAIT_WORK, 4);
            return -1;
        }
        x->job = j;
        x->sess = s->job[j].thread;
        x->pc++;
        return 0;
    }
    case OP_FREE_MBUF:
        if (x->job >= 0) engine_job_free(s, x->job);
        x->job = -1;
        x->pc++;
        return 0;
    case OP_LINK_TX:
        sna_link_tx(s, x->job, cpu);
        x->job = -1;
        x->pc++;
        return 0;
    case OP_SEARCH:
        if (ss->sw[SW_SEARCH]) d = cost_sample(&st->rng, &st->cost[C_SNA_HASH_SEARCH]);
        else d = cost_sample(&st->rng, &st->cost[C_SNA_LIST_ENTRY]) *
                 (1 + (int64_t)(rng_next(&st->rng) % (uint64_t)(ss->sessions + 1)));
        *mode = ph->a;
        if (d <= 0) x->pc++;
        return d;
    case OP_PACE: {
        Thread *th = &s->thr[x->thread];
        int j;
        while ((j = engine_list_pop(s, &th->work)) >= 0) { /* pacing responses in */
            engine_job_free(s, j);
            th->inflight--;
            ss->xfer_bytes_acked += (uint64_t)st->v[F_SNA_RU_BYTES];
        }
        if (ph->a == 0 && th->inflight < (int)st->v[F_SNA_PACING]) {
            th->inflight++;
            x->pc++;
            return 0;
        }
        if (ph->a == 1 && th->inflight == 0) {
            x->pc++;
            return 0;
        }
        engine_block(s, cpu, T_WAIT_WORK, 5);
        return -1;
    }
    case OP_XFER_START:
        if (st->now < st->warmup) { /* measured after the warm-up */
            ev_push(s, st->warmup, EV_WAKE, -1, x->thread, 0);
            engine_block(s, cpu, T_SLEEPING, 0);
            return -1;
        }
        ss->xfer_start = st->now;
        /* RUs to send: up to sna.transfer_bytes / sna.ru_bytes (16 Mi / 256 = 65,536),
         * so the loop counter is 32 bits wide. */
        x->ctr = (int32_t)((st->v[F_SNA_TRANSFER_BYTES] + st->v[F_SNA_RU_BYTES] - 1) / st->v[F_SNA_RU_BYTES]);
        s->thr[x->thread].inflight = 0;
        x->pc++;
        return 0;
    case OP_XFER_DONE:
        ss->xfers_done++;
        ss->xfer_time_ns += (double)(st->now - ss->xfer_start);
        trace_emit(s, LAB_TRACE_TXN_DONE, cpu, x->thread, 1, (double)(st->now - ss->xfer_start));
        x->pc++;
        return 0;
    default:
        assert(0 && "not an SNA phase");
        x->pc++;
        return 0;
    }
}

/* A frame arrives from the partner: the DLC bottom half (an interrupt). */
static void sna_event(lab_Sim *s, const Event *e)
{
    assert(e->kind == EV_LINK_ARRIVE);
    engine_raise_interrupt(s, s->st->interrupt_cpu, e->a);
}

static int sna_lock_of(const lab_Sim *s, const Ctx *x, const Phase *ph, int cpu)
{
    (void)cpu;
    switch (ph->b) {
    case FAM_SESSION: return ph->a + x->sess % SNA_SESSION_LOCKS;
    case FAM_BUCKET: return ph->a + x->sess % SNA_BUCKETS;
    default: return ph->a + (x->sess == sna_state(s->st)->sessions); /* FAM_LINK */
    }
}

static int sna_jumps(int op)
{
    (void)op;
    return 0;
}

static void sna_reset(lab_Sim *s)
{
    SnaState *ss = sna_state(s->st);
    ss->xfers_done = ss->xfer_bytes_acked = 0;
    ss->xfer_time_ns = 0;
}

static int sna_check(lab_Scenario *sc)
{
    if (sc->v[F_CPUS] > LAB_SNA_MAX_CPUS)
        return scenario_fail(sc, LAB_ERR_INCONSISTENT, F_CPUS, sc->v[F_CPUS],
                             "is more CPUs than the SNA model has (the RS/6000 J30 had up to 8); use at most 8 with kernel.kind sna");
    return LAB_OK;
}

static const Mechanism SNA_MECHANISMS[];

static const MechanismUse SNA_USES[] = {
    { "spin-test-and-set", "sna.lock_kind=simple" }, { "block-wake-all", "sna.lock_kind=lockl" }, { "block-handoff", "sna.lock_kind=handoff" }, { "scheduler-run-queue", "" }, { "cache-line-transfer", "" }, { NULL, NULL }
};

/* Its programs are all written by sna_build. */
static const Kernel SNA = {
    .name = "sna",
    .nlock = SL_COUNT,
    .lock_names = SNA_LOCK_NAMES,
    .state_size = sizeof(SnaState),
    .size = sna_size,
    .check = sna_check,
    .build = sna_build,
    .reset = sna_reset,
    .exec = sna_exec,
    .event = sna_event,
    .lock_of = sna_lock_of,
    .jumps = sna_jumps,
    .report = sna_report,
    .metrics = { SNA_METRICS },
    .mechanisms = { SNA_MECHANISMS },
    .uses = { SNA_USES },
};

const Kernel *kernel_sna(void) { return &SNA; }

static const Mechanism SNA_MECHANISMS[] = {
    { "region-lock", "One region lock around the whole path",
      "sna: sna.granularity=region",
      MDOC("One Half Session lock covers the whole path through SNA, as the uniprocessor code did."),
      MDOC("SNA Server/6000 as first ported to AIX SMP (source 001).") },
    { "finer-lock-granularity", "Finer lock granularity",
      "sna: sna.granularity=data",
      MDOC("A lock per session's data, and the connection table under its own lock, instead of one region lock."),
      MDOC("SNA Server/6000's port: \"we refined locking granularity\" (source 001).") },
    { "copy-outside-lock", "Copy outside the critical section",
      "sna: sna.copy=outside_lock",
      MDOC("The TP's data is copied between user space and the mbuf before taking the lock (or after releasing it)."),
      MDOC("SNA Server/6000's port: shorter critical sections, the copy moved out (source 001).") },
    { "hash-table-search", "Hash table instead of a list",
      "sna: sna.search=hash",
      MDOC("The session is found in a hash table under the lock instead of by walking a linked list."),
      MDOC("SNA Server/6000's port: hash tables instead of lists (source 001).") },
    { "fewer-lock-calls", "Fewer lock calls (the mapping passed along)",
      "sna: sna.snaipcm=passed",
      MDOC("The MBUF_SNAIPCM mapping made when the mbuf arrives is passed along with it, instead of looked up through a hash table behind its own lock on every pass."),
      MDOC("SNA Server/6000's port: fewer lock calls (source 001).") },
    { "post-after-unlock", "Post after unlock",
      "sna: sna.post=after_unlock",
      MDOC("et_post of the next thread after releasing the lock it will need, so it does not wake into a held lock."),
      MDOC("SNA Server/6000's port: posting another thread while holding a lock, undone (source 001).") },
    { "private-memory-pools", "Private memory pools",
      "sna: sna.alloc=pool",
      MDOC("Each RU's memory from SNA's own pools of same-size chunks, one per CPU with its own lock, instead of xmalloc from the kernel heap behind a system lock."),
      MDOC("SNA Server/6000's port: private memory pools (source 001).") },
    { "bucket-locks", "A lock per hash bucket",
      "sna: sna.table_lock=buckets",
      MDOC("The connection table under a lock per hash bucket instead of one lock (with data locks)."),
      MDOC("Bucket locks, which the source describes and deferred (source 001).") },
    { NULL, NULL, NULL, NULL, NULL }
};
