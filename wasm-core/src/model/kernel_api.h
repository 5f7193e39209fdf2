/*
 * kernel_api.h -- the engine as a kernel sees it: the one header a kernel includes.
 *
 * The engine (model/) runs simulated CPUs executing programs of phases. It interprets
 * only generic phases (work, copy, acquire, release, think, counters and jumps, the
 * fork queue, wake, transaction counters, end); a phase whose opcode is OP_KERNEL_BASE
 * or above goes to the running kernel's exec hook, an event whose kind is
 * EV_KERNEL_BASE or above to its event hook. What only some kernels have comes through
 * their records: their own programs, jobs and locks, and their request queues (posted
 * delegation to one CPU: QueueDesc, below), which the engine keeps and reports but
 * never names. A kernel is a Kernel record (below) registered in kernels/registry.c;
 * the engine never names one. See docs/architecture.md, "How to add a kernel".
 *
 * Invariants that every file keeps:
 *  - All simulation state lives in one arena (lab_Sim.st and the arrays after it: the
 *    CPUs, threads, jobs, event heap and the kernel's own slice), and it holds indices,
 *    never pointers, so a checkpoint is a byte copy of the arena.
 *  - Time is int64 nanoseconds. Every nanosecond of every CPU is in exactly one mode;
 *    set_mode() (engine.c) is the only place that moves a CPU between modes.
 *  - Only the engine's exec() runs a CPU's contexts, and it runs one CPU. Effects on
 *    another CPU (a lock handed over, a thread made ready) go through an event at the
 *    current time, so there is no recursion between CPUs and the order is (time,
 *    insertion). A kernel's exec hook runs inside exec(); its event hook outside.
 *  - A CPU runs at most three contexts, one per level: a process (level 1), a fork
 *    thread (level 2, IPL 8 kernel context) and an interrupt (level 3). A higher level
 *    preempts a lower one; a process holding or spinning for a spinlock is at IPL 8 and
 *    only interrupts preempt it.
 */
#ifndef LAB_KERNEL_API_H
#define LAB_KERNEL_API_H

#include <stddef.h>
#include <stdint.h>
#include "scenario/fields.h"

/* ---- programs ------------------------------------------------------------------ */
/* A program is an array of phases; kernels and workloads are programs. */
enum Op {
    OP_WORK,   /* a = mode, b = cost: run for a sampled time                 */
    OP_COPY,   /* a = mode: copy one message (copy_per_kb x message size)    */
    OP_ACQ,    /* a = lock, b = family (FAM_*)                               */
    OP_REL,    /* a = lock, b = family                                       */
    OP_THINK,  /* block off-CPU for a sampled think time                     */
    OP_JZ_CTR, /* b = target when the context's counter is zero              */
    OP_DEC_CTR,
    OP_JMP,             /* b = target                                                 */
    OP_POST_IO,         /* count one buffered I/O completed                           */
    OP_TXN_DONE,        /* count one transaction (its time since the last one)        */
    OP_FORK_QUEUE,      /* move this context's job to this CPU's fork queue           */
    OP_IF_JOB,          /* a = job kind, b = target when the job is another kind      */
    OP_MAKE_READY,      /* wake the job's thread                                      */
    OP_RESUME,          /* end of switch-in: continue the thread's own program        */
    OP_MIGRATED,        /* switch-in on another CPU than last time: reload the cache   */
    OP_END,             /* the context is done                                        */
    OP_KERNEL_BASE = 32 /* a kernel's own opcodes start here (its exec hook)       */
};
/* Lock families: OP_ACQ / OP_REL b picks the member of the family that starts at a.
 * FAM_CPU is the engine's (one lock per CPU, or the one a hand-off release handed
 * over); FAM_KERNEL_BASE and above go to the kernel's lock_of hook. */
enum { FAM_NONE = 0,
       FAM_CPU = 1,
       FAM_KERNEL_BASE = 2 };

