/*
 * service.c -- a service under a lock: the generic kernel of the capstone.
 *
 * Not one of the five sources' systems, but the pattern they all share: N CPUs each
 * doing some work of their own (service.think), then a request that needs the same
 * critical-section work (service.critical) on shared state. The state is
 * service.state_lines cache lines. service.discipline says how the CPUs share it;
 * every discipline pays only what the engine's machine charges (cache-line
 * transfers, RAD distances, context switches, the designated CPU's queue), so with
 * the same critical section and the same request rate they are directly comparable.
 *
 *   tas, ticket, mcs      spin on one lock (spinlock.c prices the handoff: a
 *                         test-and-set or ticket handoff grows with the spinners, a
 *                         queue lock's is one transfer). The holder pulls the state's
 *                         lines from the previous holder's cache.
 *   wake_all, wake_one,   block on one lock (blocking_lock.c): every sleeper wakes
 *   handoff               (the herd of the SNA source), one wakes and retries while
 *                         the lock stays free (a futex mutex), or one wakes holding
 *                         the lock (direct handoff). A sleeping CPU idles; a woken
 *                         thread pays a context switch to run again.
 *   delegate              one server CPU (kernel.designated_cpu) runs every request
 *                         from the engine's request queue: synchronous delegation
 *                         (service.requests wait) as the NUMA source's dedicated lock
 *                         manager runs every lock request, or posted (post) as the
 *                         Scalable Kernel's designated CPU runs every KRP. The state stays
 *                         in the server's cache; reading a request's line and sending
 *                         the reply are one transfer each. A requester busy-waits for
 *                         its reply (service.requests wait) or goes on (post).
 *   combine               whoever finds the lock free becomes the combiner: it runs
 *                         its own request and then every request queued while it held
 *                         the lock, each one's record a transfer away, before it lets
 *                         go (OpenOnload's deferred work; flat combining, Hendler,
 *                         Incze, Shavit and Tzafrir, SPAA 2010). The others queue and
 *                         busy-wait for the combiner's reply.
 *   partition             each CPU has its own state and runs its own flows' requests
 *                         with no lock and no transfer, as an RSS NIC steers each
 *                         flow to one queue and one CPU; service.elephant_pct of all
 *                         requests are one flow, hashed to CPU 0: a CPU whose request
 *                         is the elephant's sends it to CPU 0, where it runs in an
 *                         interrupt, and waits for the reply.
 *
 * The model's choices (docs/model.md): one thread per CPU, bound to it; waiting for a
 * reply is charged to kernel mode (the CPU is busy but does no work, as the NUMA
 * source's lock manager callers are); a request's response time runs from the end of
 * its think work to the end of its critical section.
 */
#include <assert.h>
#include "model/kernel_api.h"

enum { SVL_STATE,
       SVL_COUNT };
static const char *const SVC_LOCK_NAMES[SVL_COUNT] = { "STATE_LOCK" };

enum { OP_SVC_BEGIN = OP_KERNEL_BASE,
       OP_SVC_STATE,
       OP_SVC_END,
       OP_SVC_POST,
       OP_SVC_FETCH,
       OP_SVC_REPLY,
       OP_COMB_ENTER,
       OP_COMB_NEXT,
       OP_COMB_RELEASE,
       OP_PART_STEER,
       OP_SVC_NEXT };
enum { EV_SVC_REPLY = EV_KERNEL_BASE,
       EV_SVC_STEER,
       EV_SVC_COMBINER };
enum { JOB_SVC_REQUEST = 1,
       JOB_SVC_SERVER = 2 };
enum { PROG_SVC_SERVER = PROG_KERNEL_BASE };

/* delegate: the server CPU's queue of requests. It keeps the name of the Scalable
 * Kernel's queue, whose posted delegation it is (the report, the views and the lessons
 * read one queue by that name). */
enum { SVC_QUEUE = 0 };
static const QueueDesc SVC_QUEUES[] = {
    { "krp_queue", "krps_per_s", "Queued", PROG_SVC_SERVER, JOB_SVC_SERVER, "krp_queue", "krp_start" },
    { NULL, NULL, NULL, 0, 0, NULL, NULL }
};
/* delegate: the server CPU (kernel.designated_cpu), by the role and name of the Scalable
 * Kernel's designated CPU, for the same reason. */
