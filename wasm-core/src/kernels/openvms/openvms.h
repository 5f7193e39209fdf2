/*
 * openvms.h -- what the OpenVMS kernels share (openvms.c): the classic TCP/IP kernel
 * (classic.c), the Scalable Kernel (scalable.c) and the AlphaServer GS batch run
 * (kernels/numa/). Their workload is the testbed's: processes that write and read
 * messages over TCP/IP, replies that arrive as packets, timers and disk completions
 * that interrupt machine.interrupt_cpu; their locks start with I/O lock 8 and the
 * scheduler's SCHED spinlock.
 */
#ifndef LAB_OPENVMS_H
#define LAB_OPENVMS_H

#include "model/kernel_api.h"

/* Phases of the OpenVMS TCP/IP workload (openvms.c). */
enum VmsOp {
    OP_DB = OP_KERNEL_BASE,  /* a = mode: touch the TCP/IP database; cold if last touched elsewhere */
    OP_SET_CTR,              /* a = CTR_WRITES or CTR_READS: the loop counter for this transaction */
    OP_TX,                   /* transmit one message; the last write of a transaction asks for replies */
    OP_REPLIES_IF_NO_WRITES, /* a transaction with no writes still gets its messages */
    OP_READ_WAIT,            /* take a delivered message or block until one comes          */
    OP_KRP_QUEUE,            /* a = KRP kind: queue a KRP for the designated CPU           */
    OP_KRP_NEXT,             /* the designated CPU's fork thread takes the next KRP; b = target
                         when none is left                                            */
    OP_DELIVER,              /* the job's packet reaches its socket                        */
    OP_IF_NO_WAKE,           /* b = target when no reader was waiting for that message     */
    OP_RX_NEXT,              /* b = target when this CPU's next fork is not a received packet (reply or background) */
    OP_VMS_END
};
enum { CTR_WRITES,
       CTR_READS };

/* Events: replies and the testbed's devices. */
enum { EV_REPLY = EV_KERNEL_BASE,
       EV_BACKGROUND_RX,
       EV_TIMER,
       EV_DISK,
       EV_VMS_END };

/* Jobs: packets, timers, disk completions, KRPs, and the fork thread that drains the
 * KRP queue. */
enum { JOB_RX = 0,
       JOB_BACKGROUND_RX = 1,
       JOB_TIMER = 2,
       JOB_DISK = 3,
       JOB_KRP_WRITE = 4,
       JOB_KRP_READ = 5,
       JOB_KRP_DRAIN = 6 };

/* The Scalable Kernel's KRP queue (scalable.c declares it: Kernel.queues), drained by
 * the fork thread's program PROG_KRP_DRAIN on the designated TCP/IP CPU. */
enum { VMS_KRP_QUEUE = 0 };
/* The Scalable Kernel's CPU roles (scalable.c): the designated TCP/IP CPU. */
enum { VMS_DESIGNATED_CPU = 0 };
enum { PROG_KRP_DRAIN = PROG_KERNEL_BASE };
enum { JOB_LAST_PACKET = 1,
       JOB_LAST_WRITE = 2 };

/* Lock numbers of the OpenVMS kernels (the numa kernel adds its own after SCHED). */
enum LockId { LOCK_IOLOCK8,
              LOCK_SCHED,
              LOCK_TCPIP,
              LOCK_TCPIP_COUNT };
extern const char *const LAB_TCPIP_LOCK_NAMES[LOCK_TCPIP_COUNT];

/* A thread being dispatched: the context switch, under the SCHED spinlock. */
extern const Phase LAB_SWITCH_IN[4];
#define SWITCH_IN_PROGRAM             \
    {                                 \
        LAB_SWITCH_IN, 4, "switch_in" \
    }

/* The OpenVMS kernels' slice of the arena (the numa kernel's starts with it). */
typedef struct VmsState {
    int reads, writes, tx_packets_per_msg;
    int db_owner; /* CPU whose cache holds the TCP/IP database lines       */
} VmsState;
static inline VmsState *vms_state(const State *st) { return (VmsState *)lab_kstate(st); }

/* The hooks the OpenVMS kernels share. */
void vms_size(const double *v, int *nthread, int *njob, int *events);
void vms_init(lab_Sim *s);  /* the slice's workload fields, from the scenario  */
int vms_build(lab_Sim *s);  /* vms_init for the static-program kernels         */
void vms_start(lab_Sim *s); /* the testbed's devices' first events              */
int64_t vms_exec(lab_Sim *s, int cpu, Ctx *x, const Phase *ph, int level, int *mode);
void vms_event(lab_Sim *s, const Event *e);
int vms_jumps(int op);
void vms_report(lab_Sim *s, JsonW *w, double secs); /* I/O lock 8's hold time       */
extern const MetricDesc VMS_METRICS[];
extern const Mechanism VMS_MECHANISMS[]; /* the OpenVMS kernels' own (openvms.c) */
extern const MechanismUse VMS_USES[];    /* the engine's they use (openvms.c)    */

#endif
