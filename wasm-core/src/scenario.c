/*
 * scenario.c -- the scenario fields: names, units, ranges, defaults and meaning.
 *
 * This table is the single source of truth for what a scenario is. The TypeScript
 * side receives it through lab_schema_json() and builds its JSON Schema, its forms
 * and its documentation from it; the C side checks every value against it again.
 * Each field's doc says what it is in the real system, in the sources' words.
 * The defaults are the calibrated GS160 testbed (lessons/scenarios/testbed-classic.json).
 */
#include <stdlib.h>
#include <string.h>
#include "internal.h"

static const char *const KERNEL_NAMES[] = { "classic", "scalable", "sna", "numa", "onload", "hpux", NULL };
static const char *const HP_INTERFACE_NAMES[] = { "nio_fddi", "eisa_fddi", "lo0", "lan0_loopback", NULL };
static const char *const HP_CALL_NAMES[] = { "send", "write", NULL };
static const char *const HP_ALIGN_NAMES[] = { "page", "unaligned", NULL };
static const char *const NET_TEST_NAMES[] = { "pingpong", "udp_send", "udp_receive", "tcp_stream", NULL };
static const char *const NET_STACK_NAMES[] = { "kernel", "onload", "vnic", NULL };
static const char *const NET_STACKS_NAMES[] = { "per_process", "shared", NULL };
static const char *const OFF_ON_NAMES[] = { "off", "on", NULL };
static const char *const IRQ_CPU_NAMES[] = { "app_core", "other_core", NULL };
static const char *const PLACEMENT_NAMES[] = { "none", "home_rad", "cpu_affinity", NULL };
static const char *const RO_DATA_NAMES[] = { "one_rad", "per_rad", "striped", NULL };
static const char *const RW_DATA_NAMES[] = { "one_rad", "striped", NULL };
static const char *const LCKMGR_NAMES[] = { "ordinary", "dedicated", NULL };
static const char *const AFFINITY_NAMES[] = { "last_cpu", "none", "bind_kprocs", NULL };
static const char *const SNA_LOCK_NAMES[] = { "lockl", "wake_one", "simple", NULL };
static const char *const GRANULARITY_NAMES[] = { "region", "data", NULL };
static const char *const COPY_NAMES[] = { "inside_lock", "outside_lock", NULL };
static const char *const SEARCH_NAMES[] = { "list", "hash", NULL };
static const char *const SNAIPCM_NAMES[] = { "hash_table", "passed", NULL };
static const char *const LINES_NAMES[] = { "shared", "separate", NULL };
static const char *const POST_NAMES[] = { "under_lock", "after_unlock", NULL };
static const char *const ALLOC_NAMES[] = { "xmalloc", "pool", NULL };
static const char *const TABLE_LOCK_NAMES[] = { "table", "buckets", NULL };
static const char *const LOCK_NAMES[] = { "tas", "ticket", "fair", NULL };
static const char *const DIST_NAMES[] = { "const", "exp", "uniform", NULL };

#define NS_MAX 1.0e10   /* ten seconds: more than any single cost can sensibly be */

/* A cost that is constant unless the scenario says otherwise (the network benchmark's
 * per-call costs: the talk gives averages of a million round trips). */
#define DIST_C(path, mean, doc) \
    { path ".dist", FT_ENUM, "", 0, 2, DIST_CONST, DIST_NAMES, \
      "Distribution of " doc ": const (always the mean), exp (exponential) or uniform (mean +- spread)." }, \
    { path ".mean_ns", FT_NUMBER, "ns", 0, NS_MAX, mean, NULL, "Mean " doc ", in nanoseconds; 0 switches it off." }, \
    { path ".spread_ns", FT_NUMBER, "ns", 0, NS_MAX, 0, NULL, \
      "Half-width of the uniform distribution of " doc ", in nanoseconds (at most the mean)." }

#define DIST(path, mean, doc) \
    { path ".dist", FT_ENUM, "", 0, 2, DIST_EXP, DIST_NAMES, \
      "Distribution of " doc ": const (always the mean), exp (exponential) or uniform (mean +- spread)." }, \
    { path ".mean_ns", FT_NUMBER, "ns", 0, NS_MAX, mean, NULL, "Mean " doc ", in nanoseconds; 0 switches it off." }, \
    { path ".spread_ns", FT_NUMBER, "ns", 0, NS_MAX, 0, NULL, \
      "Half-width of the uniform distribution of " doc ", in nanoseconds (at most the mean)." }

