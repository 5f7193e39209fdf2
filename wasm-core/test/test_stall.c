/* A run that cannot go on (model/stall.c) is found by the engine and said in words,
 * never reported as a result, and never hangs: each kind of stall, built from programs
 * of the engine's own phases on a two-CPU machine (the classic kernel's scenario, its
 * devices off, its programs replaced), and the issue's original deadlock (issue 23: a
 * kernel-stack sender asleep holding the transmit queue spinlock), rebuilt by undoing
 * the fix in the onload kernel's program. Then what the API promises once a run has
 * stalled: done, nothing more runs, the clock stays, the report's "error" says the
 * same, and a checkpoint from before takes it back. */
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "kernels/netstack/netstack.h"

static int has(const char *s, const char *part) { return strstr(s, part) != NULL; }

static const char *const MACHINE[] = {
    "kernel.kind=classic", "machine.cpus=2", "workload.processes=2", "machine.cache_transfer_ns=0",
    "network.timer_interval_ns=0", "network.disk_io_per_s=0", "network.background_rx_pps=0",
    "workload.user_work.dist=const", "workload.user_work.mean_ns=1000",
    "sim.duration_ns=10000000", "sim.warmup_ns=0", NULL
};

/* Programs of generic phases (kernel_api.h). Locks 0 and 1 are the classic kernel's
 * IOLOCK8 and SCHED. */
#define ACQ(l)                \
    {                         \
        OP_ACQ, (l), FAM_NONE \
    }
#define REL(l)                \
    {                         \
        OP_REL, (l), FAM_NONE \
    }
#define WORK                                \
    {                                       \
        OP_WORK, LAB_MODE_USER, C_USER_WORK \
    }
#define JMP0         \
    {                \
        OP_JMP, 0, 0 \
    }
static const Phase RESUME[] = { { OP_RESUME, 0, 0 } };
static const Phase NOTHING[] = { { OP_END, 0, 0 } };
static const Phase AB[] = { ACQ(0), WORK, ACQ(1), REL(1), REL(0), JMP0 };
static const Phase BA[] = { ACQ(1), WORK, ACQ(0), REL(0), REL(1), JMP0 };
static const Phase TWICE[] = { ACQ(0), WORK, ACQ(0), REL(0), REL(0), JMP0 };
static const Phase HOLD[] = { ACQ(0), WORK, WORK, WORK, REL(0), JMP0 };
static const Phase IRQ_WANTS_0[] = { ACQ(0), REL(0), { OP_END, 0, 0 } };
static const Phase LEAVE_HELD[] = { ACQ(0), { OP_END, 0, 0 } };
static const Phase WORK_ONLY[] = { WORK, JMP0 };
static const Phase TAKE_0[] = { ACQ(0), REL(0), WORK, JMP0 };

/* A two-CPU machine whose thread 0 runs p0 and thread 1 runs p1 (NULL: no thread 1). */
static lab_Sim *machine(const Phase *p0, int n0, const Phase *p1, int n1)
{
    lab_Scenario *sc = h_scenario(MACHINE);
    lab_Sim *s;
    int st;
    if (!p1) lab_scenario_set_text(sc, "workload.processes", "1");
    s = lab_sim_new(sc, &st);
    lab_scenario_free(sc);
    if (!s) {
        fprintf(stderr, "the machine was refused\n");
        exit(2);
    }
    s->prog[PROG_SWITCH_IN].phase = RESUME;
    s->prog[PROG_SWITCH_IN].n = 1;
    s->prog[PROG_INTERRUPT].phase = NOTHING;
    s->prog[PROG_INTERRUPT].n = 1;
    s->prog[PROG_PROCESS].phase = p0;
    s->prog[PROG_PROCESS].n = n0;
    s->prog[PROG_PROCESS].name = "p0";
    if (p1) {
        s->prog[PROG_KERNEL_BASE].phase = p1;
        s->prog[PROG_KERNEL_BASE].n = n1;
        s->prog[PROG_KERNEL_BASE].name = "p1";
        s->thr[1].ctx.saved_prog = PROG_KERNEL_BASE; /* already dispatched at time 0: runs p1 on switch-in */
    }
    return s;
}
#define N(p) (int)(sizeof p / sizeof p[0])

/* Runs to the end; the stall's words, or NULL when it ran to the end (SHOW=1 prints them). */
static const char *run_out(lab_Sim *s)
{
    lab_sim_run_until(s, 1e18);
    if (getenv("SHOW")) fprintf(stderr, "%s\n\n", lab_sim_error(s));
    return lab_sim_error(s)[0] ? lab_sim_error(s) : NULL;
}

