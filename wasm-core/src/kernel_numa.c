/*
 * kernel_numa.c -- OpenVMS on an AlphaServer GS: a batch run of record I/O on RAM
 * disks and lock manager calls, placed in resource affinity domains (numa.c).
 *
 * Source: "OpenVMS AlphaServer GS Series Systems Performance" (Covert, 2002), Example 3:
 * a nightly run of analysis processes and one reporter over RMS indexed files held on
 * a RAM disk; heavy RAM disk I/O (15,000+ a second) and heavy locking (150,000
 * operations a second, high MP synchronization). On a 3-QBB GS160 it ran slower than
 * on a bus-based GS140, because 66% of the I/O crossed QBBs and the lock manager's
 * memory is in RAD 0.
 *
 * Each analysis process handles numa.records records; a record is user work (slower
 * when the process runs outside the RAD of its private memory), numa.io_per_record
 * RAM disk reads (a $QIO and a copy from the RAM disk's memory, local or remote), and
 * numa.locks_per_record lock manager operations, half before the reads and half
 * after. A lock operation is either
 *   ordinary:  the calling CPU takes the LCKMGR spinlock and writes the lock database,
 *              whose lines come from the cache of the CPU that did the last operation;
 *   dedicated: the caller queues a request packet and spins at IPL 2 for the status;
 *              the LCKMGR_SERVER process, with hard affinity to numa.lckmgr_cpu,
 *              serves the queue first come first served, the database always warm in
 *              its cache (the same pattern as the Scalable Kernel's designated CPU).
 * Devices: fibre disk completions (network.disk_io_per_s) and cluster or network
 * packets (network.background_rx_pps) interrupt machine.interrupt_cpu, the device's
 * preferred CPU; disk completions finish in an IPL 8 fork thread under I/O lock 8.
 *
 * The reporter does the run's final processing: it starts when the analysis processes
 * are done (when they have an end), and the run ends when it does.
 *
 * Threads: the LCKMGR_SERVER first when there is one (so it takes its CPU before
 * anything else can), then the analysis processes, then the reporter.
 */
#include "program.h"

enum NumaLock { NL_IOLOCK8 = LOCK_IOLOCK8, NL_SCHED = LOCK_SCHED, NL_LCKMGR, NL_COUNT };
static const char *const NUMA_LOCK_NAMES[NL_COUNT] = { "IOLOCK8", "SCHED", "LCKMGR" };

static int has_server(const double *v) { return v[F_NUMA_LOCK_MANAGER] == LCKMGR_DEDICATED; }
static int has_reporter(const double *v) { return v[F_NUMA_REPORTER_RECORDS] > 0; }

static void numa_size(const double *v, int *nthread, int *njob, int *events)
{
    *nthread = (int)v[F_PROCESSES] + has_reporter(v) + has_server(v);
    *njob = 2 * *nthread + 4 * (int)v[F_CPUS] + 4096;
    /* Every interrupt that preempts a phase leaves its stale end event in the heap until
     * that time passes: room for the busy adapters of a lock-heavy database node. */
    *events = 2 * *nthread + 8192;
}

/* ---- the phases that touch memory (engine.c calls these) ------------------------------ */

int64_t numa_ramdisk_read(lab_Sim *s, int cpu, int readwrite)
{
    State *st = s->st;
    double bytes = st->v[F_NUMA_IO_KB] * 1024.0;
    int ro = !readwrite && rng_unit(&st->rng) * 100.0 <= st->v[F_NUMA_READONLY_PCT];
    int where = ro ? (int)st->v[F_NUMA_RO_DATA] : st->v[F_NUMA_RW_DATA] ? DATA_STRIPED : DATA_ONE_RAD;
    int rad = where == DATA_PER_RAD ? rad_of(st, cpu)
            : where == DATA_STRIPED ? (int)(rng_next(&st->rng) % (uint64_t)st->rads)
            : (int)st->v[F_NUMA_DATA_RAD];
    st->ramdisk_io++;
    st->ramdisk_bytes += bytes;
    if (rad != rad_of(st, cpu)) st->ramdisk_cross_bytes += bytes;
    return numa_copy_ns(st, rad, cpu, bytes);
}

/* The lock database lives in RAD 0's memory; its lines are wherever the last lock
 * operation left them. */
int64_t numa_lockdb(lab_Sim *s, int cpu)
{
    State *st = s->st;
    int lines = (int)st->v[F_NUMA_LOCKDB_LINES], from = st->lockdb_owner, i;
    int64_t ns = 0;
    st->lock_ops++;
    st->lockdb_owner = cpu;
    if (from == cpu || lines == 0) return 0;
    if (from < 0) from = 0;
    for (i = 0; i < lines; i++) ns += numa_move_line(st, from, cpu, 0);
    return ns;
}

