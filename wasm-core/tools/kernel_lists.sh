#!/bin/sh
# kernel_lists.sh -- the lists the scenario layer includes from the kernels, written from
# the kernel registry (src/kernels/registry.c) at build time, so that scenario/ names no
# kernel and links nothing of the layers above it (test/layers.sh):
#   kernel_names.h     kernel.kind's names, one "name", a line, in the registry's order
#   kernel_fields.def  an #include of each kernel folder's fields.def, in the order the
#                      registry first reaches the folder: for each K(name) line, the
#                      folders the folder of kernel_<name>'s file includes from
#                      ("kernels/<family>/...": its family's), then that folder
# A file is rewritten only when its text changes, so an edit elsewhere in a kernel
# recompiles nothing.
# Usage: kernel_lists.sh SRC_DIR OUT_DIR
set -eu
src="$1"
out="$2"
mkdir -p "$out"
names=$(sed -n 's/^[[:space:]]*K(\([a-z0-9_]*\)).*/\1/p' "$src/kernels/registry.c")
[ -n "$names" ] || { echo "kernel_lists.sh: no K(name) line in $src/kernels/registry.c" >&2; exit 1; }

folders=$(for name in $names; do
  file=$(grep -l "^const Kernel \*kernel_$name(void)" "$src"/kernels/*/*.c | head -n 1)
  [ -n "$file" ] || { echo "kernel_lists.sh: no file defines kernel_$name" >&2; exit 1; }
  folder=$(basename "$(dirname "$file")")
  cat "$src/kernels/$folder"/*.[ch] | sed -n 's|^#include "kernels/\([a-z0-9_]*\)/.*|\1|p' | grep -vx "$folder" || true
  echo "$folder"
done | awk '!seen[$0]++')

write() {   # write FILE: stdin into FILE when it differs
  cat > "$1.tmp"
  if cmp -s "$1.tmp" "$1"; then rm -f "$1.tmp"; else mv "$1.tmp" "$1"; fi
}
for name in $names; do echo "    \"$name\","; done | write "$out/kernel_names.h"
{
  echo "/* Written by tools/kernel_lists.sh from src/kernels/registry.c: do not edit. */"
  for folder in $folders; do
    [ -f "$src/kernels/$folder/fields.def" ] && echo "#include \"kernels/$folder/fields.def\""
  done
} | write "$out/kernel_fields.def"