static const FieldDesc FIELDS[F_COUNT] = {
    { "machine.cpus", FT_INT, "CPUs", 1, LAB_MAX_CPUS, 16, NULL,
      "Number of CPUs in the symmetric multiprocessor (the GS160 testbed had 16)." },
    { "machine.interrupt_cpu", FT_INT, "CPU", 0, LAB_MAX_CPUS - 1, 0, NULL,
      "CPU that takes the network adapter's interrupts (received packets, timers, disk completions)." },
    { "machine.cache_transfer_ns", FT_NUMBER, "ns", 0, 100000, 1000, NULL,
      "Time to move a spinlock's cache line from one CPU to another. Spinners re-reading the line "
      "after a release make a handoff cost several transfers (about a microsecond each across GS160 building blocks). "
      "With several RADs, this is the cost within one RAD." },
    { "machine.rads", FT_INT, "RADs", 1, LAB_MAX_RADS, 1, NULL,
      "Resource affinity domains: the quad building blocks (QBBs) of an AlphaServer GS, each with its CPUs, "
      "memory and I/O. The CPUs are divided among them in order (GS80: 2, GS160: 4, GS320: 8). "
      "1 is a machine with uniform memory access, as the OpenVMS TCP/IP testbed was modelled." },
    { "machine.remote_transfer_ns", FT_NUMBER, "ns", 0, 100000, 3000, NULL,
      "With several RADs: time to move a cache line between CPUs of different RADs. A CPU outside the "
      "line's home RAD also asks the home RAD's directory first (half this again)." },
    { "machine.memory_local_ns_per_kb", FT_NUMBER, "ns", 0, 1.0e6, 250, NULL,
      "Copying one KiB from memory in the CPU's own RAD." },
    { "machine.memory_remote_ns_per_kb", FT_NUMBER, "ns", 0, 1.0e6, 750, NULL,
      "Copying one KiB from memory in another RAD (crossing the global switch)." },

    { "kernel.kind", FT_ENUM, "", 0, 5, KERNEL_CLASSIC, KERNEL_NAMES,
      "classic: every CPU takes the TCP/IP global spinlock (I/O lock 8) to enter kernel context. "
      "hpux: HP-UX 9.0 on HP 9000 Series 800 machines, a TCP stream over NIO FDDI or the loopback "
      "interface, with checksum offload and copy avoidance (the hpux.* fields and the net.* costs; "
      "one CPU per host). "
      "onload: two hosts back to back running a network benchmark over the Linux kernel stack, the "
      "OpenOnload user-level stack or a raw virtual NIC (the net.* fields; half the CPUs are each host's). "
      "numa: OpenVMS on an AlphaServer GS: batch processes reading records from RAM disks and calling "
      "the lock manager, placed in resource affinity domains (the numa.* fields). "
      "scalable: process context queues kernel request packets (KRPs) to the designated TCP/IP CPU. "
      "sna: SNA Server/6000 on an AIX SMP (TP threads, Half Session and DLC kprocs; the sna.* fields)." },
    { "kernel.designated_cpu", FT_INT, "CPU", -1, LAB_MAX_CPUS - 1, -1, NULL,
      "Scalable Kernel: the designated TCP/IP CPU that runs every IPL 8 fork thread, first come first served; "
      "-1 means the last CPU (so a sweep over machine.cpus keeps it apart from the interrupt CPU)." },
    { "kernel.lock_kind", FT_ENUM, "", 0, 2, LOCK_TAS, LOCK_NAMES,
      "Spinlock algorithm: tas (test-and-set, any spinner may win, every spinner's retry moves the line; "
      "with several RADs the CPUs nearest the line win more often), ticket (first come first served, "
      "only the next in line needs the line), or fair (OpenVMS on the GS series: test-and-set until "
      "kernel.fair_after_waiters CPUs spin, then first come first served)." },
    { "kernel.fair_after_waiters", FT_INT, "CPUs", 1, LAB_MAX_CPUS, 3, NULL,
      "kernel.lock_kind fair: the number of spinning CPUs at which high contention is detected and "
      "acquisition turns first come first served." },

    { "workload.processes", FT_INT, "processes", 0, LAB_MAX_PROCESSES, 128, NULL,
      "Application processes, each with its own socket, doing transactions." },
    DIST("workload.think", 0, "think time off the CPU before each transaction"),
    DIST("workload.user_work", 250000, "application (user mode) work per transaction"),
    { "workload.writes_per_txn", FT_INT, "writes", 0, 16, 1, NULL,
      "Socket writes per transaction (each sends one message)." },
    { "workload.reads_per_txn", FT_INT, "reads", 0, 16, 1, NULL,
      "Socket reads per transaction; the peer answers the transaction's last write with this many messages." },
    { "workload.message_bytes", FT_INT, "bytes", 1, 65536, 1024, NULL,
      "Size of each message written and read." },

    { "network.mss_bytes", FT_INT, "bytes", 64, 65536, 1460, NULL,
      "Maximum segment size: a message of more bytes goes out and comes in as several packets." },
    DIST("network.reply_latency", 200000, "time from a transaction's request leaving to its replies arriving"),
    { "network.background_rx_pps", FT_NUMBER, "packets/s", 0, 1.0e7, 0, NULL,
      "Packets arriving unasked (Poisson), processed by the stack and discarded." },
    { "network.timer_interval_ns", FT_NUMBER, "ns", 0, 1.0e10, 10000000, NULL,
      "Period of the TCP/IP timer, whose expiry needs kernel context; 0 switches timers off." },
    { "network.disk_io_per_s", FT_NUMBER, "I/O/s", 0, 1.0e6, 2000, NULL,
      "Disk I/O completions per second (Poisson); their fork threads also take I/O lock 8." },

    DIST("costs.syscall", 8000, "process-context work per read or write (the cradle), outside any lock"),
    DIST("costs.copy_per_kb", 917, "copying one KiB between a user buffer and MBUFs"),
    DIST("costs.kernel_write", 326, "kernel-context work per write (append to the socket, tcp_output), under the TCP/IP global lock"),
    DIST("costs.kernel_read", 311, "kernel-context work per read (socket bookkeeping, window update), under the TCP/IP global lock"),
    DIST("costs.rx_interrupt", 1678, "the adapter's interrupt service per received packet"),
    DIST("costs.rx_kernel", 553, "kernel-context work per received packet (IP and TCP input), under the TCP/IP global lock"),
    DIST("costs.timer_kernel", 20000, "kernel-context work per TCP/IP timer expiry"),
    DIST("costs.disk_kernel", 5000, "I/O lock 8 hold time per disk I/O completion"),
    DIST("costs.krp_setup", 1021, "allocating, filling and queueing one TCPIP_KRP (Scalable Kernel)"),
    DIST("costs.fork_dispatch", 854, "creating and dispatching an IPL 8 fork thread"),
    DIST("costs.wake", 577, "waking a process waiting for data, under the SCHED spinlock"),
    DIST("costs.context_switch", 2550, "a context switch, under the SCHED spinlock"),
    DIST("costs.io_post", 2000, "posting an I/O completion to the process"),
    DIST("costs.db_cold", 1600, "cache misses when a CPU enters kernel context and the TCP/IP database was last touched by another CPU"),
    DIST("costs.ipi", 9650, "delay of the interprocessor interrupt that starts a fork thread on another CPU (no CPU time; KRPs queued meanwhile join the batch)"),

    { "sched.affinity", FT_ENUM, "", 0, 2, AFF_LAST_CPU, AFFINITY_NAMES,
      "Where a woken thread runs: last_cpu (its last CPU if idle, else any idle one: AIX's attempt at affinity), "
      "none (the lowest-numbered idle CPU), or bind_kprocs (each SNA Half Session kproc bound to one CPU, "
      "waiting for it even while others are idle)." },
    DIST("sched.cache_reload", 0, "refilling the cache when a thread is dispatched on another CPU than last time"),

    { "sna.sessions", FT_INT, "sessions", 1, 400, 150, NULL,
      "SNA sessions bouncing an RU back and forth with their partners in the background (the source ran 150)." },
    DIST("sna.partner_latency", 100000000, "time from an RU leaving to the partner's answer arriving (the link and the remote machine)"),
    { "sna.transfer_bytes", FT_INT, "bytes", 1024, 16777216, 1048576, NULL,
      "Size of the measured transfer, sent over its own token ring while the sessions run (the source sent 1 MB)." },
    { "sna.ru_bytes", FT_INT, "bytes", 256, 65536, 2048, NULL,
      "Request unit size: the sessions' ping-pong buffer and each piece of the measured transfer (2 KB in the source)." },
    { "sna.pacing_window", FT_INT, "RUs", 1, 64, 4, NULL,
      "Pacing: RUs of the measured transfer that may be sent before the partner answers." },
    { "sna.link_bits_per_s", FT_NUMBER, "bits/s", 100000, 1.0e10, 16000000, NULL,
      "Speed of the measured transfer's token ring (16 Mbit/s in the source)." },
    DIST("sna.pacing_latency", 1000000, "time from an RU of the measured transfer reaching the partner to its pacing response arriving"),
    { "sna.lock_kind", FT_ENUM, "", 0, 2, SNA_LOCKL, SNA_LOCK_NAMES,
      "SNA's locks: lockl (blocking; a release wakes every sleeper: the thundering herd), wake_one "
      "(a release hands the lock to the longest sleeper), or simple (AIX 4.1 simple_lock: spin)." },
    { "sna.granularity", FT_ENUM, "", 0, 1, 0, GRANULARITY_NAMES,
      "region: one Half Session lock around the whole path; data: a lock per session's data, and the "
      "connection table under its own lock." },
    { "sna.copy", FT_ENUM, "", 0, 1, 0, COPY_NAMES,
      "Copying the TP's data between user space and the mbuf inside the critical section, or outside it." },
    { "sna.search", FT_ENUM, "", 0, 1, 0, SEARCH_NAMES,
      "The connection table searched under the lock: a linked list (half the sessions on average) or a hash table." },
    { "sna.snaipcm", FT_ENUM, "", 0, 1, 0, SNAIPCM_NAMES,
      "MBUF_SNAIPCM: each lookup through a hash table behind its own lock, or the mapping made when the "
      "mbuf arrives passed along with it (no lock calls)." },
    { "sna.lock_lines", FT_ENUM, "", 0, 1, 0, LINES_NAMES,
      "The per-CPU pool locks declared side by side in one 32-byte cache line (false sharing), or each in its own line." },
    { "sna.post", FT_ENUM, "", 0, 1, 0, POST_NAMES,
      "et_post of the next thread while still holding the lock it will need, or after releasing it." },
    { "sna.alloc", FT_ENUM, "", 0, 1, 0, ALLOC_NAMES,
      "Memory for each RU: xmalloc from the kernel heap behind a system lock, or SNA's own pool of "
      "same-size chunks (one per CPU, each with its own lock)." },
    { "sna.table_lock", FT_ENUM, "", 0, 1, 0, TABLE_LOCK_NAMES,
      "With data locks, the connection table under one lock or a lock per hash bucket (deferred in the source)." },
    { "sna.snaipcm_lookups", FT_INT, "lookups", 0, 16, 4, NULL,
      "MBUF_SNAIPCM calls on each pass through a locked section (with sna.snaipcm = hash_table)." },
    DIST("sna.costs.tp_work", 100000, "the Transaction Program's own work per RU (user mode)"),
    DIST("sna.costs.hs_work", 60000, "Half Session transmission control per RU, in the critical section"),
    DIST("sna.costs.dlc_send", 50000, "the DLC device driver and adapter per RU sent, on the HS thread"),
    DIST("sna.costs.dlc_recv", 30000, "the DLC kproc per received frame"),
    DIST("sna.costs.list_entry", 500, "visiting one entry of the linked-list connection table"),
    DIST("sna.costs.hash_search", 2000, "finding a session in the hash-table connection table"),
    DIST("sna.costs.snaipcm_lookup", 3000, "one MBUF_SNAIPCM lookup in the hash table"),
    DIST("sna.costs.xmalloc", 15000, "xmalloc or xmfree from the kernel heap, under the heap's system lock"),
    DIST("sna.costs.pool_alloc", 2000, "taking a chunk from, or giving it back to, SNA's own pool"),
    DIST("sna.costs.post", 8000, "et_post of another thread"),

    { "numa.placement", FT_ENUM, "", 0, 2, PLACE_HOME_RAD, PLACEMENT_NAMES,
      "Where the batch processes run: none (any CPU; their private memory in one RAD each, round robin), "
      "home_rad (SET PROCESS/RAD=HOME: any CPU of its home RAD, round robin over the RADs), or "
      "cpu_affinity (hard affinity to one CPU: a warm cache, but only that CPU will ever run it)." },
    { "numa.records", FT_INT, "records", 0, 1.0e7, 0, NULL,
      "Records each analysis process handles in the run; 0 runs without end (for steady-state measurements)." },
    { "numa.reporter_records", FT_INT, "records", 0, 1.0e7, 0, NULL,
      "Records of the single-threaded reporter process, all on read-write data; 0: no reporter." },
    { "numa.reporter_cpu", FT_INT, "CPU", -1, LAB_MAX_CPUS - 1, -1, NULL,
      "Hard CPU affinity for the reporter (the source put it in QBB 0); -1 places it like the others." },
    { "numa.io_per_record", FT_INT, "I/Os", 0, 64, 1, NULL,
      "RAM disk reads per record (RMS indexed files on a RAM disk)." },
    { "numa.io_kb", FT_INT, "KiB", 1, 1024, 8, NULL,
      "Bytes each RAM disk read copies from the RAM disk's memory, in KiB." },
    { "numa.readonly_pct", FT_NUMBER, "%", 0, 100, 70, NULL,
      "Share of the analysis processes' reads that go to read-only data (the rest to read-write data)." },
    { "numa.ro_data", FT_ENUM, "", 0, 2, DATA_ONE_RAD, RO_DATA_NAMES,
      "Where the read-only data lives: one_rad (one RAM disk, in numa.data_rad), per_rad (a RAM disk per QBB: "
      "every read is local), or striped (huge pages striped over the RADs)." },
    { "numa.rw_data", FT_ENUM, "", 0, 1, 0, RW_DATA_NAMES,
      "Where the read-write data lives: one_rad (in numa.data_rad) or striped (there is no copy per RAD: "
      "data that is written must have one home)." },
    { "numa.data_rad", FT_INT, "RAD", 0, LAB_MAX_RADS - 1, 0, NULL,
      "The RAD whose memory holds data kept in one RAD." },
    { "numa.locks_per_record", FT_INT, "lock operations", 0, 64, 10, NULL,
      "Lock manager operations ($ENQ and $DEQ) per record. RMS global buffers cut them (the source: "
      "from 150,000 to 45,000 a second)." },
    { "numa.lock_manager", FT_ENUM, "", 0, 1, LCKMGR_ORDINARY, LCKMGR_NAMES,
      "ordinary: every CPU runs $ENQ/$DEQ itself under the lock manager spinlock; dedicated (LCKMGR_MODE): "
      "requests become packets in a queue served by the LCKMGR_SERVER process with hard affinity to one CPU, "
      "while the caller spins at IPL 2 for the status." },
    { "numa.lckmgr_cpu", FT_INT, "CPU", -1, LAB_MAX_CPUS - 1, -1, NULL,
      "The dedicated lock manager's CPU (LCKMGR_CPUID); -1 means the last CPU of numa.data_rad." },
    { "numa.lockdb_lines", FT_INT, "lines", 0, 64, 6, NULL,
      "Cache lines of the lock database (in RAD 0's memory) that one lock operation writes; they move "
      "from the cache of the CPU that did the last lock operation." },
    { "numa.user_memory_pct", FT_NUMBER, "%", 0, 100, 20, NULL,
      "Share of the user work that waits for memory; it takes memory_remote/memory_local times longer "
      "when the process runs outside the RAD of its private memory." },
    { "numa.run_scale", FT_NUMBER, "", 1, 1.0e7, 1, NULL,
      "How many times larger the real run is than the modelled one: runtimes in minutes are the "
      "modelled runtime times this." },
    DIST("numa.costs.io", 20000, "the $QIO and RAM disk driver per read (kernel mode), besides the copy"),
    DIST("numa.costs.lock_op", 1500, "the lock manager's own work per operation, besides its cache misses"),
    DIST("numa.costs.lock_request", 800, "building a lock request packet for the dedicated lock manager"),

    { "net.test", FT_ENUM, "", 0, 3, NET_PINGPONG, NET_TEST_NAMES,
      "The benchmark: pingpong (a message to the partner and back: half round-trip latency), udp_send "
      "(net.senders processes send to a sink: messages per second), udp_receive (a generator offers "
      "net.offered_pps packets to one receiver: delivered against offered), tcp_stream (one process "
      "streams to the partner: bandwidth against message size)." },
    { "net.stack", FT_ENUM, "", 0, 2, STACK_KERNEL, NET_STACK_NAMES,
      "kernel: the Linux kernel stack (system calls, interrupts, wake-ups, copies). onload: the "
      "user-level stack in the application's own context, talking to its virtual NIC directly, polled "
      "lazily with no interrupts until a thread blocks. vnic: a raw virtual NIC with no protocol at all, "
      "a prepared packet pinged back and forth: what is left is the hardware." },
    { "net.message_bytes", FT_INT, "bytes", 1, 1048576, 32, NULL,
      "Payload bytes of each message (each send call). UDP messages longer than net.mss are cut into "
      "packets; a TCP stream coalesces small sends into full segments." },
    { "net.mss", FT_INT, "bytes", 64, 9000, 1448, NULL,
      "Most payload bytes in one packet (TCP's maximum segment size with timestamps on 1500-byte Ethernet)." },
    { "net.senders", FT_INT, "processes", 1, LAB_NET_MAX_STACKS, 1, NULL,
      "udp_send: sending processes (or threads) on host A, one per CPU of host A in turn." },
    { "net.stacks", FT_ENUM, "", 0, 1, STACKS_PER_PROCESS, NET_STACKS_NAMES,
      "onload: per_process (each sender its own stack, virtual NIC and stack lock: no crosstalk; a stack "
      "per core) or shared (host A's senders are threads sharing one stack and its lock)." },
    { "net.prequeue", FT_ENUM, "", 0, 1, 1, OFF_ON_NAMES,
      "onload: a send that finds the stack lock taken puts its filled buffers on the lock-free pre-queue "
      "and returns; the holder sends them as deferred work before it lets go (on). off: it sleeps until "
      "the lock is free." },
    { "net.async_pool", FT_INT, "buffers", 0, 65536, 32, NULL,
      "onload: buffers in the pool a send may take without the stack lock; what waits on the pre-queue "
      "holds them. When the pool is empty, a send that finds the lock taken sleeps for it instead." },
    { "net.offered_pps", FT_NUMBER, "packets/s", 0, 2.0e7, 1.0e6, NULL,
      "udp_receive: packets per second the generator on host B offers (no faster than the wire carries)." },
    { "net.moderation_ns", FT_NUMBER, "ns", 0, 1.0e7, 0, NULL,
      "Interrupt moderation: the least time between two interrupts of a virtual NIC; an interrupt that "
      "would come sooner waits for a timer. 0 is off (an interrupt for every arrival while enabled)." },
    { "net.spin_ns", FT_NUMBER, "ns", 0, 1.0e10, 100000, NULL,
      "onload: how long a receive that finds nothing keeps polling the stack before it enables interrupts "
      "and blocks (the talk's test: 100 us; the product's default is 0, no spinning)." },
    { "net.watchdog_ns", FT_NUMBER, "ns", 0, 1.0e9, 500000, NULL,
      "onload: the NIC's watchdog: if packets wait and no one polled the stack for this long, it "
      "interrupts so the stack makes progress; 0 switches it off." },
    { "net.irq_cpu", FT_ENUM, "", 0, 1, IRQ_APP_CORE, IRQ_CPU_NAMES,
      "Which CPU takes a virtual NIC's interrupts: app_core (the CPU its application is bound to) or "
      "other_core (the next CPU of that host; needs at least 2 CPUs per host)." },
    { "net.link_bits_per_s", FT_NUMBER, "bits/s", 1.0e6, 1.0e11, 1.0e10, NULL,
      "The link's rate (10 Gb/s Ethernet, back to back)." },
    { "net.nic_max_pps", FT_NUMBER, "packets/s", 1000, 1.0e9, 4.0e6, NULL,
      "The most frames per second one NIC transmits, whatever their size (the talk's NIC: 4 million)." },
    { "net.hw_latency_ns", FT_NUMBER, "ns", 0, 1.0e8, 4130, NULL,
      "One way through the hardware besides serialization: doorbell and DMA over PCIe, both NICs, the PHYs "
      "and the cable (the talk measured 4.2 us half round trip for the raw virtual NIC)." },
    { "net.rx_ring", FT_INT, "descriptors", 1, 4096, 512, NULL,
      "Receive descriptors of a virtual NIC: packets waiting to be processed; the NIC drops what does not fit." },
    { "net.tx_ring", FT_INT, "descriptors", 1, 4096, 512, NULL,
      "Transmit descriptors of a NIC: a sender waits when that many frames are queued to go." },
    { "net.socket_packets", FT_INT, "packets", 1, 65536, 256, NULL,
      "Packets a socket's receive queue holds (its receive buffer); one more is dropped after the stack's work on it." },
    { "net.window_bytes", FT_INT, "bytes", 1448, 16777216, 262144, NULL,
      "tcp_stream: bytes the sender may have unacknowledged (the receive window)." },
    DIST_C("net.costs.syscall", 300, "entering and leaving the kernel for one socket call"),
    DIST_C("net.costs.kernel_send", 500, "the kernel's UDP and IP output for one message, outside the device's lock"),
    DIST_C("net.costs.kernel_tcp_send", 400, "tcp_sendmsg appending one call's data to the send queue"),
    DIST_C("net.costs.kernel_tx_packet", 1200, "the queueing discipline and driver for one packet, under the device's transmit queue lock"),
    DIST_C("net.costs.kernel_tcp_segment", 350, "TCP output and the driver for one segment, under the device's transmit queue lock (checksum and segmentation offloaded to the NIC)"),
    DIST_C("net.costs.irq", 1500, "taking one interrupt: entry, the driver's handler, scheduling the receive work, exit"),
    DIST_C("net.costs.kernel_rx_packet", 250, "the kernel's IP and UDP or TCP input for one packet, in the interrupt"),
    DIST_C("net.costs.kernel_recv", 1200, "the receive call's work on the socket, besides the system call and the copy"),
    DIST_C("net.costs.wake", 550, "waking a thread blocked on the socket"),
    DIST_C("net.costs.context_switch", 1500, "switching to a woken thread, caches included"),
    DIST_C("net.costs.copy_per_kb", 300, "copying one KiB between the application's buffer and the stack's"),
    DIST_C("net.costs.onload_intercept", 50, "the preload library intercepting one socket call"),
    DIST_C("net.costs.onload_send", 250, "the user-level stack's UDP and IP output for one message, under the stack lock"),
    DIST_C("net.costs.onload_tcp_send", 250, "the user-level stack appending one call's data to a TCP send queue"),
    DIST_C("net.costs.onload_tx_packet", 150, "putting one packet on the virtual NIC's transmit ring and ringing its doorbell"),
    DIST_C("net.costs.onload_poll", 100, "one stack poll: reading the NIC's event queue, refilling the rings"),
    DIST_C("net.costs.onload_rx_packet", 200, "the user-level stack's protocol processing of one received packet"),
    DIST_C("net.costs.onload_recv", 300, "the receive call's work on a user-level socket, besides the copy"),
    DIST_C("net.costs.atomic", 50, "a bus-locked atomic operation (the shared buffer pool, the pre-queue)"),
    DIST_C("net.costs.app_work", 0, "the receiving application's own work on each message (user mode), "
           "away from the network: a lazily polled stack is not polled meanwhile"),

    { "hpux.interface", FT_ENUM, "", 0, 3, HP_NIO_FDDI, HP_INTERFACE_NAMES,
      "The interface the TCP stream runs over. nio_fddi: two hosts on an FDDI ring through the NIO FDDI "
      "card, which computes TCP checksums and supports copy avoidance both ways; eisa_fddi: the same ring "
      "through a card with neither; lo0: one host, the loopback interface, which offloads checksums; "
      "lan0_loopback: one host, a connection to its own address routed through its Ethernet, looped back "
      "without checksum offload (add a host route to 127.0.0.1 to get lo0). Loopback needs machine.cpus 1; "
      "FDDI one CPU per host (2)." },
    { "hpux.send_copyavoid", FT_ENUM, "", 0, 1, 0, OFF_ON_NAMES,
      "SO_SND_COPYAVOID: the sender asks for copy avoidance. A send of page-aligned whole pages is then "
      "lent to the transport copy-on-write until acknowledged instead of copied (on an interface that "
      "supports it)." },
    { "hpux.recv_copyavoid", FT_ENUM, "", 0, 1, 0, OFF_ON_NAMES,
      "SO_RCV_COPYAVOID: the receiver asks for copy avoidance: received pages are swapped into its "
      "page-aligned buffer (page remapping) instead of copied." },
    { "hpux.send_call", FT_ENUM, "", 0, 1, HP_SEND, HP_CALL_NAMES,
      "The sender's call: send(2), or write(2), which HP-UX 9.0 never copy-avoids (checksum offload "
      "still works)." },
    { "hpux.send_buffers", FT_INT, "buffers", 1, LAB_HP_MAX_BUFFERS, 1, NULL,
      "How many send buffers the sender cycles through, one send each, round robin. With copy "
      "avoidance the transport holds a buffer until its data is acknowledged; writing into it before "
      "then forces a copy. SO_SNDBUF / send size + 1 buffers are never written while held." },
    { "hpux.dirty_bytes", FT_INT, "bytes", 0, 1048576, 4, NULL,
      "Bytes the sender writes into each send buffer just before sending it (4: the first word). "
      "Written bytes are dirty in the data cache and must be flushed before the card reads them." },
    { "hpux.recv_dirty_bytes", FT_INT, "bytes", 0, 1048576, 0, NULL,
      "Bytes the receiver writes into its receive buffer before each receive call. With page "
      "remapping its dirty lines are purged (marked invalid), not flushed." },
    { "hpux.alignment", FT_ENUM, "", 0, 1, HP_PAGE_ALIGNED, HP_ALIGN_NAMES,
      "Whether the applications' buffers start on a page boundary. Copy avoidance needs page-aligned "
      "buffers of whole pages: anything else is copied." },
    { "hpux.page_bytes", FT_INT, "bytes", 512, 65536, 4096, NULL,
      "The virtual memory page size (PA-RISC: 4 KiB). Sends and receives that are not whole pages are "
      "copied." },
    { "hpux.cache_line_bytes", FT_INT, "bytes", 4, 512, 32, NULL,
      "The data cache's line: a write dirties whole lines, and whole lines are flushed or purged." },
    { "hpux.so_sndbuf", FT_INT, "bytes", 1024, 1048576, 32768, NULL,
      "SO_SNDBUF: the send socket buffer. It holds the data sent and not yet acknowledged (copied, or "
      "lent copy-on-write); a send that does not fit blocks until an acknowledgement frees room." },
    DIST_C("hpux.costs.copy_per_kb", 61440, "copying one KiB between the application's buffer and the kernel's"),
    DIST_C("hpux.costs.checksum_per_kb", 61440, "computing the Internet checksum over one KiB in the host"),
    DIST_C("hpux.costs.flush_per_kb", 6144, "flushing one KiB of dirty data cache lines to memory before the card reads it"),
    DIST_C("hpux.costs.purge_per_kb", 2048, "purging (invalidating) one KiB of cache lines: received data before the CPU "
           "reads it, or an application's dirty buffer whose page is replaced"),
    DIST_C("hpux.costs.write_per_kb", 20480, "the application writing one KiB of its buffer (user mode)"),
    DIST_C("hpux.costs.cow_map_per_page", 8000, "lending one page to the transport copy-on-write: a second "
           "mapping, the page made read-only"),
    DIST_C("hpux.costs.cow_fault", 25000, "the protection fault when an application writes a page the transport "
           "holds, before its copy"),
    DIST_C("hpux.costs.cow_release_per_page", 4000, "giving one lent page back when its data is acknowledged"),
    DIST_C("hpux.costs.remap_per_page", 12000, "swapping one received page into the application's buffer"),
    DIST_C("hpux.costs.ack", 30000, "TCP input for one acknowledgement, in the sender's interrupt"),

    { "sim.seed", FT_INT, "", 0, 4294967295.0, 1, NULL,
      "Seed of the random number generator: the same scenario and seed give the same run." },
    { "sim.duration_ns", FT_NUMBER, "ns", 1000, 1.0e12, 400000000, NULL,
      "Simulated time to run, including the warm-up." },
    { "sim.warmup_ns", FT_NUMBER, "ns", 0, 1.0e12, 40000000, NULL,
      "Simulated time at the start that the metrics leave out." },
    { "sim.trace_capacity", FT_INT, "records", 0, 1 << 22, 0, NULL,
      "Size of the trace ring for the views, in records; 0 switches tracing off." },
};

