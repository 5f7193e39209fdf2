/* Kernels are programs: every program of every kernel is well formed (jump targets in
 * range, modes and locks valid, no path that falls off the end). */
#include <string.h>
#include "harness.h"

/* One check per program; the first problem found is printed. */
#define PCHECK(cond, ...)                 \
    do {                                  \
        if (!(cond) && !bad++) {          \
            fprintf(stderr, "  ");        \
            fprintf(stderr, __VA_ARGS__); \
            fputc('\n', stderr);          \
        }                                 \
    } while (0)

static int program_problems(const Kernel *k, const char *kernel, const Program *p, int nlock)
{
    int i, bad = 0;
    PCHECK(p->n > 0, "%s/%s is not empty", kernel, p->name);
    for (i = 0; i < p->n; i++) {
        const Phase *ph = &p->phase[i];
        int kernel_op = ph->op >= OP_KERNEL_BASE;
        int target = ph->op == OP_JZ_CTR || ph->op == OP_JMP || ph->op == OP_IF_JOB ||
                     (kernel_op && k->jumps && k->jumps(ph->op));
        if (ph->op == OP_WORK) PCHECK(ph->b >= 0, "%s/%s[%d] cost", kernel, p->name, i);
        PCHECK(ph->op <= OP_END || (kernel_op && k->exec), "%s/%s[%d] op", kernel, p->name, i);
        if (target) PCHECK(ph->b >= 0 && ph->b < p->n, "%s/%s[%d] jumps to %d of %d", kernel, p->name, i, ph->b, p->n);
        if (ph->op == OP_WORK) PCHECK(ph->a < LAB_MODE_COUNT && ph->a != LAB_MODE_SPIN && ph->a != LAB_MODE_IDLE &&
                                          ph->b < C_COUNT,
                                      "%s/%s[%d] work", kernel, p->name, i);
        if (ph->op == OP_ACQ || ph->op == OP_REL) PCHECK(ph->a < nlock, "%s/%s[%d] lock", kernel, p->name, i);
    }
    {
        int last = p->phase[p->n - 1].op;
        PCHECK(last == OP_END || last == OP_JMP || last == OP_RESUME, "%s/%s ends in END, JMP or RESUME", kernel, p->name);
    }
    return bad;
}

static void check_program(const Kernel *k, const Program *p, int nlock)
{
    const char *kernel = k->name;
    CHECK(program_problems(k, kernel, p, nlock) == 0, "%s/%s is well formed", kernel, p->name);
}

/* The SNA kernel is assembled from its remedies: every combination of switches must
 * give well-formed programs. */
static void check_sna(void)
{
    int combo, i, sw, built = 0, bad = 0, nsw = F_SNA_TABLE_LOCK - F_SNA_LOCK_KIND + 1, combos = (1 << (nsw - 1)) * 3;
    lab_Scenario *sc = lab_scenario_new();
    char name[64];
    lab_scenario_set_text(sc, "kernel.kind", "sna");
    lab_scenario_set_text(sc, "machine.cpus", "4");
    lab_scenario_set_text(sc, "sna.sessions", "4");
    for (combo = 0; combo < combos; combo++) {
        int kind = combo % 3, bits = combo / 3, status;
        lab_Sim *s;
        lab_scenario_set(sc, F_SNA_LOCK_KIND, kind);
        for (sw = 1; sw < nsw; sw++) lab_scenario_set(sc, F_SNA_LOCK_KIND + sw, (bits >> (sw - 1)) & 1);
        s = lab_sim_new(sc, &status);
        if (!s) {
            fprintf(stderr, "  sna combination %d does not build (status %d)\n", combo, status);
            continue;
        }
        built++;
        for (i = 0; i < LAB_MAX_PROGS; i++) {
            if (s->prog[i].n == 0) continue;
            snprintf(name, sizeof name, "sna#%d", combo);
            bad += program_problems(s->kernel, name, &s->prog[i], s->st->nlock);
        }
        lab_sim_free(s);
    }
    CHECK(built == combos && bad == 0, "all %d combinations of the SNA remedies build well-formed programs "
                                       "(%d built, %d problems)",
          combos, built, bad);
    lab_scenario_free(sc);
}

