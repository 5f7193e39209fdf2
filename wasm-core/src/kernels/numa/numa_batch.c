/*
 * numa_batch.c -- OpenVMS on an AlphaServer GS: a batch run of record I/O on RAM
 * disks and lock manager calls, placed in resource affinity domains (model/machine.c).
 *
 * Source: "OpenVMS AlphaServer GS Series Systems Performance" (Covert, 2002), Example 3:
 * a nightly run of analysis processes and one reporter over RMS indexed files held on
 * a RAM disk; heavy RAM disk I/O (15,000+ a second) and heavy locking (150,000
 * operations a second, high MP synchronization). On a 3-QBB GS160 it ran slower than
 * on the GS140, because 66% of the I/O crossed QBBs and the lock manager's
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
 *              its cache (synchronous delegation: the caller waits for the answer,
 *              where the Scalable Kernel's callers post their KRPs and go on).
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
#include <assert.h>
#include "numa.h"


enum NumaLock { NL_IOLOCK8 = LOCK_IOLOCK8,
                NL_SCHED = LOCK_SCHED,
                NL_LCKMGR,
                NL_COUNT };
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

/* ---- the phases that touch memory ---------------------------------------------------- */

static int64_t numa_ramdisk_read(lab_Sim *s, int cpu, int readwrite)
{
    State *st = s->st;
    NumaState *ns = numa_state(st);
    double bytes = st->v[F_NUMA_IO_KB] * 1024.0;
    int ro = !readwrite && rng_unit(&st->rng) * 100.0 <= st->v[F_NUMA_READONLY_PCT];
    int where = ro ? (int)st->v[F_NUMA_RO_DATA] : st->v[F_NUMA_RW_DATA] ? DATA_STRIPED
                                                                        : DATA_ONE_RAD;
    int rad = where == DATA_PER_RAD   ? rad_of(st, cpu)
              : where == DATA_STRIPED ? (int)(rng_next(&st->rng) % (uint64_t)st->rads)
                                      : (int)st->v[F_NUMA_DATA_RAD];
    ns->ramdisk_io++;
    ns->ramdisk_bytes += bytes;
    if (rad != rad_of(st, cpu)) ns->ramdisk_cross_bytes += bytes;
    return rad_copy_ns(st, rad, cpu, bytes);
}

/* The lock database lives in RAD 0's memory; its lines are wherever the last lock
 * operation left them. */
static int64_t numa_lockdb(lab_Sim *s, int cpu)
{
    State *st = s->st;
    NumaState *ns = numa_state(st);
    int lines = (int)st->v[F_NUMA_LOCKDB_LINES], from = ns->lockdb_owner, i;
    int64_t nsec = 0;
    ns->lock_ops++;
    ns->lockdb_owner = cpu;
    if (from == cpu || lines == 0) return 0;
    if (from < 0) from = 0;
    for (i = 0; i < lines; i++) nsec += rad_move_line(st, from, cpu, 0);
    return nsec;
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
    for (i = 0; i < locks / 2; i++) lock_op(a, has_server(v)); /* $ENQ: lock the records */
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
    /* 0 */ W(INTERRUPT, RX_INTERRUPT), /* the device's interrupt service       */
    /* 1 */ PAB(OP_IF_JOB, JOB_DISK, 3),
    /* 2 */ P(OP_FORK_QUEUE), /* disk completion: on to a fork thread */
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
    const NumaState *ns = numa_state(st);
    int usable = st->ncpu - (ns->lckmgr_cpu >= 0), c = k % usable;
    return ns->lckmgr_cpu >= 0 && c >= ns->lckmgr_cpu ? c + 1 : c;
}

static void place(State *st, Thread *t, int k)
{
    NumaThread *nt = numa_thread(t);
    switch ((int)st->v[F_NUMA_PLACEMENT]) {
    case PLACE_HOME_RAD:
        t->home_rad = (int8_t)(k % st->rads);
        nt->mem_rad = t->home_rad;
        break;
    case PLACE_CPU_AFFINITY:
        t->bound = (int16_t)nth_cpu(st, k);
        nt->mem_rad = (int8_t)rad_of(st, t->bound);
        break;
    default: nt->mem_rad = (int8_t)(k % st->rads); break;
    }
}