/* ---- programs ------------------------------------------------------------------------- */

#define OP(op, x) asm_op(a, op, x, -1)
#define JUMP(op, x, label) asm_op(a, op, x, label)
#define WORK(mode, cost) asm_op2(a, OP_WORK, LAB_MODE_##mode, C_##cost)

static void lock_op(Asm *a, int dedicated)
{
    if (dedicated) {
        WORK(KERNEL, NUMA_LOCK_REQUEST);
        OP(OP_LM_REQUEST, 0);
        return;
    }
    asm_op2(a, OP_ACQ, NL_LCKMGR, 0);
    OP(OP_LOCKDB, 0);
    WORK(KERNEL, NUMA_LOCK_OP);
    asm_op2(a, OP_REL, NL_LCKMGR, 0);
}

enum { L_TOP };

static void build_record_loop(Asm *a, const double *v, int readwrite)
{
    int locks = (int)v[F_NUMA_LOCKS_PER_RECORD], ios = (int)v[F_NUMA_IO_PER_RECORD], i;
    asm_place(a, L_TOP);
    OP(OP_RECORD, readwrite);
    OP(OP_THINK, 0);
    OP(OP_USER_NUMA, 0);
    for (i = 0; i < locks / 2; i++) lock_op(a, has_server(v));     /* $ENQ: lock the records */
    for (i = 0; i < ios; i++) {
        WORK(KERNEL, NUMA_IO);
        OP(OP_RAMDISK, readwrite);
    }
    for (i = locks / 2; i < locks; i++) lock_op(a, has_server(v)); /* $DEQ and the rest */
    OP(OP_TXN_DONE, 0);
    JUMP(OP_JMP, 0, L_TOP);
}

static void build_server(Asm *a)
{
    asm_place(a, L_TOP);
    OP(OP_LM_NEXT, 0);
    OP(OP_LOCKDB, 0);
    WORK(KERNEL, NUMA_LOCK_OP);
    OP(OP_LM_DONE, 0);
    JUMP(OP_JMP, 0, L_TOP);
}

static const Phase INTERRUPT[] = {
    /* 0 */ W(INTERRUPT, RX_INTERRUPT),       /* the device's interrupt service       */
    /* 1 */ PAB(OP_IF_JOB, JOB_DISK, 3),
    /* 2 */ P(OP_FORK_QUEUE),                 /* disk completion: on to a fork thread */
    /* 3 */ P(OP_END),
};

static const Phase FORK[] = {
    /* 0 */ W(FORK, FORK_DISPATCH),
    /* 1 */ PA(OP_ACQ, NL_IOLOCK8),
    /* 2 */ W(FORK, DISK_KERNEL),
    /* 3 */ PA(OP_REL, NL_IOLOCK8),
    /* 4 */ P(OP_END),
};

#define NUMA_CODE_MAX 1024

/* The k-th CPU a process may be bound to, round robin, leaving out the lock manager's. */
static int nth_cpu(const State *st, int k)
{
    int usable = st->ncpu - (st->lckmgr_cpu >= 0), c = k % usable;
    return st->lckmgr_cpu >= 0 && c >= st->lckmgr_cpu ? c + 1 : c;
}

static void place(State *st, Thread *t, int k)
{
    switch ((int)st->v[F_NUMA_PLACEMENT]) {
    case PLACE_HOME_RAD: t->home_rad = (int8_t)(k % st->rads); t->mem_rad = t->home_rad; break;
    case PLACE_CPU_AFFINITY: t->bound = (int16_t)nth_cpu(st, k); t->mem_rad = (int8_t)rad_of(st, t->bound); break;
    default: t->mem_rad = (int8_t)(k % st->rads); break;
    }
}

