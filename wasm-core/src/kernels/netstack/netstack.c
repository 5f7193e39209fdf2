/*
 * netstack.c -- two hosts back to back: the NICs, their rings, the stacks that drain them,
 * and the phases (OP_NET_*) that applications and interrupts run on them.
 *
 * Source: "The OpenOnload User-level Network Stack", Pope and Riddoch (Solarflare),
 * talk transcript (../shared/seeds/002). kernels/onload/ and kernels/hpux/ assemble the programs.
 *
 * The machine's CPUs are split in half: host A (CPUs 0 .. cph-1) is the system under
 * test, host B (cph .. 2cph-1) its partner. Every application thread is bound to one CPU.
 *
 * Invariants:
 *  - A packet is a job (JOB_NET_PKT) with its payload bytes and the thread whose
 *    socket it goes to (-1: the sink of the UDP send test). It is in exactly one place:
 *    on the wire (one EV_NET_ARRIVE event), a stack's receive ring, a context's hand,
 *    or a socket's receive queue (Thread.work). A message to send is a JOB_NET_MSG.
 *  - A NIC transmits one frame at a time: frames leave no faster than the link rate
 *    and the NIC's message rate (net.nic_max_pps) allow (nic_free_at). Arrival is
 *    serialization plus net.hw_latency_ns (both NICs, PCIe and the cable) later.
 *  - The receiving NIC steers a packet by its destination socket: its filter table
 *    (one entry per socket on a user-level stack) names the virtual interface, the
 *    ring of that socket's stack; no match sends it to the default interface, the
 *    kernel stack's ring.
 *  - A receive ring holds at most net.rx_ring packets; one more is dropped by the NIC
 *    at no CPU cost. A socket holds at most net.socket_packets; one more is dropped
 *    after its protocol processing was done (the wasted work of receive livelock).
 *  - Interrupts: a stack's NIC interrupts only when armed and not already being
 *    drained, and never sooner than net.moderation_ns after its last interrupt (a
 *    timer raises the held one then). The kernel stack is always armed but masked while
 *    its handler drains the ring. A user-level stack is armed only by a thread
 *    that blocks on it, once; otherwise it is polled lazily by the application, and a
 *    watchdog interrupts if packets wait and no one has polled for net.watchdog_ns.
 *  - NAPI (net.napi_budget > 0, the kernel stack only). Sources: Mogul and
 *    Ramakrishnan, "Eliminating Receive Livelock in an Interrupt-Driven Kernel" (an
 *    interrupt only starts polling; a quota of packets per poll; drop early; feedback
 *    from full queues stops input) and Salim, Olsson and Kuznetsov, "Beyond Softnet"
 *    (Linux's NAPI: the receive interrupt stays disabled while a poll with a budget,
 *    the weight, runs until the ring is empty, then is re-enabled). The interrupt
 *    starts the first poll; a poll takes at most net.napi_budget packets. A poll that
 *    empties the ring unmasks (as the handler does without NAPI); one that spends its
 *    budget with packets left stops with the interrupt still masked (napi_due), and
 *    the next poll begins when no thread bound to the interrupt's CPU wants it (the
 *    application there has blocked; at once if there is none): the poll yields to
 *    the application. With net.queue_feedback on, a poll also stops before taking a
 *    packet whose socket is full, and the next begins once the reader has taken one
 *    (and the CPU is free, as above). While a poll is due no interrupt comes: the
 *    ring fills and the NIC drops the excess, at no CPU cost. A poll that follows
 *    another costs nothing of its own (no interrupt); its packets cost what the
 *    handler's do. With net.napi_budget 0 none of this runs.
 *  - A thread spinning for a message (onload's spin, the raw vNIC's busy loop) awaits
 *    in user mode; an arrival on its stack wakes it at once.
 */
#include <assert.h>
#include <string.h>
#include "netstack.h"

#define NET_INFINITE INT64_MAX
/* Events one user-level stack poll handles at most before it returns to the caller
 * (like NAPI's weight of 64): a poll never buries the socket under more than it can take. */
#define NET_POLL_BUDGET 64

static int host_of(const State *st, int cpu) { return cpu / net_state(st)->net_cph; }

/* Whom a thread sends to: the ping-pong partner, the stream's receiver, or the sink. */
static int peer_of(const State *st, int t)
{
    const NetState *ns = net_state(st);
    switch (ns->net_test) {
    case NET_PINGPONG: return t == 0 ? 1 : 0;
    case NET_TCP_STREAM: return t == 0 ? 1 : 0;
    default: return -1; /* UDP send: the sink */
    }
}

/* ---- the wire -------------------------------------------------------------------- */

/* A frame's time on the link: payload, headers (Ethernet, IP and UDP, or TCP with
 * timestamps), the 60-byte minimum, FCS, preamble and inter-frame gap. */
static int64_t serialization_ns(const State *st, int bytes)
{
    const NetState *ns = net_state(st);
    double frame = bytes + (ns->net_test == NET_TCP_STREAM ? 66 : 42);
    if (frame < 60) frame = 60;
    frame += 4 + 20;
    return lab_i64(frame * 8.0e9 / st->v[F_NET_LINK_BPS] + 0.5);
}

/* How long a frame keeps the NIC's transmitter: the link, or the NIC's message rate. */
static int64_t occupancy_ns(const State *st, int bytes)
{
    int64_t ser = serialization_ns(st, bytes);
    int64_t gap = lab_i64(1.0e9 / st->v[F_NET_NIC_MAX_PPS] + 0.5);
    return ser > gap ? ser : gap;
}

/* From one host's card to the other's, or nothing on a loopback connection. */
static int64_t net_latency(const State *st)
{
    const NetState *ns = net_state(st);
    return ns->net_hosts == 1 ? 0 : (int64_t)st->v[F_NET_HW_LATENCY];
}

/* ---- rings and their lengths over time ------------------------------------------ */

static void ring_changed(State *st, NetStack *n)
{
    n->ring_area += (double)n->ring.len * (double)(st->now - n->ring_since);
    n->ring_since = st->now;
}

/* The test's receivers: host A's, or the stream's on host B. */
static int counted(const lab_Sim *s, int t)
{
    NetState *ns = net_state(s->st);
    return ns->net_test == NET_TCP_STREAM || ns->stk[net_thread(&s->thr[t])->stack].host == 0;
}

static void sock_changed(lab_Sim *s, int t, int delta)
{
    State *st = s->st;
    NetState *ns = net_state(st);
    if (!counted(s, t)) return;
    ns->net.sock_area += (double)ns->net_sock_len * (double)(st->now - ns->net_sock_since);
    ns->net_sock_since = st->now;
    ns->net_sock_len += delta;
}

