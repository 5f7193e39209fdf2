/* The network benchmark (kernels/onload/onload.c, kernels/netstack/netstack.c): receive livelock under interrupts and
 * its absence under polling; agreement with the simplest queueing results when every
 * cost is constant; the raw vNIC is the hardware and nothing else; TCP's window keeps
 * sockets from overflowing; the stack lock's pre-queue, the async pool and the
 * watchdog do what the talk says ("The OpenOnload User-level Network Stack"); NAPI's
 * budget and queue-state feedback end the livelock (check_napi). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "harness.h"
#include "kernels/netstack/netstack.h"

static const char *const BASE[] = {
    "kernel.kind=onload", "machine.cpus=4", "machine.cache_transfer_ns=100",
    "sim.duration_ns=20000000", "sim.warmup_ns=2000000", NULL
};

static double secs(const lab_Sim *s) { return (double)(s->st->now - s->st->stats_start) / 1e9; }
static double delivered_per_s(const lab_Sim *s) { return (double)net_state(s->st)->net.delivered_msgs / secs(s); }
static double sent_per_s(const lab_Sim *s) { return (double)net_state(s->st)->net.sent_msgs / secs(s); }

/* Delivered packets per second at each offered load, for a receive scenario. */
static void receive_curve(const char *const *settings, const double *offered, int n, double *out)
{
    int i;
    for (i = 0; i < n; i++) {
        char set[64];
        const char *more[] = { "net.test=udp_receive", set, NULL };
        lab_Scenario *sc = h_scenario(BASE);
        lab_Sim *s;
        snprintf(set, sizeof set, "net.offered_pps=%.0f", offered[i]);
        h_apply(sc, settings);
        h_apply(sc, more);
        s = lab_sim_new(sc, NULL);
        lab_sim_run_until(s, s->st->v[F_DURATION]);
        out[i] = delivered_per_s(s);
        lab_sim_free(s);
        lab_scenario_free(sc);
    }
}

static double peak_of(const double *x, int n)
{
    double m = 0;
    int i;
    for (i = 0; i < n; i++)
        if (x[i] > m) m = x[i];
    return m;
}

static void check_livelock(void)
{
    static const double offered[] = { 250e3, 500e3, 750e3, 1e6, 1.5e6, 2e6, 2.5e6, 3e6 };
    enum { N = sizeof offered / sizeof offered[0] };
    double d[N];
    {
        const char *const kernel[] = { "net.stack=kernel", "net.moderation_ns=0", NULL };
        receive_curve(kernel, offered, N, d);
        CHECK(d[N - 1] < 0.6 * peak_of(d, N), "interrupts, no moderation: delivered falls past the peak (%.0f at 3M, peak %.0f)", d[N - 1], peak_of(d, N));
    }
    {
        const char *const moderated[] = { "net.stack=kernel", "net.moderation_ns=60000", NULL };
        receive_curve(moderated, offered, N, d);
        CHECK(d[N - 1] < 0.6 * peak_of(d, N), "interrupts, moderated: delivered falls past the peak (%.0f at 3M, peak %.0f)", d[N - 1], peak_of(d, N));
        CHECK(d[0] > 0.99 * offered[0], "below the peak every packet is delivered (%.0f of %.0f)", d[0], offered[0]);
    }
    {
        const char *const polled[] = { "net.stack=onload", NULL };
        receive_curve(polled, offered, N, d);
        CHECK(d[N - 1] >= 0.95 * peak_of(d, N), "polling: delivered stays flat past the peak (%.0f at 3M, peak %.0f)", d[N - 1], peak_of(d, N));
    }
    { /* the fall is the interrupt's work: without it, the kernel holds a plateau too */
        const char *const free_irq[] = { "net.stack=kernel", "net.moderation_ns=60000", "net.costs.irq.mean_ns=0",
                                         "net.costs.kernel_rx_packet.mean_ns=0", "net.costs.wake.mean_ns=0", NULL };
        receive_curve(free_irq, offered, N, d);
        CHECK(d[N - 1] >= 0.95 * peak_of(d, N), "interrupt work at zero: no livelock (%.0f at 3M, peak %.0f)", d[N - 1], peak_of(d, N));
    }
    { /* and so it does when the interrupts go to another core */
        const char *const other[] = { "net.stack=kernel", "net.moderation_ns=60000", "net.irq_cpu=other_core", NULL };
        receive_curve(other, offered, N, d);
        CHECK(d[N - 1] >= 0.95 * peak_of(d, N), "interrupts on another core: no livelock (%.0f at 3M, peak %.0f)", d[N - 1], peak_of(d, N));
    }
}

