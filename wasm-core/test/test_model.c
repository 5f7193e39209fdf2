/* Model invariants over many scenarios: conservation (every CPU's modes sum to the
 * measured window), determinism (same seed, same report; another seed, another), and
 * checkpoint/restore (a restored run ends exactly like the original). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

static const char *const SHORT[] = { "sim.duration_ns=30000000", "sim.warmup_ns=5000000", NULL };

static const char *const CASES[][10] = {
    { "kernel.kind=classic", NULL },
    { "kernel.kind=scalable", NULL },
    { "kernel.kind=classic", "kernel.lock_kind=ticket", "machine.cpus=4", NULL },
    { "kernel.kind=scalable", "machine.cpus=1", "workload.processes=3", NULL },
    { "kernel.kind=scalable", "kernel.designated_cpu=0", "machine.cpus=8", NULL },
    { "kernel.kind=classic", "machine.cpus=64", "workload.processes=300", NULL },
    { "kernel.kind=scalable", "machine.cpus=64", "workload.processes=300", NULL },
    { "kernel.kind=classic", "workload.message_bytes=9000", "workload.reads_per_txn=3", NULL },
    { "kernel.kind=scalable", "workload.writes_per_txn=0", "workload.reads_per_txn=2", NULL },
    { "kernel.kind=scalable", "workload.reads_per_txn=0", "workload.think.mean_ns=100000", NULL },
    { "kernel.kind=classic", "workload.processes=0", "network.background_rx_pps=50000", NULL },
    { "kernel.kind=scalable", "costs.wake.dist=uniform", "costs.wake.spread_ns=500", "costs.syscall.dist=const", NULL },
    { "kernel.kind=scalable", "network.background_rx_pps=5000000", "machine.cpus=2", NULL },
    { "kernel.kind=sna", "machine.cpus=4", "sna.sessions=40", NULL },
    { "kernel.kind=sna", "machine.cpus=1", "sna.sessions=40", NULL },
    { "kernel.kind=sna", "machine.cpus=4", "sna.lock_kind=handoff", "sna.alloc=pool", "sched.cache_reload.mean_ns=5000", NULL },
    { "kernel.kind=sna", "machine.cpus=8", "sna.lock_kind=simple", "sna.granularity=data", "sna.table_lock=buckets", NULL },
    { "kernel.kind=sna", "machine.cpus=3", "sna.alloc=pool", "sched.affinity=bind_kprocs", "sna.sessions=7", NULL },
    { "kernel.kind=classic", "machine.rads=4", "kernel.lock_kind=fair", NULL },
    { "kernel.kind=numa", "machine.rads=4", "workload.processes=24", "workload.user_work.mean_ns=50000", NULL },
    { "kernel.kind=numa", "machine.cpus=8", "machine.rads=2", "numa.lock_manager=dedicated", "numa.placement=cpu_affinity",
      "numa.ro_data=striped", "workload.user_work.mean_ns=20000", NULL },
    { "kernel.kind=numa", "machine.cpus=12", "machine.rads=3", "numa.placement=none", "numa.records=30",
      "numa.reporter_records=20", "numa.reporter_cpu=0", "workload.user_work.mean_ns=100000", "sim.warmup_ns=0", NULL },
    /* the network benchmark: exponential costs somewhere in each, so the seed matters */
    { "kernel.kind=onload", "machine.cpus=4", "net.costs.wake.dist=exp", "net.costs.irq.dist=exp", NULL },
    { "kernel.kind=onload", "machine.cpus=4", "net.stack=onload", "net.costs.onload_poll.dist=exp", NULL },
    { "kernel.kind=onload", "machine.cpus=2", "net.stack=vnic", "net.hw_latency_ns=0", "net.message_bytes=3000", NULL },
    { "kernel.kind=onload", "machine.cpus=4", "net.message_bytes=1048576", "net.moderation_ns=60000",
      "net.costs.kernel_rx_packet.dist=uniform", "net.costs.kernel_rx_packet.spread_ns=100", NULL },
    { "kernel.kind=onload", "machine.cpus=8", "net.test=udp_send", "net.stack=onload", "net.senders=4",
      "net.stacks=shared", "net.costs.atomic.dist=exp", NULL },
    { "kernel.kind=onload", "machine.cpus=8", "net.test=udp_send", "net.stack=onload", "net.senders=3",
      "net.stacks=shared", "net.prequeue=off", "net.costs.onload_send.dist=exp", NULL },
    { "kernel.kind=onload", "machine.cpus=4", "net.test=udp_send", "net.senders=2", "net.costs.kernel_send.dist=exp", NULL },
    { "kernel.kind=onload", "machine.cpus=2", "net.test=udp_receive", "net.offered_pps=3000000",
      "net.costs.kernel_recv.dist=exp", NULL },
    { "kernel.kind=onload", "machine.cpus=4", "net.test=udp_receive", "net.stack=onload", "net.spin_ns=0",
      "net.costs.app_work.dist=exp", "net.costs.app_work.mean_ns=20000", NULL },
    { "kernel.kind=onload", "machine.cpus=4", "net.test=tcp_stream", "net.irq_cpu=other_core", "net.moderation_ns=60000",
      "net.message_bytes=100", "net.costs.kernel_tcp_send.dist=exp", NULL },
    { "kernel.kind=onload", "machine.cpus=2", "net.test=tcp_stream", "net.stack=onload", "net.message_bytes=70000",
      "net.window_bytes=20000", "net.costs.onload_recv.dist=exp", NULL },
    /* HP-UX 9.0: copy avoidance over FDDI, the forced copies, loopback */
    { "kernel.kind=hpux", "machine.cpus=2", "net.message_bytes=4096", "net.mss=4096", "net.link_bits_per_s=100000000",
      "hpux.send_copyavoid=on", "hpux.recv_copyavoid=on", "hpux.send_buffers=9", "hpux.costs.ack.dist=exp", NULL },
    { "kernel.kind=hpux", "machine.cpus=2", "net.message_bytes=4096", "net.mss=4096", "net.link_bits_per_s=100000000",
      "hpux.send_copyavoid=on", "hpux.send_buffers=3", "hpux.recv_dirty_bytes=100", "hpux.costs.cow_fault.dist=exp", NULL },
    { "kernel.kind=hpux", "machine.cpus=2", "hpux.interface=eisa_fddi", "net.message_bytes=3000", "net.mss=1460",
      "net.costs.irq.dist=exp", NULL },
    { "kernel.kind=hpux", "machine.cpus=1", "hpux.interface=lan0_loopback", "net.message_bytes=4096", "net.mss=4096",
      "hpux.costs.checksum_per_kb.dist=uniform", "hpux.costs.checksum_per_kb.spread_ns=5000", "net.costs.wake.dist=exp", NULL },
    { "kernel.kind=hpux", "machine.cpus=1", "hpux.interface=lo0", "hpux.send_copyavoid=on", "net.message_bytes=8192",
      "net.mss=4096", "hpux.so_sndbuf=65536", "net.costs.context_switch.dist=exp", NULL },
};

