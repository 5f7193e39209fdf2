/*
 * engine.c -- simulated CPUs running programs of phases.
 *
 * A CPU runs contexts at three levels (kernel_api.h): a process, an IPL 8 fork thread,
 * an interrupt. exec() interprets the running context's phases until one takes time
 * (an event is scheduled for its end), spins for a lock (the lock hands it over with
 * an event), blocks, or ends; then the CPU picks what runs next, in priority order:
 * pending interrupts, pending fork threads (unless the process is at IPL 8, holding or
 * spinning for a spinlock), the current process, the run queue, idle.
 *
 * Preemption suspends a timed phase and keeps what is left of it; resuming schedules
 * the rest. Stale phase events are recognised by the CPU's generation number.
 */
#include <assert.h>
#include "model.h"

/* ---- trace and modes -------------------------------------------------------------- */

void trace_record(lab_Sim *s, int kind, int cpu, int thread, int object, double arg)
{
    lab_TraceRecord *r;
    if (s->trace_len == s->trace_cap) {
        s->trace_dropped += 1;
        return;
    }
    r = &s->trace[(s->trace_head + s->trace_len) % s->trace_cap];
    s->trace_len++;
    r->t_ns = (double)s->st->now;
    r->kind = kind;
    r->cpu = cpu;
    r->thread = thread;
    r->object = object;
    r->arg = arg;
}

static int running_thread(const Cpu *c)
{
    if (c->isr.prog >= 0 || c->fork.prog >= 0) return -1;
    return c->proc;
}

/* The only place a CPU changes mode: charge the time so far, then switch. Inline in
 * exec's tail, where a timed phase begins (once an event): there the caller's State and
 * Cpu are already in registers, and a call cost as much as the accounting. */
LAB_INLINE void charge_mode(lab_Sim *s, State *st, Cpu *c, int cpu, int mode, int spin_lock)
{
    int64_t d = st->now - c->mode_since;
    if (d) {
        c->mode_ns[c->mode] += d;
        if (c->in_kctx) c->kctx_ns += d;
        if (c->mode == LAB_MODE_SPIN) st->lock[c->spin_lock].spin_ns += d;
        c->mode_since = st->now;
    }
    if (c->mode != mode || (mode == LAB_MODE_SPIN && c->spin_lock != spin_lock))
        trace_emit(s, LAB_TRACE_MODE, cpu, running_thread(c), mode, 0);
    c->mode = (int8_t)mode;
    c->spin_lock = (int8_t)spin_lock;
    c->in_kctx = (int8_t)(c->isr.prog >= 0 || c->fork.prog >= 0);
}

static void set_mode(lab_Sim *s, int cpu, int mode, int spin_lock)
{
    charge_mode(s, s->st, &s->cpu[cpu], cpu, mode, spin_lock);
}

void engine_flush_modes(lab_Sim *s)
{
    int i;
    for (i = 0; i < s->st->ncpu; i++) set_mode(s, i, s->cpu[i].mode, s->cpu[i].spin_lock);
}

/* ---- jobs --------------------------------------------------------------------------- */

static int job_alloc(lab_Sim *s, int kind, int thread, int flags)
{
    State *st = s->st;
    int j = st->job_free;
    if (j < 0) return -1;
    st->job_free = s->job[j].next;
    st->jobs_in_use++;
    s->job[j].next = -1;
    s->job[j].kind = (uint8_t)kind;
    s->job[j].flags = (uint8_t)flags;
    s->job[j].thread = thread;
    s->job[j].t_enq = st->now;
    return j;
}

int engine_jobs_free(const State *st) { return st->njob - st->jobs_in_use; }

static void job_free(lab_Sim *s, int j)
{
    State *st = s->st;
    s->job[j].next = st->job_free;
    st->job_free = j;
    st->jobs_in_use--;
}

static void list_push(lab_Sim *s, JobList *q, int j)
{
    s->job[j].next = -1;
    if (q->tail >= 0) s->job[q->tail].next = j;
    else q->head = j;
    q->tail = j;
    q->len++;
}

static int list_pop(lab_Sim *s, JobList *q)
{
    int j = q->head;
    if (j < 0) return -1;
    q->head = s->job[j].next;
    if (q->head < 0) q->tail = -1;
    q->len--;
    return j;
}