static lab_Sim *run(const char *const *settings) { return h_run(BASE, settings); }

/* One UDP receive run of the kernel stack on one core (moderated at 60 us, as the
 * preset), offered `pps`, with more settings; the caller frees it. */
static lab_Sim *receive_run(double pps, const char *const *settings)
{
    char set[64];
    const char *const more[] = { "net.test=udp_receive", "net.stack=kernel", "net.moderation_ns=60000", set, NULL };
    lab_Scenario *sc = h_scenario(BASE);
    lab_Sim *s;
    snprintf(set, sizeof set, "net.offered_pps=%.0f", pps);
    h_apply(sc, more);
    h_apply(sc, settings);
    s = lab_sim_new(sc, NULL);
    lab_sim_run_until(s, s->st->v[F_DURATION]);
    lab_scenario_free(sc);
    return s;
}

static double per_s(const lab_Sim *s, uint64_t n) { return (double)n / secs(s); }

/* A CPU's busy share of the measurement window. */
static double busy_of(const lab_Sim *s, int cpu)
{
    double busy = 0;
    int m;
    for (m = 0; m < LAB_MODE_COUNT; m++)
        if (m != LAB_MODE_IDLE) busy += (double)s->cpu[cpu].mode_ns[m];
    return busy / (double)(s->st->now - s->st->stats_start);
}

/* NAPI (net.napi_budget) and queue-state feedback (net.queue_feedback): Mogul and
 * Ramakrishnan, "Eliminating Receive Livelock in an Interrupt-Driven Kernel"; Salim,
 * Olsson and Kuznetsov, "Beyond Softnet". The interrupt starts a poll of at most the
 * budget; under overload the interrupt stays masked, the poll yields to the
 * application, and the excess is dropped at the ring, where it costs no CPU. */