const FieldDesc *lab_field(int index)
{
    return (index >= 0 && index < F_COUNT) ? &FIELDS[index] : NULL;
}

int lab_scenario_field_count(void) { return F_COUNT; }

int lab_scenario_field_index(const char *path)
{
    int i;
    if (!path) return -1;
    for (i = 0; i < F_COUNT; i++)
        if (strcmp(FIELDS[i].path, path) == 0) return i;
    return -1;
}

/* ---- messages ------------------------------------------------------------------ */

typedef struct Msg { char *buf; int len; } Msg;

static void m_str(Msg *m, const char *s)
{
    while (*s && m->len < LAB_MSG_LEN - 1) m->buf[m->len++] = *s++;
    m->buf[m->len] = '\0';
}

static void m_num(Msg *m, double v)
{
    char tmp[48];
    JsonW w;
    w.buf = tmp; w.cap = sizeof tmp; w.len = 0; w.last = 0;
    jw_num(&w, v);
    m_str(m, tmp);
}

static void m_range(Msg *m, const FieldDesc *f)
{
    if (f->type == FT_ENUM) {
        int i;
        m_str(m, "one of ");
        for (i = 0; f->names[i]; i++) {
            if (i) m_str(m, ", ");
            m_str(m, f->names[i]);
        }
    } else {
        m_str(m, f->type == FT_INT ? "a whole number from " : "a number from ");
        m_num(m, f->min);
        m_str(m, " to ");
        m_num(m, f->max);
        if (f->unit[0]) { m_str(m, " "); m_str(m, f->unit); }
    }
}