/* ---- contexts ------------------------------------------------------------------------ */

static void ctx_start(Ctx *x, int prog, int job, int thread)
{
    x->prog = (int8_t)prog;
    x->pc = 0;
    x->state = CTX_READY;
    x->locks_held = 0;
    x->wake = 0;
    x->ctr = 0;
    x->job = job;
    x->thread = thread;
}

/* Suspend the context that is running a timed phase on this CPU, if any. */
static void suspend_running(lab_Sim *s, Cpu *c)
{
    Ctx *x = NULL;
    if (c->isr.prog >= 0) x = &c->isr;
    else if (c->fork.prog >= 0) x = &c->fork;
    else if (c->proc >= 0) x = &s->thr[c->proc].ctx;
    if (x && x->state == CTX_TIMED) {
        x->remaining = x->due - s->st->now;
        x->state = CTX_SUSPENDED;
        c->gen++;
    }
}

static int proc_at_ipl8(const lab_Sim *s, const Cpu *c)
{
    const Ctx *x;
    if (c->proc < 0) return 0;
    x = &s->thr[c->proc].ctx;
    return x->locks_held > 0 || x->state == CTX_SPIN;
}

/* ---- threads and the scheduler ----------------------------------------------------- */
/*
 * Runnable threads wait in the global run queue, or, when bound to a CPU
 * (sched.affinity = bind_kprocs), in that CPU's own queue, which only it serves. A woken
 * thread goes straight to an idle CPU when there is one: its last CPU first
 * (sched.affinity = last_cpu, where its cache is warm), else the lowest-numbered idle
 * one. A CPU looking for work takes its own queue first, then the global one.
 * A thread with a home RAD (numa.placement home_rad) waits in its RAD's queue, which
 * only the RAD's CPUs serve, after their own queues and before the global one.
 */

static void runq_changed(State *st, int delta)
{
    st->runq_area += (double)st->runq_total * (double)(st->now - st->runq_last);
    st->runq_last = st->now;
    st->runq_total += delta;
}

static void assign(lab_Sim *s, int cpu, int t)
{
    Thread *th = &s->thr[t];
    Ctx *x = &th->ctx;
    s->cpu[cpu].proc = t;
    th->cpu = (int16_t)cpu;
    th->state = T_RUNNING;
    x->saved_prog = x->prog;
    x->saved_pc = x->pc;
    x->prog = PROG_SWITCH_IN;
    x->pc = 0;
    x->state = CTX_READY;
    s->st->dispatches++;
    trace_emit(s, LAB_TRACE_DISPATCH, cpu, t, 0, 0);
}

static int cpu_idle(const Cpu *c)
{
    return c->proc < 0 && c->isr.prog < 0 && c->fork.prog < 0 && c->isr_q.len == 0 && c->fork_q.len == 0;
}

static void queue_push(lab_Sim *s, int32_t *head, int32_t *tail, int32_t *len, int t)
{
    s->thr[t].next = -1;
    if (*tail >= 0) s->thr[*tail].next = t;
    else *head = t;
    *tail = t;
    (*len)++;
    runq_changed(s->st, +1);
}

static int queue_pop(lab_Sim *s, int32_t *head, int32_t *tail, int32_t *len)
{
    int t = *head;
    if (t < 0) return -1;
    *head = s->thr[t].next;
    if (*head < 0) *tail = -1;
    (*len)--;
    runq_changed(s->st, -1);
    return t;
}