static void check_napi(void)
{
    static const double offered[] = { 600e3, 700e3, 800e3, 900e3, 1e6, 1.5e6, 2e6, 2.5e6, 3e6 };
    enum { N = sizeof offered / sizeof offered[0] };
    const char *const off[] = { "net.napi_budget=0", NULL };
    const char *const napi[] = { "net.napi_budget=64", NULL };
    const char *const feedback[] = { "net.napi_budget=64", "net.queue_feedback=on", NULL };
    double d[N], lo = 1e18, hi = 0, lo_bites = 1e18, dip = 1e18;
    int i;
    { /* off: today's livelock, unchanged */
        lab_Sim *a = receive_run(600e3, off), *b = receive_run(3e6, off);
        CHECK(delivered_per_s(b) < 0.6 * delivered_per_s(a), "NAPI off: the livelock remains (%.0f at 3M, %.0f at 0.6M)",
              delivered_per_s(b), delivered_per_s(a));
        CHECK(net_state(b->st)->net.ring_drops == 0 && net_state(b->st)->net.socket_drops > 0,
              "NAPI off: every drop is at the socket, after the protocol's work");
        lab_sim_free(a);
        lab_sim_free(b);
    }
    for (i = 0; i < N; i++) { /* the budget alone: flat once a poll can spend it */
        lab_Sim *s = receive_run(offered[i], napi);
        const NetCounters *c = &net_state(s->st)->net;
        d[i] = delivered_per_s(s);
        if (c->irqs == 0) {
            if (d[i] < lo_bites) lo_bites = d[i];
        } else {
            /* every poll ends with the ring empty (60 us of arrivals < 64): the handler
             * as before, and the socket overflows */
            if (d[i] < dip) dip = d[i];
            CHECK(c->socket_drops > 0 && c->ring_drops == 0, "NAPI at %.0fk: a poll never spends its budget, the socket drops (%.0f/s)",
                  offered[i] / 1e3, per_s(s, c->socket_drops));
        }
        if (i == N - 1) {
            /* per packet: the poll's protocol work, the receive call (system call,
             * receive, the copy of 32 bytes); per poll of 64: a wake-up and a switch */
            double per_pkt = 250 + 300 + 1200 + 300.0 * 32 / 1024 + (550 + 1500) / 64.0;
            CHECK(c->socket_drops == 0 && per_s(s, c->ring_drops) > 0.8 * (offered[i] - d[i]),
                  "NAPI at 3M: the excess is dropped at the ring (%.0f/s), none at the socket (%llu)",
                  per_s(s, c->ring_drops), (unsigned long long)c->socket_drops);
            CHECK(c->irqs == 0 && c->polls > 0, "NAPI at 3M: the interrupt stays masked, the stack is polled (%llu irqs, %llu polls)",
                  (unsigned long long)c->irqs, (unsigned long long)c->polls);
            CHECK(h_rel(per_s(s, c->polls), d[i] / 64) < 0.01, "NAPI at 3M: every poll spends its budget of 64 (%.0f polls/s)",
                  per_s(s, c->polls));
            CHECK(h_rel(d[i], 1e9 / per_pkt) < 0.005, "NAPI at 3M: the core's limit, 1/(CPU per packet) = %.0f/s, got %.0f",
                  1e9 / per_pkt, d[i]);
        }
        lab_sim_free(s);
    }
    CHECK(d[N - 1] >= 0.99 * d[4] && lo_bites >= 0.99 * d[N - 1], "NAPI: flat once the budget bites (%.0f at 1M, %.0f at 3M, least %.0f)",
          d[4], d[N - 1], lo_bites);
    CHECK(dip < 0.97 * d[N - 1] && d[N - 1] >= d[0], "NAPI alone: below that the livelock's dip (%.0f), and 3M delivers no less than 0.6M (%.0f, %.0f)",
          dip, d[N - 1], d[0]);
    for (i = 0; i < N; i++) { /* with feedback: flat from 0.6 to 3 million offered */
        lab_Sim *s = receive_run(offered[i], feedback);
        d[i] = delivered_per_s(s);
        if (d[i] < lo) lo = d[i];
        if (d[i] > hi) hi = d[i];
        CHECK(net_state(s->st)->net.socket_drops == 0, "NAPI and feedback at %.0fk: no socket drops", offered[i] / 1e3);
        lab_sim_free(s);
    }
    CHECK(lo >= 0.98 * hi, "NAPI and feedback: no fall from 0.6 to 3M offered (%.0f .. %.0f)", lo, hi);
    { /* a budget larger than a poll ever takes is no budget */
        const char *const big[] = { "net.napi_budget=1024", NULL };
        lab_Sim *a = receive_run(3e6, off), *b = receive_run(3e6, big);
        CHECK(net_state(a->st)->net.delivered_msgs == net_state(b->st)->net.delivered_msgs,
              "a budget of 1024 is never spent at 60 us moderation: the livelock, packet for packet");
        lab_sim_free(a);
        lab_sim_free(b);
    }
    { /* below the budget, NAPI alone still fills the socket; feedback drops at the ring */
        lab_Sim *a = receive_run(600e3, napi), *b = receive_run(600e3, feedback);
        CHECK(net_state(a->st)->net.socket_drops > 0, "NAPI at 0.6M: the socket still overflows (%.0f/s)",
              per_s(a, net_state(a->st)->net.socket_drops));
        CHECK(net_state(b->st)->net.socket_drops == 0 && net_state(b->st)->net.ring_drops > 0 && delivered_per_s(b) > delivered_per_s(a),
              "with feedback: no socket drops, the ring drops instead, and more is delivered (%.0f vs %.0f)",
              delivered_per_s(b), delivered_per_s(a));
        lab_sim_free(a);
        lab_sim_free(b);
    }
    { /* interrupts on another core: feedback removes the waste there */
        const char *const other[] = { "net.napi_budget=64", "net.irq_cpu=other_core", NULL };
        const char *const other_fb[] = { "net.napi_budget=64", "net.irq_cpu=other_core", "net.queue_feedback=on", NULL };
        lab_Sim *a = receive_run(3e6, other), *b = receive_run(3e6, other_fb);
        CHECK(net_state(b->st)->net.socket_drops == 0 && h_rel(delivered_per_s(b), delivered_per_s(a)) < 0.01,
              "other core, feedback: the same delivered (%.0f vs %.0f), no socket drops", delivered_per_s(b), delivered_per_s(a));
        CHECK(busy_of(b, 1) < 0.5 * busy_of(a, 1), "and the interrupt core works on delivered packets only (busy %.2f vs %.2f)",
              busy_of(b, 1), busy_of(a, 1));
        lab_sim_free(a);
        lab_sim_free(b);
    }
    { /* feedback without a poll to stop is refused */
        const char *const bad[] = { "net.queue_feedback=on", "net.napi_budget=0", NULL };
        lab_Scenario *sc = h_scenario(BASE);
        h_apply(sc, bad);
        CHECK(lab_scenario_validate(sc) == LAB_ERR_INCONSISTENT, "net.queue_feedback without net.napi_budget is refused");
        lab_scenario_free(sc);
    }
}

