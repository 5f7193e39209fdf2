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
#define LAB_MAX_RADS 16 /* resource affinity domains (GS320: 8 QBBs)       */
#define LAB_MAX_PROCESSES 1024
#define LAB_MSG_LEN 512

/* ---- named values of enum fields ------------------------------------------------ */
/* kernel.kind: its names are the kernel registry's (kernels/registry.c), in order,
 * generated from its list when the core is built (fields.c); a kernel's number is its
 * place there, and nothing here names one. */
extern const char *const LAB_KERNEL_NAMES[];
/* kernel.lock_kind: spinlock algorithms. fair is OpenVMS's on the GS series:
 * test-and-set until kernel.fair_after_waiters CPUs spin, then first come first served. */
enum { LOCK_TAS = 0,
       LOCK_TICKET = 1,
       LOCK_FAIR = 2,
       LOCK_MCS = 3 };
/* sched.affinity: where a woken thread runs. */
enum { AFF_LAST_CPU = 0,
       AFF_NONE = 1,
       AFF_BIND_KPROCS = 2 };
/* ---- the kernels' fields ---------------------------------------------------------- */
/* Each kernel folder's fields.def (build/gen/kernel_fields.def lists them) is read once
 * per part: LAB_FIELDS_PART says which. Its enums' values (here, so that kernels and
 * the table share them), its enums' names (fields.c), its renamed names (fields.c), and
 * its FIELD and COST lines for each place scenario/fields.def includes them: after
 * kernel.kind, among the costs, and before sim.*. */
#define LAB_PART_ENUMS 1
#define LAB_PART_NAMES 2
#define LAB_PART_RENAMED 3
#define LAB_PART_KERNEL 4
#define LAB_PART_COSTS 5
#define LAB_PART_FIELDS 6

#define LAB_FIELDS_PART LAB_PART_ENUMS
#include "kernel_fields.def"
#undef LAB_FIELDS_PART

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

typedef enum { FT_INT,
               FT_NUMBER,
               FT_ENUM } FieldType;

typedef struct FieldDesc {
    const char *path;
    FieldType type;
    const char *unit;
    double min, max, def;
    const char *const *names; /* enum names, NULL-terminated; NULL otherwise   */
    const char *kernel;       /* kernels it belongs to, space-separated; "" all  */
    const char *label;        /* a short name in plain words                     */
    const char *doc;          /* what it is in the real system; "" unless LAB_FIELD_DOCS */
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
