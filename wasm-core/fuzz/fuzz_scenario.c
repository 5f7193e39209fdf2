/*
 * fuzz_scenario.c -- a libFuzzer harness for the core's public API (make fuzz).
 *
 * An input is a scenario, written either as JSON like the presets (nested objects;
 * the "meta" object is skipped; numbers and names go to lab_scenario_set_text with the
 * dotted path), or as lines:
 *   path=value      lab_scenario_set_text(path, value)
 *   @index value    lab_scenario_set(index, strtod(value)): any double, NaN and
 *                   infinities included
 * Then, when the core accepts the scenario, a short run (a bounded number of events,
 * so an input takes milliseconds) with everything a caller can do to it: snapshots,
 * the trace, the report, a checkpoint and its restore, in the same handle and in a
 * fresh one. What must hold (a violation aborts, which libFuzzer reports as a crash):
 *  - a refused setter leaves the field as it was and says why; so does a refused
 *    scenario (lab_sim_new), unless memory ran out;
 *  - every text the core writes (report, error messages) is well-formed JSON or words;
 *    the snapshot's doubles are finite; trace records are in range and in time order;
 *  - a run restored from a checkpoint and run over the same events gives the same
 *    report (the trace's drop counter, which lives outside the arena, excepted) and
 *    the same stall, if any;
 *  - the run progresses or says it cannot (lab_sim_error): a run that is neither done
 *    nor stalled moves its clock within LAB_STALL_EVENTS events more;
 *  - the sanitizers (address, undefined including float-cast-overflow) stay quiet, no
 *    memory leaks, no input runs past libFuzzer's -timeout.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "stacklab.h"

#define CHUNK 2000             /* events per step call                              */
#define BEFORE_CHECKPOINT 1000 /* events before the checkpoint                      */
#define AFTER_CHECKPOINT 2000  /* events after it, run twice (and once more restored) */
#define STALL_EVENTS 1000000   /* model.h LAB_STALL_EVENTS                          */

