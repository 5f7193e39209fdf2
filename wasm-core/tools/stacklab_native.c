/*
 * stacklab_native.c -- the core as a native command, for tests and benchmarks.
 *
 *   stacklab-native run   [path=value ...]   the report JSON, as lab_sim_report_json makes it
 *   stacklab-native bench [path=value ...]   {"events":N,"seconds":S,"events_per_s":R}
 *   stacklab-native schema                   the schema JSON
 *
 * Values are numbers or, for enum fields, names (kernel.kind=scalable). A bad field or
 * value prints the core's message and exits 2; a run that cannot go on (lab_sim_error)
 * prints its report (whose "error" says why), the words on stderr, and exits 3.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "stacklab.h"

static int usage(void)
{
    fprintf(stderr, "usage: stacklab-native run|bench|schema [path=value ...]\n");
    return 2;
}

int main(int argc, char **argv)
{
    lab_Scenario *sc;
    lab_Sim *sim;
    int i, status;
    if (argc < 2) return usage();
    if (strcmp(argv[1], "schema") == 0) {
        int n = lab_schema_json(NULL, 0);
        char *buf = malloc((size_t)n + 1);
        lab_schema_json(buf, n + 1);
        puts(buf);
        free(buf);
        return 0;
    }
    if (strcmp(argv[1], "run") != 0 && strcmp(argv[1], "bench") != 0) return usage();
    sc = lab_scenario_new();
    for (i = 2; i < argc; i++) {
        char path[128];
        const char *eq = strchr(argv[i], '=');
        size_t len;
        if (!eq || eq == argv[i] || (len = (size_t)(eq - argv[i])) >= sizeof path) {
            fprintf(stderr, "%s: expected path=value, for example machine.cpus=16\n", argv[i]);
            return 2;
        }
        memcpy(path, argv[i], len);
        path[len] = '\0';
        if (lab_scenario_set_text(sc, path, eq + 1) != LAB_OK) {
            fprintf(stderr, "%s\n", lab_scenario_error(sc));
            return 2;
        }
    }
    sim = lab_sim_new(sc, &status);
    if (!sim) {
        fprintf(stderr, "%s: %s\n", lab_status_message(status), lab_scenario_error(sc));
        return 2;
    }
    if (strcmp(argv[1], "bench") == 0) {
        struct timespec a, b;
        double secs, events;
        clock_gettime(CLOCK_MONOTONIC, &a);
        events = lab_sim_run_until(sim, 1e18);
        clock_gettime(CLOCK_MONOTONIC, &b);
        secs = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9;
        printf("{\"events\":%.0f,\"seconds\":%.6f,\"events_per_s\":%.0f}\n", events, secs, events / secs);
    } else {
        lab_sim_run_until(sim, 1e18);
        puts(lab_sim_report_json(sim));
    }
    status = lab_sim_error(sim)[0] ? 3 : 0;
    if (status) fprintf(stderr, "%s\n", lab_sim_error(sim));
    lab_sim_free(sim);
    lab_scenario_free(sc);
    return status;
}