static void deadlock_of_two_spinners(void)
{
    lab_Sim *s = machine(AB, N(AB), BA, N(BA));
    const char *e = run_out(s);
    CHECK(e && s->st->stall == STALL_SPIN_CYCLE, "two CPUs taking two spinlocks in opposite orders: a deadlock (%s)", e ? e : "none");
    CHECK(e && has(e, "a deadlock") && has(e, "spins for spinlock IOLOCK8") && has(e, "spins for spinlock SCHED") &&
              has(e, "held by CPU 0") && has(e, "held by CPU 1") && has(e, "at 1000 ns"),
          "it names the CPUs, the locks, their holders and the time: %s", e ? e : "");
    CHECK(s->st->now == 1000 && lab_sim_done(s), "the run stopped where the deadlock formed, and is done");
    lab_sim_free(s);
}

static void spin_for_a_lock_the_cpu_holds(void)
{
    lab_Sim *s = machine(TWICE, N(TWICE), NULL, 0);
    const char *e = run_out(s);
    CHECK(e && s->st->stall == STALL_SPIN_SELF && has(e, "thread 0 on CPU 0 wants spinlock IOLOCK8, which its own CPU holds") &&
              has(e, "asks again"),
          "a thread taking a spinlock it holds: %s", e ? e : "none");
    lab_sim_free(s);

    /* an interrupt that wants the lock the thread it preempted holds */
    s = machine(HOLD, N(HOLD), NULL, 0);
    s->prog[PROG_INTERRUPT].phase = IRQ_WANTS_0;
    s->prog[PROG_INTERRUPT].n = N(IRQ_WANTS_0);
    lab_sim_run_until(s, 1500); /* thread 0 holds IOLOCK8, in its work */
    CHECK(s->st->lock[0].holder == 0, "thread 0 holds the lock at 1500 ns");
    engine_raise_interrupt(s, 0, engine_job_alloc(s, 0, -1, 0));
    e = run_out(s);
    CHECK(e && s->st->stall == STALL_SPIN_SELF && has(e, "an interrupt on CPU 0 wants spinlock IOLOCK8") &&
              has(e, "thread 0, which it preempted, holds it"),
          "an interrupt spinning for its CPU's lock: %s", e ? e : "none");
    lab_sim_free(s);
}

/* An interrupt may spin for a spinlock another CPU holds: the handoff finds it (the
 * engine once looked only at fork threads and processes), and a handoff that finds
 * nothing spinning for the lock stops the run in words instead of an assertion. */
static void interrupt_spins_and_gets_it(void)
{
    lab_Sim *s = machine(WORK_ONLY, N(WORK_ONLY), HOLD, N(HOLD));
    s->prog[PROG_INTERRUPT].phase = IRQ_WANTS_0;
    s->prog[PROG_INTERRUPT].n = N(IRQ_WANTS_0);
    lab_sim_run_until(s, 1500);
    CHECK(s->st->lock[0].holder == 1, "CPU 1 holds IOLOCK8 at 1500 ns");
    engine_raise_interrupt(s, 0, engine_job_alloc(s, 0, -1, 0));
    CHECK(s->cpu[0].isr.state == CTX_SPIN, "an interrupt on CPU 0 spins for it");
    lab_sim_run_until(s, 1e18);
    CHECK(lab_sim_error(s)[0] == '\0' && s->st->now == s->st->end && s->st->lock[0].acquisitions > 1000,
          "it gets the lock when CPU 1 lets go, and the run goes on to its end (%s)", lab_sim_error(s));
    lab_sim_free(s);

    s = machine(WORK_ONLY, N(WORK_ONLY), NULL, 0);
    lab_sim_run_until(s, 1500);
    s->st->lock[0].reserved = 1;
    ev_push(s, s->st->now, EV_HANDOFF, 1, 0, 0);
    lab_sim_run_until(s, 1e18);
    CHECK(s->st->stall == STALL_HANDOFF_LOST && has(lab_sim_error(s), "spinlock IOLOCK8 was handed to CPU 1, where no context spins for it"),
          "a handoff with no one spinning for it: %s", lab_sim_error(s));
    lab_sim_free(s);
}

static void context_ends_holding(void)
{
    lab_Sim *s = machine(LEAVE_HELD, N(LEAVE_HELD), NULL, 0);
    const char *e = run_out(s);
    CHECK(e && s->st->stall == STALL_END_HOLDING && has(e, "finished its program still holding 1 lock (spinlock IOLOCK8"),
          "a program that ends holding a lock: %s", e ? e : "none");
    lab_sim_free(s);
}

