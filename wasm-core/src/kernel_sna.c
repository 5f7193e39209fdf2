/*
 * kernel_sna.c -- SNA Server/6000 on an AIX 4.1 SMP, as programs of phases assembled
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
 *   lock_kind    lockl (blocking, wake all) | wake_one | simple (spin)
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
#include "program.h"

enum SnaLock {
    SL_REGION = 0, SL_TABLE, SL_BUCKET0,
    SL_SESSION0 = SL_BUCKET0 + SNA_BUCKETS,
    SL_SNAIPCM = SL_SESSION0 + SNA_SESSION_LOCKS,
    SL_HEAP, SL_POOL0,
    SL_DLC0 = SL_POOL0 + LAB_SNA_MAX_CPUS, SL_DLC1,
    SL_COUNT
};

static const char *const SNA_LOCK_NAMES[SL_COUNT] = {
    "hs_region", "session_table",
    "bucket[0]", "bucket[1]", "bucket[2]", "bucket[3]", "bucket[4]", "bucket[5]", "bucket[6]", "bucket[7]",
    "session[0]", "session[1]", "session[2]", "session[3]", "session[4]", "session[5]", "session[6]",
    "session[7]", "session[8]", "session[9]", "session[10]", "session[11]", "session[12]", "session[13]",
    "session[14]", "session[15]",
    "snaipcm_hash", "xmalloc_heap",
    "pool[0]", "pool[1]", "pool[2]", "pool[3]", "pool[4]", "pool[5]", "pool[6]", "pool[7]",
    "dlc[sessions]", "dlc[transfer]",
};

typedef char sna_lock_names_complete[(sizeof SNA_LOCK_NAMES / sizeof SNA_LOCK_NAMES[0]) == SL_COUNT ? 1 : -1];
typedef char sna_locks_fit[SL_COUNT <= LAB_MAX_LOCKS ? 1 : -1];

/* Threads: TPs 0..S (S is the measured transfer's), then their HS kprocs, then the
 * two DLC kprocs (the sessions' link, the transfer's token ring). */
