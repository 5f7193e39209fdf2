/* The SNA Server/6000 model: the thundering herd in numbers, and each remedy of the
 * port improving what the source says it improves ("SNA Server/6000 Performance on
 * SMP", Bulka, Hermanson, Selvaggi, Sime). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

/* ---- the herd: k sleepers on a blocking lock, one release ----------------------------
 * Every thread runs ACQ, a long critical section, REL, then sleeps for good. They all
 * start together on their own CPUs: one takes the lock, k sleep on it. Its release
 * wakes them (wake all); they are dispatched together and the first to retry wins, so
 * k - 1 wake-ups are futile. With a hand-off, the lock goes to one sleeper: no futile
 * wake-up at all. Each sleeper the release wakes costs its releaser one
 * sna.costs.lock_wakeup (AIX's e_wakeup work), and reaches the run queue when that
 * work for it is done: the releaser's CPU spends the critical section and k (or one)
 * wake-ups in kernel mode, and the next holder takes the lock one wake-up later. */
static const Phase CONTEND[] = {
    { OP_ACQ, 0, FAM_NONE }, /* hs_region                      */
    { OP_WORK, LAB_MODE_KERNEL, C_SNA_HS_WORK },
    { OP_REL, 0, FAM_NONE },
    { OP_THINK, 0, 0 },
    { OP_JMP, 0, 0 },
};

#define HERD_WORK 100000

typedef struct Herd {
    uint64_t wakeups, futile;
    double releaser_kernel_ns; /* kernel time of the CPU whose thread released first */
    double second_hold_start;  /* when the lock's next holder took it                */
} Herd;

static Herd herd(int k, const char *kind, double wake_ns)
{
    const char *const set[] = {
        "kernel.kind=sna", "machine.cpus=8", "sna.sessions=3", "machine.cache_transfer_ns=0",
        "costs.context_switch.dist=const", "costs.context_switch.mean_ns=1000",
        "sna.costs.hs_work.dist=const", "sna.costs.hs_work.mean_ns=100000",
        "sna.costs.lock_wakeup.dist=const",
        "workload.think.dist=const", "workload.think.mean_ns=10000000000",
        "sim.warmup_ns=0", "sim.duration_ns=190000", NULL
    };
    char kind_set[64], wake_set[64];
    const char *const more[] = { kind_set, wake_set, NULL };
    lab_Scenario *sc;
    lab_Sim *s;
    Herd h;
    int t;
    snprintf(kind_set, sizeof kind_set, "sna.lock_kind=%s", kind);
    snprintf(wake_set, sizeof wake_set, "sna.costs.lock_wakeup.mean_ns=%.0f", wake_ns);
    sc = h_scenario(set);
    h_apply(sc, more);
    s = lab_sim_new(sc, NULL);
    /* k + 1 threads contend; the rest sleep from the start. Every thread has been
     * dispatched at time 0 and will continue with its saved program after switch-in. */
    s->prog[PROG_PROCESS].phase = CONTEND;
    s->prog[PROG_PROCESS].n = (int)(sizeof CONTEND / sizeof CONTEND[0]);
    for (t = 0; t < s->st->nthread; t++) {
        s->thr[t].ctx.saved_prog = PROG_PROCESS;
        s->thr[t].ctx.saved_pc = t <= k ? 0 : 3;
    }
    /* The run ends after one release: the next holder is still in its critical section
     * (from about 111 us to about 211 us), and every sleeper has retried. */
    lab_sim_run_until(s, 190000);
    memset(&h, 0, sizeof h);
    h.wakeups = s->st->lock[0].wakeups;
    h.futile = s->st->lock[0].futile;
    h.second_hold_start = (double)s->st->lock[0].hold_start;
    for (t = 0; t <= k; t++) /* the first holder: asleep in its think, lock released */
        if (s->thr[t].state == T_SLEEPING && s->thr[t].ctx.pc == 4)
            h.releaser_kernel_ns = (double)s->cpu[s->thr[t].last_cpu].mode_ns[LAB_MODE_KERNEL];
    lab_sim_free(s);
    lab_scenario_free(sc);
    return h;
}

