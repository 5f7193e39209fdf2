/*
 * machine.c -- the machine's resource affinity domains: where CPUs, memory and cache lines live, and
 * what each crossing costs.
 *
 * Source: "OpenVMS AlphaServer GS Series Systems Performance" (Covert, 2002). An
 * AlphaServer GS is a set of quad building blocks (QBBs), each with 4 CPUs, memory and
 * I/O; OpenVMS sees each QBB as a RAD. Memory in another QBB is slower to reach than
 * memory in one's own (non-uniform memory access).
 *
 * Invariants:
 *  - machine.rads = 1 is the machine the other kernels always had: every cost here is
 *    then the uniform one (machine.cache_transfer_ns, memory_local_ns_per_kb), and no
 *    caller draws a random number it did not draw before.
 *  - The CPUs are divided among the RADs in order: RAD r has CPUs r*n/R .. (r+1)*n/R - 1.
 *  - Traffic is counted in bytes from the RAD where the data was (memory, or the cache
 *    that held the line) to the RAD of the CPU that needed it. The diagonal is local.
 *  - A cache line has a home RAD, whose directory every miss consults: a CPU outside
 *    the home RAD pays half a remote transfer more. That is why the CPUs of RAD 0, where
 *    OpenVMS keeps its lock words, have "some advantage" at low contention.
 */
#include "model.h"

#define LINE_BYTES 64.0

void machine_init(lab_Sim *s)
{
    State *st = s->st;
    int c, r;
    st->rads = (int)st->v[F_RADS];
    st->c_remote = lab_i64(st->v[F_REMOTE_TRANSFER] + 0.5);
    for (c = 0; c < st->ncpu; c++) st->rad_of[c] = (int8_t)(c * st->rads / st->ncpu);
    for (c = 0; c < LAB_MAX_CPUS; c++) st->spin_since[c] = -1;
    for (r = 0; r < LAB_MAX_RADS; r++) {
        st->radq_head[r] = st->radq_tail[r] = -1;
        st->radq_len[r] = 0;
    }
    st->fair_after = (int)st->v[F_FAIR_AFTER];
    st->watched_lock = -1;
}

static int64_t line_ns(const State *st, int from_cpu, int to_cpu, int home)
{
    int64_t ns;
    if (st->rads == 1) return st->c_transfer;
    ns = rad_of(st, from_cpu) == rad_of(st, to_cpu) ? st->c_transfer : st->c_remote;
    if (rad_of(st, to_cpu) != home && st->c_remote > st->c_transfer) ns += (st->c_remote - st->c_transfer) / 2;
    return ns;
}

int64_t rad_move_line(State *st, int from_cpu, int to_cpu, int home)
{
    if (from_cpu < 0) from_cpu = to_cpu;
    st->traffic[rad_of(st, from_cpu)][rad_of(st, to_cpu)] += LINE_BYTES;
    return line_ns(st, from_cpu, to_cpu, home);
}

int64_t rad_copy_ns(State *st, int data_rad, int cpu, double bytes)
{
    int here = rad_of(st, cpu);
    double per_kb = data_rad == here ? st->v[F_MEM_LOCAL] : st->v[F_MEM_REMOTE];
    st->traffic[data_rad][here] += bytes;
    return lab_i64(bytes / 1024.0 * per_kb + 0.5);
}

void machine_reset(lab_Sim *s)
{
    State *st = s->st;
    int a, b;
    for (a = 0; a < LAB_MAX_RADS; a++)
        for (b = 0; b < LAB_MAX_RADS; b++) st->traffic[a][b] = 0;
    for (a = 0; a < LAB_MAX_CPUS; a++) {
        st->wins[a] = 0;
        st->win_spin_ns[a] = 0;
    }
}

/* Jain's fairness index: 1 when every x is equal, 1/n when one has it all. */
double jain_index(const double *x, int n)
{
    double sum = 0, sq = 0;
    int i;
    for (i = 0; i < n; i++) {
        sum += x[i];
        sq += x[i] * x[i];
    }
    return sq > 0 ? sum * sum / ((double)n * sq) : 1.0;
}

