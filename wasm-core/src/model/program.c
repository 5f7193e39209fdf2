/*
 * program.c -- writing programs of phases at run time, for kernels assembled from
 * scenario switches (the SNA kernel): the switches decide which phases exist and in
 * which order, so a remedy changes the program, never a number in it.
 *
 * Jumps name labels (small integers, per program); a jump to a label not yet placed
 * is fixed up when it is. Targets are phase numbers counted from the start of the
 * program, as in the static programs. Running out of room or leaving a jump without
 * its label marks the assembly failed; asm_finish() reports it.
 */
#include "model.h"

static void reset_labels(Asm *a)
{
    int i;
    for (i = 0; i < ASM_MAX_LABELS; i++) a->label[i] = -1;
    if (a->nfix) a->failed = 1; /* a jump of the last program never landed   */
    a->nfix = 0;
}

void asm_init(Asm *a, Phase *code, int cap)
{
    a->code = code;
    a->cap = cap;
    a->n = 0;
    a->base = 0;
    a->nfix = 0;
    a->failed = 0;
    reset_labels(a);
}

int asm_begin(Asm *a)
{
    reset_labels(a);
    a->base = a->n;
    return a->n;
}

void asm_op(Asm *a, int op, int x, int target_label)
{
    Phase *ph;
    if (a->n >= a->cap || target_label >= ASM_MAX_LABELS) {
        a->failed = 1;
        return;
    }
    ph = &a->code[a->n];
    ph->op = (uint8_t)op;
    ph->a = (uint8_t)x;
    ph->b = 0;
    if (target_label >= 0) {
        if (a->label[target_label] >= 0) ph->b = (int16_t)a->label[target_label];
        else if (a->nfix < ASM_MAX_FIXUPS) {
            a->fix_at[a->nfix] = a->n;
            a->fix_label[a->nfix] = target_label;
            a->nfix++;
        } else a->failed = 1;
    }
    a->n++;
}

/* An operand that is not a jump target: op with a and b as given. */
void asm_op2(Asm *a, int op, int x, int b)
{
    if (a->n >= a->cap) {
        a->failed = 1;
        return;
    }
    a->code[a->n].op = (uint8_t)op;
    a->code[a->n].a = (uint8_t)x;
    a->code[a->n].b = (int16_t)b;
    a->n++;
}

void asm_place(Asm *a, int label)
{
    int i = 0;
    if (label < 0 || label >= ASM_MAX_LABELS) {
        a->failed = 1;
        return;
    }
    a->label[label] = a->n - a->base;
    while (i < a->nfix) {
        if (a->fix_label[i] == label) {
            a->code[a->fix_at[i]].b = (int16_t)a->label[label];
            a->nfix--;
            a->fix_at[i] = a->fix_at[a->nfix];
            a->fix_label[i] = a->fix_label[a->nfix];
        } else i++;
    }
}

int asm_finish(Asm *a)
{
    reset_labels(a);
    return !a->failed;
}

int asm_programs(lab_Sim *s, const ProgSpec *p, int n, int cap)
{
    Asm as, *a = &as;
    int i;
    s->code = (Phase *)lab_alloc((int)(sizeof(Phase) * (size_t)cap));
    if (!s->code) return LAB_ERR_NOMEM;
    asm_init(a, s->code, cap); /* fixed size: the programs point into it */
    for (i = 0; i < n; i++) {
        int start = asm_begin(a);
        p[i].fn(a, s->st);
        s->prog[p[i].id].phase = s->code + start;
        s->prog[p[i].id].n = a->n - start;
        s->prog[p[i].id].name = p[i].name;
    }
    return asm_finish(a) ? LAB_OK : LAB_ERR_NOMEM;
}
