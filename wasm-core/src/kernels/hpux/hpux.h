/*
 * hpux.h -- HP-UX 9.0's checksum offload and copy avoidance (copyavoid.c) on the
 * network stack's two hosts (kernels/netstack/): the phases, the application's send
 * buffers in the data cache, and the kernel's slice of the arena.
 */
#ifndef LAB_HPUX_H
#define LAB_HPUX_H

#include "kernels/netstack/netstack.h"

enum HpOp {
    OP_HP_TOUCH = OP_NET_END, /* the sender writes net dirty bytes into its next send buffer:
                         a copy-on-write fault if the transport still holds it       */
    OP_HP_SEND_DATA,          /* the send's data into the socket buffer: copy-on-write (map
                         the pages, flush the dirty lines), or copy (and flush it)   */
    OP_HP_CSUM,               /* the segment in hand is checksummed by the host, unless the
                         interface offloads it                                        */
    OP_HP_RTOUCH,             /* the receiver writes into its buffer before the call         */
    OP_HP_RECV_DATA,          /* the data taken to the application: page remap (purging the
                         buffer's dirty lines), or copy                               */
    OP_HP_RX,                 /* interrupt: the packet in hand: an ACK releases socket buffer
                         space and copy-on-write holds; data is checksummed unless
                         offloaded                                                    */
    OP_HP_END
};

enum { HT_APP_WRITE,
       HT_FAULT,
       HT_COPY,
       HT_CSUM,
       HT_FLUSH,
       HT_COW,
       HT_PURGE,
       HT_REMAP,
       HT_COUNT };

typedef struct HpBuffer {
    int64_t held_until; /* copy-on-write: the transport holds it until this many
                                bytes of the stream are acknowledged (0: not held)    */
    int32_t dirty;      /* bytes of it in dirty cache lines                      */
} HpBuffer;

typedef struct HpState {
    int send_ca, recv_ca, csum_offload, dma; /* what this run can do                 */
    int nbuf, next;                          /* the sender's send buffers, the one it uses next        */
    HpBuffer buf[LAB_HP_MAX_BUFFERS];
    int32_t rbuf_dirty;    /* the receiver's buffer: dirty bytes                     */
    int64_t stream, acked; /* bytes handed to the transport, acknowledged            */
    /* over the window */
    uint64_t sends, faults, cow_sends, remaps;
    double touch_ns[2][HT_COUNT]; /* [0] the sender's host, [1] the receiver's          */
    double touch_bytes[2][HT_COUNT];
    double held_area; /* integral of the buffers held                          */
    int32_t held;
    int64_t held_since;
} HpState;

/* The HP-UX kernel's slice: the network stack's, then its own. */
typedef struct HpuxState {
    NetState net;
    HpState hp;
} HpuxState;
static inline HpState *hp_state(const State *st) { return &((HpuxState *)lab_kstate(st))->hp; }

void hp_init(lab_Sim *s);
void hp_reset(lab_Sim *s);
int hp_send_avoids(const State *st);
int hp_acked(lab_Sim *s, int64_t bytes);
int64_t hp_exec(lab_Sim *s, int cpu, Ctx *x, const Phase *ph, int level, int *mode);
void hp_report(lab_Sim *s, JsonW *w, double secs);
extern const MetricDesc HP_METRICS[];

#endif