static void preq_changed(State *st, NetStack *n)
{
    n->preq_area += (double)n->prequeue.len * (double)(st->now - n->preq_since);
    n->preq_since = st->now;
}

/* ---- interrupts ------------------------------------------------------------------- */

static void raise_irq(lab_Sim *s, int k)
{
    State *st = s->st;
    NetState *ns = net_state(st);
    NetStack *n = &ns->stk[k];
    int j = engine_job_alloc(s, JOB_NET_IRQ, k, 0);
    assert(j >= 0); /* size() keeps one per stack             */
    n->in_irq = 1;
    n->armed = 0;
    n->last_irq = st->now;
    if (n->host == 0) ns->net.irqs++;
    engine_raise_interrupt(s, n->irq_cpu, j);
}

/* Something is on stack k's ring: wake its spinning poller, or interrupt if armed. */
static void notify(lab_Sim *s, int k)
{
    State *st = s->st;
    NetState *ns = net_state(st);
    NetStack *n = &ns->stk[k];
    double mod = st->v[F_NET_MODERATION];
    if (n->poller >= 0) {
        Thread *th = &s->thr[n->poller];
        if (th->ctx.state == CTX_AWAIT && th->cpu >= 0) {
            th->ctx.state = CTX_READY; /* runs OP_NET_RECV again: it polls */
            engine_kick(s, th->cpu);
        }
        return;
    }
    if (!n->armed || n->in_irq) return;
    if (mod <= 0 || (double)(st->now - n->last_irq) >= mod) raise_irq(s, k);
    else if (!n->timer_set) {
        n->timer_set = 1;
        ev_push(s, n->last_irq + (int64_t)mod, EV_NET_MODERATION, -1, k, 0);
    }
}

/* ---- NAPI: polls with a budget (net.napi_budget, the kernel stack) ---------------- */

static int napi_on(const State *st, const NetStack *n)
{
    return !n->user_level && st->v[F_NET_NAPI_BUDGET] > 0;
}

/* Whether the socket the packet at the head of stack k's ring goes to is full. */
static int head_socket_full(lab_Sim *s, const NetStack *n)
{
    const Job *p;
    if (n->ring.len == 0) return 0;
    p = &s->job[n->ring.head];
    return p->thread >= 0 && s->thr[p->thread].work.len >= (int)s->st->v[F_NET_SOCKET_PACKETS];
}

/* Whether a thread bound to this CPU wants it: running (perhaps under an interrupt) or ready. */
static int thread_wants(const lab_Sim *s, int cpu)
{
    int t;
    for (t = 0; t < s->st->nthread; t++)
        if (s->thr[t].bound == cpu && (s->thr[t].state == T_RUNNING || s->thr[t].state == T_READY)) return 1;
    return 0;
}

/* Stack k's next poll may begin: it is due, no thread on its CPU wants the CPU, and
 * (feedback on) its next packet's socket has room. The poll is raised from an event
 * (now), never from inside a phase. */
static void napi_kick(lab_Sim *s, int k)
{
    State *st = s->st;
    NetStack *n = &net_state(st)->stk[k];
    if (!n->napi_due || thread_wants(s, n->irq_cpu)) return;
    if (st->v[F_NET_QUEUE_FEEDBACK] && head_socket_full(s, n)) return;
    ev_push(s, st->now, EV_NET_POLL, -1, k, 0);
}

/* A thread on this CPU stopped wanting it: a poll waiting for the CPU may begin. */
static void napi_cpu_free(lab_Sim *s, int cpu)
{
    NetState *ns = net_state(s->st);
    int k;
    for (k = 0; k < ns->net_nstack; k++)
        if (ns->stk[k].napi_due && ns->stk[k].irq_cpu == cpu) napi_kick(s, k);
}

static void napi_poll(lab_Sim *s, int k)
{
    State *st = s->st;
    NetStack *n = &net_state(st)->stk[k];
    int j;
    if (!n->napi_due || thread_wants(s, n->irq_cpu)) return; /* already begun, or not yet */
    if (st->v[F_NET_QUEUE_FEEDBACK] && head_socket_full(s, n)) return;
    j = engine_job_alloc(s, JOB_NET_IRQ, k, NET_REPOLL);
    assert(j >= 0); /* size() keeps one per stack: no interrupt is in flight */
    n->napi_due = 0;
    engine_raise_interrupt(s, n->irq_cpu, j);
}

/* ---- packets ---------------------------------------------------------------------- */

/* The receiving NIC's filter table: the virtual interface (stack) for a packet to
 * socket t, or the default interface when no filter matches (-1: there is none). */
static int steer(lab_Sim *s, int t)
{
    State *st = s->st;
    NetState *ns = net_state(st);
    int host = host_of(st, s->thr[t].bound), f;
    for (f = 0; f < ns->net_nfilter[host]; f++)
        if (ns->net_filter[host][f].sock == t) {
            if (host == 0) ns->net.filter_hits++;
            return ns->net_filter[host][f].vi;
        }
    if (host == 0) ns->net.filter_misses++;
    return ns->net_default_vi[host];
}

static void arrive(lab_Sim *s, int j)
{
    State *st = s->st;
    NetState *ns = net_state(st);
    Job *p = &s->job[j];
    int k = steer(s, p->thread);
    NetStack *n;
    if (p->flags & NET_FOLLOWED) ns->net.breakdown[NB_WIRE] += (double)(st->now - p->t_enq);
    if (k < 0) { /* no filter and no kernel interface */
        engine_job_free(s, j);
        return;
    }
    n = &ns->stk[k];
    if (n->ring.len >= (int)st->v[F_NET_RX_RING]) { /* no descriptor: the NIC drops it */
        if (n->host == 0) ns->net.ring_drops++;
        engine_job_free(s, j);
        return;
    }
    ring_changed(st, n);
    p->t_enq = st->now;
    engine_list_push(s, &n->ring, j);
    notify(s, k);
}

/* Packet j, processed, reaches its socket. Returns the reader it should wake, or -1. */
static int deliver(lab_Sim *s, int j)
{
    State *st = s->st;
    NetState *ns = net_state(st);
    Job *p = &s->job[j];
    Thread *th = &s->thr[p->thread];
    int reader = p->thread, last = (p->flags & NET_LAST_PACKET) != 0;
    if (th->work.len >= (int)st->v[F_NET_SOCKET_PACKETS]) { /* the socket is full */
        if (ns->stk[net_thread(th)->stack].host == 0) ns->net.socket_drops++;
        engine_job_free(s, j);
        return -1;
    }
    if (p->flags & NET_FOLLOWED) ns->net.breakdown[NB_STACK] += (double)(st->now - p->t_enq);
    p->t_enq = st->now;
    sock_changed(s, p->thread, +1);
    engine_list_push(s, &th->work, j);
    if (!last) return -1;
    th->msgs++;
    if (th->state == T_BLOCKED_READ) {
        th->state = T_READY;
        return reader;
    }
    return -1;
}

