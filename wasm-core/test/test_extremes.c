/* Every field at the ends of its range, one at a time, on every kernel it belongs to:
 * the core either refuses the scenario in words or builds it and runs (a bounded
 * number of events) without a crash, a sanitizer report or a stuck clock. And the
 * counts a scenario derives for the narrow integers of the model: the SNA transfer's
 * RUs (sna.transfer_bytes / sna.ru_bytes, up to 65,536) are all sent. */
#include <stdlib.h>
#include <string.h>
#include "harness.h"

#define EVENTS_PER_RUN 20000

/* What each kernel needs beyond the defaults to be a consistent scenario. */
static void base_for(lab_Scenario *sc, const char *kernel)
{
    lab_scenario_set_text(sc, "kernel.kind", kernel);
    lab_scenario_set_text(sc, "sim.duration_ns", "2000000");
    lab_scenario_set_text(sc, "sim.warmup_ns", "0");
    if (strcmp(kernel, "sna") == 0) {
        lab_scenario_set_text(sc, "machine.cpus", "4");
        lab_scenario_set_text(sc, "sna.sessions", "8");
    }
    if (strcmp(kernel, "onload") == 0) lab_scenario_set_text(sc, "machine.cpus", "4");
    if (strcmp(kernel, "hpux") == 0) lab_scenario_set_text(sc, "machine.cpus", "2");
}

static int belongs(const FieldDesc *f, const char *kernel)
{
    const char *p = f->kernel;
    size_t n = strlen(kernel);
    if (!*p) return 1;
    while ((p = strstr(p, kernel)) != NULL) {
        if ((p == f->kernel || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0')) return 1;
        p += n;
    }
    return 0;
}

/* One scenario: refused with a message, or built and run. Returns 1 when it behaved. */
static int try_one(const char *kernel, int field, double value, char *why, size_t cap)
{
    lab_Scenario *sc = lab_scenario_new();
    lab_Sim *s;
    int status, ok = 1;
    base_for(sc, kernel);
    if (lab_scenario_set(sc, field, value) != LAB_OK) {
        ok = lab_scenario_error(sc)[0] != '\0';
        if (!ok) snprintf(why, cap, "set refused without a message");
        lab_scenario_free(sc);
        return ok;
    }
    s = lab_sim_new(sc, &status);
    if (!s) {
        ok = status != LAB_OK && (status == LAB_ERR_NOMEM || lab_scenario_error(sc)[0] != '\0');
        if (!ok) snprintf(why, cap, "refused (status %d) without a message", status);
    } else {
        int ran = lab_sim_step(s, EVENTS_PER_RUN);
        const char *report = lab_sim_report_json(s);
        if (ran == 0 && !lab_sim_done(s)) { ok = 0; snprintf(why, cap, "no event ran and the run is not done"); }
        else if (!report || report[0] != '{') { ok = 0; snprintf(why, cap, "no report"); }
        lab_sim_free(s);
    }
    lab_scenario_free(sc);
    return ok;
}

static void extremes(void)
{
    int k, i, tried = 0, bad = 0;
    char why[160];
    for (k = 0; lab_kernel(k); k++) {
        const char *kernel = lab_kernel(k)->name;
        for (i = 0; i < lab_scenario_field_count(); i++) {
            const FieldDesc *f = lab_field(i);
            double ends[2];
            int e;
            if (!belongs(f, kernel) || i == F_KERNEL) continue;
            ends[0] = f->min;
            ends[1] = lab_field_max(f);
            for (e = 0; e < 2; e++) {
                tried++;
                why[0] = '\0';
                if (!try_one(kernel, i, ends[e], why, sizeof why)) {
                    if (!bad++ || bad < 5) fprintf(stderr, "  %s, %s = %g: %s\n", kernel, f->path, ends[e], why);
                }
            }
        }
    }
    CHECK(tried > 500 && bad == 0, "%d field extremes over the kernels: each refused in words or run (%d misbehaved)", tried, bad);
}

/* A number from the report: the text after "key": */
static double report_number(lab_Sim *s, const char *key)
{
    char pat[64];
    const char *r = lab_sim_report_json(s), *p;
    snprintf(pat, sizeof pat, "\"%s\":", key);
    p = strstr(r, pat);
    return p ? strtod(p + strlen(pat), NULL) : -1;
}

/* The measured transfer sends every RU: 16 MiB in 256-byte RUs is 65,536 of them (the
 * loop counter was 16 bits wide: the run wrapped it and never finished). */
static void sna_transfer_counts(void)
{
    static const char *const sizes[] = { "8388608", "16777216" };
    int i;
    for (i = 0; i < 2; i++) {
        const char *set[] = { "kernel.kind=sna", "machine.cpus=1", "sna.sessions=1", "sna.ru_bytes=256",
                              "sna.pacing_window=64", "sna.link_bits_per_s=10000000000",
                              "sna.pacing_latency.mean_ns=1000", "sim.warmup_ns=1000000",
                              "sim.duration_ns=100000000000", NULL };
        const char *size[] = { NULL, NULL };
        char arg[64];
        lab_Sim *s;
        double done, rate, secs, bytes;
        snprintf(arg, sizeof arg, "sna.transfer_bytes=%s", sizes[i]);
        size[0] = arg;
        {
            lab_Scenario *sc = lab_scenario_new();
            int status;
            h_apply(sc, set);
            h_apply(sc, size);
            s = lab_sim_new(sc, &status);
            lab_scenario_free(sc);
        }
        CHECK(s != NULL, "the %s-byte transfer builds", sizes[i]);
        if (!s) continue;
        /* run until the first transfer completes (or a bounded number of events) */
        while (report_number(s, "transfers_completed") < 1 && !lab_sim_done(s) && lab_sim_step(s, 200000) > 0) { }
        done = report_number(s, "transfers_completed");
        rate = report_number(s, "transfer_bytes_per_s");
        secs = (double)(s->st->now - s->st->stats_start) / 1e9;
        bytes = rate * secs;
        CHECK(done >= 1, "the %s-byte transfer completes in 256-byte RUs (%g completed)", sizes[i], done);
        CHECK(bytes >= atof(sizes[i]) && bytes < 2 * atof(sizes[i]),
              "and it sends the bytes asked for, not a multiple (%.0f acknowledged)", bytes);
        lab_sim_free(s);
    }
}

int main(void)
{
    extremes();
    sna_transfer_counts();
    return h_finish("extremes");
}
