/*
 * metrics.c -- what the run measured, in the sources' words (docs/metrics.md).
 *
 * Every figure covers the measurement window: from the end of the warm-up to now.
 *  - MP synchronization: CPU time spent spinning for spinlocks, as a share of the
 *    machine (mpsynch_pct) and as a number of CPUs (mpsynch_cpus), as MONITOR MODES
 *    shows it.
 *  - A lock's hold %: the share of the window it was held (one lock can be held at
 *    most 100% of the time). "Hold % all locks" sums that over the locks.
 *  - A lock's spin %: CPU time spent spinning for it, as a share of the machine, so
 *    "spin % all locks" is the MP synchronization the locks caused.
 *  - A CPU role's busy % (cpu_role.c): the share of the window the CPU a kernel gives
 *    a role spent in kernel context (interrupts and fork threads, their spinning
 *    included): time it could not give to processes. At 100% it is saturated.
 *  - Throughput: transmit packets/s, buffered I/O/s (every read and write is one
 *    buffered I/O on OpenVMS), transactions per minute.
 */
#include "model.h"

static const char *const LOCK_KINDS[] = { "spin", "wake_all", "handoff", "wake_one" };

void metrics_reset(lab_Sim *s)
{
    State *st = s->st;
    int i, k;
    engine_flush_modes(s);
    st->stats_start = st->now;
    for (i = 0; i < st->ncpu; i++) {
        for (k = 0; k < LAB_MODE_COUNT; k++) s->cpu[i].mode_ns[k] = 0;
        s->cpu[i].kctx_ns = 0;
    }
    for (i = 0; i < st->nlock; i++) {
        Lock *l = &st->lock[i];
        l->hold_ns = l->spin_ns = 0;
        l->acquisitions = l->contended = l->transfers = 0;
        l->sleeps = l->wakeups = l->futile = l->passed = 0;
        if (l->holder >= 0 || l->owner >= 0) l->hold_start = st->now;
        st->line[i].transfers = 0;
    }
    st->dispatches = st->posts = 0;
    st->runq_area = 0;
    st->runq_last = st->now;
    queue_reset(s);
    st->tx_packets = st->rx_packets = st->buffered_io = st->txns = 0;
    st->forks_created = st->dropped_rx = 0;
    st->txn_time_ns = 0;
    machine_reset(s);
    if (s->kernel->reset) s->kernel->reset(s);
}

static double pct(double part, double whole) { return whole > 0 ? 100.0 * part / whole : 0.0; }

static int ensure_report(lab_Sim *s, int need)
{
    if (need < s->report_cap) return 1;
    lab_free(s->report);
    s->report_cap = need + 1024;
    s->report = (char *)lab_alloc(s->report_cap);
    if (!s->report) s->report_cap = 0;
    return s->report != NULL;
}

/* What write_report writes, in its order (the kernel's and the machine's sections go
 * between the lock totals and lock_miss_rate_pct). */
