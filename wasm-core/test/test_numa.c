/* The NUMA model: resource affinity domains of an AlphaServer GS ("OpenVMS AlphaServer
 * GS Series Systems Performance", Covert): one RAD is the machine the other kernels
 * always had; local work makes no remote traffic; striping spreads it evenly; homes
 * and affinity keep processes where they belong; the fair spinlock algorithm is fair
 * where test-and-set favours the CPUs near the line; the dedicated lock manager keeps
 * the lock database in one cache. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "kernels/numa/numa.h"

static const char *const GS160[] = {
    "kernel.kind=numa", "machine.cpus=16", "machine.rads=4", "machine.cache_transfer_ns=330",
    "machine.remote_transfer_ns=960", "workload.processes=16", "workload.user_work.mean_ns=50000",
    "network.disk_io_per_s=0", "network.timer_interval_ns=0",
    "sim.duration_ns=60000000", "sim.warmup_ns=5000000", NULL
};

static double cross(const State *st)
{
    double c = 0;
    int a, b;
    for (a = 0; a < st->rads; a++)
        for (b = 0; b < st->rads; b++)
            if (a != b) c += st->traffic[a][b];
    return c;
}

/* With one RAD, the remote costs are never used: changing them changes nothing. */
static void one_rad_is_uniform(void)
{
    const char *const cases[][3] = {
        { "kernel.kind=classic", NULL, NULL }, { "kernel.kind=scalable", NULL, NULL }, { "kernel.kind=sna", "machine.cpus=4", NULL }, { "kernel.kind=numa", NULL, NULL }
    };
    const char *const remote[] = { "machine.remote_transfer_ns=99999", "machine.memory_remote_ns_per_kb=99999", NULL };
    const char *const shorter[] = { "sim.duration_ns=30000000", "sim.warmup_ns=3000000", NULL };
    int i;
    for (i = 0; i < 4; i++) {
        lab_Scenario *sc = h_scenario(cases[i]);
        lab_Sim *a, *b;
        char *ra;
        h_apply(sc, shorter);
        a = lab_sim_new(sc, NULL);
        lab_sim_run_until(a, 1e18);
        ra = strcpy((char *)lab_alloc((int)strlen(lab_sim_report_json(a)) + 1), lab_sim_report_json(a));
        h_apply(sc, remote);
        b = lab_sim_new(sc, NULL);
        lab_sim_run_until(b, 1e18);
        /* the reports differ only in the scenario they echo: compare from "kernel" on */
        CHECK(strcmp(strstr(ra, "\"kernel\":\""), strstr(lab_sim_report_json(b), "\"kernel\":\"")) == 0,
              "%s: one RAD, remote costs unused", cases[i][0]);
        CHECK(a->st->events == b->st->events && a->st->events > 1000, "%s: same events", cases[i][0]);
        lab_free(ra);
        lab_sim_free(a);
        lab_sim_free(b);
        lab_scenario_free(sc);
    }
}

static void local_is_local(void)
{
    const char *const local[] = { "numa.placement=cpu_affinity", "numa.ro_data=per_rad", "numa.readonly_pct=100",
                                  "numa.locks_per_record=0", "numa.io_per_record=2", NULL };
    lab_Sim *s = h_run(GS160, local);
    const State *st = s->st;
    int r;
    CHECK(cross(st) == 0, "everything local: no remote traffic (%.0f bytes)", cross(st));
    for (r = 0; r < st->rads; r++) CHECK(st->traffic[r][r] > 0, "RAD %d read its own RAM disk", r);
    lab_sim_free(s);
}

/* Striped data: every RAD's CPUs read from every RAD alike. */
static void striping_spreads(void)
{
    const char *const striped[] = { "numa.placement=home_rad", "numa.ro_data=striped", "numa.rw_data=striped",
                                    "numa.locks_per_record=0", "numa.io_per_record=4", NULL };
    lab_Sim *s = h_run(GS160, striped);
    const State *st = s->st;
    int a, b, ok = 1;
    for (b = 0; b < st->rads; b++) {
        double col = 0;
        for (a = 0; a < st->rads; a++) col += st->traffic[a][b];
        for (a = 0; a < st->rads; a++)
            if (fabs(st->traffic[a][b] / col - 0.25) > 0.025) {
                ok = 0;
                fprintf(stderr, "RAD %d read %.3f of its bytes from RAD %d\n", b, st->traffic[a][b] / col, a);
            }
    }
    CHECK(ok, "striping: each RAD's reads spread evenly over the 4 RADs (within 10%%)");
    lab_sim_free(s);
}

static void placement_holds(void)
{
    const char *const homes[] = { "numa.placement=home_rad", "workload.processes=40", "workload.think.mean_ns=20000", NULL };
    const char *const bound[] = { "numa.placement=cpu_affinity", "workload.processes=40", "workload.think.mean_ns=20000", NULL };
    lab_Sim *s = h_run(GS160, homes);
    int t, ok = 1;
    for (t = 0; t < s->st->nthread; t++) {
        const Thread *th = &s->thr[t];
        int cpu = th->cpu >= 0 ? th->cpu : th->last_cpu;
        if (cpu >= 0 && rad_of(s->st, cpu) != th->home_rad) ok = 0;
    }
    CHECK(ok, "home RAD: every process runs on a CPU of its home RAD");
    CHECK(s->st->dispatches > 100, "home RAD: processes were switched (%llu)", (unsigned long long)s->st->dispatches);
    lab_sim_free(s);
    s = h_run(GS160, bound);
    ok = 1;
    for (t = 0; t < s->st->nthread; t++) {
        const Thread *th = &s->thr[t];
        int cpu = th->cpu >= 0 ? th->cpu : th->last_cpu;
        if (cpu >= 0 && cpu != th->bound) ok = 0;
    }
    CHECK(ok, "hard affinity: every process runs only on its CPU");
    lab_sim_free(s);
}