void make_ready(lab_Sim *s, int t)
{
    State *st = s->st;
    Thread *th = &s->thr[t];
    int cpu = -1, i;
    th->state = T_READY;
    trace_emit(s, LAB_TRACE_WAKE, -1, t, 0, 0);
    if (th->bound >= 0) {
        Cpu *b = &s->cpu[th->bound];
        if (cpu_idle(b)) cpu = th->bound;
        else {
            queue_push(s, &b->runq_head, &b->runq_tail, &b->runq_len, t);
            return;
        }
    } else if (th->home_rad >= 0) {
        /* A home RAD: only its CPUs schedule the thread (its last one first). */
        int r = th->home_rad;
        if (st->affinity == AFF_LAST_CPU && th->last_cpu >= 0 && rad_of(st, th->last_cpu) == r &&
            cpu_idle(&s->cpu[th->last_cpu])) cpu = th->last_cpu;
        for (i = 0; cpu < 0 && i < st->ncpu; i++)
            if (rad_of(st, i) == r && cpu_idle(&s->cpu[i])) cpu = i;
        if (cpu < 0) {
            queue_push(s, &st->radq_head[r], &st->radq_tail[r], &st->radq_len[r], t);
            return;
        }
    } else {
        if (st->affinity == AFF_LAST_CPU && th->last_cpu >= 0 && cpu_idle(&s->cpu[th->last_cpu])) cpu = th->last_cpu;
        for (i = 0; cpu < 0 && i < st->ncpu; i++)
            if (cpu_idle(&s->cpu[i])) cpu = i;
    }
    if (cpu >= 0) {
        assign(s, cpu, t);
        ev_push(s, st->now, EV_KICK, cpu, 0, 0);
        return;
    }
    queue_push(s, &st->runq_head, &st->runq_tail, &st->runq_len, t);
}

static void detach(lab_Sim *s, int cpu)
{
    Cpu *c = &s->cpu[cpu];
    Thread *th = &s->thr[c->proc];
    th->last_cpu = (int16_t)cpu;
    th->cpu = -1;
    c->proc = -1;
}

static void block(lab_Sim *s, int cpu, int state, int why)
{
    int t = s->cpu[cpu].proc, lk;
    /* A thread may sleep holding blocking locks (lockl allows it: the SNA region lock
     * is held while waiting for the snaipcm lock); no program may sleep holding a
     * spinlock, which belongs to the CPU (only the process runs here now, so any the
     * CPU holds is the thread's): the run stops, saying so (stall.c). */
    if (s->thr[t].ctx.locks_held > 0 && (lk = stall_spinlock_held(s, cpu)) >= 0) stall_record(s, STALL_SLEEP_HOLDING, cpu, lk, state, t, LEVEL_PROCESS);
    s->thr[t].state = (int8_t)state;
    trace_emit(s, LAB_TRACE_BLOCK, cpu, t, 0, why);
    detach(s, cpu);
}

/* ---- interpreting phases --------------------------------------------------------------- */

/* The lock an OP_ACQ or OP_REL names: a lock, a CPU's member of a per-CPU family (or
 * the lock a hand-off release handed this thread), or a kernel's family member. */
static int lock_of(const lab_Sim *s, const Ctx *x, const Phase *ph, int cpu)
{
    switch (ph->b) {
    case FAM_NONE: return ph->a;
    case FAM_CPU:
        if (x->thread >= 0 && s->thr[x->thread].handed >= 0) return s->thr[x->thread].handed;
        return ph->a + cpu;
    default: return s->kernel->lock_of(s, x, ph, cpu);
    }
}

/* The mode a context's kernel work is charged to, by its level. */
int engine_kernel_mode(int level)
{
    return level == LEVEL_INTERRUPT ? LAB_MODE_INTERRUPT : level == LEVEL_FORK ? LAB_MODE_FORK
                                                                               : LAB_MODE_KERNEL;
}

/* Before writing a lock word whose line another CPU's cache holds, the context stalls
 * for the fetch and then runs the same phase again (x->stall 1, then 2). Returns the
 * stall, or 0 when the line is here. */
static int64_t line_stall(lab_Sim *s, Ctx *x, int lock, int cpu)
{
    int64_t ns;
    if (x->stall == 2) {
        x->stall = 0;
        return 0;
    }
    if ((ns = line_fetch(s, lock, cpu)) <= 0) return 0;
    x->stall = 1;
    return ns;
}

/* The level a context of this CPU runs at: which of its contexts it is. Worked out
 * where needed, not kept in exec's loop, which has no register to spare for it. */
static inline int ctx_level(const Cpu *c, const Ctx *x)
{
    return x == &c->isr ? LEVEL_INTERRUPT : x == &c->fork ? LEVEL_FORK
                                                          : LEVEL_PROCESS;
}