static int fail(lab_Scenario *sc, int status, const FieldDesc *f, const char *value_text,
                double value, const char *why)
{
    Msg m;
    m.buf = sc->error; m.len = 0; sc->error[0] = '\0';
    m_str(&m, f ? f->path : "scenario");
    m_str(&m, ": ");
    if (value_text) { m_str(&m, "\""); m_str(&m, value_text); m_str(&m, "\""); }
    else if (f && f->type == FT_ENUM && value == (int)value && value >= 0 && value <= f->max)
        m_str(&m, f->names[(int)value]);
    else m_num(&m, value);
    m_str(&m, " ");
    m_str(&m, why);
    if (f && status != LAB_ERR_INCONSISTENT) { m_str(&m, "; allowed: "); m_range(&m, f); }
    return status;
}

/* ---- set, get, validate ---------------------------------------------------------- */

lab_Scenario *lab_scenario_new(void)
{
    lab_Scenario *sc = (lab_Scenario *)lab_alloc((int)sizeof *sc);
    int i;
    if (!sc) return NULL;
    for (i = 0; i < F_COUNT; i++) sc->v[i] = FIELDS[i].def;
    sc->error[0] = '\0';
    return sc;
}

void lab_scenario_free(lab_Scenario *sc) { lab_free(sc); }

