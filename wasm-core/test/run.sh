#!/bin/sh
# Runs each test binary, prints its output, and ends with one line for the suite:
# "<suite>: N passed, N failed" (checks summed over the binaries; a binary that
# crashes counts as one failure). An entry may be a command with arguments.
suite="$1"; shift
pass=0; fail=0
for t in "$@"; do
  out=$($t 2>&1); code=$?   # $t may carry arguments (the reference check)
  printf '%s\n' "$out"
  line=$(printf '%s\n' "$out" | grep -E '[0-9]+ passed, [0-9]+ failed' | tail -n 1)
  p=$(printf '%s' "$line" | sed -E 's/.* ([0-9]+) passed.*/\1/'); f=$(printf '%s' "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
  [ -n "$line" ] || { p=0; f=0; }
  if [ "$code" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; echo "$t exited with code $code"; fi
  pass=$((pass + p)); fail=$((fail + f))
done
echo "$suite: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
