#include <stdlib.h>
#include <string.h>
#include "harness.h"

int h_pass, h_fail;

const char *const H_NO_SIDE_COSTS[] = {
    "costs.syscall.mean_ns=0", "costs.copy_per_kb.mean_ns=0", "costs.kernel_read.mean_ns=0",
    "costs.rx_interrupt.mean_ns=0", "costs.timer_kernel.mean_ns=0", "costs.disk_kernel.mean_ns=0",
    "costs.krp_setup.mean_ns=0", "costs.fork_dispatch.mean_ns=0", "costs.wake.mean_ns=0",
    "costs.context_switch.mean_ns=0", "costs.io_post.mean_ns=0", "costs.db_cold.mean_ns=0",
    "costs.ipi.mean_ns=0", "costs.kernel_write.mean_ns=0", "costs.rx_kernel.mean_ns=0",
    "machine.cache_transfer_ns=0", "network.timer_interval_ns=0", "network.disk_io_per_s=0",
    "workload.think.mean_ns=0", NULL
};

const Kernel *h_kernel(const char *name)
{
    int k;
    for (k = 0; lab_kernel(k); k++)
        if (strcmp(lab_kernel(k)->name, name) == 0) return lab_kernel(k);
    fprintf(stderr, "no kernel %s in the registry\n", name);
    exit(2);
}

void h_apply(lab_Scenario *sc, const char *const *settings)
{
    for (; settings && *settings; settings++) {
        char path[128];
        const char *eq = strchr(*settings, '=');
        size_t n = (size_t)(eq - *settings);
        memcpy(path, *settings, n);
        path[n] = '\0';
        if (lab_scenario_set_text(sc, path, eq + 1) != LAB_OK) {
            fprintf(stderr, "bad test setting %s: %s\n", *settings, lab_scenario_error(sc));
            exit(2);
        }
    }
}

lab_Scenario *h_scenario(const char *const *settings)
{
    lab_Scenario *sc = lab_scenario_new();
    h_apply(sc, settings);
    return sc;
}

lab_Sim *h_run(const char *const *a, const char *const *b)
{
    lab_Scenario *sc = lab_scenario_new();
    lab_Sim *s;
    int st;
    h_apply(sc, a);
    h_apply(sc, b);
    s = lab_sim_new(sc, &st);
    if (!s) {
        fprintf(stderr, "scenario refused: %s\n", lab_scenario_error(sc));
        exit(2);
    }
    lab_scenario_free(sc);
    lab_sim_run_until(s, 1e18);
    engine_flush_modes(s);
    return s;
}

double h_rel(double x, double y)
{
    double d = x - y;
    if (d < 0) d = -d;
    return y != 0 ? d / (y < 0 ? -y : y) : d;
}

int h_finish(const char *name)
{
    printf("%s: %d passed, %d failed\n", name, h_pass, h_fail);
    return h_fail ? 1 : 0;
}