static int check_value(lab_Scenario *sc, const FieldDesc *f, double value)
{
    if (value != value) return fail(sc, LAB_ERR_BAD_VALUE, f, NULL, 0, "is not a number");
    if (f->type != FT_NUMBER && value != (double)(int64_t)value)
        return fail(sc, LAB_ERR_BAD_VALUE, f, NULL, value, "is not a whole number");
    if (value < f->min || value > f->max)
        return fail(sc, LAB_ERR_RANGE, f, NULL, value, "is out of range");
    return LAB_OK;
}

int lab_scenario_set(lab_Scenario *sc, int field, double value)
{
    const FieldDesc *f = lab_field(field);
    int st;
    if (!sc) return LAB_ERR_BAD_VALUE;
    if (!f) {
        Msg m;
        m.buf = sc->error; m.len = 0;
        m_str(&m, "scenario: there is no field number ");
        m_num(&m, field);
        m_str(&m, "; fields are numbered from 0 to ");
        m_num(&m, F_COUNT - 1);
        return LAB_ERR_UNKNOWN_FIELD;
    }
    st = check_value(sc, f, value);
    if (st == LAB_OK) { sc->v[field] = value; sc->error[0] = '\0'; }
    return st;
}

static int parse_number(const char *s, double *out)
{
    /* strtod rounds correctly (glibc and musl alike), so "0.3" is the same double
     * native and in wasm; we only refuse what is not a plain decimal number. */
    char *end;
    const char *p = s;
    if (*p == '+' || *p == '-') p++;
    if (!((*p >= '0' && *p <= '9') || (*p == '.' && p[1] >= '0' && p[1] <= '9'))) return 0;
    for (; *p; p++)
        if (!((*p >= '0' && *p <= '9') || *p == '.' || *p == 'e' || *p == 'E' || *p == '+' || *p == '-'))
            return 0;
    *out = strtod(s, &end);
    return *end == '\0' && *out == *out && *out < 1e300 && *out > -1e300;
}

