/* HP-UX 9.0's checksum offload and copy avoidance (kernels/hpux/hpux.c, copyavoid.c): the
 * forced copies stop at exactly SO_SNDBUF / send size + 1 send buffers; each byte is
 * touched as the rules say (copied, checksummed, flushed or purged, or not at all);
 * copy avoidance needs send(2), page-aligned whole pages and a card that supports it;
 * page remapping purges the receiver's dirty lines; loopback moves no data by DMA; the
 * socket buffer never holds more than SO_SNDBUF ("HP-UX Release 9.0 Networking
 * Performance Enhancements", Jones and Greer, 1992). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "harness.h"
#include "kernels/hpux/hpux.h"

/* Two HP 9000s on an FDDI ring through NIO FDDI cards: 4 KB sends of a TCP stream. */
static const char *const BASE[] = {
    "kernel.kind=hpux", "machine.cpus=2", "net.message_bytes=4096", "net.mss=4096",
    "net.link_bits_per_s=100000000", "net.nic_max_pps=2000", "net.hw_latency_ns=50000", "net.socket_packets=64",
    "net.costs.syscall.mean_ns=20000", "net.costs.kernel_tcp_send.mean_ns=30000", "net.costs.kernel_tcp_segment.mean_ns=40000",
    "net.costs.irq.mean_ns=25000", "net.costs.kernel_rx_packet.mean_ns=40000", "net.costs.kernel_recv.mean_ns=20000",
    "net.costs.wake.mean_ns=15000", "net.costs.context_switch.mean_ns=30000",
    "sim.duration_ns=300000000", "sim.warmup_ns=50000000", NULL
};

static lab_Sim *run(const char *const *settings) { return h_run(BASE, settings); }

static double busy_pct(const lab_Sim *s, int cpu)
{
    double busy = 0, window = (double)(s->st->now - s->st->stats_start);
    int m;
    for (m = 0; m < LAB_MODE_COUNT; m++)
        if (m != LAB_MODE_IDLE) busy += (double)s->cpu[cpu].mode_ns[m];
    return 100.0 * busy / window;
}

static double forced_pct(const lab_Sim *s) { return hp_state(s->st)->sends ? 100.0 * (double)hp_state(s->st)->faults / (double)hp_state(s->st)->sends : 0; }
static double per_send(const lab_Sim *s, int k) { return hp_state(s->st)->touch_bytes[0][k] / (double)hp_state(s->st)->sends; }
static double per_recv(const lab_Sim *s, int k) { return hp_state(s->st)->touch_bytes[1][k] / (double)net_state(s->st)->net.delivered_msgs; }
static double mbps(const lab_Sim *s) { return 8.0 * net_state(s->st)->net.delivered_bytes / ((double)(s->st->now - s->st->stats_start) / 1e9) / 1e6; }

/* The sender writes into each of k buffers before sending it: copies forced while the
 * transport still holds the buffer, none from SO_SNDBUF / send size + 1 on. */
static void check_buffers(const char *sndbuf, int rule)
{
    int k;
    double cpu_below = 0, cpu_at = 0;
    for (k = rule - 2; k <= rule + 1; k++) {
        char set[40];
        const char *more[] = { "hpux.send_copyavoid=on", set, sndbuf, NULL };
        lab_Sim *s;
        snprintf(set, sizeof set, "hpux.send_buffers=%d", k);
        s = run(more);
        if (k < rule) CHECK(forced_pct(s) > 99.0, "%s, %d buffers: every send forces a copy (%.1f%%)", sndbuf, k, forced_pct(s));
        else CHECK(hp_state(s->st)->faults == 0, "%s, %d buffers: no forced copy (%llu)", sndbuf, k, (unsigned long long)hp_state(s->st)->faults);
        if (k == rule - 1) cpu_below = busy_pct(s, 0);
        if (k == rule) cpu_at = busy_pct(s, 0);
        CHECK(hp_state(s->st)->stream - hp_state(s->st)->acked <= (int64_t)s->st->v[F_HP_SNDBUF] + 4096,
              "the socket buffer holds no more than SO_SNDBUF and the send waiting for room");
        lab_sim_free(s);
    }
    CHECK(cpu_at < 0.6 * cpu_below, "%s: the sender's CPU drops sharply from %d to %d buffers (%.1f%% to %.1f%%)",
          sndbuf, rule - 1, rule, cpu_below, cpu_at);
}

