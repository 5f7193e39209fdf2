/*
 * mechanisms.c -- the engine's mechanisms, each defined once (kernel_api.h: Mechanism).
 *
 * A kernel's own mechanisms are in its folder, in its record's `mechanisms`; these are
 * the ones the engine implements for every kernel that asks: the spinlock algorithms
 * (spinlock.c), the blocking locks' wake policies (blocking_lock.c), delegation to a
 * server CPU through the kernels' request queues (request_queue.c), the scheduler
 * (engine.c), cache lines (cache_line.c) and resource affinity domains (machine.c). The service
 * kernel's combining and partitioning are its own (kernels/service/).
 *
 * Two behaviours never share a name: a wake-one that hands the lock over and one that
 * leaves it free are two mechanisms, and so are delegation whose caller waits for the
 * answer and delegation whose caller goes on.
 *
 * Their `when` is NULL here: which kernels use each, and in which scenarios, is the
 * kernels' to say (Kernel.uses, MechanismUse), and the schema puts it together.
 */
#include "model.h"

const Mechanism LAB_ENGINE_MECHANISMS[] = {
    { "spin-test-and-set", "Test-and-set spinlock",
      NULL,
      MDOC("A CPU that finds the lock held spins on its word. At a release every spinner re-reads the "
           "line and races with an atomic: the handoff costs 2 + k line transfers with k spinners, and any "
           "spinner may win (on a machine of several RADs the nearest wins more often)."),
      MDOC("AIX 4.1 simple_lock(), the spin lock SNA Server/6000 moved to from lockl() (source 001); "
           "the model's stand-in for OpenVMS's \"traditional acquisition algorithm\" while contention is low (source 004, "
           "which names it but does not describe it); "
           "Linux spinlocks before 2.6.25 (Boyd-Wickizer, Kaashoek, Morris, Zeldovich, \"Non-scalable locks "
           "are dangerous\", Linux Symposium 2012).") },
    { "spin-ticket", "Ticket spinlock",
      NULL,
      MDOC("First come, first served: each spinner takes a number and spins on the shared word until it is "
           "served. After a release the spinners re-read in turn until the next one has seen its number: "
           "1 + (k + 1) / 2 transfers with k spinners, so a saturated ticket lock passes fewer requests a "
           "second as spinners are added (its collapse)."),
      MDOC("Linux x86 ticket spinlocks, 2.6.25 to 4.1, whose collapse Boyd-Wickizer, Kaashoek, Morris and "
           "Zeldovich measured (\"Non-scalable locks are dangerous\", Linux Symposium 2012).") },
    { "spin-mcs", "MCS queue lock",
      NULL,
      MDOC("A queue lock: each spinner spins on a line of its own and the release writes the next one's "
           "line, one transfer per handoff however many wait; first come, first served."),
      MDOC("Mellor-Crummey and Scott, \"Algorithms for Scalable Synchronization on Shared-Memory "
           "Multiprocessors\", ACM TOCS 1991; Linux's queued spinlock (qspinlock, since 4.2) queues its "
           "waiters on MCS nodes.") },
    { "spin-fair", "OpenVMS fair spinlock",
      NULL,
      MDOC("Test-and-set while fewer than kernel.fair_after_waiters CPUs spin; from then on first come, "
           "first served, a release costing what a ticket lock's does. The threshold and the release's "
           "cost are the model's choice: the source gives neither."),
      MDOC("OpenVMS spinlocks as Covert described them in 2002 (the slide names no version): \"traditional acquisition algorithm behavior until "
           "high lock contention is detected\", then \"extremely fair\", \"not just for NUMA; it is for all "
           "platforms\" (source 004, \"Spinlocks\").") },
    { "block-wake-all", "Blocking lock, wake all (the herd)",
      NULL,
      MDOC("A thread that finds the lock held sleeps and its CPU runs another thread. A release puts "
           "every sleeper on the run queue, paying a wake-up's work for each (a kernel's own cost field: "
           "sna.costs.lock_wakeup, the model's price for AIX's e_wakeup, which the source does not price; none for the service kernel); each is dispatched (a "
           "context switch), the first takes the lock and the others miss and sleep again: k sleepers, k - 1 "
           "futile wake-ups."),
      MDOC("AIX lockl(), the blocking lock SNA Server/6000 was ported with (source 001, \"The Thundering "
           "Herd\").") },
    { "block-wake-one", "Blocking lock, wake one (futex mutex)",
      NULL,
      MDOC("A release leaves the lock free and wakes the longest sleeper to try again; a thread already "
           "running may take the lock first, and then the woken one misses and sleeps again, at the back."),
      MDOC("A mutex over a futex, as glibc's pthread mutex and Linux's futex-based locks (Drepper, "
           "\"Futexes Are Tricky\", 2011).") },
    { "block-handoff", "Blocking lock, direct hand-off",
      NULL,
      MDOC("A release hands the lock to the longest sleeper and makes it ready: nobody else wakes, but "
           "the lock stays held while its new owner waits for a CPU."),
      MDOC("Linux's mutex hands the lock to a waiter that has waited too long (the hand-off flag, Linux "
           "4.10, kernel/locking/mutex.c). For SNA Server/6000 it is the model's alternative: the source "
           "replaced lockl() with simple_lock(), not with a hand-off. OpenOnload's stack lock, for a "
           "sender that cannot pre-queue, is one in the model: the talk (source 002) says a thread may "
           "sleep for the stack lock, not how it is woken.") },
    { "delegation-posted", "Posted delegation (KRPs to a designated CPU)",
      NULL,
      MDOC("A caller packages its critical-section work as a request, queues it for one server CPU and "
           "goes on without waiting: its I/O is complete when the request is queued. The engine's request "
           "queue starts a fork thread on the server CPU (after an IPI) when it was empty; the fork thread "
           "runs every queued request, first come, first served."),
      MDOC("The OpenVMS TCP/IP Scalable Kernel: TCPIP_KRPs queued to the designated TCP/IP CPU, the I/O "
           "posted as soon as the KRP is queued (source 000).") },
    { "delegation-synchronous", "Synchronous delegation (a server CPU; the caller waits)",
      NULL,
      MDOC("A caller queues its request for one server CPU and busy-waits for the answer before it goes "
           "on; the shared state stays in the server's cache."),
      MDOC("OpenVMS's dedicated-CPU lock manager (V7.2-2 and V7.3): $ENQ/$DEQ create a request packet, the "
           "process spins at IPL 2 for the completion status, the LCKMGR_SERVER process on one CPU serves "
           "them (source 004); remote core locking (Lozi, David, Thomas, Lawall, Muller, USENIX ATC 2012); "
           "ffwd (Roghanchi, Eriksson, Basu, SOSP 2017).") },
    { "scheduler-run-queue", "Run queue under the SCHED spinlock",
      NULL,
      MDOC("Runnable threads wait in one run queue (or their CPU's or RAD's own); a woken thread goes "
           "straight to an idle CPU when there is one. Dispatching a thread is a context switch, and the "
           "OpenVMS kernels take the SCHED spinlock for it and for every wake-up."),
      MDOC("The OpenVMS scheduler's SCHED spinlock, taken to make a process computable and to switch to "
           "it (source 004 lists \"MUTEX without SCHED spinlock\" among V7.3's changes); the AIX run queue "
           "the herd goes to (source 001). Sched.affinity and numa.placement are documented behaviour of "
           "each: soft affinity to the last CPU, SET PROCESS/AFFINITY, the home RAD (source 004).") },
    { "cache-line-transfer", "Cache-line transfers and false sharing",
      NULL,
      MDOC("A lock word (and the service kernel's shared state) lives in a cache line owned by the CPU that "
           "last wrote it; writing it elsewhere first moves the line (machine.cache_transfer_ns). Two locks "
           "in one line share that traffic, and spinners on one re-read after writes to the other."),
      MDOC("The \"cache consistency storm\" of two hot locks in one 32-byte line of the RS/6000 (source "
           "001, V7); the GS160's cross-QBB line transfers (source 004).") },
    { "rad-distance", "Resource affinity domains (NUMA distances)",
      NULL,
      MDOC("With several RADs a line or a copy costs what the distance costs: within a RAD "
           "machine.cache_transfer_ns, between RADs machine.remote_transfer_ns and a directory look-up at "
           "the line's home; a test-and-set race favours the spinners nearest the line."),
      MDOC("The AlphaServer GS80/160/320's quad building blocks, seen by OpenVMS V7.2-1H1 as RADs "
           "(source 004, \"Resource Affinity Domain\").") },
    { NULL, NULL, NULL, NULL, NULL }
};