/* After a phase that took no time, whether the choice at the top of exec's loop would
 * pick x again: it would unless x stopped being ready or interrupt or fork work now
 * waits (a phase may queue some), for nothing else it reads changes while x runs on
 * (no context of this CPU starts or ends, its process stays). Then x runs its next
 * phase at once, without the choice's tests, as after a jump. */
static inline int still_chosen(const Cpu *c, const Ctx *x)
{
    return (c->isr_q.len | c->fork_q.len) == 0 && x->state == CTX_READY;
}

/* Runs the CPU until its running context waits on time, a lock, or nothing; or until
 * the run is found unable to go on (stall.c), which stops it where it is. ready, when
 * not NULL, is the CPU's running context, just made ready (its timed phase ended):
 * unless interrupt or fork work waits, the choice below would pick it, so it runs its
 * next phase at once. */
static void exec_ready(lab_Sim *s, int cpu, Ctx *ready)
{
    State *st = s->st;
    Cpu *c = &s->cpu[cpu];
    uint32_t budget = LAB_STALL_PHASES + 1; /* phases left to this go, all at one nanosecond */
    Ctx *x;
    const Phase *ph;
    int64_t d;
    int mode;
    /* A stalled run stops where it is: here, and after each step below that may find
     * it stalled (one that pushes an event, sleeps or hands over a lock) and goes on. */
    if (st->stall) return;
    for (;;) {
        d = 0;
        mode = 0;
        /* Tested in the loop, not before it: a jump from outside into its middle would
         * give it two entries, which the wasm's structured control flow can only have
         * through a dispatch at the top (4% slower on testbed-classic). */
        if (ready) {
            x = ready;
            ready = NULL;
            if (still_chosen(c, x)) goto next_phase;
        }

        if (c->isr.prog >= 0) x = &c->isr;
        else if (c->isr_q.len) {
            int j = list_pop(s, &c->isr_q);
            suspend_running(s, c);
            assert(s->prog[PROG_INTERRUPT].n > 0 && "an interrupt on a kernel with no interrupt program");
            ctx_start(&c->isr, PROG_INTERRUPT, j, -1);
            c->isr.sess = s->job[j].thread;
            trace_emit(s, LAB_TRACE_INTERRUPT, cpu, -1, 0, s->job[j].kind);
            continue;
        } else if (c->fork.prog >= 0) x = &c->fork;
        else if (c->fork_q.len && !proc_at_ipl8(s, c)) {
            int j = list_pop(s, &c->fork_q);
            suspend_running(s, c);
            ctx_start(&c->fork, queue_fork_program(s, s->job[j].kind), j, -1);
            assert(s->prog[c->fork.prog].n > 0 && "a fork thread on a kernel with no program for it");
            continue;
        } else if (c->proc >= 0) x = &s->thr[c->proc].ctx;
        else if (c->runq_len) {
            assign(s, cpu, queue_pop(s, &c->runq_head, &c->runq_tail, &c->runq_len));
            continue;
        } else if (st->radq_len[rad_of(st, cpu)]) {
            int r = rad_of(st, cpu);
            assign(s, cpu, queue_pop(s, &st->radq_head[r], &st->radq_tail[r], &st->radq_len[r]));
            continue;
        } else if (st->runq_len) {
            assign(s, cpu, queue_pop(s, &st->runq_head, &st->runq_tail, &st->runq_len));
            continue;
        } else {
            set_mode(s, cpu, LAB_MODE_IDLE, 0);
            return;
        }

        /* Ready, most times (a phase ended, or one did not take time): one test */
        if (x->state != CTX_READY) switch (x->state) {
            case CTX_TIMED: return;
            case CTX_SPIN: set_mode(s, cpu, LAB_MODE_SPIN, x->spin_lock); return;
            case CTX_AWAIT: set_mode(s, cpu, x->mode, 0); return; /* busy-waiting, in its mode */
            case CTX_SUSPENDED:
                x->state = CTX_TIMED;
                x->due = st->now + x->remaining;
                ev_push(s, x->due, EV_PHASE_DONE, cpu, 0, c->gen);
                set_mode(s, cpu, x->mode, 0);
                return;
            default: break;
            }

        /* A phase that changes nothing the choice above looks at (a jump, a count) comes
         * straight back here, to the same context, still ready. */
    next_phase:
        if (--budget == 0) { /* a loop that takes no time */
            stall_record(s, STALL_PHASES, cpu, -1, x->prog, x->thread, ctx_level(c, x));
            return;
        }
        ph = &s->prog[x->prog].phase[x->pc];
        switch (ph->op) {
        case OP_WORK:
            d = cost_sample(&st->rng, &st->cost[ph->b]);
            mode = ph->a;
            break;
        case OP_COPY:
            d = cost_sample(&st->rng, &st->cost[C_COPY_PER_KB]) * st->message_bytes / 1024;
            mode = ph->a;
            break;
        case OP_ACQ: {
            int lk = lock_of(s, x, ph, cpu);
            if (ph->b == FAM_CPU) x->cpu_lock = (int16_t)lk; /* released by number, wherever it runs then */
            if (st->lock[lk].kind != LK_SPIN) {
                Thread *th = &s->thr[x->thread];
                assert(ctx_level(c, x) == LEVEL_PROCESS);
                if (st->lock[lk].owner != x->thread && (d = line_stall(s, x, lk, cpu)) > 0) {
                    mode = LAB_MODE_KERNEL;
                    break;
                }
                if (!blocking_try_acquire(s, lk, cpu, x->thread)) {
                    block(s, cpu, T_LOCK_WAIT, 3); /* re-runs this phase when woken */
                    if (st->stall) return;
                    continue;
                }
                th->handed = -1;
            } else if (st->lock[lk].holder == cpu || st->lock[lk].reserved == cpu) {
                /* its own CPU has it (or it is on its way here) for a context this one
                 * preempted, or for this one: it would spin forever */
                stall_record(s, STALL_SPIN_SELF, cpu, lk, -1, x->thread, ctx_level(c, x));
                return;
            } else if (!lock_try_acquire(s, lk, cpu)) {
                x->state = CTX_SPIN;
                x->spin_lock = (int8_t)lk;
                x->spin_start = st->now;
                set_mode(s, cpu, LAB_MODE_SPIN, lk);
                stall_check_spin(s, cpu, lk); /* a ring of spinners back to this CPU */
                return;
            }
            x->locks_held++;
            x->pc++;
            trace_emit(s, LAB_TRACE_ACQUIRE, cpu, x->thread, lk, 0);
            if (still_chosen(c, x)) goto next_phase;
            continue;
        }
        case OP_REL: {
            int lk = ph->b == FAM_CPU ? x->cpu_lock : lock_of(s, x, ph, cpu);
            if ((d = line_stall(s, x, lk, cpu)) > 0) { /* a neighbour took the line */
                mode = engine_kernel_mode(ctx_level(c, x));
                break;
            }
            if (st->lock[lk].kind == LK_SPIN) lock_release(s, lk, cpu);
            else d = blocking_release(s, lk, cpu, x->thread);
            x->locks_held--;
            if (d > 0 && !st->stall) {  /* the sleepers it woke: the releaser's work, */
                mode = LAB_MODE_KERNEL; /* then the next phase (blocking_lock.c)      */
                break;
            }
            x->pc++;
            if (st->stall) return;
            if (still_chosen(c, x)) goto next_phase;
            continue;
        }
        case OP_THINK:
            x->pc++;
            d = cost_sample(&st->rng, &st->cost[C_THINK]);
            if (d > 0) {
                ev_push(s, st->now + d, EV_WAKE, -1, x->thread, 0);
                block(s, cpu, T_SLEEPING, 0);
                if (st->stall) return;
            }
            continue;
        case OP_JZ_CTR: x->pc = x->ctr == 0 ? ph->b : x->pc + 1; goto next_phase;
        case OP_DEC_CTR:
            x->ctr--;
            x->pc++;
            goto next_phase;
        case OP_JMP: x->pc = ph->b; goto next_phase;
        case OP_POST_IO:
            st->buffered_io++;
            x->pc++;
            goto next_phase;
        case OP_TXN_DONE: {
            Thread *th = &s->thr[x->thread];
            st->txns++;
            st->txn_time_ns += (double)(st->now - th->txn_start);
            th->txn_start = st->now;
            trace_emit(s, LAB_TRACE_TXN_DONE, cpu, x->thread, 0, 0);
            x->pc++;
            goto next_phase;
        }
        case OP_FORK_QUEUE:
            list_push(s, &c->fork_q, x->job);
            x->job = -1;
            x->pc++;
            continue;
        case OP_IF_JOB: x->pc = s->job[x->job].kind == ph->a ? x->pc + 1 : ph->b; goto next_phase;
        case OP_MAKE_READY:
            make_ready(s, s->job[x->job].thread);
            x->wake = 0;
            x->pc++;
            if (st->stall) return;
            if (still_chosen(c, x)) goto next_phase;
            continue;
        case OP_RESUME:
            x->prog = x->saved_prog;
            x->pc = x->saved_pc;
            goto next_phase;
        case OP_MIGRATED: {
            const Thread *th = &s->thr[x->thread];
            if (th->last_cpu >= 0 && th->last_cpu != cpu) d = cost_sample(&st->rng, &st->cost[C_CACHE_RELOAD]);
            mode = LAB_MODE_CSWITCH;
            break;
        }
        case OP_END:
            if (x->locks_held != 0) { /* nothing would ever release them */
                int held = stall_spinlock_held(s, cpu);
                stall_record(s, STALL_END_HOLDING, cpu, held, x->locks_held, x->thread, ctx_level(c, x));
                return;
            }
            if (x->job >= 0) job_free(s, x->job);
            x->job = -1;
            x->prog = -1;
            continue;
        default:
            /* A kernel's phase: > 0 a timed phase; 0 it moved the pc on; < 0 it
             * stopped the context (blocked, spinning or awaiting: the loop finds out
             * which). */
            assert(ph->op >= OP_KERNEL_BASE && "unknown phase");
            {
                /* The hook finds 0 (user) there, as it always has, whatever an earlier
                 * phase of this go left in mode; and mode itself, its address never
                 * taken, stays in a register. */
                int kmode = 0;
                d = s->kernel->exec(s, cpu, x, ph, ctx_level(c, x), &kmode);
                mode = kmode;
            }
            if (d <= 0) {
                if (st->stall) return;
                if (d == 0 && still_chosen(c, x)) goto next_phase; /* < 0: it stopped */
                continue;
            }
            break;
        }
        /* a phase that takes time */
        if (d <= 0) {
            x->pc++;
            if (still_chosen(c, x)) goto next_phase;
            continue;
        }
        x->state = CTX_TIMED;
        x->mode = (int8_t)mode;
        x->due = st->now + d;
        ev_push_hot(s, st, x->due, EV_PHASE_DONE, cpu, 0, c->gen);
        charge_mode(s, st, c, cpu, mode, 0);
        return;
    }
}