/* Constant costs make a sender a deterministic server: its rate is one over the sum. */
static void check_deterministic_service(void)
{
    {
        const char *const set[] = { "net.test=udp_send", "net.stack=kernel", "net.message_bytes=1024", NULL };
        lab_Sim *s = run(set);
        const double *v = s->st->v;
        double service = v[F_NET_SYSCALL_MEAN] + v[F_NET_K_SEND_MEAN] + v[F_NET_K_TX_PKT_MEAN] + v[F_NET_COPY_PER_KB_MEAN];
        CHECK(h_rel(sent_per_s(s), 1e9 / service) < 0.002, "kernel UDP send: 1/(sum of costs) = %.0f/s, got %.0f", 1e9 / service, sent_per_s(s));
        lab_sim_free(s);
    }
    {
        const char *const set[] = { "machine.cpus=8", "net.test=udp_send", "net.stack=onload", "net.senders=4", NULL };
        lab_Sim *s = run(set);
        CHECK(h_rel(sent_per_s(s), s->st->v[F_NET_NIC_MAX_PPS]) < 0.002, "four Onload senders: the NIC's limit, got %.0f/s", sent_per_s(s));
        CHECK(net_state(s->st)->net.ring_drops == 0, "a full transmit ring makes senders wait, it drops nothing");
        lab_sim_free(s);
    }
    { /* large frames: the link's rate, not the NIC's message rate */
        const char *const set[] = { "net.test=udp_send", "net.stack=vnic", "net.message_bytes=1448", NULL };
        lab_Sim *s = run(set);
        double frame_ns = (1448 + 42 + 4 + 20) * 8.0e9 / s->st->v[F_NET_LINK_BPS];
        CHECK(h_rel(sent_per_s(s), 1e9 / frame_ns) < 0.002, "raw vNIC, full frames: the link's frame rate %.0f/s, got %.0f", 1e9 / frame_ns, sent_per_s(s));
        lab_sim_free(s);
    }
}

static double half_rtt(const lab_Sim *s) { return net_state(s->st)->net.rtt_ns / (double)net_state(s->st)->net.round_trips / 2; }

static void check_pingpong(void)
{
    static const char *const stacks[] = { "net.stack=vnic", "net.stack=kernel", "net.stack=onload" };
    int i;
    for (i = 0; i < 3; i++) {
        const char *const set[] = { stacks[i], NULL };
        lab_Sim *s = run(set);
        double sum = 0;
        int k;
        for (k = 0; k < NB_COUNT; k++) sum += net_state(s->st)->net.breakdown[k] / (double)net_state(s->st)->net.breakdown_n;
        CHECK(net_state(s->st)->net.round_trips > 100, "%s: round trips complete", stacks[i]);
        CHECK(h_rel(sum, half_rtt(s)) < 0.005, "%s: the breakdown adds up to the half round trip (%.0f vs %.0f)", stacks[i], sum, half_rtt(s));
        if (i == 0) {
            double frame_ns = (32 + 42 + 4 + 20) * 8.0e9 / s->st->v[F_NET_LINK_BPS]; /* payload, UDP/IP/Ethernet, FCS, preamble and gap */
            CHECK(fabs(half_rtt(s) - (s->st->v[F_NET_HW_LATENCY] + frame_ns)) < 1.0,
                  "raw vNIC: the half round trip is the hardware alone (%.1f)", half_rtt(s));
        }
        if (i == 2) CHECK(net_state(s->st)->net.irqs == 0, "onload, spinning: no interrupts");
        lab_sim_free(s);
    }
    { /* interrupts never closer together than the moderation interval */
        const char *const set[] = { "net.moderation_ns=60000", "net.message_bytes=262144", NULL };
        lab_Sim *s = run(set);
        CHECK((double)net_state(s->st)->net.irqs <= secs(s) * 1e9 / 60000 + 1, "moderation: at most one interrupt per 60 us (%llu)", (unsigned long long)net_state(s->st)->net.irqs);
        CHECK(net_state(s->st)->net.socket_drops == 0 && net_state(s->st)->net.ring_drops == 0, "TCP's window: a 256 KiB message overflows no socket");
        lab_sim_free(s);
    }
    { /* an Onload receiver that does not spin blocks with interrupts enabled */
        const char *const set[] = { "net.stack=onload", "net.spin_ns=0", NULL };
        lab_Sim *s = run(set);
        CHECK(net_state(s->st)->net.irqs > 0 && net_state(s->st)->net.wakeups > 0, "onload without spinning: interrupts and wake-ups");
        CHECK(half_rtt(s) > 5400, "and a longer half round trip than spinning (%.0f)", half_rtt(s));
        lab_sim_free(s);
    }
}

