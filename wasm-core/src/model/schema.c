/*
 * schema.c -- every layout JavaScript needs, as JSON (lab_schema_json): the scenario
 * fields, the modes, the kernels and their locks, the trace record, the snapshot, the
 * status messages. TypeScript reads these instead of hard-coding them.
 */
#include <string.h>
#include "model.h"

/* The names TypeScript reads the kinds by (src/lab/events.ts). Kinds 4 and 5
 * (LAB_TRACE_QUEUE_POST and _TAKE, every request queue's) are named by the queues
 * (QueueDesc.post_trace and take_trace: trace_kind_name), and the schema says which they
 * are (trace.queue_post, queue_take). */
static const char *const TRACE_KINDS[LAB_TRACE_KIND_COUNT] = {
    "mode", "spin", "acquire", "release", "queue_post", "queue_take", "fork_create",
    "interrupt", "block", "wake", "dispatch", "transmit", "txn_done",
    "lock_sleep", "lock_wake", "futile_wake", "line_transfer", "post"
};

/* A trace kind's name: a queue kind's is the first of the schema's queues that names it. */
static const char *trace_kind_name(int kind)
{
    const QueueDesc *q;
    int u;
    for (u = 0; (q = lab_queue(u)) != NULL; u++) {
        if (kind == LAB_TRACE_QUEUE_POST && q->post_trace) return q->post_trace;
        if (kind == LAB_TRACE_QUEUE_TAKE && q->take_trace) return q->take_trace;
    }
    return TRACE_KINDS[kind];
}

static int mechanism_in(const Mechanism *table, const Mechanism *m)
{
    for (; table->id; table++)
        if (table == m) return 1;
    return 0;
}

/* Whether kernel kd uses the engine's mechanism id under the conditions when. */
static int kernel_uses(const Kernel *kd, const char *id, const char *when)
{
    const MechanismUse *u;
    int t;
    for (t = 0; t < LAB_MAX_MECHANISM_TABLES && kd->uses[t]; t++)
        for (u = kd->uses[t]; u->id; u++)
            if (strcmp(u->id, id) == 0 && strcmp(u->when, when) == 0) return 1;
    return 0;
}

/* Whether no use before u (kernel k's table t), in the registry's order, has u's
 * mechanism and conditions. By place, not address: a family's table is several
 * kernels'. */
static int first_use(int k, int t, const MechanismUse *u)
{
    const MechanismUse *e;
    int k2, t2;
    for (k2 = 0; k2 <= k; k2++)
        for (t2 = 0; t2 < LAB_MAX_MECHANISM_TABLES && lab_kernel(k2)->uses[t2] && (k2 < k || t2 <= t); t2++)
            for (e = lab_kernel(k2)->uses[t2]; e->id && !(k2 == k && t2 == t && e == u); e++)
                if (strcmp(e->id, u->id) == 0 && strcmp(e->when, u->when) == 0) return 0;
    return 1;
}

/* An engine mechanism's `when`, from the kernels' uses of it: a clause for each of
 * their conditions, in the order the registry first gives them, naming every kernel
 * that uses it under them ("a,b: path=value"). The names and conditions are plain
 * words, paths and values: nothing in them to escape. */
static void engine_when(JsonW *w, const char *id)
{
    const MechanismUse *u;
    int k, t, k2, clauses = 0, names;
    jw_raw(w, "\"");
    for (k = 0; lab_kernel(k); k++)
        for (t = 0; t < LAB_MAX_MECHANISM_TABLES && lab_kernel(k)->uses[t]; t++)
            for (u = lab_kernel(k)->uses[t]; u->id; u++) {
                if (strcmp(u->id, id) != 0 || !first_use(k, t, u)) continue;
                if (clauses++) jw_raw(w, "; ");
                for (names = 0, k2 = 0; lab_kernel(k2); k2++)
                    if (kernel_uses(lab_kernel(k2), id, u->when)) {
                        if (names++) jw_raw(w, ",");
                        jw_raw(w, lab_kernel(k2)->name);
                    }
                if (u->when[0]) {
                    jw_raw(w, ": ");
                    jw_raw(w, u->when);
                }
            }
    jw_raw(w, "\"");
}

