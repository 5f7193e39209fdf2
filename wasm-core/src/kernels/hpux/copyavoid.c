/*
 * copyavoid.c -- HP-UX 9.0's checksum offload and copy avoidance: every byte a TCP
 * stream moves, touched by the CPU or not, and the sender's buffers in the data cache.
 *
 * Source: "HP-UX Release 9.0 Networking Performance Enhancements", Jones and Greer
 * (Hewlett-Packard, 1992), ../shared/seeds/003. hpux.c assembles the programs;
 * netstack.c carries the segments, the interrupts and the acknowledgements.
 *
 * A classic BSD send touches each byte three times: the copy from the application's
 * buffer into the kernel's, the checksum, and the move to the card (by DMA, which on
 * PA-RISC needs the data flushed from the data cache first). Here:
 *  - copy_per_kb, checksum_per_kb, flush_per_kb and purge_per_kb are the per-byte costs
 *    (hpux.costs.*); the interface says whether the card computes the checksum (NIO FDDI,
 *    lo0) and whether data moves by DMA (the FDDI cards: flush before sending, purge
 *    before the CPU reads what arrived) or stays in memory (loopback).
 *  - Send copy avoidance (SO_SND_COPYAVOID, send(2), page-aligned whole pages, NIO FDDI):
 *    the pages are lent to the transport copy-on-write, their dirty lines flushed; the
 *    socket buffer (SO_SNDBUF) holds them until acknowledged. The application writing
 *    into a lent page takes a fault and a copy of the page; the copy is all dirty.
 *  - Receive copy avoidance (SO_RCV_COPYAVOID, page-aligned whole pages, NIO FDDI): the
 *    received pages are swapped into the application's buffer; its dirty lines are
 *    purged (they will be replaced), not flushed.
 *
 * Invariants: a send buffer is held iff held_until > acked; held counts them. Every ns
 * these phases charge is also in touch_ns under its kind and side (0: the sender's work,
 * 1: the receiver's), so the report can split a byte's journey.
 */
#include <assert.h>
#include <string.h>
#include "hpux.h"

static int64_t lines_of(const State *st, int64_t bytes)
{
    int64_t line = (int64_t)st->v[F_HP_LINE];
    return (bytes + line - 1) / line * line;
}

static int64_t per_kb(lab_Sim *s, int cost, int64_t bytes)
{
    State *st = s->st;
    return bytes > 0 ? lab_i64((double)cost_sample(&st->rng, &st->cost[cost]) * (double)bytes / 1024.0 + 0.5) : 0;
}

static int64_t per_page(lab_Sim *s, int cost, int64_t pages)
{
    State *st = s->st;
    int64_t d = 0, i;
    for (i = 0; i < pages; i++) d += (int64_t)cost_sample(&st->rng, &st->cost[cost]);
    return d;
}

/* Charges d ns of kind k to a side, with the bytes it touched. */
static int64_t touch(State *st, int side, int k, int64_t d, int64_t bytes)
{
    hp_state(st)->touch_ns[side][k] += (double)d;
    hp_state(st)->touch_bytes[side][k] += (double)bytes;
    return d;
}

static void held_changed(State *st, int delta)
{
    hp_state(st)->held_area += (double)hp_state(st)->held * (double)(st->now - hp_state(st)->held_since);
    hp_state(st)->held_since = st->now;
    hp_state(st)->held += delta;
}

static int whole_pages(const State *st, int64_t bytes)
{
    return bytes > 0 && bytes % (int64_t)st->v[F_HP_PAGE] == 0 && st->v[F_HP_ALIGN] == HP_PAGE_ALIGNED;
}

/* Whether this run's sends are lent copy-on-write: asked for, supported by the card,
 * send(2) (not write(2)), and whole page-aligned pages. */
int hp_send_avoids(const State *st)
{
    return hp_state(st)->send_ca && st->v[F_HP_SEND_CALL] == HP_SEND && whole_pages(st, (int64_t)st->v[F_NET_MESSAGE_BYTES]);
}

