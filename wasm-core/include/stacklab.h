/*
 * stacklab.h -- the one public header of the StackLab simulation core.
 *
 * The core is a discrete-event simulator of simulated CPUs running network-stack
 * kernels taken from real systems (first the OpenVMS TCP/IP classic kernel and its
 * Scalable Kernel). It is plain C99 with no global state: every simulation lives in
 * one handle, and a checkpoint is a byte copy of that handle's arena.
 *
 * The boundary is built for WebAssembly without JavaScript glue: only int, double and
 * pointers cross it. Times cross as doubles holding whole nanoseconds (exact up to
 * 2^53 ns, about 104 days). Everything JavaScript must know about layouts (scenario
 * fields, CPU modes, trace records, snapshot layout) comes from lab_schema_json(), so
 * TypeScript never hard-codes an offset.
 *
 * Status codes are returned, never thrown; lab_status_message() turns one into words,
 * and lab_scenario_error() names the field, the value and the allowed range.
 */
#ifndef STACKLAB_H
#define STACKLAB_H

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__EMSCRIPTEN__)
#include <emscripten/emscripten.h>
#define LAB_API EMSCRIPTEN_KEEPALIVE
#else
#define LAB_API
#endif

/* ---- status codes ------------------------------------------------------------- */
enum {
    LAB_OK = 0,
    LAB_ERR_UNKNOWN_FIELD = 1, /* no scenario field has that path or index          */
    LAB_ERR_RANGE = 2,         /* a value outside the field's allowed range          */
    LAB_ERR_BAD_VALUE = 3,     /* not a number, not whole, or not one of the names   */
    LAB_ERR_INCONSISTENT = 4,  /* fields fine alone but not together                 */
    LAB_ERR_NOMEM = 5,         /* the allocator said no                              */
    LAB_ERR_CHECKPOINT = 6,    /* a checkpoint of another size or scenario           */
    LAB_ERR_BUFFER = 7,        /* a caller's buffer is too small                     */
    LAB_STATUS_COUNT = 8
};

LAB_API const char *lab_status_message(int status);

/* ---- CPU modes (every simulated nanosecond of every CPU is in exactly one) ------ */
enum {
    LAB_MODE_USER = 0,      /* application code                                      */
    LAB_MODE_KERNEL = 1,    /* kernel in process context (system calls, the cradle)  */
    LAB_MODE_FORK = 2,      /* kernel context: IPL 8 fork threads                    */
    LAB_MODE_SPIN = 3,      /* MP synchronization: spinning for a spinlock           */
    LAB_MODE_INTERRUPT = 4, /* device interrupt service                              */
    LAB_MODE_CSWITCH = 5,   /* context switch                                        */
    LAB_MODE_IDLE = 6,
    LAB_MODE_COUNT = 7
};

/* ---- the schema: every layout JavaScript needs, as JSON ------------------------ */
/* Writes the schema (scenario fields with path, type, unit, range, default, names and
 * a plain-words description; modes; locks; queues; trace record layout and kinds;
 * snapshot layout; status messages) into buf. Returns the length the whole text needs
 * (without the NUL); when that is >= cap the text was cut and must be asked again. */
LAB_API int lab_schema_json(char *buf, int cap);

/* ---- scenarios ---------------------------------------------------------------- */
typedef struct lab_Scenario lab_Scenario;

LAB_API lab_Scenario *lab_scenario_new(void); /* every field at its default */
LAB_API void lab_scenario_free(lab_Scenario *sc);
LAB_API int lab_scenario_field_count(void);
/* Index of the field with that dotted path ("machine.cpus"), or -1. */
LAB_API int lab_scenario_field_index(const char *path);
/* Set a field by index. Enum fields take the index of the name in the schema. The
 * value is range-checked; on failure the scenario keeps its old value and
 * lab_scenario_error() says what was wrong. */
LAB_API int lab_scenario_set(lab_Scenario *sc, int field, double value);
/* Set a field by dotted path from text: a number, or a name for enum fields. */
LAB_API int lab_scenario_set_text(lab_Scenario *sc, const char *path, const char *text);
LAB_API double lab_scenario_get(const lab_Scenario *sc, int field);
/* Checks the fields together (for example designated_cpu < cpus). */
LAB_API int lab_scenario_validate(lab_Scenario *sc);
/* The message of the last failed set or validate, or "" when there was none. */
LAB_API const char *lab_scenario_error(const lab_Scenario *sc);

/* ---- simulations -------------------------------------------------------------- */
typedef struct lab_Sim lab_Sim;

/* Validates the scenario again (never trusting the caller) and builds a simulation at
 * time 0. On failure returns NULL and stores the status in *status (may be NULL);
 * lab_scenario_error(sc) then says why. */
LAB_API lab_Sim *lab_sim_new(lab_Scenario *sc, int *status);
LAB_API void lab_sim_free(lab_Sim *sim);

/* Runs events up to and including simulated time t_ns (but never past the scenario's
 * duration; NaN or a negative time runs nothing). Returns the number of events processed. */
