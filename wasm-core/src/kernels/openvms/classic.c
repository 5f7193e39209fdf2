/*
 * classic.c -- the classic OpenVMS TCP/IP kernel, as programs of phases.
 *
 * Source: "The OpenVMS TCP/IP Scalable Kernel", Rappaport, Pouffary, Lieman, Marotta.
 * A process-context thread that needs kernel context (the ported BSD code and its
 * in-memory database) must first take the TCP/IP global spinlock, I/O lock 8, and
 * every other CPU that wants it spins. The BSD socket layer copies user data while in
 * kernel context, so the copy is inside the lock here. Received packets and TCP/IP
 * timers run as IPL 8 fork threads on the CPU that took the interrupt, and they need
 * I/O lock 8 too, as do disk I/O completions.
 */
#include "openvms.h"


static const Phase PROCESS[] = {
    /*  0 */ P(OP_THINK),
    /*  1 */ W(USER, USER_WORK),
    /*  2 */ PA(OP_SET_CTR, CTR_WRITES),
    /*  3 */ PB(OP_JZ_CTR, 15),
    /*  4 */ W(KERNEL, SYSCALL),       /* write(): the cradle, process context  */
    /*  5 */ PA(OP_ACQ, LOCK_IOLOCK8), /* enter kernel context                 */
    /*  6 */ PA(OP_DB, LAB_MODE_KERNEL),
    /*  7 */ PA(OP_COPY, LAB_MODE_KERNEL), /* sosend copies into MBUFs, in the lock */
    /*  8 */ W(KERNEL, KERNEL_WRITE),
    /*  9 */ P(OP_TX),
    /* 10 */ PA(OP_REL, LOCK_IOLOCK8),
    /* 11 */ P(OP_POST_IO),
    /* 12 */ W(KERNEL, IO_POST),
    /* 13 */ P(OP_DEC_CTR),
    /* 14 */ PB(OP_JMP, 3),
    /* 15 */ P(OP_REPLIES_IF_NO_WRITES),
    /* 16 */ PA(OP_SET_CTR, CTR_READS),
    /* 17 */ PB(OP_JZ_CTR, 29),
    /* 18 */ W(KERNEL, SYSCALL), /* read()                               */
    /* 19 */ P(OP_READ_WAIT),
    /* 20 */ PA(OP_ACQ, LOCK_IOLOCK8),
    /* 21 */ PA(OP_DB, LAB_MODE_KERNEL),
    /* 22 */ PA(OP_COPY, LAB_MODE_KERNEL), /* soreceive copies out, in the lock     */
    /* 23 */ W(KERNEL, KERNEL_READ),
    /* 24 */ PA(OP_REL, LOCK_IOLOCK8),
    /* 25 */ P(OP_POST_IO),
    /* 26 */ W(KERNEL, IO_POST),
    /* 27 */ P(OP_DEC_CTR),
    /* 28 */ PB(OP_JMP, 17),
    /* 29 */ P(OP_TXN_DONE),
    /* 30 */ PB(OP_JMP, 0),
};

/* OP_IF_JOB a, b: a job of kind a goes on to the next phase, any other jumps to b. */
static const Phase INTERRUPT[] = {
    /* 0 */ PAB(OP_IF_JOB, JOB_TIMER, 2),
    /* 1 */ PB(OP_JMP, 3),              /* the clock interrupt is paid for anyway */
    /* 2 */ W(INTERRUPT, RX_INTERRUPT), /* adapter or disk interrupt service      */
    /* 3 */ P(OP_FORK_QUEUE),           /* the rest runs as an IPL 8 fork thread  */
    /* 4 */ P(OP_END),
};

static const Phase FORK[] = {
    /*  0 */ W(FORK, FORK_DISPATCH),
    /*  1 */ PA(OP_ACQ, LOCK_IOLOCK8),
    /*  2 */ PAB(OP_IF_JOB, JOB_DISK, 6),
    /*  3 */ W(FORK, DISK_KERNEL),
    /*  4 */ PA(OP_REL, LOCK_IOLOCK8),
    /*  5 */ P(OP_END),
    /*  6 */ PA(OP_DB, LAB_MODE_FORK),
    /*  7 */ PAB(OP_IF_JOB, JOB_TIMER, 11),
    /*  8 */ W(FORK, TIMER_KERNEL),
    /*  9 */ PA(OP_REL, LOCK_IOLOCK8),
    /* 10 */ P(OP_END),
    /* 11 */ W(FORK, RX_KERNEL), /* IP and TCP input, into the socket     */
    /* 12 */ P(OP_DELIVER),
    /* 13 */ PB(OP_IF_NO_WAKE, 18),
    /* 14 */ PA(OP_ACQ, LOCK_SCHED), /* wake the reader                       */
    /* 15 */ W(FORK, WAKE),
    /* 16 */ P(OP_MAKE_READY),
    /* 17 */ PA(OP_REL, LOCK_SCHED),
    /* 18 */ PB(OP_RX_NEXT, 20), /* more packets queued: still in the lock */
    /* 19 */ PB(OP_JMP, 11),
    /* 20 */ PA(OP_REL, LOCK_IOLOCK8),
    /* 21 */ P(OP_END),
};

static const Kernel CLASSIC = {
    .name = "classic",
    .prog = {
        [PROG_PROCESS] = PROGRAM("process", PROCESS),
        [PROG_INTERRUPT] = PROGRAM("interrupt", INTERRUPT),
        [PROG_FORK] = PROGRAM("fork", FORK),
        [PROG_SWITCH_IN] = SWITCH_IN_PROGRAM,
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
    .uses = { VMS_USES },
};

const Kernel *kernel_classic(void) { return &CLASSIC; }
