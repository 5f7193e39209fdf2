/*
 * stall.c -- a run that cannot go on: found by the engine, said in words.
 *
 * A simulation can reach a state from which nothing will change again, or in which
 * the clock can no longer move. Left alone, the first is reported as if it were a
 * result (a CPU 100% spinning, nothing sent) and the second never returns. The engine
 * looks for both where they begin, and pays only there:
 *  - a CPU begins to spin for a spinlock (engine.c, OP_ACQ): the lock is held by that
 *    CPU itself, or being handed to it (a context it preempted has it, and cannot run
 *    before the spinner is done); or the holders, followed through the CPUs that are
 *    themselves spinning, lead back to it: a deadlock;
 *  - a thread goes to sleep while its CPU holds a spinlock (a spinlock belongs to its
 *    CPU: any other context there that wants it would spin forever, and the thread may
 *    wake on another CPU);
 *  - a thread goes to sleep on a blocking lock whose owner sleeps on one whose owner
 *    ... is that thread: a deadlock of sleepers;
 *  - a context ends holding locks;
 *  - a CPU runs LAB_STALL_PHASES phases in one go, or LAB_STALL_EVENTS events run at
 *    one nanosecond (engine_step compares the clock once in so many events): nothing
 *    on that path takes time;
 *  - nothing is left to happen before the end, and a CPU still spins;
 *  - the event heap is full of events still due (events.c drops the stale ones first);
 *  - a spinlock is handed to a CPU where nothing spins for it any more.
 * Each is a certainty, not a guess from a timeout, so contention however heavy never
 * trips one. The first found is kept in the arena (State.stall: a checkpoint carries
 * it, restoring an earlier one takes it back) and the engine runs nothing more.
 */
#include "model.h"

/* The context a CPU runs now (the highest level active), its level, or NULL when idle. */
static const Ctx *top_ctx(const lab_Sim *s, int cpu, int *level)
{
    const Cpu *c = &s->cpu[cpu];
    if (c->isr.prog >= 0) {
        *level = LEVEL_INTERRUPT;
        return &c->isr;
    }
    if (c->fork.prog >= 0) {
        *level = LEVEL_FORK;
        return &c->fork;
    }
    if (c->proc >= 0) {
        *level = LEVEL_PROCESS;
        return &s->thr[c->proc].ctx;
    }
    *level = LEVEL_IDLE;
    return NULL;
}

void stall_record(lab_Sim *s, int kind, int cpu, int lock, int other, int thread, int level)
{
    State *st = s->st;
    if (st->stall) return; /* the first one found is the cause */
    st->stall = kind;
    st->stall_cpu = cpu;
    st->stall_lock = lock;
    st->stall_other = other;
    st->stall_thread = thread;
    st->stall_level = level;
    st->stall_at = st->now;
}

int stall_spinlock_held(const lab_Sim *s, int cpu)
{
    const State *st = s->st;
    int i;
    for (i = 0; i < st->nlock; i++)
        if (st->lock[i].kind == LK_SPIN && st->lock[i].holder == cpu) return i;
    return -1;
}

void stall_check_spin(lab_Sim *s, int cpu, int lock)
{
    const State *st = s->st;
    int lk = lock, n, level;
    for (n = 0; n < st->ncpu; n++) {
        int h = st->lock[lk].holder;
        const Ctx *x;
        if (h < 0) return; /* free, or being handed over: it will move */
        if (h == cpu) {
            const Ctx *me = top_ctx(s, cpu, &level);
            stall_record(s, STALL_SPIN_CYCLE, cpu, lock, -1, me ? me->thread : -1, level);
            return;
        }
        x = top_ctx(s, h, &level);
        if (!x || x->state != CTX_SPIN) return; /* the holder runs: it will let go */
        lk = x->spin_lock;
    }
}

void stall_check_sleep(lab_Sim *s, int lock, int thread)
{
    const State *st = s->st;
    int lk = lock, n;
    for (n = 0; n <= st->nthread; n++) {
        int o = st->lock[lk].owner;
        if (o < 0) return; /* free: a wake-up will come */
        if (o == thread) {
            stall_record(s, STALL_SLEEP_CYCLE, s->thr[thread].cpu, lock, -1, thread, LEVEL_PROCESS);
            return;
        }
        if (s->thr[o].state != T_LOCK_WAIT || s->thr[o].lock_wait < 0) return; /* the owner runs, or will */
        lk = s->thr[o].lock_wait;
    }
}

void stall_check_frozen(lab_Sim *s)
{
    const State *st = s->st;
    int cpu, level;
    for (cpu = 0; cpu < st->ncpu; cpu++) {
        const Ctx *x = top_ctx(s, cpu, &level);
        if (x && x->state == CTX_SPIN) {
            stall_record(s, STALL_FROZEN, cpu, x->spin_lock, st->lock[(int)x->spin_lock].holder, x->thread, level);
            return;
        }
    }
}