enum { SVC_SERVER_CPU = 0 };
static const CpuRole SVC_ROLES[] = {
    { "designated_cpu", F_DESIGNATED_CPU, "Designated CPU", "Designated CPU busy in kernel context",
      "Designated CPU spinning" },
    { NULL, 0, NULL, NULL, NULL }
};

typedef struct SvcState {
    int discipline, post;
    int state_owner;     /* CPU whose cache holds the shared state's lines        */
    int comb_line_owner; /* combine: the CPU that last wrote the lock word         */
    JobList comb_q;      /* combine: requests queued for the combiner              */
    int comb_left;       /* combine: requests of others this pass may still run    */
    int32_t inflight;    /* requests issued and not finished (never reset)         */
    uint64_t issued, done, dropped, state_transfers, record_transfers, reply_transfers;
    uint64_t comb_passes, combined, elephant;
    double resp_ns, wait_ns; /* response time; time requesters spent waiting for a reply */
} SvcState;
static inline SvcState *svc_state(const State *st) { return (SvcState *)lab_kstate(st); }

typedef struct SvcThread {
    int64_t t_req, wait_start;
} SvcThread;
LAB_KSLOT_CHECK(SvcThread);
static inline SvcThread *svc_thread(Thread *t) { return (SvcThread *)t->kslot.bytes; }

static int is_spin(int d) { return d <= SVC_MCS; }
static int is_block(int d) { return d >= SVC_WAKE_ALL && d <= SVC_HANDOFF; }

static void svc_size(const double *v, int *nthread, int *njob, int *events)
{
    int n = (int)v[F_CPUS];
    *nthread = (int)v[F_SVC_DISCIPLINE] == SVC_DELEGATE ? n - 1 : n;
    /* post: requests wait in the server's queue; a full pool drops them (counted). */
    *njob = 4 * n + ((int)v[F_SVC_REQUESTS] == SVC_POST ? 65536 : 64);
    *events = 4 * n + 64;
}

/* ---- programs ------------------------------------------------------------------------ */

#define OP(op, x) asm_op(a, op, x, -1)
#define JUMP(op, x, label) asm_op(a, op, x, label)
#define WORK(mode, cost) asm_op2(a, OP_WORK, LAB_MODE_##mode, C_##cost)
enum { L_TOP,
       L_MORE,
       L_REL,
       L_END };

static void build_requester(Asm *a, const State *st)
{
    int d = svc_state(st)->discipline;
    asm_place(a, L_TOP);
    WORK(USER, SVC_THINK);
    OP(OP_SVC_BEGIN, 0);
    if (is_spin(d) || is_block(d)) {
        asm_op2(a, OP_ACQ, SVL_STATE, FAM_NONE);
        OP(OP_SVC_STATE, 0);
        WORK(KERNEL, SVC_CRITICAL);
        asm_op2(a, OP_REL, SVL_STATE, FAM_NONE);
        OP(OP_SVC_END, 0);
    } else if (d == SVC_DELEGATE) {
        OP(OP_SVC_POST, 0); /* wait: the reply moves the pc on */
    } else if (d == SVC_COMBINE) {
        OP(OP_COMB_ENTER, 0); /* held: queued, and the reply moves on to the jump */
        JUMP(OP_JMP, 0, L_TOP);
        OP(OP_SVC_STATE, 0); /* the combiner: its own request first */
        WORK(KERNEL, SVC_CRITICAL);
        OP(OP_SVC_END, 0);
        asm_place(a, L_MORE);
        JUMP(OP_COMB_NEXT, 0, L_REL); /* then every request queued meanwhile */
        OP(OP_SVC_STATE, 0);
        WORK(KERNEL, SVC_CRITICAL);
        OP(OP_SVC_REPLY, 0);
        JUMP(OP_JMP, 0, L_MORE);
        asm_place(a, L_REL);
        OP(OP_COMB_RELEASE, 0);
    } else {                  /* partition */
        OP(OP_PART_STEER, 0); /* the elephant's, from another CPU: the reply moves on */
        JUMP(OP_JMP, 0, L_TOP);
        WORK(KERNEL, SVC_CRITICAL); /* its own flow's, on its own state */
        OP(OP_SVC_END, 0);
    }
    JUMP(OP_JMP, 0, L_TOP);
}