int lab_scenario_set_text(lab_Scenario *sc, const char *path, const char *text)
{
    int field = lab_scenario_field_index(path);
    const FieldDesc *f = lab_field(field);
    double v;
    if (!sc || !text) return LAB_ERR_BAD_VALUE;
    if (!f) {
        Msg m;
        m.buf = sc->error; m.len = 0;
        m_str(&m, path ? path : "(null)");
        m_str(&m, ": no such scenario field; the schema lists every field (npx stacklab --help)");
        return LAB_ERR_UNKNOWN_FIELD;
    }
    if (f->type == FT_ENUM) {
        int i;
        for (i = 0; f->names[i]; i++)
            if (strcmp(f->names[i], text) == 0) return lab_scenario_set(sc, field, i);
        return fail(sc, LAB_ERR_BAD_VALUE, f, text, 0, "is not a known name");
    }
    if (!parse_number(text, &v)) return fail(sc, LAB_ERR_BAD_VALUE, f, text, 0, "is not a number");
    return lab_scenario_set(sc, field, v);
}

double lab_scenario_get(const lab_Scenario *sc, int field)
{
    return (sc && field >= 0 && field < F_COUNT) ? sc->v[field] : 0.0 / 0.0;
}

const char *lab_scenario_error(const lab_Scenario *sc) { return sc ? sc->error : ""; }