typedef struct Phase {
    uint8_t op, a;
    int16_t b;
} Phase;

typedef struct Program {
    const Phase *phase;
    int n;
    const char *name;
} Program;

/* Programs the engine starts; a kernel's own ids start at PROG_KERNEL_BASE. The
 * engine starts PROG_PROCESS for every thread, PROG_INTERRUPT for an interrupt,
 * PROG_FORK for a fork thread (or the program of the request queue whose server the
 * fork thread is: QueueDesc.prog), and PROG_SWITCH_IN when it dispatches a thread. A
 * kernel declares the programs it runs and no others (Kernel.prog, by designated
 * initializers: [PROG_FORK] = PROGRAM(...)); a slot it leaves empty is never started,
 * but for PROG_SWITCH_IN, which the engine fills with its own (sim.c: the context
 * switch, the reload after a migration, then the thread's program). */
enum ProgId { PROG_PROCESS,
              PROG_INTERRUPT,
              PROG_FORK,
              PROG_SWITCH_IN,
              PROG_KERNEL_BASE,
              LAB_MAX_PROGS = 12 };

/* Shorthand for programs written as tables. */
#define W(mode, cost)                      \
    {                                      \
        OP_WORK, LAB_MODE_##mode, C_##cost \
    }
#define P(op)    \
    {            \
        op, 0, 0 \
    }
#define PA(op, a) \
    {             \
        op, a, 0  \
    }
#define PB(op, b) \
    {             \
        op, 0, b  \
    }
#define PAB(op, a, b) \
    {                 \
        op, a, b      \
    }
#define PROGRAM(name, phases)                                 \
    {                                                         \
        phases, (int)(sizeof phases / sizeof phases[0]), name \
    }

/* Writing programs at run time (program.c): labels and forward jumps. */
#define ASM_MAX_LABELS 32
#define ASM_MAX_FIXUPS 64
typedef struct Asm {
    Phase *code;
    int cap, n, base;
    int label[ASM_MAX_LABELS]; /* phase number, or -1 while unplaced    */
    int fix_at[ASM_MAX_FIXUPS], fix_label[ASM_MAX_FIXUPS], nfix;
    int failed;
} Asm;
void asm_init(Asm *a, Phase *code, int cap);
void asm_op(Asm *a, int op, int x, int target_label); /* target_label < 0: none */
void asm_op2(Asm *a, int op, int x, int b);
void asm_place(Asm *a, int label);
int asm_begin(Asm *a);  /* phase number where a program starts   */
int asm_finish(Asm *a); /* resolves jumps; 0 when something overflowed */
/* A program a kernel writes at build time from the state's scenario. */
struct State;
typedef struct ProgSpec {
    int id;
    void (*fn)(Asm *, const struct State *);
    const char *name;
} ProgSpec;
/* Allocates cap phases into s->code and writes each program there; LAB_OK or LAB_ERR_NOMEM. */
int asm_programs(lab_Sim *s, const ProgSpec *p, int n, int cap);

/* ---- jobs: packets, timers, requests, messages ----------------------------------- */
/* A job's kind is its kernel's: each kernel numbers its own, below 255. */

typedef struct Job {
    int32_t next;
    uint8_t kind, flags;
    int32_t thread;
    int32_t bytes; /* payload bytes of a message or packet                  */
    int64_t t_enq; /* when the job entered its current queue or stage       */
} Job;

typedef struct JobList {
    int32_t head, tail, len;
} JobList;

/* ---- locks (spinlock.c, blocking_lock.c) and cache lines (cache_line.c) ---------- */
#define LAB_MAX_LOCKS 48
/* How a lock makes its waiters wait (Lock.kind). */
enum { LK_SPIN = 0,
       LK_WAKE_ALL = 1,
       LK_HANDOFF = 2,
       LK_WAKE_ONE = 3 };

