#!/bin/sh
# run.sh -- the fuzz suite (make fuzz): replays every input in fuzz/regressions/ (each a
# test case: it must run clean), checks the dictionary is current, then fuzzes for
# FUZZ_SECONDS from the seed corpus. Any crash, sanitizer report, leak, timeout
# (-timeout) or memory blow-up (-rss_limit_mb) fails; what libFuzzer found is kept in
# build/fuzz/artifacts/. Ends with one line: "fuzz: N passed, N failed".
# Usage: run.sh FUZZER DICT_TOOL SECONDS
fuzzer="$1"; dict_tool="$2"; seconds="${3:-60}"
dir=$(dirname "$0")
out=build/fuzz
pass=0; fail=0
mkdir -p "$out/work" "$out/artifacts"
opts="-timeout=10 -rss_limit_mb=2048 -max_len=16384 -dict=$dir/scenario.dict -print_final_stats=1"

# 1. the regressions: inputs the fuzzer once found, each a test case
for f in "$dir"/regressions/*; do
  [ -f "$f" ] || continue
  case "$f" in *.md) continue ;; esac
  if "$fuzzer" $opts "$f" > "$out/replay.log" 2>&1; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "FAIL fuzz regression $(basename "$f"):"; tail -n 30 "$out/replay.log"
  fi
done

# 2. the dictionary is the fields' own
if "$dict_tool" | cmp -s - "$dir/scenario.dict"; then pass=$((pass + 1)); else
  fail=$((fail + 1)); echo "FAIL fuzz: fuzz/scenario.dict is stale (the fields changed): make -C wasm-core fuzz-seeds"
fi

# 3. fuzzing, from the seeds (the corpus directory is only read; new inputs go to build/)
start=$(date +%s)
"$fuzzer" $opts -max_total_time="$seconds" -artifact_prefix="$out/artifacts/" "$out/work" "$dir/corpus" > "$out/fuzz.log" 2>&1
code=$?
end=$(date +%s)
runs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$out/fuzz.log" | grep -Eo '[0-9]+$')
rate=$(grep -Eo 'stat::average_exec_per_sec: *[0-9]+' "$out/fuzz.log" | grep -Eo '[0-9]+$')
cov=$(grep -Eo 'cov: [0-9]+' "$out/fuzz.log" | tail -n 1 | grep -Eo '[0-9]+$')
if [ "$code" -eq 0 ]; then
  pass=$((pass + 1))
  echo "fuzz: ${runs:-?} inputs in $((end - start)) s (${rate:-?} exec/s), coverage ${cov:-?} edges, no finding"
else
  fail=$((fail + 1))
  echo "FAIL fuzz: libFuzzer exited $code after $((end - start)) s; its log ends:"
  tail -n 60 "$out/fuzz.log"
  for a in "$out"/artifacts/*; do [ -f "$a" ] && echo "  kept: $a (replay: $fuzzer $a)"; done
fi
echo "fuzz: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