static int numa_build(lab_Sim *s)
{
    State *st = s->st;
    const double *v = st->v;
    int nproc = (int)v[F_PROCESSES], first = has_server(v), i, start, c;
    Asm as, *a = &as;

    if (has_server(v)) {
        st->lckmgr_cpu = (int)v[F_NUMA_LCKMGR_CPU];
        if (st->lckmgr_cpu < 0)
            for (c = 0; c < st->ncpu; c++)
                if (rad_of(st, c) == (int)v[F_NUMA_DATA_RAD]) st->lckmgr_cpu = c;
    }
    st->watched_lock = NL_LCKMGR;

    s->code = (Phase *)lab_alloc((int)(sizeof(Phase) * NUMA_CODE_MAX));
    if (!s->code) return LAB_ERR_NOMEM;
    asm_init(a, s->code, NUMA_CODE_MAX);
    start = asm_begin(a); build_record_loop(a, v, 0);
    s->prog[PROG_PROCESS].phase = s->code + start; s->prog[PROG_PROCESS].n = a->n - start;
    start = asm_begin(a); build_record_loop(a, v, 1);
    s->prog[PROG_REPORTER].phase = s->code + start; s->prog[PROG_REPORTER].n = a->n - start;
    s->prog[PROG_REPORTER].name = "reporter";
    start = asm_begin(a); build_server(a);
    s->prog[PROG_LCKMGR].phase = s->code + start; s->prog[PROG_LCKMGR].n = a->n - start;
    s->prog[PROG_LCKMGR].name = "lckmgr_server";
    if (!asm_finish(a)) return LAB_ERR_NOMEM;

    if (has_server(v)) {
        Thread *srv = &s->thr[0];
        srv->ctx.prog = PROG_LCKMGR;
        srv->bound = (int16_t)st->lckmgr_cpu;
        srv->mem_rad = (int8_t)rad_of(st, st->lckmgr_cpu);
    }
    for (i = 0; i < nproc; i++) {
        Thread *t = &s->thr[first + i];
        place(st, t, i);
        t->records_left = v[F_NUMA_RECORDS] > 0 ? (int32_t)v[F_NUMA_RECORDS] : -1;
        if (t->records_left > 0) { st->runners++; st->analysis_left++; }
    }
    if (has_reporter(v)) {
        Thread *t = &s->thr[first + nproc];
        t->ctx.prog = PROG_REPORTER;
        if (v[F_NUMA_REPORTER_CPU] >= 0) {
            t->bound = (int16_t)v[F_NUMA_REPORTER_CPU];
            t->mem_rad = (int8_t)rad_of(st, t->bound);
        } else place(st, t, nproc);
        t->records_left = (int32_t)v[F_NUMA_REPORTER_RECORDS];
        st->runners++;
    }
    return LAB_OK;
}

/* The run's own figures: its pace, its runtime, where its I/O went. */
static void numa_run_report(lab_Sim *s, JsonW *w, double secs)
{
    const State *st = s->st;
    double scale = st->v[F_NUMA_RUN_SCALE];
    jw_key(w, "numa_run"); jw_open(w, '{');
    jw_key(w, "records_per_s"); jw_fixed(w, secs > 0 ? (double)st->txns / secs : 0, 1);
    jw_key(w, "records_done"); jw_int(w, (int64_t)st->txns);
    jw_key(w, "lock_ops_per_s"); jw_fixed(w, secs > 0 ? (double)st->lock_ops / secs : 0, 1);
    jw_key(w, "ramdisk_io_per_s"); jw_fixed(w, secs > 0 ? (double)st->ramdisk_io / secs : 0, 1);
    jw_key(w, "ramdisk_cross_rad_pct");
    jw_fixed(w, st->ramdisk_bytes > 0 ? 100.0 * st->ramdisk_cross_bytes / st->ramdisk_bytes : 0, 2);
    jw_key(w, "lckmgr_cpu"); jw_int(w, st->lckmgr_cpu);
    jw_key(w, "lckmgr_mean_wait_ns"); jw_fixed(w, st->lm_served ? st->lm_wait_ns / (double)st->lm_served : 0, 1);
    jw_key(w, "finished"); jw_raw(w, st->run_done_at >= 0 ? "true" : "false");
    jw_key(w, "runtime_ns"); if (st->run_done_at >= 0) jw_int(w, st->run_done_at); else jw_raw(w, "null");
    jw_key(w, "runtime_minutes");
    if (st->run_done_at >= 0) jw_fixed(w, (double)st->run_done_at * scale / 60.0e9, 2); else jw_raw(w, "null");
    jw_key(w, "runners_left"); jw_int(w, st->runners);
    jw_close(w, '}');
}

static const Phase NOTHING[] = { { OP_END, 0, 0 } };

static const Kernel NUMA = {
    "numa",
    { { NOTHING, 1, "process" }, PROGRAM("interrupt", INTERRUPT), PROGRAM("fork", FORK), { NOTHING, 1, "krp_drain" },
      SWITCH_IN_PROGRAM },
    NL_COUNT, NUMA_LOCK_NAMES,
    1,
    numa_size,
    numa_build,
    numa_run_report,
};

const Kernel *kernel_numa(void) { return &NUMA; }
