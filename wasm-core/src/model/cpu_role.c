/*
 * cpu_role.c -- CPUs a kernel gives a role of its own, in the report and the snapshot.
 *
 * A kernel that sends one kind of work to one CPU (the Scalable Kernel's designated
 * TCP/IP CPU, the service's server CPU) declares the role in its record
 * (Kernel.roles, CpuRole): its name, the scenario field that picks the CPU (-1 there:
 * the last CPU, so a sweep over machine.cpus keeps it apart from the interrupt CPU)
 * and its labels. The engine knows none by name: it works out each role's CPU when a
 * simulation is made, and writes each role's part of the report and its slot of the
 * snapshot.
 *
 * The schema's roles are every registered kernel's, each name once, in the registry's
 * order (lab_cpu_role), and every report and snapshot holds them all whatever the
 * kernel, so their layout never depends on it (as the request queues'). State.role_cpu
 * is indexed by that list; the running kernel's r-th role is
 * State.role_cpu[role_at[r]] (engine_role_cpu).
 */
#include <assert.h>
#include <string.h>
#include "model.h"

/* Whether no kernel before d's declares a role of d's name. */
static int declared_first(const CpuRole *d)
{
    const CpuRole *e;
    int k;
    for (k = 0; lab_kernel(k); k++)
        for (e = lab_kernel(k)->roles; e && e->name; e++) {
            if (e == d) return 1;
            if (strcmp(e->name, d->name) == 0) return 0;
        }
    return 0;
}

const CpuRole *lab_cpu_role(int u)
{
    const CpuRole *e;
    int k;
    for (k = 0; lab_kernel(k); k++)
        for (e = lab_kernel(k)->roles; e && e->name; e++)
            if (declared_first(e) && u-- == 0) return e;
    return NULL;
}

void role_init(lab_Sim *s)
{
    State *st = s->st;
    const CpuRole *d = s->kernel->roles;
    const CpuRole *e;
    int u, r;
    for (u = 0; u < LAB_MAX_ROLES && (e = lab_cpu_role(u)) != NULL; u++)
        st->role_cpu[u] = (int16_t)(st->v[e->field] < 0 ? st->ncpu - 1 : (int)st->v[e->field]);
    st->nrole = u;
    for (r = 0; d && d[r].name && r < LAB_MAX_ROLES; r++) {
        for (u = 0; u < st->nrole && strcmp(lab_cpu_role(u)->name, d[r].name) != 0; u++) {}
        assert(u < st->nrole && "a role the schema does not list (more than LAB_MAX_ROLES)");
        st->role_at[r] = (int8_t)u;
    }
}

static double pct(double part, double whole) { return whole > 0 ? 100.0 * part / whole : 0.0; }

/* Writes a role's key with a suffix ("NAME_busy_pct"); names are short plain words. */
static void role_key(JsonW *w, const char *name, const char *suffix)
{
    char key[64];
    size_t n = strlen(name), m = strlen(suffix);
    assert(n + m < sizeof key);
    memcpy(key, name, n);
    memcpy(key + n, suffix, m + 1);
    jw_key(w, key);
}

void role_report(lab_Sim *s, JsonW *w, double window)
{
    const State *st = s->st;
    int u;
    for (u = 0; u < st->nrole; u++) {
        const char *name = lab_cpu_role(u)->name;
        const Cpu *c = &s->cpu[st->role_cpu[u]];
        jw_key(w, name);
        jw_int(w, st->role_cpu[u]);
        role_key(w, name, "_busy_pct");
        jw_fixed(w, pct((double)c->kctx_ns, window), 3);
        /* Of its time, how much the CPU spins (for any lock, at any level): busy, but
         * not doing the work it is there for. */
        role_key(w, name, "_spin_pct");
        jw_fixed(w, pct((double)c->mode_ns[LAB_MODE_SPIN], window), 3);
    }
}

/* The report's shape for the roles (LAB_ROLE_PATH in LAB_REPORT_METRICS): three values
 * each, given to metric in the report's order. */
void role_metrics(void (*metric)(JsonW *, const MetricDesc *), JsonW *w)
{
    const CpuRole *e;
    int u;
    for (u = 0; (e = lab_cpu_role(u)) != NULL; u++) {
        char busy[64], spin[64];
        size_t n = strlen(e->name);
        MetricDesc m;
        assert(n + sizeof "_busy_pct" <= sizeof busy);
        memcpy(busy, e->name, n);
        memcpy(busy + n, "_busy_pct", sizeof "_busy_pct");
        memcpy(spin, e->name, n);
        memcpy(spin + n, "_spin_pct", sizeof "_spin_pct");
        m.path = e->name;
        m.type = "integer";
        m.unit = "";
        m.better = 0;
        m.label = e->label;
        metric(w, &m);
        m.path = busy;
        m.type = "number";
        m.unit = "%";
        m.better = 0;
        m.label = e->busy_label;
        metric(w, &m);
        m.path = spin;
        m.type = "number";
        m.unit = "%";
        m.better = -1;
        m.label = e->spin_label;
        metric(w, &m);
    }
}
