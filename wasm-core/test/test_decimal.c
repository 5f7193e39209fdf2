/*
 * test_decimal.c -- the core reads scenario numbers itself (lab_parse_decimal, not
 * strtod, whose long-double code is most of what the C library adds to the wasm).
 * Checked here against the native C library's strtod, bit for bit: fixed cases and
 * 200,000 random decimals of up to 15 significant digits whose value is the
 * significand times 10^k with |k| <= 22 (the fast path's domain, where the reading is
 * exact); beyond it, within a hair of strtod's; then the texts it must refuse.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "scenario/fields.h"

static uint64_t seed = 0x9E3779B97F4A7C15u;
static uint64_t next(void)
{
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return seed;
}

static int same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

static void agrees(const char *text)
{
    double mine = 0, theirs = strtod(text, NULL);
    int ok = lab_parse_decimal(text, &mine);
    CHECK(ok && same_bits(mine, theirs), "\"%s\": %.17g, strtod %.17g", text, mine, theirs);
}

int main(void)
{
    static const char *const FIXED[] = {
        "0",
        "-0",
        "+0",
        "1",
        "917",
        "0.3",
        "0.1",
        "0.5",
        "2.55e3",
        "1e-3",
        "3e8",
        "1.0e6",
        "16000000",
        "10000000000",
        "0.000001",
        "123456789012345",
        "9007199254740993",
        "4.35",
        "5.",
        ".5",
        "+.25",
        "007",
        "0.0030",
        "1E5",
        "1e+5",
        "2e-22",
        "8e22",
        "-1",
        "-0.75",
        "1048576",
        "0.333333333333333",
    };
    char buf[64];
    double v;
    int i;
    for (i = 0; i < (int)(sizeof FIXED / sizeof FIXED[0]); i++) agrees(FIXED[i]);

    /* random decimals: up to 15 significant digits, a point anywhere, an exponent in +-22 */
    int wrong = 0;
    char first[64] = "";
    for (i = 0; i < 200000; i++) {
        int digits = 1 + (int)(next() % 15), point = (int)(next() % (uint64_t)(digits + 1)), k, n = 0;
        /* the exponent left after the point is taken out stays within +-22: the fast path's domain */
        int frac = point > 0 ? digits - point : 0, exp10 = (int)(next() % 45) - 22 + frac;
        if (exp10 > 22) exp10 = 22;
        if (next() & 1) buf[n++] = '-';
        for (k = 0; k < digits; k++) {
            if (k == point && k > 0) buf[n++] = '.';
            buf[n++] = (char)('0' + (k == 0 ? 1 + next() % 9 : next() % 10));
        }
        if (next() & 1) n += snprintf(buf + n, sizeof buf - (size_t)n, "e%d", exp10);
        else buf[n] = '\0';
        if (!lab_parse_decimal(buf, &v) || !same_bits(v, strtod(buf, NULL))) {
            if (!wrong++) strcpy(first, buf);
        }
    }
    CHECK(wrong == 0, "200,000 random decimals read as strtod reads them (%d differ; the first: \"%s\")", wrong, first);

    /* far outside any field's range: still a number, refused later by the range check */
    CHECK(lab_parse_decimal("1e28", &v) && v > 9.99e27 && v < 1.001e28, "1e28 is %g", v);
    CHECK(lab_parse_decimal("1e400", &v) && v > 1e308, "1e400 overflows to %g", v);
    CHECK(lab_parse_decimal("1e-400", &v) && v == 0, "1e-400 underflows to %g", v);
    CHECK(lab_parse_decimal("12345678901234567890123", &v) && v > 1.2345e22 && v < 1.2346e22, "23 digits: %g", v);

    {
        static const char *const BAD[] = {
            "",
            "-",
            "+",
            ".",
            "e5",
            "1e",
            "1e+",
            "1.2.3",
            "1-2",
            "abc",
            "0x10",
            "inf",
            "nan",
            " 1",
            "1 ",
            "1,5",
            "--1",
        };
        for (i = 0; i < (int)(sizeof BAD / sizeof BAD[0]); i++)
            CHECK(!lab_parse_decimal(BAD[i], &v), "\"%s\" is not a plain decimal number", BAD[i]);
    }
    return h_finish("decimal");
}