typedef struct Lock {
    int8_t kind;      /* LK_SPIN, LK_WAKE_ALL, LK_HANDOFF, LK_WAKE_ONE         */
    int16_t holder;   /* CPU holding it (spin), or -1                          */
    int16_t reserved; /* CPU it is being handed to (line in flight), or -1    */
    uint16_t nwait;
    int16_t line;                           /* the cache line the lock word lives in                */
    int16_t wake_cost;                      /* blocking locks: the cost (C_*) its release charges the
                              * releaser for each sleeper it puts on the run queue,
                              * or -1 (none): the kernel's choice (blocking_lock.c)  */
    int32_t owner;                          /* blocking locks: the thread holding it, or -1         */
    int32_t sleep_head, sleep_tail, nsleep; /* blocking locks: sleeping threads    */
    int16_t wait[LAB_MAX_CPUS];             /* spinning CPUs in arrival order                  */
    int64_t hold_start;
    int64_t hold_ns, spin_ns;
    uint64_t acquisitions, contended, transfers;
    uint64_t sleeps, wakeups, futile; /* blocking locks                           */
    uint64_t passed;                  /* calls that found it taken and left their work to its
                              * holder (a combiner's request, a pre-queued packet):
                              * misses that never acquire it (counted in contended)  */
} Lock;

typedef struct Line {
    int16_t owner;  /* CPU whose cache last wrote the line                  */
    uint8_t nlocks; /* lock words in it: more than one is false sharing     */
    int8_t home;    /* RAD whose memory holds the line (its directory)      */
    uint64_t transfers;
} Line;

/* ---- contexts, CPUs, threads (engine.c) ----------------------------------------- */
/* CTX_AWAIT: busy-waiting for another CPU to finish its work (a lock request to a
 * dedicated server), charged to the context's mode. */
enum CtxState { CTX_READY,
                CTX_TIMED,
                CTX_SUSPENDED,
                CTX_SPIN,
                CTX_AWAIT };

typedef struct Ctx {
    int8_t prog; /* ProgId, or -1 when the context is not active         */
    int8_t state;
    int8_t mode; /* mode of the timed phase in progress                  */
    int8_t locks_held;
    int8_t spin_lock; /* the lock it spins for, when state is CTX_SPIN        */
    int8_t wake;      /* a kernel phase found a thread to wake (OP_IF_NO_WAKE) */
    int8_t saved_prog;
    int8_t stall; /* the timed phase was a cache-line fetch: redo the phase */
    int16_t pc, saved_pc;
    int16_t cpu_lock;   /* the per-CPU lock (FAM_CPU) held                      */
    int32_t ctr;        /* a program's loop counter (OP_JZ_CTR, OP_DEC_CTR)      */
    int32_t job;        /* the job an interrupt or fork context serves, or -1   */
    int32_t sess;       /* the owner of the job in hand: its Job.thread when an
                                interrupt starts (a session, a stack); a kernel's to set */
    int32_t thread;     /* the process, for process contexts; else -1          */
    int32_t wakee;      /* the thread a kernel phase of this context will wake   */
    int64_t due;        /* end of the timed phase in progress                   */
    int64_t remaining;  /* of a timed phase cut by preemption                   */
    int64_t spin_start; /* when it began to spin (CTX_SPIN): the acquire record's arg */
} Ctx;

enum { LEVEL_IDLE = 0,
       LEVEL_PROCESS = 1,
       LEVEL_FORK = 2,
       LEVEL_INTERRUPT = 3 };

typedef struct Cpu {
    int8_t mode;
    int8_t spin_lock; /* lock charged for the SPIN time now running           */
    int8_t in_kctx;   /* the time being charged is kernel context (level >= 2) */
    int32_t proc;     /* process thread current on this CPU, or -1           */
    uint32_t gen;     /* bumped on preemption: stale phase events are ignored */
    int64_t mode_since;
    int64_t mode_ns[LAB_MODE_COUNT];
    int64_t kctx_ns; /* time in interrupts and fork threads, spinning included */
    Ctx isr, fork;
    JobList isr_q, fork_q;
    int32_t runq_head, runq_tail, runq_len; /* threads bound to this CPU            */
} Cpu;

