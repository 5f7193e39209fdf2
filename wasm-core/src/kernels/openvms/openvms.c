/*
 * openvms.c -- the OpenVMS TCP/IP workload and devices the OpenVMS kernels share.
 *
 * Source: "The OpenVMS TCP/IP Scalable Kernel", Rappaport, Pouffary, Lieman, Marotta.
 * Each process runs transactions: think, user work, workload.writes_per_txn writes
 * (each a message of workload.message_bytes, network.mss_bytes per packet) and
 * workload.reads_per_txn reads of the replies its last write asked for. Replies arrive
 * as packets that interrupt machine.interrupt_cpu after network.reply_latency; so do
 * the TCP/IP timer, disk completions and background packets. Every read and write is
 * one buffered I/O. The kernels differ in where the kernel-context work runs and
 * under which lock (classic.c, scalable.c): these are the phases both use.
 */
#include <assert.h>
#include "openvms.h"

const char *const LAB_TCPIP_LOCK_NAMES[LOCK_TCPIP_COUNT] = { "IOLOCK8", "SCHED", "TCPIP_GLOBAL" };

const Phase LAB_SWITCH_IN[4] = {
    { OP_ACQ, LOCK_SCHED, 0 },
    { OP_WORK, LAB_MODE_CSWITCH, C_CONTEXT_SWITCH },
    { OP_REL, LOCK_SCHED, 0 },
    { OP_RESUME, 0, 0 },
};

static int packets_per_msg(const double *v) { return (int)((v[F_MESSAGE_BYTES] + v[F_MSS] - 1) / v[F_MSS]); }

/* Jobs: every reply packet that can be in flight, every KRP a process can have queued
 * (its writes and reads of this and the previous transaction), the fork threads, and
 * room for device interrupts. */
void vms_size(const double *v, int *nthread, int *njob, int *events)
{
    int ncpu = (int)v[F_CPUS];
    (void)events;
    *nthread = (int)v[F_PROCESSES];
    *njob = *nthread * ((int)v[F_READS] * packets_per_msg(v) + 2 * ((int)v[F_WRITES] + (int)v[F_READS]) + 4) + 4 * ncpu + 4096;
}

void vms_init(lab_Sim *s)
{
    State *st = s->st;
    VmsState *vs = vms_state(st);
    vs->reads = (int)st->v[F_READS];
    vs->writes = (int)st->v[F_WRITES];
    vs->tx_packets_per_msg = packets_per_msg(st->v);
    vs->db_owner = -1;
}

int vms_build(lab_Sim *s)
{
    vms_init(s);
    return LAB_OK;
}

/* Jobs kept free for the reply packets every process may still receive. */
static int reserve_for_replies(const State *st)
{
    const VmsState *vs = vms_state(st);
    return st->nthread * vs->reads * vs->tx_packets_per_msg + st->ncpu + 16;
}

static void request_replies(lab_Sim *s, int thread)
{
    State *st = s->st;
    if (vms_state(st)->reads > 0 && thread >= 0)
        ev_push(s, st->now + cost_sample(&st->rng, &st->cost[C_REPLY_LATENCY]), EV_REPLY, -1, thread, 0);
}

/* A timed phase of d ns; none at all when d is 0. */
static int64_t timed(Ctx *x, int64_t d)
{
    if (d <= 0) x->pc++;
    return d;
}

