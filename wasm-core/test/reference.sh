#!/bin/sh
# reference.sh -- every preset's full report, run by the native core, compared byte for
# byte with the reference output stored beside its scenario in test/reference/:
#   <preset>.args  the preset's scenario as path=value lines (written and checked
#                  against lessons/scenarios/ by src/core/reference.test.ts)
#   <preset>.json  the report lab_sim_report_json gave when it was last accepted
# A refactor changes none of them; a model change rewrites them on purpose:
#   UPDATE=1 make -C wasm-core test
# (the commit that does so says which figures moved and why). The wasm core is held to
# the same files by src/core/reference.test.ts.
# Usage: reference.sh NATIVE_BINARY REFERENCE_DIR
bin="$1"; dir="$2"
pass=0; fail=0
for args in "$dir"/*.args; do
  name=$(basename "$args" .args)
  want="$dir/$name.json"
  # One path=value per line; none contains white space.
  got=$("$bin" run $(cat "$args")) || { echo "FAIL reference $name: the native core refused the scenario"; fail=$((fail + 1)); continue; }
  if [ "${UPDATE:-}" = 1 ]; then
    printf '%s\n' "$got" > "$want"
    echo "updated reference $name"
    pass=$((pass + 1))
  elif [ -f "$want" ] && [ "$(printf '%s\n' "$got")" = "$(cat "$want")" ]; then
    pass=$((pass + 1))
  else
    echo "FAIL reference $name: the report differs from test/reference/$name.json"
    if [ -f "$want" ]; then printf '%s\n' "$got" | diff "$want" - | head -n 20; else echo "  (no reference stored: UPDATE=1 make test writes it)"; fi
    fail=$((fail + 1))
  fi
done
[ "$pass" -gt 0 ] || { echo "FAIL reference: no .args files in $dir"; fail=$((fail + 1)); }
echo "reference outputs: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
