#!/bin/sh
# layers.sh -- the core's layers stay layers (docs/architecture.md):
#   base/      includes nothing of the core's
#   scenario/  includes base/ only
#   model/     includes base/ and scenario/, never kernels/, and names no kernel symbol
#   kernels/   see the engine through model/kernel_api.h only (never model/model.h)
# A kernel symbol is any identifier a kernel header declares (enum constants, types,
# functions) or a kernel file exports. Given the objects too (the native build's), the
# layers link as they include: base/ and scenario/ use no symbol the layers above them
# define (kernel.kind's names are generated into scenario/ at build time), and model/
# none of the kernels' but the registry's lab_kernel.
# And model/ and scenario/ name no kernel concept: outside comments, no identifier and no
# string that is a name (a key, a path, a value: no space in it) has a part (split at
# "_", ".", "-") that is one of KERNEL_WORDS. A kernel brings its fields, report keys,
# snapshot slots and trace names from its own folder (docs/architecture.md). Prose (a
# string with a space: a field's doc, a mechanism's citation) may name real systems.
# Usage: layers.sh SRC_DIR [OBJ_DIR]    (CC: the compiler that strips the comments)
src="$1"
obj="${2:-}"
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL layers: $*"; }

inc=$(grep -n '#include "\(model\|kernels\|scenario\)/' "$src"/base/*.[ch] 2>/dev/null)
[ -z "$inc" ] && ok || bad "base/ includes the core: $inc"
inc=$(grep -n '#include "\(model\|kernels\)/' "$src"/scenario/*.[ch] "$src"/scenario/*.def 2>/dev/null)
[ -z "$inc" ] && ok || bad "scenario/ includes model/ or kernels/: $inc"
inc=$(grep -n '#include ".*kernels/' "$src"/model/*.[ch] 2>/dev/null)
[ -z "$inc" ] && ok || bad "model/ includes a kernel header: $inc"
inc=$(grep -rn '#include ".*model\.h"' "$src"/kernels 2>/dev/null)
[ -z "$inc" ] && ok || bad "a kernel includes model/model.h instead of model/kernel_api.h: $inc"

# Identifiers the kernels declare: in their headers, every word that starts a
# declaration or an enum constant; in their files, every function that is not static.
symbols=$( {
  cat "$src"/kernels/*/*.h | sed -e 's|/\*.*\*/||g' | grep -oE '\b(OP|EV|JOB|PROG|LOCK|NET|NB|HT|HP|FAM|SW|ROLE|CTR|SL|NL)_[A-Z0-9_]+\b'
  cat "$src"/kernels/*/*.h | grep -oE '\b[a-z][a-z0-9_]*\(' | tr -d '('
  cat "$src"/kernels/*/*.h | grep -oE '\b[A-Z][A-Za-z]+(State|Thread|Stack|Counters|Buffer)\b'
  cat "$src"/kernels/*.c "$src"/kernels/*/*.c | grep -E '^[a-zA-Z].*\(' | grep -v '^static' | grep -oE '\b[a-z_][a-z0-9_]*\(' | tr -d '('
} | sort -u)
# ... less the engine's own (declared in model/kernel_api.h, which kernels include).
engine=$(grep -oE '\b[A-Za-z_][A-Za-z0-9_]*\b' "$src"/model/kernel_api.h "$src"/scenario/fields.h "$src"/base/base.h | sed 's/.*://' | sort -u)
kernel_only=$(printf '%s\n' "$symbols" | grep -vxF "$engine" | grep -vE '^(if|for|while|switch|return|sizeof|defined)$')
found=""
for f in "$src"/model/*.[ch]; do
  for w in $(grep -oE '\b[A-Za-z_][A-Za-z0-9_]*\b' "$f" | sort -u); do
    if printf '%s\n' "$kernel_only" | grep -qxF "$w"; then found="$found ${f##*/}:$w"; fi
  done
done
[ -z "$found" ] && ok || bad "model/ names kernel symbols:$found"
# The check itself must see the kernels' symbols, or it proves nothing.
printf '%s\n' "$kernel_only" | grep -qxF "OP_KRP_QUEUE" && printf '%s\n' "$kernel_only" | grep -qxF "net_exec" && ok \
  || bad "the kernel symbol list misses OP_KRP_QUEUE or net_exec: the check is broken"

KERNEL_WORDS="designated krp krps iolock sna snaipcm lockl hpux hp onload net netstack service svc openvms vms scalable classic lckmgr tcpip"
cc_strip=${CC:-cc}
# Each identifier and name-like string of a file, outside its comments, one a line,
# that has a kernel word for a part.
concepts() {
  "$cc_strip" -fpreprocessed -dD -E -P -x c "$1" 2>/dev/null \
    | grep -oE '"([^"\\]|\\.)*"|[A-Za-z_][A-Za-z0-9_]*' | grep -v ' ' \
    | awk -v words="$KERNEL_WORDS" 'BEGIN { n = split(words, w, " "); for (i = 1; i <= n; i++) k[w[i]] = 1 }
        { t = tolower($0); m = split(t, p, /[^a-z0-9]+/); for (i = 1; i <= m; i++) if (p[i] in k) { print $0; next } }' \
    | sort -u
}
found=""
for f in "$src"/model/*.[ch] "$src"/scenario/*.[ch] "$src"/scenario/*.def; do
  for w in $(concepts "$f"); do found="$found ${f##*/}:$w"; done
done
[ -z "$found" ] && ok || bad "model/ or scenario/ name a kernel concept (it belongs in the kernel's folder):$found"
# The check itself must see a kernel's names, and not its comments' or prose's words.
seen=$(concepts "$src"/kernels/openvms/scalable.c | tr '\n' ' ')
case " $seen " in *' "designated_cpu" '*' F_DESIGNATED_CPU '*) ok ;;
  *) bad "the kernel concept check does not see designated_cpu in kernels/openvms/scalable.c (does $cc_strip strip comments?): the check is broken" ;; esac
case " $seen " in *' "Designated CPU" '*|*' TCP/IP '*) bad "the kernel concept check reads prose: the check is broken" ;; *) ok ;; esac

if [ -n "$obj" ]; then
  defined() { nm -g --defined-only "$@" 2>/dev/null | awk 'NF == 3 { print $3 }' | sort -u; }
  used() { nm -u "$@" 2>/dev/null | awk 'NF >= 2 { print $NF }' | sort -u; }
  # names of the second list also in the first (none when either is empty)
  both() { [ -n "$1" ] && [ -n "$2" ] && printf '%s\n' "$2" | grep -xF "$1"; }
  kernels=$(defined "$obj"/kernels/*.o "$obj"/kernels/*/*.o)
  above=$(printf '%s\n%s\n' "$kernels" "$(defined "$obj"/model/*.o)" | sort -u)
  [ -n "$kernels" ] && [ -n "$(used "$obj"/scenario/*.o)" ] || bad "no objects in $obj: the link check is broken"
  links=$(both "$above" "$(used "$obj"/base/*.o "$obj"/scenario/*.o)")
  [ -z "$links" ] && ok || bad "base/ or scenario/ link symbols of model/ or kernels/:" $links
  links=$(both "$kernels" "$(used "$obj"/model/*.o)" | grep -vx 'lab_kernel')
  [ -z "$links" ] && ok || bad "model/ links kernels' symbols:" $links
fi
echo "layers: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
