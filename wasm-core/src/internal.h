/*
 * internal.h -- state shared by the model files of the core. Not public.
 *
 * Invariants that every file keeps:
 *  - All simulation state lives in one arena (lab_Sim.st and the arrays after it), and
 *    it holds indices, never pointers, so a checkpoint is a byte copy of the arena.
 *  - Time is int64 nanoseconds. Every nanosecond of every CPU is in exactly one mode;
 *    set_mode() is the only place that moves a CPU between modes.
 *  - Only exec() runs a CPU's contexts, and it runs one CPU. Effects on another CPU
 *    (a lock handed over, a thread made ready) go through an event at the current time,
 *    so there is no recursion between CPUs and the order is (time, insertion).
 *  - A CPU runs at most three contexts, one per level: a process (level 1), a fork
 *    thread (level 2, IPL 8 kernel context) and an interrupt (level 3). A higher level
 *    preempts a lower one; a process holding or spinning for a spinlock is at IPL 8 and
 *    only interrupts preempt it.
 */
#ifndef LAB_INTERNAL_H
#define LAB_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "stacklab.h"

#define LAB_MAX_CPUS 64
#define LAB_MAX_RADS 16           /* resource affinity domains (GS320: 8 QBBs)       */
#define LAB_MAX_PROCESSES 1024
#define LAB_MSG_LEN 512

/* ---- scenario fields ---------------------------------------------------------- */
/* A distribution is three fields: dist (enum), mean_ns, spread_ns. */
#define LAB_DIST_FIELDS(name) name##_DIST, name##_MEAN, name##_SPREAD

enum Field {
    F_CPUS, F_INTERRUPT_CPU, F_CACHE_TRANSFER,
    F_RADS, F_REMOTE_TRANSFER, F_MEM_LOCAL, F_MEM_REMOTE,
    F_KERNEL, F_DESIGNATED_CPU, F_LOCK_KIND, F_FAIR_AFTER,
    F_PROCESSES, LAB_DIST_FIELDS(F_THINK), LAB_DIST_FIELDS(F_USER_WORK),
    F_WRITES, F_READS, F_MESSAGE_BYTES,
    F_MSS, LAB_DIST_FIELDS(F_REPLY_LATENCY), F_BACKGROUND_PPS, F_TIMER_INTERVAL, F_DISK_RATE,
    LAB_DIST_FIELDS(F_SYSCALL), LAB_DIST_FIELDS(F_COPY_PER_KB),
    LAB_DIST_FIELDS(F_KERNEL_WRITE), LAB_DIST_FIELDS(F_KERNEL_READ),
    LAB_DIST_FIELDS(F_RX_INTERRUPT), LAB_DIST_FIELDS(F_RX_KERNEL),
    LAB_DIST_FIELDS(F_TIMER_KERNEL), LAB_DIST_FIELDS(F_DISK_KERNEL),
    LAB_DIST_FIELDS(F_KRP_SETUP), LAB_DIST_FIELDS(F_FORK_DISPATCH),
    LAB_DIST_FIELDS(F_WAKE), LAB_DIST_FIELDS(F_CONTEXT_SWITCH),
    LAB_DIST_FIELDS(F_IO_POST), LAB_DIST_FIELDS(F_DB_COLD), LAB_DIST_FIELDS(F_IPI),
    F_AFFINITY, LAB_DIST_FIELDS(F_CACHE_RELOAD),
    F_SNA_SESSIONS, LAB_DIST_FIELDS(F_SNA_REMOTE), F_SNA_TRANSFER_BYTES, F_SNA_RU_BYTES,
    F_SNA_PACING, F_SNA_LINK_BPS, LAB_DIST_FIELDS(F_SNA_PACING_LAT),
    F_SNA_LOCK_KIND, F_SNA_LOCKING, F_SNA_COPY, F_SNA_SEARCH, F_SNA_SNAIPCM, F_SNA_LINES,
    F_SNA_POST, F_SNA_ALLOC, F_SNA_TABLE_LOCK, F_SNA_LOOKUPS,
    LAB_DIST_FIELDS(F_SNA_TP_WORK), LAB_DIST_FIELDS(F_SNA_HS_WORK), LAB_DIST_FIELDS(F_SNA_DLC_SEND),
    LAB_DIST_FIELDS(F_SNA_DLC_RECV), LAB_DIST_FIELDS(F_SNA_LIST_ENTRY), LAB_DIST_FIELDS(F_SNA_HASH_SEARCH),
    LAB_DIST_FIELDS(F_SNA_LOOKUP), LAB_DIST_FIELDS(F_SNA_XMALLOC),
    LAB_DIST_FIELDS(F_SNA_POOL_ALLOC), LAB_DIST_FIELDS(F_SNA_POST_COST),
    F_NUMA_PLACEMENT, F_NUMA_RECORDS, F_NUMA_REPORTER_RECORDS, F_NUMA_REPORTER_CPU,
    F_NUMA_IO_PER_RECORD, F_NUMA_IO_KB, F_NUMA_READONLY_PCT, F_NUMA_RO_DATA, F_NUMA_RW_DATA,
    F_NUMA_DATA_RAD, F_NUMA_LOCKS_PER_RECORD, F_NUMA_LOCK_MANAGER, F_NUMA_LCKMGR_CPU,
    F_NUMA_LOCKDB_LINES, F_NUMA_USER_MEMORY_PCT, F_NUMA_RUN_SCALE,
    LAB_DIST_FIELDS(F_NUMA_IO), LAB_DIST_FIELDS(F_NUMA_LOCK_OP), LAB_DIST_FIELDS(F_NUMA_LOCK_REQUEST),
    F_NET_TEST, F_NET_STACK, F_NET_MESSAGE_BYTES, F_NET_MSS, F_NET_SENDERS, F_NET_STACKS, F_NET_PREQUEUE, F_NET_ASYNC_POOL,
    F_NET_OFFERED_PPS, F_NET_MODERATION, F_NET_SPIN, F_NET_WATCHDOG, F_NET_IRQ_CPU,
    F_NET_LINK_BPS, F_NET_NIC_MAX_PPS, F_NET_HW_LATENCY, F_NET_RX_RING, F_NET_TX_RING,
    F_NET_SOCKET_PACKETS, F_NET_WINDOW,
    LAB_DIST_FIELDS(F_NET_SYSCALL), LAB_DIST_FIELDS(F_NET_K_SEND), LAB_DIST_FIELDS(F_NET_K_TCP_SEND), LAB_DIST_FIELDS(F_NET_K_TX_PKT), LAB_DIST_FIELDS(F_NET_K_TCP_SEG),
    LAB_DIST_FIELDS(F_NET_IRQ), LAB_DIST_FIELDS(F_NET_K_RX_PKT), LAB_DIST_FIELDS(F_NET_K_RECV),
    LAB_DIST_FIELDS(F_NET_WAKE), LAB_DIST_FIELDS(F_NET_CSWITCH), LAB_DIST_FIELDS(F_NET_COPY_PER_KB),
    LAB_DIST_FIELDS(F_NET_UL_INTERCEPT), LAB_DIST_FIELDS(F_NET_UL_SEND), LAB_DIST_FIELDS(F_NET_UL_TCP_SEND), LAB_DIST_FIELDS(F_NET_UL_TX_PKT),
    LAB_DIST_FIELDS(F_NET_UL_POLL), LAB_DIST_FIELDS(F_NET_UL_RX_PKT), LAB_DIST_FIELDS(F_NET_UL_RECV),
    LAB_DIST_FIELDS(F_NET_ATOMIC), LAB_DIST_FIELDS(F_NET_APP_WORK),
    F_HP_INTERFACE, F_HP_SEND_CA, F_HP_RECV_CA, F_HP_SEND_CALL, F_HP_BUFFERS, F_HP_DIRTY, F_HP_RECV_DIRTY,
    F_HP_ALIGN, F_HP_PAGE, F_HP_LINE, F_HP_SNDBUF,
    LAB_DIST_FIELDS(F_HP_COPY), LAB_DIST_FIELDS(F_HP_CSUM), LAB_DIST_FIELDS(F_HP_FLUSH), LAB_DIST_FIELDS(F_HP_PURGE),
    LAB_DIST_FIELDS(F_HP_WRITE), LAB_DIST_FIELDS(F_HP_COW_MAP), LAB_DIST_FIELDS(F_HP_COW_FAULT),
    LAB_DIST_FIELDS(F_HP_COW_RELEASE), LAB_DIST_FIELDS(F_HP_REMAP), LAB_DIST_FIELDS(F_HP_ACK),
    F_SEED, F_DURATION, F_WARMUP, F_TRACE_CAPACITY,
    F_COUNT
};