int sna_role_thread(const State *st, int session, int role)
{
    int s1 = st->sessions + 1;
    switch (role) {
    case ROLE_TP: return session;
    case ROLE_HS: return s1 + session;
    default: return 2 * s1 + (session == st->sessions);
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

/* The measured transfer's response time and the sessions' round trips. */
static void sna_report(lab_Sim *s, JsonW *w, double secs)
{
    const State *st = s->st;
    jw_key(w, "sna"); jw_open(w, '{');
    jw_key(w, "transfers_completed"); jw_int(w, (int64_t)st->xfers_done);
    jw_key(w, "transfer_response_ns"); jw_fixed(w, st->xfers_done ? st->xfer_time_ns / (double)st->xfers_done : 0, 1);
    jw_key(w, "transfer_bytes_per_s"); jw_fixed(w, secs > 0 ? (double)st->xfer_bytes_acked / secs : 0, 1);
    jw_key(w, "round_trips_per_s"); jw_fixed(w, secs > 0 ? (double)st->txns / secs : 0, 1);
    jw_key(w, "round_trip_ns"); jw_fixed(w, st->txns ? st->txn_time_ns / (double)st->txns : 0, 1);
    jw_close(w, '}');
}

/* An RU leaves: the sessions' partner answers with data after its latency; the
 * transfer's token ring carries one RU at a time, and the partner paces it. */
void sna_link_tx(lab_Sim *s, int j, int cpu)
{
    State *st = s->st;
    Job *jb = &s->job[j];
    int64_t t = st->now;
    if (jb->thread == st->sessions) {
        int64_t wire = (int64_t)(st->v[F_SNA_RU_BYTES] * 8.0e9 / st->v[F_SNA_LINK_BPS] + 0.5);
        if (st->link_free_at < t) st->link_free_at = t;
        st->link_free_at += wire;
        t = st->link_free_at + cost_sample(&st->rng, &st->cost[C_SNA_PACING_LAT]);
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

#define OP(o, x)        asm_op2(a, o, x, 0)
#define WORK(mode, c)   asm_op2(a, OP_WORK, LAB_MODE_##mode, C_##c)
#define ACQ(lock, fam)  asm_op2(a, OP_ACQ, lock, fam)
#define REL(lock, fam)  asm_op2(a, OP_REL, lock, fam)
#define JUMP(op, x, l)  asm_op(a, op, x, l)

static void mem_op(Asm *a, const int *sw)      /* xmalloc or the CPU's pool: get or give back */
{
    if (sw[SW_ALLOC]) { ACQ(SL_POOL0, FAM_CPU); WORK(KERNEL, SNA_POOL_ALLOC); REL(SL_POOL0, FAM_CPU); }
    else { ACQ(SL_HEAP, FAM_NONE); WORK(KERNEL, SNA_XMALLOC); REL(SL_HEAP, FAM_NONE); }
}

static void lookups(Asm *a, const int *sw, int n)   /* MBUF_SNAIPCM(mbuf), n times */
{
    int i;
    if (sw[SW_SNAIPCM]) return;
    for (i = 0; i < n; i++) { ACQ(SL_SNAIPCM, FAM_NONE); WORK(KERNEL, SNA_LOOKUP); REL(SL_SNAIPCM, FAM_NONE); }
}

/* Finding the session: under the region lock (region), or under the table's lock. */
static void enter(Asm *a, const int *sw)
{
    if (sw[SW_LOCKING]) {
        if (sw[SW_TABLE_LOCK]) ACQ(SL_BUCKET0, FAM_BUCKET); else ACQ(SL_TABLE, FAM_NONE);
        OP(OP_SEARCH, LAB_MODE_KERNEL);
        if (sw[SW_TABLE_LOCK]) REL(SL_BUCKET0, FAM_BUCKET); else REL(SL_TABLE, FAM_NONE);
        ACQ(SL_SESSION0, FAM_SESSION);
    } else {
        ACQ(SL_REGION, FAM_NONE);
        OP(OP_SEARCH, LAB_MODE_KERNEL);
    }
}

static void leave(Asm *a, const int *sw)
{
    if (sw[SW_LOCKING]) REL(SL_SESSION0, FAM_SESSION); else REL(SL_REGION, FAM_NONE);
}

static void post(Asm *a, int role) { WORK(KERNEL, SNA_POST); OP(OP_POST, role); }

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

enum { L_TOP, L_RECV, L_LOOP, L_DRAIN };

static void build_tp(Asm *a, const int *sw, int n)
{
    asm_place(a, L_TOP);
    WORK(USER, SNA_TP_WORK);
    tp_write(a, sw, n);
    WORK(KERNEL, SYSCALL);                    /* read(): wait for the partner's answer */
    OP(OP_WAIT_WORK, 0);
    enter(a, sw);
    lookups(a, sw, n);
    if (!sw[SW_COPY]) OP(OP_COPY, LAB_MODE_KERNEL);
    leave(a, sw);
    if (sw[SW_COPY]) OP(OP_COPY, LAB_MODE_KERNEL);
    mem_op(a, sw);                            /* give the mbuf's snaipcm back          */
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
    OP(OP_PACE, 0);                           /* the pacing window must have room      */
    tp_write(a, sw, n);
    OP(OP_DEC_CTR, 0);
    JUMP(OP_JMP, 0, L_LOOP);
    asm_place(a, L_DRAIN);
    OP(OP_PACE, 1);                           /* every RU answered: the transfer is done */
    OP(OP_XFER_DONE, 0);
    JUMP(OP_JMP, 0, L_TOP);
}

static void build_hs(Asm *a, const int *sw, int n)
{
    asm_place(a, L_TOP);
    OP(OP_WAIT_WORK, 0);
    JUMP(OP_IF_JOB, JOB_SNA_SEND, L_RECV);
    enter(a, sw);                             /* transmission control                  */
    lookups(a, sw, n);
    WORK(KERNEL, SNA_HS_WORK);
    leave(a, sw);
    ACQ(SL_DLC0, FAM_LINK);                   /* the DLC device driver and the adapter */
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

static void build_dlc(Asm *a, const int *sw, int n)
{
    asm_place(a, L_TOP);
    OP(OP_WAIT_WORK, 0);
    ACQ(SL_DLC0, FAM_LINK);
    WORK(KERNEL, SNA_DLC_RECV);
    REL(SL_DLC0, FAM_LINK);
    enter(a, sw);                             /* the SNA bottom half: on to HS         */
    lookups(a, sw, n);
    hand_on(a, sw, ROLE_HS);
    JUMP(OP_JMP, 0, L_TOP);
}

static void build_interrupt(Asm *a, const int *sw, int n)   /* the DLC bottom half: on to the DLC kproc */
{
    (void)sw; (void)n;
    WORK(INTERRUPT, RX_INTERRUPT);
    OP(OP_ENQ, ROLE_DLC);
    OP(OP_POST, ROLE_DLC);
    OP(OP_END, 0);
}

/* AIX 4.1 dispatches without one global scheduler spinlock held for the whole switch
 * (unlike the OpenVMS SCHED lock of the other kernels), so the switch takes no lock. */
static void build_switch_in(Asm *a, const int *sw, int n)
{
    (void)sw; (void)n;
    WORK(CSWITCH, CONTEXT_SWITCH);
    OP(OP_MIGRATED, 0);
    OP(OP_RESUME, 0);
}

static const Phase NOTHING[] = { { OP_END, 0, 0 } };

#define SNA_CODE_MAX 1024

static int sna_build(lab_Sim *s)
{
    State *st = s->st;
    const int *sw = st->sna;
    int n = (int)st->v[F_SNA_LOOKUPS], i, start;
    Asm as, *a = &as;
    int kind = sw[SW_LOCK_KIND] == SNA_SIMPLE ? LK_SPIN : sw[SW_LOCK_KIND] == SNA_WAKE_ONE ? LK_WAKE_ONE : LK_WAKE_ALL;
    struct { int id; void (*fn)(Asm *, const int *, int); const char *name; } P[] = {
        { PROG_TP, build_tp, "tp" }, { PROG_TP_XFER, build_tp_xfer, "tp_transfer" },
        { PROG_HS, build_hs, "hs_kproc" }, { PROG_DLC, build_dlc, "dlc_kproc" },
        { PROG_INTERRUPT, build_interrupt, "interrupt" }, { PROG_SWITCH_IN, build_switch_in, "switch_in" },
    };

    s->code = (Phase *)lab_alloc((int)(sizeof(Phase) * SNA_CODE_MAX));
    if (!s->code) return LAB_ERR_NOMEM;
    asm_init(a, s->code, SNA_CODE_MAX);   /* fixed size: the programs point into it */
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
        if (i != SL_HEAP) st->lock[i].kind = (int8_t)kind;
    if (!sw[SW_LINES]) {                      /* the pool locks side by side: one line  */
        for (i = 0; i < LAB_SNA_MAX_CPUS; i++) st->lock[SL_POOL0 + i].line = SL_POOL0;
        st->line[SL_POOL0].nlocks = LAB_SNA_MAX_CPUS;
        for (i = 1; i < LAB_SNA_MAX_CPUS; i++) st->line[SL_POOL0 + i].nlocks = 0;
    }

    /* Threads and their programs. */
    for (i = 0; i <= st->sessions; i++) {
        Thread *tp = &s->thr[sna_role_thread(st, i, ROLE_TP)];
        Thread *hs = &s->thr[sna_role_thread(st, i, ROLE_HS)];
        tp->ctx.prog = i < st->sessions ? PROG_TP : PROG_TP_XFER;
        tp->ctx.sess = i;
        hs->ctx.prog = PROG_HS;
        hs->ctx.sess = i;
        if (st->affinity == AFF_BIND_KPROCS) hs->bound = (int16_t)(i % st->ncpu);
    }
    for (i = 0; i < 2; i++) {
        Thread *dlc = &s->thr[2 * (st->sessions + 1) + i];
        dlc->ctx.prog = PROG_DLC;
        dlc->ctx.sess = i ? st->sessions : 0;
    }
    return LAB_OK;
}

static const Kernel SNA = {
    "sna",
    { { NOTHING, 1, "process" }, { NOTHING, 1, "interrupt" }, { NOTHING, 1, "fork" }, { NOTHING, 1, "krp_drain" } },
    SL_COUNT, SNA_LOCK_NAMES,
    0,
    sna_size,
    sna_build,
    sna_report,
};

const Kernel *kernel_sna(void) { return &SNA; }
