/*
 * validate.c -- a scenario's fields checked together, never trusting the caller: the
 * machine's own rules here, then the scenario's kernel's (its check hook), then the
 * run's. Each field alone was checked first (scenario/fields.c).
 */
#include <string.h>
#include "model.h"

int scenario_check_all(lab_Scenario *sc)
{
    int st;
    const double *v = sc->v;
    const Kernel *k;
    int i;
    if ((st = scenario_check_fields(sc)) != LAB_OK) return st;
    /* A field whose unit is a CPU or a RAD names one (or -1: none, where allowed): it
     * must be one this machine has, whichever kernel the field is for. */
    for (i = 0; i < F_COUNT; i++)
        if (strcmp(lab_field(i)->unit, "CPU") == 0 && v[i] >= v[F_CPUS])
            return scenario_fail(sc, LAB_ERR_INCONSISTENT, i, v[i],
                                 "is not a CPU of this machine: CPUs are numbered from 0 to machine.cpus - 1");
    if (v[F_RADS] > v[F_CPUS])
        return scenario_fail(sc, LAB_ERR_INCONSISTENT, F_RADS, v[F_RADS],
                             "is more RADs than CPUs: every RAD needs at least one CPU; lower machine.rads or add CPUs");
    for (i = 0; i < F_COUNT; i++)
        if (strcmp(lab_field(i)->unit, "RAD") == 0 && v[i] >= v[F_RADS])
            return scenario_fail(sc, LAB_ERR_INCONSISTENT, i, v[i],
                                 "is not a RAD of this machine: RADs are numbered from 0 to machine.rads - 1");
    k = lab_kernel((int)v[F_KERNEL]);
    if (k && k->check && (st = k->check(sc)) != LAB_OK) return st;
    if (v[F_WARMUP] >= v[F_DURATION])
        return scenario_fail(sc, LAB_ERR_INCONSISTENT, F_WARMUP, v[F_WARMUP],
                             "is not shorter than sim.duration_ns: nothing would be measured; shorten the warm-up");
    sc->error[0] = '\0';
    return LAB_OK;
}

int lab_scenario_validate(lab_Scenario *sc)
{
    return sc ? scenario_check_all(sc) : LAB_ERR_BAD_VALUE;
}
