/*
 * netstack.h -- two hosts back to back (netstack.c): the NICs, their rings and filter
 * tables, the stacks that drain them, and the phases applications and interrupts run
 * on them. Shared by the OpenOnload benchmark (kernels/onload/) and HP-UX 9.0's TCP
 * stream (kernels/hpux/), which brings its own phases and slice on top.
 */
#ifndef LAB_NETSTACK_H
#define LAB_NETSTACK_H

#include "model/kernel_api.h"

/* Phases of the network stack benchmark. */
enum NetOp {
    OP_NET_MSG = OP_KERNEL_BASE, /* take a message to send (net.message_bytes) into the context  */
    OP_NET_COPY,                 /* a = mode: copy the message in hand (net copy_per_kb x bytes)  */
    OP_NET_MORE,                 /* b = target when the send has no packet (left) to put out: UDP
                         cuts a message at the MSS; TCP coalesces sends into segments */
    OP_NET_PREP,                 /* a = mode, b = cost: the next packet's transmit work          */
    OP_NET_XMIT,                 /* the next packet goes on the NIC's transmit ring; waits while
                         the ring or the TCP window is full                          */
    OP_NET_SENT,                 /* the send is done: the message is counted and freed           */
    OP_NET_LOCK,                 /* onload: take the stack lock; b = target when the send went on
                         the pre-queue instead (net.prequeue on), else sleep for it   */
    OP_NET_UNLOCK,               /* onload: b = target with a pre-queued send to do as deferred
                         work before letting go; else release                         */
    OP_NET_RECV,                 /* a = stack: take a message from the socket, or wait: block
                         (kernel), poll and spin, then block (onload), spin (vnic)   */
    OP_NET_COPY_IN,              /* a = mode: copy out what was taken                            */
    OP_NET_RECV_MORE,            /* b = target while a ping-pong message is not all in (a TCP
                         receive with MSG_WAITALL: woken for each batch of segments) */
    OP_NET_RECEIVED,             /* the receive call returns: counted; a = 1 ends a round trip   */
    OP_NET_IRQ_START,            /* the interrupt's stack: free the interrupt job; b = target for a
                         NAPI poll that follows an earlier one (no interrupt to pay)  */
    OP_NET_RX_NEXT,              /* b = target when the receive ring is empty (interrupts re-armed) */
    OP_NET_DELIVER,              /* the packet in hand reaches its socket (or is dropped: full)   */
    OP_NET_WAKE,                 /* wake the socket's blocked reader                              */
    OP_NET_TX_ROOM,              /* under the device's transmit queue lock: b = target when the next
                         packet cannot go yet (the ring or the TCP window is full)     */
    OP_NET_TX_WAIT,              /* the lock released: sleep until there is room; b = target then
                         (the lock again)                                             */
    OP_NET_END
};
enum { EV_NET_ARRIVE = EV_KERNEL_BASE,
       EV_NET_MODERATION,
       EV_NET_WATCHDOG,
       EV_NET_GENERATE,
       EV_NET_ACK,
       EV_NET_SPIN_END,
       EV_NET_TX_SPACE,
       EV_NET_POLL };
/* Jobs: a message to send, a packet, an interrupt request (thread = the stack). */
enum { JOB_NET_MSG = 11,
       JOB_NET_PKT = 12,
       JOB_NET_IRQ = 13 };
/* A packet's flags: the message's last packet (it makes the message readable), a
 * ping-pong message followed through the stages, a TCP ACK. */
enum { NET_LAST_PACKET = 1,
       NET_FOLLOWED = 2,
       NET_ACK = 4 };
/* An interrupt request's flag: a NAPI poll that follows an earlier one, no interrupt. */
enum { NET_REPOLL = 8 };
/* The partner host's program (host B's threads). */
enum { PROG_NET_PEER = PROG_KERNEL_BASE + 6 };

#define LAB_NET_MAX_FILTERS 32 /* filter table entries per NIC                        */
enum { NB_SEND,
       NB_WIRE,
       NB_NOTIFY,
       NB_STACK,
       NB_WAKE,
       NB_RECEIVE,
       NB_COUNT };