static void check_herd(void)
{
    int k;
    for (k = 1; k <= 7; k++) {
        Herd free_ = herd(k, "lockl", 0), h = herd(k, "lockl", 10000);
        CHECK(h.wakeups == (uint64_t)k && h.futile == (uint64_t)(k - 1),
              "wake all, %d sleepers: %d wake-ups and %d futile (got %llu, %llu)", k, k, k - 1,
              (unsigned long long)h.wakeups, (unsigned long long)h.futile);
        CHECK(free_.releaser_kernel_ns == HERD_WORK && h.releaser_kernel_ns == HERD_WORK + k * 10000.0,
              "wake all, %d sleepers: the releaser spends its critical section and %d wake-ups of 10 us "
              "(got %.0f ns; %.0f with wake-ups free)",
              k, k, h.releaser_kernel_ns, free_.releaser_kernel_ns);
        CHECK(h.second_hold_start == free_.second_hold_start + 10000,
              "wake all, %d sleepers: the first sleeper reaches the run queue one wake-up after the release "
              "(next holder at %.0f ns; %.0f with wake-ups free)",
              k, h.second_hold_start, free_.second_hold_start);
        free_ = herd(k, "handoff", 0);
        h = herd(k, "handoff", 10000);
        CHECK(h.wakeups == 1 && h.futile == 0, "hand-off, %d sleepers: 1 wake-up, none futile (got %llu, %llu)", k,
              (unsigned long long)h.wakeups, (unsigned long long)h.futile);
        CHECK(h.releaser_kernel_ns == HERD_WORK + 10000.0 && free_.releaser_kernel_ns == HERD_WORK,
              "hand-off, %d sleepers: the releaser pays one wake-up (got %.0f ns)", k, h.releaser_kernel_ns);
    }
}

/* ---- remedies, one at a time ----------------------------------------------------------- */

/* The 4-way machine of the source as first ported (see lessons/scenarios/sna-*.json). */
static const char *const BEFORE[] = {
    "kernel.kind=sna", "machine.cpus=4",
    "costs.context_switch.mean_ns=30000", "costs.syscall.mean_ns=20000",
    "costs.copy_per_kb.mean_ns=10000", "costs.rx_interrupt.mean_ns=30000",
    "sim.warmup_ns=100000000", "sim.duration_ns=1100000000", NULL
};

typedef struct Measure {
    double cs_per_rt, futile_per_rt, miss, locks_per_rt, max_hold, main_hold_ns, misses_per_rt,
        heap_acq, pool_line_transfers, table_contended, cpu_per_rt;
} Measure;

static double num_after(const char *r, const char *key)
{
    const char *at = strstr(r, key);
    return at ? strtod(at + strlen(key), NULL) : NAN;
}

static Measure measure(const char *const *more)
{
    lab_Sim *s = h_run(BEFORE, more);
    State *st = s->st;
    Measure m;
    const char *r = lab_sim_report_json(s);
    double busy = 0;
    int i, k;
    memset(&m, 0, sizeof m);
    m.cs_per_rt = (double)st->dispatches / (double)st->txns;
    m.miss = num_after(r, "\"lock_miss_rate_pct\":");
    for (i = 0; i < st->nlock; i++) {
        const Lock *l = &st->lock[i];
        const char *name = lock_name(s, i);
        double hold = (double)lock_held_ns(st, i) / (double)(st->now - st->stats_start);
        m.futile_per_rt += (double)l->futile / (double)st->txns;
        m.locks_per_rt += (double)l->acquisitions / (double)st->txns;
        m.misses_per_rt += (double)l->contended / (double)st->txns;
        if (hold > m.max_hold) m.max_hold = hold;
        if (strcmp(name, "xmalloc_heap") == 0) m.heap_acq = (double)l->acquisitions;
        if (strncmp(name, "pool[", 5) == 0 && st->line[l->line].nlocks > 0)
            m.pool_line_transfers += (double)st->line[l->line].transfers;
        if ((strcmp(name, "session_table") == 0 || strncmp(name, "bucket[", 7) == 0) && l->acquisitions)
            m.table_contended += (double)l->contended / (double)st->txns;
    }
    { /* mean hold of the main critical section: region lock, or all session locks */
        double hold = 0, acq = 0;
        for (i = 0; i < st->nlock; i++) {
            const char *name = lock_name(s, i);
            if (strcmp(name, "hs_region") == 0 || strncmp(name, "session[", 8) == 0) {
                hold += (double)st->lock[i].hold_ns;
                acq += (double)st->lock[i].acquisitions;
            }
        }
        m.main_hold_ns = acq > 0 ? hold / acq : 0;
    }
    for (i = 0; i < st->ncpu; i++)
        for (k = 0; k < LAB_MODE_COUNT; k++)
            if (k != LAB_MODE_IDLE) busy += (double)s->cpu[i].mode_ns[k];
    m.cpu_per_rt = busy / (double)st->txns;
    lab_sim_free(s);
    return m;
}