/* The network benchmark's programs are assembled per test and stack: every combination
 * (with a shared stack or not, the pre-queue on or off) builds well-formed programs. */
static void check_onload(void)
{
    static const char *const tests[] = { "pingpong", "udp_send", "udp_receive", "tcp_stream" };
    static const char *const stacks[] = { "kernel", "onload", "vnic" };
    int t, k, shared, pq, i, built = 0, bad = 0, combos = 4 * 3 * 2 * 2;
    char name[96];
    for (t = 0; t < 4; t++)
        for (k = 0; k < 3; k++)
            for (shared = 0; shared < 2; shared++)
                for (pq = 0; pq < 2; pq++) {
                    lab_Scenario *sc = lab_scenario_new();
                    lab_Sim *s;
                    int status;
                    lab_scenario_set_text(sc, "kernel.kind", "onload");
                    lab_scenario_set_text(sc, "machine.cpus", "4");
                    lab_scenario_set_text(sc, "net.test", tests[t]);
                    lab_scenario_set_text(sc, "net.stack", stacks[k]);
                    lab_scenario_set_text(sc, "net.senders", "3");
                    lab_scenario_set_text(sc, "net.stacks", shared ? "shared" : "per_process");
                    lab_scenario_set_text(sc, "net.prequeue", pq ? "on" : "off");
                    s = lab_sim_new(sc, &status);
                    lab_scenario_free(sc);
                    if (!s) {
                        fprintf(stderr, "  onload %s/%s does not build (status %d)\n", tests[t], stacks[k], status);
                        continue;
                    }
                    built++;
                    for (i = 0; i < LAB_MAX_PROGS; i++) {
                        if (s->prog[i].n == 0 || !s->prog[i].phase) continue;
                        snprintf(name, sizeof name, "onload/%s/%s/%d%d", tests[t], stacks[k], shared, pq);
                        bad += program_problems(s->kernel, name, &s->prog[i], s->st->nlock);
                    }
                    lab_sim_free(s);
                }
    CHECK(built == combos && bad == 0, "all %d onload tests x stacks x stack sharing x pre-queue build well-formed "
                                       "programs (%d built, %d problems)",
          combos, built, bad);
}

static void check_hpux(void)
{
    static const char *const itf[] = { "nio_fddi", "eisa_fddi", "lo0", "lan0_loopback" };
    int f, ca, i, built = 0, bad = 0, combos = 4 * 4;
    char name[96];
    for (f = 0; f < 4; f++)
        for (ca = 0; ca < 4; ca++) {
            lab_Scenario *sc = lab_scenario_new();
            lab_Sim *s;
            int status;
            lab_scenario_set_text(sc, "kernel.kind", "hpux");
            lab_scenario_set_text(sc, "machine.cpus", f < 2 ? "2" : "1");
            lab_scenario_set_text(sc, "hpux.interface", itf[f]);
            lab_scenario_set_text(sc, "hpux.send_copyavoid", ca & 1 ? "on" : "off");
            lab_scenario_set_text(sc, "hpux.recv_copyavoid", ca & 2 ? "on" : "off");
            s = lab_sim_new(sc, &status);
            lab_scenario_free(sc);
            if (!s) {
                fprintf(stderr, "  hpux %s/%d does not build (status %d)\n", itf[f], ca, status);
                continue;
            }
            built++;
            for (i = 0; i < LAB_MAX_PROGS; i++) {
                if (s->prog[i].n == 0 || !s->prog[i].phase) continue;
                snprintf(name, sizeof name, "hpux/%s/%d", itf[f], ca);
                bad += program_problems(s->kernel, name, &s->prog[i], s->st->nlock);
            }
            lab_sim_free(s);
        }
    CHECK(built == combos && bad == 0, "all %d hpux interfaces x copy avoidance build well-formed programs (%d built, %d problems)",
          combos, built, bad);
}