typedef struct NetStack {
    int8_t host;       /* 0: host A (under test), 1: host B                    */
    int8_t user_level; /* onload or vnic: polled by the application             */
    int16_t irq_cpu;
    int8_t armed;     /* the NIC interrupts on the next arrival               */
    int8_t in_irq;    /* a handler is draining the ring: interrupts masked    */
    int8_t timer_set; /* a moderation timer will raise the interrupt          */
    int8_t lock;      /* the stack lock's number (onload), or -1              */
    int8_t napi_due;  /* NAPI: a poll stopped with work left (budget spent, or
                                the socket full); the interrupt stays masked until the
                                next poll (net.napi_budget)                            */
    int32_t poller;   /* a thread spinning on it (CTX_AWAIT), or -1            */
    JobList ring;     /* received packets no one has looked at yet            */
    JobList prequeue; /* onload: sends that found the stack lock taken        */
    int64_t last_irq, last_poll;
    double ring_area, preq_area; /* integrals of the lengths, for their means          */
    int64_t ring_since, preq_since;
} NetStack;

typedef struct NetCounters { /* over the measurement window                       */
    uint64_t sent_msgs, delivered_msgs, offered_msgs, round_trips;
    double delivered_bytes, wire_bytes_a, wire_ns_a, rtt_ns;
    uint64_t ring_drops, socket_drops, irqs, polls, watchdogs, wakeups;
    uint64_t prequeued, deferred, filter_hits, filter_misses;
    double breakdown[NB_COUNT];
    double sock_area; /* integral of net_sock_len over the window          */
    uint64_t breakdown_n;
} NetCounters;

/* The network kernels' slice of the arena (HP-UX's starts with it). */
typedef struct NetState {
    int net_test, net_stack, net_cph, net_nstack, net_mss;
    NetStack stk[LAB_NET_MAX_STACKS];
    /* Each host's NIC steers an arriving packet by its destination socket: a filter
     * table entry names the virtual interface (a user-level stack's ring); a packet no
     * filter matches goes to the default interface, the kernel stack's (-1: none). */
    struct {
        int16_t sock;
        int8_t vi;
    } net_filter[2][LAB_NET_MAX_FILTERS];
    int net_nfilter[2];
    int8_t net_default_vi[2];
    int64_t nic_free_at[2]; /* each host's NIC transmits until then             */
    int64_t net_unsent;     /* TCP stream: bytes the app wrote not yet in a segment  */
    int32_t net_sock_len;   /* packets in the sockets of the test's receivers        */
    int64_t net_sock_since;
    NetCounters net;
    int net_hosts;          /* 2: two hosts back to back; 1: a loopback connection   */
    int64_t net_window;     /* bytes a TCP sender may have unacknowledged            */
    int32_t net_read_bytes; /* a TCP stream receive call takes at most this          */
    int net_ack_packets;    /* 1: ACKs are packets the sender's interrupt processes;
                                0: the window opens a crossing after the read, free   */
} NetState;
static inline NetState *net_state(const State *st) { return (NetState *)lab_kstate(st); }

/* Each thread's own. */
typedef struct NetThread {
    int64_t spin_until;
    int64_t t0;      /* when its current send began (breakdown)               */
    int32_t bytes;   /* bytes taken from the socket by the last take          */
    int32_t got;     /* bytes of the message received so far                  */
    int8_t stack;    /* the user-level stack (or host's kernel stack) it uses  */
    int8_t spinning; /* OP_NET_RECV: spinning for a message since spin_until - spin */
    int8_t waiting;  /* 1: waits for ring space, 2: for the TCP window         */
} NetThread;
LAB_KSLOT_CHECK(NetThread);
static inline NetThread *net_thread(Thread *t) { return (NetThread *)(void *)t->kslot.bytes; }

int64_t net_exec(lab_Sim *s, int cpu, Ctx *x, const Phase *ph, int level, int *mode);
void net_event(lab_Sim *s, const Event *e);
void net_start(lab_Sim *s);
void net_reset(lab_Sim *s);
int net_jumps(int op);
void net_report(lab_Sim *s, JsonW *w, double secs);
extern const MetricDesc NET_METRICS[];
/* A sender waiting for ring space (why 1) or the TCP window (2) may go on. */
void net_resume_sender(lab_Sim *s, int t, int why);
/* Set-up shared by the kernels on the network stack: no stacks or filters yet; a
 * stack of a host with its interrupt CPU and lock (-1: none), its number. */
void net_clear_stacks(State *st);
int net_add_stack(State *st, int host, int user_level, int irq_cpu, int lock);
/* The context switch that brings a woken thread back, the same for every net kernel. */
void net_build_switch_in(Asm *a, const State *st);

extern const Mechanism NET_MECHANISMS[]; /* the network stack's (netstack.c) */

#endif