void hp_init(lab_Sim *s)
{
    State *st = s->st;
    int itf = (int)st->v[F_HP_INTERFACE];
    memset(hp_state(st), 0, sizeof(HpState));
    hp_state(st)->csum_offload = itf == HP_NIO_FDDI || itf == HP_LO0;
    hp_state(st)->dma = itf == HP_NIO_FDDI || itf == HP_EISA_FDDI;
    hp_state(st)->send_ca = itf == HP_NIO_FDDI && st->v[F_HP_SEND_CA] != 0;
    hp_state(st)->recv_ca = itf == HP_NIO_FDDI && st->v[F_HP_RECV_CA] != 0;
    hp_state(st)->nbuf = (int)st->v[F_HP_BUFFERS];
}

void hp_reset(lab_Sim *s)
{
    HpState *h = hp_state(s->st);
    int i, j;
    h->sends = h->faults = h->cow_sends = h->remaps = 0;
    for (i = 0; i < 2; i++)
        for (j = 0; j < HT_COUNT; j++) h->touch_ns[i][j] = h->touch_bytes[i][j] = 0;
    h->held_area = 0;
    h->held_since = s->st->now;
}

/* An acknowledgement of `bytes` reached the sender: the socket buffer frees them, and
 * the buffers whose data is all acknowledged are the application's again. Returns the
 * lent pages to give back. */
int hp_acked(lab_Sim *s, int64_t bytes)
{
    State *st = s->st;
    HpState *h = hp_state(st);
    int64_t size = (int64_t)st->v[F_NET_MESSAGE_BYTES], before = h->acked / size;
    int i;
    h->acked += bytes;
    for (i = 0; i < h->nbuf; i++)
        if (h->buf[i].held_until > 0 && h->buf[i].held_until <= h->acked) {
            h->buf[i].held_until = 0;
            held_changed(st, -1);
        }
    /* every send was lent (or none was): the transport lets go of the pages of each
     * send now wholly acknowledged, the originals of those the application copied too */
    return hp_send_avoids(st) ? (int)((h->acked / size - before) * (size / (int64_t)st->v[F_HP_PAGE])) : 0;
}

