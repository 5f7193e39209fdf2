#!/usr/bin/env bash
# test-all.sh -- sets the machine up, then runs every suite and ends with one line,
# "N passed, N failed" (all suites together); a suite that could not run or report its
# counts adds one failure. Exits non-zero if anything failed. A failing suite does not
# stop the others.
#
# The run uses both cores (docs/testing.md says why each suite sits where it does):
#
#   setup (scripts/setup.sh: apt-get, npm ci, core and CLI built with make -j)
#     |-- C lane:  C tests, C tests under ASan+UBSan, the fuzzer (FUZZ_SECONDS), then the
#     |            house checks: generated files current (npm run gen:check), ESLint,
#     |            formatting (Prettier, clang-format)
#     |-- JS lane: typecheck, Vitest, the site's builds (dist/ and the e2e builds)
#     '-- the docs generators the embed spec builds sites with, installed
#   join, then Playwright (E2E_WORKERS workers) against dist/ on a free port
#
# The summary at the end gives each suite's count and wall time, the time of each
# set-up step, the 20 slowest Playwright tests and the 10 slowest Vitest files: how
# the next person keeps the run within its budget (25 minutes on a 2-core machine).
set -uo pipefail
cd "$(dirname "$0")/.."

results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
mkdir -p "$results/counts"
# scripts/setup.sh adds its steps' times here; the lanes add theirs
export STACKLAB_TIMINGS="$results/timings.tsv"
: > "$STACKLAB_TIMINGS"
run_start=$SECONDS

banner() { printf '\n==== %s ====\n' "$*"; }

# A suite's outcome is a file in $results/counts (the lanes run in subshells):
# "PASSED FAILED STATUS" or "unable WHY". ORDER is the order the summary lists them in.
ORDER=()
record() { printf '%s %s %s\n' "$2" "$3" "$4" > "$results/counts/$1"; }
unable() { printf 'unable %s\n' "$2" > "$results/counts/$1"; }
expect_suite() { ORDER+=("$1"); }