/* One mechanism table: each entry with the kernels whose records name it ([] for the
 * engine's, which every kernel may use). */
static void mechanism_table(JsonW *w, const Mechanism *m)
{
    int i, t;
    for (; m->id; m++) {
        jw_open(w, '{');
        jw_key(w, "id");
        jw_str(w, m->id);
        jw_key(w, "name");
        jw_str(w, m->name);
        jw_key(w, "when");
        if (m->when) jw_str(w, m->when);
        else engine_when(w, m->id);
        jw_key(w, "kernels");
        jw_open(w, '[');
        for (i = 0; lab_kernel(i); i++)
            for (t = 0; t < LAB_MAX_MECHANISM_TABLES && lab_kernel(i)->mechanisms[t]; t++)
                if (mechanism_in(lab_kernel(i)->mechanisms[t], m)) {
                    jw_item(w);
                    jw_str(w, lab_kernel(i)->name);
                }
        jw_close(w, ']');
        jw_key(w, "does");
        jw_str(w, m->does);
        jw_key(w, "systems");
        jw_str(w, m->systems);
        jw_close(w, '}');
    }
}

/* Every mechanism once: the engine's, then each kernel's tables in kernel.kind's order
 * (a table a family shares is listed under the first kernel that names it). */
static void mechanisms_schema(JsonW *w)
{
    int i, t, k, t2, seen;
    jw_open(w, '[');
    mechanism_table(w, LAB_ENGINE_MECHANISMS);
    for (i = 0; lab_kernel(i); i++)
        for (t = 0; t < LAB_MAX_MECHANISM_TABLES && lab_kernel(i)->mechanisms[t]; t++) {
            const Mechanism *m = lab_kernel(i)->mechanisms[t];
            for (seen = 0, k = 0; k < i && !seen; k++)
                for (t2 = 0; t2 < LAB_MAX_MECHANISM_TABLES && lab_kernel(k)->mechanisms[t2]; t2++)
                    if (lab_kernel(k)->mechanisms[t2] == m) seen = 1;
            if (!seen) mechanism_table(w, m);
        }
    jw_close(w, ']');
}

/* One metric, with the kernels whose reports hold it ([] for every kernel's). A type
 * LAB_QUEUE_NAMES_TYPE is the names of the schema's queues, "a|b". */
static void metric_json(JsonW *w, const MetricDesc *m, const MetricDesc *table)
{
    int k, t;
    jw_open(w, '{');
    jw_key(w, "path");
    jw_str(w, m->path);
    jw_key(w, "type");
    if (strcmp(m->type, LAB_QUEUE_NAMES_TYPE) != 0) jw_str(w, m->type);
    else {
        const QueueDesc *q;
        jw_raw(w, "\""); /* the names are plain words: nothing to escape */
        for (k = 0; (q = lab_queue(k)) != NULL; k++) {
            if (k) jw_raw(w, "|");
            jw_raw(w, q->name);
        }
        jw_raw(w, "\"");
    }
    jw_key(w, "unit");
    jw_str(w, m->unit);
    jw_key(w, "better");
    jw_str(w, m->better > 0 ? "higher" : m->better < 0 ? "lower"
                                                       : "");
    jw_key(w, "label");
    jw_str(w, m->label);
    jw_key(w, "kernels");
    jw_open(w, '[');
    for (k = 0; table && lab_kernel(k); k++)
        for (t = 0; t < LAB_MAX_METRIC_TABLES && lab_kernel(k)->metrics[t]; t++)
            if (lab_kernel(k)->metrics[t] == table) {
                jw_item(w);
                jw_str(w, lab_kernel(k)->name);
            }
    jw_close(w, ']');
    jw_close(w, '}');
}

/* One of the engine's values, which every kernel's report holds (role_metrics's). */
static void engine_metric(JsonW *w, const MetricDesc *m) { metric_json(w, m, NULL); }