int scenario_check_all(lab_Scenario *sc)
{
    int i, st;
    const double *v = sc->v;
    for (i = 0; i < F_COUNT; i++)
        if ((st = check_value(sc, &FIELDS[i], v[i])) != LAB_OK) return st;
    for (i = 0; i < F_COUNT; i++) {
        /* a uniform distribution may not reach below zero */
        if (FIELDS[i].names == DIST_NAMES && v[i] == DIST_UNIFORM && v[i + 2] > v[i + 1])
            return fail(sc, LAB_ERR_INCONSISTENT, &FIELDS[i + 2], NULL, v[i + 2],
                        "is larger than the mean: a uniform distribution would go below zero; "
                        "make spread_ns at most mean_ns");
    }
    if (v[F_INTERRUPT_CPU] >= v[F_CPUS])
        return fail(sc, LAB_ERR_INCONSISTENT, &FIELDS[F_INTERRUPT_CPU], NULL, v[F_INTERRUPT_CPU],
                    "is not a CPU of this machine: CPUs are numbered from 0 to machine.cpus - 1");
    if (v[F_DESIGNATED_CPU] >= v[F_CPUS])
        return fail(sc, LAB_ERR_INCONSISTENT, &FIELDS[F_DESIGNATED_CPU], NULL, v[F_DESIGNATED_CPU],
                    "is not a CPU of this machine: CPUs are numbered from 0 to machine.cpus - 1");
    if (v[F_KERNEL] == KERNEL_SNA && v[F_CPUS] > LAB_SNA_MAX_CPUS)
        return fail(sc, LAB_ERR_INCONSISTENT, &FIELDS[F_CPUS], NULL, v[F_CPUS],
                    "is more CPUs than the SNA model has (the RS/6000 J30 had up to 8); use at most 8 with kernel.kind sna");
    if (v[F_RADS] > v[F_CPUS])
        return fail(sc, LAB_ERR_INCONSISTENT, &FIELDS[F_RADS], NULL, v[F_RADS],
                    "is more RADs than CPUs: every RAD needs at least one CPU; lower machine.rads or add CPUs");
    if (v[F_NUMA_DATA_RAD] >= v[F_RADS])
        return fail(sc, LAB_ERR_INCONSISTENT, &FIELDS[F_NUMA_DATA_RAD], NULL, v[F_NUMA_DATA_RAD],
                    "is not a RAD of this machine: RADs are numbered from 0 to machine.rads - 1");
    if (v[F_NUMA_REPORTER_CPU] >= v[F_CPUS] || v[F_NUMA_LCKMGR_CPU] >= v[F_CPUS])
        return fail(sc, LAB_ERR_INCONSISTENT,
                    &FIELDS[v[F_NUMA_REPORTER_CPU] >= v[F_CPUS] ? F_NUMA_REPORTER_CPU : F_NUMA_LCKMGR_CPU], NULL,
                    v[F_NUMA_REPORTER_CPU] >= v[F_CPUS] ? v[F_NUMA_REPORTER_CPU] : v[F_NUMA_LCKMGR_CPU],
                    "is not a CPU of this machine: CPUs are numbered from 0 to machine.cpus - 1");
    if (v[F_KERNEL] == KERNEL_NUMA && v[F_NUMA_LOCK_MANAGER] == LCKMGR_DEDICATED && v[F_CPUS] < 2)
        return fail(sc, LAB_ERR_INCONSISTENT, &FIELDS[F_NUMA_LOCK_MANAGER], NULL, v[F_NUMA_LOCK_MANAGER],
                    "needs a CPU of its own: use at least 2 CPUs, or the ordinary lock manager");
    if (v[F_KERNEL] == KERNEL_ONLOAD && ((int)v[F_CPUS] % 2 != 0))
        return fail(sc, LAB_ERR_INCONSISTENT, &FIELDS[F_CPUS], NULL, v[F_CPUS],
                    "is odd: kernel.kind onload splits the CPUs between two hosts; use an even number (2 per host: 4)");
    if (v[F_KERNEL] == KERNEL_ONLOAD && v[F_NET_IRQ_CPU] == IRQ_OTHER_CORE && v[F_CPUS] < 4)
        return fail(sc, LAB_ERR_INCONSISTENT, &FIELDS[F_NET_IRQ_CPU], NULL, v[F_NET_IRQ_CPU],
                    "needs a second CPU on each host: use machine.cpus of at least 4, or app_core");
    if (v[F_KERNEL] == KERNEL_ONLOAD && v[F_NET_WINDOW] > v[F_NET_SOCKET_PACKETS] * v[F_NET_MSS])
        return fail(sc, LAB_ERR_INCONSISTENT, &FIELDS[F_NET_WINDOW], NULL, v[F_NET_WINDOW],
                    "is more than a socket holds (net.socket_packets x net.mss): the window is the receiver's free "
                    "buffer; lower the window or raise net.socket_packets");
    if (v[F_KERNEL] == KERNEL_HPUX && (v[F_HP_INTERFACE] == HP_LO0 || v[F_HP_INTERFACE] == HP_LAN0_LOOPBACK) && v[F_CPUS] != 1)
        return fail(sc, LAB_ERR_INCONSISTENT, &FIELDS[F_CPUS], NULL, v[F_CPUS],
                    "is not 1: a loopback connection runs on one HP 9000 with one CPU; set machine.cpus to 1, "
                    "or hpux.interface to nio_fddi for two hosts");
    if (v[F_KERNEL] == KERNEL_HPUX && (v[F_HP_INTERFACE] == HP_NIO_FDDI || v[F_HP_INTERFACE] == HP_EISA_FDDI) && v[F_CPUS] != 2)
        return fail(sc, LAB_ERR_INCONSISTENT, &FIELDS[F_CPUS], NULL, v[F_CPUS],
                    "is not 2: the FDDI test runs between two HP 9000s with one CPU each; set machine.cpus to 2, "
                    "or hpux.interface to lo0 for one host");
    if (v[F_KERNEL] == KERNEL_HPUX && v[F_HP_SNDBUF] < v[F_NET_MSS])
        return fail(sc, LAB_ERR_INCONSISTENT, &FIELDS[F_HP_SNDBUF], NULL, v[F_HP_SNDBUF],
                    "is smaller than one segment (net.mss): nothing could be sent; raise hpux.so_sndbuf or lower net.mss");
    if (v[F_KERNEL] == KERNEL_HPUX && v[F_NET_MESSAGE_BYTES] > v[F_HP_SNDBUF])
        return fail(sc, LAB_ERR_INCONSISTENT, &FIELDS[F_NET_MESSAGE_BYTES], NULL, v[F_NET_MESSAGE_BYTES],
                    "is larger than the send socket buffer (hpux.so_sndbuf): one send must fit in it; lower the send size");
    if (v[F_KERNEL] == KERNEL_HPUX && v[F_HP_SNDBUF] > v[F_NET_SOCKET_PACKETS] * v[F_NET_MSS])
        return fail(sc, LAB_ERR_INCONSISTENT, &FIELDS[F_HP_SNDBUF], NULL, v[F_HP_SNDBUF],
                    "is more than the receiver's socket holds (net.socket_packets x net.mss); lower it or raise net.socket_packets");
    if (v[F_WARMUP] >= v[F_DURATION])
        return fail(sc, LAB_ERR_INCONSISTENT, &FIELDS[F_WARMUP], NULL, v[F_WARMUP],
                    "is not shorter than sim.duration_ns: nothing would be measured; shorten the warm-up");
    sc->error[0] = '\0';
    return LAB_OK;
}

int lab_scenario_validate(lab_Scenario *sc)
{
    return sc ? scenario_check_all(sc) : LAB_ERR_BAD_VALUE;
}

/* ---- JSON: the resolved scenario, and the schema ----------------------------------- */