static void exec(lab_Sim *s, int cpu) { exec_ready(s, cpu, NULL); }

/* ---- events ------------------------------------------------------------------------------ */

static void raise_interrupt(lab_Sim *s, int cpu, int j)
{
    list_push(s, &s->cpu[cpu].isr_q, j);
    if (s->cpu[cpu].isr.prog < 0) exec(s, cpu);
}

/* What kernels need of the engine (interrupts and kicks from events, never from inside exec). */
void engine_raise_interrupt(lab_Sim *s, int cpu, int job) { raise_interrupt(s, cpu, job); }
void engine_block(lab_Sim *s, int cpu, int state, int why) { block(s, cpu, state, why); }
void engine_kick(lab_Sim *s, int cpu) { exec(s, cpu); }
int engine_job_alloc(lab_Sim *s, int kind, int thread, int flags) { return job_alloc(s, kind, thread, flags); }
void engine_job_free(lab_Sim *s, int job) { job_free(s, job); }
void engine_list_push(lab_Sim *s, JobList *q, int job) { list_push(s, q, job); }
int engine_list_pop(lab_Sim *s, JobList *q) { return list_pop(s, q); }

/* The lock arrives on the CPU: the highest context spinning for it takes it (only one
 * does in every kernel: interrupts take no spinlocks, and a fork thread never runs
 * over a process that holds or spins for one). None is a bug in the model: stall.c. */