int64_t hp_exec(lab_Sim *s, int cpu, Ctx *x, const Phase *ph, int level, int *mode)
{
    State *st = s->st;
    NetState *ns = net_state(st);
    HpState *h = hp_state(st);
    int64_t size = (int64_t)st->v[F_NET_MESSAGE_BYTES], d = 0;
    (void)level;
    (void)cpu;
    switch (ph->op) {
    case OP_HP_TOUCH: {
        HpBuffer *b = &h->buf[h->next];
        int64_t w = (int64_t)st->v[F_HP_DIRTY] < size ? (int64_t)st->v[F_HP_DIRTY] : size;
        if (w <= 0) break;
        if (ph->a == 0) { /* the write would hit a lent page: fault */
            int64_t page = (int64_t)st->v[F_HP_PAGE], copied;
            if (b->held_until <= h->acked) break;
            copied = (w + page - 1) / page * page;
            if (copied > size) copied = size;
            d = touch(st, 0, HT_FAULT, (int64_t)cost_sample(&st->rng, &st->cost[C_HP_COW_FAULT]), 0);
            d += touch(st, 0, HT_COPY, per_kb(s, C_HP_COPY, copied), copied);
            b->held_until = 0; /* the application writes its own copy */
            held_changed(st, -1);
            if (b->dirty < copied) b->dirty = (int32_t)copied;
            h->faults++;
            *mode = LAB_MODE_KERNEL;
            break;
        }
        d = touch(st, 0, HT_APP_WRITE, per_kb(s, C_HP_WRITE, w), w);
        if (b->dirty < lines_of(st, w)) b->dirty = (int32_t)(lines_of(st, w) < size ? lines_of(st, w) : size);
        *mode = LAB_MODE_USER;
        break;
    }
    case OP_HP_SEND_DATA: {
        HpBuffer *b = &h->buf[h->next];
        if (hp_send_avoids(st)) {
            int64_t pages = size / (int64_t)st->v[F_HP_PAGE];
            d = touch(st, 0, HT_COW, per_page(s, C_HP_COW_MAP, pages), 0);
            if (h->dma) {
                d += touch(st, 0, HT_FLUSH, per_kb(s, C_HP_FLUSH, b->dirty), b->dirty);
                b->dirty = 0;
            }
            /* a buffer lent again while its last send is still unacknowledged stays
             * one held buffer: count it once */
            if (b->held_until <= h->acked) held_changed(st, +1);
            b->held_until = h->stream + size;
            h->cow_sends++;
        } else {
            d = touch(st, 0, HT_COPY, per_kb(s, C_HP_COPY, size), size);
            if (h->dma) d += touch(st, 0, HT_FLUSH, per_kb(s, C_HP_FLUSH, size), size); /* the kernel's copy is dirty */
        }
        h->stream += size;
        h->sends++;
        h->next = (h->next + 1) % h->nbuf;
        *mode = LAB_MODE_KERNEL;
        break;
    }
    case OP_HP_CSUM:
        if (!h->csum_offload) {
            d = touch(st, 0, HT_CSUM, per_kb(s, C_HP_CSUM, ns->net_mss), ns->net_mss);
            *mode = LAB_MODE_KERNEL;
        }
        break;
    case OP_HP_RTOUCH: {
        int64_t w = (int64_t)st->v[F_HP_RECV_DIRTY] < ns->net_read_bytes ? (int64_t)st->v[F_HP_RECV_DIRTY] : ns->net_read_bytes;
        if (w <= 0) break;
        d = touch(st, 1, HT_APP_WRITE, per_kb(s, C_HP_WRITE, w), w);
        if (h->rbuf_dirty < lines_of(st, w)) h->rbuf_dirty = (int32_t)lines_of(st, w);
        *mode = LAB_MODE_USER;
        break;
    }
    case OP_HP_RECV_DATA: {
        int64_t bytes = net_thread(&s->thr[x->thread])->bytes;
        if (h->recv_ca && whole_pages(st, bytes)) {
            int64_t pages = bytes / (int64_t)st->v[F_HP_PAGE];
            d = touch(st, 1, HT_REMAP, per_page(s, C_HP_REMAP, pages), 0);
            d += touch(st, 1, HT_PURGE, per_kb(s, C_HP_PURGE, h->rbuf_dirty), h->rbuf_dirty);
            h->rbuf_dirty = 0; /* a fresh page, not in the cache */
            h->remaps += (uint64_t)pages;
        } else {
            /* the card's data must leave the cache before the CPU reads it, unless the
             * host's checksum read it already */
            if (h->dma && h->csum_offload) d += touch(st, 1, HT_PURGE, per_kb(s, C_HP_PURGE, bytes), bytes);
            d += touch(st, 1, HT_COPY, per_kb(s, C_HP_COPY, bytes), bytes);
            h->rbuf_dirty = (int32_t)lines_of(st, bytes);
        }
        *mode = LAB_MODE_KERNEL;
        break;
    }
    case OP_HP_RX: {
        Job *p = &s->job[x->job];
        if (p->flags & NET_ACK) {
            int t = p->thread;
            int pages = hp_acked(s, p->bytes);
            d = touch(st, 0, HT_COW, per_page(s, C_HP_COW_RELEASE, pages), 0);
            d += (int64_t)cost_sample(&st->rng, &st->cost[C_HP_ACK]);
            s->thr[t].inflight -= p->bytes;
            engine_job_free(s, x->job);
            x->job = -1;
            net_resume_sender(s, t, 2);
        } else {
            d = (int64_t)cost_sample(&st->rng, &st->cost[C_NET_K_RX_PKT]);
            if (!h->csum_offload) {
                if (h->dma) d += touch(st, 1, HT_PURGE, per_kb(s, C_HP_PURGE, p->bytes), p->bytes);
                d += touch(st, 1, HT_CSUM, per_kb(s, C_HP_CSUM, p->bytes), p->bytes);
            }
        }
        *mode = LAB_MODE_INTERRUPT;
        break;
    }
    default:
        assert(0 && "not an HP-UX phase");
    }
    if (d > 0) return d;
    x->pc++;
    return 0;
}

/* ---- the report ---------------------------------------------------------------------- */

static const char *const TOUCH_NAMES[HT_COUNT] = { "app_write", "cow_fault", "copy", "checksum", "flush", "cow", "purge", "remap" };

