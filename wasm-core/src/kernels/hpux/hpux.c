/*
 * hpux.c -- HP-UX 9.0 on HP 9000 Series 800 machines: netperf's TCP stream,
 * one sender and one receiver, over the NIO FDDI card between two hosts or over the
 * loopback interface of one (kernel.kind hpux).
 *
 * Source: "HP-UX Release 9.0 Networking Performance Enhancements", Jones and Greer
 * (Hewlett-Packard, 1992), ../shared/seeds/003. copyavoid.c holds the byte touches,
 * netstack.c the segments, interrupts and acknowledgements.
 *
 * The sender (thread 0, CPU 0) cycles through hpux.send_buffers buffers: it writes
 * hpux.dirty_bytes into the next one, then sends it (send(2) or write(2)). The kernel
 * copies the data into the socket buffer or, with copy avoidance, borrows the pages
 * copy-on-write; each segment is checksummed by the host unless the interface does it.
 * A send blocks while SO_SNDBUF holds unacknowledged data (netstack.c: the window).
 *
 * The receiver (thread 1: CPU 1 on the other host, or CPU 0 for loopback) reads
 * net.message_bytes at a time; the card's interrupt runs TCP input per segment (and
 * the checksum, without offload). Each read sends an acknowledgement, which the
 * sender's interrupt processes: the socket buffer frees the bytes, lent pages return.
 * On loopback the "interrupt" is the software interrupt that runs IP input on the
 * same CPU, and nothing crosses a card.
 */
#include "hpux.h"

#define HP_CODE_MAX 128

enum { L_LOOP,
       L_PKT,
       L_SENT,
       L_RECV,
       L_NEXT,
       L_DONE };

#define OP(o, x) asm_op2(a, o, x, 0)
#define WORK(mode, c) asm_op2(a, OP_WORK, LAB_MODE_##mode, C_##c)
#define JUMP(op, x, l) asm_op(a, op, x, l)

static int loopback(const double *v)
{
    return v[F_HP_INTERFACE] == HP_LO0 || v[F_HP_INTERFACE] == HP_LAN0_LOOPBACK;
}

/* Segments and acknowledgements in flight are bounded by SO_SNDBUF; sockets and rings
 * by their sizes. */
static void hp_size(const double *v, int *nthread, int *njob, int *events)
{
    int mss = (int)v[F_NET_MSS];
    int window = (int)(v[F_HP_SNDBUF] / mss) + 2;
    *nthread = 2;
    *njob = 2 * ((int)v[F_NET_RX_RING] + 2) + 2 * ((int)v[F_NET_SOCKET_PACKETS] + 4) + 4 * window + 256;
    *events = 4 * window + 64;
}

/* The sender: write into the next buffer, send it, segment by segment. */
static void build_sender(Asm *a, const State *st)
{
    (void)st;
    asm_place(a, L_LOOP);
    OP(OP_HP_TOUCH, 0); /* the write faults on a lent page: copy it */
    OP(OP_HP_TOUCH, 1); /* the write itself                          */
    OP(OP_NET_MSG, 0);
    WORK(KERNEL, NET_SYSCALL);
    WORK(KERNEL, NET_K_TCP_SEND);
    OP(OP_HP_SEND_DATA, 0); /* copy, or lend copy-on-write               */
    asm_place(a, L_PKT);
    JUMP(OP_NET_MORE, 0, L_SENT);
    asm_op2(a, OP_NET_PREP, LAB_MODE_KERNEL, C_NET_K_TCP_SEG);
    OP(OP_HP_CSUM, 0);
    OP(OP_NET_XMIT, 0);
    JUMP(OP_JMP, 0, L_PKT);
    asm_place(a, L_SENT);
    OP(OP_NET_SENT, 0);
    JUMP(OP_JMP, 0, L_LOOP);
}

