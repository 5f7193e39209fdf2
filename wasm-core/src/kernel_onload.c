/*
 * kernel_onload.c -- the network stack benchmark: the Linux kernel stack against the
 * OpenOnload user-level stack (and the raw virtual NIC beneath it), two hosts back to
 * back, as programs of phases.
 *
 * Source: "The OpenOnload User-level Network Stack", Pope and Riddoch (Solarflare), a
 * talk (../shared/seeds/002). Overhead is what limits latency and bandwidth; a stack
 * that runs in the application's own context, talking to a virtual NIC directly,
 * removes most of it. net.c holds the NIC, the rings and the phases' effects.
 *
 * The tests are the talk's benchmarks (net.test):
 *   pingpong     a message to the partner and back, again and again: half round trip
 *   udp_send     net.senders processes send UDP messages to a sink: messages per second
 *   udp_receive  a generator offers net.offered_pps packets to one receiver: delivered
 *   tcp_stream   one process streams to the partner: bandwidth against message size
 *
 * The stacks (net.stack), and what one send and one receive cost:
 *   kernel  send: system call, UDP/TCP output, the copy in, the driver per packet
 *           under the device's transmit queue lock. Receive: an interrupt, protocol
 *           processing per packet in it, the wake-up of a blocked reader, the context
 *           switch, the system call and the copy out.
 *   onload  the library intercepts the call; the copy into buffers from the shared
 *           pool (an atomic operation) is done without the stack lock; under it, the
 *           protocol and the packets go on the ring. A send that finds the lock taken
 *           leaves its packets on the lock-free pre-queue (net.prequeue) and the holder
 *           sends them before it lets go. Receive polls the stack lazily; a reader finding
 *           nothing spins for net.spin_ns, then enables interrupts and blocks.
 *   vnic    no protocol at all: a prepared packet is pushed at the NIC and the partner
 *           busy-waits on its event queue. What is left is the hardware.
 */
#include <assert.h>
#include "program.h"

enum NetLock { NL_TXQ_A, NL_TXQ_B, NL_STACK0, NL_COUNT = NL_STACK0 + LAB_NET_MAX_STACKS };

static const char *const NET_LOCK_NAMES[NL_COUNT] = {
    "tx_queue[A]", "tx_queue[B]",
    "stack[0]", "stack[1]", "stack[2]", "stack[3]", "stack[4]", "stack[5]", "stack[6]", "stack[7]",
};
typedef char net_lock_names_complete[(sizeof NET_LOCK_NAMES / sizeof NET_LOCK_NAMES[0]) == NL_COUNT ? 1 : -1];
typedef char net_locks_fit[NL_COUNT <= LAB_MAX_LOCKS ? 1 : -1];

#define NET_CODE_MAX 256

static int net_threads(const double *v)
{
    switch ((int)v[F_NET_TEST]) {
    case NET_UDP_SEND: return (int)v[F_NET_SENDERS];
    case NET_UDP_RECEIVE: return 1;
    default: return 2;
    }
}

/* Packets can be on both rings and sockets, crossing the cable, or waiting on a
 * pre-queue; every stack may have an interrupt in flight. */
static void net_size(const double *v, int *nthread, int *njob, int *events)
{
    int mss = (int)v[F_NET_MSS];
    int per_msg = (int)((v[F_NET_MESSAGE_BYTES] + mss - 1) / mss) + 1;
    int in_flight = 2 * (int)v[F_NET_TX_RING] + (int)(v[F_NET_WINDOW] / mss) + 4 * per_msg + 64;
    *nthread = net_threads(v);
    *njob = LAB_NET_MAX_STACKS * ((int)v[F_NET_RX_RING] + 2) + *nthread * ((int)v[F_NET_SOCKET_PACKETS] + per_msg + 4)
          + in_flight + 256;
    *events = in_flight + LAB_NET_MAX_STACKS * 2 + (int)(v[F_NET_WINDOW] / mss) + 64;
}

/* ---- the programs ------------------------------------------------------------------ */

#define OP(o, x)        asm_op2(a, o, x, 0)
#define WORK(mode, c)   asm_op2(a, OP_WORK, LAB_MODE_##mode, C_##c)
#define JUMP(op, x, l)  asm_op(a, op, x, l)

enum { L_LOOP, L_AFTER, L_UNLOCK, L_DEFERRED, L_PREQUEUED, L_NEXT, L_DONE, L_PKT, L_SENT, L_PKT2, L_SENT2, L_RECV };

/* The packets of the message in hand, one at a time: each is built (cost) and put on
 * the NIC's ring before the next, so the wire works while the CPU builds. The kernel
 * takes the device's transmit queue lock for each (txq >= 0). */
static void packet_loop(Asm *a, int mode, int cost, int txq, int l_pkt, int l_sent)
{
    asm_place(a, l_pkt);
    asm_op(a, OP_NET_MORE, 0, l_sent);
    if (txq >= 0) asm_op2(a, OP_ACQ, txq, FAM_NONE);
    if (cost >= 0) asm_op2(a, OP_NET_PREP, mode, cost);
    asm_op2(a, OP_NET_XMIT, 0, 0);
    if (txq >= 0) asm_op2(a, OP_REL, txq, FAM_NONE);
    asm_op(a, OP_JMP, 0, l_pkt);
    asm_place(a, l_sent);
    asm_op2(a, OP_NET_SENT, 0, 0);
}