/* The queues' rates (LAB_QUEUE_RATE_PATH): one entry per rate key the schema's queues
 * use, with the first such queue's label. */
static void queue_rates(JsonW *w, const MetricDesc *m)
{
    const QueueDesc *q;
    int u, u2, seen;
    for (u = 0; (q = lab_queue(u)) != NULL; u++) {
        char path[64] = "queues[].";
        size_t at = strlen(path), n = strlen(q->rate_key);
        MetricDesc one = *m;
        for (seen = 0, u2 = 0; u2 < u; u2++) seen |= strcmp(lab_queue(u2)->rate_key, q->rate_key) == 0;
        if (seen || at + n >= sizeof path) continue;
        memcpy(path + at, q->rate_key, n + 1);
        one.path = path;
        one.label = q->rate_label;
        metric_json(w, &one, NULL);
    }
}

/* The report's shape: the engine's metrics (with the queues' rates and the CPU roles'
 * values where LAB_REPORT_METRICS stands for them), the machine's RAD section (when the
 * machine has several RADs, or the kernel asks for it), then each kernel's tables
 * once, with the kernels that write them. */
static void report_schema(JsonW *w)
{
    const MetricDesc *m;
    int k, t, k2, t2;
    jw_open(w, '[');
    for (m = LAB_REPORT_METRICS; m->path; m++) {
        if (strcmp(m->path, LAB_QUEUE_RATE_PATH) == 0) queue_rates(w, m);
        else if (strcmp(m->path, LAB_ROLE_PATH) == 0) role_metrics(engine_metric, w);
        else metric_json(w, m, NULL);
    }
    for (m = LAB_MACHINE_METRICS; m->path; m++) metric_json(w, m, NULL);
    for (k = 0; lab_kernel(k); k++)
        for (t = 0; t < LAB_MAX_METRIC_TABLES && lab_kernel(k)->metrics[t]; t++) {
            const MetricDesc *table = lab_kernel(k)->metrics[t];
            int seen = 0;
            for (k2 = 0; k2 < k; k2++)
                for (t2 = 0; t2 < LAB_MAX_METRIC_TABLES && lab_kernel(k2)->metrics[t2]; t2++)
                    seen |= lab_kernel(k2)->metrics[t2] == table;
            if (!seen)
                for (m = table; m->path; m++) metric_json(w, m, table);
        }
    jw_close(w, ']');
}

