#!/usr/bin/env bash
# setup.sh -- makes this machine ready to build, run and test StackLab. Idempotent:
# installs only what is missing (Debian packages as root, npm packages from the
# lockfile), then builds the wasm core, the native core and the CLI.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf 'setup: %s\n' "$*"; }

# timed NAME COMMAND...: runs a step, says how long it took and, when STACKLAB_TIMINGS
# names a file (scripts/test-all.sh), adds "setup: NAME<TAB>seconds" to it for the run's
# timing summary.
timed() {
  local name=$1 start=$SECONDS status=0
  shift
  "$@" || status=$?
  say "$name took $((SECONDS - start)) s"
  [ -z "${STACKLAB_TIMINGS:-}" ] || printf 'setup: %s\t%s\n' "$name" "$((SECONDS - start))" >> "$STACKLAB_TIMINGS"
  return "$status"
}
# make runs as many jobs as the machine has cores
jobs=$(nproc 2>/dev/null || echo 2)

have() { command -v "$1" >/dev/null 2>&1; }
# libFuzzer and the sanitizer runtimes clang links (make -C wasm-core fuzz)
have_libfuzzer() { compgen -G '/usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a' >/dev/null; }

# Node 20.19 or later (package.json's engines): Debian 12 ships 18, so it is not taken
# from apt here; NodeSource's packages or nvm give it.
node_ok() { have node && node -e 'const [a, b] = process.versions.node.split(".").map(Number);
  process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)'; }
if ! node_ok; then
  say "StackLab needs Node.js 20.19 or later and npm ($(have node && echo "this machine has $(node --version)" || echo "this machine has none"))." >&2
  say "Debian 12's own nodejs is 18; install Node 22 from NodeSource (https://github.com/nodesource/distributions)" >&2
  say "or with nvm (https://github.com/nvm-sh/nvm), then run this again." >&2
  exit 1
fi

missing=()
have emcc || missing+=(emscripten)
have make || missing+=(make)
have gcc || missing+=(gcc)
have clang || have clang-14 || missing+=(clang)
have_libfuzzer || missing+=(libclang-rt-14-dev)
# the C formatter (npm run format, format:check): Debian 12's, version 14, which
# .clang-format was written for (another version may format some lines differently)
have clang-format || missing+=(clang-format)
# the e2e docs-site check builds real MkDocs and Sphinx (furo) sites in one virtual
# environment (scripts/docs-generators.mjs installs them, pinned, from PyPI)
python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || missing+=(python3-venv)
if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium ]; then missing+=(chromium); fi

if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    say "missing Debian packages: ${missing[*]}; run this script as root or install them with apt-get" >&2
    exit 1
  fi
  say "installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  timed "apt-get update" apt-get update
  timed "apt-get install" apt-get install -y emscripten chromium make gcc clang libclang-rt-14-dev clang-format python3-venv
fi

# npm ci wipes node_modules, so only when the lockfile changed since the last install.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm packages"
  timed "npm ci" npm ci --no-audit --no-fund
fi

say "building the core (wasm and native)"
timed "core build (wasm and native, make -j$jobs)" make -C wasm-core -j"$jobs" wasm native
say "building the CLI"
timed "CLI build (tsc)" npm run --silent build:cli
say "ready"