enum { KERNEL_CLASSIC = 0, KERNEL_SCALABLE = 1, KERNEL_SNA = 2, KERNEL_NUMA = 3, KERNEL_ONLOAD = 4, KERNEL_HPUX = 5 };
/* HP-UX 9.0 (kernel_hpux.c, copyavoid.c): the interface a TCP stream runs over. The
 * NIO FDDI card offloads checksums and supports copy avoidance; the EISA FDDI card
 * neither; lo0 (loopback) offloads checksums; lan0_loopback is a connection to the
 * host's own address routed through its Ethernet, looped back without offload. */
enum { HP_NIO_FDDI = 0, HP_EISA_FDDI = 1, HP_LO0 = 2, HP_LAN0_LOOPBACK = 3 };
enum { HP_SEND = 0, HP_WRITE = 1 };
enum { HP_PAGE_ALIGNED = 0, HP_UNALIGNED = 1 };
#define LAB_HP_MAX_BUFFERS 64
/* The network stack benchmark (kernel_onload.c): which test, which stack. */
enum { NET_PINGPONG = 0, NET_UDP_SEND = 1, NET_UDP_RECEIVE = 2, NET_TCP_STREAM = 3 };
enum { STACK_KERNEL = 0, STACK_ONLOAD = 1, STACK_VNIC = 2 };
enum { STACKS_PER_PROCESS = 0, STACKS_SHARED = 1 };
enum { IRQ_APP_CORE = 0, IRQ_OTHER_CORE = 1 };
/* Spinlock algorithms: fair is OpenVMS's on the GS series: test-and-set until
 * kernel.fair_after_waiters CPUs spin, then first come first served. */
enum { LOCK_TAS = 0, LOCK_TICKET = 1, LOCK_FAIR = 2 };
/* NUMA kernel: where processes run (numa.placement) and where data lives. */
enum { PLACE_NONE = 0, PLACE_HOME_RAD = 1, PLACE_CPU_AFFINITY = 2 };
enum { DATA_ONE_RAD = 0, DATA_PER_RAD = 1, DATA_STRIPED = 2 };
enum { LCKMGR_ORDINARY = 0, LCKMGR_DEDICATED = 1 };
/* How a lock makes its waiters wait (Lock.kind). */
enum { LK_SPIN = 0, LK_WAKE_ALL = 1, LK_WAKE_ONE = 2 };
/* Scheduler: where a woken thread runs (sched.affinity). */
enum { AFF_LAST_CPU = 0, AFF_NONE = 1, AFF_BIND_KPROCS = 2 };
/* SNA remedies (State.sna[], in field order): 0 as first ported, 1 (or 2) remedied. */
enum { SW_LOCK_KIND, SW_LOCKING, SW_COPY, SW_SEARCH, SW_SNAIPCM, SW_LINES, SW_POST, SW_ALLOC,
       SW_TABLE_LOCK, SW_COUNT };
