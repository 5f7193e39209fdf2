/* Every field at the ends of its range, one at a time, on every kernel it belongs to:
 * the core either refuses the scenario in words or builds it and runs (a bounded
 * number of events) without a crash, a sanitizer report or a stuck clock. And the
 * counts a scenario derives for the narrow integers of the model: the SNA transfer's
 * RUs (sna.transfer_bytes / sna.ru_bytes, up to 65,536) are all sent. */
#include <float.h>
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
        if (ran == 0 && !lab_sim_done(s)) {
            ok = 0;
            snprintf(why, cap, "no event ran and the run is not done");
        } else if (!report || report[0] != '{') {
            ok = 0;
            snprintf(why, cap, "no report");
        }
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
        while (report_number(s, "transfers_completed") < 1 && !lab_sim_done(s) && lab_sim_step(s, 200000) > 0) {}
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


static int has(const char *s, const char *part) { return strstr(s, part) != NULL; }

/* The values no field takes, given as numbers: NaN, the infinities, and finite numbers
 * far past every range (1e28 once reached the whole-number test's conversion to int64_t,
 * undefined in C). Each is refused in words that name the value and the range, and the
 * field keeps its value. Then the ends of each range exactly, and one step past them. */
static void field_values_at_the_extremes(void)
{
    static const double HUGE_VALUES[] = { 1e28, -1e28, 1e300, -1e300, DBL_MAX, -DBL_MAX,
                                          9223372036854775808.0, -9223372036854775808.0, 18446744073709551616.0 };
    lab_Scenario *sc = lab_scenario_new();
    double inf = 1.0 / 0.0, nan = 0.0 / 0.0;
    int i, k, bad = 0, tried = 0;
    for (i = 0; i < lab_scenario_field_count(); i++) {
        const FieldDesc *f = lab_field(i);
        double before = lab_scenario_get(sc, i), lo = f->min, hi = lab_field_max(f);
        char want[160];
        const char *e;
        int st;
        /* NaN and the infinities */
        const double odd[3] = { nan, inf, -inf };
        const char *const odd_names[3] = { "'nan'", "'inf'", "'-inf'" };
        for (k = 0; k < 3; k++) {
            tried++;
            st = lab_scenario_set(sc, i, odd[k]);
            e = lab_scenario_error(sc);
            snprintf(want, sizeof want, "%s: %s is not a finite number; give ", f->path, odd_names[k]);
            if (st != LAB_ERR_BAD_VALUE || strncmp(e, want, strlen(want)) != 0 ||
                !has(e, f->type == FT_ENUM ? "one of " : f->type == FT_INT ? "a whole number from "
                                                                           : "a number from ") ||
                lab_scenario_get(sc, i) != before) {
                if (bad++ < 5) fprintf(stderr, "  %s = %g: status %d, \"%s\"\n", f->path, odd[k], st, e);
            }
        }
        /* far past every range */
        for (k = 0; k < (int)(sizeof HUGE_VALUES / sizeof HUGE_VALUES[0]); k++) {
            tried++;
            st = lab_scenario_set(sc, i, HUGE_VALUES[k]);
            e = lab_scenario_error(sc);
            if (st != LAB_ERR_RANGE || !has(e, f->path) || !has(e, "is out of range; allowed: ") ||
                !has(e, HUGE_VALUES[k] < 0 ? ": -" : ": ") || has(e, "1e18") || lab_scenario_get(sc, i) != before) {
                if (bad++ < 5) fprintf(stderr, "  %s = %g: status %d, \"%s\"\n", f->path, HUGE_VALUES[k], st, e);
            }
        }
        /* the ends, and one step past each */
        tried += 4;
        if (lab_scenario_set(sc, i, lo) != LAB_OK || lab_scenario_set(sc, i, hi) != LAB_OK) {
            if (bad++ < 5) fprintf(stderr, "  %s: an end of its range refused: %s\n", f->path, lab_scenario_error(sc));
        }
        {
            double below = f->type == FT_NUMBER ? lo - (lo ? (lo < 0 ? -lo : lo) * 1e-15 : 1e-300) : lo - 1;
            double above = f->type == FT_NUMBER ? hi + hi * 1e-15 : hi + 1;
            if (lab_scenario_set(sc, i, below) != LAB_ERR_RANGE || lab_scenario_set(sc, i, above) != LAB_ERR_RANGE) {
                if (bad++ < 5) fprintf(stderr, "  %s: a value just past its range accepted\n", f->path);
            }
        }
        lab_scenario_set(sc, i, before);
    }
    CHECK(tried > 3000 && bad == 0, "%d non-finite, huge and end values over every field: refused in words, or taken at the ends (%d wrong)", tried, bad);

    /* the same as text */
    {
        static const char *const TEXTS[] = { "nan", "NaN", "-nan", "inf", "-inf", "+Infinity", "INF", "1e400", "-1e400", NULL };
        int ok = 1;
        for (k = 0; TEXTS[k]; k++) {
            char want[96];
            int st = lab_scenario_set_text(sc, "machine.cpus", TEXTS[k]);
            snprintf(want, sizeof want, "machine.cpus: '%s' is not a finite number; give a whole number from 1 to 256 CPUs", TEXTS[k]);
            if (st != LAB_ERR_BAD_VALUE || strcmp(lab_scenario_error(sc), want) != 0) {
                ok = 0;
                fprintf(stderr, "  machine.cpus \"%s\": %d \"%s\"\n", TEXTS[k], st, lab_scenario_error(sc));
            }
        }
        CHECK(ok, "NaN and the infinities as text: \"'nan' is not a finite number; give a whole number from 1 to 256\"");
        CHECK(lab_scenario_set(sc, F_CPUS, 0.0 / 0.0) == LAB_ERR_BAD_VALUE &&
                  strcmp(lab_scenario_error(sc), "machine.cpus: 'nan' is not a finite number; give a whole number from 1 to 256 CPUs") == 0,
              "NaN as a number: %s", lab_scenario_error(sc));
        CHECK(lab_scenario_set_text(sc, "machine.cpus", "1e28") == LAB_ERR_RANGE &&
                  strcmp(lab_scenario_error(sc), "machine.cpus: 1e28 is out of range; allowed: a whole number from 1 to 256 CPUs") == 0,
              "1e28 cpus: %s", lab_scenario_error(sc));
        CHECK(lab_scenario_set_text(sc, "sim.seed", "1.5e300") == LAB_ERR_RANGE && has(lab_scenario_error(sc), "1.5e300 is out of range"),
              "1.5e300: %s", lab_scenario_error(sc));
        CHECK(lab_scenario_set_text(sc, "kernel.lock_kind", "nan") == LAB_ERR_BAD_VALUE &&
                  has(lab_scenario_error(sc), "is not a known name"),
              "an enum's name \"nan\" is just not a name: %s", lab_scenario_error(sc));
        CHECK(lab_scenario_set(sc, F_LOCK_KIND, 1.0 / 0.0) == LAB_ERR_BAD_VALUE &&
                  strcmp(lab_scenario_error(sc), "kernel.lock_kind: 'inf' is not a finite number; give one of tas, ticket, fair, mcs") == 0,
              "an enum by number: %s", lab_scenario_error(sc));
        CHECK(lab_scenario_set(sc, F_LOCK_KIND, 1e28) == LAB_ERR_RANGE && has(lab_scenario_error(sc), "kernel.lock_kind: 1e28 is out of range"),
              "an enum far out of range: %s", lab_scenario_error(sc));
        CHECK(lab_scenario_get(sc, F_CPUS) == 16 && lab_scenario_validate(sc) == LAB_OK, "nothing refused was kept");
    }
    lab_scenario_free(sc);
}

