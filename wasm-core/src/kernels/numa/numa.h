/*
 * numa.h -- OpenVMS on an AlphaServer GS: the batch run's phases, events and slice of
 * the arena (numa_batch.c). It is an OpenVMS kernel: its devices, locks and context
 * switch are the OpenVMS kernels' (kernels/openvms/).
 */
#ifndef LAB_NUMA_H
#define LAB_NUMA_H

#include "kernels/openvms/openvms.h"

/* Phases of the batch run: records, RAM disk reads, the lock manager. */
enum NumaOp {
    OP_RECORD = OP_VMS_END, /* start the next record, or finish (a = 1: the reporter, which
                         starts when the analysis processes are done)                 */
    OP_USER_NUMA,           /* user work, slower where the process's memory is remote         */
    OP_RAMDISK,             /* a = 1 for read-write data: copy one block from the RAM disk     */
    OP_LOCKDB,              /* touch the lock database's lines: from the last lock CPU's cache */
    OP_LM_REQUEST,          /* dedicated lock manager: queue a request, spin at IPL 2 for it   */
    OP_LM_NEXT,             /* the LCKMGR_SERVER takes the next request, or polls              */
    OP_LM_DONE              /* the LCKMGR_SERVER returns the status to the requester           */
};
enum { EV_LM_ARRIVE = EV_VMS_END,
       EV_LM_DONE };
enum { JOB_LM_REQUEST = 10 };
enum { PROG_REPORTER = PROG_KERNEL_BASE + 4,
       PROG_LCKMGR };

/* The batch run's slice of the arena: the OpenVMS kernels' first (devices use it). */
typedef struct NumaState {
    VmsState vms;
    int lockdb_owner; /* CPU whose cache holds the lock database lines, or -1  */
    JobList lm_q;     /* dedicated lock manager's request queue               */
    int lckmgr_cpu;
    int runners;          /* processes with records left                           */
    int analysis_left;    /* analysis processes with records left                  */
    int reporter_waiting; /* the reporter, asleep until the analysis is done, or -1 */
    int64_t run_done_at;  /* when the last one finished, or -1                     */
    uint64_t ramdisk_io, lock_ops, lm_served;
    double ramdisk_bytes, ramdisk_cross_bytes, lm_wait_ns;
} NumaState;
static inline NumaState *numa_state(const State *st) { return (NumaState *)lab_kstate(st); }

/* Each thread's own: records still to do (-1 without end), and the RAD its
 * process-private memory came from. */
typedef struct NumaThread {
    int32_t records_left;
    int8_t mem_rad;
} NumaThread;
LAB_KSLOT_CHECK(NumaThread);
static inline NumaThread *numa_thread(Thread *t) { return (NumaThread *)(void *)t->kslot.bytes; }

#endif