enum ThreadState { T_READY,
                   T_RUNNING,
                   T_SLEEPING,
                   T_BLOCKED_READ,
                   T_WAIT_WORK,
                   T_LOCK_WAIT };

/* Room in every thread for its kernel's own per-thread fields (like an sk_buff's
 * control buffer): a kernel casts it to its struct, whose size it checks with
 * LAB_KSLOT_CHECK. It is zero when the run starts. */
#define LAB_KSLOT_BYTES 40
#define LAB_KSLOT_CHECK(type) typedef char lab_kslot_fits_##type[sizeof(type) <= LAB_KSLOT_BYTES ? 1 : -1]

typedef struct Thread {
    Ctx ctx;
    int8_t state;
    int8_t woken_for; /* 1 after a lock release woke it, until it tries again  */
    int16_t cpu, last_cpu;
    int16_t bound;     /* CPU it may only run on (hard affinity), or -1        */
    int8_t home_rad;   /* RAD whose CPUs alone may run it, or -1               */
    int16_t handed;    /* a blocking lock handed to it by a hand-off release, or -1 */
    int16_t lock_wait; /* the blocking lock it sleeps on (T_LOCK_WAIT), or -1  */
    int32_t next;      /* run queue or lock sleep queue link                   */
    int32_t msgs;      /* messages delivered to it and not yet read            */
    int32_t inflight;  /* messages it sent that are not yet answered           */
    JobList work;      /* jobs queued to this thread (messages, packets)        */
    int64_t txn_start;
    union {
        uint64_t align;
        unsigned char bytes[LAB_KSLOT_BYTES];
    } kslot;
} Thread;

/* ---- events (events.c) ------------------------------------------------------------ */
/* The engine's events; a kernel's own start at EV_KERNEL_BASE (its event hook). */
enum EvKind { EV_PHASE_DONE,
              EV_HANDOFF,
              EV_KICK,
              EV_FORK_ARRIVE,
              EV_WAKE,
              EV_WARMUP_END,
              EV_KERNEL_BASE = 16 };

typedef struct Event {
    int64_t t;
    uint32_t seq;
    uint16_t kind;
    int16_t cpu;
    int32_t a;
    uint32_t gen;
} Event;

void ev_push(lab_Sim *s, int64_t t, int kind, int cpu, int32_t a, uint32_t gen);

/* ---- request queues (request_queue.c) ---------------------------------------------- */
/* Posted delegation (model/mechanisms.c): requests (jobs) wait in a queue for one CPU's
 * fork thread, which takes them first come first served. A kernel that delegates so
 * declares its queues in its record (Kernel.queues), in its sources' words, and brings
 * the phases that use them: one that posts a request (engine_queue_post) and one, in
 * its server's program, that takes the next (engine_queue_next). The engine keeps the
 * jobs and the statistics, creates the server's fork thread when a request finds the
 * queue empty, and reports them. The schema's "queues" are every registered kernel's,
 * each name once, in the registry's order (lab_queue), and the report's "queues" and
 * the snapshot hold them all whatever the kernel, so their layout never depends on it:
 * a queue the running kernel does not declare stays empty. */
typedef struct QueueDesc {
    const char *name;       /* its name in the report, the schema and the snapshot   */
    const char *rate_key;   /* the report's key for the requests queued per second   */
    const char *rate_label; /* and that value's label (as a MetricDesc's)            */
    int prog;               /* the program its server's fork thread runs             */
    int job_kind;           /* the kind of the job that starts that fork thread: one
                              * of the kernel's own, used for nothing else            */
    /* The names of the two trace kinds every queue's requests make (LAB_TRACE_QUEUE_POST
     * and _TAKE, `object` the queue's index in the schema's list). The kinds are shared,
     * so the schema names them as the first of its queues that names them does (NULL:
     * this queue leaves them to others; "queue_post" and "queue_take" when none does). */
    const char *post_trace, *take_trace;
} QueueDesc;
#define LAB_MAX_QUEUES 4 /* the schema's: every registered kernel's together        */