/* The next packet of stack k's ring into the caller's hand, or -1. `looked` is when
 * its processing began (a poll's start, or now): the packet waited until then. */
static int ring_take(lab_Sim *s, int k, int64_t looked)
{
    State *st = s->st;
    NetState *ns = net_state(st);
    NetStack *n = &ns->stk[k];
    int j;
    if (n->ring.len == 0) return -1;
    ring_changed(st, n);
    j = engine_list_pop(s, &n->ring);
    if (s->job[j].flags & NET_FOLLOWED) ns->net.breakdown[NB_NOTIFY] += (double)(looked - s->job[j].t_enq);
    s->job[j].t_enq = looked;
    return j;
}

/* What thread t's receive call takes from its socket: a UDP message (its packets up
 * to the last); for TCP, what is there: the stream up to ns->net_read_bytes (like
 * netperf, the receiver reads with a buffer of its own size), a ping-pong message up
 * to what is still missing of it. Packets are freed; net_bytes is what was taken. */
static void socket_take(lab_Sim *s, int t)
{
    State *st = s->st;
    NetState *ns = net_state(st);
    Thread *th = &s->thr[t];
    int32_t bytes = 0, want = ns->net_test == NET_TCP_STREAM ? ns->net_read_bytes
                                                             : (int32_t)st->v[F_NET_MESSAGE_BYTES] - net_thread(th)->got;
    for (;;) {
        int j = engine_list_pop(s, &th->work), readable;
        assert(j >= 0);
        sock_changed(s, t, -1);
        readable = (s->job[j].flags & NET_LAST_PACKET) != 0;
        bytes += s->job[j].bytes;
        if (s->job[j].flags & NET_FOLLOWED) ns->net.breakdown[NB_WAKE] += (double)(st->now - s->job[j].t_enq);
        engine_job_free(s, j);
        if (!readable) continue;
        th->msgs--;
        if (ns->net_test == NET_UDP_SEND || ns->net_test == NET_UDP_RECEIVE || th->msgs == 0 || bytes >= want) break;
    }
    net_thread(th)->bytes = bytes;
    net_thread(th)->got += bytes;
    if (ns->stk[net_thread(th)->stack].napi_due) napi_kick(s, net_thread(th)->stack); /* room again */
    if (ns->net_ack_packets) {
        /* the acknowledgement is a packet the sender's interrupt processes (HP-UX) */
        int j = engine_job_alloc(s, JOB_NET_PKT, peer_of(st, t), NET_ACK);
        assert(j >= 0); /* size() leaves room for every ACK in flight */
        s->job[j].bytes = bytes;
        s->job[j].t_enq = st->now;
        ev_push(s, st->now + net_latency(st), EV_NET_ARRIVE, -1, j, 0);
    } else if (ns->net_test == NET_TCP_STREAM || ns->net_test == NET_PINGPONG) /* the window opens as it reads */
        ev_push(s, st->now + net_latency(st), EV_NET_ACK, (int)peer_of(st, t), bytes, 0);
    net_thread(th)->spinning = 0;
    net_thread(th)->t0 = st->now;
}

/* ---- transmit --------------------------------------------------------------------- */

/* Whether the send in hand has a packet to put out: what is left of a UDP message,
 * or a full TCP segment of what the application has written (the first look moves a
 * TCP send's bytes into the stream). */
static int packet_due(State *st, Job *m)
{
    NetState *ns = net_state(st);
    if (ns->net_test != NET_TCP_STREAM) return m->bytes > 0;
    ns->net_unsent += m->bytes;
    m->bytes = 0;
    return ns->net_unsent >= ns->net_mss;
}

/* The bytes of the next packet of the send in hand: a TCP segment, or what is left
 * of a UDP message up to the MSS. */
static int32_t packet_bytes(const State *st, const Job *m)
{
    const NetState *ns = net_state(st);
    if (ns->net_test == NET_TCP_STREAM) return ns->net_mss;
    return m->bytes < ns->net_mss ? m->bytes : ns->net_mss;
}

/* Whether the next packet of the send in x->job must wait: 0 it may go; 1 the NIC's
 * transmit ring is full (an EV_NET_TX_SPACE for the thread is due when a descriptor is
 * free again); 2 the TCP window is (an acknowledgement opens it). */
static int tx_blocked(lab_Sim *s, int cpu, const Ctx *x)
{
    State *st = s->st;
    NetState *ns = net_state(st);
    int h = host_of(st, cpu);
    int32_t bytes = packet_bytes(st, &s->job[x->job]);
    int64_t ring_ns = (int64_t)st->v[F_NET_TX_RING] * occupancy_ns(st, bytes);
    if (ns->net_hosts == 1) ring_ns = NET_INFINITE; /* loopback: no card, no ring */
    if (ns->nic_free_at[h] - st->now > ring_ns) {
        ev_push(s, ns->nic_free_at[h] - ring_ns, EV_NET_TX_SPACE, -1, x->thread, 0);
        return 1;
    }
    if ((ns->net_test == NET_TCP_STREAM || ns->net_test == NET_PINGPONG) && /* TCP: no more than the window unread */
        s->thr[x->thread].inflight + bytes > ns->net_window) return 2;
    return 0;
}

/* The next packet of the send in x->job leaves: returns 0 when it went on the NIC's
 * ring, else why it must wait (tx_blocked). */
static int transmit(lab_Sim *s, int cpu, Ctx *x)
{
    State *st = s->st;
    NetState *ns = net_state(st);
    Job *m = &s->job[x->job];
    int h = host_of(st, cpu), tcp = ns->net_test == NET_TCP_STREAM;
    int dest = m->thread, end, readable, why;
    int32_t bytes = packet_bytes(st, m);
    int64_t start, ser;

    if ((why = tx_blocked(s, cpu, x)) != 0) return why;
    if (tcp || ns->net_test == NET_PINGPONG) s->thr[x->thread].inflight += bytes;
    if (tcp) {
        ns->net_unsent -= bytes;
        end = 0;
    } else {
        m->bytes -= bytes;
        end = m->bytes == 0;
    }
    /* A TCP segment is readable as it comes; a UDP datagram only whole. */
    readable = ns->net_test == NET_UDP_SEND || ns->net_test == NET_UDP_RECEIVE ? end : 1;
    if (end && ns->net_test == NET_PINGPONG)
        ns->net.breakdown[NB_SEND] += (double)(st->now - net_thread(&s->thr[x->thread])->t0);
    start = ns->nic_free_at[h] > st->now ? ns->nic_free_at[h] : st->now;
    if (ns->net_hosts == 1) ser = 0; /* loopback: straight to the input queue */
    else {
        ser = serialization_ns(st, bytes);
        ns->nic_free_at[h] = start + occupancy_ns(st, bytes);
        if (h == 0) {
            ns->net.wire_bytes_a += bytes;
            ns->net.wire_ns_a += (double)ser;
        }
    }
    if (dest < 0) { /* the sink: counted as it leaves the NIC */
        if (end) ns->net.delivered_msgs++;
        ns->net.delivered_bytes += bytes;
        return 0;
    }
    {
        /* only ping-pong messages are followed through the stages (NET_FOLLOWED) */
        int flags = (readable ? NET_LAST_PACKET : 0) | (end && ns->net_test == NET_PINGPONG ? NET_FOLLOWED : 0);
        int j = engine_job_alloc(s, JOB_NET_PKT, dest, flags);
        assert(j >= 0); /* size() leaves room for every packet in flight */
        s->job[j].bytes = bytes;
        s->job[j].t_enq = st->now;
        ev_push(s, start + ser + net_latency(st), EV_NET_ARRIVE, -1, j, 0);
    }
    return 0;
}