int64_t vms_exec(lab_Sim *s, int cpu, Ctx *x, const Phase *ph, int level, int *mode)
{
    State *st = s->st;
    VmsState *vs = vms_state(st);
    switch (ph->op) {
    case OP_DB: {
        int64_t d = 0;
        if (vs->db_owner != cpu) d = cost_sample(&st->rng, &st->cost[C_DB_COLD]);
        vs->db_owner = cpu;
        *mode = ph->a;
        return timed(x, d);
    }
    case OP_SET_CTR:
        x->ctr = ph->a == CTR_WRITES ? vs->writes : vs->reads;
        x->pc++;
        return 0;
    case OP_TX: {
        int last, thread;
        if (level == LEVEL_PROCESS) {
            last = x->ctr == 1;
            thread = x->thread;
        } else {
            last = (s->job[x->job].flags & JOB_LAST_WRITE) != 0;
            thread = s->job[x->job].thread;
        }
        st->tx_packets += (uint64_t)vs->tx_packets_per_msg;
        trace_emit(s, LAB_TRACE_TRANSMIT, cpu, thread, 0, vs->tx_packets_per_msg);
        if (last) request_replies(s, thread);
        x->pc++;
        return 0;
    }
    case OP_REPLIES_IF_NO_WRITES:
        if (vs->writes == 0) request_replies(s, x->thread);
        x->pc++;
        return 0;
    case OP_READ_WAIT: {
        Thread *th = &s->thr[x->thread];
        if (th->msgs > 0) {
            th->msgs--;
            x->pc++;
            return 0;
        }
        engine_block(s, cpu, T_BLOCKED_READ, 1); /* re-runs this phase when woken */
        return -1;
    }
    case OP_KRP_QUEUE: {
        int j;
        if (level == LEVEL_PROCESS) {
            if (engine_jobs_free(st) <= reserve_for_replies(st)) {
                /* No free KRP: wait a little and try again (a resource wait). */
                ev_push(s, st->now + 50000, EV_WAKE, -1, x->thread, 0);
                engine_block(s, cpu, T_SLEEPING, 2);
                return -1;
            }
            j = engine_job_alloc(s, ph->a, x->thread,
                                 (ph->a == JOB_KRP_WRITE && x->ctr == 1) ? JOB_LAST_WRITE : 0);
        } else {
            j = x->job; /* the interrupt's packet or timer becomes the KRP */
            x->job = -1;
        }
        engine_queue_post(s, VMS_KRP_QUEUE, cpu, engine_role_cpu(st, VMS_DESIGNATED_CPU), j);
        x->pc++;
        return 0;
    }
    case OP_KRP_NEXT: x->pc = engine_queue_next(s, VMS_KRP_QUEUE, cpu, x) ? x->pc + 1 : ph->b; return 0;
    case OP_DELIVER: {
        const Job *jb = &s->job[x->job];
        x->wake = 0;
        st->rx_packets++;
        if ((jb->flags & JOB_LAST_PACKET) && jb->thread >= 0) {
            Thread *th = &s->thr[jb->thread];
            th->msgs++;
            if (th->state == T_BLOCKED_READ) {
                th->state = T_READY;
                x->wake = 1;
            }
        }
        x->pc++;
        return 0;
    }
    case OP_IF_NO_WAKE: x->pc = x->wake ? x->pc + 1 : ph->b; return 0;
    case OP_RX_NEXT: {
        JobList *q = &s->cpu[cpu].fork_q;
        int j;
        int kind = q->head < 0 ? -1 : s->job[q->head].kind;
        if (kind != JOB_RX && kind != JOB_BACKGROUND_RX) {
            x->pc = ph->b;
            return 0;
        }
        j = engine_list_pop(s, q);
        engine_job_free(s, x->job);
        x->job = j;
        x->pc++;
        return 0;
    }
    default:
        assert(0 && "not an OpenVMS phase");
        x->pc++;
        return 0;
    }
}

int vms_jumps(int op) { return op == OP_IF_NO_WAKE || op == OP_RX_NEXT || op == OP_KRP_NEXT; }

/* ---- replies and devices ---------------------------------------------------------- */

static void on_reply(lab_Sim *s, int thread)
{
    State *st = s->st;
    const VmsState *vs = vms_state(st);
    int m, p;
    for (m = 0; m < vs->reads; m++)
        for (p = 0; p < vs->tx_packets_per_msg; p++) {
            int last = p == vs->tx_packets_per_msg - 1;
            int j = engine_job_alloc(s, JOB_RX, thread, last ? JOB_LAST_PACKET : 0);
            assert(j >= 0); /* the pool keeps a reserve for every reply packet */
            engine_raise_interrupt(s, st->interrupt_cpu, j);
        }
}

static int64_t poisson_gap(State *st, double per_s)
{
    Cost c;
    int64_t d;
    c.dist = DIST_EXP;
    c.mean = 1.0e9 / per_s;
    c.spread = 0;
    d = cost_sample(&st->rng, &c);
    return d < 1 ? 1 : d;
}