const MetricDesc LAB_REPORT_METRICS[] = {
    { "kernel", "string", "", 0, "Kernel" },
    { "simulated_ns", "integer", "ns", 0, "Simulated time" },
    { "window_ns", "integer", "ns", 0, "Measurement window (after the warm-up)" },
    { "events", "integer", "events", 0, "Events simulated" },
    { "mpsynch_pct", "number", "%", -1, "MP synchronization" },
    { "mpsynch_cpus", "number", "CPUs", -1, "CPUs spinning (mean)" },
    { "modes_pct.{modes}", "number", "%", 0, "Share of CPU time in each mode" },
    { "cpus[].id", "integer", "", 0, "CPU" },
    { "cpus[].modes.{modes}", "integer", "ns", 0, "Time in each mode" },
    { "locks[].name", "string", "", 0, "Lock" },
    { "locks[].kind", "spin|wake_all|handoff|wake_one", "", 0, "How waiters wait" },
    { "locks[].line", "integer", "", 0, "Cache line" },
    { "locks[].hold_pct", "number", "%", -1, "Held" },
    { "locks[].spin_pct", "number", "%", -1, "Spinning for it (share of the machine)" },
    { "locks[].acquisitions_per_s", "number", "/s", 0, "Acquisitions" },
    { "locks[].contended_pct", "number", "%", -1, "Acquisitions that had to wait" },
    { "locks[].miss_rate_pct", "number", "%", -1, "Lock calls that found it taken" },
    { "locks[].mean_hold_ns", "number", "ns", -1, "Mean hold time" },
    { "locks[].line_transfers_per_s", "number", "/s", -1, "Cache-line moves" },
    { "locks[].wakeups_per_s", "number", "/s", 0, "Sleepers woken" },
    { "locks[].futile_wakeups_per_s", "number", "/s", -1, "Wake-ups that found it taken again" },
    { "hold_pct_all_locks", "number", "%", -1, "Hold % all locks (a sum over locks)" },
    { "spin_pct_all_locks", "number", "%", -1, "Spin % all locks" },
    { "locks_per_s", "number", "/s", 0, "Locks" },
    { "lock_miss_rate_pct", "number", "%", -1, "Lock miss rate (calls that found their lock taken)" },
    { "lines[].id", "integer", "", 0, "Cache line" },
    { "lines[].locks[]", "string", "", 0, "Locks in the line" },
    { "lines[].transfers_per_s", "number", "/s", -1, "Cache-line moves" },
    { "scheduler.context_switches_per_s", "number", "/s", -1, "Context switches" },
    { "scheduler.run_queue_mean", "number", "threads", -1, "Runnable threads waiting (mean)" },
    { "scheduler.lock_sleeps_per_s", "number", "/s", -1, "Sleeps on blocking locks" },
    { "scheduler.wakeups_per_s", "number", "/s", 0, "Wake-ups by lock releases" },
    { "scheduler.futile_wakeups_per_s", "number", "/s", -1, "Futile wake-ups" },
    { "scheduler.futile_wakeups", "integer", "", -1, "Futile wake-ups (count)" },
    { "scheduler.posts_per_s", "number", "/s", 0, "Threads posted (et_post)" },
    { "queues[].name", LAB_QUEUE_NAMES_TYPE, "", 0, "Queue" },
    { "queues[].mean_len", "number", "requests", -1, "Waiting (mean)" },
    { "queues[].max_len", "integer", "requests", -1, "Waiting (most)" },
    { "queues[].mean_wait_ns", "number", "ns", -1, "Wait (mean)" },
    { LAB_QUEUE_RATE_PATH, "number", "/s", 0, NULL },
    { LAB_ROLE_PATH, "number", "", 0, NULL },
    { "forks_per_s", "number", "/s", 0, "Fork threads created" },
    { "throughput.transmit_packets_per_s", "number", "/s", 1, "Transmit packets" },
    { "throughput.received_packets_per_s", "number", "/s", 1, "Received packets" },
    { "throughput.buffered_io_per_s", "number", "/s", 1, "Buffered I/O" },
    { "throughput.transactions_per_min", "number", "/min", 1, "Transactions" },
    { "txn_response_ns", "number", "ns", -1, "Transaction response time (mean)" },
    { "rx_dropped", "integer", "", -1, "Device interrupts dropped for want of room" },
    { "trace_dropped", "integer", "", 0, "Trace records dropped" },
    { "error", "string", "", 0, "Why the run stopped early (only when it did)" },
    { NULL, NULL, NULL, 0, NULL }
};