/* ---- the phases ------------------------------------------------------------------- */

/* A thread stops to wait: the kernel stack's sleeps (and pays the wake-up and switch);
 * a user-level stack's spins in user mode. */
static int64_t wait_for(lab_Sim *s, int cpu, Ctx *x, int user_level, int state, int why)
{
    if (user_level) {
        x->state = CTX_AWAIT;
        x->mode = LAB_MODE_USER;
    } else {
        engine_block(s, cpu, state, why);
        napi_cpu_free(s, cpu);
    }
    return -1;
}

static int64_t op_recv(lab_Sim *s, int cpu, Ctx *x, const Phase *ph, int *mode)
{
    State *st = s->st;
    NetState *ns = net_state(st);
    int t = x->thread, k;
    Thread *th = &s->thr[t];
    NetStack *n;
    k = net_thread(th)->stack;
    n = &ns->stk[k];
    if (x->stall == 2) { /* a stack poll ends: its packets reach the socket */
        int i;
        x->stall = 0;
        for (i = 0; i < x->ctr; i++) {
            int j = ring_take(s, k, net_thread(th)->t0); /* net_t0: when the poll began */
            if (j < 0) break;
            deliver(s, j); /* the poller is the reader: no one to wake */
        }
        x->ctr = 0;
    }
    if (th->msgs > 0) {
        if (n->poller == t) n->poller = -1;
        socket_take(s, t);
        x->pc++;
        return 0;
    }
    if (ph->a == STACK_KERNEL) return wait_for(s, cpu, x, 0, T_BLOCKED_READ, 1);
    if (n->ring.len > 0) { /* the lazy stack poll */
        int64_t d = 0;
        int i;
        n->last_poll = st->now;
        net_thread(th)->t0 = st->now;
        if (n->host == 0) ns->net.polls++;
        x->ctr = (int32_t)(n->ring.len < NET_POLL_BUDGET ? n->ring.len : NET_POLL_BUDGET);
        d = cost_sample(&st->rng, &st->cost[C_NET_UL_POLL]);
        for (i = 0; i < x->ctr; i++) d += cost_sample(&st->rng, &st->cost[C_NET_UL_RX_PKT]);
        if (ph->a == STACK_VNIC || d <= 0) {
            x->stall = 2;
            return op_recv(s, cpu, x, ph, mode);
        }
        x->stall = 1;
        *mode = LAB_MODE_USER;
        return d;
    }
    if (!net_thread(th)->spinning) {
        double spin = st->v[F_NET_SPIN];
        net_thread(th)->spinning = 1;
        net_thread(th)->spin_until = ph->a == STACK_VNIC ? NET_INFINITE : st->now + (int64_t)spin;
        if (net_thread(th)->spin_until != NET_INFINITE && spin > 0)
            ev_push(s, net_thread(th)->spin_until, EV_NET_SPIN_END, -1, t, 0);
    }
    if (st->now < net_thread(th)->spin_until) { /* spin: poll until something arrives */
        n->poller = t;
        return wait_for(s, cpu, x, 1, 0, 0);
    }
    n->poller = -1; /* give up: block with interrupts enabled */
    net_thread(th)->spinning = 0;
    n->armed = 1;
    return wait_for(s, cpu, x, 0, T_BLOCKED_READ, 1);
}