enum { SNA_LOCKL = 0, SNA_WAKE_ONE = 1, SNA_SIMPLE = 2 };
/* Lock families: OP_ACQ / OP_REL b picks the member of the family that starts at a. */
enum { FAM_NONE = 0, FAM_CPU = 1, FAM_SESSION = 2, FAM_BUCKET = 3, FAM_LINK = 4 };
#define SNA_SESSION_LOCKS 16
#define SNA_BUCKETS 8
#define LAB_SNA_MAX_CPUS 8
enum { DIST_CONST = 0, DIST_EXP = 1, DIST_UNIFORM = 2 };

typedef enum { FT_INT, FT_NUMBER, FT_ENUM } FieldType;

typedef struct FieldDesc {
    const char *path;
    FieldType type;
    const char *unit;
    double min, max, def;
    const char *const *names;   /* enum names, NULL-terminated; NULL otherwise   */
    const char *doc;
} FieldDesc;

const FieldDesc *lab_field(int index);

struct lab_Scenario {
    double v[F_COUNT];
    char error[LAB_MSG_LEN];
};

/* A cost: which distribution, its mean and half-width, all in ns. */
typedef struct Cost { int dist; double mean, spread; } Cost;

enum CostId {
    C_THINK, C_USER_WORK, C_REPLY_LATENCY, C_SYSCALL, C_COPY_PER_KB, C_KERNEL_WRITE,
    C_KERNEL_READ, C_RX_INTERRUPT, C_RX_KERNEL, C_TIMER_KERNEL, C_DISK_KERNEL,
    C_KRP_SETUP, C_FORK_DISPATCH, C_WAKE, C_CONTEXT_SWITCH, C_IO_POST, C_DB_COLD, C_IPI,
    C_CACHE_RELOAD, C_SNA_REMOTE, C_SNA_PACING_LAT, C_SNA_TP_WORK, C_SNA_HS_WORK, C_SNA_DLC_SEND, C_SNA_DLC_RECV, C_SNA_LIST_ENTRY,
    C_SNA_HASH_SEARCH, C_SNA_LOOKUP, C_SNA_XMALLOC, C_SNA_POOL_ALLOC, C_SNA_POST,
    C_NUMA_IO, C_NUMA_LOCK_OP, C_NUMA_LOCK_REQUEST,
    C_NET_SYSCALL, C_NET_K_SEND, C_NET_K_TCP_SEND, C_NET_K_TX_PKT, C_NET_K_TCP_SEG, C_NET_IRQ, C_NET_K_RX_PKT, C_NET_K_RECV,
    C_NET_WAKE, C_NET_CSWITCH, C_NET_COPY_PER_KB, C_NET_UL_INTERCEPT, C_NET_UL_SEND,
    C_NET_UL_TCP_SEND, C_NET_UL_TX_PKT, C_NET_UL_POLL, C_NET_UL_RX_PKT, C_NET_UL_RECV, C_NET_ATOMIC, C_NET_APP_WORK,
    C_HP_COPY, C_HP_CSUM, C_HP_FLUSH, C_HP_PURGE, C_HP_WRITE, C_HP_COW_MAP, C_HP_COW_FAULT, C_HP_COW_RELEASE,
    C_HP_REMAP, C_HP_ACK,
    C_COUNT
};

/* ---- random numbers (rng.c) --------------------------------------------------- */
typedef struct Rng { uint64_t s0, s1; } Rng;
void rng_seed(Rng *r, uint64_t seed);
uint64_t rng_next(Rng *r);
double rng_unit(Rng *r);                 /* in (0, 1]                                */
double lab_ln(double x);                 /* deterministic natural log, x > 0         */
int64_t cost_sample(Rng *r, const Cost *c);

/* ---- JSON writing (jsonw.c) --------------------------------------------------- */
typedef struct JsonW { char *buf; int cap, len; char last; } JsonW;
void jw_raw(JsonW *w, const char *s);
void jw_str(JsonW *w, const char *s);    /* quoted and escaped                      */
void jw_int(JsonW *w, int64_t v);
void jw_fixed(JsonW *w, double v, int decimals);
void jw_fixed_key(JsonW *w, const char *k, double v, int decimals);   /* "k": v */
void jw_num(JsonW *w, double v);         /* shortest exact form for whole numbers, else 6 decimals */
void jw_key(JsonW *w, const char *k);    /* "k": (with a comma before it when needed) */
void jw_item(JsonW *w);                  /* the comma before an array element        */
void jw_open(JsonW *w, char c);          /* { or [                                   */
void jw_close(JsonW *w, char c);         /* } or ]                                   */
void jw_scenario(JsonW *w, const double *v);