/* The receiver: a receive call at a time, the data copied or remapped to it. */
static void build_receiver(Asm *a, const State *st)
{
    (void)st;
    asm_place(a, L_LOOP);
    OP(OP_HP_RTOUCH, 0);
    WORK(KERNEL, NET_SYSCALL);
    asm_place(a, L_RECV);
    OP(OP_NET_RECV, STACK_KERNEL);
    WORK(KERNEL, NET_K_RECV);
    OP(OP_HP_RECV_DATA, 0);
    OP(OP_NET_RECEIVED, 0);
    JUMP(OP_JMP, 0, L_LOOP);
}

/* The card's interrupt (loopback: the software interrupt): each packet on the ring,
 * an acknowledgement for the sender or a segment for the receiver's socket. */
static void build_interrupt(Asm *a, const State *st)
{
    (void)st;
    OP(OP_NET_IRQ_START, 0);
    WORK(INTERRUPT, NET_IRQ);
    asm_place(a, L_NEXT);
    JUMP(OP_NET_RX_NEXT, 0, L_DONE);
    OP(OP_HP_RX, 0);
    JUMP(OP_NET_DELIVER, 0, L_NEXT);
    WORK(INTERRUPT, NET_WAKE);
    OP(OP_NET_WAKE, 0);
    JUMP(OP_JMP, 0, L_NEXT);
    asm_place(a, L_DONE);
    OP(OP_END, 0);
}

static int hp_build(lab_Sim *s)
{
    State *st = s->st;
    NetState *ns = net_state(st);
    int i, h, status;
    static const ProgSpec P[] = {
        { PROG_PROCESS, build_sender, "sender" },
        { PROG_NET_PEER, build_receiver, "receiver" },
        { PROG_INTERRUPT, build_interrupt, "interrupt" },
        { PROG_SWITCH_IN, net_build_switch_in, "switch_in" },
    };

    ns->net_test = NET_TCP_STREAM;
    ns->net_stack = STACK_KERNEL;
    ns->net_hosts = loopback(st->v) ? 1 : 2;
    ns->net_cph = st->ncpu / ns->net_hosts;
    ns->net_mss = (int)st->v[F_NET_MSS];
    ns->net_window = (int64_t)st->v[F_HP_SNDBUF];
    ns->net_read_bytes = (int32_t)st->v[F_NET_MESSAGE_BYTES]; /* netperf: receives of the send size */
    ns->net_ack_packets = 1;
    hp_init(s);

    status = asm_programs(s, P, (int)(sizeof P / sizeof P[0]), HP_CODE_MAX);
    if (status != LAB_OK) return status;

    /* The sender on host A's CPU, the receiver on host B's (or the same CPU). */
    s->thr[0].bound = 0;
    s->thr[0].ctx.prog = PROG_PROCESS;
    s->thr[1].bound = (int16_t)(ns->net_hosts == 2 ? ns->net_cph : 0);
    s->thr[1].ctx.prog = PROG_NET_PEER;

    /* One kernel stack per host: its card's ring and interrupt; no filters, the
     * kernel's interface is the default. */
    net_clear_stacks(st);
    for (h = 0; h < ns->net_hosts; h++) ns->net_default_vi[h] = (int8_t)net_add_stack(st, h, 0, h * ns->net_cph, -1);
    for (i = 0; i < 2; i++) net_thread(&s->thr[i])->stack = (int8_t)(ns->net_hosts == 2 ? i : 0);
    st->nlock = 0;
    return LAB_OK;
}

static const char *const HP_LOCK_NAMES[1] = { "none" };

/* Its own phases, and the network stack's. */
static int64_t hpux_exec(lab_Sim *s, int cpu, Ctx *x, const Phase *ph, int level, int *mode)
{
    if (ph->op >= OP_HP_TOUCH) return hp_exec(s, cpu, x, ph, level, mode);
    return net_exec(s, cpu, x, ph, level, mode);
}

static void hpux_reset(lab_Sim *s)
{
    net_reset(s);
    hp_reset(s);
}