static int numa_build(lab_Sim *s)
{
    State *st = s->st;
    NumaState *ns = numa_state(st);
    const double *v = st->v;
    int nproc = (int)v[F_PROCESSES], first = has_server(v), i, start, c;
    Asm as, *a = &as;

    vms_init(s);
    ns->lockdb_owner = -1;
    ns->lm_q.head = ns->lm_q.tail = -1;
    ns->lckmgr_cpu = -1;
    ns->run_done_at = -1;
    ns->reporter_waiting = -1;
    for (i = 0; i < st->nthread; i++) numa_thread(&s->thr[i])->records_left = -1;
    if (has_server(v)) {
        ns->lckmgr_cpu = (int)v[F_NUMA_LCKMGR_CPU];
        if (ns->lckmgr_cpu < 0)
            for (c = 0; c < st->ncpu; c++)
                if (rad_of(st, c) == (int)v[F_NUMA_DATA_RAD]) ns->lckmgr_cpu = c;
    }
    st->watched_lock = NL_LCKMGR;

    s->code = (Phase *)lab_alloc((int)(sizeof(Phase) * NUMA_CODE_MAX));
    if (!s->code) return LAB_ERR_NOMEM;
    asm_init(a, s->code, NUMA_CODE_MAX);
    start = asm_begin(a);
    build_record_loop(a, v, 0);
    s->prog[PROG_PROCESS].phase = s->code + start;
    s->prog[PROG_PROCESS].n = a->n - start;
    s->prog[PROG_PROCESS].name = "process";
    start = asm_begin(a);
    build_record_loop(a, v, 1);
    s->prog[PROG_REPORTER].phase = s->code + start;
    s->prog[PROG_REPORTER].n = a->n - start;
    s->prog[PROG_REPORTER].name = "reporter";
    start = asm_begin(a);
    build_server(a);
    s->prog[PROG_LCKMGR].phase = s->code + start;
    s->prog[PROG_LCKMGR].n = a->n - start;
    s->prog[PROG_LCKMGR].name = "lckmgr_server";
    if (!asm_finish(a)) return LAB_ERR_NOMEM;

    if (has_server(v)) {
        Thread *srv = &s->thr[0];
        srv->ctx.prog = PROG_LCKMGR;
        srv->bound = (int16_t)ns->lckmgr_cpu;
        numa_thread(srv)->mem_rad = (int8_t)rad_of(st, ns->lckmgr_cpu);
    }
    for (i = 0; i < nproc; i++) {
        Thread *t = &s->thr[first + i];
        place(st, t, i);
        numa_thread(t)->records_left = v[F_NUMA_RECORDS] > 0 ? (int32_t)v[F_NUMA_RECORDS] : -1;
        if (numa_thread(t)->records_left > 0) {
            ns->runners++;
            ns->analysis_left++;
        }
    }
    if (has_reporter(v)) {
        Thread *t = &s->thr[first + nproc];
        t->ctx.prog = PROG_REPORTER;
        if (v[F_NUMA_REPORTER_CPU] >= 0) {
            t->bound = (int16_t)v[F_NUMA_REPORTER_CPU];
            numa_thread(t)->mem_rad = (int8_t)rad_of(st, t->bound);
        } else place(st, t, nproc);
        numa_thread(t)->records_left = (int32_t)v[F_NUMA_REPORTER_RECORDS];
        ns->runners++;
    }
    return LAB_OK;
}