/* ---- programs (kernel_*.c, engine.c) ------------------------------------------ */
/* A program is an array of phases; kernels and the workload are programs. */
enum Op {
    OP_WORK,          /* a = mode, b = cost: run for a sampled time                 */
    OP_COPY,          /* a = mode: copy one message (copy_per_kb x message size)    */
    OP_DB,            /* a = mode: touch the TCP/IP database; cold if last touched elsewhere */
    OP_ACQ,           /* a = lock                                                   */
    OP_REL,           /* a = lock                                                   */
    OP_THINK,         /* block off-CPU for a sampled think time                     */
    OP_SET_CTR,       /* a = CTR_WRITES or CTR_READS                                */
    OP_JZ_CTR,        /* b = target when the counter is zero                        */
    OP_DEC_CTR,
    OP_JMP,           /* b = target                                                 */
    OP_TX,            /* transmit one message; the last write of a transaction asks for replies */
    OP_REPLIES_IF_NO_WRITES, /* a transaction with no writes still gets its messages */
    OP_READ_WAIT,     /* take a delivered message or block until one comes          */
    OP_POST_IO,       /* count one buffered I/O completed                           */
    OP_TXN_DONE,
    OP_KRP_QUEUE,     /* a = KRP kind: queue a KRP, create a fork thread if the queue was empty */
    OP_FORK_QUEUE,    /* move this context's job to this CPU's fork queue           */
    OP_KRP_NEXT,      /* b = target when the KRP queue is empty                     */
    OP_IF_JOB,        /* a = job kind, b = target when the job is another kind      */
    OP_DELIVER,       /* the job's packet reaches its socket                        */
    OP_IF_NO_WAKE,    /* b = target when no reader was waiting for that message     */
    OP_MAKE_READY,    /* wake the job's thread                                      */
    OP_RESUME,        /* end of switch-in: continue the thread's own program        */
    /* message passing between threads (SNA: TP, Half Session and DLC kprocs) */
    OP_NEW_MBUF,      /* a = job kind: take an mbuf for this thread's session into the context */
    OP_ENQ,           /* a = Role: put the context's mbuf on that thread's queue      */
    OP_POST,          /* a = Role: et_post that thread (wake it if it waits for work)  */
    OP_WAIT_WORK,     /* take the next mbuf from this thread's queue, or sleep until posted */
    OP_FREE_MBUF,     /* return the context's mbuf                                     */
    OP_LINK_TX,       /* the mbuf leaves on its session's link; the partner answers    */
    OP_SEARCH,        /* a = mode: find the session in the connection table (list or hash) */
    OP_PACE,          /* a = 0: wait while the pacing window is full; 1: until all RUs are answered */
    OP_XFER_START,    /* the measured transfer begins: RUs to send into the counter    */
    OP_XFER_DONE,     /* the measured transfer is complete                             */
    OP_MIGRATED,      /* switch-in on another CPU than last time: reload the cache     */
    /* NUMA (kernel_numa.c): records of a batch run on RAM disks, the lock manager */
    OP_RECORD,        /* start the next record, or finish (a = 1: the reporter, which
                         starts when the analysis processes are done)                 */
    OP_USER_NUMA,     /* user work, slower where the process's memory is remote         */
    OP_RAMDISK,       /* a = 1 for read-write data: copy one block from the RAM disk     */
    OP_LOCKDB,        /* touch the lock database's lines: from the last lock CPU's cache */
    OP_LM_REQUEST,    /* dedicated lock manager: queue a request, spin at IPL 2 for it   */
    OP_LM_NEXT,       /* the LCKMGR_SERVER takes the next request, or polls              */
    OP_LM_DONE,       /* the LCKMGR_SERVER returns the status to the requester           */
    /* the network stack benchmark (kernel_onload.c, net.c) */
    OP_NET_MSG,       /* take a message to send (net.message_bytes) into the context  */
    OP_NET_COPY,      /* a = mode: copy the message in hand (net copy_per_kb x bytes)  */
    OP_NET_MORE,      /* b = target when the send has no packet (left) to put out: UDP
                         cuts a message at the MSS; TCP coalesces sends into segments */
    OP_NET_PREP,      /* a = mode, b = cost: the next packet's transmit work          */
    OP_NET_XMIT,      /* the next packet goes on the NIC's transmit ring; waits while
                         the ring or the TCP window is full                          */
    OP_NET_SENT,      /* the send is done: the message is counted and freed           */
    OP_NET_LOCK,      /* onload: take the stack lock; b = target when the send went on
                         the pre-queue instead (net.prequeue on), else sleep for it   */
    OP_NET_UNLOCK,    /* onload: b = target with a pre-queued send to do as deferred
                         work before letting go; else release                         */
    OP_NET_RECV,      /* a = stack: take a message from the socket, or wait: block
                         (kernel), poll and spin, then block (onload), spin (vnic)   */
    OP_NET_COPY_IN,   /* a = mode: copy out what was taken                            */
    OP_NET_RECV_MORE, /* b = target while a ping-pong message is not all in (a TCP
                         receive with MSG_WAITALL: woken for each batch of segments) */
    OP_NET_RECEIVED,  /* the receive call returns: counted; a = 1 ends a round trip   */
    OP_NET_IRQ_START, /* the interrupt's stack: free the interrupt job                 */
    OP_NET_RX_NEXT,   /* b = target when the receive ring is empty (interrupts re-armed) */
    OP_NET_DELIVER,   /* the packet in hand reaches its socket (or is dropped: full)   */
    OP_NET_WAKE,      /* wake the socket's blocked reader                              */
    /* HP-UX 9.0: copy avoidance and checksum offload (kernel_hpux.c, copyavoid.c) */
    OP_HP_TOUCH,      /* the sender writes net dirty bytes into its next send buffer:
                         a copy-on-write fault if the transport still holds it       */
    OP_HP_SEND_DATA,  /* the send's data into the socket buffer: copy-on-write (map
                         the pages, flush the dirty lines), or copy (and flush it)   */
    OP_HP_CSUM,       /* the segment in hand is checksummed by the host, unless the
                         interface offloads it                                        */
    OP_HP_RTOUCH,     /* the receiver writes into its buffer before the call         */
    OP_HP_RECV_DATA,  /* the data taken to the application: page remap (purging the
                         buffer's dirty lines), or copy                               */
    OP_HP_RX,         /* interrupt: the packet in hand: an ACK releases socket buffer
                         space and copy-on-write holds; data is checksummed unless
                         offloaded                                                    */
    OP_END            /* the context is done                                        */
};
/* Which thread of the mbuf's session an OP_ENQ or OP_POST addresses. */
enum Role { ROLE_TP, ROLE_HS, ROLE_DLC };
enum { CTR_WRITES, CTR_READS };

typedef struct Phase { uint8_t op, a; int16_t b; } Phase;

typedef struct Program { const Phase *phase; int n; const char *name; } Program;

enum ProgId { PROG_PROCESS, PROG_INTERRUPT, PROG_FORK, PROG_KRP_DRAIN, PROG_SWITCH_IN,
              PROG_TP, PROG_TP_XFER, PROG_HS, PROG_DLC, PROG_REPORTER, PROG_LCKMGR,
              PROG_NET_PEER, PROG_COUNT };