static void on_device(lab_Sim *s, int kind)
{
    State *st = s->st;
    int j = -1;
    if (engine_jobs_free(st) > reserve_for_replies(st)) j = engine_job_alloc(s, kind, -1, 0);
    if (j >= 0) engine_raise_interrupt(s, st->interrupt_cpu, j);
    else st->dropped_rx++;
    switch (kind) {
    case JOB_BACKGROUND_RX:
        ev_push(s, st->now + poisson_gap(st, st->v[F_BACKGROUND_PPS]), EV_BACKGROUND_RX, -1, 0, 0);
        break;
    case JOB_DISK:
        ev_push(s, st->now + poisson_gap(st, st->v[F_DISK_RATE]), EV_DISK, -1, 0, 0);
        break;
    default:
        ev_push(s, st->now + (int64_t)st->v[F_TIMER_INTERVAL], EV_TIMER, -1, 0, 0);
        break;
    }
}

void vms_start(lab_Sim *s)
{
    State *st = s->st;
    if (st->v[F_TIMER_INTERVAL] > 0) ev_push(s, (int64_t)st->v[F_TIMER_INTERVAL], EV_TIMER, -1, 0, 0);
    if (st->v[F_DISK_RATE] > 0) ev_push(s, poisson_gap(st, st->v[F_DISK_RATE]), EV_DISK, -1, 0, 0);
    if (st->v[F_BACKGROUND_PPS] > 0)
        ev_push(s, poisson_gap(st, st->v[F_BACKGROUND_PPS]), EV_BACKGROUND_RX, -1, 0, 0);
}

void vms_event(lab_Sim *s, const Event *e)
{
    switch (e->kind) {
    case EV_REPLY: on_reply(s, e->a); break;
    case EV_BACKGROUND_RX: on_device(s, JOB_BACKGROUND_RX); break;
    case EV_DISK: on_device(s, JOB_DISK); break;
    case EV_TIMER: on_device(s, JOB_TIMER); break;
    default: assert(0 && "not an OpenVMS event");
    }
}

/* The engine's mechanisms the OpenVMS kernels use (the numa kernel's too). */
const MechanismUse VMS_USES[] = {
    { "spin-test-and-set", "kernel.lock_kind=tas" }, { "spin-ticket", "kernel.lock_kind=ticket" }, { "spin-mcs", "kernel.lock_kind=mcs" }, { "spin-fair", "kernel.lock_kind=fair" }, { "scheduler-run-queue", "" }, { "cache-line-transfer", "" }, { "rad-distance", "machine.rads=2|3|4|5|6|7|8" }, { NULL, NULL }
};

const Mechanism VMS_MECHANISMS[] = {
    { "global-lock-kernel-entry", "One global lock to enter kernel context (I/O lock 8)",
      "classic",
      MDOC("Every process-context read and write, and every receive and timer fork thread, takes I/O lock 8 before it runs the ported BSD code; the socket's copies happen inside the lock, and a receive fork drains the packets queued behind it while it holds it."),
      MDOC("The classic OpenVMS TCP/IP kernel (source 000, \"Process Context in the Traditional Kernel\").") },
    { "warm-database-one-cpu", "TCP/IP database kept warm on one CPU",
      "classic,scalable",
      MDOC("Kernel context that starts on another CPU than the one that last touched the TCP/IP database pays costs.db_cold first (the database's lines come from the other cache): nearly always in the classic kernel, never on the designated CPU."),
      MDOC("Source 000: \"Executing all the kernel threads on the same CPU also optimizes CPU cache utilization because the same objects in the shared database are usually referenced from the same CPU.\"") },
    { NULL, NULL, NULL, NULL, NULL }
};

const MetricDesc VMS_METRICS[] = {
    { "iolock8_hold_pct", "number", "%", -1, "I/O lock 8 held" },
    { NULL, NULL, NULL, 0, NULL }
};

/* The paper's lock table names I/O lock 8's hold time. */
void vms_report(lab_Sim *s, JsonW *w, double secs)
{
    double window = (double)(s->st->now - s->st->stats_start);
    (void)secs;
    jw_key(w, "iolock8_hold_pct");
    jw_fixed(w, window > 0 ? 100.0 * (double)lock_held_ns(s->st, LOCK_IOLOCK8) / window : 0, 3);
}