# timed NAME COMMAND...: runs a command, adding its wall time to the summary's table.
timed() {
  local name=$1 start=$SECONDS status=0
  shift
  "$@" || status=$?
  printf '%s\t%s\n' "$name" "$((SECONDS - start))" >> "$STACKLAB_TIMINGS"
  return "$status"
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

jobs=$(nproc 2>/dev/null || echo 2)

# a port of the run's own for the preview server: one a teacher's lab already serves on
# (bash scripts/lab.sh, 4173) is never taken, and an E2E_PORT given by hand that is
# taken is said here, before anything runs
port_free() { node scripts/free-port.mjs "$1"; }
free_port() { node scripts/free-port.mjs; }
# two workers: most of a spec's time is waiting on a page, which two can share
export E2E_WORKERS=${E2E_WORKERS:-2}
export E2E_DOCS_LAB_PORT=${E2E_DOCS_LAB_PORT:-$(command -v node >/dev/null && free_port)}
docs_lab_url="http://127.0.0.1:$E2E_DOCS_LAB_PORT/project/"
port_taken=
if [ -n "${E2E_PORT:-}" ] && command -v node >/dev/null && ! port_free "$E2E_PORT"; then
  port_taken="port $E2E_PORT (E2E_PORT) is taken; free it, or unset E2E_PORT and the run chooses a free port"
  echo "test-all: $port_taken. The other suites run; Playwright will not." >&2
fi

banner setup
expect_suite setup
if timed "setup (total)" bash scripts/setup.sh; then
  setup_ok=1
else
  setup_ok=0
  unable setup "scripts/setup.sh failed"
fi

# ---- the C lane: each suite builds its binaries with make -j, then runs them -------------
c_suite() {
  local name=$1 target=$2 log="$results/$2.log" status counts
  banner "$name (make -C wasm-core $target)"
  timed "$name" make -C wasm-core -j"$jobs" "$target" > "$log" 2>&1
  status=$?
  cat "$log"
  counts=$(counts_in "$log")
  if [ -z "$counts" ]; then unable "$name" "no 'N passed, N failed' line; make exited $status"; return; fi
  record "$name" ${counts} "$status"
}
# ---- the house checks (seconds each), at the end of the C lane, which is the shorter one ----
# check_suite NAME COMMAND...: a check whose output ends with "N passed, N failed" (else
# its exit status counts it as one check passed or failed)
check_suite() {
  local name=$1 log="$results/check-$1.log" status counts
  shift
  banner "$name ($*)"
  timed "$name" "$@" > "$log" 2>&1
  status=$?
  cat "$log"
  counts=$(counts_in "$log")
  if [ -n "$counts" ]; then record "$name" ${counts} "$status"
  elif [ "$status" -eq 0 ]; then record "$name" 1 0 0
  else record "$name" 0 1 "$status"; fi
}
house_checks() {
  # every generated, committed file is what its generator makes (scripts/gen.mjs)
  check_suite Generated npm run --silent gen:check
  check_suite Lint npm run --silent lint
  # a kernel is two folders (issue 39): the toy kernel added, built and run in a throw-away worktree
  check_suite "Toy kernel" node scripts/toy-kernel.mjs
  # Prettier over the TypeScript and JavaScript, clang-format over the C
  check_suite Format npm run --silent format:check
}
c_lane() {
  c_suite "C tests" test
  c_suite "C sanitize" sanitize
  # libFuzzer over the core's API for FUZZ_SECONDS (60 by default), after its regressions
  c_suite "C fuzz" fuzz
  house_checks
}
expect_suite "C tests"; expect_suite "C sanitize"; expect_suite "C fuzz"
expect_suite Generated; expect_suite Lint; expect_suite "Toy kernel"; expect_suite Format

# ---- the JavaScript lane -------------------------------------------------------------------
# The builds the specs serve: dist/ (the production build, served by vite preview) and
# the other builds some specs need (e2e/build.ts: the test hooks compiled in, two
# deploys that differ by their label), made here once instead of once per worker.
# The embed-docs-site spec serves the lab, built for publishing under /project/ with its
# public URL (oEmbed), on a port chosen here so that build can be made here too.
export E2E_PREBUILT="$results/e2e-builds"
# e2e_build NAME OPTIONS_JSON [VAR=VALUE ...] [VITE ARG ...]: a build into
# $E2E_PREBUILT/NAME with those variables set, and NAME.json beside it saying how it was
# made (e2e/build.ts reads it)
e2e_build() {
  local name=$1 options=$2 vars=()
  shift 2
  while [[ ${1:-} == *=* ]]; do vars+=("$1"); shift; done
  env "${vars[@]}" node node_modules/vite/bin/vite.js build --logLevel warn --outDir "$E2E_PREBUILT/$name" --emptyOutDir "$@" &&
    printf '%s\n' "$options" > "$E2E_PREBUILT/$name.json"
}
site_builds() {
  node node_modules/vite/bin/vite.js build --logLevel warn &&
    e2e_build testhooks '{"mode":"testhooks"}' --mode testhooks &&
    e2e_build label-A '{"env":{"STACKLAB_BUILD_LABEL":"A"}}' STACKLAB_BUILD_LABEL=A &&
    e2e_build label-B '{"env":{"STACKLAB_BUILD_LABEL":"B"}}' STACKLAB_BUILD_LABEL=B &&
    e2e_build public-url "{\"env\":{\"STACKLAB_PUBLIC_URL\":\"$docs_lab_url\"}}" STACKLAB_PUBLIC_URL="$docs_lab_url"
}
js_lane() {
  banner "Typecheck (npm run typecheck)"
  # The app, the CLI, the tests and the end-to-end specs, each file checked once (tsc -b).
  if timed Typecheck npm run --silent typecheck; then record Typecheck 1 0 0; else record Typecheck 0 1 1; fi

  banner "Vitest"
  timed Vitest npx vitest run --reporter=default --reporter=json --outputFile.json="$results/vitest.json"
  local status=$? counts
  counts=$(json_counts "$results/vitest.json" 'r.numPassedTests, r.numFailedTests')
  if [ -n "$counts" ]; then record Vitest ${counts} "$status"; else unable Vitest "no JSON report; vitest exited $status"; fi

  banner "Site builds (vite build: dist/ and the e2e builds)"
  if timed "site builds" site_builds; then touch "$results/built"; fi
}
expect_suite Typecheck; expect_suite Vitest

if [ "$setup_ok" = 1 ]; then
  # the docs generators (VitePress, MkDocs) download more than they compute: beside the lanes
  timed "docs generators install" node scripts/docs-generators.mjs > "$results/docs-generators.log" 2>&1 &
  generators=$!
  c_lane > "$results/c-lane.log" 2>&1 &
  c_pid=$!
  js_lane
  banner "C lane and house checks (ran beside the JavaScript lane)"
  wait "$c_pid"
  cat "$results/c-lane.log"
  wait "$generators"
  cat "$results/docs-generators.log"
else
  for name in "C tests" "C sanitize" "C fuzz" Generated Lint "Toy kernel" Format Typecheck Vitest; do unable "$name" "set-up failed"; done
fi

# ---- Playwright ----------------------------------------------------------------------------
banner Playwright
expect_suite Playwright
if [ -n "$port_taken" ]; then
  unable Playwright "$port_taken"
elif [ ! -f "$results/built" ]; then
  unable Playwright "the site builds failed (see 'Site builds' above)"
else
  export E2E_PORT=${E2E_PORT:-$(free_port)}
  echo "Playwright: the preview server on port $E2E_PORT, $E2E_WORKERS workers"
  PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" \
    timed Playwright npx playwright test -c e2e/playwright.config.ts --workers="$E2E_WORKERS" --reporter=list,json
  status=$?
  counts=$(json_counts "$results/playwright.json" 'r.stats.expected + r.stats.flaky, r.stats.unexpected')
  if [ -n "$counts" ]; then record Playwright ${counts} "$status"; else unable Playwright "no JSON report; playwright exited $status"; fi
fi

# ---- summary -------------------------------------------------------------------------------
banner summary
node scripts/test-timings.mjs "$STACKLAB_TIMINGS" "$results/playwright.json" "$results/vitest.json" "$((SECONDS - run_start))"
echo
total_passed=0
total_failed=0
for name in "${ORDER[@]}"; do
  file="$results/counts/$name"
  if [ ! -f "$file" ]; then
    [ "$name" = setup ] && continue # set-up ran and passed: nothing to count
    echo "$name: did not run (counted as 1 failed)"; total_failed=$((total_failed + 1)); continue
  fi
  read -r passed failed status < "$file"
  if [ "$passed" = unable ]; then
    echo "$name: could not run ($failed${status:+ $status}) (counted as 1 failed)"
    total_failed=$((total_failed + 1))
  elif [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then
    echo "$name: exited with status $status without counting a failure (counted as 1 failed)"
    total_passed=$((total_passed + passed)); total_failed=$((total_failed + 1))
  else
    echo "$name: $passed passed, $failed failed"
    total_passed=$((total_passed + passed)); total_failed=$((total_failed + failed))
  fi
done
echo "$total_passed passed, $total_failed failed"
[ "$total_failed" -eq 0 ]