static void on_handoff(lab_Sim *s, int cpu, int lock)
{
    Cpu *c = &s->cpu[cpu];
    Ctx *x = NULL;
    lock_handoff_done(s, lock, cpu);
    if (c->isr.prog >= 0 && c->isr.state == CTX_SPIN && c->isr.spin_lock == lock) x = &c->isr;
    else if (c->fork.prog >= 0 && c->fork.state == CTX_SPIN && c->fork.spin_lock == lock) x = &c->fork;
    else if (c->proc >= 0 && s->thr[c->proc].ctx.state == CTX_SPIN && s->thr[c->proc].ctx.spin_lock == lock)
        x = &s->thr[c->proc].ctx;
    if (!x) {
        stall_record(s, STALL_HANDOFF_LOST, cpu, lock, -1, -1, LEVEL_IDLE);
        return;
    }
    x->state = CTX_READY;
    x->locks_held++;
    x->pc++;
    /* arg: how long this context spun for the lock (waiting in line, or for its line). */
    trace_emit(s, LAB_TRACE_ACQUIRE, cpu, x->thread, lock, (double)(s->st->now - x->spin_start));
    exec(s, cpu);
}

void engine_start(lab_Sim *s)
{
    State *st = s->st;
    int t;
    for (t = 0; t < st->nthread; t++) {
        s->thr[t].txn_start = 0;
        make_ready(s, t);
    }
    if (st->warmup > 0) ev_push(s, st->warmup, EV_WARMUP_END, -1, 0, 0);
    if (s->kernel->start) s->kernel->start(s);
}