static double busy_pct(const lab_Sim *s, int cpu, double window)
{
    int m;
    double busy = 0;
    for (m = 0; m < LAB_MODE_COUNT; m++)
        if (m != LAB_MODE_IDLE) busy += (double)s->cpu[cpu].mode_ns[m];
    return window > 0 ? 100.0 * busy / window : 0;
}

const MetricDesc HP_METRICS[] = {
    { "hpux.interface", "nio_fddi|eisa_fddi|lo0|lan0_loopback", "", 0, "Interface" },
    { "hpux.hosts", "integer", "hosts", 0, "Hosts (2: FDDI; 1: loopback)" },
    { "hpux.checksum_offload", "boolean", "", 0, "Checksums on the card" },
    { "hpux.dma", "boolean", "", 0, "Data crosses a card by DMA" },
    { "hpux.send_copy_avoidance", "boolean", "", 0, "Sends lent copy-on-write" },
    { "hpux.recv_copy_avoidance", "boolean", "", 0, "Receives remapped" },
    { "hpux.send_bytes", "integer", "bytes", 0, "Send size" },
    { "hpux.so_sndbuf", "integer", "bytes", 0, "Send socket buffer (SO_SNDBUF)" },
    { "hpux.send_buffers", "integer", "buffers", 0, "Send buffers the application cycles through" },
    { "hpux.throughput_mbps", "number", "Mb/s", 1, "Throughput" },
    { "hpux.sender_cpu_pct", "number", "%", -1, "Sender's CPU busy" },
    { "hpux.receiver_cpu_pct", "number", "%", -1, "Receiver's CPU busy" },
    { "hpux.send_us_per_kb", "number", "us/KiB", -1, "Sender's CPU per KiB" },
    { "hpux.recv_us_per_kb", "number", "us/KiB", -1, "Receiver's CPU per KiB" },
    { "hpux.cpu_us_per_kb", "number", "us/KiB", -1, "CPU per KiB, both hosts" },
    { "hpux.sends_per_s", "number", "/s", 1, "Sends" },
    { "hpux.cow_sends_pct", "number", "%", 0, "Sends lent copy-on-write" },
    { "hpux.forced_copies_pct", "number", "%", -1, "Sends whose buffer was written while lent (a copy forced)" },
    { "hpux.cow_faults_per_s", "number", "/s", -1, "Copy-on-write faults" },
    { "hpux.remapped_pages_per_s", "number", "/s", 0, "Pages remapped on receive" },
    { "hpux.held_buffers_mean", "number", "buffers", 0, "Buffers lent to the transport (mean)" },
    { "hpux.per_send_ns.{app_write|cow_fault|copy|checksum|flush|cow|purge|remap}", "number", "ns", -1, "CPU time per send, by touch" },
    { "hpux.per_send_bytes.{app_write|cow_fault|copy|checksum|flush|cow|purge|remap}", "number", "bytes", 0, "Bytes touched per send, by touch" },
    { "hpux.per_recv_ns.{app_write|cow_fault|copy|checksum|flush|cow|purge|remap}", "number", "ns", -1, "CPU time per receive, by touch" },
    { "hpux.per_recv_bytes.{app_write|cow_fault|copy|checksum|flush|cow|purge|remap}", "number", "bytes", 0, "Bytes touched per receive, by touch" },
    { "hpux.next_buffer", "integer", "", 0, "The buffer the application writes next" },
    { "hpux.unacked_bytes", "integer", "bytes", 0, "Bytes sent and not yet acknowledged" },
    { "hpux.buffers[].held", "boolean", "", 0, "Lent to the transport" },
    { "hpux.buffers[].dirty", "integer", "bytes", 0, "Bytes in dirty cache lines" },
    { NULL, NULL, NULL, 0, NULL }
};