typedef struct QueueStats {
    int32_t len, max_len;
    int64_t last_change;
    double area;    /* integral of length over time, ns                     */
    double wait_ns; /* total time requests waited before service            */
    uint64_t served, queued;
} QueueStats;

typedef struct RequestQueue {
    JobList jobs;
    QueueStats stats;
} RequestQueue;

/* ---- CPU roles (cpu_role.c) --------------------------------------------------------- */
/* A CPU a kernel gives a role of its own (the Scalable Kernel's designated TCP/IP CPU),
 * picked by one of its scenario fields, whose value -1 means the last CPU. A kernel
 * declares its roles in its record (Kernel.roles) and finds the CPU with
 * engine_role_cpu. As with the request queues, the schema's roles are every registered
 * kernel's, each name once, in the registry's order (lab_cpu_role), and every report
 * and snapshot holds them all whatever the kernel (a role's CPU is what its field says,
 * whether or not the running kernel declares it), so their layout never depends on it.
 * The report has, for each role NAME, after its "queues": NAME (the CPU), NAME_busy_pct
 * (the share of the window it spent in kernel context: interrupts and fork threads,
 * their spinning included: time it could not give to processes) and NAME_spin_pct (the
 * share it spent spinning, for any lock at any level); the snapshot's header a slot
 * NAME, after window_ns. */
typedef struct CpuRole {
    const char *name;  /* the report's key and the snapshot's slot              */
    int field;         /* the field (F_*) that picks the CPU; -1 there: the last */
    const char *label; /* the report's labels for its three values               */
    const char *busy_label, *spin_label;
} CpuRole;
#define LAB_MAX_ROLES 4 /* the schema's: every registered kernel's together        */

/* ---- the state in the arena ------------------------------------------------------ */

typedef struct State {
    uint32_t arena_bytes;
    uint32_t magic;
    double v[F_COUNT];      /* the scenario, so a checkpoint carries it             */
    uint32_t kstate_offset; /* where the kernel's slice starts in the arena          */
    Cost cost[C_COUNT];
    int ncpu, nthread, njob, heap_cap;
    int kernel, lock_kind, interrupt_cpu;
    int64_t c_transfer, message_bytes;
    int64_t now, end, warmup, stats_start;
    uint64_t events;
    uint32_t seq;
    int heap_n;
    int heap_root_taken; /* the root is the event being run: events.c, ev_take */
    uint32_t heap_full;  /* events refused for want of room (the run stopped: stall.c) */
    Rng rng;
    int nlock, affinity;
    Lock lock[LAB_MAX_LOCKS];
    Line line[LAB_MAX_LOCKS];
    int32_t job_free; /* free list of jobs                                    */
    int32_t jobs_in_use, job_reserve;
    /* The request queues (request_queue.c), at their index in the schema's list
     * (lab_queue): nqueue of them; the running kernel's q-th is queue[queue_at[q]]. */
    int nqueue;
    int8_t queue_at[LAB_MAX_QUEUES];
    RequestQueue queue[LAB_MAX_QUEUES];
    /* The CPU roles (cpu_role.c), at their index in the schema's list (lab_cpu_role):
     * nrole of them, each its CPU; the running kernel's r-th is role_cpu[role_at[r]]. */
    int nrole;
    int8_t role_at[LAB_MAX_ROLES];
    int16_t role_cpu[LAB_MAX_ROLES];
    int32_t runq_head, runq_tail, runq_len;
    /* counters over the measurement window, in the sources' words */
    uint64_t tx_packets, rx_packets, buffered_io, txns, forks_created, dropped_rx;
    double txn_time_ns;
    uint64_t dispatches, posts;
    double runq_area; /* integral of runnable-but-waiting threads over time    */
    int64_t runq_last;
    int32_t runq_total;
    /* the machine's resource affinity domains (machine.c) */
    int rads;
    int64_t c_remote; /* cache-line transfer between RADs                     */
    int8_t rad_of[LAB_MAX_CPUS];
    int32_t radq_head[LAB_MAX_RADS], radq_tail[LAB_MAX_RADS], radq_len[LAB_MAX_RADS];
    double traffic[LAB_MAX_RADS][LAB_MAX_RADS]; /* bytes: [RAD of the data][RAD of the CPU] */
    int fair_after;                             /* LOCK_FAIR: spinners that mean high contention         */
    int watched_lock;                           /* the lock whose wins are counted per CPU, or -1        */
    uint64_t wins[LAB_MAX_CPUS];
    int64_t spin_since[LAB_MAX_CPUS]; /* when the CPU began to want a spinlock, or -1 */
    double win_spin_ns[LAB_MAX_CPUS]; /* spinning that led to those wins            */
    /* A run that cannot go on (model/stall.c): what the engine found, 0 while it goes
     * on. In the arena, so restoring an earlier checkpoint takes it back. */
    int32_t stall, stall_cpu, stall_lock, stall_other, stall_thread, stall_level;
    int64_t stall_at;
    int64_t stall_probe_t; /* the next event's time when events was last a multiple
                              * of LAB_STALL_EVENTS (engine_step)                     */
} State;