static int conserved(lab_Sim *s)
{
    State *st = s->st;
    int i, k, ok = 1;
    for (i = 0; i < st->ncpu; i++) {
        int64_t sum = 0;
        for (k = 0; k < LAB_MODE_COUNT; k++) sum += s->cpu[i].mode_ns[k];
        if (sum != st->now - st->stats_start) {
            fprintf(stderr, "cpu %d: modes sum to %lld, window %lld\n", i, (long long)sum,
                    (long long)(st->now - st->stats_start));
            ok = 0;
        }
    }
    return ok;
}

static char *dup_report(lab_Sim *s)
{
    const char *r = lab_sim_report_json(s);
    char *c = (char *)lab_alloc((int)strlen(r) + 1);
    strcpy(c, r);
    return c;
}

/* Runs a scenario to its end twice, once with run_until and once an event at a time:
 * both stop at end_ns with the same report. */
static int step_equals_run(const char *const *settings, double end_ns)
{
    lab_Scenario *sc = h_scenario(settings);
    lab_Sim *a = lab_sim_new(sc, NULL), *b = lab_sim_new(sc, NULL);
    char *ra;
    int same;
    lab_sim_run_until(a, 1e18);
    ra = dup_report(a);
    while (lab_sim_step(b, 1) == 1) {}
    same = lab_sim_done(b) && lab_sim_now(b) == end_ns && strcmp(ra, lab_sim_report_json(b)) == 0;
    lab_free(ra);
    lab_sim_free(a);
    lab_sim_free(b);
    lab_scenario_free(sc);
    return same;
}


/* Acquire records say how long the CPU spun: each one with arg > 0 ends a spin that
 * began (the CPU's first spin entry since its previous acquire) exactly arg ns before.
 * Returns the number of such records checked, or -1 on a mismatch. */