const MetricDesc LAB_MACHINE_METRICS[] = {
    { "numa.rads", "integer", "RADs", 0, "Resource affinity domains" },
    { "numa.rad_of_cpu[]", "integer", "", 0, "Each CPU's RAD" },
    { "numa.by_rad[].rad", "integer", "", 0, "RAD" },
    { "numa.by_rad[].cpus", "integer", "CPUs", 0, "CPUs in it" },
    { "numa.by_rad[].modes_pct.{modes}", "number", "%", 0, "Share of its CPUs' time in each mode" },
    { "numa.by_rad[].lock_wins_per_s", "number", "/s", 0, "Acquisitions of the watched lock" },
    { "numa.by_rad[].lock_wins_per_cpu_per_s", "number", "/s", 0, "Acquisitions of the watched lock per CPU" },
    { "numa.by_rad[].mean_acquire_ns", "number", "ns", -1, "Time to acquire the watched lock (mean)" },
    { "numa.traffic_bytes_per_s[][]", "number", "bytes/s", 0, "Traffic from the data's RAD (row) to the CPU's (column)" },
    { "numa.cross_rad_pct", "number", "%", -1, "Traffic that crosses RADs" },
    { "numa.watched_lock", "string|null", "", 0, "The lock whose acquisitions are counted per CPU" },
    { "numa.lock_wins_by_cpu[]", "integer", "", 0, "Acquisitions of the watched lock by each CPU" },
    { "numa.fairness_jain", "number", "", 1, "Fairness (Jain's index of the watched lock's acquisitions per CPU)" },
    { NULL, NULL, NULL, 0, NULL }
};

/* The "numa" part of the report: per RAD, and the traffic between RADs. */
void machine_report(lab_Sim *s, JsonW *w, double secs)
{
    State *st = s->st;
    double window = secs * 1e9, total = 0, cross = 0, wins_cpu[LAB_MAX_CPUS];
    int r, c, k, b, ncpu_r;
    jw_key(w, "numa");
    jw_open(w, '{');
    jw_key(w, "rads");
    jw_int(w, st->rads);
    jw_key(w, "rad_of_cpu");
    jw_open(w, '[');
    for (c = 0; c < st->ncpu; c++) {
        jw_item(w);
        jw_int(w, rad_of(st, c));
    }
    jw_close(w, ']');
    jw_key(w, "by_rad");
    jw_open(w, '[');
    for (r = 0; r < st->rads; r++) {
        double mode[LAB_MODE_COUNT] = { 0 }, wins = 0, spin = 0;
        ncpu_r = 0;
        for (c = 0; c < st->ncpu; c++) {
            if (rad_of(st, c) != r) continue;
            ncpu_r++;
            for (k = 0; k < LAB_MODE_COUNT; k++) mode[k] += (double)s->cpu[c].mode_ns[k];
            wins += (double)st->wins[c];
            spin += st->win_spin_ns[c];
        }
        jw_open(w, '{');
        jw_key(w, "rad");
        jw_int(w, r);
        jw_key(w, "cpus");
        jw_int(w, ncpu_r);
        jw_key(w, "modes_pct");
        jw_open(w, '{');
        for (k = 0; k < LAB_MODE_COUNT; k++) {
            jw_key(w, lab_mode_name(k));
            jw_fixed(w, window > 0 && ncpu_r ? 100.0 * mode[k] / (window * ncpu_r) : 0, 3);
        }
        jw_close(w, '}');
        jw_key(w, "lock_wins_per_s");
        jw_fixed(w, secs > 0 ? wins / secs : 0, 1);
        jw_key(w, "lock_wins_per_cpu_per_s");
        jw_fixed(w, secs > 0 && ncpu_r ? wins / secs / ncpu_r : 0, 1);
        jw_key(w, "mean_acquire_ns");
        jw_fixed(w, wins > 0 ? spin / wins : 0, 1);
        jw_close(w, '}');
    }
    jw_close(w, ']');
    jw_key(w, "traffic_bytes_per_s");
    jw_open(w, '[');
    for (r = 0; r < st->rads; r++) {
        jw_open(w, '[');
        for (b = 0; b < st->rads; b++) {
            jw_item(w);
            jw_fixed(w, secs > 0 ? st->traffic[r][b] / secs : 0, 1);
            total += st->traffic[r][b];
            if (r != b) cross += st->traffic[r][b];
        }
        jw_close(w, ']');
    }
    jw_close(w, ']');
    jw_key(w, "cross_rad_pct");
    jw_fixed(w, total > 0 ? 100.0 * cross / total : 0, 2);
    jw_key(w, "watched_lock");
    if (st->watched_lock >= 0) jw_str(w, lock_name(s, st->watched_lock));
    else jw_raw(w, "null");
    jw_key(w, "lock_wins_by_cpu");
    jw_open(w, '[');
    for (c = 0; c < st->ncpu; c++) {
        jw_item(w);
        jw_int(w, (int64_t)st->wins[c]);
        wins_cpu[c] = (double)st->wins[c];
    }
    jw_close(w, ']');
    jw_key(w, "fairness_jain");
    jw_fixed(w, jain_index(wins_cpu, st->ncpu), 4);
    jw_close(w, '}');
}
