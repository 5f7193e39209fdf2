/*
 * onload.c -- the network stack benchmark: the Linux kernel stack against the
 * OpenOnload user-level stack (and the raw virtual NIC beneath it), two hosts back to
 * back, as programs of phases.
 *
 * Source: "The OpenOnload User-level Network Stack", Pope and Riddoch (Solarflare), a
 * talk (../shared/seeds/002). Overhead is what limits latency and bandwidth; a stack
 * that runs in the application's own context, talking to a virtual NIC directly,
 * removes most of it. kernels/netstack/netstack.c holds the NIC, the rings and the phases' effects.
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
#include "kernels/netstack/netstack.h"

enum NetLock { NL_TXQ_A,
               NL_TXQ_B,
               NL_STACK0,
               NL_COUNT = NL_STACK0 + LAB_NET_MAX_STACKS };

static const char *const NET_LOCK_NAMES[NL_COUNT] = {
    "tx_queue[A]",
    "tx_queue[B]",
    "stack[0]",
    "stack[1]",
    "stack[2]",
    "stack[3]",
    "stack[4]",
    "stack[5]",
    "stack[6]",
    "stack[7]",
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
    *njob = LAB_NET_MAX_STACKS * ((int)v[F_NET_RX_RING] + 2) + *nthread * ((int)v[F_NET_SOCKET_PACKETS] + per_msg + 4) + in_flight + 256;
    *events = in_flight + LAB_NET_MAX_STACKS * 2 + (int)(v[F_NET_WINDOW] / mss) + 64;
}

/* ---- the programs ------------------------------------------------------------------ */

#define OP(o, x) asm_op2(a, o, x, 0)
#define WORK(mode, c) asm_op2(a, OP_WORK, LAB_MODE_##mode, C_##c)
#define JUMP(op, x, l) asm_op(a, op, x, l)

enum { L_LOOP,
       L_AFTER,
       L_UNLOCK,
       L_DEFERRED,
       L_PREQUEUED,
       L_NEXT,
       L_DONE,
       L_PKT,
       L_SENT,
       L_PKT2,
       L_SENT2,
       L_RECV,
       L_TXQ,
       L_FULL };

/* The packets of the message in hand, one at a time: each is built (cost) and put on
 * the NIC's ring before the next, so the wire works while the CPU builds. The kernel
 * takes the device's transmit queue lock for each (txq >= 0), and under it looks for
 * room first: when the ring (or the TCP window) is full it lets the lock go and sleeps
 * until there is room, then takes the lock again. A spinlock is never held across a
 * sleep (Linux's qdisc hands the driver a packet only while its queue is not stopped,
 * under the queue's lock, and the sender waits for buffer space in the socket, holding
 * no lock: docs/model.md, "OpenOnload"). The user-level stack has no such lock. */
static void packet_loop(Asm *a, int mode, int cost, int txq, int l_pkt, int l_sent)
{
    asm_place(a, l_pkt);
    asm_op(a, OP_NET_MORE, 0, l_sent);
    if (txq >= 0) {
        asm_place(a, L_TXQ);
        asm_op2(a, OP_ACQ, txq, FAM_NONE);
        asm_op(a, OP_NET_TX_ROOM, 0, L_FULL);
    }
    if (cost >= 0) asm_op2(a, OP_NET_PREP, mode, cost);
    asm_op2(a, OP_NET_XMIT, 0, 0);
    if (txq >= 0) asm_op2(a, OP_REL, txq, FAM_NONE);
    asm_op(a, OP_JMP, 0, l_pkt);
    if (txq >= 0) {
        asm_place(a, L_FULL); /* no room: let go of the lock, then wait */
        asm_op2(a, OP_REL, txq, FAM_NONE);
        asm_op(a, OP_NET_TX_WAIT, 0, L_TXQ);
    }
    asm_place(a, l_sent);
    asm_op2(a, OP_NET_SENT, 0, 0);
}