/* A kernel: its programs, its locks, and (for kernels assembled from scenario
 * switches) a function that builds the programs into the handle and gives every
 * thread its role, every lock its kind and cache line. */
typedef struct Kernel {
    const char *name;
    Program prog[PROG_COUNT];
    int nlock;
    const char *const *lock_names;
    int tcpip_devices;                        /* the testbed's timers, disks, background packets */
    /* threads, jobs (packets, mbufs) and pending events beyond one per thread that a
     * scenario needs; NULL: one thread per process, the OpenVMS jobs */
    void (*size)(const double *v, int *nthread, int *njob, int *events);
    int (*build)(lab_Sim *s);                 /* NULL: static programs, one lock per line */
    void (*report)(lab_Sim *s, JsonW *w, double secs);   /* the kernel's own report figures */
} Kernel;

const Kernel *kernel_classic(void);
const Kernel *kernel_scalable(void);
const Kernel *kernel_sna(void);
const Kernel *kernel_numa(void);
const Kernel *kernel_onload(void);
const Kernel *kernel_hpux(void);
const Kernel *kernel_for(int kind);

/* Writing programs at run time (program.c): labels and forward jumps. */
#define ASM_MAX_LABELS 32
#define ASM_MAX_FIXUPS 64
typedef struct Asm {
    Phase *code; int cap, n, base;
    int label[ASM_MAX_LABELS];                /* phase number, or -1 while unplaced    */
    int fix_at[ASM_MAX_FIXUPS], fix_label[ASM_MAX_FIXUPS], nfix;
    int failed;
} Asm;
void asm_init(Asm *a, Phase *code, int cap);
void asm_op(Asm *a, int op, int x, int target_label);   /* target_label < 0: none */
void asm_op2(Asm *a, int op, int x, int b);
void asm_place(Asm *a, int label);
int asm_begin(Asm *a);                         /* phase number where a program starts   */
int asm_finish(Asm *a);                        /* resolves jumps; 0 when something overflowed */
/* A program a kernel writes at build time from the state's scenario. */
struct State;
typedef struct ProgSpec { int id; void (*fn)(Asm *, const struct State *); const char *name; } ProgSpec;
/* Allocates cap phases into s->code and writes each program there; LAB_OK or LAB_ERR_NOMEM. */
int asm_programs(lab_Sim *s, const ProgSpec *p, int n, int cap);

/* ---- jobs: packets, timers, disk completions, KRPs ---------------------------- */
enum JobKind { JOB_RX, JOB_BACKGROUND_RX, JOB_TIMER, JOB_DISK, JOB_KRP_WRITE, JOB_KRP_READ,
               JOB_KRP_DRAIN, JOB_SNA_SEND, JOB_SNA_DATA, JOB_SNA_PACING, JOB_LM_REQUEST,
               JOB_NET_MSG, JOB_NET_PKT, JOB_NET_IRQ, JOB_KIND_COUNT };
enum { JOB_LAST_PACKET = 1, JOB_LAST_WRITE = 2, JOB_NET_ACK = 4 };

typedef struct Job {
    int32_t next;
    uint8_t kind, flags;
    int32_t thread;
    int32_t bytes;           /* net: payload bytes of the message or packet           */
    int64_t t_enq;           /* net: when the packet entered its current stage        */
} Job;

typedef struct JobList { int32_t head, tail, len; } JobList;

/* ---- locks (spinlock.c, blocking_lock.c) and cache lines (cache_line.c) ---------- */
/* Lock numbers of the OpenVMS kernels; the SNA kernel has its own (kernel_sna.c). */
enum LockId { LOCK_IOLOCK8, LOCK_SCHED, LOCK_TCPIP, LOCK_TCPIP_COUNT };
#define LAB_MAX_LOCKS 48

typedef struct Lock {
    int8_t kind;             /* LK_SPIN, LK_WAKE_ALL, LK_WAKE_ONE                     */
    int8_t holder;           /* CPU holding it (spin), or -1                          */
    int8_t reserved;         /* CPU it is being handed to (line in flight), or -1    */
    uint8_t nwait;
    int16_t line;            /* the cache line the lock word lives in                */
    int32_t owner;           /* blocking locks: the thread holding it, or -1         */
    int32_t sleep_head, sleep_tail, nsleep;   /* blocking locks: sleeping threads    */
    int8_t wait[LAB_MAX_CPUS];   /* spinning CPUs in arrival order                  */
    int64_t hold_start;
    int64_t hold_ns, spin_ns;
    uint64_t acquisitions, contended, transfers;
    uint64_t sleeps, wakeups, futile;   /* blocking locks                           */
} Lock;

typedef struct Line {
    int8_t owner;            /* CPU whose cache last wrote the line                  */
    uint8_t nlocks;          /* lock words in it: more than one is false sharing     */
    int8_t home;             /* RAD whose memory holds the line (its directory)      */
    uint64_t transfers;
} Line;

/* ---- contexts, CPUs, threads (engine.c) --------------------------------------- */
/* CTX_AWAIT: busy-waiting for another CPU to finish its work (a lock request to the
 * dedicated lock manager), charged as kernel mode. */
enum CtxState { CTX_READY, CTX_TIMED, CTX_SUSPENDED, CTX_SPIN, CTX_AWAIT };

typedef struct Ctx {
    int8_t prog;             /* ProgId, or -1 when the context is not active         */
    int8_t state;
    int8_t mode;             /* mode of the timed phase in progress                  */
    int8_t locks_held;
    int8_t spin_lock;        /* the lock it spins for, when state is CTX_SPIN        */
    int8_t wake;             /* OP_DELIVER found a reader waiting                    */
    int8_t saved_prog;
    int16_t pc, saved_pc;
    int16_t ctr;
    int8_t stall;            /* the timed phase was a cache-line fetch: redo the phase */
    int16_t cpu_lock;        /* the per-CPU lock (FAM_CPU) held                      */
    int32_t job;             /* the job an interrupt or fork context serves, or -1   */
    int32_t sess;            /* SNA: the session of the mbuf in hand                 */
    int32_t thread;          /* the process, for process contexts; else -1          */
    int64_t due;             /* end of the timed phase in progress                   */
    int64_t remaining;       /* of a timed phase cut by preemption                   */
    int64_t spin_start;      /* when it began to spin (CTX_SPIN): the acquire record's arg */
} Ctx;