/* The running kernel's slice of the arena (Kernel.state_size bytes, zeroed at start). */
static inline void *lab_kstate(const State *st) { return (char *)st + st->kstate_offset; }

/* ---- the report's shape ---------------------------------------------------------------- */
/* One value of the report (lab_sim_report_json), described where it is written, so
 * the schema (lab_schema_json "report") tells TypeScript the report's whole shape.
 *   path   dotted, from the report's top; "[]" for each element of an array;
 *          "{a|b|c}" for each key of an object keyed by names ("{modes}": the CPU modes)
 *   type   "number", "integer", "boolean", "string", a type with "|null" when it may be
 *          null, or the names a string may take ("pingpong|udp_send")
 *   unit   what the number counts ("%", "ns", "/s", "bytes"...; "" for none)
 *   better 1 when more is better for the system, -1 when less is, 0 when neither
 *   label  a short name in the sources' words */
typedef struct MetricDesc {
    const char *path, *type, *unit;
    int better;
    const char *label;
} MetricDesc;
#define LAB_MAX_METRIC_TABLES 3

/* ---- mechanisms --------------------------------------------------------------------- */
/* One mechanism of the model, defined once, beside the code that implements it (the
 * engine's in model/mechanisms.c, a kernel's in its own folder), with the real systems
 * that used it. lab_schema_json lists them all; scripts/gen-mechanisms.mjs writes
 * docs/mechanisms.md from that list, with the presets and lessons that use each.
 *   id       a stable name, lower-case words joined by hyphens; no two share one
 *   name     what the lessons and views call it; no two share one
 *   when     which scenarios use it: clauses joined by "; ", each "kernels: conditions"
 *            (kernels joined by ",", conditions "path=value" joined by ", ", a value
 *            may be "a|b"), or "kernels" alone (every scenario of those kernels). NULL
 *            for the engine's: the kernels that use one say so (Kernel.uses), and the
 *            schema writes its `when` from that
 *   does     what it does in the model, in a sentence or two
 *   systems  the real systems that used it, each with its citation (a seed by number,
 *            a paper, or documented behaviour), or that it is the model's own choice
 * The words (does, systems) are compiled only with LAB_FIELD_DOCS, as the fields' docs
 * are (the wasm's schema has "" for them). */