/* One send of a message, on host A's (txq NL_TXQ_A) or host B's transmit queue. */
static void send_block(Asm *a, int stack, int txq, int tcp)
{
    OP(OP_NET_MSG, 0);
    if (stack == STACK_VNIC) {
        packet_loop(a, LAB_MODE_USER, -1, -1, L_PKT, L_SENT);
        return;
    }
    if (stack == STACK_KERNEL) {
        WORK(KERNEL, NET_SYSCALL);
        if (tcp) WORK(KERNEL, NET_K_TCP_SEND);
        else WORK(KERNEL, NET_K_SEND);
        OP(OP_NET_COPY, LAB_MODE_KERNEL);
        packet_loop(a, LAB_MODE_KERNEL, tcp ? C_NET_K_TCP_SEG : C_NET_K_TX_PKT, txq, L_PKT, L_SENT);
        return;
    }
    WORK(USER, NET_UL_INTERCEPT);
    WORK(USER, NET_ATOMIC);         /* buffers from the shared pool */
    OP(OP_NET_COPY, LAB_MODE_USER); /* the expensive part, outside the stack lock */
    JUMP(OP_NET_LOCK, 0, L_PREQUEUED);
    if (tcp) WORK(USER, NET_UL_TCP_SEND);
    else WORK(USER, NET_UL_SEND);
    packet_loop(a, LAB_MODE_USER, C_NET_UL_TX_PKT, -1, L_PKT, L_SENT);
    asm_place(a, L_UNLOCK);
    JUMP(OP_NET_UNLOCK, 0, L_DEFERRED);
    JUMP(OP_JMP, 0, L_AFTER);
    asm_place(a, L_DEFERRED); /* another send's packets, from the pre-queue */
    if (tcp) WORK(USER, NET_UL_TCP_SEND);
    else WORK(USER, NET_UL_SEND);
    packet_loop(a, LAB_MODE_USER, C_NET_UL_TX_PKT, -1, L_PKT2, L_SENT2);
    JUMP(OP_JMP, 0, L_UNLOCK);
    asm_place(a, L_PREQUEUED);
    WORK(USER, NET_ATOMIC); /* onto the pre-queue, flag the deferred work */
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
    const NetState *ns = net_state(st);
    asm_place(a, L_LOOP);
    switch (ns->net_test) {
    case NET_PINGPONG:
        send_block(a, ns->net_stack, NL_TXQ_A, ns->net_test == NET_TCP_STREAM);
        recv_block(a, ns->net_stack);
        OP(OP_NET_RECEIVED, 1);
        break;
    case NET_UDP_RECEIVE:
        recv_block(a, ns->net_stack);
        OP(OP_NET_RECEIVED, 0);
        WORK(USER, NET_APP_WORK);
        break;
    default:
        send_block(a, ns->net_stack, NL_TXQ_A, ns->net_test == NET_TCP_STREAM);
        break;
    }
    JUMP(OP_JMP, 0, L_LOOP);
}

/* Host B's application: the ping-pong server, or the stream's receiver. */
static void build_peer(Asm *a, const State *st)
{
    const NetState *ns = net_state(st);
    asm_place(a, L_LOOP);
    recv_block(a, ns->net_stack);
    OP(OP_NET_RECEIVED, 0);
    WORK(USER, NET_APP_WORK);
    if (ns->net_test == NET_PINGPONG) send_block(a, ns->net_stack, NL_TXQ_B, 0);
    JUMP(OP_JMP, 0, L_LOOP);
}

/* The NIC's interrupt: drain the stack's ring, each packet to its socket, waking a
 * blocked reader. For a user-level stack this is its poll done in the kernel. With
 * net.napi_budget the kernel stack's interrupt starts a poll that takes at most that
 * many packets (OP_NET_RX_NEXT stops it); a later poll enters after the interrupt's cost. */
