/*
 * fields.c -- the scenario fields: names, units, ranges, defaults and meaning.
 *
 * The table (from fields.def) is the single source of truth for what a scenario is.
 * The TypeScript side receives it through lab_schema_json() and builds its JSON
 * Schema, its forms and its documentation from it; the C side checks every value
 * against it again. Each field's doc says what it is in the real system, in the
 * sources' words. The defaults are the calibrated GS160 testbed
 * (lessons/scenarios/testbed-classic.json).
 *
 * This file checks each field alone; model/validate.c checks them together (and asks
 * the scenario's kernel to check its own).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "fields.h"

/* kernel.kind's names: the kernel registry's (kernels/registry.c), in its order, which
 * the build writes from its list (tools/kernel_lists.sh: build/gen/kernel_names.h), so
 * that this layer needs nothing of the layers above it. */
const char *const LAB_KERNEL_NAMES[] = {
#include "kernel_names.h"
    NULL
};

static const char *const OFF_ON_NAMES[] = { "off", "on", NULL };
static const char *const AFFINITY_NAMES[] = { "last_cpu", "none", "bind_kprocs", NULL };
static const char *const LOCK_NAMES[] = { "tas", "ticket", "fair", "mcs", NULL };
static const char *const DIST_NAMES[] = { "const", "exp", "uniform", NULL };
/* the kernels' enums' names (kernels/<folder>/fields.def) */
#define LAB_FIELDS_PART LAB_PART_NAMES
#include "kernel_fields.def"
#undef LAB_FIELDS_PART

#define NS_MAX 1.0e10 /* ten seconds: more than any single cost can sensibly be */

/* The docs are compiled only where LAB_FIELD_DOCS is defined: the native build (its
 * library, runner and tests). The wasm leaves them out ("" in its schema): the page
 * loads them, when a parameter panel first shows, from src/core/field-docs.json,
 * which scripts/gen-field-docs.mjs writes from the native runner's schema. */
#ifdef LAB_FIELD_DOCS
#define DOC(text) text
#else
#define DOC(text) ""
#endif

static const FieldDesc FIELDS[F_COUNT] = {
#define FIELD(id, path, type, unit, min, max, def, names, kernel, label, doc) \
    { path, type, unit, min, max, def, names, kernel, label, DOC(doc) },
/* A cost: its distribution (constant or exponential unless the scenario says
 * otherwise), its mean, and the half-width of a uniform distribution. */
#define COST(id, cid, path, dist, mean, kernel, label, doc)                                                      \
    { path ".dist", FT_ENUM, "", 0, 2, dist, DIST_NAMES, kernel, label ", distribution",                         \
      DOC("Distribution of " doc ": const (always the mean), exp (exponential) or uniform (mean +- spread).") }, \
        { path ".mean_ns", FT_NUMBER, "ns", 0, NS_MAX, mean, NULL, kernel, label,                                \
          DOC("Mean " doc ", in nanoseconds; 0 switches it off.") },                                             \
        { path ".spread_ns", FT_NUMBER, "ns", 0, NS_MAX, 0, NULL, kernel, label ", spread",                      \
          DOC("Half-width of the uniform distribution of " doc ", in nanoseconds (at most the mean).") },
#include "fields.def"
#undef FIELD
#undef COST
};
#undef DOC

const int LAB_COST_FIELD[C_COUNT] = {
#define FIELD(...)
#define COST(id, cid, ...) F_##id##_DIST,
#include "fields.def"
#undef FIELD
#undef COST
};


/* An enum's largest value is its last name's index (kernel.kind's are the kernel
 * registry's); any other field's is in the table. */
double lab_field_max(const FieldDesc *f)
{
    int n = 0;
    if (f->type != FT_ENUM) return f->max;
    while (f->names[n]) n++;
    return n - 1;
}

/* Names an enum field once had, and its name for that value now. A link or a saved
 * file that still says an old name is refused with the new one named (and the schema
 * lists them, so the page says so too), never mapped silently. */
static const struct {
    int field;
    const char *was, *now;
} RENAMED_NAMES[] = {
#define RENAMED(field, was, now) { field, was, now },
#define LAB_FIELDS_PART LAB_PART_RENAMED
#include "kernel_fields.def"
#undef LAB_FIELDS_PART
#undef RENAMED
    { -1, NULL, NULL }
};

const char *lab_field_old_name(int field, int k, const char **now)
{
    int i;
    for (i = 0; RENAMED_NAMES[i].was; i++)
        if (RENAMED_NAMES[i].field == field && k-- == 0) {
            *now = RENAMED_NAMES[i].now;
            return RENAMED_NAMES[i].was;
        }
    return NULL;
}