LAB_API double lab_sim_run_until(lab_Sim *sim, double t_ns);
/* Runs the next n events (a step of one event is n = 1). Returns how many ran. */
LAB_API int lab_sim_step(lab_Sim *sim, int n);
LAB_API double lab_sim_now(const lab_Sim *sim);
LAB_API double lab_sim_events(const lab_Sim *sim);
LAB_API int lab_sim_done(const lab_Sim *sim); /* 1 once the duration is reached, or the run stalled */
/* Why the run cannot go on, in words (which CPU, which lock, who holds it, what it
 * waits for), or "" while it can. A run that cannot progress (a deadlock between
 * spinning CPUs, a thread asleep holding a spinlock, a loop that takes no simulated
 * time) stops where it was found: run_until and step run nothing more, done is 1,
 * and the report's "error" says the same. The text is owned by the handle. */
LAB_API const char *lab_sim_error(lab_Sim *sim);

/* The metrics report as JSON (see docs/metrics.md), written into a buffer the handle
 * owns; valid until the next call on this handle. */
LAB_API const char *lab_sim_report_json(lab_Sim *sim);

/* A snapshot for the views: doubles in the layout the schema's "snapshot" names.
 * Returns the number of doubles the snapshot needs (copying at most cap). */
LAB_API int lab_sim_snapshot(const lab_Sim *sim, double *out, int cap);

/* ---- trace -------------------------------------------------------------------- */
/* A bounded ring of fixed-size records (layout in the schema). Records are taken
 * oldest first; when the ring is full new records are dropped and counted. */
typedef struct lab_TraceRecord {
    double t_ns;   /* simulated time                                        */
    int kind;      /* LAB_TRACE_*                                           */
    int cpu;       /* CPU, or -1                                            */
    int thread;    /* thread (process) index, or -1                         */
    int object;    /* lock, queue or mode, by kind                          */
    double arg;    /* kind-specific argument                                */
} lab_TraceRecord; /* 32 bytes */

enum {
    LAB_TRACE_MODE = 0,        /* cpu enters mode `object`; thread is who runs       */
    LAB_TRACE_SPIN = 1,        /* cpu starts spinning for lock `object`; arg = waiters ahead */
    LAB_TRACE_ACQUIRE = 2,     /* cpu acquires lock `object`; arg = ns spent spinning */
    LAB_TRACE_RELEASE = 3,     /* cpu releases lock `object`; arg = ns held          */
    LAB_TRACE_QUEUE_POST = 4,  /* a request joins queue `object`; arg = length after */
    LAB_TRACE_QUEUE_TAKE = 5,  /* cpu's server takes a request of queue `object`; arg = ns it waited */
    LAB_TRACE_FORK_CREATE = 6, /* a fork thread is created on cpu                    */
    LAB_TRACE_INTERRUPT = 7,   /* a device interrupt is taken on cpu; arg = kind     */
    LAB_TRACE_BLOCK = 8,       /* thread blocks (arg 0 think, 1 read)                */
    LAB_TRACE_WAKE = 9,        /* thread becomes ready                               */
    LAB_TRACE_DISPATCH = 10,   /* thread starts running on cpu                       */
    LAB_TRACE_TRANSMIT = 11,   /* thread's write sends arg packets                   */
    LAB_TRACE_TXN_DONE = 12,   /* thread completes a transaction (object 1: the measured SNA transfer, arg = ns) */
    LAB_TRACE_LOCK_SLEEP = 13, /* thread misses blocking lock `object` and sleeps; arg = sleepers ahead */
    LAB_TRACE_LOCK_WAKE = 14,  /* a release of blocking lock `object` wakes arg threads */
    LAB_TRACE_FUTILE = 15,     /* thread woken for lock `object` finds it taken again */
    LAB_TRACE_LINE = 16,       /* line `object` moves to cpu's cache; arg = CPU it left */
    LAB_TRACE_POST = 17,       /* thread is et_posted; arg 1 when that woke it       */
    LAB_TRACE_KIND_COUNT = 18
};

/* Copies up to max records out (oldest first). Returns how many were copied. */
LAB_API int lab_trace_read(lab_Sim *sim, lab_TraceRecord *out, int max);
LAB_API double lab_trace_dropped(const lab_Sim *sim);
LAB_API int lab_trace_pending(const lab_Sim *sim);

/* ---- checkpoint and restore --------------------------------------------------- */
/* A checkpoint is the whole simulation state (not the trace ring) as bytes. It can be
 * restored into any handle built from the same scenario. */
LAB_API int lab_sim_checkpoint_size(const lab_Sim *sim);
/* Both return a status: LAB_OK, LAB_ERR_BUFFER (cap below the size) or
 * LAB_ERR_CHECKPOINT (another scenario, another size, or damaged). */
LAB_API int lab_sim_checkpoint(const lab_Sim *sim, void *buf, int cap);
LAB_API int lab_sim_restore(lab_Sim *sim, const void *buf, int size);

/* ---- memory for callers across the wasm boundary ------------------------------ */
LAB_API void *lab_alloc(int bytes);
LAB_API void lab_free(void *p);

#ifdef __cplusplus
}
#endif
#endif /* STACKLAB_H */
