/* The service under a lock (kernels/service): conservation, the textbook queues it
 * reduces to with the side costs off, and the published direction of the ticket lock
 * against the queue lock. The formulas are computed here; no stored answers.
 *  (a) spin with free handoff (cache transfers off): one lock, N CPUs, exponential
 *      think and critical-section times, is the machine repairman model (M/M/1//N),
 *      for tas, ticket and mcs, at three loads.
 *  (b) delegate with posted requests: N - 1 Poisson streams into the server CPU's
 *      queue, exponential service: M/M/1 mean wait and mean length, at three loads.
 *  (c) with cache transfers on, the ticket lock's throughput rises, peaks and falls as
 *      CPUs grow from 1 to 128 (Boyd-Wickizer et al. 2012); the MCS lock's does not fall.
 *  (d) every discipline: CPU time adds up, every request issued is done or in flight,
 *      each lock discipline takes the lock once per request. */
#include <stdio.h>
#include <string.h>
#include "harness.h"

static const char *const SERVICE[] = { "kernel.kind=service", "sim.warmup_ns=1e8", NULL };
static const char *const NAMES[] = { "tas", "ticket", "mcs", "wake_all", "wake_one", "handoff",
                                     "delegate", "combine", "partition" };

static void repairman(int n, double think, double hold, double *util, double *wait)
{
    double r = hold / think, term = 1, sum = 1, x;
    int k;
    for (k = 1; k <= n; k++) {
        term *= (double)(n - k + 1) * r;
        sum += term;
    }
    *util = 1 - 1 / sum;
    x = *util / hold;
    *wait = (n - x * think) / x - hold;
}

/* A number from the report's service section. */
static double svc(lab_Sim *s, const char *key)
{
    const char *r = lab_sim_report_json(s), *p = strstr(r, "\"service\":");
    char pat[64];
    double v = -1;
    snprintf(pat, sizeof pat, "\"%s\":", key);
    if (p && (p = strstr(p, pat))) sscanf(p + strlen(pat), "%lf", &v);
    return v;
}

static void spin_is_repairman(void)
{
    static const struct {
        int n;
        double think, hold;
    } LOAD[] = { { 8, 40000, 2000 }, { 8, 16000, 2000 }, { 12, 10000, 2000 } };
    int kind, i;
    char b[6][64];
    for (kind = 0; kind < 3; kind++)
        for (i = 0; i < 3; i++) {
            const char *set[9];
            lab_Sim *s;
            double util, wait, window, spin = 0;
            const Lock *l;
            int c;
            snprintf(b[0], 64, "machine.cpus=%d", LOAD[i].n);
            snprintf(b[1], 64, "service.think.mean_ns=%.0f", LOAD[i].think);
            snprintf(b[2], 64, "service.critical.mean_ns=%.0f", LOAD[i].hold);
            snprintf(b[3], 64, "service.discipline=%s", NAMES[kind]);
            set[0] = b[0];
            set[1] = b[1];
            set[2] = b[2];
            set[3] = b[3];
            set[4] = "service.think.dist=exp";
            set[5] = "service.critical.dist=exp";
            set[6] = "sim.duration_ns=3e9";
            set[7] = "machine.cache_transfer_ns=0";
            set[8] = NULL;
            s = h_run(SERVICE, set);
            repairman(LOAD[i].n, LOAD[i].think, LOAD[i].hold, &util, &wait);
            l = &s->st->lock[0];
            window = (double)(s->st->now - s->st->stats_start);
            for (c = 0; c < s->st->ncpu; c++) spin += (double)s->cpu[c].mode_ns[LAB_MODE_SPIN];
            CHECK(h_rel((double)l->hold_ns / window, util) < 0.05, "%s N=%d: lock utilization %.4f, repairman %.4f",
                  NAMES[kind], LOAD[i].n, (double)l->hold_ns / window, util);
            CHECK(h_rel(spin / (double)l->acquisitions, wait) < 0.05, "%s N=%d: mean spin %.1f ns, repairman %.1f ns",
                  NAMES[kind], LOAD[i].n, spin / (double)l->acquisitions, wait);
            printf("  repairman %-6s N=%2d U=%.4f (formula %.4f)  W=%7.1f ns (formula %7.1f)\n", NAMES[kind], LOAD[i].n,
                   (double)l->hold_ns / window, util, spin / (double)l->acquisitions, wait);
            lab_sim_free(s);
        }
}

static void delegate_is_mm1(void)
{
    static const double RHO[] = { 0.3, 0.55, 0.8 };
    const double service = 4000;
    const int clients = 8;
    int i;
    char b[2][64];
    for (i = 0; i < 3; i++) {
        const char *set[10];
        lab_Sim *s;
        const QueueStats *q;
        double lambda = RHO[i] / service, wq = lambda * 2 * service * service / (2 * (1 - RHO[i])), lq = lambda * wq;
        double window, area;
        snprintf(b[0], 64, "service.think.mean_ns=%.1f", clients / lambda);
        snprintf(b[1], 64, "service.critical.mean_ns=%.0f", service);
        set[0] = b[0];
        set[1] = b[1];
        set[2] = "service.discipline=delegate";
        set[3] = "service.requests=post";
        set[4] = "machine.cpus=9";
        set[5] = "machine.cache_transfer_ns=0";
        set[6] = "costs.ipi.mean_ns=0";
        set[7] = "sim.duration_ns=6e9";
        set[8] = "service.critical.dist=exp";
        set[9] = NULL;
        s = h_run(SERVICE, set);
        q = &s->st->queue[s->st->queue_at[0]].stats; /* the delegate server's queue */
        window = (double)(s->st->now - s->st->stats_start);
        area = q->area + (double)q->len * (double)(s->st->now - q->last_change);
        CHECK(h_rel(q->wait_ns / (double)q->served, wq) < 0.05, "M/M/1 rho=%.2f: mean wait %.1f, formula %.1f",
              RHO[i], q->wait_ns / (double)q->served, wq);
        CHECK(h_rel(area / window, lq) < 0.05, "M/M/1 rho=%.2f: mean length %.4f, formula %.4f", RHO[i], area / window, lq);
        CHECK(svc(s, "requests_dropped") == 0, "M/M/1 rho=%.2f: nothing dropped", RHO[i]);
        printf("  delegate M/M/1 rho=%.2f  Wq=%8.1f ns (formula %8.1f)  Lq=%.4f (formula %.4f)\n",
               RHO[i], q->wait_ns / (double)q->served, wq, area / window, lq);
        lab_sim_free(s);
    }
}