static int hpux_check(lab_Scenario *sc)
{
    const double *v = sc->v;
    if ((v[F_HP_INTERFACE] == HP_LO0 || v[F_HP_INTERFACE] == HP_LAN0_LOOPBACK) && v[F_CPUS] != 1)
        return scenario_fail(sc, LAB_ERR_INCONSISTENT, F_CPUS, v[F_CPUS],
                             "is not 1: a loopback connection runs on one HP 9000 with one CPU; set machine.cpus to 1, "
                             "or hpux.interface to nio_fddi for two hosts");
    if ((v[F_HP_INTERFACE] == HP_NIO_FDDI || v[F_HP_INTERFACE] == HP_EISA_FDDI) && v[F_CPUS] != 2)
        return scenario_fail(sc, LAB_ERR_INCONSISTENT, F_CPUS, v[F_CPUS],
                             "is not 2: the FDDI test runs between two HP 9000s with one CPU each; set machine.cpus to 2, "
                             "or hpux.interface to lo0 for one host");
    if (v[F_HP_SNDBUF] < v[F_NET_MSS])
        return scenario_fail(sc, LAB_ERR_INCONSISTENT, F_HP_SNDBUF, v[F_HP_SNDBUF],
                             "is smaller than one segment (net.mss): nothing could be sent; raise hpux.so_sndbuf or lower net.mss");
    if (v[F_NET_MESSAGE_BYTES] > v[F_HP_SNDBUF])
        return scenario_fail(sc, LAB_ERR_INCONSISTENT, F_NET_MESSAGE_BYTES, v[F_NET_MESSAGE_BYTES],
                             "is larger than the send socket buffer (hpux.so_sndbuf): one send must fit in it; lower the send size");
    if (v[F_HP_SNDBUF] > v[F_NET_SOCKET_PACKETS] * v[F_NET_MSS])
        return scenario_fail(sc, LAB_ERR_INCONSISTENT, F_HP_SNDBUF, v[F_HP_SNDBUF],
                             "is more than the receiver's socket holds (net.socket_packets x net.mss); lower it or raise net.socket_packets");
    return LAB_OK;
}

static int hpux_jumps(int op) { return net_jumps(op); }

static const Mechanism HPUX_MECHANISMS[];

/* Its programs are all written by hp_build. */
static const Kernel HPUX = {
    .name = "hpux",
    .nlock = 0,
    .lock_names = HP_LOCK_NAMES,
    .state_size = sizeof(HpuxState),
    .size = hp_size,
    .check = hpux_check,
    .build = hp_build,
    .start = net_start,
    .reset = hpux_reset,
    .exec = hpux_exec,
    .event = net_event,
    .jumps = hpux_jumps,
    .report = hp_report,
    .metrics = { NET_METRICS, HP_METRICS },
    .mechanisms = { NET_MECHANISMS, HPUX_MECHANISMS },
};

const Kernel *kernel_hpux(void) { return &HPUX; }

static const Mechanism HPUX_MECHANISMS[] = {
    { "checksum-offload", "Checksum offload",
      "hpux: hpux.interface=nio_fddi|lo0",
      MDOC("The interface computes the TCP checksum, so the host no longer reads every byte to checksum it: over FDDI the sending CPU touches each byte twice (the copy and the flush before the card reads it) instead of three times, on loopback once (the copy) instead of twice."),
      MDOC("HP-UX 9.0 with the NIO FDDI card and the loopback interface (source 003: 28 to 48 Mb/s on loopback).") },
    { "copy-on-write-send", "Copy avoidance on send (copy-on-write)",
      "hpux: hpux.send_copyavoid=on",
      MDOC("A send of page-aligned whole pages lends them to the transport copy-on-write until acknowledged instead of copying them; a write into a lent page faults and copies it."),
      MDOC("HP-UX 9.0's SO_SND_COPYAVOID (source 003), with the send buffer rule: SO_SNDBUF / send size + 1 buffers. The source says a write into a lent buffer forces a copy (\"a performance penalty\"); the fault, and the copied page all dirty, are the model's.") },
    { "page-remap-receive", "Copy avoidance on receive (page remapping)",
      "hpux: hpux.recv_copyavoid=on",
      MDOC("Received pages are swapped into the receiver's page-aligned buffer instead of copied."),
      MDOC("HP-UX 9.0's SO_RCV_COPYAVOID (source 003).") },
    { NULL, NULL, NULL, NULL, NULL }
};