/* High contention on one spinlock homed in RAD 0: test-and-set favours RAD 0; the
 * fair algorithm gives every CPU the same share. */
static void spinlock_fairness(void)
{
    const char *const hot[] = { "numa.placement=cpu_affinity", "numa.io_per_record=0", "numa.locks_per_record=1",
                                "workload.user_work.mean_ns=2000", NULL };
    const char *const tas[] = { "kernel.lock_kind=tas", NULL }, *const fair[] = { "kernel.lock_kind=fair", NULL };
    double w[LAB_MAX_CPUS], rad0 = 0, rest = 0;
    int c;
    lab_Scenario *sc = h_scenario(GS160);
    lab_Sim *s;
    h_apply(sc, hot);
    h_apply(sc, tas);
    s = lab_sim_new(sc, NULL);
    lab_sim_run_until(s, 1e18);
    for (c = 0; c < 16; c++) {
        w[c] = (double)s->st->wins[c];
        if (c < 4) rad0 += w[c];
        else rest += w[c];
    }
    CHECK(rad0 / 4 > 1.2 * rest / 12, "tas: RAD 0's CPUs win more (%.0f against %.0f per CPU)", rad0 / 4, rest / 12);
    lab_sim_free(s);
    h_apply(sc, fair);
    s = lab_sim_new(sc, NULL);
    lab_sim_run_until(s, 1e18);
    for (c = 0; c < 16; c++) w[c] = (double)s->st->wins[c];
    CHECK(jain_index(w, 16) >= 0.99, "fair: Jain index %.4f", jain_index(w, 16));
    lab_sim_free(s);
    lab_scenario_free(sc);
    CHECK(fabs(jain_index((const double[]){ 1, 1, 1, 1 }, 4) - 1) < 1e-12, "Jain of equal shares is 1");
    CHECK(fabs(jain_index((const double[]){ 4, 0, 0, 0 }, 4) - 0.25) < 1e-12, "Jain of one taking all is 1/n");
}

/* The dedicated lock manager: no one spins for LCKMGR, the database stays in one cache,
 * and every request is served. */
static void dedicated_lock_manager(void)
{
    const char *const ded[] = { "numa.lock_manager=dedicated", "workload.processes=15", NULL };
    lab_Sim *s = h_run(GS160, ded);
    const State *st = s->st;
    CHECK(numa_state(st)->lckmgr_cpu == 3, "LCKMGR_SERVER on the last CPU of RAD 0 (%d)", numa_state(st)->lckmgr_cpu);
    CHECK(st->lock[2].acquisitions == 0, "nobody takes the LCKMGR spinlock");
    CHECK(numa_state(st)->lock_ops > 1000 && numa_state(st)->lm_served + 16 >= numa_state(st)->lock_ops && numa_state(st)->lm_served <= numa_state(st)->lock_ops + 16,
          "every request served (%llu ops, %llu served)", (unsigned long long)numa_state(st)->lock_ops, (unsigned long long)numa_state(st)->lm_served);
    CHECK(s->cpu[3].mode_ns[LAB_MODE_IDLE] == 0 && s->cpu[3].mode_ns[LAB_MODE_USER] == 0,
          "the lock manager's CPU runs nothing else");
    lab_sim_free(s);
}

/* A batch run ends when its last process does, and the reporter comes last. */
static void batch_run_ends(void)
{
    const char *const run[] = { "numa.records=20", "numa.reporter_records=10", "sim.warmup_ns=0",
                                "sim.duration_ns=10000000000", NULL };
    lab_Sim *s = h_run(GS160, run);
    CHECK(numa_state(s->st)->run_done_at > 0 && s->st->now == numa_state(s->st)->run_done_at, "the run ended at %lld", (long long)numa_state(s->st)->run_done_at);
    CHECK(s->st->txns == 16 * 20 + 10, "every record done (%llu)", (unsigned long long)s->st->txns);
    CHECK(lab_sim_done(s), "the simulation is done");
    lab_sim_free(s);
}

static void refuses(void)
{
    lab_Scenario *sc = lab_scenario_new();
    const char *const bad[] = { "machine.cpus=2", "machine.rads=4", NULL };
    h_apply(sc, bad);
    CHECK(lab_scenario_validate(sc) == LAB_ERR_INCONSISTENT && strstr(lab_scenario_error(sc), "machine.rads"),
          "more RADs than CPUs refused: %s", lab_scenario_error(sc));
    lab_scenario_free(sc);
    sc = lab_scenario_new();
    {
        const char *const far[] = { "machine.cpus=8", "machine.rads=2", "numa.data_rad=3", NULL };
        h_apply(sc, far);
    }
    CHECK(lab_scenario_validate(sc) == LAB_ERR_INCONSISTENT && strstr(lab_scenario_error(sc), "numa.data_rad"),
          "data in a RAD the machine lacks refused: %s", lab_scenario_error(sc));
    lab_scenario_free(sc);
}

int main(void)
{
    one_rad_is_uniform();
    local_is_local();
    striping_spreads();
    placement_holds();
    spinlock_fairness();
    dedicated_lock_manager();
    batch_run_ends();
    refuses();
    return h_finish("numa");
}