const FieldDesc *lab_field(int index)
{
    return (index >= 0 && index < F_COUNT) ? &FIELDS[index] : NULL;
}

int lab_scenario_field_count(void) { return F_COUNT; }

int lab_scenario_field_index(const char *path)
{
    int i;
    if (!path) return -1;
    for (i = 0; i < F_COUNT; i++)
        if (strcmp(FIELDS[i].path, path) == 0) return i;
    return -1;
}

/* ---- messages ------------------------------------------------------------------ */

typedef struct Msg {
    char *buf;
    int len;
} Msg;

static void m_str(Msg *m, const char *s)
{
    while (*s && m->len < LAB_MSG_LEN - 1) m->buf[m->len++] = *s++;
    m->buf[m->len] = '\0';
}

static void m_num(Msg *m, double v)
{
    char tmp[48];
    JsonW w;
    w.buf = tmp;
    w.cap = sizeof tmp;
    w.len = 0;
    w.last = 0;
    jw_num(&w, v);
    m_str(m, tmp);
}

static void m_range(Msg *m, const FieldDesc *f)
{
    if (f->type == FT_ENUM) {
        int i;
        m_str(m, "one of ");
        for (i = 0; f->names[i]; i++) {
            if (i) m_str(m, ", ");
            m_str(m, f->names[i]);
        }
    } else {
        m_str(m, f->type == FT_INT ? "a whole number from " : "a number from ");
        m_num(m, f->min);
        m_str(m, " to ");
        m_num(m, lab_field_max(f));
        if (f->unit[0]) {
            m_str(m, " ");
            m_str(m, f->unit);
        }
    }
}

static int fail(lab_Scenario *sc, int status, const FieldDesc *f, const char *value_text,
                double value, const char *why)
{
    Msg m;
    m.buf = sc->error;
    m.len = 0;
    sc->error[0] = '\0';
    m_str(&m, f ? f->path : "scenario");
    m_str(&m, ": ");
    if (value_text) {
        m_str(&m, "\"");
        m_str(&m, value_text);
        m_str(&m, "\"");
    } else if (f && f->type == FT_ENUM && value >= 0 && value <= lab_field_max(f) && value == (int)value)
        m_str(&m, f->names[(int)value]); /* in range first: only then is the cast defined */
    else m_num(&m, value);
    m_str(&m, " ");
    m_str(&m, why);
    if (f && status != LAB_ERR_INCONSISTENT) {
        m_str(&m, "; allowed: ");
        m_range(&m, f);
    }
    return status;
}

/* ---- set, get, validate ---------------------------------------------------------- */

/* The core's allocator (the public one, which JavaScript uses for its buffers too),
 * here in the lowest layer that allocates, so the layers above use it downward. */
void *lab_alloc(int bytes) { return bytes > 0 ? malloc((size_t)bytes) : NULL; }
void lab_free(void *p) { free(p); }

lab_Scenario *lab_scenario_new(void)
{
    lab_Scenario *sc = (lab_Scenario *)lab_alloc((int)sizeof *sc);
    int i;
    if (!sc) return NULL;
    for (i = 0; i < F_COUNT; i++) sc->v[i] = FIELDS[i].def;
    sc->error[0] = '\0';
    return sc;
}

void lab_scenario_free(lab_Scenario *sc) { lab_free(sc); }

/* NaN or an infinity, named as the value: "machine.cpus: 'nan' is not a finite number;
 * give a whole number from 1 to 256". text is what the caller wrote, when it wrote text. */
static int not_finite(lab_Scenario *sc, const FieldDesc *f, const char *text, double value)
{
    Msg m;
    m.buf = sc->error;
    m.len = 0;
    sc->error[0] = '\0';
    m_str(&m, f->path);
    m_str(&m, ": '");
    m_str(&m, text ? text : value != value ? "nan"
                        : value > 0        ? "inf"
                                           : "-inf");
    m_str(&m, "' is not a finite number; give ");
    m_range(&m, f);
    return LAB_ERR_BAD_VALUE;
}

/* A value for one field: finite, in the field's range, and whole unless the field is a
 * number. The range comes before the whole-number test, whose conversion to an integer
 * is defined only for a value an integer can hold (every field's range fits in one). */
