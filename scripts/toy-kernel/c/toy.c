/*
 * toy.c -- the toy kernel: one lock. Every CPU's thread works a while, then takes the
 * lock for a critical section. Not a real system: scripts/toy-kernel.mjs adds it to a
 * copy of the repository (this folder, its TypeScript twin and one registry line) to
 * show that a kernel is two folders, runs it, and throws the copy away.
 */
#include "model/kernel_api.h"

enum { TOY_LOCK,
       TOY_LOCKS };
static const char *const TOY_LOCK_NAMES[TOY_LOCKS] = { "TOY_LOCK" };

static const Phase PROCESS[] = {
    /* 0 */ W(USER, TOY_WORK),
    /* 1 */ PA(OP_ACQ, TOY_LOCK),
    /* 2 */ W(KERNEL, TOY_CRITICAL),
    /* 3 */ PA(OP_REL, TOY_LOCK),
    /* 4 */ PB(OP_JMP, 0),
};

/* One thread per CPU. */
static void toy_size(const double *v, int *nthread, int *njob, int *events)
{
    *nthread = (int)v[F_CPUS];
    *njob = 16;
    *events = 4 * *nthread + 16;
}

static const Kernel TOY = {
    .name = "toy",
    .prog = { [PROG_PROCESS] = PROGRAM("process", PROCESS) },
    .nlock = TOY_LOCKS,
    .lock_names = TOY_LOCK_NAMES,
    .size = toy_size,
};

const Kernel *kernel_toy(void) { return &TOY; }