/* One send of a message, on host A's (txq NL_TXQ_A) or host B's transmit queue. */
static void send_block(Asm *a, int stack, int txq, int tcp)
{
    OP(OP_NET_MSG, 0);
    if (stack == STACK_VNIC) { packet_loop(a, LAB_MODE_USER, -1, -1, L_PKT, L_SENT); return; }
    if (stack == STACK_KERNEL) {
        WORK(KERNEL, NET_SYSCALL);
        if (tcp) WORK(KERNEL, NET_K_TCP_SEND); else WORK(KERNEL, NET_K_SEND);
        OP(OP_NET_COPY, LAB_MODE_KERNEL);
        packet_loop(a, LAB_MODE_KERNEL, tcp ? C_NET_K_TCP_SEG : C_NET_K_TX_PKT, txq, L_PKT, L_SENT);
        return;
    }
    WORK(USER, NET_UL_INTERCEPT);
    WORK(USER, NET_ATOMIC);                 /* buffers from the shared pool */
    OP(OP_NET_COPY, LAB_MODE_USER);          /* the expensive part, outside the stack lock */
    JUMP(OP_NET_LOCK, 0, L_PREQUEUED);
    if (tcp) WORK(USER, NET_UL_TCP_SEND); else WORK(USER, NET_UL_SEND);
    packet_loop(a, LAB_MODE_USER, C_NET_UL_TX_PKT, -1, L_PKT, L_SENT);
    asm_place(a, L_UNLOCK);
    JUMP(OP_NET_UNLOCK, 0, L_DEFERRED);
    JUMP(OP_JMP, 0, L_AFTER);
    asm_place(a, L_DEFERRED);               /* another send's packets, from the pre-queue */
    if (tcp) WORK(USER, NET_UL_TCP_SEND); else WORK(USER, NET_UL_SEND);
    packet_loop(a, LAB_MODE_USER, C_NET_UL_TX_PKT, -1, L_PKT2, L_SENT2);
    JUMP(OP_JMP, 0, L_UNLOCK);
    asm_place(a, L_PREQUEUED);
    WORK(USER, NET_ATOMIC);                 /* onto the pre-queue, flag the deferred work */
    asm_place(a, L_AFTER);
}

/* One receive call: a message (UDP), what is there (TCP stream), or the whole
 * message, taken as it comes (ping-pong). */
static void recv_block(Asm *a, int stack)
{
    if (stack == STACK_VNIC) {
        asm_place(a, L_RECV);
        OP(OP_NET_RECV, STACK_VNIC);
        JUMP(OP_NET_RECV_MORE, 0, L_RECV);
        return;
    }
    if (stack == STACK_KERNEL) {
        WORK(KERNEL, NET_SYSCALL);
        asm_place(a, L_RECV);
        OP(OP_NET_RECV, STACK_KERNEL);
        WORK(KERNEL, NET_K_RECV);
        OP(OP_NET_COPY_IN, LAB_MODE_KERNEL);
        JUMP(OP_NET_RECV_MORE, 0, L_RECV);
        return;
    }
    WORK(USER, NET_UL_INTERCEPT);
    asm_place(a, L_RECV);
    OP(OP_NET_RECV, STACK_ONLOAD);
    WORK(USER, NET_UL_RECV);
    OP(OP_NET_COPY_IN, LAB_MODE_USER);
    JUMP(OP_NET_RECV_MORE, 0, L_RECV);
}

/* Host A's application: the ping-pong client, a sender, or the receiver. */
static void build_app(Asm *a, const State *st)
{
    asm_place(a, L_LOOP);
    switch (st->net_test) {
    case NET_PINGPONG:
        send_block(a, st->net_stack, NL_TXQ_A, st->net_test == NET_TCP_STREAM);
        recv_block(a, st->net_stack);
        OP(OP_NET_RECEIVED, 1);
        break;
    case NET_UDP_RECEIVE:
        recv_block(a, st->net_stack);
        OP(OP_NET_RECEIVED, 0);
        WORK(USER, NET_APP_WORK);
        break;
    default:
        send_block(a, st->net_stack, NL_TXQ_A, st->net_test == NET_TCP_STREAM);
        break;
    }
    JUMP(OP_JMP, 0, L_LOOP);
}

/* Host B's application: the ping-pong server, or the stream's receiver. */
static void build_peer(Asm *a, const State *st)
{
    asm_place(a, L_LOOP);
    recv_block(a, st->net_stack);
    OP(OP_NET_RECEIVED, 0);
    WORK(USER, NET_APP_WORK);
    if (st->net_test == NET_PINGPONG) send_block(a, st->net_stack, NL_TXQ_B, 0);
    JUMP(OP_JMP, 0, L_LOOP);
}