enum { LEVEL_IDLE = 0, LEVEL_PROCESS = 1, LEVEL_FORK = 2, LEVEL_INTERRUPT = 3 };

typedef struct Cpu {
    int8_t mode;
    int8_t spin_lock;        /* lock charged for the SPIN time now running           */
    int8_t in_kctx;          /* the time being charged is kernel context (level >= 2) */
    int32_t proc;            /* process thread current on this CPU, or -1           */
    uint32_t gen;            /* bumped on preemption: stale phase events are ignored */
    int64_t mode_since;
    int64_t mode_ns[LAB_MODE_COUNT];
    int64_t kctx_ns;         /* time in interrupts and fork threads, spinning included */
    Ctx isr, fork;
    JobList isr_q, fork_q;
    int32_t runq_head, runq_tail, runq_len;   /* threads bound to this CPU            */
} Cpu;

enum ThreadState { T_READY, T_RUNNING, T_SLEEPING, T_BLOCKED_READ, T_WAIT_WORK, T_LOCK_WAIT };

typedef struct Thread {
    Ctx ctx;
    int8_t state;
    int8_t woken_for;        /* 1 after a lock release woke it, until it tries again  */
    int16_t cpu, last_cpu;
    int16_t bound;           /* CPU it may only run on (hard affinity), or -1        */
    int8_t home_rad;         /* RAD whose CPUs alone may run it, or -1               */
    int8_t mem_rad;          /* RAD its process-private memory came from             */
    int32_t records_left;    /* NUMA batch run: records still to do, -1 without end  */
    int16_t handed;          /* a blocking lock handed to it by a wake-one release, or -1 */
    int32_t next;            /* run queue or lock sleep queue link                   */
    int32_t msgs;            /* messages delivered and not yet read                  */
    int32_t inflight;        /* SNA transfer: RUs sent and not yet answered          */
    JobList work;            /* SNA: mbufs queued to this thread; net: its socket's receive queue */
    int64_t txn_start;
    /* net */
    int32_t net_bytes;       /* bytes taken from the socket by the last take          */
    int32_t net_got;         /* bytes of the message received so far                  */
    int8_t net_stack;        /* the user-level stack (or host's kernel stack) it uses  */
    int8_t net_spinning;     /* OP_NET_RECV: spinning for a message since net_spin_until - spin */
    int8_t net_waiting;      /* 1: waits for ring space, 2: for the TCP window         */
    int64_t net_spin_until;
    int64_t net_t0;          /* when its current send began (breakdown)               */
} Thread;

/* ---- net: the NIC's receive rings and the stacks behind them (net.c) ------------ */
#define LAB_NET_MAX_STACKS 8
#define LAB_NET_MAX_FILTERS 32   /* filter table entries per NIC                        */
enum { NB_SEND, NB_WIRE, NB_NOTIFY, NB_STACK, NB_WAKE, NB_RECEIVE, NB_COUNT };

typedef struct NetStack {
    int8_t host;             /* 0: host A (under test), 1: host B                    */
    int8_t user_level;       /* onload or vnic: polled by the application             */
    int8_t irq_cpu;
    int8_t armed;            /* the NIC interrupts on the next arrival               */
    int8_t in_irq;           /* a handler is draining the ring: interrupts masked    */
    int8_t timer_set;        /* a moderation timer will raise the interrupt          */
    int8_t lock;             /* the stack lock's number (onload), or -1              */
    int8_t poller;           /* a thread spinning on it (CTX_AWAIT), or -1            */
    JobList ring;            /* received packets no one has looked at yet            */
    JobList prequeue;        /* onload: sends that found the stack lock taken        */
    int64_t last_irq, last_poll;
    double ring_area, preq_area;   /* integrals of the lengths, for their means          */
    int64_t ring_since, preq_since;
} NetStack;

typedef struct NetCounters {     /* over the measurement window                       */
    uint64_t sent_msgs, delivered_msgs, offered_msgs, round_trips;
    double delivered_bytes, wire_bytes_a, wire_ns_a, rtt_ns;
    uint64_t ring_drops, socket_drops, irqs, polls, watchdogs, wakeups;
    uint64_t prequeued, deferred, filter_hits, filter_misses;
    double breakdown[NB_COUNT];
    double sock_area;                /* integral of net_sock_len over the window          */
    uint64_t breakdown_n;
} NetCounters;

/* ---- HP-UX 9.0: the application's buffers in the data cache (copyavoid.c) ------- */
enum { HT_APP_WRITE, HT_FAULT, HT_COPY, HT_CSUM, HT_FLUSH, HT_COW, HT_PURGE, HT_REMAP, HT_COUNT };

typedef struct HpBuffer {
    int64_t held_until;      /* copy-on-write: the transport holds it until this many
                                bytes of the stream are acknowledged (0: not held)    */
    int32_t dirty;           /* bytes of it in dirty cache lines                      */
} HpBuffer;

typedef struct HpState {
    int send_ca, recv_ca, csum_offload, dma;   /* what this run can do                 */
    int nbuf, next;          /* the sender's send buffers, the one it uses next        */
    HpBuffer buf[LAB_HP_MAX_BUFFERS];
    int32_t rbuf_dirty;      /* the receiver's buffer: dirty bytes                     */
    int64_t stream, acked;   /* bytes handed to the transport, acknowledged            */
    /* over the window */
    uint64_t sends, faults, cow_sends, remaps;
    double touch_ns[2][HT_COUNT];   /* [0] the sender's host, [1] the receiver's          */
    double touch_bytes[2][HT_COUNT];
    double held_area;        /* integral of the buffers held                          */
    int32_t held;
    int64_t held_since;
} HpState;

