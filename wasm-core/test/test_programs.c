/* Kernels are programs: every program of every kernel is well formed (jump targets in
 * range, modes and locks valid, no path that falls off the end). */
#include "harness.h"

static void check_program(const char *kernel, const Program *p)
{
    int i;
    CHECK(p->n > 0, "%s/%s is not empty", kernel, p->name);
    for (i = 0; i < p->n; i++) {
        const Phase *ph = &p->phase[i];
        int target = ph->op == OP_JZ_CTR || ph->op == OP_JMP || ph->op == OP_KRP_NEXT ||
                     ph->op == OP_IF_JOB || ph->op == OP_IF_NO_WAKE;
        CHECK(ph->op <= OP_END, "%s/%s[%d] op", kernel, p->name, i);
        if (target) CHECK(ph->b >= 0 && ph->b < p->n, "%s/%s[%d] jumps to %d of %d", kernel, p->name, i, ph->b, p->n);
        if (ph->op == OP_WORK) CHECK(ph->a < LAB_MODE_COUNT && ph->a != LAB_MODE_SPIN && ph->a != LAB_MODE_IDLE &&
                                     ph->b < C_COUNT, "%s/%s[%d] work", kernel, p->name, i);
        if (ph->op == OP_ACQ || ph->op == OP_REL) CHECK(ph->a < LOCK_COUNT, "%s/%s[%d] lock", kernel, p->name, i);
    }
    {
        int last = p->phase[p->n - 1].op;
        CHECK(last == OP_END || last == OP_JMP || last == OP_RESUME, "%s/%s ends in END, JMP or RESUME", kernel, p->name);
    }
}

int main(void)
{
    const Kernel *k[2];
    int i, j;
    k[0] = kernel_classic();
    k[1] = kernel_scalable();
    for (i = 0; i < 2; i++)
        for (j = 0; j < PROG_COUNT; j++) check_program(k[i]->name, &k[i]->prog[j]);
    return h_finish("programs");
}