/* delegate: the designated CPU's fork thread drains the request queue. */
static void build_server(Asm *a, const State *st)
{
    (void)st;
    asm_place(a, L_TOP);
    JUMP(OP_SVC_NEXT, 0, L_END);
    OP(OP_SVC_FETCH, LAB_MODE_FORK);
    WORK(FORK, SVC_CRITICAL);
    OP(OP_SVC_REPLY, 0);
    JUMP(OP_JMP, 0, L_TOP);
    asm_place(a, L_END);
    OP(OP_END, 0);
}

/* partition: an elephant request steered to CPU 0. */
static void build_steered(Asm *a, const State *st)
{
    (void)st;
    WORK(INTERRUPT, SVC_CRITICAL);
    OP(OP_SVC_REPLY, 0);
    OP(OP_END, 0);
}

static void build_switch_in(Asm *a, const State *st)
{
    (void)st;
    WORK(CSWITCH, CONTEXT_SWITCH);
    OP(OP_MIGRATED, 0);
    OP(OP_RESUME, 0);
}

static int svc_build(lab_Sim *s)
{
    static const ProgSpec PROGS[] = {
        { PROG_PROCESS, build_requester, "requester" },
        { PROG_SVC_SERVER, build_server, "server" },
        { PROG_INTERRUPT, build_steered, "steered" },
        { PROG_SWITCH_IN, build_switch_in, "switch_in" },
    };
    State *st = s->st;
    SvcState *ss = svc_state(st);
    int d = (int)st->v[F_SVC_DISCIPLINE], i, k, status;
    ss->discipline = d;
    ss->post = (int)st->v[F_SVC_REQUESTS] == SVC_POST;
    ss->state_owner = 0;
    ss->comb_line_owner = 0;
    ss->comb_q.head = ss->comb_q.tail = -1;
    if ((status = asm_programs(s, PROGS, (int)(sizeof PROGS / sizeof PROGS[0]), 256)) != LAB_OK) return status;
    st->lock_kind = d == SVC_TICKET ? LOCK_TICKET : d == SVC_MCS ? LOCK_MCS
                                                                 : LOCK_TAS;
    st->lock[SVL_STATE].kind = (int8_t)(d == SVC_WAKE_ALL ? LK_WAKE_ALL : d == SVC_WAKE_ONE ? LK_WAKE_ONE
                                                                      : d == SVC_HANDOFF    ? LK_HANDOFF
                                                                                            : LK_SPIN);
    st->watched_lock = SVL_STATE;
    /* One requester per CPU, bound to it; with delegate none on the server's CPU. */
    for (i = 0, k = 0; i < st->nthread; i++, k++) {
        if (d == SVC_DELEGATE && k == engine_role_cpu(st, SVC_SERVER_CPU)) k++;
        s->thr[i].bound = (int16_t)k;
    }
    return LAB_OK;
}

/* ---- phases and events ------------------------------------------------------------- */

/* The shared state's lines come to this CPU from the one that wrote them last. */
static int64_t pull_state(State *st, SvcState *ss, int cpu)
{
    int n = (int)st->v[F_SVC_STATE_LINES], from = ss->state_owner, i;
    int64_t ns = 0;
    ss->state_owner = cpu;
    if (from == cpu || n == 0) return 0;
    for (i = 0; i < n; i++) ns += rad_move_line(st, from, cpu, 0);
    if (st->c_transfer > 0 || st->rads > 1) ss->state_transfers += (uint64_t)n;
    return ns;
}

static void request_done(State *st, SvcState *ss, int64_t t_req)
{
    ss->done++;
    ss->inflight--;
    ss->resp_ns += (double)(st->now - t_req);
    st->txns++;
}