static void spinning_with_nothing_left(void)
{
    /* the lock left held by CPU 1, which runs nothing: CPU 0 spins, the events run out */
    lab_Sim *s = machine(TAKE_0, N(TAKE_0), NULL, 0);
    const char *e;
    s->st->lock[0].holder = 1;
    e = run_out(s);
    CHECK(e && s->st->stall == STALL_FROZEN && has(e, "nothing is left to happen before the end (10000000 ns)") &&
              has(e, "thread 0 on CPU 0 still spins for spinlock IOLOCK8, held by CPU 1"),
          "a spinner with nothing left to happen: %s", e ? e : "none");
    lab_sim_free(s);
}

static void sleepers_owning_each_others_locks(void)
{
    lab_Sim *s = machine(AB, N(AB), BA, N(BA));
    const char *e;
    s->st->lock[0].kind = s->st->lock[1].kind = LK_HANDOFF;
    e = run_out(s);
    CHECK(e && s->st->stall == STALL_SLEEP_CYCLE && has(e, "a deadlock") && has(e, "sleeps for blocking lock IOLOCK8, owned by thread 0") &&
              has(e, "sleeps for blocking lock SCHED, owned by thread 1"),
          "two threads asleep on each other's blocking locks: %s", e ? e : "none");
    lab_sim_free(s);
}

static void loops_that_take_no_time(void)
{
    /* the scenario as a user could write it: every step of a transaction costs 0 ns */
    static const char *const ZERO[] = {
        "kernel.kind=classic", "machine.cpus=1", "workload.processes=1", "workload.think.mean_ns=0",
        "workload.user_work.mean_ns=0", "workload.writes_per_txn=0", "workload.reads_per_txn=0",
        "sim.duration_ns=1000000", "sim.warmup_ns=0", NULL
    };
    lab_Scenario *sc = h_scenario(ZERO);
    int st;
    lab_Sim *s = lab_sim_new(sc, &st);
    const char *e;
    lab_scenario_free(sc);
    e = run_out(s);
    CHECK(e && s->st->stall == STALL_PHASES && has(e, "ran 1000000 steps of its program \"process\" without the simulated clock moving") &&
              has(e, "cost above 0 ns"),
          "a transaction of nothing, looping at one nanosecond: %s", e ? e : "none (it would have hung)");
    lab_sim_free(s);

    /* events in a row at one nanosecond (the counter as a long burst would leave it) */
    s = machine(WORK_ONLY, N(WORK_ONLY), NULL, 0);
    lab_sim_run_until(s, 5000);
    ev_push(s, s->st->now, EV_KICK, 1, 0, 0);
    ev_push(s, s->st->now, EV_KICK, 1, 0, 0);
    s->st->events = 4 * (uint64_t)LAB_STALL_EVENTS - 1; /* one before a look... */
    s->st->stall_probe_t = s->st->now;                  /* ...whose last saw this nanosecond */
    e = run_out(s);
    CHECK(e && s->st->stall == STALL_EVENTS && has(e, "1048576 events in a row happened at this one nanosecond (the last for CPU 1)"),
          "2^20 events at one nanosecond: %s", e ? e : "none");
    lab_sim_free(s);
}

/* Issue 23's deadlock, rebuilt: the onload kernel's sender program with the room check
 * under the lock taken out (OP_NET_TX_ROOM made a no-op), so a sender that finds the
 * ring full waits in OP_NET_XMIT holding the transmit queue spinlock, as before the fix. */
static void the_issue_deadlock(void)
{
    static const char *const ISSUE[] = {
        "kernel.kind=onload", "machine.cpus=2", "net.test=udp_send", "net.senders=2", "net.nic_max_pps=2000", NULL
    };
    lab_Scenario *sc = h_scenario(ISSUE);
    int st, i, undone = 0;
    lab_Sim *s = lab_sim_new(sc, &st);
    const char *e;
    lab_scenario_free(sc);
    for (i = 0; i < s->prog[PROG_PROCESS].n; i++) {
        Phase *ph = (Phase *)&s->prog[PROG_PROCESS].phase[i];
        if (ph->op == OP_NET_TX_ROOM) {
            ph->op = OP_JMP;
            ph->b = (int16_t)(i + 1);
            undone++;
        }
    }
    CHECK(undone == 1, "the sender's program has its room check (%d)", undone);
    e = run_out(s);
    CHECK(e && s->st->stall == STALL_SLEEP_HOLDING &&
              has(e, "thread 0 went to wait for work (or for room to send) on CPU 0 holding spinlock tx_queue[A]"),
          "the old sender sleeps holding tx_queue[A]: found there, before any CPU spins for it: %s", e ? e : "none");
    CHECK(s->st->lock[0].nwait == 0, "and no CPU was left spinning (the sanitizer build's assertion never runs)");
    CHECK(has(lab_sim_report_json(s), "\"error\":\"The run cannot go on"), "the report says so in its error");
    lab_sim_free(s);
}

