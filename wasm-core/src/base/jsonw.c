/*
 * jsonw.c -- a small JSON writer into a caller's buffer.
 *
 * Numbers are formatted here with integer arithmetic instead of printf, so the text is
 * byte-identical native and in WebAssembly and no libc I/O reaches the core. When the
 * buffer is too small the writer keeps counting, so callers learn the size they need.
 */
#include "base.h"

static void put(JsonW *w, char c)
{
    w->last = c;
    if (w->len < w->cap - 1) w->buf[w->len] = c;
    w->len++;
    if (w->cap > 0) w->buf[(w->len < w->cap ? w->len : w->cap - 1)] = '\0';
}

void jw_raw(JsonW *w, const char *s)
{
    while (*s) put(w, *s++);
}

void jw_str(JsonW *w, const char *s)
{
    static const char hex[] = "0123456789abcdef";
    put(w, '"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            put(w, '\\');
            put(w, (char)c);
        } else if (c == '\n') {
            put(w, '\\');
            put(w, 'n');
        } else if (c < 0x20) {
            put(w, '\\');
            put(w, 'u');
            put(w, '0');
            put(w, '0');
            put(w, hex[c >> 4]);
            put(w, hex[c & 15]);
        } else put(w, (char)c);
    }
    put(w, '"');
}

static void put_uint(JsonW *w, uint64_t v)
{
    char tmp[24];
    int n = 0;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n) put(w, tmp[--n]);
}

void jw_int(JsonW *w, int64_t v)
{
    if (v < 0) {
        put(w, '-');
        put_uint(w, (uint64_t)(-(v + 1)) + 1);
    } else put_uint(w, (uint64_t)v);
}

/* Exact powers of ten (base.h). */
const double LAB_POW10[23] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
                               1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22 };

/* A finite v of at least 1e12, too large for the fixed-point path: d.ddde+N, 16
 * significant digits at most (trailing zeros dropped). Only multiplications and
 * divisions by powers of ten, so the text is the same in every build. The last digit
 * is rounded, except in the decade of DBL_MAX: there the value keeps 15 digits, cut,
 * since rounding up (or the divisions' error) could write a number above the largest
 * double, which a reader takes for infinity. */
static void put_big(JsonW *w, double v)
{
    char tmp[24];
    int k = 0, n = 0, e = 0;
    uint64_t digits;
    double x = v;
    while (x >= 1e38) { /* far above: in steps of 10^22 */
        x /= LAB_POW10[22];
        k += 22;
    }
    while (e < 22 && x / LAB_POW10[e] >= 1e17) e++; /* then to 17 digits before the point */
    x /= LAB_POW10[e];
    k += e;
    for (e = 0; e < 22 && x * LAB_POW10[e] < 1e16; e++) {}
    x *= LAB_POW10[e];
    k -= e;
    digits = (uint64_t)x; /* x < 1e17: in range */
    if (k + 16 >= 308) {  /* near DBL_MAX: 15 digits, cut */
        digits /= 100;
        k += 2;
    } else {
        digits = (digits + 5) / 10;
        k++;
    }
    if (digits >= 10000000000000000ull) {
        digits /= 10;
        k++;
    }
    while (digits > 0 && digits % 10 == 0) {
        digits /= 10;
        k++;
    }
    do {
        tmp[n++] = (char)('0' + digits % 10);
        digits /= 10;
    } while (digits);
    e = k + n - 1; /* the power of ten of the first digit */
    put(w, tmp[--n]);
    if (n) {
        put(w, '.');
        while (n) put(w, tmp[--n]);
    }
    put(w, 'e');
    jw_int(w, e);
}

void jw_fixed(JsonW *w, double v, int decimals)
{
    uint64_t scale = 1, whole, frac, q;
    double scaled;
    int i;
    if (!lab_finite(v)) {
        jw_raw(w, "null");
        return;
    }
    if (v < 0) {
        put(w, '-');
        v = -v;
    }
    for (i = 0; i < decimals; i++) scale *= 10;
    scaled = v * (double)scale + 0.5;
    if (scaled >= 9.0e18) { /* no room for the decimals */
        put_big(w, v);
        return;
    }
    q = (uint64_t)scaled;
    whole = q / scale;
    frac = q % scale;
    put_uint(w, whole);
    if (decimals > 0) {
        char tmp[20];
        put(w, '.');
        for (i = decimals - 1; i >= 0; i--) {
            tmp[i] = (char)('0' + frac % 10);
            frac /= 10;
        }
        for (i = 0; i < decimals; i++) put(w, tmp[i]);
    }
}

void jw_fixed_key(JsonW *w, const char *k, double v, int decimals)
{
    jw_key(w, k);
    jw_fixed(w, v, decimals);
}

void jw_num(JsonW *w, double v)
{
    /* the range first: only then is the conversion to int64_t defined */
    if (v > -9.0e15 && v < 9.0e15 && v == (double)(int64_t)v) jw_int(w, (int64_t)v);
    else jw_fixed(w, v, 6);
}

static int need_comma(const JsonW *w)
{
    return w->len > 0 && w->last != '{' && w->last != '[' && w->last != ':';
}

void jw_item(JsonW *w)
{
    if (need_comma(w)) put(w, ',');
}

void jw_key(JsonW *w, const char *k)
{
    if (need_comma(w)) put(w, ',');
    jw_str(w, k);
    put(w, ':');
}

void jw_open(JsonW *w, char c)
{
    if (need_comma(w)) put(w, ',');
    put(w, c);
}

void jw_close(JsonW *w, char c) { put(w, c); }
