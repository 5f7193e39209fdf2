#!/usr/bin/env bash
# test-all.sh -- sets the machine up, then runs every suite: C tests, C tests under
# sanitizers, the core's fuzzer (FUZZ_SECONDS), the typecheck, Vitest, Playwright. A failing suite does not stop the others. Ends with
# one line, "N passed, N failed" (all suites together); a suite that could not run or
# report its counts adds one failure. Exits non-zero if anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."

results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
total_passed=0
total_failed=0
summary=()

banner() { printf '\n==== %s ====\n' "$*"; }

# record NAME PASSED FAILED STATUS: adds a suite's counts; a suite that exited
# non-zero without reporting a failure counts as one failure.
record() {
  local name=$1 passed=$2 failed=$3 status=$4
  if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then
    failed=1
    summary+=("$name: exited with status $status without counting a failure (counted as 1 failed)")
  else
    summary+=("$name: $passed passed, $failed failed")
  fi
  total_passed=$((total_passed + passed))
  total_failed=$((total_failed + failed))
}

# unable NAME WHY: a suite that could not run at all.
unable() {
  summary+=("$1: could not run ($2) (counted as 1 failed)")
  total_failed=$((total_failed + 1))
}

# The last "N passed, N failed" in a file, as "N N".
counts_in() {
  grep -Eo '[0-9]+ passed, [0-9]+ failed' "$1" | tail -n 1 | sed -E 's/([0-9]+) passed, ([0-9]+) failed/\1 \2/'
}

# json_counts FILE EXPR: "PASSED FAILED" from a JSON report (r is the parsed file), or nothing.
json_counts() {
  [ -s "$1" ] || return 0
  node -e "
    const r = JSON.parse(require('fs').readFileSync(process.argv[1], 'utf8'));
    const [passed, failed] = [$2];
    if (Number.isInteger(passed) && Number.isInteger(failed)) console.log(passed, failed);" "$1" 2>/dev/null
}

banner setup
if ! bash scripts/setup.sh; then
  unable setup "scripts/setup.sh failed"
fi

c_suite() {
  local name=$1 target=$2 log="$results/$2.log" status counts
  banner "$name (make -C wasm-core $target)"
  make -C wasm-core "$target" 2>&1 | tee "$log"
  status=${PIPESTATUS[0]}
  counts=$(counts_in "$log")
  if [ -z "$counts" ]; then unable "$name" "no 'N passed, N failed' line; make exited $status"; return; fi
  record "$name" ${counts} "$status"
}
c_suite "C tests" test
c_suite "C sanitize" sanitize
# libFuzzer over the core's API for FUZZ_SECONDS (60 by default), after its regressions
c_suite "C fuzz" fuzz

banner "Typecheck (npm run typecheck)"
# The app, the CLI, the tests and the end-to-end specs, as tsc sees them: one check.
if npm run typecheck; then record Typecheck 1 0 0; else record Typecheck 0 1 1; fi

banner "Vitest"
npx vitest run --reporter=default --reporter=json --outputFile.json="$results/vitest.json"
status=$?
counts=$(json_counts "$results/vitest.json" 'r.numPassedTests, r.numFailedTests')
if [ -n "$counts" ]; then record Vitest ${counts} "$status"; else unable Vitest "no JSON report; vitest exited $status"; fi

banner "Playwright"
# dist/ is the production build the specs serve; the specs that need another build (a
# testhooks build with fault injection, two builds deployed over each other) make it
# themselves (e2e/build.ts).
if npx vite build; then
  PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" \
    npx playwright test -c e2e/playwright.config.ts --reporter=list,json
  status=$?
  counts=$(json_counts "$results/playwright.json" 'r.stats.expected + r.stats.flaky, r.stats.unexpected')
  if [ -n "$counts" ]; then record Playwright ${counts} "$status"; else unable Playwright "no JSON report; playwright exited $status"; fi
else
  unable Playwright "vite build failed"
fi

banner summary
printf '%s\n' "${summary[@]}"
echo "$total_passed passed, $total_failed failed"
[ "$total_failed" -eq 0 ]
