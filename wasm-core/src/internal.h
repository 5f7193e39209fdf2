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
#define LAB_MAX_PROCESSES 1024
#define LAB_MSG_LEN 512

/* ---- scenario fields ---------------------------------------------------------- */
/* A distribution is three fields: dist (enum), mean_ns, spread_ns. */
#define LAB_DIST_FIELDS(name) name##_DIST, name##_MEAN, name##_SPREAD

enum Field {
    F_CPUS, F_INTERRUPT_CPU, F_CACHE_TRANSFER,
    F_KERNEL, F_DESIGNATED_CPU, F_LOCK_KIND,
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
    F_SEED, F_DURATION, F_WARMUP, F_TRACE_CAPACITY,
    F_COUNT
};

enum { KERNEL_CLASSIC = 0, KERNEL_SCALABLE = 1 };
enum { LOCK_TAS = 0, LOCK_TICKET = 1 };
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
    OP_END            /* the context is done                                        */
};
enum { CTR_WRITES, CTR_READS };

typedef struct Phase { uint8_t op, a; int16_t b; } Phase;

typedef struct Program { const Phase *phase; int n; const char *name; } Program;

enum ProgId { PROG_PROCESS, PROG_INTERRUPT, PROG_FORK, PROG_KRP_DRAIN, PROG_SWITCH_IN, PROG_COUNT };

typedef struct Kernel {
    const char *name;
    Program prog[PROG_COUNT];
} Kernel;

const Kernel *kernel_classic(void);
const Kernel *kernel_scalable(void);

/* ---- jobs: packets, timers, disk completions, KRPs ---------------------------- */
enum JobKind { JOB_RX, JOB_BACKGROUND_RX, JOB_TIMER, JOB_DISK, JOB_KRP_WRITE, JOB_KRP_READ,
               JOB_KRP_DRAIN, JOB_KIND_COUNT };
enum { JOB_LAST_PACKET = 1, JOB_LAST_WRITE = 2 };

typedef struct Job {
    int32_t next;
    uint8_t kind, flags;
    int32_t thread;
    int64_t t_enq;
} Job;

typedef struct JobList { int32_t head, tail, len; } JobList;

/* ---- locks (spinlock.c) ------------------------------------------------------- */
enum LockId { LOCK_IOLOCK8, LOCK_SCHED, LOCK_TCPIP, LOCK_COUNT };

typedef struct Lock {
    int8_t holder;           /* CPU holding it, or -1                                */
    int8_t reserved;         /* CPU it is being handed to (line in flight), or -1    */
    int8_t line_owner;       /* CPU whose cache last wrote the lock's line           */
    uint8_t nwait;
    int8_t wait[LAB_MAX_CPUS];   /* spinning CPUs in arrival order                  */
    int64_t hold_start;
    int64_t hold_ns, spin_ns;
    uint64_t acquisitions, contended, transfers;
} Lock;

/* ---- contexts, CPUs, threads (engine.c) --------------------------------------- */
enum CtxState { CTX_READY, CTX_TIMED, CTX_SUSPENDED, CTX_SPIN };

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
    int32_t job;             /* the job an interrupt or fork context serves, or -1   */
    int32_t thread;          /* the process, for process contexts; else -1          */
    int64_t due;             /* end of the timed phase in progress                   */
    int64_t remaining;       /* of a timed phase cut by preemption                   */
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
} Cpu;

enum ThreadState { T_READY, T_RUNNING, T_SLEEPING, T_BLOCKED_READ };

typedef struct Thread {
    Ctx ctx;
    int8_t state;
    int16_t cpu, last_cpu;
    int32_t next;            /* run queue link                                       */
    int32_t msgs;            /* messages delivered and not yet read                  */
    int64_t txn_start;
} Thread;

/* ---- events (events.c) -------------------------------------------------------- */
enum EvKind { EV_PHASE_DONE, EV_HANDOFF, EV_KICK, EV_FORK_ARRIVE, EV_WAKE, EV_REPLY, EV_BACKGROUND_RX,
              EV_TIMER, EV_DISK, EV_WARMUP_END };

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
    Rng rng;
    Lock lock[LOCK_COUNT];
    int32_t job_free;        /* free list of jobs                                    */
    int32_t jobs_in_use, job_reserve;
    JobList krp_q;
    QueueStats krp;
    int32_t runq_head, runq_tail, runq_len;
    int db_owner;            /* CPU whose cache holds the TCP/IP database lines       */
    /* counters over the measurement window */
    uint64_t tx_packets, rx_packets, buffered_io, txns, krps, forks_created, dropped_rx;
    double txn_time_ns;
} State;

struct lab_Sim {
    State *st;               /* the arena starts here                                */
    Cpu *cpu;
    Thread *thr;
    Job *job;
    Event *heap;
    const Kernel *kernel;
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

/* spinlock.c */
const char *lock_name(int lock);
int lock_try_acquire(lab_Sim *s, int lock, int cpu);   /* 1 granted now, 0 spinning */
void lock_release(lab_Sim *s, int lock, int cpu);
void lock_handoff_done(lab_Sim *s, int lock, int cpu);
int64_t lock_handoff_ns(const State *st, int waiters);
int64_t lock_held_ns(const State *st, int lock);      /* over the window, the current hold included */

/* metrics.c */
const char *metrics_report(lab_Sim *s);
int metrics_snapshot(const lab_Sim *s, double *out, int cap);
void metrics_reset(lab_Sim *s);
void metrics_schema(JsonW *w);

/* scenario.c */
int scenario_check_all(lab_Scenario *sc);
const char *lab_mode_name(int mode);

#endif
