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

void jw_raw(JsonW *w, const char *s) { while (*s) put(w, *s++); }

void jw_str(JsonW *w, const char *s)
{
    static const char hex[] = "0123456789abcdef";
    put(w, '"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') { put(w, '\\'); put(w, (char)c); }
        else if (c == '\n') { put(w, '\\'); put(w, 'n'); }
        else if (c < 0x20) { put(w, '\\'); put(w, 'u'); put(w, '0'); put(w, '0');
                             put(w, hex[c >> 4]); put(w, hex[c & 15]); }
        else put(w, (char)c);
    }
    put(w, '"');
}

static void put_uint(JsonW *w, uint64_t v)
{
    char tmp[24];
    int n = 0;
    do { tmp[n++] = (char)('0' + v % 10); v /= 10; } while (v);
    while (n) put(w, tmp[--n]);
}

void jw_int(JsonW *w, int64_t v)
{
    if (v < 0) { put(w, '-'); put_uint(w, (uint64_t)(-(v + 1)) + 1); }
    else put_uint(w, (uint64_t)v);
}

void jw_fixed(JsonW *w, double v, int decimals)
{
    uint64_t scale = 1, whole, frac, q;
    double scaled;
    int i;
    if (v != v) { jw_raw(w, "null"); return; }
    if (v < 0) { put(w, '-'); v = -v; }
    for (i = 0; i < decimals; i++) scale *= 10;
    scaled = v * (double)scale + 0.5;
    if (scaled >= 9.0e18) { jw_raw(w, "1e18"); return; }
    q = (uint64_t)scaled;
    whole = q / scale;
    frac = q % scale;
    put_uint(w, whole);
    if (decimals > 0) {
        char tmp[20];
        put(w, '.');
        for (i = decimals - 1; i >= 0; i--) { tmp[i] = (char)('0' + frac % 10); frac /= 10; }
        for (i = 0; i < decimals; i++) put(w, tmp[i]);
    }
}

void jw_fixed_key(JsonW *w, const char *k, double v, int decimals) { jw_key(w, k); jw_fixed(w, v, decimals); }

void jw_num(JsonW *w, double v)
{
    if (v == (double)(int64_t)v && v > -9.0e15 && v < 9.0e15) jw_int(w, (int64_t)v);
    else jw_fixed(w, v, 6);
}

static int need_comma(const JsonW *w)
{
    return w->len > 0 && w->last != '{' && w->last != '[' && w->last != ':';
}

void jw_item(JsonW *w) { if (need_comma(w)) put(w, ','); }

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