/* Writes the scenario as nested objects, following the dotted paths. */
void jw_scenario(JsonW *w, const double *v)
{
    char open[4][32];
    int depth = 0, i;
    jw_open(w, '{');
    for (i = 0; i < F_COUNT; i++) {
        const char *p = FIELDS[i].path;
        char part[4][32];
        int n = 0, k, common = 0;
        const char *s = p;
        while (*s && n < 4) {
            int len = 0;
            while (*s && *s != '.' && len < 31) part[n][len++] = *s++;
            part[n][len] = '\0';
            n++;
            if (*s == '.') s++;
        }
        while (common < depth && common < n - 1 && strcmp(open[common], part[common]) == 0) common++;
        while (depth > common) { jw_close(w, '}'); depth--; }
        for (k = depth; k < n - 1; k++) {
            jw_key(w, part[k]);
            jw_open(w, '{');
            strcpy(open[k], part[k]);
            depth++;
        }
        jw_key(w, part[n - 1]);
        if (FIELDS[i].type == FT_ENUM) jw_str(w, FIELDS[i].names[(int)v[i]]);
        else jw_num(w, v[i]);
    }
    while (depth > 0) { jw_close(w, '}'); depth--; }
    jw_close(w, '}');
}

static const char *const TRACE_KINDS[LAB_TRACE_KIND_COUNT] = {
    "mode", "spin", "acquire", "release", "krp_queue", "krp_start", "fork_create",
    "interrupt", "block", "wake", "dispatch", "transmit", "txn_done",
    "lock_sleep", "lock_wake", "futile_wake", "line_transfer", "post"
};

static const char *const MODE_NAMES[LAB_MODE_COUNT] = {
    "user", "kernel", "fork", "spin", "interrupt", "cswitch", "idle"
};

const char *lab_mode_name(int mode) { return (mode >= 0 && mode < LAB_MODE_COUNT) ? MODE_NAMES[mode] : "?"; }

int lab_schema_json(char *buf, int cap)
{
    JsonW w;
    int i, j, k;
    w.buf = buf; w.cap = buf ? cap : 0; w.len = 0; w.last = 0;
    jw_open(&w, '{');
    jw_key(&w, "version"); jw_int(&w, 1);
    jw_key(&w, "fields"); jw_open(&w, '[');
    for (i = 0; i < F_COUNT; i++) {
        const FieldDesc *f = &FIELDS[i];
        jw_open(&w, '{');
        jw_key(&w, "index"); jw_int(&w, i);
        jw_key(&w, "path"); jw_str(&w, f->path);
        jw_key(&w, "type"); jw_str(&w, f->type == FT_INT ? "int" : f->type == FT_ENUM ? "enum" : "number");
        jw_key(&w, "unit"); jw_str(&w, f->unit);
        jw_key(&w, "min"); jw_num(&w, f->min);
        jw_key(&w, "max"); jw_num(&w, f->max);
        jw_key(&w, "default");
        if (f->type == FT_ENUM) jw_str(&w, f->names[(int)f->def]); else jw_num(&w, f->def);
        if (f->type == FT_ENUM) {
            jw_key(&w, "values"); jw_open(&w, '[');
            for (k = 0; f->names[k]; k++) { jw_item(&w); jw_str(&w, f->names[k]); }
            jw_close(&w, ']');
        }
        jw_key(&w, "doc"); jw_str(&w, f->doc);
        jw_close(&w, '}');
    }
    jw_close(&w, ']');
    jw_key(&w, "modes"); jw_open(&w, '[');
    for (i = 0; i < LAB_MODE_COUNT; i++) { jw_item(&w); jw_str(&w, MODE_NAMES[i]); }
    jw_close(&w, ']');
    jw_key(&w, "kernels"); jw_open(&w, '[');
    for (i = 0; KERNEL_NAMES[i]; i++) {
        const Kernel *kd = kernel_for(i);
        jw_open(&w, '{');
        jw_key(&w, "name"); jw_str(&w, kd->name);
        jw_key(&w, "locks"); jw_open(&w, '[');
        for (j = 0; j < kd->nlock; j++) { jw_item(&w); jw_str(&w, kd->lock_names[j]); }
        jw_close(&w, ']');
        jw_close(&w, '}');
    }
    jw_close(&w, ']');
    jw_key(&w, "queues"); jw_open(&w, '['); jw_item(&w); jw_str(&w, "krp_queue"); jw_close(&w, ']');
    jw_key(&w, "trace"); jw_open(&w, '{');
    jw_key(&w, "record_bytes"); jw_int(&w, (int64_t)sizeof(lab_TraceRecord));
    jw_key(&w, "fields"); jw_open(&w, '[');
    {
        static const struct { const char *name; int offset; const char *type; } TF[] = {
            { "t_ns", offsetof(lab_TraceRecord, t_ns), "f64" },
            { "kind", offsetof(lab_TraceRecord, kind), "i32" },
            { "cpu", offsetof(lab_TraceRecord, cpu), "i32" },
            { "thread", offsetof(lab_TraceRecord, thread), "i32" },
            { "object", offsetof(lab_TraceRecord, object), "i32" },
            { "arg", offsetof(lab_TraceRecord, arg), "f64" },
        };
        for (i = 0; i < (int)(sizeof TF / sizeof TF[0]); i++) {
            jw_open(&w, '{');
            jw_key(&w, "name"); jw_str(&w, TF[i].name);
            jw_key(&w, "offset"); jw_int(&w, TF[i].offset);
            jw_key(&w, "type"); jw_str(&w, TF[i].type);
            jw_close(&w, '}');
        }
    }
    jw_close(&w, ']');
    jw_key(&w, "kinds"); jw_open(&w, '[');
    for (i = 0; i < LAB_TRACE_KIND_COUNT; i++) { jw_item(&w); jw_str(&w, TRACE_KINDS[i]); }
    jw_close(&w, ']');
    jw_close(&w, '}');
    jw_key(&w, "snapshot"); metrics_schema(&w);
    jw_key(&w, "statuses"); jw_open(&w, '[');
    for (i = 0; i < LAB_STATUS_COUNT; i++) { jw_item(&w); jw_str(&w, lab_status_message(i)); }
    jw_close(&w, ']');
    jw_close(&w, '}');
    return w.len;
}

const char *lab_status_message(int status)
{
    switch (status) {
    case LAB_OK: return "ok";
    case LAB_ERR_UNKNOWN_FIELD: return "unknown scenario field";
    case LAB_ERR_RANGE: return "a scenario value is out of its range";
    case LAB_ERR_BAD_VALUE: return "a scenario value is not of the field's type";
    case LAB_ERR_INCONSISTENT: return "scenario fields do not fit together";
    case LAB_ERR_NOMEM: return "out of memory";
    case LAB_ERR_CHECKPOINT: return "the checkpoint belongs to another scenario or is damaged";
    case LAB_ERR_BUFFER: return "the buffer is too small";
    default: return "unknown status";
    }
}
