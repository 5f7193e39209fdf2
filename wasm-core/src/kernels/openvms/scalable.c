/*
 * scalable.c -- the OpenVMS TCP/IP Scalable Kernel, as programs of phases.
 *
 * Source: "The OpenVMS TCP/IP Scalable Kernel", Rappaport, Pouffary, Lieman, Marotta.
 * Process context copies the user data into MBUFs without any lock, fills a TCPIP_KRP
 * and queues it on the global work queue (an interlocked queue: no spinlock), and the
 * I/O is posted right then. If the queue was empty, an IPL 8 fork thread is created
 * on the designated TCP/IP CPU; it takes the TCP/IP global spinlock and processes
 * every KRP in the queue, first come first served. Received packets and timers are
 * packaged as KRPs too. Because only the designated CPU ever takes the global lock,
 * nobody spins for it, its cache line never moves, and the database stays warm in
 * one cache. I/O lock 8 is left to disk I/O.
 */
#include "openvms.h"

static const Phase PROCESS[] = {
    /*  0 */ P(OP_THINK),
    /*  1 */ W(USER, USER_WORK),
    /*  2 */ PA(OP_SET_CTR, CTR_WRITES),
    /*  3 */ PB(OP_JZ_CTR, 12),
    /*  4 */ W(KERNEL, SYSCALL),           /* write(): the cradle                  */
    /*  5 */ PA(OP_COPY, LAB_MODE_KERNEL), /* copy into MBUFs, no lock             */
    /*  6 */ W(KERNEL, KRP_SETUP),
    /*  7 */ PA(OP_KRP_QUEUE, JOB_KRP_WRITE),
    /*  8 */ P(OP_POST_IO), /* posted now, not after the fork runs  */
    /*  9 */ W(KERNEL, IO_POST),
    /* 10 */ P(OP_DEC_CTR),
    /* 11 */ PB(OP_JMP, 3),
    /* 12 */ P(OP_REPLIES_IF_NO_WRITES),
    /* 13 */ PA(OP_SET_CTR, CTR_READS),
    /* 14 */ PB(OP_JZ_CTR, 24),
    /* 15 */ W(KERNEL, SYSCALL), /* read()                               */
    /* 16 */ P(OP_READ_WAIT),
    /* 17 */ PA(OP_COPY, LAB_MODE_KERNEL), /* copy out of the socket, no lock      */
    /* 18 */ W(KERNEL, KRP_SETUP),
    /* 19 */ PA(OP_KRP_QUEUE, JOB_KRP_READ), /* the kernel-context rest, for later   */
    /* 20 */ P(OP_POST_IO),
    /* 21 */ W(KERNEL, IO_POST),
    /* 22 */ P(OP_DEC_CTR),
    /* 23 */ PB(OP_JMP, 14),
    /* 24 */ P(OP_TXN_DONE),
    /* 25 */ PB(OP_JMP, 0),
};

/* OP_IF_JOB a, b: a job of kind a goes on to the next phase, any other jumps to b. */
static const Phase INTERRUPT[] = {
    /* 0 */ PAB(OP_IF_JOB, JOB_DISK, 4),
    /* 1 */ W(INTERRUPT, RX_INTERRUPT), /* disk completion: I/O lock 8 fork     */
    /* 2 */ P(OP_FORK_QUEUE),
    /* 3 */ P(OP_END),
    /* 4 */ PAB(OP_IF_JOB, JOB_TIMER, 6),
    /* 5 */ PB(OP_JMP, 7),              /* the clock interrupt is paid for anyway */
    /* 6 */ W(INTERRUPT, RX_INTERRUPT), /* adapter interrupt service             */
    /* 7 */ W(INTERRUPT, KRP_SETUP),    /* package the packet or timer as a KRP  */
    /* 8 */ PA(OP_KRP_QUEUE, 0),
    /* 9 */ P(OP_END),
};

static const Phase FORK[] = {
    /* only disk I/O forks remain            */
    /* 0 */ W(FORK, FORK_DISPATCH),
    /* 1 */ PA(OP_ACQ, LOCK_IOLOCK8),
    /* 2 */ W(FORK, DISK_KERNEL),
    /* 3 */ PA(OP_REL, LOCK_IOLOCK8),
    /* 4 */ P(OP_END),
};