/* ---- events (events.c) -------------------------------------------------------- */
enum EvKind { EV_PHASE_DONE, EV_HANDOFF, EV_KICK, EV_FORK_ARRIVE, EV_WAKE, EV_REPLY, EV_BACKGROUND_RX,
              EV_TIMER, EV_DISK, EV_WARMUP_END, EV_LINK_ARRIVE, EV_LM_ARRIVE, EV_LM_DONE,
              EV_NET_ARRIVE, EV_NET_MODERATION, EV_NET_WATCHDOG, EV_NET_GENERATE, EV_NET_ACK,
              EV_NET_SPIN_END, EV_NET_TX_SPACE };

typedef struct Event {
    int64_t t;
    uint32_t seq;
    uint16_t kind;
    int16_t cpu;
    int32_t a;
    uint32_t gen;
} Event;

/* ---- the state in the arena --------------------------------------------------- */
typedef struct QueueStats {
    int32_t len, max_len;
    int64_t last_change;
    double area;             /* integral of length over time, ns                     */
    double wait_ns;          /* total time KRPs waited before service                */
    uint64_t served, queued;
} QueueStats;

typedef struct State {
    uint32_t arena_bytes;
    uint32_t magic;
    double v[F_COUNT];       /* the scenario, so a checkpoint carries it             */
    Cost cost[C_COUNT];
    int ncpu, nthread, njob, heap_cap;
    int kernel, lock_kind, designated_cpu, interrupt_cpu, reads, writes, tx_packets_per_msg;
    int64_t c_transfer, message_bytes;
    int64_t now, end, warmup, stats_start;
    uint64_t events;
    uint32_t seq;
    int heap_n;
    uint32_t heap_full;      /* events refused for want of room (the run stopped)    */
    Rng rng;
    int nlock, affinity;
    Lock lock[LAB_MAX_LOCKS];
    Line line[LAB_MAX_LOCKS];
    int32_t job_free;        /* free list of jobs                                    */
    int32_t jobs_in_use, job_reserve;
    JobList krp_q;
    QueueStats krp;
    int32_t runq_head, runq_tail, runq_len;
    int db_owner;            /* CPU whose cache holds the TCP/IP database lines       */
    /* counters over the measurement window */
    uint64_t tx_packets, rx_packets, buffered_io, txns, krps, forks_created, dropped_rx;
    double txn_time_ns;
    uint64_t dispatches, posts;
    double runq_area;        /* integral of runnable-but-waiting threads over time    */
    int64_t runq_last;
    int32_t runq_total;
    /* SNA */
    int sessions, sna[SW_COUNT];   /* the remedy switches (SW_*)                   */
    int64_t link_free_at;    /* the measured transfer's token ring is busy until then */
    int64_t xfer_start;
    uint64_t xfers_done, xfer_bytes_acked;
    double xfer_time_ns;
    /* NUMA: resource affinity domains (numa.c) */
    int rads;
    int64_t c_remote;        /* cache-line transfer between RADs                     */
    int8_t rad_of[LAB_MAX_CPUS];
    int32_t radq_head[LAB_MAX_RADS], radq_tail[LAB_MAX_RADS], radq_len[LAB_MAX_RADS];
    double traffic[LAB_MAX_RADS][LAB_MAX_RADS];   /* bytes: [RAD of the data][RAD of the CPU] */
    int fair_after;          /* LOCK_FAIR: spinners that mean high contention         */
    int watched_lock;        /* the lock whose wins are counted per CPU, or -1        */
    uint64_t wins[LAB_MAX_CPUS];
    int64_t spin_since[LAB_MAX_CPUS];   /* when the CPU began to want a spinlock, or -1 */
    double win_spin_ns[LAB_MAX_CPUS];   /* spinning that led to those wins            */
    int lockdb_owner;        /* CPU whose cache holds the lock database lines, or -1  */
    JobList lm_q;            /* dedicated lock manager's request queue               */
    int lckmgr_cpu;
    int runners;             /* NUMA batch: processes with records left              */
    int analysis_left;       /* analysis processes with records left                  */
    int reporter_waiting;    /* the reporter, asleep until the analysis is done, or -1 */
    int64_t run_done_at;     /* when the last one finished, or -1                     */
    uint64_t ramdisk_io, lock_ops, lm_served;
    double ramdisk_bytes, ramdisk_cross_bytes, lm_wait_ns;
    /* net: two hosts back to back (net.c, kernel_onload.c) */
    int net_test, net_stack, net_cph, net_nstack, net_mss;
    NetStack stk[LAB_NET_MAX_STACKS];
    /* Each host's NIC steers an arriving packet by its destination socket: a filter
     * table entry names the virtual interface (a user-level stack's ring); a packet no
     * filter matches goes to the default interface, the kernel stack's (-1: none). */
    struct { int16_t sock; int8_t vi; } net_filter[2][LAB_NET_MAX_FILTERS];
    int net_nfilter[2];
    int8_t net_default_vi[2];
    int64_t nic_free_at[2];          /* each host's NIC transmits until then             */
    int64_t net_unsent;      /* TCP stream: bytes the app wrote not yet in a segment  */
    int32_t net_sock_len;    /* packets in the sockets of the test's receivers        */
    int64_t net_sock_since;
    NetCounters net;
    int net_hosts;           /* 2: two hosts back to back; 1: a loopback connection   */
    int64_t net_window;      /* bytes a TCP sender may have unacknowledged            */
    int32_t net_read_bytes;  /* a TCP stream receive call takes at most this          */
    int net_ack_packets;     /* 1: ACKs are packets the sender's interrupt processes;
                                0: the window opens a crossing after the read, free   */
    HpState hp;
} State;