static const MetricDesc NUMA_RUN_METRICS[] = {
    { "numa_run.records_per_s", "number", "/s", 1, "Records" },
    { "numa_run.records_done", "integer", "records", 1, "Records done" },
    { "numa_run.lock_ops_per_s", "number", "/s", 0, "Lock manager operations" },
    { "numa_run.ramdisk_io_per_s", "number", "/s", 1, "RAM disk I/O" },
    { "numa_run.ramdisk_cross_rad_pct", "number", "%", -1, "RAM disk bytes read across RADs" },
    { "numa_run.lckmgr_cpu", "integer", "", 0, "The dedicated lock manager's CPU (-1: none)" },
    { "numa_run.lckmgr_mean_wait_ns", "number", "ns", -1, "Lock request wait at the dedicated lock manager (mean)" },
    { "numa_run.finished", "boolean", "", 0, "The run finished" },
    { "numa_run.runtime_ns", "integer|null", "ns", -1, "Run time (simulated)" },
    { "numa_run.runtime_minutes", "number|null", "min", -1, "Run time, scaled to the real run" },
    { "numa_run.runners_left", "integer", "processes", 0, "Processes still running" },
    { NULL, NULL, NULL, 0, NULL }
};

/* The run's own figures: its pace, its runtime, where its I/O went. */
static void numa_run_report(lab_Sim *s, JsonW *w, double secs)
{
    const State *st = s->st;
    const NumaState *ns = numa_state(st);
    double scale = st->v[F_NUMA_RUN_SCALE];
    jw_key(w, "numa_run");
    jw_open(w, '{');
    jw_key(w, "records_per_s");
    jw_fixed(w, secs > 0 ? (double)st->txns / secs : 0, 1);
    jw_key(w, "records_done");
    jw_int(w, (int64_t)st->txns);
    jw_key(w, "lock_ops_per_s");
    jw_fixed(w, secs > 0 ? (double)ns->lock_ops / secs : 0, 1);
    jw_key(w, "ramdisk_io_per_s");
    jw_fixed(w, secs > 0 ? (double)ns->ramdisk_io / secs : 0, 1);
    jw_key(w, "ramdisk_cross_rad_pct");
    jw_fixed(w, ns->ramdisk_bytes > 0 ? 100.0 * ns->ramdisk_cross_bytes / ns->ramdisk_bytes : 0, 2);
    jw_key(w, "lckmgr_cpu");
    jw_int(w, ns->lckmgr_cpu);
    jw_key(w, "lckmgr_mean_wait_ns");
    jw_fixed(w, ns->lm_served ? ns->lm_wait_ns / (double)ns->lm_served : 0, 1);
    jw_key(w, "finished");
    jw_raw(w, ns->run_done_at >= 0 ? "true" : "false");
    jw_key(w, "runtime_ns");
    if (ns->run_done_at >= 0) jw_int(w, ns->run_done_at);
    else jw_raw(w, "null");
    jw_key(w, "runtime_minutes");
    if (ns->run_done_at >= 0) jw_fixed(w, (double)ns->run_done_at * scale / 60.0e9, 2);
    else jw_raw(w, "null");
    jw_key(w, "runners_left");
    jw_int(w, ns->runners);
    jw_close(w, '}');
}