/* The IPL 8 fork thread on the designated TCP/IP CPU: holding the TCP/IP global
 * spinlock, it processes every KRP in the queue, first come first served. */
static const Phase KRP_DRAIN[] = {
    /*  0 */ W(FORK, FORK_DISPATCH),
    /*  1 */ PA(OP_ACQ, LOCK_TCPIP),
    /*  2 */ PA(OP_DB, LAB_MODE_FORK),
    /*  3 */ PB(OP_KRP_NEXT, 22),
    /*  4 */ PAB(OP_IF_JOB, JOB_KRP_WRITE, 8),
    /*  5 */ W(FORK, KERNEL_WRITE), /* append the MBUF chain, tcp_output     */
    /*  6 */ P(OP_TX),
    /*  7 */ PB(OP_JMP, 3),
    /*  8 */ PAB(OP_IF_JOB, JOB_KRP_READ, 11),
    /*  9 */ W(FORK, KERNEL_READ),
    /* 10 */ PB(OP_JMP, 3),
    /* 11 */ PAB(OP_IF_JOB, JOB_TIMER, 14),
    /* 12 */ W(FORK, TIMER_KERNEL),
    /* 13 */ PB(OP_JMP, 3),
    /* 14 */ W(FORK, RX_KERNEL), /* a received packet: IP and TCP input   */
    /* 15 */ P(OP_DELIVER),
    /* 16 */ PB(OP_IF_NO_WAKE, 3),
    /* 17 */ PA(OP_ACQ, LOCK_SCHED), /* wake the reader                       */
    /* 18 */ W(FORK, WAKE),
    /* 19 */ P(OP_MAKE_READY),
    /* 20 */ PA(OP_REL, LOCK_SCHED),
    /* 21 */ PB(OP_JMP, 3),
    /* 22 */ PA(OP_REL, LOCK_TCPIP),
    /* 23 */ P(OP_END),
};

/* The work queue of TCPIP_KRPs: the report's krp_queue; a KRP queued and a KRP taken
 * are the trace's krp_queue and krp_start. */
static const QueueDesc KRP_QUEUE[] = {
    { "krp_queue", "krps_per_s", "Queued", PROG_KRP_DRAIN, JOB_KRP_DRAIN, "krp_queue", "krp_start" },
    { NULL, NULL, NULL, 0, 0, NULL, NULL }
};

/* The designated TCP/IP CPU (kernel.designated_cpu), whose fork thread takes the KRPs:
 * the report's designated_cpu, designated_cpu_busy_pct and designated_cpu_spin_pct. */
static const CpuRole VMS_ROLES[] = {
    { "designated_cpu", F_DESIGNATED_CPU, "Designated CPU", "Designated CPU busy in kernel context",
      "Designated CPU spinning" },
    { NULL, 0, NULL, NULL, NULL }
};

/* KRPs: posted delegation to the designated TCP/IP CPU. */
static const MechanismUse SCALABLE_USES[] = { { "delegation-posted", "" }, { NULL, NULL } };

static const Kernel SCALABLE = {
    .name = "scalable",
    .prog = {
        [PROG_PROCESS] = PROGRAM("process", PROCESS),
        [PROG_INTERRUPT] = PROGRAM("interrupt", INTERRUPT),
        [PROG_FORK] = PROGRAM("fork", FORK),
        [PROG_SWITCH_IN] = SWITCH_IN_PROGRAM,
        [PROG_KRP_DRAIN] = PROGRAM("krp_drain", KRP_DRAIN),
    },
    .nlock = LOCK_TCPIP_COUNT,
    .lock_names = LAB_TCPIP_LOCK_NAMES,
    .state_size = sizeof(VmsState),
    .size = vms_size,
    .build = vms_build,
    .start = vms_start,
    .exec = vms_exec,
    .event = vms_event,
    .jumps = vms_jumps,
    .report = vms_report,
    .metrics = { VMS_METRICS },
    .mechanisms = { VMS_MECHANISMS },
    .uses = { VMS_USES, SCALABLE_USES },
    .queues = KRP_QUEUE,
    .roles = VMS_ROLES,
};

const Kernel *kernel_scalable(void) { return &SCALABLE; }