/* The JSON writer at the extremes: every finite double is a JSON number that reads back
 * within 16 significant digits; NaN and the infinities are null. (9e15 and up once came
 * out as "1e18", and the whole-number test converted huge values to int64_t.) */
static int json_number_ok(double v, const char *text)
{
    char *end;
    double back;
    if (!lab_finite(v)) return strcmp(text, "null") == 0;
    back = strtod(text, &end);
    if (*end != '\0' || text[0] == '\0') return 0;
    if (strchr(text, 'e') && !strchr("0123456789", text[strlen(text) - 1])) return 0;
    return v == 0 ? back == 0 : h_rel(back, v) < 1e-15 * 4;
}

static void json_at_the_extremes(void)
{
    static const double VALUES[] = {
        0, 1, -1, 0.5, 9e12, 9e12 + 0.25, 8999999999999999.0, 9e15, -9e15, 1e16, 12345678901234567890.0,
        9223372036854775807.0, 9223372036854775808.0, -9223372036854775808.0, 18446744073709551616.0,
        1e22, 1e23, 1.5e20, 1e28, -1e28, 1e38, 1.7976931348623157e308, -1.7976931348623157e308, 4.9e-324,
        1.0 / 0.0, -1.0 / 0.0, 0.0 / 0.0
    };
    int i, d, bad = 0, n = 0;
    for (i = 0; i < (int)(sizeof VALUES / sizeof VALUES[0]); i++) {
        char buf[64];
        JsonW w;
        w.buf = buf;
        w.cap = sizeof buf;
        w.len = 0;
        w.last = 0;
        jw_num(&w, VALUES[i]);
        n++;
        if (!json_number_ok(VALUES[i], buf) && !(VALUES[i] == 4.9e-324 && strcmp(buf, "0.000000") == 0)) {
            if (bad++ < 5) fprintf(stderr, "  jw_num(%.17g) = \"%s\"\n", VALUES[i], buf);
        }
        for (d = 0; d <= 6; d += 3) {
            w.len = 0;
            w.last = 0;
            jw_fixed(&w, VALUES[i], d);
            n++;
            if (lab_finite(VALUES[i]) && (VALUES[i] < 0 ? -VALUES[i] : VALUES[i]) < 1e15) {
                /* rounded to d decimals */
                double back = strtod(buf, NULL), diff = back - VALUES[i];
                if ((diff < 0 ? -diff : diff) <= 0.5 * (d == 0 ? 1 : d == 3 ? 1e-3
                                                                            : 1e-6) *
                                                     (1 + 1e-9)) continue;
            } else if (json_number_ok(VALUES[i], buf)) continue;
            {
                if (bad++ < 5) fprintf(stderr, "  jw_fixed(%.17g, %d) = \"%s\"\n", VALUES[i], d, buf);
            }
        }
    }
    CHECK(bad == 0, "%d extreme doubles written as JSON: each a number that reads back, or null (%d wrong)", n, bad);
    {
        char buf[32];
        JsonW w;
        w.buf = buf;
        w.cap = sizeof buf;
        w.len = 0;
        w.last = 0;
        jw_num(&w, 1e28);
        CHECK(strcmp(buf, "1e28") == 0, "1e28 is written 1e28 (%s)", buf);
        w.len = 0;
        jw_num(&w, -1.5e20);
        CHECK(strcmp(buf, "-1.5e20") == 0, "-1.5e20 is written -1.5e20 (%s)", buf);
        w.len = 0;
        jw_fixed(&w, 9e15, 6);
        CHECK(strcmp(buf, "9e15") == 0, "9e15 with six decimals is 9e15, not 1e18 (%s)", buf);
    }
}