int64_t net_exec(lab_Sim *s, int cpu, Ctx *x, const Phase *ph, int level, int *mode)
{
    State *st = s->st;
    NetState *ns = net_state(st);
    int64_t d = 0;
    (void)level;
    switch (ph->op) {
    case OP_NET_MSG: {
        int j = engine_job_alloc(s, JOB_NET_MSG, peer_of(st, x->thread), 0);
        assert(j >= 0);
        s->job[j].bytes = (int32_t)st->v[F_NET_MESSAGE_BYTES];
        x->job = j;
        net_thread(&s->thr[x->thread])->t0 = st->now;
        break;
    }
    case OP_NET_RECV_MORE: {
        Thread *th = &s->thr[x->thread];
        if (ns->net_test == NET_PINGPONG && net_thread(th)->got < (int32_t)st->v[F_NET_MESSAGE_BYTES]) {
            x->pc = ph->b;
            return 0;
        }
        break;
    }
    case OP_NET_COPY:
    case OP_NET_COPY_IN: {
        int32_t bytes = ph->op == OP_NET_COPY ? s->job[x->job].bytes : net_thread(&s->thr[x->thread])->bytes;
        d = cost_sample(&st->rng, &st->cost[C_NET_COPY_PER_KB]) * bytes / 1024;
        *mode = ph->a;
        break;
    }
    case OP_NET_MORE:
        if (!packet_due(st, &s->job[x->job])) {
            x->pc = ph->b;
            return 0;
        }
        break;
    case OP_NET_PREP:
        d = cost_sample(&st->rng, &st->cost[ph->b]);
        *mode = ph->a;
        break;
    case OP_NET_XMIT: {
        Thread *th = &s->thr[x->thread];
        int why = transmit(s, cpu, x);
        if (why) { /* runs this phase again when woken */
            net_thread(th)->waiting = (int8_t)why;
            return wait_for(s, cpu, x, ns->net_stack != STACK_KERNEL, T_WAIT_WORK, 4);
        }
        net_thread(th)->waiting = 0;
        break;
    }
    case OP_NET_TX_ROOM: {
        /* Under the device's transmit queue lock, before the driver's work: a full ring
         * (or window) sends the thread to wait with the lock let go (OP_NET_TX_WAIT). */
        int why = tx_blocked(s, cpu, x);
        if (why) {
            net_thread(&s->thr[x->thread])->waiting = (int8_t)why;
            x->pc = ph->b;
            return 0;
        }
        break;
    }
    case OP_NET_TX_WAIT:
        /* The lock is released: sleep until the room comes (unless it came meanwhile),
         * then take the lock again. Runs again when woken. */
        if (net_thread(&s->thr[x->thread])->waiting)
            return wait_for(s, cpu, x, ns->net_stack != STACK_KERNEL, T_WAIT_WORK, 4);
        x->pc = ph->b;
        return 0;
    case OP_NET_SENT:
        if (host_of(st, cpu) == 0) ns->net.sent_msgs++;
        trace_emit(s, LAB_TRACE_TRANSMIT, cpu, x->thread, 0, 1);
        engine_job_free(s, x->job);
        x->job = -1;
        break;
    case OP_NET_LOCK: {
        Thread *th = &s->thr[x->thread];
        NetStack *n = &ns->stk[net_thread(th)->stack];
        int lk = n->lock;
        if (lk < 0) break;
        if (st->v[F_NET_PREQUEUE] && st->lock[lk].owner >= 0 && st->lock[lk].owner != x->thread &&
            n->prequeue.len < (int)st->v[F_NET_ASYNC_POOL]) {
            /* Taken: leave the packets on the lock-free pre-queue for the holder, in
             * buffers from the async pool (when it is empty, sleep for the lock). */
            st->lock[lk].contended++;
            st->lock[lk].passed++;
            preq_changed(st, n);
            engine_list_push(s, &n->prequeue, x->job);
            x->job = -1;
            if (n->host == 0) ns->net.prequeued++;
            x->pc = ph->b;
            return 0;
        }
        if (!blocking_try_acquire(s, lk, cpu, x->thread)) {
            engine_block(s, cpu, T_LOCK_WAIT, 3); /* handed the lock when woken */
            napi_cpu_free(s, cpu);
            return -1;
        }
        th->handed = -1;
        x->locks_held++;
        trace_emit(s, LAB_TRACE_ACQUIRE, cpu, x->thread, lk, 0);
        break;
    }
    case OP_NET_UNLOCK: {
        NetStack *n = &ns->stk[net_thread(&s->thr[x->thread])->stack];
        int lk = n->lock;
        if (lk < 0) break;
        if (n->prequeue.len > 0) { /* deferred work: send it before letting go */
            preq_changed(st, n);
            x->job = engine_list_pop(s, &n->prequeue);
            if (n->host == 0) ns->net.deferred++;
            x->pc = ph->b;
            return 0;
        }
        {
            int64_t work = blocking_release(s, lk, cpu, x->thread);
            assert(work == 0); /* the stacks' locks price no wake-up   */
            (void)work;
        }
        x->locks_held--;
        break;
    }
    case OP_NET_RECV:
        return op_recv(s, cpu, x, ph, mode);
    case OP_NET_RECEIVED: {
        Thread *th = &s->thr[x->thread];
        if (counted(s, x->thread)) {
            ns->net.delivered_msgs++;
            ns->net.delivered_bytes += net_thread(th)->got;
        }
        net_thread(th)->got = 0;
        if (ns->net_test == NET_PINGPONG) {
            ns->net.breakdown[NB_RECEIVE] += (double)(st->now - net_thread(th)->t0);
            ns->net.breakdown_n++;
        }
        if (ph->a == 1) { /* the client: a round trip is complete */
            ns->net.round_trips++;
            ns->net.rtt_ns += (double)(st->now - th->txn_start);
            th->txn_start = st->now;
            trace_emit(s, LAB_TRACE_TXN_DONE, cpu, x->thread, 0, 0);
        }
        break;
    }
    case OP_NET_IRQ_START: {
        int repoll = (s->job[x->job].flags & NET_REPOLL) != 0;
        engine_job_free(s, x->job); /* x->sess is the stack */
        x->job = -1;
        if (napi_on(st, &ns->stk[x->sess]) && ns->stk[x->sess].host == 0) ns->net.polls++;
        if (repoll) { /* a NAPI poll after another: no interrupt */
            x->pc = ph->b;
            return 0;
        }
        break;
    }
    case OP_NET_RX_NEXT: {
        NetStack *n = &ns->stk[x->sess];
        int j;
        if (napi_on(st, n) && n->ring.len > 0 &&
            (x->ctr >= (int32_t)st->v[F_NET_NAPI_BUDGET] || (st->v[F_NET_QUEUE_FEEDBACK] && head_socket_full(s, n)))) {
            /* the budget is spent, or (feedback) the socket is full: stop, still masked */
            n->napi_due = 1;
            napi_kick(s, x->sess);
            x->pc = ph->b;
            return 0;
        }
        j = ring_take(s, x->sess, st->now);
        if (n->user_level) n->last_poll = st->now;
        if (j < 0) { /* drained: unmask (the kernel stack re-arms) */
            n->in_irq = 0;
            if (!n->user_level) n->armed = 1;
            x->pc = ph->b;
            return 0;
        }
        x->ctr++;
        x->job = j;
        break;
    }
    case OP_NET_DELIVER: {
        int reader;
        if (x->job < 0) { /* consumed (an acknowledgement) */
            x->pc = ph->b;
            return 0;
        }
        reader = deliver(s, x->job);
        x->job = -1;
        if (reader < 0) {
            x->pc = ph->b;
            return 0;
        }
        x->wakee = reader;
        break;
    }
    case OP_NET_WAKE:
        if (ns->stk[x->sess].host == 0) ns->net.wakeups++;
        make_ready(s, x->wakee);
        break;
    default:
        assert(0 && "not a net phase");
    }
    if (d > 0) return d;
    x->pc++;
    return 0;
}

/* The phases that take a jump target in b. */
int net_jumps(int op)
{
    return op == OP_NET_MORE || op == OP_NET_LOCK || op == OP_NET_UNLOCK || op == OP_NET_RX_NEXT ||
           op == OP_NET_DELIVER || op == OP_NET_RECV_MORE || op == OP_NET_IRQ_START ||
           op == OP_NET_TX_ROOM || op == OP_NET_TX_WAIT;
}

/* ---- events ------------------------------------------------------------------------ */

static int64_t generator_gap(const State *st)
{
    const NetState *ns = net_state(st);
    int64_t gap = lab_i64(1.0e9 / st->v[F_NET_OFFERED_PPS] + 0.5); /* a tiny rate: 2^62 ns */
    int64_t occ = occupancy_ns(st, (int)st->v[F_NET_MESSAGE_BYTES] < ns->net_mss ? (int)st->v[F_NET_MESSAGE_BYTES] : ns->net_mss);
    return gap > occ ? gap : occ; /* no faster than the wire carries them */
}