static int write_report(lab_Sim *s, JsonW *w)
{
    State *st = s->st;
    double window = (double)(st->now - st->stats_start);
    double secs = window / 1e9;
    double machine = window * st->ncpu;
    double spin_total = 0, hold_all = 0, spin_all = 0, acq_all = 0, mode_total[LAB_MODE_COUNT] = { 0 };
    double sleeps = 0, wakeups = 0, futile = 0, misses = 0, attempts = 0;
    int i, k;

    for (i = 0; i < st->ncpu; i++)
        for (k = 0; k < LAB_MODE_COUNT; k++) mode_total[k] += (double)s->cpu[i].mode_ns[k];
    spin_total = mode_total[LAB_MODE_SPIN];

    jw_open(w, '{');
    jw_key(w, "scenario");
    jw_scenario(w, st->v);
    jw_key(w, "kernel");
    jw_str(w, s->kernel->name);
    jw_key(w, "simulated_ns");
    jw_int(w, st->now);
    jw_key(w, "window_ns");
    jw_int(w, st->now - st->stats_start);
    jw_key(w, "events");
    jw_int(w, (int64_t)st->events);

    jw_key(w, "mpsynch_pct");
    jw_fixed(w, pct(spin_total, machine), 3);
    jw_key(w, "mpsynch_cpus");
    jw_fixed(w, window > 0 ? spin_total / window : 0, 3);
    jw_key(w, "modes_pct");
    jw_open(w, '{');
    for (k = 0; k < LAB_MODE_COUNT; k++) {
        jw_key(w, lab_mode_name(k));
        jw_fixed(w, pct(mode_total[k], machine), 3);
    }
    jw_close(w, '}');

    jw_key(w, "cpus");
    jw_open(w, '[');
    for (i = 0; i < st->ncpu; i++) {
        jw_open(w, '{');
        jw_key(w, "id");
        jw_int(w, i);
        jw_key(w, "modes");
        jw_open(w, '{');
        for (k = 0; k < LAB_MODE_COUNT; k++) {
            jw_key(w, lab_mode_name(k));
            jw_int(w, s->cpu[i].mode_ns[k]);
        }
        jw_close(w, '}');
        jw_close(w, '}');
    }
    jw_close(w, ']');

    jw_key(w, "locks");
    jw_open(w, '[');
    for (i = 0; i < st->nlock; i++) {
        const Lock *l = &st->lock[i];
        double hold = (double)lock_held_ns(st, i), acq = (double)l->acquisitions;
        /* A call is an acquisition, a sleep, a spin still under way (a spinner is a miss
         * when it starts and an acquisition only when it gets the lock) or work passed
         * to the holder: each a try, or a busy lock's misses outnumber its calls. */
        double tries = acq + (double)l->sleeps + (double)l->passed + (l->kind == LK_SPIN ? l->nwait : 0);
        hold_all += pct(hold, window);
        spin_all += pct((double)l->spin_ns, machine);
        acq_all += acq;
        jw_open(w, '{');
        jw_key(w, "name");
        jw_str(w, lock_name(s, i));
        jw_key(w, "kind");
        jw_str(w, LOCK_KINDS[(int)l->kind]);
        jw_key(w, "line");
        jw_int(w, l->line);
        jw_key(w, "hold_pct");
        jw_fixed(w, pct(hold, window), 3);
        jw_key(w, "spin_pct");
        jw_fixed(w, pct((double)l->spin_ns, machine), 3);
        jw_key(w, "acquisitions_per_s");
        jw_fixed(w, secs > 0 ? acq / secs : 0, 1);
        jw_key(w, "contended_pct");
        jw_fixed(w, pct((double)(l->contended - l->passed), acq), 3);
        jw_key(w, "miss_rate_pct");
        jw_fixed(w, pct((double)l->contended, tries), 3);
        jw_key(w, "mean_hold_ns");
        jw_fixed(w, acq > 0 ? (double)l->hold_ns / acq : 0, 1);
        jw_key(w, "line_transfers_per_s");
        jw_fixed(w, secs > 0 ? (double)l->transfers / secs : 0, 1);
        jw_key(w, "wakeups_per_s");
        jw_fixed(w, secs > 0 ? (double)l->wakeups / secs : 0, 1);
        jw_key(w, "futile_wakeups_per_s");
        jw_fixed(w, secs > 0 ? (double)l->futile / secs : 0, 1);
        jw_close(w, '}');
        sleeps += (double)l->sleeps;
        wakeups += (double)l->wakeups;
        futile += (double)l->futile;
        misses += (double)l->contended;
        attempts += tries;
    }
    jw_close(w, ']');
    jw_key(w, "hold_pct_all_locks");
    jw_fixed(w, hold_all, 3);
    jw_key(w, "spin_pct_all_locks");
    jw_fixed(w, spin_all, 3);
    jw_key(w, "locks_per_s");
    jw_fixed(w, secs > 0 ? acq_all / secs : 0, 1);
    if (s->kernel->report) s->kernel->report(s, w, secs);
    if (st->rads > 1 || s->kernel->report_rads) machine_report(s, w, secs);
    jw_key(w, "lock_miss_rate_pct");
    jw_fixed(w, pct(misses, attempts), 3);
    jw_key(w, "lines");
    jw_open(w, '[');
    for (i = 0; i < st->nlock; i++) {
        int k2;
        if (st->line[i].nlocks == 0) continue;
        jw_open(w, '{');
        jw_key(w, "id");
        jw_int(w, i);
        jw_key(w, "locks");
        jw_open(w, '[');
        for (k2 = 0; k2 < st->nlock; k2++)
            if (st->lock[k2].line == i) {
                jw_item(w);
                jw_str(w, lock_name(s, k2));
            }
        jw_close(w, ']');
        jw_key(w, "transfers_per_s");
        jw_fixed(w, secs > 0 ? (double)st->line[i].transfers / secs : 0, 1);
        jw_close(w, '}');
    }
    jw_close(w, ']');
    jw_key(w, "scheduler");
    jw_open(w, '{');
    {
        double area = st->runq_area + (double)st->runq_total * (double)(st->now - st->runq_last);
        jw_key(w, "context_switches_per_s");
        jw_fixed(w, secs > 0 ? (double)st->dispatches / secs : 0, 1);
        jw_key(w, "run_queue_mean");
        jw_fixed(w, window > 0 ? area / window : 0, 3);
        jw_key(w, "lock_sleeps_per_s");
        jw_fixed(w, secs > 0 ? sleeps / secs : 0, 1);
        jw_key(w, "wakeups_per_s");
        jw_fixed(w, secs > 0 ? wakeups / secs : 0, 1);
        jw_key(w, "futile_wakeups_per_s");
        jw_fixed(w, secs > 0 ? futile / secs : 0, 1);
        jw_key(w, "futile_wakeups");
        jw_int(w, (int64_t)futile);
        jw_key(w, "posts_per_s");
        jw_fixed(w, secs > 0 ? (double)st->posts / secs : 0, 1);
    }
    jw_close(w, '}');
    queue_report(s, w, window, secs);
    role_report(s, w, window);
    jw_key(w, "forks_per_s");
    jw_fixed(w, secs > 0 ? (double)st->forks_created / secs : 0, 1);

    jw_key(w, "throughput");
    jw_open(w, '{');
    jw_key(w, "transmit_packets_per_s");
    jw_fixed(w, secs > 0 ? (double)st->tx_packets / secs : 0, 1);
    jw_key(w, "received_packets_per_s");
    jw_fixed(w, secs > 0 ? (double)st->rx_packets / secs : 0, 1);
    jw_key(w, "buffered_io_per_s");
    jw_fixed(w, secs > 0 ? (double)st->buffered_io / secs : 0, 1);
    jw_key(w, "transactions_per_min");
    jw_fixed(w, secs > 0 ? 60.0 * (double)st->txns / secs : 0, 1);
    jw_close(w, '}');
    jw_key(w, "txn_response_ns");
    jw_fixed(w, st->txns ? st->txn_time_ns / (double)st->txns : 0, 1);
    jw_key(w, "rx_dropped");
    jw_int(w, (int64_t)st->dropped_rx);
    jw_key(w, "trace_dropped");
    jw_int(w, (int64_t)s->trace_dropped);
    if (st->stall) {
        jw_key(w, "error");
        jw_str(w, lab_sim_error(s));
    }
    jw_close(w, '}');
    return w->len;
}

