/* Scenario validation: every failure names the field, the value and the range. */
#include <string.h>
#include "harness.h"

static int has(const char *s, const char *part) { return strstr(s, part) != NULL; }

int main(void)
{
    lab_Scenario *sc = lab_scenario_new();
    int i, st, n;
    char small[16];
    char *big;

    CHECK(lab_scenario_validate(sc) == LAB_OK, "defaults are valid: %s", lab_scenario_error(sc));
    for (i = 0; i < lab_scenario_field_count(); i++) {
        const FieldDesc *f = lab_field(i);
        CHECK(lab_scenario_field_index(f->path) == i, "index of %s", f->path);
        CHECK(f->def >= f->min && f->def <= f->max, "default of %s in range", f->path);
        CHECK(f->doc && strlen(f->doc) > 20, "%s has a description", f->path);
    }

    st = lab_scenario_set_text(sc, "machine.cpus", "257");
    CHECK(st == LAB_ERR_RANGE, "cpus 257 out of range (%d)", st);
    CHECK(has(lab_scenario_error(sc), "machine.cpus") && has(lab_scenario_error(sc), "257") &&
              has(lab_scenario_error(sc), "from 1 to 256"),
          "message: %s", lab_scenario_error(sc));
    CHECK(lab_scenario_get(sc, F_CPUS) == 16, "a refused value leaves the old one");

    st = lab_scenario_set_text(sc, "machine.cpus", "2.5");
    CHECK(st == LAB_ERR_BAD_VALUE && has(lab_scenario_error(sc), "whole number"), "%s", lab_scenario_error(sc));
    st = lab_scenario_set_text(sc, "machine.cpus", "lots");
    CHECK(st == LAB_ERR_BAD_VALUE && has(lab_scenario_error(sc), "not a number"), "%s", lab_scenario_error(sc));
    st = lab_scenario_set_text(sc, "kernel.kind", "scaleable");
    CHECK(st == LAB_ERR_BAD_VALUE && has(lab_scenario_error(sc), "classic, scalable"), "%s", lab_scenario_error(sc));
    /* a renamed name: refused, naming the new one (never mapped silently) */
    st = lab_scenario_set_text(sc, "sna.lock_kind", "wake_one");
    CHECK(st == LAB_ERR_BAD_VALUE && has(lab_scenario_error(sc), "\"wake_one\" was renamed to handoff") &&
              has(lab_scenario_error(sc), "sna.lock_kind=handoff") && lab_scenario_get(sc, F_SNA_LOCK_KIND) == SNA_LOCKL,
          "%s", lab_scenario_error(sc));
    st = lab_scenario_set_text(sc, "machine.cpu", "4");
    CHECK(st == LAB_ERR_UNKNOWN_FIELD && has(lab_scenario_error(sc), "machine.cpu"), "%s", lab_scenario_error(sc));
    st = lab_scenario_set(sc, 9999, 1);
    CHECK(st == LAB_ERR_UNKNOWN_FIELD, "field index out of range");
    st = lab_scenario_set(sc, F_CPUS, 0.0 / 0.0);
    CHECK(st == LAB_ERR_BAD_VALUE, "NaN refused");
    st = lab_scenario_set_text(sc, "costs.syscall.mean_ns", "-5");
    CHECK(st == LAB_ERR_RANGE, "negative cost refused");
    CHECK(lab_scenario_set_text(sc, "kernel.kind", "scalable") == LAB_OK &&
              lab_kernel((int)lab_scenario_get(sc, F_KERNEL)) == h_kernel("scalable"),
          "enum by name");
    {
        /* kernel.kind's names, generated from the registry's list at build time, are the
         * registry's kernels' names, in its order. */
        int k, same = 1;
        for (k = 0; LAB_KERNEL_NAMES[k] || lab_kernel(k); k++)
            same &= LAB_KERNEL_NAMES[k] && lab_kernel(k) && strcmp(LAB_KERNEL_NAMES[k], lab_kernel(k)->name) == 0;
        CHECK(same && k >= 7 && lab_field_max(lab_field(F_KERNEL)) == k - 1,
              "kernel.kind's %d names are the registry's kernels, in its order", k);
    }
    CHECK(lab_scenario_set_text(sc, "costs.wake.mean_ns", "0.3") == LAB_OK &&
              lab_scenario_get(sc, F_WAKE_MEAN) == 0.3,
          "decimal text gives the correctly rounded double");
    CHECK(lab_scenario_set_text(sc, "costs.wake.mean_ns", "12345.6789") == LAB_OK &&
              lab_scenario_get(sc, F_WAKE_MEAN) == 12345.6789,
          "and again");
    CHECK(lab_scenario_set_text(sc, "costs.wake.mean_ns", "1e-7") == LAB_OK &&
              lab_scenario_get(sc, F_WAKE_MEAN) == 1e-7,
          "and with an exponent");
    CHECK(lab_scenario_set_text(sc, "costs.wake.mean_ns", "0x10") == LAB_ERR_BAD_VALUE, "hex refused");
    CHECK(lab_scenario_set_text(sc, "costs.wake.mean_ns", "nan") == LAB_ERR_BAD_VALUE, "nan refused");
    CHECK(lab_scenario_set_text(sc, "costs.wake.mean_ns", "") == LAB_ERR_BAD_VALUE, "empty refused");
    CHECK(lab_scenario_set_text(sc, "sim.duration_ns", "2e8") == LAB_OK &&
              lab_scenario_get(sc, F_DURATION) == 2e8,
          "exponent notation");

    /* fields that are fine alone but not together */
    lab_scenario_set_text(sc, "machine.cpus", "4");
    lab_scenario_set_text(sc, "kernel.designated_cpu", "7");
    CHECK(lab_scenario_validate(sc) == LAB_ERR_INCONSISTENT &&
              has(lab_scenario_error(sc), "kernel.designated_cpu"),
          "%s", lab_scenario_error(sc));
    {
        int status = 0;
        lab_Sim *s = lab_sim_new(sc, &status);
        CHECK(s == NULL && status == LAB_ERR_INCONSISTENT, "lab_sim_new validates again");
    }
    lab_scenario_set_text(sc, "kernel.designated_cpu", "-1");
    lab_scenario_set_text(sc, "costs.wake.dist", "uniform");
    lab_scenario_set_text(sc, "costs.wake.spread_ns", "1e9");
    CHECK(lab_scenario_validate(sc) == LAB_ERR_INCONSISTENT && has(lab_scenario_error(sc), "costs.wake.spread_ns"),
          "%s", lab_scenario_error(sc));
    lab_scenario_set_text(sc, "costs.wake.spread_ns", "0");
    lab_scenario_set_text(sc, "sim.warmup_ns", "3e8");
    CHECK(lab_scenario_validate(sc) == LAB_ERR_INCONSISTENT && has(lab_scenario_error(sc), "sim.warmup_ns"),
          "%s", lab_scenario_error(sc));
    lab_scenario_set_text(sc, "sim.warmup_ns", "0");
    CHECK(lab_scenario_validate(sc) == LAB_OK, "valid again");

    /* the schema: sized on demand, lists every field */
    n = lab_schema_json(small, sizeof small);
    CHECK(n > 1000 && (int)strlen(small) == (int)sizeof small - 1, "schema size %d", n);
    big = (char *)lab_alloc(n + 1);
    CHECK(lab_schema_json(big, n + 1) == n && (int)strlen(big) == n, "schema fits");
    for (i = 0; i < lab_scenario_field_count(); i++)
        CHECK(has(big, lab_field(i)->path), "schema lists %s", lab_field(i)->path);
    CHECK(big[0] == '{' && big[n - 1] == '}', "schema is an object");
    lab_free(big);
    for (i = 0; i < LAB_STATUS_COUNT; i++) CHECK(strlen(lab_status_message(i)) > 1, "status %d has words", i);
    lab_scenario_free(sc);
    return h_finish("scenario");
}
