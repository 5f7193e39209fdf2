/*
 * base.h -- the core's building blocks that know nothing of simulations: the seeded
 * random number generator and cost distributions (rng.c), and the JSON writer
 * (jsonw.c). Nothing here allocates; nothing here includes a model or kernel header.
 */
#ifndef LAB_BASE_H
#define LAB_BASE_H

#include <stddef.h>
#include <stdint.h>

/* Exact powers of ten, 10^0 .. 10^22 (the ones a double holds exactly): the JSON
 * writer's (jsonw.c) and the scenario's decimal reader's (scenario/fields.c). */
extern const double LAB_POW10[23];

/* ---- random numbers and costs (rng.c) ------------------------------------------ */
typedef struct Rng {
    uint64_t s0, s1;
} Rng;
void rng_seed(Rng *r, uint64_t seed);
uint64_t rng_next(Rng *r);
double rng_unit(Rng *r); /* in (0, 1]                                */
double lab_ln(double x); /* deterministic natural log, x > 0         */

/* A computed double (a sample, a gap, a time) as an int64_t, its range checked first:
 * C leaves the conversion of a value the type cannot hold undefined. NaN gives 0;
 * beyond +-2^62 ns (146 years) the nearest of those, so a simulated time (at most
 * sim.duration_ns, 1e12) plus such a value cannot overflow either. A scenario value
 * (State.v, lab_Scenario.v) needs none of this: it is checked to be finite, in its
 * field's range and, for an int or enum field, whole when it is set (scenario/fields.c),
 * and every field's range fits the integer the model casts it to. */
#define LAB_I64_SAT 4611686018427387904.0 /* 2^62 */
static inline int64_t lab_i64(double x)
{
    if (!(x == x)) return 0;
    if (x >= LAB_I64_SAT) return (int64_t)LAB_I64_SAT;
    if (x <= -LAB_I64_SAT) return -(int64_t)LAB_I64_SAT;
    return (int64_t)x;
}
/* A function the hot path (an event, a phase) calls only when something goes wrong:
 * kept out of line, so the hot function stays small and keeps its registers. */
#define LAB_COLD __attribute__((noinline, cold))
/* A helper the hottest path (once a phase or an event) must have inline whatever the
 * compiler's own weighing: its caller's values are in registers, a call would save and
 * reload them. */
#define LAB_INLINE static inline __attribute__((always_inline))

/* 1 when x is finite (not NaN, not an infinity). */
static inline int lab_finite(double x) { return x == x && x - x == 0.0; }

enum { DIST_CONST = 0,
       DIST_EXP = 1,
       DIST_UNIFORM = 2 };
/* A cost: which distribution, its mean and half-width, all in ns. */
typedef struct Cost {
    int dist;
    double mean, spread;
} Cost;
int64_t cost_sample(Rng *r, const Cost *c);

/* ---- JSON writing (jsonw.c) ---------------------------------------------------- */
/* Writes into buf (cap bytes, always NUL-terminated); past cap it keeps counting, so
 * len is the size the text needs. */
typedef struct JsonW {
    char *buf;
    int cap, len;
    char last;
} JsonW;
void jw_raw(JsonW *w, const char *s);
void jw_str(JsonW *w, const char *s); /* quoted and escaped                      */
void jw_int(JsonW *w, int64_t v);
void jw_fixed(JsonW *w, double v, int decimals);
void jw_fixed_key(JsonW *w, const char *k, double v, int decimals); /* "k": v */
/* Whole numbers below 9e15 exactly, others with 6 decimals, magnitudes beyond what
 * those hold as d.ddde+N (16 significant digits); NaN and the infinities, which JSON
 * has no number for, as null. jw_fixed too. */
void jw_num(JsonW *w, double v);
void jw_key(JsonW *w, const char *k); /* "k": (with a comma before it when needed) */
void jw_item(JsonW *w);               /* the comma before an array element        */
void jw_open(JsonW *w, char c);       /* { or [                                   */
void jw_close(JsonW *w, char c);      /* } or ]                                   */

#endif