static int64_t numa_exec(lab_Sim *s, int cpu, Ctx *x, const Phase *ph, int level, int *mode)
{
    State *st = s->st;
    NumaState *ns = numa_state(st);
    int64_t d = 0;
    switch (ph->op) {
    case OP_RECORD: {
        NumaThread *th = numa_thread(&s->thr[x->thread]);
        if (ph->a == 1 && ns->analysis_left > 0) { /* the reporter's final processing */
            ns->reporter_waiting = x->thread;      /* waits for the analysis */
            engine_block(s, cpu, T_SLEEPING, 0);
            return -1;
        }
        if (th->records_left == 0) {  /* its part of the run is done */
            if (--ns->runners == 0) { /* the run is over: so is the simulation */
                ns->run_done_at = st->now;
                st->end = st->now;
            }
            if (ph->a == 0 && --ns->analysis_left == 0 && ns->reporter_waiting >= 0) {
                make_ready(s, ns->reporter_waiting);
                ns->reporter_waiting = -1;
            }
            trace_emit(s, LAB_TRACE_TXN_DONE, cpu, x->thread, 2, 0);
            engine_block(s, cpu, T_SLEEPING, 0); /* for good */
            return -1;
        }
        if (th->records_left > 0) th->records_left--;
        x->pc++;
        return 0;
    }
    case OP_USER_NUMA: {
        const NumaThread *th = numa_thread(&s->thr[x->thread]);
        d = cost_sample(&st->rng, &st->cost[C_USER_WORK]);
        if (rad_of(st, cpu) != th->mem_rad && st->v[F_MEM_LOCAL] > 0)
            d += lab_i64((double)d * st->v[F_NUMA_USER_MEMORY_PCT] / 100.0 *
                         (st->v[F_MEM_REMOTE] / st->v[F_MEM_LOCAL] - 1.0)); /* a tiny local cost: huge */
        *mode = LAB_MODE_USER;
        break;
    }
    case OP_RAMDISK:
        d = numa_ramdisk_read(s, cpu, ph->a);
        *mode = LAB_MODE_KERNEL;
        break;
    case OP_LOCKDB:
        d = numa_lockdb(s, cpu);
        *mode = engine_kernel_mode(level);
        break;
    case OP_LM_REQUEST: {
        int j = engine_job_alloc(s, JOB_LM_REQUEST, x->thread, 0);
        assert(j >= 0); /* one request per process at most */
        s->job[j].t_enq = st->now;
        ev_push(s, st->now + rad_move_line(st, cpu, ns->lckmgr_cpu, 0), EV_LM_ARRIVE, ns->lckmgr_cpu, j, 0);
        x->state = CTX_AWAIT;      /* EV_LM_DONE moves it on */
        x->mode = LAB_MODE_KERNEL; /* the engine charges the wait to it */
        return -1;
    }
    case OP_LM_NEXT: {
        int j;
        if (x->job >= 0) {
            engine_job_free(s, x->job);
            x->job = -1;
        }
        j = engine_list_pop(s, &ns->lm_q);
        if (j < 0) {              /* poll: the CPU is the lock manager's */
            x->state = CTX_AWAIT; /* EV_LM_ARRIVE wakes it */
            x->mode = LAB_MODE_KERNEL;
            return -1;
        }
        ns->lm_wait_ns += (double)(st->now - s->job[j].t_enq);
        ns->lm_served++;
        x->job = j;
        x->pc++;
        return 0;
    }
    case OP_LM_DONE: {
        int t = s->job[x->job].thread;
        ev_push(s, st->now + rad_move_line(st, cpu, s->thr[t].cpu, 0), EV_LM_DONE, s->thr[t].cpu, t, 0);
        x->pc++;
        return 0;
    }
    default:
        assert(0 && "not a numa phase");
        x->pc++;
        return 0;
    }
    if (d <= 0) x->pc++;
    return d;
}

/* A request reaches the LCKMGR_SERVER's CPU; the status reaches the requester's. */
static void numa_event(lab_Sim *s, const Event *e)
{
    NumaState *ns = numa_state(s->st);
    Ctx *x;
    switch (e->kind) {
    case EV_LM_ARRIVE:
        x = &s->thr[s->cpu[e->cpu].proc].ctx; /* the LCKMGR_SERVER, bound to its CPU */
        engine_list_push(s, &ns->lm_q, e->a);
        if (x->state == CTX_AWAIT) { /* polling an empty queue */
            x->state = CTX_READY;    /* runs OP_LM_NEXT again */
            engine_kick(s, e->cpu);
        }
        break;
    case EV_LM_DONE:
        x = &s->thr[e->a].ctx;
        assert(x->state == CTX_AWAIT && s->thr[e->a].cpu == e->cpu);
        x->state = CTX_READY;
        x->pc++;
        engine_kick(s, e->cpu);
        break;
    default:
        vms_event(s, e); /* the OpenVMS devices */
    }
}