/* ---- the words ------------------------------------------------------------------- */

typedef struct Words {
    char *buf;
    int cap, len;
} Words;

/* The words are written once, when a run stops: kept out of line (the compiler would
 * otherwise copy w_str's loop into each of its eighty calls, 15 KB of wasm). */
#define COLD LAB_COLD

COLD static void w_str(Words *w, const char *s)
{
    while (*s && w->len < w->cap - 1) w->buf[w->len++] = *s++;
    w->buf[w->len] = '\0';
}

COLD static void w_int(Words *w, int64_t v)
{
    char tmp[32];
    JsonW j;
    j.buf = tmp;
    j.cap = sizeof tmp;
    j.len = 0;
    j.last = 0;
    jw_int(&j, v);
    w_str(w, tmp);
}

/* "thread 3 on CPU 1", "an interrupt on CPU 1", "a fork thread on CPU 1" */
COLD static void w_ctx(Words *w, int cpu, int level, int thread)
{
    if (level == LEVEL_INTERRUPT) w_str(w, "an interrupt");
    else if (level == LEVEL_FORK) w_str(w, "a fork thread");
    else {
        w_str(w, "thread ");
        w_int(w, thread);
    }
    w_str(w, " on CPU ");
    w_int(w, cpu);
}

COLD static void w_lock(Words *w, const lab_Sim *s, int lock)
{
    w_str(w, "spinlock ");
    w_str(w, lock >= 0 && lock < s->st->nlock ? lock_name(s, lock) : "?");
}

/* Which of CPU cpu's contexts below the spinner (at level) holds the lock it wants. */
COLD static void w_self_holder(Words *w, const lab_Sim *s, int cpu, int level, int lock)
{
    const Cpu *c = &s->cpu[cpu];
    const Lock *l = &s->st->lock[lock];
    if (l->reserved == cpu && l->holder < 0) {
        w_str(w, "it is being handed to ");
        if (level == LEVEL_INTERRUPT && c->fork.prog >= 0 && c->fork.state == CTX_SPIN) w_str(w, "the fork thread");
        else if (c->proc >= 0) {
            w_str(w, "thread ");
            w_int(w, c->proc);
        } else w_str(w, "another context");
        w_str(w, " of the same CPU, which this one preempted");
        return;
    }
    if (level == LEVEL_INTERRUPT && c->fork.prog >= 0 && c->fork.locks_held > 0)
        w_str(w, "the fork thread it preempted holds it");
    else if (level > LEVEL_PROCESS && c->proc >= 0 && s->thr[c->proc].ctx.locks_held > 0) {
        w_str(w, "thread ");
        w_int(w, c->proc);
        w_str(w, ", which it preempted, holds it");
    } else if (level == LEVEL_INTERRUPT ? c->isr.locks_held > 0
               : level == LEVEL_FORK    ? c->fork.locks_held > 0
                                        : c->proc >= 0 && s->thr[c->proc].ctx.locks_held > 0)
        w_str(w, "it holds it already and asks again");
    else
        w_str(w, "no context there holds it any more: it was left held");
}

static const char *sleep_words(int state)
{
    switch (state) {
    case T_SLEEPING: return "went to sleep";
    case T_BLOCKED_READ: return "went to wait for a message";
    case T_WAIT_WORK: return "went to wait for work (or for room to send)";
    case T_LOCK_WAIT: return "went to sleep for a blocking lock";
    default: return "stopped running";
    }
}

static const char *const MODEL_BUG = " This is a bug in the model, not in the scenario.";