static void check_stack_lock(void)
{
    {
        const char *const set[] = { "machine.cpus=8", "net.test=udp_send", "net.stack=onload", "net.senders=4",
                                    "net.stacks=shared", "net.prequeue=on", NULL };
        lab_Sim *s = run(set);
        const NetCounters *c = &net_state(s->st)->net;
        CHECK(c->prequeued > 0 && c->deferred > 0, "shared stack, pre-queue on: sends go on the pre-queue (%llu)", (unsigned long long)c->prequeued);
        CHECK(h_rel((double)c->deferred, (double)c->prequeued) < 0.01, "the holder sends what was pre-queued as deferred work");
        CHECK(net_state(s->st)->stk[0].prequeue.len <= (int)s->st->v[F_NET_ASYNC_POOL], "the pre-queue holds no more than the async pool");
        lab_sim_free(s);
    }
    {
        const char *const set[] = { "machine.cpus=8", "net.test=udp_send", "net.stack=onload", "net.senders=2",
                                    "net.stacks=shared", "net.prequeue=off", NULL };
        lab_Sim *s = run(set);
        CHECK(net_state(s->st)->net.prequeued == 0 && s->st->lock[2].sleeps > 0, "pre-queue off: senders sleep for the stack lock");
        lab_sim_free(s);
    }
    {
        const char *const set[] = { "machine.cpus=8", "net.test=udp_send", "net.stack=onload", "net.senders=2",
                                    "net.stacks=per_process", NULL };
        lab_Sim *s = run(set);
        CHECK(s->st->lock[2].contended == 0 && s->st->lock[3].contended == 0, "a stack per process: no contention at all");
        lab_sim_free(s);
    }
}

static void check_watchdog(void)
{
    const char *const on[] = { "net.test=udp_receive", "net.stack=onload", "net.offered_pps=200000",
                               "net.costs.app_work.mean_ns=20000", NULL };
    const char *const off[] = { "net.test=udp_receive", "net.stack=onload", "net.offered_pps=200000",
                                "net.costs.app_work.mean_ns=20000", "net.watchdog_ns=0", NULL };
    lab_Sim *a = run(on), *b = run(off);
    CHECK(net_state(a->st)->net.watchdogs > 0, "an application away from the stack: the watchdog interrupts (%llu)", (unsigned long long)net_state(a->st)->net.watchdogs);
    CHECK(net_state(b->st)->net.watchdogs == 0 && net_state(b->st)->net.ring_drops > 0, "without it, the ring overflows while no one polls");
    lab_sim_free(a);
    lab_sim_free(b);
}

/* The NIC's filter table: a socket on a user-level stack has a filter naming its stack's
 * virtual interface, and every packet to it is steered by that filter; the kernel
 * stack's sockets have none and take the default interface, the kernel's ring. */