/* One event at or before limit; 0 when there is none. Inline in engine_run, the loop
 * over the events: in the wasm, built a file at a time, sim.c's loop called it. */
LAB_INLINE int step(lab_Sim *s, int64_t limit)
{
    State *st = s->st;
    const Event *e;
    if (st->stall) return 0; /* the run cannot go on (stall.c) */
    if (st->heap_n == 0) {
        if (st->now < st->end) stall_check_frozen(s); /* nothing will happen again */
        return 0;
    }
    if (s->heap[0].t > limit) return 0;
    /* The clock cannot move: the next event's time the same as LAB_STALL_EVENTS events
     * ago (time never goes back, so every event between was at it). Looked at once in
     * so many events, not counted at each: this is the hottest path of the lab. */
    if ((st->events & (LAB_STALL_EVENTS - 1)) == 0) {
        if (s->heap[0].t == st->stall_probe_t && st->events > 0) {
            stall_record(s, STALL_EVENTS, s->heap[0].cpu, -1, -1, -1, LEVEL_IDLE);
            return 0;
        }
        st->stall_probe_t = s->heap[0].t;
    }
    e = ev_take(s);
    st->now = e->t;
    st->events++;
    switch (e->kind) {
    case EV_PHASE_DONE: {
        int cpu = e->cpu;
        Cpu *c = &s->cpu[cpu];
        Ctx *x;
        if (e->gen != c->gen) break; /* cut short by a preemption */
        x = c->isr.prog >= 0 ? &c->isr : c->fork.prog >= 0 ? &c->fork
                                                           : &s->thr[c->proc].ctx;
        assert(x->state == CTX_TIMED && x->due == st->now);
        x->state = CTX_READY;
        if (x->stall) x->stall = 2; /* the line is here now: run the phase again */
        else x->pc++;
        exec_ready(s, cpu, x);
        break;
    }
    case EV_HANDOFF: on_handoff(s, e->cpu, e->a); break;
    case EV_KICK: exec(s, e->cpu); break;
    case EV_FORK_ARRIVE: {
        int cpu = e->cpu;
        list_push(s, &s->cpu[cpu].fork_q, e->a);
        exec(s, cpu);
        break;
    }
    case EV_WAKE: make_ready(s, e->a); break;
    case EV_WARMUP_END: metrics_reset(s); break;
    default: {
        Event copy = *e; /* the hook may schedule events: the root is then another */
        assert(copy.kind >= EV_KERNEL_BASE && "unknown event");
        s->kernel->event(s, &copy);
    }
    }
    ev_settle(s);
    return 1;
}

int engine_step(lab_Sim *s, int64_t limit) { return step(s, limit); }

void engine_run(lab_Sim *s, int64_t limit)
{
    const State *st = s->st;
    /* A batch run (the numa kernel) may end early: st->end then moves to its last event. */
    while (step(s, limit < st->end ? limit : st->end)) {}
}