/* The requester waits for its reply, busy, in kernel mode. */
static int64_t await_reply(lab_Sim *s, Ctx *x)
{
    svc_thread(&s->thr[x->thread])->wait_start = s->st->now;
    x->state = CTX_AWAIT;
    x->mode = LAB_MODE_KERNEL;
    return -1;
}

static int new_request(lab_Sim *s, const Ctx *x)
{
    int j = engine_job_alloc(s, JOB_SVC_REQUEST, x->thread, 0);
    if (j >= 0) s->job[j].t_enq = svc_thread(&s->thr[x->thread])->t_req;
    return j;
}

/* A pass of combining: at most one request of each other CPU (one scan of the
 * requests), so the combiner's own next request is not put off for ever. */
static void become_combiner(lab_Sim *s, int cpu, int thread)
{
    State *st = s->st;
    SvcState *ss = svc_state(st);
    Lock *l = &st->lock[SVL_STATE];
    l->holder = (int16_t)cpu;
    l->reserved = -1;
    l->hold_start = st->now;
    l->acquisitions++;
    ss->comb_passes++;
    ss->comb_left = st->ncpu - 1;
    trace_emit(s, LAB_TRACE_ACQUIRE, cpu, thread, SVL_STATE, 0);
}

static int64_t svc_exec(lab_Sim *s, int cpu, Ctx *x, const Phase *ph, int level, int *mode)
{
    State *st = s->st;
    SvcState *ss = svc_state(st);
    int64_t d = 0;
    switch (ph->op) {
    case OP_SVC_BEGIN:
        svc_thread(&s->thr[x->thread])->t_req = st->now;
        ss->issued++;
        ss->inflight++;
        x->pc++;
        return 0;
    case OP_SVC_STATE:
        d = pull_state(st, ss, cpu);
        *mode = engine_kernel_mode(level);
        break;
    case OP_SVC_END:
        request_done(st, ss, svc_thread(&s->thr[x->thread])->t_req);
        trace_emit(s, LAB_TRACE_TXN_DONE, cpu, x->thread, 0, (double)(st->now - svc_thread(&s->thr[x->thread])->t_req));
        x->pc++;
        return 0;
    case OP_SVC_POST: {
        int j = new_request(s, x);
        if (j < 0) { /* post: the pool is full */
            ss->dropped++;
            x->pc++;
            return 0;
        }
        engine_queue_post(s, SVC_QUEUE, cpu, engine_role_cpu(st, SVC_SERVER_CPU), j);
        if (ss->post) {
            x->pc++;
            return 0;
        }
        return await_reply(s, x);
    }
    case OP_SVC_NEXT: x->pc = engine_queue_next(s, SVC_QUEUE, cpu, x) ? x->pc + 1 : ph->b; return 0;
    case OP_SVC_FETCH: { /* the server reads the request's record */
        int from = s->thr[s->job[x->job].thread].bound;
        d = rad_move_line(st, from, cpu, 0);
        if (d > 0) ss->record_transfers++;
        *mode = ph->a;
        break;
    }
    case OP_SVC_REPLY: {
        Job *jb = &s->job[x->job];
        int t = jb->thread, to = s->thr[t].bound;
        request_done(st, ss, jb->t_enq);
        trace_emit(s, LAB_TRACE_TXN_DONE, cpu, t, 0, (double)(st->now - jb->t_enq));
        if (!ss->post) {
            int64_t ns = rad_move_line(st, cpu, to, 0);
            if (ns > 0) ss->reply_transfers++;
            ev_push(s, st->now + ns, EV_SVC_REPLY, to, t, 0);
        }
        engine_job_free(s, x->job);
        x->job = -1;
        x->pc++;
        return 0;
    }
    case OP_COMB_ENTER: {
        Lock *l = &st->lock[SVL_STATE];
        if (l->holder < 0 && l->reserved < 0) { /* free: this CPU becomes the combiner */
            int from = ss->comb_line_owner;
            ss->comb_line_owner = cpu;
            become_combiner(s, cpu, x->thread);
            if (from != cpu && (st->c_transfer > 0 || st->rads > 1)) { /* the lock word's line */
                l->transfers++;
                st->line[l->line].transfers++;
                d = rad_move_line(st, from, cpu, 0);
            }
            *mode = engine_kernel_mode(level);
            x->pc++; /* past the waiters' jump (the timed phase's end, or below, moves it on) */
            break;
        } else { /* held: leave the request for the combiner */
            int j = new_request(s, x);
            assert(j >= 0); /* one request per requester at most */
            l->contended++;
            l->passed++;
            engine_list_push(s, &ss->comb_q, j);
            trace_emit(s, LAB_TRACE_SPIN, cpu, x->thread, SVL_STATE, (double)ss->comb_q.len - 1);
            return await_reply(s, x);
        }
    }
    case OP_COMB_NEXT: {
        int j = ss->comb_left > 0 ? engine_list_pop(s, &ss->comb_q) : -1;
        if (j < 0) {
            x->pc = ph->b;
            return 0;
        }
        ss->comb_left--;
        x->job = j;
        ss->combined++;
        d = rad_move_line(st, s->thr[s->job[j].thread].bound, cpu, 0); /* its record */
        if (d > 0) ss->record_transfers++;
        *mode = engine_kernel_mode(level);
        break;
    }
    case OP_COMB_RELEASE: {
        Lock *l = &st->lock[SVL_STATE];
        l->hold_ns += st->now - l->hold_start;
        trace_emit(s, LAB_TRACE_RELEASE, cpu, x->thread, SVL_STATE, (double)(st->now - l->hold_start));
        l->holder = -1;
        if (ss->comb_q.len > 0) { /* the oldest waiter takes the lock and combines */
            int j = engine_list_pop(s, &ss->comb_q), to = s->thr[s->job[j].thread].bound;
            l->reserved = (int16_t)to;
            ev_push(s, st->now + rad_move_line(st, cpu, to, 0), EV_SVC_COMBINER, to, j, 0);
            l->transfers++;
            st->line[l->line].transfers++;
            ss->comb_line_owner = to;
        }
        x->pc++;
        return 0;
    }
    case OP_PART_STEER: {
        int elephant = rng_unit(&st->rng) * 100.0 <= st->v[F_SVC_ELEPHANT] && st->v[F_SVC_ELEPHANT] > 0;
        int j;
        if (elephant) ss->elephant++;
        if (!elephant || cpu == 0) { /* its own flow, or CPU 0's */
            x->pc += 2;
            return 0;
        }
        j = new_request(s, x);
        assert(j >= 0);
        ev_push(s, st->now + rad_move_line(st, cpu, 0, 0), EV_SVC_STEER, 0, j, 0);
        return await_reply(s, x);
    }
    default:
        assert(0 && "not a service phase");
        x->pc++;
        return 0;
    }
    if (d <= 0) x->pc++;
    return d;
}

