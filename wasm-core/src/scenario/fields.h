/*
 * fields.h -- the scenario: its fields (generated from fields.def, in schema order),
 * the named values of its enum fields, and the limits that bound its ranges.
 *
 * This is the vocabulary the model (model/) and the kernels (kernels/) share; it
 * knows no simulation. A field's id is F_<ID>; a cost's three fields are
 * F_<ID>_DIST, F_<ID>_MEAN and F_<ID>_SPREAD and its id in the handle's cost table is
 * C_<COST_ID>. The enum values below are the indices of their names in the field's
 * name list (fields.c), which is what a scenario stores.
 */
#ifndef LAB_FIELDS_H
#define LAB_FIELDS_H

#include "base/base.h"
#include "stacklab.h"

#define LAB_MAX_CPUS 256
#define LAB_MAX_RADS 16           /* resource affinity domains (GS320: 8 QBBs)       */
#define LAB_MAX_PROCESSES 1024
#define LAB_MSG_LEN 512
#define LAB_NET_MAX_STACKS 8      /* user-level stacks (and senders) of the network benchmark */

/* ---- named values of enum fields ------------------------------------------------ */
/* kernel.kind: its names are the kernel registry's (kernels/registry.c), in order,
 * generated from its list when the core is built (fields.c); a kernel's number is its
 * place there, and nothing here names one. */
extern const char *const LAB_KERNEL_NAMES[];
/* kernel.lock_kind: spinlock algorithms. fair is OpenVMS's on the GS series:
 * test-and-set until kernel.fair_after_waiters CPUs spin, then first come first served. */
enum { LOCK_TAS = 0, LOCK_TICKET = 1, LOCK_FAIR = 2, LOCK_MCS = 3 };
/* sched.affinity: where a woken thread runs. */
enum { AFF_LAST_CPU = 0, AFF_NONE = 1, AFF_BIND_KPROCS = 2 };
/* sna.lock_kind */
enum { SNA_LOCKL = 0, SNA_HANDOFF = 1, SNA_SIMPLE = 2 };
#define LAB_SNA_MAX_CPUS 8
/* numa.placement: where processes run; numa.ro_data / rw_data: where data lives. */
enum { PLACE_NONE = 0, PLACE_HOME_RAD = 1, PLACE_CPU_AFFINITY = 2 };
enum { DATA_ONE_RAD = 0, DATA_PER_RAD = 1, DATA_STRIPED = 2 };
enum { LCKMGR_ORDINARY = 0, LCKMGR_DEDICATED = 1 };
/* net.test, net.stack, net.stacks, net.irq_cpu: the network stack benchmark. */
enum { NET_PINGPONG = 0, NET_UDP_SEND = 1, NET_UDP_RECEIVE = 2, NET_TCP_STREAM = 3 };
enum { STACK_KERNEL = 0, STACK_ONLOAD = 1, STACK_VNIC = 2 };
enum { STACKS_PER_PROCESS = 0, STACKS_SHARED = 1 };
enum { IRQ_APP_CORE = 0, IRQ_OTHER_CORE = 1 };
/* hpux.interface: the interface a TCP stream runs over. The NIO FDDI card offloads
 * checksums and supports copy avoidance; the EISA FDDI card neither; lo0 (loopback)
 * offloads checksums; lan0_loopback is a connection to the host's own address routed
 * through its Ethernet, looped back without offload. */
enum { HP_NIO_FDDI = 0, HP_EISA_FDDI = 1, HP_LO0 = 2, HP_LAN0_LOOPBACK = 3 };
enum { HP_SEND = 0, HP_WRITE = 1 };
enum { HP_PAGE_ALIGNED = 0, HP_UNALIGNED = 1 };
#define LAB_HP_MAX_BUFFERS 64
/* service.discipline and service.requests: the generic service under a lock. */
enum { SVC_TAS = 0, SVC_TICKET, SVC_MCS, SVC_WAKE_ALL, SVC_WAKE_ONE, SVC_HANDOFF,
       SVC_DELEGATE, SVC_COMBINE, SVC_PARTITION };
enum { SVC_WAIT = 0, SVC_POST = 1 };

/* ---- the fields ------------------------------------------------------------------ */
enum Field {
#define FIELD(id, ...) F_##id,
#define COST(id, cid, ...) F_##id##_DIST, F_##id##_MEAN, F_##id##_SPREAD,
#include "fields.def"
#undef FIELD
#undef COST
    F_COUNT
};

enum CostId {
#define FIELD(...)
#define COST(id, cid, ...) C_##cid,
#include "fields.def"
#undef FIELD
#undef COST
    C_COUNT
};

/* The distribution field of each cost (its mean and spread follow it). */
extern const int LAB_COST_FIELD[C_COUNT];

typedef enum { FT_INT, FT_NUMBER, FT_ENUM } FieldType;

typedef struct FieldDesc {
    const char *path;
    FieldType type;
    const char *unit;
    double min, max, def;
    const char *const *names;   /* enum names, NULL-terminated; NULL otherwise   */
    const char *kernel;         /* kernels it belongs to, space-separated; "" all  */
    const char *label;          /* a short name in plain words                     */
    const char *doc;            /* what it is in the real system; "" unless LAB_FIELD_DOCS */
} FieldDesc;

const FieldDesc *lab_field(int index);
/* The k-th name an enum field once had (from 0), with *now its name today; NULL after
 * the last. A value given by an old name is refused, naming the new one. */
const char *lab_field_old_name(int field, int k, const char **now);
/* A plain decimal number's text as a double (the one strtod gives for up to 15
 * significant digits times 10^k, |k| <= 22); 1 when the text is such a number. */
int lab_parse_decimal(const char *s, double *out);
double lab_field_max(const FieldDesc *f);

struct lab_Scenario {
    double v[F_COUNT];
    char error[LAB_MSG_LEN];
};

/* Writes "path: value why" into sc->error (with the allowed range unless the status
 * is LAB_ERR_INCONSISTENT) and returns status. field < 0: the scenario as a whole. */
int scenario_fail(lab_Scenario *sc, int status, int field, double value, const char *why);
/* Each field alone against its type and range (fields.c). */
int scenario_check_fields(lab_Scenario *sc);
/* Writes the scenario's values as nested objects, following the dotted paths. */
void jw_scenario(JsonW *w, const double *v);
const char *lab_mode_name(int mode);

#endif