/* A waiting sender may go on: the kernel's was asleep; a user-level one spins. */
void net_resume_sender(lab_Sim *s, int t, int why)
{
    Thread *th = &s->thr[t];
    if (net_thread(th)->waiting != why) return;
    net_thread(th)->waiting = 0;
    if (th->state == T_WAIT_WORK) make_ready(s, t);
    else if (th->ctx.state == CTX_AWAIT && th->cpu >= 0) {
        th->ctx.state = CTX_READY;
        engine_kick(s, th->cpu);
    }
}

void net_event(lab_Sim *s, const Event *e)
{
    State *st = s->st;
    NetState *ns = net_state(st);
    int k;
    switch (e->kind) {
    case EV_NET_ARRIVE: arrive(s, e->a); break;
    case EV_NET_MODERATION: {
        NetStack *n = &ns->stk[e->a];
        n->timer_set = 0;
        if (n->armed && !n->in_irq && n->ring.len > 0) raise_irq(s, e->a);
        break;
    }
    case EV_NET_WATCHDOG:
        for (k = 0; k < ns->net_nstack; k++) {
            NetStack *n = &ns->stk[k];
            if (n->user_level && n->ring.len > 0 && !n->in_irq && n->poller < 0 &&
                (double)(st->now - n->last_poll) >= st->v[F_NET_WATCHDOG]) {
                if (n->host == 0) ns->net.watchdogs++;
                raise_irq(s, k);
            }
        }
        ev_push(s, st->now + (int64_t)st->v[F_NET_WATCHDOG], EV_NET_WATCHDOG, -1, 0, 0);
        break;
    case EV_NET_GENERATE: {
        int j = engine_job_alloc(s, JOB_NET_PKT, 0, NET_LAST_PACKET);
        ns->net.offered_msgs++;
        if (j >= 0) {
            s->job[j].bytes = (int32_t)st->v[F_NET_MESSAGE_BYTES];
            s->job[j].t_enq = st->now;
            arrive(s, j);
        } else ns->net.ring_drops++;
        ev_push(s, st->now + generator_gap(st), EV_NET_GENERATE, -1, 0, 0);
        break;
    }
    case EV_NET_ACK: /* cpu: the sender's thread */
        s->thr[e->cpu].inflight -= e->a;
        net_resume_sender(s, e->cpu, 2);
        break;
    case EV_NET_SPIN_END: {
        Thread *th = &s->thr[e->a];
        if (net_thread(th)->spinning && st->now >= net_thread(th)->spin_until && th->ctx.state == CTX_AWAIT && th->cpu >= 0) {
            th->ctx.state = CTX_READY; /* OP_NET_RECV sees the spin is over: blocks */
            engine_kick(s, th->cpu);
        }
        break;
    }
    case EV_NET_TX_SPACE: net_resume_sender(s, e->a, 1); break;
    case EV_NET_POLL: napi_poll(s, e->a); break;
    default: assert(0 && "not a net event");
    }
}

/* ---- set-up, window, report ---------------------------------------------------------- */

/* The kernels that run on this file's NICs and stacks. */

void net_clear_stacks(State *st)
{
    NetState *ns = net_state(st);
    ns->net_nstack = 0;
    ns->net_nfilter[0] = ns->net_nfilter[1] = 0;
    ns->net_default_vi[0] = ns->net_default_vi[1] = -1;
}

int net_add_stack(State *st, int host, int user_level, int irq_cpu, int lock)
{
    NetState *ns = net_state(st);
    int k = ns->net_nstack++;
    NetStack *n = &ns->stk[k];
    assert(k < LAB_NET_MAX_STACKS);
    n->host = (int8_t)host;
    n->user_level = (int8_t)user_level;
    n->irq_cpu = (int16_t)irq_cpu;
    n->armed = !user_level; /* a user-level stack: only when a thread blocks */
    n->lock = (int8_t)lock;
    n->poller = -1;
    n->ring.head = n->ring.tail = -1;
    n->prequeue.head = n->prequeue.tail = -1;
    n->last_irq = -((int64_t)1 << 40);
    return k;
}

void net_build_switch_in(Asm *a, const State *st)
{
    (void)st;
    asm_op2(a, OP_WORK, LAB_MODE_CSWITCH, C_NET_CSWITCH);
    asm_op2(a, OP_RESUME, 0, 0);
}

void net_start(lab_Sim *s)
{
    State *st = s->st;
    NetState *ns = net_state(st);
    if (ns->net_test == NET_UDP_RECEIVE && st->v[F_NET_OFFERED_PPS] > 0)
        ev_push(s, generator_gap(st), EV_NET_GENERATE, -1, 0, 0);
    if (ns->net_stack == STACK_ONLOAD && st->v[F_NET_WATCHDOG] > 0)
        ev_push(s, (int64_t)st->v[F_NET_WATCHDOG], EV_NET_WATCHDOG, -1, 0, 0);
}

void net_reset(lab_Sim *s)
{
    State *st = s->st;
    NetState *ns = net_state(st);
    int k;
    memset(&ns->net, 0, sizeof ns->net);
    ns->net_sock_since = st->now;
    for (k = 0; k < ns->net_nstack; k++) {
        NetStack *n = &ns->stk[k];
        n->ring_area = n->preq_area = 0;
        n->ring_since = n->preq_since = st->now;
    }
}

static double per_s(double n, double secs) { return secs > 0 ? n / secs : 0; }