static void svc_event(lab_Sim *s, const Event *e)
{
    Ctx *x;
    switch (e->kind) {
    case EV_SVC_REPLY: {
        Thread *t = &s->thr[e->a];
        x = &t->ctx;
        assert(x->state == CTX_AWAIT && t->cpu == e->cpu);
        svc_state(s->st)->wait_ns += (double)(s->st->now - svc_thread(t)->wait_start);
        x->state = CTX_READY;
        x->pc++;
        engine_kick(s, e->cpu);
        break;
    }
    case EV_SVC_STEER: engine_raise_interrupt(s, e->cpu, e->a); break;
    case EV_SVC_COMBINER: { /* a waiter handed the lock: it combines now */
        int tid = s->job[e->a].thread;
        Thread *t = &s->thr[tid];
        x = &t->ctx;
        assert(x->state == CTX_AWAIT && t->cpu == e->cpu);
        svc_state(s->st)->wait_ns += (double)(s->st->now - svc_thread(t)->wait_start);
        engine_job_free(s, e->a);
        become_combiner(s, e->cpu, tid);
        x->state = CTX_READY;
        x->pc += 2; /* past the waiters' jump: its own request first */
        engine_kick(s, e->cpu);
        break;
    }
    default: assert(0 && "not a service event");
    }
}