static void check_remedies(void)
{
    const char *const none[] = { NULL };
    const char *const simple[] = { "sna.lock_kind=simple", NULL };
    const char *const data[] = { "sna.granularity=data", NULL };
    const char *const copy[] = { "sna.copy=outside_lock", NULL };
    const char *const hash[] = { "sna.search=hash", NULL };
    const char *const passed[] = { "sna.snaipcm=passed", NULL };
    const char *const post[] = { "sna.post=after_unlock", NULL };
    const char *const pool[] = { "sna.alloc=pool", NULL };
    const char *const pool_separate[] = { "sna.alloc=pool", "sna.lock_lines=separate", NULL };
    const char *const data_table[] = { "sna.granularity=data", "sna.lock_kind=simple", NULL };
    const char *const data_buckets[] = { "sna.granularity=data", "sna.lock_kind=simple", "sna.table_lock=buckets", NULL };
    Measure b = measure(none), m;

    m = measure(simple); /* the thundering herd: fewer misses, no futile wake-ups, fewer switches */
    CHECK(m.futile_per_rt == 0 && b.futile_per_rt > 0 && m.cs_per_rt < b.cs_per_rt && m.miss < b.miss,
          "simple locks: futile wake-ups %.2f -> %.2f per round trip, context switches %.2f -> %.2f, miss rate %.1f%% -> %.1f%%",
          b.futile_per_rt, m.futile_per_rt, b.cs_per_rt, m.cs_per_rt, b.miss, m.miss);
    m = measure(data); /* data locks: simultaneous access, the hottest lock held less */
    CHECK(m.max_hold < b.max_hold, "data locks: the hottest lock held %.1f%% -> %.1f%% of the time",
          100 * b.max_hold, 100 * m.max_hold);
    m = measure(copy); /* copy outside: shorter critical section */
    CHECK(m.main_hold_ns < b.main_hold_ns, "copy outside the lock: mean hold %.1f -> %.1f us",
          b.main_hold_ns / 1e3, m.main_hold_ns / 1e3);
    m = measure(hash); /* hash table: shorter hold and fewer instructions */
    CHECK(m.main_hold_ns < b.main_hold_ns && m.cpu_per_rt < b.cpu_per_rt,
          "hash table: mean hold %.1f -> %.1f us, CPU per round trip %.0f -> %.0f us",
          b.main_hold_ns / 1e3, m.main_hold_ns / 1e3, b.cpu_per_rt / 1e3, m.cpu_per_rt / 1e3);
    m = measure(passed); /* the mapping passed along: far fewer lock calls */
    CHECK(m.locks_per_rt < 0.5 * b.locks_per_rt, "snaipcm passed along: lock calls per round trip %.1f -> %.1f",
          b.locks_per_rt, m.locks_per_rt);
    m = measure(post); /* post after unlock: the posted thread finds the lock free */
    CHECK(m.misses_per_rt < b.misses_per_rt, "post after unlock: lock misses per round trip %.2f -> %.2f",
          b.misses_per_rt, m.misses_per_rt);
    m = measure(pool); /* pools: no system heap lock */
    CHECK(m.heap_acq == 0 && b.heap_acq > 0 && m.cpu_per_rt < b.cpu_per_rt,
          "private pools: heap lock taken %.0f -> %.0f times, CPU per round trip %.0f -> %.0f us",
          b.heap_acq, m.heap_acq, b.cpu_per_rt / 1e3, m.cpu_per_rt / 1e3);
    { /* false sharing, given the pools' per-CPU locks it is about */
        Measure shared = measure(pool), separate = measure(pool_separate);
        CHECK(shared.pool_line_transfers > 0 && separate.pool_line_transfers * 5 <= shared.pool_line_transfers,
              "separate cache lines: pool lock line transfers %.0f -> %.0f", shared.pool_line_transfers,
              separate.pool_line_transfers);
    }
    { /* bucket locks, given data locks (the table lock exists only then) */
        Measure table = measure(data_table), buckets = measure(data_buckets);
        CHECK(buckets.table_contended < table.table_contended,
              "bucket locks: connection-table misses per round trip %.3f -> %.3f",
              table.table_contended, buckets.table_contended);
    }
}

int main(void)
{
    check_herd();
    check_remedies();
    return h_finish("sna");
}
