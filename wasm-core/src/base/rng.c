/*
 * rng.c -- the simulation's one source of randomness, and cost distributions.
 *
 * xoroshiro128+ seeded through splitmix64: fast, small state, and identical in every
 * build. The natural log is written here with + - * / only, so the same seed gives
 * the same samples native and in WebAssembly, whatever libm the platform has (the
 * platform log may differ in its last bit, and one bit is enough to fork a trace).
 */
#include <string.h>
#include "base.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void rng_seed(Rng *r, uint64_t seed)
{
    uint64_t x = seed;
    r->s0 = splitmix64(&x);
    r->s1 = splitmix64(&x);
    if (!r->s0 && !r->s1) r->s1 = 1;
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t rng_next(Rng *r)
{
    uint64_t s0 = r->s0, s1 = r->s1, out = s0 + s1;
    s1 ^= s0;
    r->s0 = rotl(s0, 24) ^ s1 ^ (s1 << 16);
    r->s1 = rotl(s1, 37);
    return out;
}

double rng_unit(Rng *r)
{
    /* 53 random bits, shifted into (0, 1] so that the log below is finite. */
    return (double)((rng_next(r) >> 11) + 1) * (1.0 / 9007199254740992.0);
}

double lab_ln(double x)
{
    /* x = m * 2^e with m in [sqrt(1/2), sqrt(2)); ln x = e ln 2 + 2 atanh(s), s = (m-1)/(m+1).
     * atanh(s) = s P(z), P(z) = 1 + z/3 + z^2/5 + ... + z^11/23, z = s^2 < 0.0295: the terms
     * left out are below z^12/25 < 2e-20, under half an ulp. P is evaluated in Estrin's
     * form (pairs, then pairs of pairs) so the multiplications overlap instead of waiting
     * on each other; exponential costs make this the hottest arithmetic in the core. The
     * steps are fixed, so every platform computes the same double. */
    static const double LN2 = 0.69314718055994530942;
    uint64_t bits;
    int e;
    double m, s, z, z2, z4, p01, p23, p45, p67, p89, pab, q0, q1, q2, p;
    uint64_t frac, big;
    memcpy(&bits, &x, sizeof bits);
    /* m is x's significand with the exponent of [1, 2), or, when that is above sqrt(2)
     * (1.4142135623730951, whose fraction bits are 0x6A09E667F3BCD), of [1/2, 1) with
     * e one more: the same double as halving it (exact), chosen by comparing the
     * fraction bits as an integer (doubles of one sign and exponent order as their
     * bits do), so without a branch: which way a uniform sample goes is a coin toss. */
    frac = bits & 0x000fffffffffffffull;
    big = frac > 0x6A09E667F3BCDull;
    e = (int)((bits >> 52) & 0x7ff) - 1023 + (int)big;
    bits = frac | ((0x3ffull - big) << 52);
    memcpy(&m, &bits, sizeof m);
    s = (m - 1.0) / (m + 1.0);
    z = s * s;
    z2 = z * z;
    z4 = z2 * z2;
    p01 = 1.0 + z * (1.0 / 3.0);
    p23 = 1.0 / 5.0 + z * (1.0 / 7.0);
    p45 = 1.0 / 9.0 + z * (1.0 / 11.0);
    p67 = 1.0 / 13.0 + z * (1.0 / 15.0);
    p89 = 1.0 / 17.0 + z * (1.0 / 19.0);
    pab = 1.0 / 21.0 + z * (1.0 / 23.0);
    q0 = p01 + z2 * p23;
    q1 = p45 + z2 * p67;
    q2 = p89 + z2 * pab;
    p = q0 + z4 * (q1 + z4 * q2);
    return (double)e * LN2 + 2.0 * (s * p);
}

int64_t cost_sample(Rng *r, const Cost *c)
{
    double x;
    if (c->mean <= 0.0) return 0;
    switch (c->dist) {
    case DIST_EXP: x = -c->mean * lab_ln(rng_unit(r)); break;
    case DIST_UNIFORM: x = c->mean - c->spread + 2.0 * c->spread * rng_unit(r); break;
    default: x = c->mean; break;
    }
    /* lab_i64's range check, cheaper where x > 0 is known: NaN gives 0, an infinite
     * mean 2^62 ns */
    if (!(x > 0.0)) return 0;
    return x < LAB_I64_SAT ? (int64_t)(x + 0.5) : (int64_t)LAB_I64_SAT;
}