/* What the kernel records declare: no program a kernel never runs (a lone END, kept
 * only to fill a slot); request queues the schema lists in full, a name meaning the
 * same in every kernel that declares it, each with a server program its kernel has
 * once built; uses of the engine's mechanisms that exist, and cover them all. */
static void check_records(void)
{
    int k, i, u, dummies = 0, bad = 0;
    const QueueDesc *q;
    for (k = 0; lab_kernel(k); k++) {
        const Kernel *kd = lab_kernel(k);
        for (i = 0; i < LAB_MAX_PROGS; i++)
            if (kd->prog[i].n == 1 && kd->prog[i].phase[0].op == OP_END) {
                dummies++;
                fprintf(stderr, "  %s declares %s, a lone END\n", kd->name, kd->prog[i].name);
            }
        for (q = kd->queues; q && q->name; q++) {
            lab_Scenario *sc = lab_scenario_new();
            lab_Sim *s;
            int status, listed = 0;
            for (u = 0; lab_queue(u); u++)
                if (strcmp(lab_queue(u)->name, q->name) == 0)
                    listed = strcmp(lab_queue(u)->rate_key, q->rate_key) == 0 && strcmp(lab_queue(u)->rate_label, q->rate_label) == 0;
            lab_scenario_set_text(sc, "kernel.kind", kd->name);
            s = lab_sim_new(sc, &status);
            if (!listed || !s || q->prog < PROG_KERNEL_BASE || q->prog >= LAB_MAX_PROGS || s->prog[q->prog].n == 0) {
                bad++;
                fprintf(stderr, "  %s's queue %s: listed %d, built %d\n", kd->name, q->name, listed, s != NULL);
            }
            lab_sim_free(s);
            lab_scenario_free(sc);
        }
    }
    for (u = 0; lab_queue(u); u++) {}
    {
        /* every use names an engine mechanism, and every engine mechanism has a use */
        const Mechanism *m;
        const MechanismUse *use;
        int t, unknown = 0, unused = 0, found;
        for (k = 0; lab_kernel(k); k++)
            for (t = 0; t < LAB_MAX_MECHANISM_TABLES && lab_kernel(k)->uses[t]; t++)
                for (use = lab_kernel(k)->uses[t]; use->id; use++) {
                    for (found = 0, m = LAB_ENGINE_MECHANISMS; m->id; m++) found |= strcmp(m->id, use->id) == 0;
                    if (!found) {
                        unknown++;
                        fprintf(stderr, "  %s uses %s, no engine mechanism\n", lab_kernel(k)->name, use->id);
                    }
                }
        for (m = LAB_ENGINE_MECHANISMS; m->id; m++) {
            for (found = 0, k = 0; lab_kernel(k); k++)
                for (t = 0; t < LAB_MAX_MECHANISM_TABLES && lab_kernel(k)->uses[t]; t++)
                    for (use = lab_kernel(k)->uses[t]; use->id; use++) found |= strcmp(m->id, use->id) == 0;
            unused += !found || m->when != NULL;
        }
        CHECK(unknown == 0 && unused == 0, "the kernels' uses name engine mechanisms, each used by some kernel "
                                           "and its `when` theirs (%d unknown, %d unused or with a when of their own)",
              unknown, unused);
    }
    CHECK(dummies == 0, "no kernel declares a program it never runs");
    CHECK(u > 0 && u <= LAB_MAX_QUEUES && bad == 0, "the schema lists %d request queues (at most %d), each declared "
                                                    "alike by every kernel that has it and served by a program of its own (%d problems)",
          u, LAB_MAX_QUEUES, bad);
}

int main(void)
{
    const Kernel *k[2];
    int i, j;
    k[0] = h_kernel("classic");
    k[1] = h_kernel("scalable");
    for (i = 0; i < 2; i++)
        for (j = 0; j < LAB_MAX_PROGS; j++)
            if (j <= PROG_SWITCH_IN || k[i]->prog[j].n > 0) check_program(k[i], &k[i]->prog[j], k[i]->nlock);
    check_records();
    check_sna();
    check_onload();
    check_hpux();
    return h_finish("programs");
}