/* The NIC's interrupt: drain the stack's ring, each packet to its socket, waking a
 * blocked reader. For a user-level stack this is its poll done in the kernel. */
static void build_interrupt(Asm *a, const State *st)
{
    OP(OP_NET_IRQ_START, 0);
    WORK(INTERRUPT, NET_IRQ);
    asm_place(a, L_NEXT);
    JUMP(OP_NET_RX_NEXT, 0, L_DONE);
    asm_op2(a, OP_WORK, LAB_MODE_INTERRUPT, st->net_stack == STACK_KERNEL ? C_NET_K_RX_PKT : C_NET_UL_RX_PKT);
    JUMP(OP_NET_DELIVER, 0, L_NEXT);
    WORK(INTERRUPT, NET_WAKE);
    OP(OP_NET_WAKE, 0);
    JUMP(OP_JMP, 0, L_NEXT);
    asm_place(a, L_DONE);
    OP(OP_END, 0);
}

static int net_build(lab_Sim *s)
{
    State *st = s->st;
    int i, status, nthread = st->nthread;
    static const ProgSpec P[] = {
        { PROG_PROCESS, build_app, "app" }, { PROG_NET_PEER, build_peer, "peer" },
        { PROG_INTERRUPT, build_interrupt, "interrupt" }, { PROG_SWITCH_IN, net_build_switch_in, "switch_in" },
    };

    st->net_test = (int)st->v[F_NET_TEST];
    st->net_stack = (int)st->v[F_NET_STACK];
    st->net_cph = st->ncpu / 2;
    st->net_mss = (int)st->v[F_NET_MSS];
    st->net_hosts = 2;
    st->net_window = (int64_t)st->v[F_NET_WINDOW];
    st->net_read_bytes = 65536;             /* like netperf: a receive as large as it can */
    st->net_ack_packets = 0;

    status = asm_programs(s, P, (int)(sizeof P / sizeof P[0]), NET_CODE_MAX);
    if (status != LAB_OK) return status;

    /* Threads: host A's applications on CPUs 0, 1, ...; host B's peer on its first CPU. */
    for (i = 0; i < nthread; i++) {
        Thread *th = &s->thr[i];
        int on_b = i == 1 && (st->net_test == NET_PINGPONG || st->net_test == NET_TCP_STREAM);
        th->bound = (int16_t)(on_b ? st->net_cph : i % st->net_cph);
        th->ctx.prog = on_b ? PROG_NET_PEER : PROG_PROCESS;
    }

    /* Stacks: the kernel has one per host; onload one per process (or one shared by
     * host A's senders), each with its own virtual NIC, ring and stack lock. */
    net_clear_stacks(st);
    for (i = 0; i < nthread; i++) {
        Thread *th = &s->thr[i];
        int host = th->bound >= st->net_cph;
        int shared = st->net_stack == STACK_KERNEL ||
                     (st->net_stack == STACK_ONLOAD && st->v[F_NET_STACKS] == STACKS_SHARED);
        int k = -1, j;
        if (shared)
            for (j = 0; j < st->net_nstack; j++) if (st->stk[j].host == host) k = j;
        if (k < 0) {
            int app = th->bound;
            k = net_add_stack(st, host, st->net_stack != STACK_KERNEL,
                              st->v[F_NET_IRQ_CPU] == IRQ_OTHER_CORE
                                  ? host * st->net_cph + (app % st->net_cph + 1) % st->net_cph : app,
                              st->net_stack == STACK_ONLOAD ? NL_STACK0 + st->net_nstack : -1);
        }
        th->net_stack = (int8_t)k;
        /* A socket on a user-level stack installs a filter on its host's NIC, so its
         * packets land on that stack's virtual interface; the kernel stack's sockets
         * need none: the kernel's interface is the NIC's default. */
        if (st->stk[k].user_level) {
            int f = st->net_nfilter[host]++;
            assert(f < LAB_NET_MAX_FILTERS);   /* net.senders <= 8: a few sockets a host */
            st->net_filter[host][f].sock = (int16_t)i;
            st->net_filter[host][f].vi = (int8_t)k;
        } else {
            st->net_default_vi[host] = (int8_t)k;
        }
    }

    /* Locks: the devices' transmit queues are spinlocks; a stack lock is a user-level
     * lock whose waiters sleep, handed to one at a time. Only the stacks in use count. */
    st->nlock = NL_STACK0 + (st->net_stack == STACK_ONLOAD ? st->net_nstack : 0);
    for (i = NL_STACK0; i < st->nlock; i++) st->lock[i].kind = LK_WAKE_ONE;
    return LAB_OK;
}

static const Phase NOTHING[1] = { { OP_END, 0, 0 } };

static const Kernel ONLOAD = {
    "onload",
    { { NOTHING, 1, "app" }, { NOTHING, 1, "interrupt" }, { NOTHING, 1, "fork" }, { NOTHING, 1, "krp_drain" } },
    NL_COUNT, NET_LOCK_NAMES,
    0,
    net_size,
    net_build,
    net_report,
};

const Kernel *kernel_onload(void) { return &ONLOAD; }