static void check_filters(void)
{
    {
        const char *const set[] = { "machine.cpus=8", "net.test=pingpong", "net.stack=onload", NULL };
        lab_Sim *s = run(set);
        int f, h;
        for (h = 0; h < 2; h++) {
            CHECK(net_state(s->st)->net_nfilter[h] == 1, "onload ping-pong: one filter on host %d's NIC (%d)", h, net_state(s->st)->net_nfilter[h]);
            CHECK(net_state(s->st)->net_default_vi[h] == -1, "onload: host %d has no kernel interface", h);
            for (f = 0; f < net_state(s->st)->net_nfilter[h]; f++) {
                int t = net_state(s->st)->net_filter[h][f].sock;
                CHECK(net_state(s->st)->net_filter[h][f].vi == net_thread(&s->thr[t])->stack, "the filter for socket %d names its stack", t);
                CHECK(net_state(s->st)->stk[(int)net_state(s->st)->net_filter[h][f].vi].host == h, "and a stack of that host");
            }
        }
        CHECK(net_state(s->st)->net.filter_hits == net_state(s->st)->net.delivered_msgs && net_state(s->st)->net.filter_misses == 0,
              "every packet to host A was steered by its filter (%llu of %llu)",
              (unsigned long long)net_state(s->st)->net.filter_hits, (unsigned long long)net_state(s->st)->net.delivered_msgs);
        lab_sim_free(s);
    }
    {
        const char *const set[] = { "machine.cpus=8", "net.test=udp_send", "net.stack=onload", "net.senders=4", "net.stacks=shared", NULL };
        lab_Sim *s = run(set);
        CHECK(net_state(s->st)->net_nfilter[0] == 4, "four sockets on one shared stack: four filters, one interface (%d)", net_state(s->st)->net_nfilter[0]);
        lab_sim_free(s);
    }
    {
        const char *const set[] = { "machine.cpus=8", "net.test=pingpong", "net.stack=kernel", NULL };
        lab_Sim *s = run(set);
        CHECK(net_state(s->st)->net_nfilter[0] == 0 && net_state(s->st)->net_default_vi[0] >= 0, "kernel stack: no filters, the default interface is the kernel's");
        CHECK(net_state(s->st)->net.filter_misses == net_state(s->st)->net.delivered_msgs && net_state(s->st)->net.filter_hits == 0,
              "every packet takes the default interface (%llu)", (unsigned long long)net_state(s->st)->net.filter_misses);
        lab_sim_free(s);
    }
}

/* Issue 23: two kernel-stack senders on a host of one CPU, the NIC slower than they
 * are. The one that found the transmit ring full used to sleep holding the transmit
 * queue spinlock, and the other spun for it forever: no message sent, the lock held
 * 100% of the time. Now a sender lets go of the lock to wait for room: both send, the
 * NIC sends at its rate, and nobody spins. The same with TCP's window (ping-pong, a
 * 64 KiB message through a one-segment window). */
static void check_tx_room_outside_the_lock(void)
{
    static const char *const UDP[] = { "machine.cpus=2", "net.test=udp_send", "net.stack=kernel", "net.senders=2",
                                       "net.nic_max_pps=2000", "sim.duration_ns=400000000", "sim.warmup_ns=40000000", NULL };
    static const char *const WINDOW[] = { "machine.cpus=2", "net.test=pingpong", "net.stack=kernel",
                                          "net.message_bytes=65536", "net.window_bytes=1448",
                                          "sim.duration_ns=50000000", "sim.warmup_ns=1000000", NULL };
    lab_Sim *s = run(UDP);
    const State *st = s->st;
    double held = (double)lock_held_ns(st, 0) / (double)(st->now - st->stats_start);
    CHECK(lab_sim_error(s)[0] == '\0' && st->now == st->end, "the run goes to its end: %s", lab_sim_error(s));
    CHECK(h_rel(sent_per_s(s), 2000) < 0.01, "two senders on one CPU send at the NIC's 2,000 messages/s (%.1f)", sent_per_s(s));
    CHECK(held < 0.01 && st->lock[0].spin_ns == 0, "the transmit queue lock is held %.2f%% of the time, never spun for", 100 * held);
    CHECK(s->thr[0].ctx.locks_held + s->thr[1].ctx.locks_held <= 1, "no sender sleeps holding it");
    lab_sim_free(s);
    s = run(WINDOW);
    CHECK(net_state(s->st)->net.round_trips > 10,
          "a ping-pong through a one-segment window goes on (%llu round trips)", (unsigned long long)net_state(s->st)->net.round_trips);
    lab_sim_free(s);
}

int main(void)
{
    check_tx_room_outside_the_lock();
    check_filters();
    check_livelock();
    check_napi();
    check_deterministic_service();
    check_pingpong();
    check_stack_lock();
    check_watchdog();
    return h_finish("onload");
}