const MetricDesc NET_METRICS[] = {
    { "net.test", "pingpong|udp_send|udp_receive|tcp_stream", "", 0, "Test" },
    { "net.stack", "kernel|onload|vnic", "", 0, "Stack" },
    { "net.cpus_per_host", "integer", "CPUs", 0, "CPUs per host" },
    { "net.message_bytes", "integer", "bytes", 0, "Message size" },
    { "net.packets_per_message", "integer", "packets", 0, "Packets per message" },
    { "net.round_trips", "integer", "", 1, "Round trips completed" },
    { "net.half_rtt_ns", "number", "ns", -1, "Half round trip (latency)" },
    { "net.breakdown_ns.{send|wire|notify|stack|wake|receive}", "number", "ns", -1, "One-way trip, by stage" },
    { "net.offered_per_s", "number", "/s", 0, "Messages offered" },
    { "net.sent_per_s", "number", "/s", 1, "Messages sent" },
    { "net.delivered_per_s", "number", "/s", 1, "Messages delivered" },
    { "net.goodput_bits_per_s", "number", "bits/s", 1, "Goodput" },
    { "net.link_busy_pct", "number", "%", 0, "Link busy with host A's frames" },
    { "net.ring_drops_per_s", "number", "/s", -1, "Packets dropped at a full receive ring" },
    { "net.socket_drops_per_s", "number", "/s", -1, "Packets dropped at a full socket (after protocol work)" },
    { "net.interrupts_per_s", "number", "/s", 0, "Host A's interrupts" },
    { "net.stack_polls_per_s", "number", "/s", 0, "Host A's stack polls" },
    { "net.watchdog_per_s", "number", "/s", 0, "Host A's watchdog interrupts" },
    { "net.wakeups_per_s", "number", "/s", 0, "Host A's thread wake-ups" },
    { "net.nic_filters", "integer", "entries", 0, "Host A's NIC filter table" },
    { "net.filter_hits_per_s", "number", "/s", 0, "Packets steered by a filter to a user-level stack" },
    { "net.filter_misses_per_s", "number", "/s", 0, "Packets steered to the kernel's default interface" },
    { "net.cpu_per_message_ns", "number", "ns", -1, "Host A's CPU time per message" },
    { "net.host_a_modes_pct.{modes}", "number", "%", 0, "Host A's CPU time in each mode" },
    { "net.rx_ring_capacity", "integer", "packets", 0, "Receive ring" },
    { "net.rx_ring_mean_fill", "number", "packets", 0, "Receive ring fill (mean)" },
    { "net.socket_capacity", "integer", "packets", 0, "Socket buffer" },
    { "net.socket_mean_len", "number", "packets", 0, "Socket fill (mean)" },
    { "net.stack_lock.acquisitions_per_s", "number", "/s", 0, "Stack lock acquisitions" },
    { "net.stack_lock.contended_per_s", "number", "/s", -1, "Sends that found the stack lock taken" },
    { "net.stack_lock.prequeued_per_s", "number", "/s", 0, "Sends put on the lock-free pre-queue" },
    { "net.stack_lock.deferred_per_s", "number", "/s", 0, "Pre-queued sends done as deferred work" },
    { "net.stack_lock.sleeps_per_s", "number", "/s", -1, "Sleeps for the stack lock" },
    { "net.stack_lock.hold_pct", "number", "%", -1, "Stack lock held" },
    { "net.stack_lock.prequeue_mean_len", "number", "packets", 0, "Pre-queue length (mean)" },
    { NULL, NULL, NULL, 0, NULL }
};

void net_report(lab_Sim *s, JsonW *w, double secs)
{
    static const char *const TESTS[] = { "pingpong", "udp_send", "udp_receive", "tcp_stream" };
    static const char *const STACKS[] = { "kernel", "onload", "vnic" };
    static const char *const PARTS[NB_COUNT] = { "send", "wire", "notify", "stack", "wake", "receive" };
    State *st = s->st;
    NetState *ns = net_state(st);
    const NetCounters *c = &ns->net;
    double window = (double)(st->now - st->stats_start), busy = 0, host_ns = 0, ring = 0, preq = 0, sock = 0;
    double modes[LAB_MODE_COUNT] = { 0 }, lock_acq = 0, lock_cont = 0, lock_sleeps = 0, lock_hold = 0, receivers = 0;
    double msgs = ns->net_test == NET_UDP_SEND ? (double)c->sent_msgs : (double)c->delivered_msgs;
    int i, m, nlocks = 0, nstack_a = 0;

    for (i = 0; i < ns->net_cph; i++)
        for (m = 0; m < LAB_MODE_COUNT; m++) {
            modes[m] += (double)s->cpu[i].mode_ns[m];
            host_ns += (double)s->cpu[i].mode_ns[m];
            if (m != LAB_MODE_IDLE) busy += (double)s->cpu[i].mode_ns[m];
        }
    for (i = 0; i < ns->net_nstack; i++) {
        const NetStack *n = &ns->stk[i];
        if (n->host != 0) continue;
        nstack_a++;
        ring += (n->ring_area + (double)n->ring.len * (double)(st->now - n->ring_since)) / (window > 0 ? window : 1);
        preq += (n->preq_area + (double)n->prequeue.len * (double)(st->now - n->preq_since)) / (window > 0 ? window : 1);
        if (n->lock >= 0) {
            const Lock *l = &st->lock[(int)n->lock];
            nlocks++;
            lock_acq += (double)l->acquisitions;
            lock_cont += (double)l->contended;
            lock_sleeps += (double)l->sleeps;
            lock_hold += window > 0 ? 100.0 * (double)lock_held_ns(st, n->lock) / window : 0;
        }
    }
    for (i = 0; i < st->nthread; i++) receivers += counted(s, i);
    sock = window > 0 ? (c->sock_area + (double)ns->net_sock_len * (double)(st->now - ns->net_sock_since)) / window : 0;

    jw_key(w, "net");
    jw_open(w, '{');
    jw_key(w, "test");
    jw_str(w, TESTS[ns->net_test]);
    jw_key(w, "stack");
    jw_str(w, STACKS[ns->net_stack]);
    jw_key(w, "cpus_per_host");
    jw_int(w, ns->net_cph);
    jw_key(w, "message_bytes");
    jw_int(w, (int64_t)st->v[F_NET_MESSAGE_BYTES]);
    jw_key(w, "packets_per_message");
    jw_int(w, ns->net_test == NET_TCP_STREAM ? 1 : ((int64_t)st->v[F_NET_MESSAGE_BYTES] + ns->net_mss - 1) / ns->net_mss);
    jw_key(w, "round_trips");
    jw_int(w, (int64_t)c->round_trips);
    jw_fixed_key(w, "half_rtt_ns", c->round_trips ? c->rtt_ns / (double)c->round_trips / 2 : 0, 1);
    jw_key(w, "breakdown_ns");
    jw_open(w, '{');
    for (i = 0; i < NB_COUNT; i++) jw_fixed_key(w, PARTS[i], c->breakdown_n ? c->breakdown[i] / (double)c->breakdown_n : 0, 1);
    jw_close(w, '}');
    jw_fixed_key(w, "offered_per_s", per_s(ns->net_test == NET_UDP_RECEIVE ? (double)c->offered_msgs : (double)c->sent_msgs, secs), 1);
    jw_fixed_key(w, "sent_per_s", per_s((double)c->sent_msgs, secs), 1);
    jw_fixed_key(w, "delivered_per_s", per_s((double)c->delivered_msgs, secs), 1);
    jw_fixed_key(w, "goodput_bits_per_s", per_s(8.0 * c->delivered_bytes, secs), 1);
    jw_fixed_key(w, "link_busy_pct", window > 0 ? 100.0 * c->wire_ns_a / window : 0, 3);
    jw_fixed_key(w, "ring_drops_per_s", per_s((double)c->ring_drops, secs), 1);
    jw_fixed_key(w, "socket_drops_per_s", per_s((double)c->socket_drops, secs), 1);
    jw_fixed_key(w, "interrupts_per_s", per_s((double)c->irqs, secs), 1);
    jw_fixed_key(w, "stack_polls_per_s", per_s((double)c->polls, secs), 1);
    jw_fixed_key(w, "watchdog_per_s", per_s((double)c->watchdogs, secs), 1);
    jw_fixed_key(w, "wakeups_per_s", per_s((double)c->wakeups, secs), 1);
    jw_key(w, "nic_filters");
    jw_int(w, ns->net_nfilter[0]);
    jw_fixed_key(w, "filter_hits_per_s", per_s((double)c->filter_hits, secs), 1);
    jw_fixed_key(w, "filter_misses_per_s", per_s((double)c->filter_misses, secs), 1);
    jw_fixed_key(w, "cpu_per_message_ns", msgs > 0 ? busy / msgs : 0, 1);
    jw_key(w, "host_a_modes_pct");
    jw_open(w, '{');
    for (m = 0; m < LAB_MODE_COUNT; m++) jw_fixed_key(w, lab_mode_name(m), host_ns > 0 ? 100.0 * modes[m] / host_ns : 0, 3);
    jw_close(w, '}');
    jw_key(w, "rx_ring_capacity");
    jw_int(w, (int64_t)st->v[F_NET_RX_RING]);
    jw_fixed_key(w, "rx_ring_mean_fill", nstack_a ? ring / nstack_a : 0, 3);
    jw_key(w, "socket_capacity");
    jw_int(w, (int64_t)st->v[F_NET_SOCKET_PACKETS]);
    jw_fixed_key(w, "socket_mean_len", receivers > 0 ? sock / receivers : 0, 3);
    jw_key(w, "stack_lock");
    jw_open(w, '{');
    jw_fixed_key(w, "acquisitions_per_s", per_s(lock_acq, secs), 1);
    jw_fixed_key(w, "contended_per_s", per_s(lock_cont, secs), 1);
    jw_fixed_key(w, "prequeued_per_s", per_s((double)c->prequeued, secs), 1);
    jw_fixed_key(w, "deferred_per_s", per_s((double)c->deferred, secs), 1);
    jw_fixed_key(w, "sleeps_per_s", per_s(lock_sleeps, secs), 1);
    jw_fixed_key(w, "hold_pct", nlocks ? lock_hold / nlocks : 0, 3);
    jw_fixed_key(w, "prequeue_mean_len", nstack_a ? preq / nstack_a : 0, 3);
    jw_close(w, '}');
    jw_close(w, '}');
}