static void ticket_collapses_mcs_does_not(void)
{
    static const int CPUS[] = { 1, 2, 4, 8, 16, 32, 64, 96, 128 };
    enum { NC = sizeof CPUS / sizeof CPUS[0] };
    double x[2][NC];
    int kind, i, peak[2] = { 0, 0 };
    char b[2][64];
    for (kind = 0; kind < 2; kind++)
        for (i = 0; i < NC; i++) {
            const char *set[8];
            lab_Sim *s;
            snprintf(b[0], 64, "machine.cpus=%d", CPUS[i]);
            snprintf(b[1], 64, "service.discipline=%s", kind ? "mcs" : "ticket");
            set[0] = b[0];
            set[1] = b[1];
            set[2] = "machine.cache_transfer_ns=100";
            set[3] = "service.critical.mean_ns=1000";
            set[4] = "service.think.mean_ns=20000";
            set[5] = "sim.duration_ns=2e8";
            set[6] = "sim.warmup_ns=2e7";
            set[7] = NULL;
            s = h_run(SERVICE, set);
            x[kind][i] = svc(s, "requests_per_s");
            if (x[kind][i] > x[kind][peak[kind]]) peak[kind] = i;
            lab_sim_free(s);
        }
    printf("  CPUs     ticket/s        mcs/s\n");
    for (i = 0; i < NC; i++) printf("  %4d %12.0f %12.0f\n", CPUS[i], x[0][i], x[1][i]);
    CHECK(peak[0] > 0 && peak[0] < NC - 1, "ticket: the peak is inside 1..128 CPUs (at %d)", CPUS[peak[0]]);
    for (i = 1; i <= peak[0]; i++) CHECK(x[0][i] > x[0][i - 1], "ticket rises up to its peak (%d CPUs)", CPUS[i]);
    CHECK(x[0][NC - 1] < 0.5 * x[0][peak[0]], "ticket collapses: %.0f at 128 CPUs against %.0f at its peak",
          x[0][NC - 1], x[0][peak[0]]);
    for (i = peak[1]; i < NC; i++)
        CHECK(x[1][i] > 0.97 * x[1][peak[1]], "mcs holds its peak at %d CPUs (%.0f against %.0f)", CPUS[i], x[1][i], x[1][peak[1]]);
    CHECK(x[1][NC - 1] > 2 * x[0][NC - 1], "mcs at 128 CPUs passes more than twice the ticket lock's requests");
}

static void conservation(void)
{
    int d;
    char b[64];
    for (d = 0; d < 9; d++) {
        const char *set[7];
        lab_Sim *s;
        double window, total = 0;
        int c, m;
        snprintf(b, 64, "service.discipline=%s", NAMES[d]);
        set[0] = b;
        set[1] = "machine.cpus=16";
        set[2] = "machine.cache_transfer_ns=100";
        set[3] = "service.elephant_pct=30";
        set[4] = "sim.duration_ns=1e8";
        set[5] = "sim.warmup_ns=0";
        set[6] = NULL;
        s = h_run(SERVICE, set);
        window = (double)(s->st->now - s->st->stats_start);
        for (c = 0; c < s->st->ncpu; c++)
            for (m = 0; m < LAB_MODE_COUNT; m++) total += (double)s->cpu[c].mode_ns[m];
        CHECK(total == window * s->st->ncpu, "%s: every CPU's every nanosecond is in one mode (%.0f of %.0f)",
              NAMES[d], total, window * s->st->ncpu);
        {
            double rate = svc(s, "requests_per_s"), inflight = svc(s, "requests_in_flight");
            double done = rate * window / 1e9;
            CHECK(inflight >= 0 && inflight <= s->st->ncpu, "%s: requests in flight %.0f, at most one per CPU", NAMES[d], inflight);
            CHECK(svc(s, "requests_dropped") == 0, "%s: nothing dropped", NAMES[d]);
            CHECK(done > 1000, "%s: requests done (%.0f)", NAMES[d], done);
            if (d <= 5)
                CHECK(h_rel((double)s->st->lock[0].acquisitions, done) < 1e-3 + 16 / done,
                      "%s: one acquisition per request (%.0f, %.0f)", NAMES[d], (double)s->st->lock[0].acquisitions, done);
        }
        lab_sim_free(s);
    }
}

int main(void)
{
    spin_is_repairman();
    delegate_is_mm1();
    ticket_collapses_mcs_does_not();
    conservation();
    return h_finish("service");
}