static int check_value(lab_Scenario *sc, const FieldDesc *f, double value)
{
    if (!lab_finite(value)) return not_finite(sc, f, NULL, value);
    if (value < f->min || value > lab_field_max(f))
        return fail(sc, LAB_ERR_RANGE, f, NULL, value, "is out of range");
    if (f->type != FT_NUMBER && value != (double)(int64_t)value)
        return fail(sc, LAB_ERR_BAD_VALUE, f, NULL, value, "is not a whole number");
    return LAB_OK;
}

int lab_scenario_set(lab_Scenario *sc, int field, double value)
{
    const FieldDesc *f = lab_field(field);
    int st;
    if (!sc) return LAB_ERR_BAD_VALUE;
    if (!f) {
        Msg m;
        m.buf = sc->error;
        m.len = 0;
        m_str(&m, "scenario: there is no field number ");
        m_num(&m, field);
        m_str(&m, "; fields are numbered from 0 to ");
        m_num(&m, F_COUNT - 1);
        return LAB_ERR_UNKNOWN_FIELD;
    }
    st = check_value(sc, f, value);
    if (st == LAB_OK) {
        sc->v[field] = value;
        sc->error[0] = '\0';
    }
    return st;
}

int lab_parse_decimal(const char *s, double *out)
{
    /* A plain decimal number: [+-] digits [. digits] [(e|E) [+-] digits], nothing else.
     * The significand's first 19 significant digits are kept in an integer and the
     * rest only move the exponent (digits beyond the 19th are dropped). When the
     * significand fits in 53 bits and the exponent is within +-22, the value is one
     * correctly rounded multiplication or division of two exact doubles, so it is the
     * double strtod gives (Clinger's fast path): every value written with up to 15
     * significant digits whose exponent, once the point is taken out, is within +-22
     * (test_decimal.c checks 200,000 against strtod). Beyond that it is within an ulp
     * or two of strtod's, and still the same native and in wasm. Written here
     * rather than calling strtod, whose long-double arithmetic is most of the size the
     * C library adds to the wasm core. */
    const char *p = s;
    uint64_t m = 0;
    int neg = 0, sig = 0, any = 0;
    long e = 0;
    double v;
    if (!s) return 0;
    if (*p == '+' || *p == '-') neg = (*p++ == '-');
    for (; *p >= '0' && *p <= '9'; p++) {
        any = 1;
        if (sig < 19) {
            if (m || *p != '0') {
                m = m * 10 + (uint64_t)(*p - '0');
                sig++;
            }
        } else e++;
    }
    if (*p == '.') {
        for (p++; *p >= '0' && *p <= '9'; p++) {
            any = 1;
            if (sig < 19) {
                if (m || *p != '0') {
                    m = m * 10 + (uint64_t)(*p - '0');
                    sig++;
                }
                e--;
            }
        }
    }
    if (!any) return 0;
    if (*p == 'e' || *p == 'E') {
        int eneg = 0, edigits = 0;
        long x = 0;
        p++;
        if (*p == '+' || *p == '-') eneg = (*p++ == '-');
        for (; *p >= '0' && *p <= '9'; p++, edigits++)
            if (x < 100000) x = x * 10 + (*p - '0');
        if (!edigits) return 0;
        e += eneg ? -x : x;
    }
    if (*p != '\0') return 0;
    v = (double)m;
    if (m != 0) {
        if (e > 400) e = 400;   /* far beyond any double: infinity */
        if (e < -400) e = -400; /* far below any double: zero      */
        while (e > 22) {
            v *= LAB_POW10[22];
            e -= 22;
        }
        while (e < -22) {
            v /= LAB_POW10[22];
            e += 22;
        }
        v = e >= 0 ? v * LAB_POW10[e] : v / LAB_POW10[-e];
    }
    *out = neg ? -v : v;
    return 1;
}

/* Text that names a value no field can take: NaN or an infinity, in the spellings
 * JavaScript, C and JSON5 use ("NaN", "nan", "Infinity", "-inf"...). */
static int names_non_finite(const char *s)
{
    static const char *const NAMES[] = { "nan", "inf", "infinity", NULL };
    int i;
    if (*s == '+' || *s == '-') s++;
    for (i = 0; NAMES[i]; i++) {
        const char *a = s, *b = NAMES[i];
        while (*a && *b && (*a | 0x20) == *b) {
            a++;
            b++;
        }
        if (!*a && !*b) return 1;
    }
    return 0;
}