static void svc_reset(lab_Sim *s)
{
    SvcState *ss = svc_state(s->st);
    ss->issued = ss->done = ss->dropped = ss->state_transfers = ss->record_transfers = ss->reply_transfers = 0;
    ss->comb_passes = ss->combined = ss->elephant = 0;
    ss->resp_ns = ss->wait_ns = 0;
}

static int svc_jumps(int op) { return op == OP_COMB_NEXT || op == OP_SVC_NEXT; }

static int svc_check(lab_Scenario *sc)
{
    const double *v = sc->v;
    int d = (int)v[F_SVC_DISCIPLINE];
    if (d == SVC_DELEGATE && v[F_CPUS] < 2)
        return scenario_fail(sc, LAB_ERR_INCONSISTENT, F_SVC_DISCIPLINE, v[F_SVC_DISCIPLINE],
                             "needs a server CPU besides the requesters: use at least 2 CPUs");
    if ((int)v[F_SVC_REQUESTS] == SVC_POST && d != SVC_DELEGATE)
        return scenario_fail(sc, LAB_ERR_INCONSISTENT, F_SVC_REQUESTS, v[F_SVC_REQUESTS],
                             "applies to delegate only: with a lock, combining or partitions the requesting "
                             "CPU runs or waits for its own request; use service.requests wait");
    return LAB_OK;
}

static const MetricDesc SVC_METRICS[] = {
    { "service.discipline", "tas|ticket|mcs|wake_all|wake_one|handoff|delegate|combine|partition", "", 0, "Discipline" },
    { "service.requests_per_s", "number", "/s", 1, "Requests" },
    { "service.mean_response_ns", "number", "ns", -1, "Response time (mean, think work excluded)" },
    { "service.serial_busy_pct", "number", "%", 0, "The serial part busy (lock held, or the server CPU working)" },
    { "service.lock_transfers_per_request", "number", "", -1, "Lock cache-line transfers per request" },
    { "service.state_transfers_per_request", "number", "", -1, "Shared-state cache-line transfers per request" },
    { "service.message_transfers_per_request", "number", "", -1, "Request and reply cache-line transfers per request" },
    { "service.context_switches_per_request", "number", "", -1, "Context switches per request" },
    { "service.futile_wakeups_per_request", "number", "", -1, "Futile wake-ups per request" },
    { "service.reply_wait_pct", "number", "%", -1, "CPU time waiting for a reply from another CPU" },
    { "service.combined_per_pass", "number", "", 0, "Requests a combiner ran for others, per pass" },
    { "service.elephant_pct", "number", "%", 0, "Requests in the elephant flow (measured)" },
    { "service.requests_dropped", "integer", "requests", -1, "Requests dropped (the queue's pool was full)" },
    { "service.requests_in_flight", "integer", "requests", 0, "Requests issued and not finished at the end" },
    { NULL, NULL, NULL, 0, NULL }
};