struct lab_Sim {
    State *st;               /* the arena starts here                                */
    Cpu *cpu;
    Thread *thr;
    Job *job;
    Event *heap;
    const Kernel *kernel;
    Program prog[PROG_COUNT];   /* the kernel's programs; built ones live in code     */
    Phase *code;
    lab_TraceRecord *trace;  /* the ring is not part of the arena or a checkpoint    */
    int trace_cap, trace_head, trace_len;
    double trace_dropped;
    char *report;
    int report_cap;
};

/* engine.c */
void engine_start(lab_Sim *s);
int engine_step(lab_Sim *s, int64_t limit);   /* runs one event at or before limit; 0 if none */
void engine_flush_modes(lab_Sim *s);
void trace_emit(lab_Sim *s, int kind, int cpu, int thread, int object, double arg);

/* events.c */
void ev_push(lab_Sim *s, int64_t t, int kind, int cpu, int32_t a, uint32_t gen);
int ev_pop(lab_Sim *s, Event *out);

/* engine.c: the scheduler's side that locks need */
void make_ready(lab_Sim *s, int t);

/* spinlock.c */
const char *lock_name(const lab_Sim *s, int lock);
int lock_try_acquire(lab_Sim *s, int lock, int cpu);   /* 1 granted now, 0 spinning */
void lock_release(lab_Sim *s, int lock, int cpu);
void lock_handoff_done(lab_Sim *s, int lock, int cpu);
int64_t lock_handoff_ns(const State *st, int waiters);
int64_t lock_held_ns(const State *st, int lock);      /* over the window, the current hold included */

/* blocking_lock.c: lockl()-style locks held by threads */
int blocking_try_acquire(lab_Sim *s, int lock, int cpu, int thread);  /* 1 held, 0 must sleep */
void blocking_release(lab_Sim *s, int lock, int cpu, int thread);

/* kernel_sna.c */
void sna_link_tx(lab_Sim *s, int job, int cpu);

/* kernel_classic.c: the OpenVMS kernels' own report figures */
void tcpip_report(lab_Sim *s, JsonW *w, double secs);
int sna_role_thread(const State *st, int session, int role);

/* cache_line.c */
int64_t line_fetch(lab_Sim *s, int lock, int cpu);   /* the stall when the line had to be fetched (counted) */
void line_took(lab_Sim *s, int lock, int cpu);    /* the lock word is written on cpu: it owns the line */
int lock_line_is_local(const State *st, int lock, int cpu);

/* numa.c: the machine's resource affinity domains */
void numa_init(lab_Sim *s);
static inline int rad_of(const State *st, int cpu) { return st->rad_of[cpu]; }
/* One cache line moves from one CPU's cache to another's: counted, and its cost returned. */
int64_t numa_move_line(State *st, int from_cpu, int to_cpu, int home);
int64_t numa_copy_ns(State *st, int data_rad, int cpu, double bytes);      /* counted too */
void numa_reset(lab_Sim *s);
/* kernel_numa.c: the batch run's reads and lock operations */
int64_t numa_ramdisk_read(lab_Sim *s, int cpu, int readwrite);
int64_t numa_lockdb(lab_Sim *s, int cpu);
void numa_report(lab_Sim *s, JsonW *w, double secs);
double jain_index(const double *x, int n);

/* engine.c: what net.c needs of the scheduler */
void engine_raise_interrupt(lab_Sim *s, int cpu, int job);
void engine_block(lab_Sim *s, int cpu, int state, int why);
void engine_kick(lab_Sim *s, int cpu);
int engine_job_alloc(lab_Sim *s, int kind, int thread, int flags);
void engine_job_free(lab_Sim *s, int job);
void engine_list_push(lab_Sim *s, JobList *q, int job);
int engine_list_pop(lab_Sim *s, JobList *q);

/* net.c: the network stack benchmark's NIC, rings, stacks and ops */
void net_init(lab_Sim *s);
void net_start(lab_Sim *s);
void net_reset(lab_Sim *s);
void net_event(lab_Sim *s, const Event *e);
/* An OP_NET_* phase: returns its time (> 0: a timed phase in *mode), 0 to go on at the
 * next phase, or -1 when the context stopped (blocked, spinning or awaiting). */
int64_t net_exec(lab_Sim *s, int cpu, Ctx *x, const Phase *ph, int *mode);
void net_report(lab_Sim *s, JsonW *w, double secs);
/* A sender waiting for ring space (why 1) or the TCP window (2) may go on. */
void net_resume_sender(lab_Sim *s, int t, int why);
/* Set-up shared by the kernels on net.c (kernel_onload.c, kernel_hpux.c): no stacks or
 * filters yet; a stack of a host with its interrupt CPU and lock (-1: none), its number. */
void net_clear_stacks(State *st);
int net_add_stack(State *st, int host, int user_level, int irq_cpu, int lock);
/* The context switch that brings a woken thread back, the same for every net kernel. */
void net_build_switch_in(Asm *a, const State *st);

/* copyavoid.c: HP-UX 9.0's checksum offload and copy avoidance */
void hp_init(lab_Sim *s);
void hp_reset(lab_Sim *s);
int hp_send_avoids(const State *st);
int hp_acked(lab_Sim *s, int64_t bytes);
int64_t hp_exec(lab_Sim *s, int cpu, Ctx *x, const Phase *ph, int *mode);
void hp_report(lab_Sim *s, JsonW *w, double secs);

/* metrics.c */
const char *metrics_report(lab_Sim *s);
int metrics_snapshot(const lab_Sim *s, double *out, int cap);
void metrics_reset(lab_Sim *s);
void metrics_schema(JsonW *w);

/* scenario.c */
int scenario_check_all(lab_Scenario *sc);
const char *lab_mode_name(int mode);

#endif