/* Conversions of computed doubles to integers: range checked, never undefined. */
static void conversions_at_the_extremes(void)
{
    Rng r;
    Cost c;
    int ok;
    CHECK(lab_i64(0.0 / 0.0) == 0 && lab_i64(1.0 / 0.0) == ((int64_t)1 << 62) && lab_i64(-1.0 / 0.0) == -((int64_t)1 << 62) &&
              lab_i64(1e300) == ((int64_t)1 << 62) && lab_i64(-1e300) == -((int64_t)1 << 62) &&
              lab_i64(4611686018427387904.0) == ((int64_t)1 << 62) && lab_i64(4611686018427387903.0 - 512) == 4611686018427387392LL &&
              lab_i64(-2.5) == -2 && lab_i64(1e12) == 1000000000000LL,
          "lab_i64 at its ends");
    rng_seed(&r, 1);
    c.dist = DIST_EXP;
    c.mean = 1.0 / 0.0;
    c.spread = 0;
    ok = cost_sample(&r, &c) == ((int64_t)1 << 62);
    c.dist = DIST_CONST;
    c.mean = 1e300;
    ok = ok && cost_sample(&r, &c) == ((int64_t)1 << 62);
    c.dist = DIST_UNIFORM;
    c.mean = DBL_MAX;
    c.spread = DBL_MAX;
    ok = ok && cost_sample(&r, &c) >= 0;
    CHECK(ok, "a cost with an infinite or huge mean samples 2^62 ns, not an undefined conversion");
}

/* Rates and costs at the smallest positive values their ranges allow: gaps of 1e309 ns
 * (infinite), ratios of 1e306; runs that use them neither overflow nor convert out of
 * range (the sanitizer build checks both). */
static void tiny_rates(void)
{
    static const char *const RUNS[][8] = {
        { "kernel.kind=onload", "machine.cpus=4", "net.test=udp_receive", "net.offered_pps=1e-300", NULL },
        { "kernel.kind=classic", "machine.cpus=2", "workload.processes=4", "network.disk_io_per_s=1e-300",
          "network.background_rx_pps=1e-300", NULL },
        { "kernel.kind=numa", "machine.cpus=4", "machine.rads=2", "machine.memory_local_ns_per_kb=1e-300",
          "numa.placement=none", "workload.processes=4", NULL },
    };
    int i, ok = 1;
    for (i = 0; i < (int)(sizeof RUNS / sizeof RUNS[0]); i++) {
        lab_Scenario *sc = lab_scenario_new();
        lab_Sim *s;
        int st;
        lab_scenario_set_text(sc, "sim.duration_ns", "2000000");
        lab_scenario_set_text(sc, "sim.warmup_ns", "0");
        h_apply(sc, RUNS[i]);
        s = lab_sim_new(sc, &st);
        if (!s) {
            ok = 0;
            fprintf(stderr, "  %s: %s\n", RUNS[i][0], lab_scenario_error(sc));
        } else {
            lab_sim_step(s, EVENTS_PER_RUN);
            ok = ok && lab_sim_report_json(s)[0] == '{';
            lab_sim_free(s);
        }
        lab_scenario_free(sc);
    }
    CHECK(ok, "runs with rates and costs of 1e-300 build and run");
}

int main(void)
{
    field_values_at_the_extremes();
    json_at_the_extremes();
    conversions_at_the_extremes();
    tiny_rates();
    extremes();
    sna_transfer_counts();
    return h_finish("extremes");
}