static void build_interrupt(Asm *a, const State *st)
{
    const NetState *ns = net_state(st);
    JUMP(OP_NET_IRQ_START, 0, L_NEXT); /* a NAPI poll after another: no interrupt */
    WORK(INTERRUPT, NET_IRQ);
    asm_place(a, L_NEXT);
    JUMP(OP_NET_RX_NEXT, 0, L_DONE);
    asm_op2(a, OP_WORK, LAB_MODE_INTERRUPT, ns->net_stack == STACK_KERNEL ? C_NET_K_RX_PKT : C_NET_UL_RX_PKT);
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
    NetState *ns = net_state(st);
    int i, status, nthread = st->nthread;
    static const ProgSpec P[] = {
        { PROG_PROCESS, build_app, "app" },
        { PROG_NET_PEER, build_peer, "peer" },
        { PROG_INTERRUPT, build_interrupt, "interrupt" },
        { PROG_SWITCH_IN, net_build_switch_in, "switch_in" },
    };

    ns->net_test = (int)st->v[F_NET_TEST];
    ns->net_stack = (int)st->v[F_NET_STACK];
    ns->net_cph = st->ncpu / 2;
    ns->net_mss = (int)st->v[F_NET_MSS];
    ns->net_hosts = 2;
    ns->net_window = (int64_t)st->v[F_NET_WINDOW];
    ns->net_read_bytes = 65536; /* like netperf: a receive as large as it can */
    ns->net_ack_packets = 0;

    status = asm_programs(s, P, (int)(sizeof P / sizeof P[0]), NET_CODE_MAX);
    if (status != LAB_OK) return status;

    /* Threads: host A's applications on CPUs 0, 1, ...; host B's peer on its first CPU. */
    for (i = 0; i < nthread; i++) {
        Thread *th = &s->thr[i];
        int on_b = i == 1 && (ns->net_test == NET_PINGPONG || ns->net_test == NET_TCP_STREAM);
        th->bound = (int16_t)(on_b ? ns->net_cph : i % ns->net_cph);
        th->ctx.prog = on_b ? PROG_NET_PEER : PROG_PROCESS;
    }

    /* Stacks: the kernel has one per host; onload one per process (or one shared by
     * host A's senders), each with its own virtual NIC, ring and stack lock. */
    net_clear_stacks(st);
    for (i = 0; i < nthread; i++) {
        Thread *th = &s->thr[i];
        int host = th->bound >= ns->net_cph;
        int shared = ns->net_stack == STACK_KERNEL ||
                     (ns->net_stack == STACK_ONLOAD && st->v[F_NET_STACKS] == STACKS_SHARED);
        int k = -1, j;
        if (shared)
            for (j = 0; j < ns->net_nstack; j++)
                if (ns->stk[j].host == host) k = j;
        if (k < 0) {
            int app = th->bound;
            k = net_add_stack(st, host, ns->net_stack != STACK_KERNEL,
                              st->v[F_NET_IRQ_CPU] == IRQ_OTHER_CORE
                                  ? host * ns->net_cph + (app % ns->net_cph + 1) % ns->net_cph
                                  : app,
                              ns->net_stack == STACK_ONLOAD ? NL_STACK0 + ns->net_nstack : -1);
        }
        net_thread(th)->stack = (int8_t)k;
        /* A socket on a user-level stack installs a filter on its host's NIC, so its
         * packets land on that stack's virtual interface; the kernel stack's sockets
         * need none: the kernel's interface is the NIC's default. */
        if (ns->stk[k].user_level) {
            int f = ns->net_nfilter[host]++;
            assert(f < LAB_NET_MAX_FILTERS); /* net.senders <= 8: a few sockets a host */
            ns->net_filter[host][f].sock = (int16_t)i;
            ns->net_filter[host][f].vi = (int8_t)k;
        } else {
            ns->net_default_vi[host] = (int8_t)k;
        }
    }

    /* Locks: the devices' transmit queues are spinlocks; a stack lock is a user-level
     * lock whose waiters sleep, handed to one at a time. Only the stacks in use count. */
    st->nlock = NL_STACK0 + (ns->net_stack == STACK_ONLOAD ? ns->net_nstack : 0);
    for (i = NL_STACK0; i < st->nlock; i++) st->lock[i].kind = LK_HANDOFF;
    return LAB_OK;
}


static int onload_check(lab_Scenario *sc)
{
    const double *v = sc->v;
    if ((int)v[F_CPUS] % 2 != 0)
        return scenario_fail(sc, LAB_ERR_INCONSISTENT, F_CPUS, v[F_CPUS],
                             "is odd: kernel.kind onload splits the CPUs between two hosts; use an even number (2 per host: 4)");
    if (v[F_NET_IRQ_CPU] == IRQ_OTHER_CORE && v[F_CPUS] < 4)
        return scenario_fail(sc, LAB_ERR_INCONSISTENT, F_NET_IRQ_CPU, v[F_NET_IRQ_CPU],
                             "needs a second CPU on each host: use machine.cpus of at least 4, or app_core");
    if (v[F_NET_QUEUE_FEEDBACK] && v[F_NET_NAPI_BUDGET] <= 0)
        return scenario_fail(sc, LAB_ERR_INCONSISTENT, F_NET_QUEUE_FEEDBACK, v[F_NET_QUEUE_FEEDBACK],
                             "stops a NAPI poll while the socket is full, and there is no poll: set net.napi_budget "
                             "(64, Linux's weight) or turn the feedback off");
    if (v[F_NET_WINDOW] > v[F_NET_SOCKET_PACKETS] * v[F_NET_MSS])
        return scenario_fail(sc, LAB_ERR_INCONSISTENT, F_NET_WINDOW, v[F_NET_WINDOW],
                             "is more than a socket holds (net.socket_packets x net.mss): the window is the receiver's free "
                             "buffer; lower the window or raise net.socket_packets");
    return LAB_OK;
}

/* The stack lock, for a sender that cannot pre-queue: a hand-off. */
static const MechanismUse ONLOAD_USES[] = { { "block-handoff", "net.stack=onload" }, { NULL, NULL } };

/* Its programs are all written by net_build. */
static const Kernel ONLOAD = {
    .name = "onload",
    .nlock = NL_COUNT,
    .lock_names = NET_LOCK_NAMES,
    .state_size = sizeof(NetState),
    .size = net_size,
    .check = onload_check,
    .build = net_build,
    .start = net_start,
    .reset = net_reset,
    .exec = net_exec,
    .event = net_event,
    .jumps = net_jumps,
    .report = net_report,
    .metrics = { NET_METRICS },
    .mechanisms = { NET_MECHANISMS },
    .uses = { ONLOAD_USES },
};

const Kernel *kernel_onload(void) { return &ONLOAD; }