static void svc_report(lab_Sim *s, JsonW *w, double secs)
{
    static const char *const NAMES[] = { "tas", "ticket", "mcs", "wake_all", "wake_one", "handoff",
                                         "delegate", "combine", "partition" };
    const State *st = s->st;
    const SvcState *ss = svc_state(st);
    const Lock *l = &st->lock[SVL_STATE];
    double n = ss->done > 0 ? (double)ss->done : 1, window = secs * 1e9, busy;
    if (ss->discipline == SVC_DELEGATE)
        busy = (double)(s->cpu[engine_role_cpu(st, SVC_SERVER_CPU)].mode_ns[LAB_MODE_FORK]);
    else busy = (double)lock_held_ns(st, SVL_STATE);
    jw_key(w, "service");
    jw_open(w, '{');
    jw_key(w, "discipline");
    jw_str(w, NAMES[ss->discipline]);
    jw_fixed_key(w, "requests_per_s", secs > 0 ? (double)ss->done / secs : 0, 1);
    jw_fixed_key(w, "mean_response_ns", ss->done ? ss->resp_ns / n : 0, 1);
    jw_fixed_key(w, "serial_busy_pct", window > 0 && ss->discipline != SVC_PARTITION ? 100.0 * busy / window : 0, 2);
    jw_fixed_key(w, "lock_transfers_per_request", (double)st->line[l->line].transfers / n, 3);
    jw_fixed_key(w, "state_transfers_per_request", (double)ss->state_transfers / n, 3);
    jw_fixed_key(w, "message_transfers_per_request", (double)(ss->record_transfers + ss->reply_transfers) / n, 3);
    jw_fixed_key(w, "context_switches_per_request", (double)st->dispatches / n, 3);
    jw_fixed_key(w, "futile_wakeups_per_request", (double)l->futile / n, 3);
    jw_fixed_key(w, "reply_wait_pct", window > 0 ? 100.0 * ss->wait_ns / (window * st->ncpu) : 0, 2);
    jw_fixed_key(w, "combined_per_pass", ss->comb_passes ? (double)ss->combined / (double)ss->comb_passes : 0, 3);
    jw_fixed_key(w, "elephant_pct", ss->issued ? 100.0 * (double)ss->elephant / (double)ss->issued : 0, 2);
    jw_key(w, "requests_dropped");
    jw_int(w, (int64_t)ss->dropped);
    jw_key(w, "requests_in_flight");
    jw_int(w, ss->inflight);
    jw_close(w, '}');
}

static const Mechanism SERVICE_MECHANISMS[];

/* Every discipline but combine and partition is one of the engine's mechanisms. */
static const MechanismUse SERVICE_USES[] = {
    { "spin-test-and-set", "service.discipline=tas" }, { "spin-ticket", "service.discipline=ticket" }, { "spin-mcs", "service.discipline=mcs" }, { "block-wake-all", "service.discipline=wake_all" }, { "block-wake-one", "service.discipline=wake_one" }, { "block-handoff", "service.discipline=handoff" }, { "delegation-posted", "service.discipline=delegate, service.requests=post" }, { "delegation-synchronous", "service.discipline=delegate, service.requests=wait" }, { "scheduler-run-queue", "" }, { "cache-line-transfer", "" }, { "rad-distance", "machine.rads=2|3|4|5|6|7|8" }, { NULL, NULL }
};

/* Its programs are all written by svc_build. */
static const Kernel SERVICE = {
    .name = "service",
    .nlock = SVL_COUNT,
    .lock_names = SVC_LOCK_NAMES,
    .state_size = sizeof(SvcState),
    .size = svc_size,
    .check = svc_check,
    .build = svc_build,
    .reset = svc_reset,
    .exec = svc_exec,
    .event = svc_event,
    .jumps = svc_jumps,
    .report = svc_report,
    .metrics = { SVC_METRICS },
    .mechanisms = { SERVICE_MECHANISMS },
    .uses = { SERVICE_USES },
    .queues = SVC_QUEUES,
    .roles = SVC_ROLES,
};

const Kernel *kernel_service(void) { return &SERVICE; }

static const Mechanism SERVICE_MECHANISMS[] = {
    { "flat-combining", "Combining (the holder runs the others' requests)",
      "service: service.discipline=combine",
      MDOC("Whoever finds the lock free becomes the combiner: it runs its own request and then every request queued while it held the lock, each one's record a transfer away, before it lets go; the others busy-wait for their answers."),
      MDOC("Flat combining (Hendler, Incze, Shavit, Tzafrir, SPAA 2010); OpenOnload's deferred work is the same idea on one stack lock (source 002; the network kernel's prequeue-deferred-work).") },
    { "partition-by-flow", "Partitioning by flow (RSS)",
      "service: service.discipline=partition",
      MDOC("Each CPU has its own state and runs its own flows' requests with no lock and no transfer; an elephant flow's requests all go to the CPU its hash picks."),
      MDOC("Receive-side scaling, a NIC steering each flow to one queue and one CPU (Herbert and de Bruijn, \"Scaling in the Linux Networking Stack\", Linux kernel documentation); OpenOnload's stack per core (source 002).") },
    { NULL, NULL, NULL, NULL, NULL }
};
