/*
 * program.h -- shorthand for writing kernels as programs of phases (internal.h, enum Op).
 * Jump targets are phase numbers; every program's numbering is checked by
 * test/test_programs.c (targets in range, every path ends in OP_END or a jump).
 */
#ifndef LAB_PROGRAM_H
#define LAB_PROGRAM_H
#include "internal.h"

#define W(mode, cost) { OP_WORK, LAB_MODE_##mode, C_##cost }
#define P(op) { op, 0, 0 }
#define PA(op, a) { op, a, 0 }
#define PB(op, b) { op, 0, b }
#define PAB(op, a, b) { op, a, b }
#define PROGRAM(name, phases) { phases, (int)(sizeof phases / sizeof phases[0]), name }

/* The OpenVMS kernels' locks (kernel_classic.c). */
extern const char *const LAB_TCPIP_LOCK_NAMES[LOCK_TCPIP_COUNT];

/* A thread being dispatched: the context switch, under the SCHED spinlock. */
extern const Phase LAB_SWITCH_IN[4];
#define SWITCH_IN_PROGRAM { LAB_SWITCH_IN, 4, "switch_in" }

#endif