int lab_scenario_set_text(lab_Scenario *sc, const char *path, const char *text)
{
    int field = lab_scenario_field_index(path);
    const FieldDesc *f = lab_field(field);
    double v;
    if (!sc || !text) return LAB_ERR_BAD_VALUE;
    if (!f) {
        Msg m;
        m.buf = sc->error;
        m.len = 0;
        m_str(&m, path ? path : "(null)");
        m_str(&m, ": no such scenario field; the schema lists every field (npx stacklab --help)");
        return LAB_ERR_UNKNOWN_FIELD;
    }
    if (f->type == FT_ENUM) {
        int i;
        const char *was, *now;
        for (i = 0; f->names[i]; i++)
            if (strcmp(f->names[i], text) == 0) return lab_scenario_set(sc, field, i);
        for (i = 0; (was = lab_field_old_name(field, i, &now)) != NULL; i++)
            if (strcmp(was, text) == 0) { /* path: "old" was renamed to new; set path=new */
                Msg m;
                m.buf = sc->error;
                m.len = 0;
                m_str(&m, f->path);
                m_str(&m, ": \"");
                m_str(&m, text);
                m_str(&m, "\" was renamed to ");
                m_str(&m, now);
                m_str(&m, "; set ");
                m_str(&m, f->path);
                m_str(&m, "=");
                m_str(&m, now);
                return LAB_ERR_BAD_VALUE;
            }
        return fail(sc, LAB_ERR_BAD_VALUE, f, text, 0, "is not a known name");
    }
    if (names_non_finite(text)) return not_finite(sc, f, text, 0);
    if (!lab_parse_decimal(text, &v)) return fail(sc, LAB_ERR_BAD_VALUE, f, text, 0, "is not a number");
    if (!lab_finite(v)) return not_finite(sc, f, text, v); /* "1e400": beyond any double */
    return lab_scenario_set(sc, field, v);
}

double lab_scenario_get(const lab_Scenario *sc, int field)
{
    return (sc && field >= 0 && field < F_COUNT) ? sc->v[field] : 0.0 / 0.0;
}

const char *lab_scenario_error(const lab_Scenario *sc) { return sc ? sc->error : ""; }

int scenario_fail(lab_Scenario *sc, int status, int field, double value, const char *why)
{
    return fail(sc, status, lab_field(field), NULL, value, why);
}

/* Each field alone: its type and range; a uniform distribution may not reach below zero. */
int scenario_check_fields(lab_Scenario *sc)
{
    int i, st;
    const double *v = sc->v;
    for (i = 0; i < F_COUNT; i++)
        if ((st = check_value(sc, &FIELDS[i], v[i])) != LAB_OK) return st;
    for (i = 0; i < F_COUNT; i++) {
        if (FIELDS[i].names == DIST_NAMES && v[i] == DIST_UNIFORM && v[i + 2] > v[i + 1])
            return fail(sc, LAB_ERR_INCONSISTENT, &FIELDS[i + 2], NULL, v[i + 2],
                        "is larger than the mean: a uniform distribution would go below zero; "
                        "make spread_ns at most mean_ns");
    }
    return LAB_OK;
}

/* ---- JSON: the resolved scenario, and the schema ----------------------------------- */

/* Writes the scenario as nested objects, following the dotted paths. */
void jw_scenario(JsonW *w, const double *v)
{
    char open[4][32];
    int depth = 0, i;
    jw_open(w, '{');
    for (i = 0; i < F_COUNT; i++) {
        const char *p = FIELDS[i].path;
        char part[4][32];
        int n = 0, k, common = 0;
        const char *s = p;
        while (*s && n < 4) {
            int len = 0;
            while (*s && *s != '.' && len < 31) part[n][len++] = *s++;
            part[n][len] = '\0';
            n++;
            if (*s == '.') s++;
        }
        while (common < depth && common < n - 1 && strcmp(open[common], part[common]) == 0) common++;
        while (depth > common) {
            jw_close(w, '}');
            depth--;
        }
        for (k = depth; k < n - 1; k++) {
            jw_key(w, part[k]);
            jw_open(w, '{');
            strcpy(open[k], part[k]);
            depth++;
        }
        jw_key(w, part[n - 1]);
        if (FIELDS[i].type == FT_ENUM) jw_str(w, FIELDS[i].names[(int)v[i]]);
        else jw_num(w, v[i]);
    }
    while (depth > 0) {
        jw_close(w, '}');
        depth--;
    }
    jw_close(w, '}');
}

static const char *const MODE_NAMES[LAB_MODE_COUNT] = {
    "user", "kernel", "fork", "spin", "interrupt", "cswitch", "idle"
};

const char *lab_mode_name(int mode) { return (mode >= 0 && mode < LAB_MODE_COUNT) ? MODE_NAMES[mode] : "?"; }
