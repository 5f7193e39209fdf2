/* The network benchmark (kernels/onload/onload.c, kernels/netstack/netstack.c): receive livelock under interrupts and
 * its absence under polling; agreement with the simplest queueing results when every
 * cost is constant; the raw vNIC is the hardware and nothing else; TCP's window keeps
 * sockets from overflowing; the stack lock's pre-queue, the async pool and the
 * watchdog do what the talk says ("The OpenOnload User-level Network Stack"). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "harness.h"
#include "kernels/netstack/netstack.h"

static const char *const BASE[] = {
    "kernel.kind=onload", "machine.cpus=4", "machine.cache_transfer_ns=100",
    "sim.duration_ns=20000000", "sim.warmup_ns=2000000", NULL };

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

static double peak_of(const double *x, int n) { double m = 0; int i; for (i = 0; i < n; i++) if (x[i] > m) m = x[i]; return m; }

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
    {   /* the fall is the interrupt's work: without it, the kernel holds a plateau too */
        const char *const free_irq[] = { "net.stack=kernel", "net.moderation_ns=60000", "net.costs.irq.mean_ns=0",
                                         "net.costs.kernel_rx_packet.mean_ns=0", "net.costs.wake.mean_ns=0", NULL };
        receive_curve(free_irq, offered, N, d);
        CHECK(d[N - 1] >= 0.95 * peak_of(d, N), "interrupt work at zero: no livelock (%.0f at 3M, peak %.0f)", d[N - 1], peak_of(d, N));
    }
    {   /* and so it does when the interrupts go to another core */
        const char *const other[] = { "net.stack=kernel", "net.moderation_ns=60000", "net.irq_cpu=other_core", NULL };
        receive_curve(other, offered, N, d);
        CHECK(d[N - 1] >= 0.95 * peak_of(d, N), "interrupts on another core: no livelock (%.0f at 3M, peak %.0f)", d[N - 1], peak_of(d, N));
    }
}

static lab_Sim *run(const char *const *settings) { return h_run(BASE, settings); }

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
    {   /* large frames: the link's rate, not the NIC's message rate */
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
            double frame_ns = (32 + 42 + 4 + 20) * 8.0e9 / s->st->v[F_NET_LINK_BPS];   /* payload, UDP/IP/Ethernet, FCS, preamble and gap */
            CHECK(fabs(half_rtt(s) - (s->st->v[F_NET_HW_LATENCY] + frame_ns)) < 1.0,
                  "raw vNIC: the half round trip is the hardware alone (%.1f)", half_rtt(s));
        }
        if (i == 2) CHECK(net_state(s->st)->net.irqs == 0, "onload, spinning: no interrupts");
        lab_sim_free(s);
    }
    {   /* interrupts never closer together than the moderation interval */
        const char *const set[] = { "net.moderation_ns=60000", "net.message_bytes=262144", NULL };
        lab_Sim *s = run(set);
        CHECK((double)net_state(s->st)->net.irqs <= secs(s) * 1e9 / 60000 + 1, "moderation: at most one interrupt per 60 us (%llu)", (unsigned long long)net_state(s->st)->net.irqs);
        CHECK(net_state(s->st)->net.socket_drops == 0 && net_state(s->st)->net.ring_drops == 0, "TCP's window: a 256 KiB message overflows no socket");
        lab_sim_free(s);
    }
    {   /* an Onload receiver that does not spin blocks with interrupts enabled */
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

int main(void)
{
    check_filters();
    check_livelock();
    check_deterministic_service();
    check_pingpong();
    check_stack_lock();
    check_watchdog();
    return h_finish("onload");
}