/* The buffers lent to the transport are counted once each, whatever the application
 * does: with clean buffers a buffer is lent again while its last send is still
 * unacknowledged, and it is still one buffer (the count once grew past the buffers). */
static void check_held_count(void)
{
    int k;
    for (k = 4; k <= 10; k += 2) {
        char set[40];
        const char *more[] = { "hpux.send_copyavoid=on", "hpux.dirty_bytes=0", set, NULL };
        const HpState *h;
        lab_Sim *s;
        int i, held = 0;
        snprintf(set, sizeof set, "hpux.send_buffers=%d", k);
        s = run(more);
        h = hp_state(s->st);
        for (i = 0; i < h->nbuf; i++) held += h->buf[i].held_until > h->acked;
        CHECK(h->held == held && h->held <= k, "%d clean buffers: %d counted lent, %d lent", k, h->held, held);
        CHECK(h->held_area <= (double)k * (double)(s->st->now - s->st->stats_start) * 1.0001 + 1e6,
              "%d clean buffers: the mean lent is at most %d", k, k);
        lab_sim_free(s);
    }
}

static void check_touches(void)
{
    { /* the classic path: copied, checksummed and flushed, each byte once */
        const char *const set[] = { "hpux.interface=eisa_fddi", NULL };
        lab_Sim *s = run(set);
        CHECK(per_send(s, HT_COPY) == 4096 && per_send(s, HT_CSUM) == 4096 && per_send(s, HT_FLUSH) == 4096,
              "no offload, no copy avoidance: each byte sent is copied, checksummed and flushed");
        CHECK(fabs(per_recv(s, HT_COPY) - 4096) < 1 && fabs(per_recv(s, HT_CSUM) - 4096) < 64,
              "and each byte received checksummed and copied (%.0f, %.0f)", per_recv(s, HT_COPY), per_recv(s, HT_CSUM));
        lab_sim_free(s);
    }
    { /* checksum offload: the card does it */
        const char *const set[] = { NULL };
        lab_Sim *s = run(set);
        CHECK(hp_state(s->st)->touch_bytes[0][HT_CSUM] == 0 && hp_state(s->st)->touch_bytes[1][HT_CSUM] == 0, "NIO FDDI: no checksum in the host");
        CHECK(per_send(s, HT_COPY) == 4096 && per_send(s, HT_FLUSH) == 4096, "still copied and flushed");
        CHECK(fabs(per_recv(s, HT_PURGE) - 4096) < 1, "received data purged before the copy reads it");
        lab_sim_free(s);
    }
    { /* copy avoidance both ways, clean buffers: the CPU touches nothing but dirty lines */
        const char *const set[] = { "hpux.send_copyavoid=on", "hpux.recv_copyavoid=on", "hpux.send_buffers=9",
                                    "hpux.dirty_bytes=4", "hpux.recv_dirty_bytes=100", NULL };
        lab_Sim *s = run(set);
        CHECK(per_send(s, HT_COPY) == 0 && per_send(s, HT_CSUM) == 0, "copy-on-write: nothing copied or checksummed");
        CHECK(per_send(s, HT_FLUSH) == 32, "only the written word's line is flushed (%.0f)", per_send(s, HT_FLUSH));
        CHECK(per_recv(s, HT_COPY) == 0 && fabs(per_recv(s, HT_PURGE) - 128) < 1,
              "page remapping: nothing copied; the receiver's 100 dirty bytes purged as 4 lines (%.0f)", per_recv(s, HT_PURGE));
        CHECK(hp_state(s->st)->remaps > 0, "pages remapped");
        lab_sim_free(s);
    }
}