/* Found by the fuzzer (fuzz/regressions/heap-full-stale-phase-ends.json): a timer
 * interrupt every nanosecond. Each one preempted a phase and left its end in the event
 * heap, stale, until the heap was full: an assertion (debug builds), or a run cut short.
 * The stale ends are now dropped when the heap fills, and the run goes to its end; a
 * heap full of events still due stops the run in words. */
static void interrupts_faster_than_phases(void)
{
    static const char *const TIMER[] = { "kernel.kind=classic", "network.timer_interval_ns=1",
                                         "sim.duration_ns=2000000", "sim.warmup_ns=0", NULL };
    static const char *const TIMER_100[] = { "network.timer_interval_ns=100", NULL };
    lab_Sim *s = h_run(TIMER, NULL);
    CHECK(lab_sim_error(s)[0] == '\0' && s->st->now == s->st->end && s->st->heap_full == 0,
          "a timer every nanosecond: the run reaches its end (%s)", lab_sim_error(s));
    CHECK(s->st->dropped_rx > 1000000, "the interrupts it had no room for are counted as dropped (%llu)",
          (unsigned long long)s->st->dropped_rx);
    lab_sim_free(s);
    s = h_run(TIMER, TIMER_100);
    CHECK(lab_sim_error(s)[0] == '\0' && s->st->now == s->st->end, "and every 100 ns (%s)", lab_sim_error(s));
    lab_sim_free(s);

    s = machine(WORK_ONLY, N(WORK_ONLY), NULL, 0);
    while (s->st->heap_n < s->st->heap_cap) ev_push(s, 5000000, EV_KICK, 1, 0, 0); /* live, all of them */
    ev_push(s, 5000000, EV_KICK, 1, 0, 0);
    CHECK(s->st->stall == STALL_HEAP_FULL && has(lab_sim_error(s), "more events were pending than the scenario's size gave room for"),
          "a heap full of events still due stops the run in words: %s", lab_sim_error(s));
    lab_sim_free(s);
}

/* What the API promises once a run has stalled. */
static void after_a_stall(void)
{
    lab_Sim *s = machine(AB, N(AB), BA, N(BA));
    int size = lab_sim_checkpoint_size(s);
    unsigned char *early = malloc((size_t)size);
    char first[LAB_MSG_LEN];
    double now;
    lab_sim_run_until(s, 500);
    CHECK(lab_sim_error(s)[0] == '\0' && !lab_sim_done(s), "no error while the run goes on");
    CHECK(lab_sim_checkpoint(s, early, size) == LAB_OK, "a checkpoint at 500 ns");
    lab_sim_run_until(s, 1e18);
    strcpy(first, lab_sim_error(s));
    now = lab_sim_now(s);
    CHECK(first[0] && lab_sim_done(s) && now == 1000, "stalled at 1000 ns, done");
    CHECK(lab_sim_run_until(s, 1e18) == 0 && lab_sim_step(s, 10) == 0 && lab_sim_now(s) == now,
          "nothing more runs, and the clock stays where the run stopped");
    CHECK(has(lab_sim_report_json(s), first) && has(lab_sim_report_json(s), "\"simulated_ns\":1000,"), "the report's error is the same words");
    CHECK(lab_sim_restore(s, early, size) == LAB_OK && lab_sim_error(s)[0] == '\0' && !lab_sim_done(s),
          "restoring the checkpoint from before takes the stall back");
    lab_sim_run_until(s, 1e18);
    CHECK(strcmp(lab_sim_error(s), first) == 0, "and running on finds the same stall, in the same words (deterministic)");
    CHECK(lab_sim_error(NULL)[0] == '\0', "lab_sim_error(NULL) is empty");
    free(early);
    lab_sim_free(s);
}

int main(void)
{
    deadlock_of_two_spinners();
    spin_for_a_lock_the_cpu_holds();
    interrupt_spins_and_gets_it();
    context_ends_holding();
    spinning_with_nothing_left();
    sleepers_owning_each_others_locks();
    loops_that_take_no_time();
    the_issue_deadlock();
    interrupts_faster_than_phases();
    after_a_stall();
    return h_finish("stall");
}