void hp_report(lab_Sim *s, JsonW *w, double secs)
{
    static const char *const ITF[] = { "nio_fddi", "eisa_fddi", "lo0", "lan0_loopback" };
    State *st = s->st;
    NetState *ns = net_state(st);
    HpState *h = hp_state(st);
    double window = (double)(st->now - st->stats_start);
    double kib = ns->net.delivered_bytes / 1024.0, recvs = (double)ns->net.delivered_msgs;
    double a = busy_pct(s, 0, window), b = ns->net_hosts == 2 ? busy_pct(s, 1, window) : a;
    int side, k, i;

    net_report(s, w, secs);
    jw_key(w, "hpux");
    jw_open(w, '{');
    jw_key(w, "interface");
    jw_str(w, ITF[(int)st->v[F_HP_INTERFACE]]);
    jw_key(w, "hosts");
    jw_int(w, ns->net_hosts);
    jw_key(w, "checksum_offload");
    jw_raw(w, (h->csum_offload) ? "true" : "false");
    jw_key(w, "dma");
    jw_raw(w, (h->dma) ? "true" : "false");
    jw_key(w, "send_copy_avoidance");
    jw_raw(w, (hp_send_avoids(st)) ? "true" : "false");
    jw_key(w, "recv_copy_avoidance");
    jw_raw(w, (h->recv_ca && whole_pages(st, ns->net_read_bytes)) ? "true" : "false");
    jw_key(w, "send_bytes");
    jw_int(w, (int64_t)st->v[F_NET_MESSAGE_BYTES]);
    jw_key(w, "so_sndbuf");
    jw_int(w, ns->net_window);
    jw_key(w, "send_buffers");
    jw_int(w, h->nbuf);
    jw_fixed_key(w, "throughput_mbps", secs > 0 ? 8.0 * ns->net.delivered_bytes / secs / 1e6 : 0, 3);
    jw_fixed_key(w, "sender_cpu_pct", a, 3);
    jw_fixed_key(w, "receiver_cpu_pct", b, 3);
    jw_fixed_key(w, "send_us_per_kb", kib > 0 && ns->net_hosts == 2 ? a / 100.0 * window / 1000.0 / kib : 0, 3);
    jw_fixed_key(w, "recv_us_per_kb", kib > 0 && ns->net_hosts == 2 ? b / 100.0 * window / 1000.0 / kib : 0, 3);
    jw_fixed_key(w, "cpu_us_per_kb", kib > 0 ? (ns->net_hosts == 2 ? a + b : a) / 100.0 * window / 1000.0 / kib : 0, 3);
    jw_fixed_key(w, "sends_per_s", secs > 0 ? (double)h->sends / secs : 0, 1);
    jw_fixed_key(w, "cow_sends_pct", h->sends ? 100.0 * (double)h->cow_sends / (double)h->sends : 0, 3);
    jw_fixed_key(w, "forced_copies_pct", h->sends ? 100.0 * (double)h->faults / (double)h->sends : 0, 3);
    jw_fixed_key(w, "cow_faults_per_s", secs > 0 ? (double)h->faults / secs : 0, 1);
    jw_fixed_key(w, "remapped_pages_per_s", secs > 0 ? (double)h->remaps / secs : 0, 1);
    jw_fixed_key(w, "held_buffers_mean",
                 window > 0 ? (h->held_area + (double)h->held * (double)(st->now - h->held_since)) / window : 0, 3);
    for (side = 0; side < 2; side++) {
        double n = side == 0 ? (double)h->sends : recvs;
        jw_key(w, side == 0 ? "per_send_ns" : "per_recv_ns");
        jw_open(w, '{');
        for (k = 0; k < HT_COUNT; k++) jw_fixed_key(w, TOUCH_NAMES[k], n > 0 ? h->touch_ns[side][k] / n : 0, 1);
        jw_close(w, '}');
        jw_key(w, side == 0 ? "per_send_bytes" : "per_recv_bytes");
        jw_open(w, '{');
        for (k = 0; k < HT_COUNT; k++) jw_fixed_key(w, TOUCH_NAMES[k], n > 0 ? h->touch_bytes[side][k] / n : 0, 1);
        jw_close(w, '}');
    }
    /* the buffers now, for the views */
    jw_key(w, "next_buffer");
    jw_int(w, h->next);
    jw_key(w, "unacked_bytes");
    jw_int(w, h->stream - h->acked);
    jw_key(w, "buffers");
    jw_open(w, '[');
    for (i = 0; i < h->nbuf; i++) {
        jw_open(w, '{');
        jw_key(w, "held");
        jw_raw(w, (h->buf[i].held_until > h->acked) ? "true" : "false");
        jw_key(w, "dirty");
        jw_int(w, h->buf[i].dirty);
        jw_close(w, '}');
    }
    jw_close(w, ']');
    jw_close(w, '}');
}
