/*
 * model.h -- what the model's own files share beyond kernel_api.h (the engine's
 * services to kernels). Not for kernels: nothing under kernels/ includes it, and
 * nothing here names a kernel (test/layers.sh checks both).
 */
#ifndef LAB_MODEL_H
#define LAB_MODEL_H

#include "kernel_api.h"

/* engine.c */
void engine_start(lab_Sim *s);
int engine_step(lab_Sim *s, int64_t limit);   /* runs one event at or before limit; 0 if none */
void engine_flush_modes(lab_Sim *s);

/* events.c */
int ev_pop(lab_Sim *s, Event *out);

/* spinlock.c */
void lock_handoff_done(lab_Sim *s, int lock, int cpu);
int64_t lock_handoff_ns(const State *st, int waiters);

/* cache_line.c */
int64_t line_fetch(lab_Sim *s, int lock, int cpu);   /* the stall when the line had to be fetched (counted) */
void line_took(lab_Sim *s, int lock, int cpu);    /* the lock word is written on cpu: it owns the line */
int lock_line_is_local(const State *st, int lock, int cpu);

/* machine.c */
void machine_init(lab_Sim *s);
void machine_reset(lab_Sim *s);
void machine_report(lab_Sim *s, JsonW *w, double secs);

/* metrics.c and machine.c: what the engine's parts of the report hold */
extern const MetricDesc LAB_REPORT_METRICS[];
extern const MetricDesc LAB_MACHINE_METRICS[];

/* metrics.c */
const char *metrics_report(lab_Sim *s);
int metrics_snapshot(const lab_Sim *s, double *out, int cap);
void metrics_reset(lab_Sim *s);
void metrics_schema(JsonW *w);

/* validate.c */
int scenario_check_all(lab_Scenario *sc);

#endif