static void fail(const char *what, const char *detail)
{
    fprintf(stderr, "fuzz_scenario: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    abort();
}

/* ---- a JSON checker (RFC 8259's grammar) ------------------------------------------ */

typedef struct In {
    const char *p, *end;
} In;

static void ws(In *in)
{
    while (in->p < in->end && (*in->p == ' ' || *in->p == '\t' || *in->p == '\n' || *in->p == '\r')) in->p++;
}
static int peek(In *in) { return in->p < in->end ? (unsigned char)*in->p : -1; }
static int digit(int c) { return c >= '0' && c <= '9'; }

static int j_value(In *in, int depth);

static int j_string(In *in)
{
    if (peek(in) != '"') return 0;
    in->p++;
    while (in->p < in->end) {
        unsigned char c = (unsigned char)*in->p++;
        if (c == '"') return 1;
        if (c < 0x20) return 0;
        if (c == '\\') {
            int e = peek(in), k;
            if (e < 0) return 0;
            in->p++;
            if (e == 'u') {
                for (k = 0; k < 4; k++) {
                    int h = peek(in);
                    if (!(digit(h) || (h >= 'a' && h <= 'f') || (h >= 'A' && h <= 'F'))) return 0;
                    in->p++;
                }
            } else if (!strchr("\"\\/bfnrt", e)) return 0;
        }
    }
    return 0;
}

static int j_number(In *in)
{
    if (peek(in) == '-') in->p++;
    if (peek(in) == '0') in->p++;
    else if (digit(peek(in)))
        while (digit(peek(in))) in->p++;
    else return 0;
    if (peek(in) == '.') {
        in->p++;
        if (!digit(peek(in))) return 0;
        while (digit(peek(in))) in->p++;
    }
    if (peek(in) == 'e' || peek(in) == 'E') {
        in->p++;
        if (peek(in) == '+' || peek(in) == '-') in->p++;
        if (!digit(peek(in))) return 0;
        while (digit(peek(in))) in->p++;
    }
    return 1;
}

static int j_word(In *in, const char *w)
{
    size_t n = strlen(w);
    if ((size_t)(in->end - in->p) < n || memcmp(in->p, w, n) != 0) return 0;
    in->p += n;
    return 1;
}

static int j_value(In *in, int depth)
{
    int c;
    if (depth > 64) return 0;
    ws(in);
    c = peek(in);
    if (c == '{' || c == '[') {
        int close = c == '{' ? '}' : ']', first = 1;
        in->p++;
        for (;;) {
            ws(in);
            if (peek(in) == close && first) {
                in->p++;
                return 1;
            }
            if (c == '{') {
                if (!j_string(in)) return 0;
                ws(in);
                if (peek(in) != ':') return 0;
                in->p++;
            }
            if (!j_value(in, depth + 1)) return 0;
            ws(in);
            if (peek(in) == ',') {
                in->p++;
                first = 0;
                continue;
            }
            if (peek(in) == close) {
                in->p++;
                return 1;
            }
            return 0;
        }
    }
    if (c == '"') return j_string(in);
    if (c == 't') return j_word(in, "true");
    if (c == 'f') return j_word(in, "false");
    if (c == 'n') return j_word(in, "null");
    return j_number(in);
}

static void check_json(const char *text, const char *what)
{
    In in;
    in.p = text;
    in.end = text + strlen(text);
    if (!j_value(&in, 0)) fail(what, text);
    ws(&in);
    if (in.p != in.end) fail(what, text);
}

/* ---- applying an input ---------------------------------------------------------------- */

/* The field's value as bits, so NaN compares equal to itself. */
static uint64_t bits_of(const lab_Scenario *sc, int field)
{
    double v = lab_scenario_get(sc, field);
    uint64_t b;
    memcpy(&b, &v, sizeof b);
    return b;
}

static void set_text(lab_Scenario *sc, const char *path, const char *value)
{
    int field = lab_scenario_field_index(path);
    uint64_t before = field >= 0 ? bits_of(sc, field) : 0;
    int st = lab_scenario_set_text(sc, path, value);
    const char *e = lab_scenario_error(sc);
    if (st == LAB_OK) {
        if (field < 0) fail("set_text took a path that is no field", path);
        if (e[0]) fail("a value taken, and an error left", e);
        return;
    }
    if (st < 0 || st >= LAB_STATUS_COUNT) fail("set_text gave an unknown status", path);
    if (!e[0]) fail("set_text refused without words", path);
    if (field >= 0 && bits_of(sc, field) != before) fail("a refused value changed the field", path);
    if (strlen(e) >= 512) fail("an error message overran its buffer", e);
}

static void set_number(lab_Scenario *sc, int field, double value)
{
    uint64_t before = field >= 0 && field < lab_scenario_field_count() ? bits_of(sc, field) : 0;
    int st = lab_scenario_set(sc, field, value);
    const char *e = lab_scenario_error(sc);
    if (st == LAB_OK) {
        if (lab_scenario_get(sc, field) != value) fail("a value taken is not the one kept", e);
        if (!isfinite(value)) fail("a value that is not finite was taken", NULL);
        return;
    }
    if (!e[0]) fail("lab_scenario_set refused without words", NULL);
    if (field >= 0 && field < lab_scenario_field_count() && bits_of(sc, field) != before)
        fail("a refused value changed the field", e);
}

/* JSON mode: objects become dotted paths; a leaf's text goes to set_text. */
typedef struct Walk {
    In in;
    lab_Scenario *sc;
    char path[160];
} Walk;

static int w_string(Walk *w, char *out, size_t cap)
{
    size_t n = 0;
    In *in = &w->in;
    if (peek(in) != '"') return 0;
    in->p++;
    while (in->p < in->end && *in->p != '"') {
        char c = *in->p++;
        if (c == '\\' && in->p < in->end) c = *in->p++; /* escapes: the next byte as it is */
        if (n + 1 < cap) out[n++] = c;
    }
    if (in->p >= in->end) return 0;
    in->p++;
    out[n] = '\0';
    return 1;
}

static int w_value(Walk *w, int depth);

static int w_object(Walk *w, int depth)
{
    size_t base = strlen(w->path);
    In *in = &w->in;
    in->p++; /* { */
    for (;;) {
        char key[64];
        ws(in);
        if (peek(in) == '}') {
            in->p++;
            return 1;
        }
        if (!w_string(w, key, sizeof key)) return 0;
        ws(in);
        if (peek(in) != ':') return 0;
        in->p++;
        if (depth == 0 && strcmp(key, "meta") == 0) {
            In skip = *in; /* not a field: check it is JSON and go on */
            if (!j_value(&skip, 1)) return 0;
            in->p = skip.p;
        } else {
            snprintf(w->path + base, sizeof w->path - base, "%s%s", base ? "." : "", key);
            if (!w_value(w, depth + 1)) return 0;
            w->path[base] = '\0';
        }
        ws(in);
        if (peek(in) == ',') {
            in->p++;
            continue;
        }
        if (peek(in) == '}') {
            in->p++;
            return 1;
        }
        return 0;
    }
}

static int w_value(Walk *w, int depth)
{
    In *in = &w->in;
    char text[96];
    if (depth > 8) return 0;
    ws(in);
    if (peek(in) == '{') return w_object(w, depth);
    if (peek(in) == '"') {
        if (!w_string(w, text, sizeof text)) return 0;
        set_text(w->sc, w->path, text);
        return 1;
    }
    {
        const char *start = in->p;
        size_t n;
        In probe = *in;
        if (!j_value(&probe, depth)) return 0; /* a number, a literal or an array */
        n = (size_t)(probe.p - start);
        if (n >= sizeof text) n = sizeof text - 1;
        memcpy(text, start, n);
        text[n] = '\0';
        in->p = probe.p;
        set_text(w->sc, w->path, text);
        return 1;
    }
}

static void apply_lines(lab_Scenario *sc, char *text)
{
    char *line = text;
    while (line && *line) {
        char *next = strchr(line, '\n'), *eq;
        if (next) *next++ = '\0';
        if (line[0] == '@') {
            char *end;
            long field = strtol(line + 1, &end, 10);
            double value = strtod(end, NULL);
            set_number(sc, field > 100000 || field < -100000 ? -1 : (int)field, value);
        } else if ((eq = strchr(line, '=')) != NULL) {
            *eq = '\0';
            set_text(sc, line, eq + 1);
        }
        line = next;
    }
}

/* ---- running ------------------------------------------------------------------------- */

static char *copy_of(const char *s)
{
    size_t n = strlen(s) + 1;
    char *c = malloc(n);
    if (!c) fail("out of memory", NULL);
    return memcpy(c, s, n);
}

/* The report with its "trace_dropped" figure taken out: the trace ring (and what it
 * dropped) lives outside the arena, so a restored run has its own. */
static char *report_copy(lab_Sim *s)
{
    const char *r = lab_sim_report_json(s), *k = strstr(r, "\"trace_dropped\":");
    size_t n = strlen(r);
    char *out = malloc(n + 1);
    if (!out) fail("out of memory", NULL);
    memcpy(out, r, n + 1);
    if (k) {
        char *at = out + (k - r), *v = at + strlen("\"trace_dropped\":");
        while (*v == '-' || digit((unsigned char)*v)) v++;
        memmove(at, v, strlen(v) + 1);
    }
    return out;
}

static void check_report(lab_Sim *s)
{
    const char *r = lab_sim_report_json(s), *e = lab_sim_error(s);
    check_json(r, "the report is not JSON");
    if (e[0]) {
        /* "error":"<the words, escaped as JSON>" */
        char *quoted = malloc(2 * strlen(e) + 16), *q = quoted;
        const char *c;
        if (!lab_sim_done(s)) fail("a stalled run says it is not done", e);
        q += sprintf(q, "\"error\":\"");
        for (c = e; *c; c++) {
            if (*c == '"' || *c == '\\') *q++ = '\\';
            *q++ = *c;
        }
        strcpy(q, "\"");
        if (!strstr(r, quoted)) fail("the report does not carry the stall's words", e);
        free(quoted);
        if (strncmp(e, "The run cannot go on (at ", 25) != 0) fail("a stall without its words", e);
    }
}

static void check_snapshot(lab_Sim *s)
{
    int need = lab_sim_snapshot(s, NULL, 0), i;
    double *d;
    if (need <= 0) fail("an empty snapshot", NULL);
    d = malloc(sizeof *d * (size_t)need);
    if (lab_sim_snapshot(s, d, need) != need) fail("the snapshot changed size", NULL);
    for (i = 0; i < need; i++)
        if (!isfinite(d[i])) fail("a snapshot value is not finite", NULL);
    free(d);
}

static void drain_trace(lab_Sim *s, int cpus)
{
    lab_TraceRecord rec[512];
    double last = -1, now = lab_sim_now(s);
    int n, i;
    while ((n = lab_trace_read(s, rec, 512)) > 0) {
        for (i = 0; i < n; i++) {
            if (rec[i].kind < 0 || rec[i].kind >= LAB_TRACE_KIND_COUNT) fail("a trace record of no kind", NULL);
            if (rec[i].cpu < -1 || rec[i].cpu >= cpus) fail("a trace record on no CPU", NULL);
            if (!(rec[i].t_ns >= last) || rec[i].t_ns > now) fail("trace records out of time order", NULL);
            if (!isfinite(rec[i].arg)) fail("a trace record's argument is not finite", NULL);
            last = rec[i].t_ns;
        }
    }
    if (lab_trace_pending(s) != 0) fail("records left in the ring after reading it", NULL);
}

/* Runs n events in chunks, reading the trace as it goes; the events run. */
static int run_events(lab_Sim *s, int n, int cpus)
{
    int ran = 0;
    while (ran < n) {
        int want = n - ran < CHUNK ? n - ran : CHUNK, got = lab_sim_step(s, want);
        drain_trace(s, cpus);
        ran += got;
        if (got < want) break; /* done, or stalled */
    }
    return ran;
}

static void run_scenario(lab_Scenario *sc)
{
    int status = -1, cpus = (int)lab_scenario_get(sc, lab_scenario_field_index("machine.cpus")), size;
    lab_Sim *a = lab_sim_new(sc, &status), *b;
    unsigned char *cp;
    char *ra, *rb, *ea;
    double at_checkpoint;
    if (!a) {
        if (status == LAB_OK) fail("lab_sim_new failed with no status", NULL);
        if (status != LAB_ERR_NOMEM && !lab_scenario_error(sc)[0]) fail("a scenario refused without words", lab_status_message(status));
        return;
    }
    if (status != LAB_OK || lab_scenario_validate(sc) != LAB_OK) fail("a simulation built from a scenario that is not valid", lab_scenario_error(sc));
    if (lab_sim_error(a)[0]) fail("a new run has an error", lab_sim_error(a));
    check_snapshot(a);
    run_events(a, BEFORE_CHECKPOINT, cpus);
    check_report(a);

    size = lab_sim_checkpoint_size(a);
    cp = malloc((size_t)size);
    if (!cp) fail("out of memory", NULL);
    if (lab_sim_checkpoint(a, cp, size - 1) != LAB_ERR_BUFFER) fail("a checkpoint into too small a buffer", NULL);
    if (lab_sim_checkpoint(a, cp, size) != LAB_OK) fail("a checkpoint failed", NULL);
    at_checkpoint = lab_sim_now(a);

    run_events(a, AFTER_CHECKPOINT, cpus);
    check_snapshot(a);
    check_report(a);
    ra = report_copy(a);
    ea = copy_of(lab_sim_error(a));

    /* the same handle, restored, over the same events */
    if (lab_sim_restore(a, cp, size) != LAB_OK) fail("a checkpoint does not restore into its own handle", NULL);
    if (lab_sim_now(a) != at_checkpoint) fail("restored, the clock is not where it was", NULL);
    run_events(a, AFTER_CHECKPOINT, cpus);
    rb = report_copy(a);
    if (strcmp(ra, rb) != 0) fail("restored and run again, the report differs", rb);
    if (strcmp(ea, lab_sim_error(a)) != 0) fail("restored and run again, the stall differs", lab_sim_error(a));
    free(rb);

    /* a fresh handle from the same scenario, restored, over the same events */
    b = lab_sim_new(sc, &status);
    if (b) {
        if (lab_sim_restore(b, cp, size) != LAB_OK) fail("a checkpoint does not restore into a twin handle", NULL);
        if (lab_sim_restore(b, cp, size - 1) != LAB_ERR_CHECKPOINT) fail("a checkpoint of another size was taken", NULL);
        run_events(b, AFTER_CHECKPOINT, cpus);
        rb = report_copy(b);
        if (strcmp(ra, rb) != 0) fail("restored into a twin and run, the report differs", rb);
        free(rb);
        lab_sim_free(b);
    }

    /* progress: done, stalled, or the clock moves within the engine's bound */
    if (!lab_sim_done(a) && !lab_sim_error(a)[0]) {
        double t = lab_sim_now(a);
        int ran = 0;
        while (lab_sim_now(a) == t && !lab_sim_done(a) && !lab_sim_error(a)[0]) {
            int got = lab_sim_step(a, CHUNK);
            drain_trace(a, cpus);
            ran += got;
            if (got == 0 && !lab_sim_done(a)) fail("no event ran, and the run is neither done nor stalled", NULL);
            if (ran > STALL_EVENTS + 2 * CHUNK) fail("the clock did not move and the engine did not say the run cannot go on", NULL);
        }
        check_report(a);
    }
    free(ra);
    free(ea);
    free(cp);
    lab_sim_free(a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int schema_checked;
    lab_Scenario *sc;
    char *text;
    if (!schema_checked) {
        int n = lab_schema_json(NULL, 0);
        char *buf = malloc((size_t)n + 1);
        if (lab_schema_json(buf, n + 1) != n) fail("the schema changed size", NULL);
        check_json(buf, "the schema is not JSON");
        free(buf);
        schema_checked = 1;
    }
    if (size > 65536) return 0;
    text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = '\0';
    sc = lab_scenario_new();
    if (!sc) fail("out of memory", NULL);
    if (size > 0 && data[0] == '{') {
        Walk w;
        w.in.p = text;
        w.in.end = text + strlen(text);
        w.sc = sc;
        w.path[0] = '\0';
        (void)w_value(&w, 0); /* what is not JSON past some point is left */
    } else {
        apply_lines(sc, text);
    }
    if (lab_scenario_validate(sc) != LAB_OK && !lab_scenario_error(sc)[0]) fail("validate refused without words", NULL);
    run_scenario(sc);
    lab_scenario_free(sc);
    free(text);
    return 0;
}