static int acquire_spins_match(const char *const *settings)
{
    lab_Scenario *sc = h_scenario(settings);
    lab_Sim *s = lab_sim_new(sc, NULL);
    lab_TraceRecord *buf = (lab_TraceRecord *)lab_alloc(4096 * (int)sizeof *buf);
    double first_spin[LAB_MAX_CPUS];
    int i, n, checked = 0, bad = 0;
    for (i = 0; i < LAB_MAX_CPUS; i++) first_spin[i] = -1;
    while (!lab_sim_done(s)) {
        lab_sim_run_until(s, lab_sim_now(s) + 20000);
        while ((n = lab_trace_read(s, buf, 4096)) > 0) {
            for (i = 0; i < n; i++) {
                const lab_TraceRecord *r = &buf[i];
                if (r->cpu < 0) continue;
                if (r->kind == LAB_TRACE_MODE && r->object == LAB_MODE_SPIN && first_spin[r->cpu] < 0)
                    first_spin[r->cpu] = r->t_ns;
                if (r->kind == LAB_TRACE_ACQUIRE) {
                    if (r->arg > 0) {
                        checked++;
                        if (first_spin[r->cpu] < 0 || r->t_ns - r->arg != first_spin[r->cpu]) {
                            if (bad++ < 3) fprintf(stderr, "acquire on cpu %d at %.0f: arg %.0f, spin began at %.0f\n",
                                                   r->cpu, r->t_ns, r->arg, first_spin[r->cpu]);
                        }
                    }
                    first_spin[r->cpu] = -1;
                }
            }
        }
    }
    CHECK(lab_trace_dropped(s) == 0, "no trace record dropped");
    lab_free(buf);
    lab_sim_free(s);
    lab_scenario_free(sc);
    return bad ? -1 : checked;
}