#ifdef LAB_FIELD_DOCS
#define MDOC(text) text
#else
#define MDOC(text) ""
#endif
typedef struct Mechanism {
    const char *id, *name, *when, *does, *systems;
} Mechanism;
#define LAB_MAX_MECHANISM_TABLES 3
extern const Mechanism LAB_ENGINE_MECHANISMS[]; /* model/mechanisms.c, { NULL }-ended */
/* A kernel's use of one of the engine's mechanisms (Kernel.uses): its id, and the
 * conditions under which the kernel uses it ("path=value" joined by ", "; "" for every
 * scenario of the kernel). The schema's `when` of an engine mechanism is these uses in
 * the registry's order, one clause per conditions, naming every kernel that has them. */
typedef struct MechanismUse {
    const char *id, *when;
} MechanismUse;

/* ---- a kernel ----------------------------------------------------------------------- */
/* What the registry knows of a kernel. Every hook but exec/event/lock_of may be NULL. */
typedef struct Kernel {
    const char *name;            /* kernel.kind's name for it            */
    Program prog[LAB_MAX_PROGS]; /* only the programs it runs (build may add) */
    int nlock;
    const char *const *lock_names;
    size_t state_size; /* bytes of its slice of the arena       */
    /* Threads, jobs (packets, mbufs) and pending events beyond one per thread that a
     * scenario needs; NULL: workload.processes threads and room for device jobs. */
    void (*size)(const double *v, int *nthread, int *njob, int *events);
    /* Checks the fields together, after the engine's own checks; LAB_OK or a status
     * with sc->error written (scenario_fail). */
    int (*check)(lab_Scenario *sc);
    /* Sets up its slice, threads, locks and programs (s->prog) from the scenario. */
    int (*build)(lab_Sim *s);
    /* After every thread is made ready: its first events (devices, generators). */
    void (*start)(lab_Sim *s);
    /* At the end of the warm-up: zeroes its counters over the measurement window. */
    void (*reset)(lab_Sim *s);
    /* One of its phases (op >= OP_KERNEL_BASE): > 0 a timed phase of that many ns in
     * *mode; 0 it moved the pc on (or jumped); < 0 it stopped the context (blocked,
     * spinning or awaiting: the engine finds out which). */
    int64_t (*exec)(lab_Sim *s, int cpu, Ctx *x, const Phase *ph, int level, int *mode);
    /* One of its events (kind >= EV_KERNEL_BASE). */
    void (*event)(lab_Sim *s, const Event *e);
    /* The lock of a family >= FAM_KERNEL_BASE that an OP_ACQ / OP_REL names. */
    int (*lock_of)(const lab_Sim *s, const Ctx *x, const Phase *ph, int cpu);
    /* 1 when its opcode takes a jump target in b (program checks). */
    int (*jumps)(int op);
    /* Its report figures, written after the report's lock totals. */
    void (*report)(lab_Sim *s, JsonW *w, double secs);
    /* What report writes: tables ending in a { NULL } entry (NULL: no more tables). */
    const MetricDesc *metrics[LAB_MAX_METRIC_TABLES];
    int report_rads; /* the RAD section even with one RAD    */
    /* Its own mechanisms: tables ending in a { NULL } entry (a family's shared table
     * may be named by several kernels; the engine's are listed once, not here). */
    const Mechanism *mechanisms[LAB_MAX_MECHANISM_TABLES];
    /* Its request queues, ending in a { NULL } entry (NULL: none); its phases name
     * one by its index here. */
    const QueueDesc *queues;
    /* Its CPU roles, ending in a { NULL } entry (NULL: none); it names one by its index
     * here (engine_role_cpu). */
    const CpuRole *roles;
    /* The engine's mechanisms it uses: tables ending in a { NULL } entry (a family's
     * shared table may be named by several kernels). */
    const MechanismUse *uses[LAB_MAX_MECHANISM_TABLES];
} Kernel;

/* kernels/registry.c: the kernel of kernel.kind k (NULL out of range). */
const Kernel *lab_kernel(int kind);

