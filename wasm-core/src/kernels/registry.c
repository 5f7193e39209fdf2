/*
 * registry.c -- every kernel the core knows, in kernel.kind's order (like Lua's
 * linit.c: the one place that names them all). Adding a kernel is its own files
 * under kernels/ plus one K(name) line here; kernel.kind's names, its range and the
 * schema's kernel list follow from this list. Each kernel's file defines
 * `const Kernel *kernel_<name>(void)`. The scenario layer below reads kernel.kind's
 * names not from here but from build/gen/kernel_names.h, which the build writes from
 * the K(name) lines (one a line, as below: tools/kernel_lists.sh, which also lists the
 * kernel folders' fields.def in build/gen/kernel_fields.def); test_scenario checks they
 * agree.
 */
#include <stddef.h>
#include "model/kernel_api.h"

#define LAB_KERNELS(K) \
    K(classic)         \
    K(scalable)        \
    K(sna)             \
    K(numa)            \
    K(onload)          \
    K(hpux)            \
    K(service)         \
    /* a new kernel: one line above this one */

#define DECLARE(name) const Kernel *kernel_##name(void);
LAB_KERNELS(DECLARE)
#undef DECLARE

#define ENTRY(name) kernel_##name,
static const Kernel *(*const KERNELS[])(void) = { LAB_KERNELS(ENTRY) };
#undef ENTRY

const Kernel *lab_kernel(int kind)
{
    if (kind < 0 || kind >= (int)(sizeof KERNELS / sizeof KERNELS[0])) return NULL;
    return KERNELS[kind]();
}
