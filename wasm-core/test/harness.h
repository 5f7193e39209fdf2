/* harness.h -- a tiny test harness: CHECK counts, h_finish prints "name: N passed, N failed". */
#ifndef LAB_HARNESS_H
#define LAB_HARNESS_H
#include <stdio.h>
#include "model/model.h"

extern int h_pass, h_fail;

#define CHECK(cond, ...)                                         \
    do {                                                         \
        if (cond) h_pass++;                                      \
        else {                                                   \
            h_fail++;                                            \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
            fprintf(stderr, __VA_ARGS__);                        \
            fputc('\n', stderr);                                 \
        }                                                        \
    } while (0)

/* Applies "path=value" settings (NULL-terminated) to a scenario; exits on a bad one. */
void h_apply(lab_Scenario *sc, const char *const *settings);

/* Builds a scenario from "path=value" strings (NULL-terminated); aborts on a bad one. */
lab_Scenario *h_scenario(const char *const *settings);
/* Scenario settings that switch every side cost off (for the queueing-theory tests). */
extern const char *const H_NO_SIDE_COSTS[];
lab_Sim *h_run(const char *const *a, const char *const *b); /* a then b, run to the end */
const Kernel *h_kernel(const char *name);                   /* the registry's, by name; exits if none */
double h_rel(double x, double y);                           /* |x - y| / |y|             */
int h_finish(const char *name);
#endif