/* ---- the engine's services to kernels -------------------------------------------- */
struct lab_Sim {
    State *st; /* the arena starts here                                */
    Cpu *cpu;
    Thread *thr;
    Job *job;
    Event *heap;
    const Kernel *kernel;
    Program prog[LAB_MAX_PROGS]; /* the kernel's programs; built ones live in code  */
    Phase *code;
    lab_TraceRecord *trace; /* the ring is not part of the arena or a checkpoint    */
    int trace_cap, trace_head, trace_len;
    double trace_dropped;
    char *report;
    int report_cap;
    char error[LAB_MSG_LEN]; /* lab_sim_error's words (model/stall.c)                */
};

/* A trace record, when the run keeps a trace (the page's, not a sweep's or the bench's):
 * the test inline, so a run without one pays a load and a branch. */
void trace_record(lab_Sim *s, int kind, int cpu, int thread, int object, double arg);
static inline void trace_emit(lab_Sim *s, int kind, int cpu, int thread, int object, double arg)
{
    if (s->trace_cap) trace_record(s, kind, cpu, thread, object, arg);
}
void make_ready(lab_Sim *s, int t);
/* The running process on cpu blocks in state (T_*); why is the trace's reason. */
void engine_block(lab_Sim *s, int cpu, int state, int why);
void engine_raise_interrupt(lab_Sim *s, int cpu, int job);         /* from events only   */
void engine_kick(lab_Sim *s, int cpu);                             /* from events only   */
int engine_job_alloc(lab_Sim *s, int kind, int thread, int flags); /* -1: none free */
void engine_job_free(lab_Sim *s, int job);
int engine_jobs_free(const State *st);
void engine_list_push(lab_Sim *s, JobList *q, int job);
int engine_list_pop(lab_Sim *s, JobList *q);
/* request_queue.c. q is the running kernel's queue (its index in Kernel.queues).
 * engine_queue_post: cpu puts the request job on queue q for a fork thread on server;
 * when the queue was empty it creates that thread (the pool always keeps room for its
 * job), at once on its own CPU, else after an interprocessor interrupt. */
void engine_queue_post(lab_Sim *s, int q, int cpu, int server, int job);
/* In the server's program: frees the job x served (if any) and makes the next request
 * of queue q its job; 0 when the queue is empty. */
int engine_queue_next(lab_Sim *s, int q, int cpu, Ctx *x);
/* The schema's u-th queue (from 0; NULL after the last). */
const QueueDesc *lab_queue(int u);
/* cpu_role.c. The CPU of the running kernel's role r (its index in Kernel.roles). */
static inline int engine_role_cpu(const State *st, int r) { return st->role_cpu[st->role_at[r]]; }
/* The schema's u-th CPU role (from 0; NULL after the last). */
const CpuRole *lab_cpu_role(int u);
/* The mode a context's kernel work is charged to, by its level. */
int engine_kernel_mode(int level);

/* spinlock.c, blocking_lock.c, cache_line.c */
const char *lock_name(const lab_Sim *s, int lock);
int64_t lock_held_ns(const State *st, int lock);     /* over the window, the current hold included */
int lock_try_acquire(lab_Sim *s, int lock, int cpu); /* 1 granted now, 0 spinning */
void lock_release(lab_Sim *s, int lock, int cpu);
/* lockl()-style locks held by threads */
int blocking_try_acquire(lab_Sim *s, int lock, int cpu, int thread); /* 1 held, 0 must sleep */
int64_t blocking_release(lab_Sim *s, int lock, int cpu, int thread); /* the releaser's wake-up work, ns */

/* machine.c: the machine's resource affinity domains */
static inline int rad_of(const State *st, int cpu) { return st->rad_of[cpu]; }
/* One cache line moves from one CPU's cache to another's: counted, and its cost returned. */
int64_t rad_move_line(State *st, int from_cpu, int to_cpu, int home);
int64_t rad_copy_ns(State *st, int data_rad, int cpu, double bytes); /* counted too */
double jain_index(const double *x, int n);

#endif