const Mechanism NET_MECHANISMS[] = {
    { "interrupt-receive", "Interrupt-driven receive",
      "onload: net.stack=kernel, net.napi_budget=0; hpux",
      MDOC("Every received packet (or batch, with moderation) interrupts a CPU, and the interrupt handler does the protocol's work before it returns: under overload the CPU spends its time on packets the application never reads (receive livelock)."),
      MDOC("Mogul and Ramakrishnan, \"Eliminating Receive Livelock in an Interrupt-Driven Kernel\" (ACM TOCS 1997). The kernel stack of the OpenOnload talk (source 002) only in outline: its Linux 2.6.18 had NAPI, whose interrupt schedules the protocol's work in a software interrupt (docs.kernel.org, networking/napi), which the model folds into the handler. HP-UX 9.0's FDDI and loopback receive in the model: source 003 does not describe the receive path.") },
    { "napi-budget-then-application", "NAPI-style polling with a budget, then the application first",
      "onload: net.napi_budget>0",
      MDOC("The interrupt starts a poll and stays masked; a poll takes at most net.napi_budget packets. A poll that spends its budget stops with the interrupt masked, and the next poll waits until the application on that CPU blocks (at once if none wants the CPU): what happens after a spent budget is the model's choice."),
      MDOC("Linux's NAPI for the budget and the masked interrupt (Salim, Olsson, Kuznetsov, \"Beyond Softnet\", USENIX ALS 2001; in Linux since 2.4.20 and 2.6). Linux does not give the application the CPU after a spent budget: it re-raises the softirq (restarting up to ten times; later kernels also stop after 2 ms) and then hands the polling to ksoftirqd, a thread that shares the CPU with the application (kernel/softirq.c, __do_softirq). The talk's kernel (Red Hat Enterprise 5, 2.6.18, source 002) had NAPI.") },
    { "queue-feedback", "Stop polling while the socket is full",
      "onload: net.queue_feedback=on",
      MDOC("A poll stops taking packets from the ring while the socket they go to is full and resumes when the reader takes one, so the excess is dropped by the NIC before the protocol's work."),
      MDOC("Mogul and Ramakrishnan's queue-state feedback (\"Eliminating Receive Livelock in an Interrupt-Driven Kernel\", ACM TOCS 1997). Linux's NAPI has no such feedback.") },
    { "interrupt-moderation", "Interrupt moderation",
      "onload,hpux: net.moderation_ns>0",
      MDOC("The NIC raises at most one receive interrupt per net.moderation_ns, so one interrupt serves a batch: less CPU per packet, more latency for a lone packet."),
      MDOC("The OpenOnload talk's kernel stack with 60 us moderation against none (source 002).") },
    { "user-level-stack", "User-level stack with OS bypass (OpenOnload)",
      "onload: net.stack=onload",
      MDOC("The protocol runs in the application's own context on a virtual NIC it talks to directly (filters, rings, doorbells): no system call, no interrupt while the stack is polled, the stack's state shared with the kernel."),
      MDOC("OpenOnload (source 002: OS bypass with a virtualized NIC, stack state shared between processes and the kernel).") },
    { "raw-virtual-nic", "A raw virtual NIC, no protocol",
      "onload: net.stack=vnic",
      MDOC("A prepared packet bounced between two virtual NICs with no stack at all: what is left is the hardware's latency."),
      MDOC("The talk's hardware-alone measurement, 4.2 us half round trip (source 002).") },
    { "spin-then-block", "Spin, then block (the lazy stack poll)",
      "onload: net.stack=onload",
      MDOC("A thread that waits polls its stack for up to net.spin_ns and then blocks, enabling interrupts; with no thread polling, a watchdog timer polls the stack every net.watchdog_ns."),
      MDOC("OpenOnload's lazy stack poll, no interrupts by default, and its watchdog timer (source 002).") },
    { "prequeue-deferred-work", "Lock-free pre-queue with deferred work",
      "onload: net.stack=onload, net.prequeue=on",
      MDOC("A send that finds the stack lock taken puts its buffers on a lock-free pre-queue and returns; the lock's holder sends them as deferred work before it lets go."),
      MDOC("OpenOnload's send path: one stack lock, a lock-free pre-queue and deferred work (source 002).") },
    { "shared-stack", "One stack shared by several processes",
      "onload: net.stacks=shared",
      MDOC("Host A's senders are threads of one stack and take its one lock, instead of a stack (and lock) per process: a stack per core removes the crosstalk."),
      MDOC("The talk's shared stack against one stack per core (source 002).") },
    { NULL, NULL, NULL, NULL, NULL }
};