int lab_schema_json(char *buf, int cap)
{
    JsonW w;
    int i, j, k;
    const char *now;
    w.buf = buf;
    w.cap = buf ? cap : 0;
    w.len = 0;
    w.last = 0;
    jw_open(&w, '{');
    jw_key(&w, "version");
    jw_int(&w, 1);
    jw_key(&w, "fields");
    jw_open(&w, '[');
    for (i = 0; i < F_COUNT; i++) {
        const FieldDesc *f = lab_field(i);
        jw_open(&w, '{');
        jw_key(&w, "index");
        jw_int(&w, i);
        jw_key(&w, "path");
        jw_str(&w, f->path);
        jw_key(&w, "type");
        jw_str(&w, f->type == FT_INT ? "int" : f->type == FT_ENUM ? "enum"
                                                                  : "number");
        jw_key(&w, "unit");
        jw_str(&w, f->unit);
        jw_key(&w, "min");
        jw_num(&w, f->min);
        jw_key(&w, "max");
        jw_num(&w, lab_field_max(f));
        jw_key(&w, "default");
        if (f->type == FT_ENUM) jw_str(&w, f->names[(int)f->def]);
        else jw_num(&w, f->def);
        if (f->type == FT_ENUM) {
            jw_key(&w, "values");
            jw_open(&w, '[');
            for (k = 0; f->names[k]; k++) {
                jw_item(&w);
                jw_str(&w, f->names[k]);
            }
            jw_close(&w, ']');
            if (lab_field_old_name(i, 0, &now)) { /* "renamed": { old name: name now } */
                const char *was;
                jw_key(&w, "renamed");
                jw_open(&w, '{');
                for (k = 0; (was = lab_field_old_name(i, k, &now)) != NULL; k++) {
                    jw_key(&w, was);
                    jw_str(&w, now);
                }
                jw_close(&w, '}');
            }
        }
        jw_key(&w, "kernel");
        jw_str(&w, f->kernel);
        jw_key(&w, "label");
        jw_str(&w, f->label);
        jw_key(&w, "doc");
        jw_str(&w, f->doc);
        jw_close(&w, '}');
    }
    jw_close(&w, ']');
    jw_key(&w, "modes");
    jw_open(&w, '[');
    for (i = 0; i < LAB_MODE_COUNT; i++) {
        jw_item(&w);
        jw_str(&w, lab_mode_name(i));
    }
    jw_close(&w, ']');
    jw_key(&w, "kernels");
    jw_open(&w, '[');
    for (i = 0; lab_kernel(i); i++) {
        const Kernel *kd = lab_kernel(i);
        jw_open(&w, '{');
        jw_key(&w, "name");
        jw_str(&w, kd->name);
        jw_key(&w, "locks");
        jw_open(&w, '[');
        for (j = 0; j < kd->nlock; j++) {
            jw_item(&w);
            jw_str(&w, kd->lock_names[j]);
        }
        jw_close(&w, ']');
        jw_close(&w, '}');
    }
    jw_close(&w, ']');
    jw_key(&w, "mechanisms");
    mechanisms_schema(&w);
    jw_key(&w, "queues");
    jw_open(&w, '[');
    for (i = 0; lab_queue(i); i++) {
        jw_item(&w);
        jw_str(&w, lab_queue(i)->name);
    }
    jw_close(&w, ']');
    jw_key(&w, "trace");
    jw_open(&w, '{');
    jw_key(&w, "record_bytes");
    jw_int(&w, (int64_t)sizeof(lab_TraceRecord));
    jw_key(&w, "fields");
    jw_open(&w, '[');
    {
        static const struct {
            const char *name;
            int offset;
            const char *type;
        } TF[] = {
            { "t_ns", offsetof(lab_TraceRecord, t_ns), "f64" },
            { "kind", offsetof(lab_TraceRecord, kind), "i32" },
            { "cpu", offsetof(lab_TraceRecord, cpu), "i32" },
            { "thread", offsetof(lab_TraceRecord, thread), "i32" },
            { "object", offsetof(lab_TraceRecord, object), "i32" },
            { "arg", offsetof(lab_TraceRecord, arg), "f64" },
        };
        for (i = 0; i < (int)(sizeof TF / sizeof TF[0]); i++) {
            jw_open(&w, '{');
            jw_key(&w, "name");
            jw_str(&w, TF[i].name);
            jw_key(&w, "offset");
            jw_int(&w, TF[i].offset);
            jw_key(&w, "type");
            jw_str(&w, TF[i].type);
            jw_close(&w, '}');
        }
    }
    jw_close(&w, ']');
    jw_key(&w, "kinds");
    jw_open(&w, '[');
    for (i = 0; i < LAB_TRACE_KIND_COUNT; i++) {
        jw_item(&w);
        jw_str(&w, trace_kind_name(i));
    }
    jw_close(&w, ']');
    /* which of those a request queue's post and take are, so that JavaScript reads them
     * by role and not by a kernel's name for them */
    jw_key(&w, "queue_post");
    jw_str(&w, trace_kind_name(LAB_TRACE_QUEUE_POST));
    jw_key(&w, "queue_take");
    jw_str(&w, trace_kind_name(LAB_TRACE_QUEUE_TAKE));
    jw_close(&w, '}');
    jw_key(&w, "report");
    report_schema(&w);
    jw_key(&w, "snapshot");
    metrics_schema(&w);
    jw_key(&w, "statuses");
    jw_open(&w, '[');
    for (i = 0; i < LAB_STATUS_COUNT; i++) {
        jw_item(&w);
        jw_str(&w, lab_status_message(i));
    }
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