static void numa_reset(lab_Sim *s)
{
    NumaState *ns = numa_state(s->st);
    ns->ramdisk_io = ns->lock_ops = ns->lm_served = 0;
    ns->ramdisk_bytes = ns->ramdisk_cross_bytes = ns->lm_wait_ns = 0;
}

static int numa_jumps(int op) { return vms_jumps(op); }

static int numa_check(lab_Scenario *sc)
{
    const double *v = sc->v;
    /* (numa.data_rad, reporter_cpu and lckmgr_cpu name a RAD or a CPU: model/validate.c
     * checks those for every kernel.) */
    if (v[F_NUMA_LOCK_MANAGER] == LCKMGR_DEDICATED && v[F_CPUS] < 2)
        return scenario_fail(sc, LAB_ERR_INCONSISTENT, F_NUMA_LOCK_MANAGER, v[F_NUMA_LOCK_MANAGER],
                             "needs a CPU of its own: use at least 2 CPUs, or the ordinary lock manager");
    return LAB_OK;
}


static const Mechanism NUMA_MECHANISMS[] = {
    { "home-rad", "Home RAD placement",
      "numa: numa.placement=home_rad",
      MDOC("Each process has a home RAD: only that RAD's CPUs run it and its private memory is there, so its user work and copies stay local."),
      MDOC("OpenVMS V7.2-1H1's NUMA support: \"Process is scheduled in a RAD\", \"Process Private memory allocated from the RAD\", SET PROCESS/RAD=HOME (source 004).") },
    { "hard-cpu-affinity", "Hard CPU affinity",
      "numa: numa.placement=cpu_affinity; numa: numa.reporter_cpu>-1",
      MDOC("A process runs on one CPU only: its cache stays warm, but no other CPU will run it when that one is busy."),
      MDOC("OpenVMS SET PROCESS/AFFINITY; Example 3's \"Use Hard Affinity, Reporter in QBB 0\" (source 004).") },
    { "ramdisk-per-rad", "A RAM disk per QBB for read-only data",
      "numa: numa.ro_data=per_rad",
      MDOC("The read-only data has a copy in every RAD's memory, so every read of it is local."),
      MDOC("Example 3's \"Ramdisk per QBB for Read Only data\" (source 004).") },
    { "memory-striping", "Memory striped over the RADs",
      "numa: numa.ro_data=striped; numa: numa.rw_data=striped",
      MDOC("Pages are spread over every RAD's memory, so a read is local in one case of n and no RAD's memory is the hot spot."),
      MDOC("OpenVMS on the GS series: memory placement and striping (source 004, \"where code, data and I/O live\").") },
    { NULL, NULL, NULL, NULL, NULL }
};

/* The dedicated lock manager: synchronous delegation to its CPU. */
static const MechanismUse NUMA_USES[] = { { "delegation-synchronous", "numa.lock_manager=dedicated" }, { NULL, NULL } };

static const Kernel NUMA = {
    .name = "numa",
    .prog = { [PROG_INTERRUPT] = PROGRAM("interrupt", INTERRUPT), [PROG_FORK] = PROGRAM("fork", FORK), [PROG_SWITCH_IN] = SWITCH_IN_PROGRAM }, /* and the ones numa_build writes */
    .nlock = NL_COUNT,
    .lock_names = NUMA_LOCK_NAMES,
    .state_size = sizeof(NumaState),
    .size = numa_size,
    .check = numa_check,
    .build = numa_build,
    .start = vms_start,
    .reset = numa_reset,
    .exec = numa_exec,
    .event = numa_event,
    .jumps = numa_jumps,
    .report = numa_run_report,
    .metrics = { NUMA_RUN_METRICS },
    .report_rads = 1,
    .mechanisms = { VMS_MECHANISMS, NUMA_MECHANISMS },
    .uses = { VMS_USES, NUMA_USES },
};

const Kernel *kernel_numa(void) { return &NUMA; }
