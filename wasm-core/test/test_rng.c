/* Random numbers and cost distributions: the deterministic log is accurate, and each
 * distribution has the mean and the bounds it promises. */
#include <math.h>
#include "harness.h"

int main(void)
{
    Rng r;
    Cost c;
    double x, sum = 0, lo = 1e30, hi = -1e30, worst = 0;
    int i, n = 200000;
    for (x = 1e-300; x < 1e300; x *= 1.7) {
        double e = fabs(lab_ln(x) - log(x)) / (fabs(log(x)) + 1e-300);
        if (e > worst) worst = e;
    }
    CHECK(worst < 4e-16, "lab_ln relative error %g", worst);
    CHECK(lab_ln(1.0) == 0.0, "ln 1 = %g", lab_ln(1.0));

    rng_seed(&r, 42);
    for (i = 0; i < n; i++) {
        x = rng_unit(&r);
        if (x < lo) lo = x;
        if (x > hi) hi = x;
        sum += x;
    }
    CHECK(lo > 0 && hi <= 1.0, "unit in (0,1]: %g %g", lo, hi);
    CHECK(fabs(sum / n - 0.5) < 0.005, "unit mean %g", sum / n);

    c.dist = DIST_EXP;
    c.mean = 5000;
    c.spread = 0;
    for (sum = 0, i = 0; i < n; i++) sum += (double)cost_sample(&r, &c);
    CHECK(h_rel(sum / n, 5000) < 0.01, "exp mean %g", sum / n);

    c.dist = DIST_UNIFORM;
    c.mean = 5000;
    c.spread = 1000;
    lo = 1e30;
    hi = -1e30;
    for (sum = 0, i = 0; i < n; i++) {
        x = (double)cost_sample(&r, &c);
        sum += x;
        if (x < lo) lo = x;
        if (x > hi) hi = x;
    }
    CHECK(lo >= 4000 && hi <= 6000, "uniform bounds %g %g", lo, hi);
    CHECK(h_rel(sum / n, 5000) < 0.005, "uniform mean %g", sum / n);

    c.dist = DIST_CONST;
    c.mean = 1234;
    CHECK(cost_sample(&r, &c) == 1234, "const");
    c.mean = 0;
    c.dist = DIST_EXP;
    CHECK(cost_sample(&r, &c) == 0, "zero cost is zero");

    { /* same seed, same stream; another seed, another stream */
        Rng a, b, d;
        int same = 1, differ = 0;
        rng_seed(&a, 7);
        rng_seed(&b, 7);
        rng_seed(&d, 8);
        for (i = 0; i < 1000; i++) {
            uint64_t va = rng_next(&a), vb = rng_next(&b), vd = rng_next(&d);
            same &= va == vb;
            differ |= va != vd;
        }
        CHECK(same && differ, "seeding");
    }
    return h_finish("rng");
}