/* Copy avoidance needs send(2), page-aligned whole pages and the NIO FDDI card. */
static void check_rules(void)
{
    const char *const cases[][4] = {
        { "hpux.alignment=unaligned", NULL, NULL, NULL },
        { "hpux.send_call=write", NULL, NULL, NULL },
        { "net.message_bytes=1024", "net.mss=1024", NULL, NULL },
        { "hpux.interface=eisa_fddi", NULL, NULL, NULL },
    };
    const char *const words[] = { "unaligned buffers", "write(2)", "sends smaller than a page", "a card without it" };
    int i;
    for (i = 0; i < 4; i++) {
        const char *set[8] = { "hpux.send_copyavoid=on", "hpux.recv_copyavoid=on", "hpux.send_buffers=9", NULL };
        int n = 3, j;
        lab_Sim *s;
        for (j = 0; j < 4 && cases[i][j]; j++) set[n++] = cases[i][j];
        set[n] = NULL;
        s = run(set);
        CHECK(hp_state(s->st)->cow_sends == 0 && per_send(s, HT_COPY) == s->st->v[F_NET_MESSAGE_BYTES],
              "%s: every send copied", words[i]);
        if (i != 1) CHECK(hp_state(s->st)->remaps == 0, "%s: no receive remapping either", words[i]);
        lab_sim_free(s);
    }
}

/* One HP 9000: loopback moves nothing by DMA; lo0 offloads the checksum. */
static void check_loopback(void)
{
    const char *const lan0[] = { "machine.cpus=1", "hpux.interface=lan0_loopback", NULL };
    const char *const lo0[] = { "machine.cpus=1", "hpux.interface=lo0", NULL };
    lab_Sim *a = run(lan0), *b = run(lo0);
    double gain = mbps(b) / mbps(a) - 1;
    CHECK(hp_state(a->st)->touch_bytes[0][HT_FLUSH] == 0 && hp_state(a->st)->touch_bytes[1][HT_PURGE] == 0, "loopback: nothing flushed or purged");
    CHECK(per_send(a, HT_CSUM) == 4096 && hp_state(b->st)->touch_bytes[0][HT_CSUM] == 0, "lan0 checksums in the host, lo0 does not");
    CHECK(busy_pct(a, 0) > 99 && busy_pct(b, 0) > 99, "both keep the one CPU busy");
    CHECK(gain > 0.3, "lo0 is faster (%.0f%%)", 100 * gain);
    lab_sim_free(a);
    lab_sim_free(b);
}

static void check_refusals(void)
{
    const char *const bad[][3] = {
        { "hpux.interface=lo0", NULL, NULL },  /* two CPUs for one host */
        { "machine.cpus=1", NULL, NULL },      /* FDDI needs two hosts  */
        { "hpux.so_sndbuf=2048", NULL, NULL }, /* smaller than a segment */
    };
    int i;
    for (i = 0; i < 3; i++) {
        lab_Scenario *sc = h_scenario(BASE);
        int status = LAB_OK;
        lab_Sim *s;
        h_apply(sc, bad[i]);
        s = lab_sim_new(sc, &status);
        CHECK(s == NULL && status == LAB_ERR_INCONSISTENT, "an inconsistent HP-UX scenario is refused (%s)", bad[i][0]);
        if (s) lab_sim_free(s);
        lab_scenario_free(sc);
    }
}

int main(void)
{
    check_buffers("hpux.so_sndbuf=32768", 9);
    check_buffers("hpux.so_sndbuf=65536", 17);
    check_held_count();
    check_touches();
    check_rules();
    check_loopback();
    check_refusals();
    return h_finish("hpux");
}