const char *metrics_report(lab_Sim *s)
{
    JsonW w;
    engine_flush_modes(s);
    w.buf = s->report;
    w.cap = s->report_cap;
    w.len = 0;
    w.last = 0;
    if (write_report(s, &w) >= s->report_cap) {
        if (!ensure_report(s, w.len)) return "{\"error\":\"out of memory\"}";
        w.buf = s->report;
        w.cap = s->report_cap;
        w.len = 0;
        w.last = 0;
        write_report(s, &w);
    }
    return s->report;
}

/* ---- snapshot: the live state for the views, as doubles ------------------------------- */

/* The header: SNAP_HEADER values, with the CPU roles' (cpu_role.c) after window_ns. */
enum { SNAP_HEADER = 13,
       SNAP_ROLES_AT = 6,
       SNAP_PER_CPU = 5 + LAB_MODE_COUNT,
       SNAP_PER_LOCK_FIELDS = 14,
       SNAP_PER_QUEUE = 2,
       SNAP_PER_THREAD = 2 };

static const char *const THREAD_STATES[] = { "ready", "running", "sleeping", "reading", "waiting_work", "lock_wait" };

void metrics_schema(JsonW *w)
{
    static const char *const HEADER[SNAP_HEADER] = {
        "now_ns", "events", "cpus", "locks", "queues", "window_ns", "kernel",
        "threads", "runq_len", "dispatches", "wakeups", "futile", "posts"
    };
    static const char *const PER_CPU[5] = { "mode", "level", "thread", "spin_lock", "kctx_ns" };
    static const char *const PER_LOCK[SNAP_PER_LOCK_FIELDS] = {
        "holder", "reserved", "waiters", "hold_ns", "spin_ns", "acquisitions",
        "kind", "line", "line_owner", "owner_thread", "sleepers", "wakeups", "futile", "line_transfers"
    };
    static const char *const PER_THREAD[SNAP_PER_THREAD] = { "state", "cpu" };
    const CpuRole *role;
    int i, u;
    jw_open(w, '{');
    jw_key(w, "header");
    jw_open(w, '[');
    for (i = 0; i < SNAP_HEADER; i++) {
        if (i == SNAP_ROLES_AT)
            for (u = 0; (role = lab_cpu_role(u)) != NULL; u++) {
                jw_item(w);
                jw_str(w, role->name);
            }
        jw_item(w);
        jw_str(w, HEADER[i]);
    }
    jw_close(w, ']');
    /* which of the header's slots are CPU roles' (cpu_role.c), so that JavaScript reads
     * them by role and not by a kernel's name for one */
    jw_key(w, "roles");
    jw_open(w, '[');
    for (u = 0; (role = lab_cpu_role(u)) != NULL; u++) {
        jw_item(w);
        jw_str(w, role->name);
    }
    jw_close(w, ']');
    jw_key(w, "per_cpu");
    jw_open(w, '[');
    for (i = 0; i < 5; i++) {
        jw_item(w);
        jw_str(w, PER_CPU[i]);
    }
    jw_close(w, ']');
    jw_key(w, "per_cpu_mode_ns");
    jw_int(w, LAB_MODE_COUNT);
    jw_key(w, "per_lock");
    jw_open(w, '[');
    for (i = 0; i < SNAP_PER_LOCK_FIELDS; i++) {
        jw_item(w);
        jw_str(w, PER_LOCK[i]);
    }
    jw_close(w, ']');
    jw_key(w, "lock_kinds");
    jw_open(w, '[');
    for (i = 0; i < (int)(sizeof LOCK_KINDS / sizeof LOCK_KINDS[0]); i++) {
        jw_item(w);
        jw_str(w, LOCK_KINDS[i]);
    }
    jw_close(w, ']');
    jw_key(w, "per_queue");
    jw_open(w, '[');
    jw_item(w);
    jw_str(w, "len");
    jw_item(w);
    jw_str(w, "max_len");
    jw_close(w, ']');
    jw_key(w, "per_thread");
    jw_open(w, '[');
    for (i = 0; i < SNAP_PER_THREAD; i++) {
        jw_item(w);
        jw_str(w, PER_THREAD[i]);
    }
    jw_close(w, ']');
    jw_key(w, "thread_states");
    jw_open(w, '[');
    for (i = 0; i < (int)(sizeof THREAD_STATES / sizeof THREAD_STATES[0]); i++) {
        jw_item(w);
        jw_str(w, THREAD_STATES[i]);
    }
    jw_close(w, ']');
    jw_key(w, "levels");
    jw_open(w, '[');
    jw_item(w);
    jw_str(w, "idle");
    jw_item(w);
    jw_str(w, "process");
    jw_item(w);
    jw_str(w, "fork");
    jw_item(w);
    jw_str(w, "interrupt");
    jw_close(w, ']');
    jw_close(w, '}');
}