int main(void)
{
    int n = (int)(sizeof CASES / sizeof CASES[0]), i;
    for (i = 0; i < n; i++) {
        lab_Sim *a = h_run(SHORT, CASES[i]), *b = h_run(SHORT, CASES[i]);
        char *ra = dup_report(a), *rb = dup_report(b);
        CHECK(conserved(a), "case %d (%s): modes sum to the window", i, CASES[i][0]);
        CHECK(a->st->events > 100, "case %d ran (%llu events)", i, (unsigned long long)a->st->events);
        CHECK(strcmp(ra, rb) == 0, "case %d: same scenario and seed, same report", i);
        {
            const char *seed2[] = { "sim.seed=2", NULL };
            lab_Sim *c = h_run(SHORT, CASES[i]);
            lab_Sim *d;
            lab_sim_free(c);
            d = h_run(CASES[i], seed2);
            CHECK(strcmp(ra, lab_sim_report_json(d)) != 0, "case %d: another seed, another report", i);
            lab_sim_free(d);
        }
        lab_free(ra);
        lab_free(rb);
        lab_sim_free(a);
        lab_sim_free(b);
    }

    { /* conservation holds at any moment, not only at the end */
        lab_Scenario *sc = h_scenario(SHORT);
        lab_Sim *s = lab_sim_new(sc, NULL);
        double t;
        int ok = 1;
        for (t = 1e6; t <= 30e6; t += 3.7e6) {
            lab_sim_run_until(s, t);
            engine_flush_modes(s);
            ok &= conserved(s);
        }
        CHECK(ok, "conservation at every stop");
        lab_sim_free(s);
        lab_scenario_free(sc);
    }

    { /* checkpoint and restore */
        const char *const ks[] = { "kernel.kind=scalable", "sim.trace_capacity=1000", NULL };
        lab_Scenario *sc = h_scenario(SHORT);
        lab_Scenario *other = h_scenario(ks);
        lab_Sim *s, *t, *u;
        char *ref, *cp;
        int size;
        lab_scenario_set_text(sc, "kernel.kind", "scalable");
        s = lab_sim_new(sc, NULL);
        t = lab_sim_new(sc, NULL);
        u = lab_sim_new(other, NULL);
        lab_sim_run_until(s, 12e6);
        size = lab_sim_checkpoint_size(s);
        cp = (char *)lab_alloc(size);
        CHECK(lab_sim_checkpoint(s, cp, size - 1) == LAB_ERR_BUFFER, "small buffer refused");
        CHECK(lab_sim_checkpoint(s, cp, size) == LAB_OK, "checkpoint");
        lab_sim_run_until(s, 1e18);
        ref = dup_report(s);
        CHECK(lab_sim_restore(s, cp, size) == LAB_OK && lab_sim_now(s) == 12e6, "restore rewinds");
        lab_sim_run_until(s, 1e18);
        CHECK(strcmp(ref, lab_sim_report_json(s)) == 0, "the restored run ends identically");
        CHECK(lab_sim_restore(t, cp, size) == LAB_OK, "restore into another handle of the same scenario");
        lab_sim_run_until(t, 1e18);
        CHECK(strcmp(ref, lab_sim_report_json(t)) == 0, "and it ends identically there too");
        CHECK(lab_sim_restore(u, cp, lab_sim_checkpoint_size(u)) == LAB_ERR_CHECKPOINT,
              "a checkpoint of another scenario is refused");
        cp[8] ^= 1;
        CHECK(lab_sim_restore(t, cp, size) == LAB_ERR_CHECKPOINT, "a damaged checkpoint is refused");
        lab_free(cp);
        lab_free(ref);
        lab_sim_free(s);
        lab_sim_free(t);
        lab_sim_free(u);
        lab_scenario_free(sc);
        lab_scenario_free(other);
    }

    { /* the acquire record's arg is the time spent spinning for the lock */
        const char *const tas[] = { "kernel.kind=classic", "machine.cpus=8", "sim.duration_ns=20000000",
                                    "sim.warmup_ns=0", "sim.trace_capacity=200000", NULL };
        const char *const ticket[] = { "kernel.kind=classic", "kernel.lock_kind=ticket", "machine.cpus=16",
                                       "sim.duration_ns=20000000", "sim.warmup_ns=0", "sim.trace_capacity=200000", NULL };
        const char *const scalable[] = { "kernel.kind=scalable", "machine.cpus=16", "sim.duration_ns=20000000",
                                         "sim.warmup_ns=0", "sim.trace_capacity=200000", NULL };
        CHECK(acquire_spins_match(tas) > 100, "test-and-set: acquire arg = spin since the CPU began to spin");
        CHECK(acquire_spins_match(ticket) > 100, "ticket: acquire arg = spin since the CPU began to spin");
        CHECK(acquire_spins_match(scalable) > 100, "scalable: acquire arg = spin since the CPU began to spin");
    }

    /* stepping one event at a time reaches the same end as running, also when no event
     * falls exactly on the end */
    CHECK(step_equals_run(SHORT, 30000000), "step = run");
    {
        const char *const odd[] = { "sim.duration_ns=29876543", "sim.warmup_ns=5000000", NULL };
        CHECK(step_equals_run(odd, 29876543), "step = run at an odd end");
    }

    { /* the snapshot: modes sum to the window mid-run; kernel context matches the report */
        const char *const scalable[] = { "sim.duration_ns=30000000", "sim.warmup_ns=5000000",
                                         "kernel.kind=scalable", NULL };
        lab_Scenario *sc = h_scenario(scalable);
        lab_Sim *s;
        double snap[4096], window, sum, kctx, pct;
        int need, ncpu, per_cpu = 5 + LAB_MODE_COUNT, cpu, k, d, ok = 1; /* layout: metrics.c */
        const char *r, *at;
        s = lab_sim_new(sc, NULL);
        lab_sim_run_until(s, 17e6 + 333);
        need = lab_sim_snapshot(s, snap, 4096);
        CHECK(need > 0 && need <= 4096 && lab_sim_snapshot(s, NULL, 0) == need, "snapshot size %d", need);
        ncpu = (int)snap[2];
        window = snap[5];
        CHECK(snap[0] == 17e6 + 333 && window == snap[0] - 5e6, "snapshot time and window");
        for (cpu = 0; cpu < ncpu; cpu++) {
            for (sum = 0, k = 0; k < LAB_MODE_COUNT; k++) sum += snap[14 + cpu * per_cpu + 5 + k];
            if (sum != window) ok = 0;
        }
        CHECK(ok, "every CPU's modes in the snapshot sum to the window");
        lab_sim_run_until(s, 1e18);
        lab_sim_snapshot(s, snap, 4096);
        d = (int)snap[6];
        kctx = snap[14 + d * per_cpu + 4];
        r = lab_sim_report_json(s);
        at = strstr(r, "\"designated_cpu_busy_pct\":");
        CHECK(at != NULL, "report has designated_cpu_busy_pct");
        pct = at ? strtod(at + strlen("\"designated_cpu_busy_pct\":"), NULL) : -1;
        CHECK(kctx > 0 && fabs(100.0 * kctx / snap[5] - pct) < 0.001,
              "designated CPU kernel context: snapshot %.4f%%, report %.3f%%", 100.0 * kctx / snap[5], pct);
        lab_sim_free(s);
        lab_scenario_free(sc);
    }
    return h_finish("model");
}