void stall_message(const lab_Sim *s, char *buf, int cap)
{
    const State *st = s->st;
    Words w;
    int cpu = st->stall_cpu, lock = st->stall_lock;
    w.buf = buf;
    w.cap = cap;
    w.len = 0;
    if (cap <= 0) return;
    buf[0] = '\0';
    if (!st->stall) return;
    w_str(&w, "The run cannot go on (at ");
    w_int(&w, st->stall_at);
    w_str(&w, " ns): ");
    switch (st->stall) {
    case STALL_SPIN_SELF:
        w_ctx(&w, cpu, st->stall_level, st->stall_thread);
        w_str(&w, " wants ");
        w_lock(&w, s, lock);
        w_str(&w, ", which its own CPU holds: ");
        w_self_holder(&w, s, cpu, st->stall_level, lock);
        w_str(&w, ". A spinlock belongs to its CPU, so CPU ");
        w_int(&w, cpu);
        w_str(&w, " would spin for it forever.");
        w_str(&w, MODEL_BUG);
        break;
    case STALL_SPIN_CYCLE: {
        /* the ring, from the CPU that closed it */
        int c = cpu, lk = lock, n, level;
        w_str(&w, "a deadlock: ");
        for (n = 0; n < st->ncpu; n++) {
            const Ctx *x = top_ctx(s, c, &level);
            int h = st->lock[lk].holder;
            if (n) w_str(&w, "; ");
            w_ctx(&w, c, level, x ? x->thread : -1);
            w_str(&w, " spins for ");
            w_lock(&w, s, lk);
            w_str(&w, ", held by CPU ");
            w_int(&w, h);
            if (h == cpu || h < 0) break;
            x = top_ctx(s, h, &level);
            if (!x || x->state != CTX_SPIN) break;
            c = h;
            lk = x->spin_lock;
        }
        w_str(&w, ". Each waits for the next, around the ring, forever.");
        w_str(&w, MODEL_BUG);
        break;
    }
    case STALL_SLEEP_HOLDING:
        w_str(&w, "thread ");
        w_int(&w, st->stall_thread);
        w_str(&w, " ");
        w_str(&w, sleep_words(st->stall_other));
        w_str(&w, " on CPU ");
        w_int(&w, cpu);
        w_str(&w, " holding ");
        w_lock(&w, s, lock);
        w_str(&w, ". A spinlock belongs to its CPU: whatever else runs there and wants it "
                  "would spin forever, and nothing releases it while the thread is away.");
        w_str(&w, MODEL_BUG);
        break;
    case STALL_END_HOLDING:
        w_ctx(&w, cpu, st->stall_level, st->stall_thread);
        w_str(&w, " finished its program still holding ");
        w_int(&w, st->stall_other);
        w_str(&w, st->stall_other == 1 ? " lock" : " locks");
        if (lock >= 0) {
            w_str(&w, " (");
            w_lock(&w, s, lock);
            w_str(&w, " among them)");
        }
        w_str(&w, "; nothing will ever release them.");
        w_str(&w, MODEL_BUG);
        break;
    case STALL_PHASES:
        w_ctx(&w, cpu, st->stall_level, st->stall_thread);
        w_str(&w, " ran ");
        w_int(&w, LAB_STALL_PHASES);
        w_str(&w, " steps of its program \"");
        w_str(&w, st->stall_other >= 0 && st->stall_other < LAB_MAX_PROGS && s->prog[st->stall_other].name
                      ? s->prog[st->stall_other].name
                      : "?");
        w_str(&w, "\" without the simulated clock moving: every step of its loop takes 0 ns, so the run "
                  "would never reach its end. Give the work it repeats a cost above 0 ns (a cost's mean_ns, "
                  "or workload.think.mean_ns).");
        break;
    case STALL_EVENTS:
        w_int(&w, LAB_STALL_EVENTS);
        w_str(&w, " events in a row happened at this one nanosecond (the last for CPU ");
        w_int(&w, cpu);
        w_str(&w, "): the run goes round without the simulated clock moving, so it would never reach "
                  "its end. Some cost on that path must be above 0 ns.");
        break;
    case STALL_FROZEN:
        w_str(&w, "nothing is left to happen before the end (");
        w_int(&w, st->end);
        w_str(&w, " ns), and ");
        w_ctx(&w, cpu, st->stall_level, st->stall_thread);
        w_str(&w, " still spins for ");
        w_lock(&w, s, lock);
        if (st->stall_other >= 0) {
            w_str(&w, ", held by CPU ");
            w_int(&w, st->stall_other);
        } else w_str(&w, ", which nobody will hand over");
        w_str(&w, ". It would spin until the end, and the report would count that as a result.");
        w_str(&w, MODEL_BUG);
        break;
    case STALL_SLEEP_CYCLE: {
        int t = st->stall_thread, lk = lock, n;
        w_str(&w, "a deadlock: ");
        for (n = 0; n <= st->nthread; n++) {
            int o = st->lock[lk].owner;
            if (n) w_str(&w, "; ");
            w_str(&w, "thread ");
            w_int(&w, t);
            w_str(&w, " sleeps for blocking lock ");
            w_str(&w, lock_name(s, lk));
            w_str(&w, ", owned by thread ");
            w_int(&w, o);
            if (o < 0 || o == st->stall_thread || s->thr[o].lock_wait < 0) break;
            t = o;
            lk = s->thr[o].lock_wait;
        }
        w_str(&w, ". Each waits for the next, around the ring, forever.");
        w_str(&w, MODEL_BUG);
        break;
    }
    case STALL_HANDOFF_LOST:
        w_lock(&w, s, lock);
        w_str(&w, " was handed to CPU ");
        w_int(&w, cpu);
        w_str(&w, ", where no context spins for it any more: it would stay held forever.");
        w_str(&w, MODEL_BUG);
        break;
    case STALL_HEAP_FULL:
        w_str(&w, "more events were pending than the scenario's size gave room for (");
        w_int(&w, st->heap_cap);
        w_str(&w, "), every one of them still due. A bug in the model's sizing (the kernel's size hook), "
                  "not in the scenario.");
        break;
    default:
        w_str(&w, "the engine stopped it.");
    }
}

const char *lab_sim_error(lab_Sim *s)
{
    if (!s) return "";
    stall_message(s, s->error, (int)sizeof s->error);
    return s->error;
}
