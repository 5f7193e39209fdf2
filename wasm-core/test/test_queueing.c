/* Queueing theory: with every side cost at zero the model reduces to textbook queues,
 * and the tests compute the formulas (no stored answers).
 *  (a) one spinlock shared by N processes, exponential think (user work) and hold
 *      (kernel work) times: the finite-source, single-server (machine repairman) model
 *      for lock utilization and mean wait (spin) per acquisition.
 *  (b) the KRP queue fed by Poisson arrivals (background packets) and served by the
 *      designated CPU with constant or exponential service: M/D/1 and M/M/1 mean wait
 *      and mean length (Pollaczek-Khinchine). */
#include <stdio.h>
#include "harness.h"
#include "kernels/openvms/openvms.h"

static void repairman(int n, double think, double hold, double *util, double *wait)
{
    double r = hold / think, term = 1, sum = 1, x;
    int k;
    for (k = 1; k <= n; k++) {
        term *= (double)(n - k + 1) * r;
        sum += term;
    }
    *util = 1 - 1 / sum;
    x = *util / hold;                   /* throughput                               */
    *wait = (n - x * think) / x - hold; /* Little: N - X*Z at the lock, minus service */
}

int main(void)
{
    static const struct {
        int n;
        double think, hold;
    } LOCK[] = {
        { 8, 40000, 2000 },
        { 8, 20000, 2000 },
        { 8, 12500, 2000 },
        { 16, 60000, 2000 },
        { 4, 4000, 2000 },
    };
    int i, kind;
    char buf[8][64];
    for (kind = 0; kind < 2; kind++)
        for (i = 0; i < (int)(sizeof LOCK / sizeof LOCK[0]); i++) {
            const char *set[9];
            lab_Sim *s;
            const Lock *l;
            double util, wait, sim_util, sim_wait, spin = 0, window;
            int c;
            snprintf(buf[0], 64, "machine.cpus=%d", LOCK[i].n);
            snprintf(buf[1], 64, "workload.processes=%d", LOCK[i].n);
            snprintf(buf[2], 64, "workload.user_work.mean_ns=%.0f", LOCK[i].think);
            snprintf(buf[3], 64, "costs.kernel_write.mean_ns=%.0f", LOCK[i].hold);
            snprintf(buf[4], 64, "kernel.lock_kind=%s", kind ? "ticket" : "tas");
            set[0] = buf[0];
            set[1] = buf[1];
            set[2] = buf[2];
            set[3] = buf[3];
            set[4] = buf[4];
            set[5] = "workload.reads_per_txn=0";
            set[6] = "sim.duration_ns=3e9";
            set[7] = "sim.warmup_ns=1e8";
            set[8] = NULL;
            s = h_run(H_NO_SIDE_COSTS, set);
            repairman(LOCK[i].n, LOCK[i].think, LOCK[i].hold, &util, &wait);
            l = &s->st->lock[LOCK_IOLOCK8];
            window = (double)(s->st->now - s->st->stats_start);
            for (c = 0; c < s->st->ncpu; c++) spin += (double)s->cpu[c].mode_ns[LAB_MODE_SPIN];
            sim_util = (double)l->hold_ns / window;
            sim_wait = spin / (double)l->acquisitions;
            CHECK(h_rel(sim_util, util) < 0.05, "%s N=%d rho=%.3f: lock utilization %.4f, repairman %.4f",
                  kind ? "ticket" : "tas", LOCK[i].n, LOCK[i].hold / LOCK[i].think, sim_util, util);
            CHECK(h_rel(sim_wait, wait) < 0.05, "%s N=%d: mean spin %.1f ns, repairman %.1f ns",
                  kind ? "ticket" : "tas", LOCK[i].n, sim_wait, wait);
            printf("  repairman %-6s N=%2d U=%.4f (model %.4f)  W=%7.1f ns (model %7.1f)\n",
                   kind ? "ticket" : "tas", LOCK[i].n, sim_util, util, sim_wait, wait);
            lab_sim_free(s);
        }

    for (kind = 0; kind < 2; kind++) {
        static const double RHO[] = { 0.3, 0.5, 0.65, 0.8 };
        double service = 5000;
        for (i = 0; i < 4; i++) {
            const char *set[8];
            lab_Sim *s;
            const QueueStats *q;
            double lambda = RHO[i] / service, es2 = kind ? service * service : 2 * service * service;
            double wq = lambda * es2 / (2 * (1 - RHO[i])), lq = lambda * wq, window, area;
            snprintf(buf[0], 64, "network.background_rx_pps=%.3f", lambda * 1e9);
            snprintf(buf[1], 64, "costs.rx_kernel.mean_ns=%.0f", service);
            snprintf(buf[2], 64, "costs.rx_kernel.dist=%s", kind ? "const" : "exp");
            set[0] = buf[0];
            set[1] = buf[1];
            set[2] = buf[2];
            set[3] = "kernel.kind=scalable";
            set[4] = "workload.processes=0";
            set[5] = "sim.duration_ns=6e9";
            set[6] = "sim.warmup_ns=1e8";
            set[7] = NULL;
            s = h_run(H_NO_SIDE_COSTS, set);
            q = &s->st->queue[s->st->queue_at[0]].stats; /* the Scalable Kernel's one queue */
            window = (double)(s->st->now - s->st->stats_start);
            area = q->area + (double)q->len * (double)(s->st->now - q->last_change);
            CHECK(h_rel(q->wait_ns / (double)q->served, wq) < 0.05, "%s rho=%.2f: mean wait %.1f, formula %.1f",
                  kind ? "M/D/1" : "M/M/1", RHO[i], q->wait_ns / (double)q->served, wq);
            CHECK(h_rel(area / window, lq) < 0.05, "%s rho=%.2f: mean length %.4f, formula %.4f",
                  kind ? "M/D/1" : "M/M/1", RHO[i], area / window, lq);
            printf("  %s rho=%.2f  Wq=%8.1f ns (formula %8.1f)  Lq=%.4f (formula %.4f)\n",
                   kind ? "M/D/1" : "M/M/1", RHO[i], q->wait_ns / (double)q->served, wq, area / window, lq);
            lab_sim_free(s);
        }
    }
    return h_finish("queueing");
}