int metrics_snapshot(const lab_Sim *s, double *out, int cap)
{
    const State *st = s->st;
    int need = SNAP_HEADER + st->nrole + st->ncpu * SNAP_PER_CPU + st->nlock * (SNAP_PER_LOCK_FIELDS + st->ncpu) + st->nqueue * SNAP_PER_QUEUE + st->nthread * SNAP_PER_THREAD;
    int i, k, n = 0;
    double tmp, wakeups = 0, futile = 0;
#define OUT(x)                     \
    do {                           \
        tmp = (double)(x);         \
        if (n < cap) out[n] = tmp; \
        n++;                       \
    } while (0)
    for (i = 0; i < st->nlock; i++) {
        wakeups += (double)st->lock[i].wakeups;
        futile += (double)st->lock[i].futile;
    }
    OUT(st->now);
    OUT(st->events);
    OUT(st->ncpu);
    OUT(st->nlock);
    OUT(st->nqueue);
    OUT(st->now - st->stats_start); /* SNAP_ROLES_AT: the roles' CPUs next */
    for (i = 0; i < st->nrole; i++) OUT(st->role_cpu[i]);
    OUT(st->kernel);
    OUT(st->nthread);
    OUT(st->runq_total);
    OUT(st->dispatches);
    OUT(wakeups);
    OUT(futile);
    OUT(st->posts);
    for (i = 0; i < st->ncpu; i++) {
        const Cpu *c = &s->cpu[i];
        int level = c->isr.prog >= 0 ? LEVEL_INTERRUPT : c->fork.prog >= 0 ? LEVEL_FORK
                                                     : c->proc >= 0        ? LEVEL_PROCESS
                                                                           : LEVEL_IDLE;
        OUT(c->mode);
        OUT(level);
        OUT(c->proc);
        OUT(c->mode == LAB_MODE_SPIN ? c->spin_lock : -1);
        OUT(c->kctx_ns + (c->in_kctx ? st->now - c->mode_since : 0));
        for (k = 0; k < LAB_MODE_COUNT; k++)
            OUT(c->mode_ns[k] + (k == c->mode ? st->now - c->mode_since : 0));
    }
    for (i = 0; i < st->nlock; i++) {
        const Lock *l = &st->lock[i];
        int spin = l->kind == LK_SPIN, t;
        OUT(l->holder);
        OUT(l->reserved);
        OUT(spin ? l->nwait : l->nsleep);
        OUT(lock_held_ns(st, i));
        OUT(l->spin_ns);
        OUT(l->acquisitions);
        OUT(l->kind);
        OUT(l->line);
        OUT(st->line[l->line].owner);
        OUT(spin ? -1 : l->owner);
        OUT(l->nsleep);
        OUT(l->wakeups);
        OUT(l->futile);
        OUT(st->line[l->line].transfers);
        /* who waits: spinning CPUs for a spin lock, sleeping threads for a blocking one */
        t = spin ? -1 : l->sleep_head;
        for (k = 0; k < st->ncpu; k++) { /* one waiter slot per CPU */
            if (spin) OUT(k < l->nwait ? l->wait[k] : -1);
            else {
                OUT(t);
                if (t >= 0) t = s->thr[t].next;
            }
        }
    }
    for (i = 0; i < st->nqueue; i++) {
        OUT(st->queue[i].stats.len);
        OUT(st->queue[i].stats.max_len);
    }
    for (i = 0; i < st->nthread; i++) {
        OUT(s->thr[i].state);
        OUT(s->thr[i].cpu);
    }
#undef OUT
    return need;
}
