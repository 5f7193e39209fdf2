#!/usr/bin/env bash
# lab.sh -- sets the machine up, builds everything and serves the lab locally.
#
#   bash scripts/lab.sh              serves on port 4173, or on the next free port
#                                    above it when 4173 is taken (it says which)
#   bash scripts/lab.sh --port 8080  serves on 8080 exactly, or stops saying it is taken
#   PORT=8080 bash scripts/lab.sh    the same
#
# The URL is printed once the server answers, not before. LAB_NO_BUILD=1 serves dist/ as
# it is, without setting up or building (e2e/lab-script.spec.ts, after the suite's build).
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf 'lab: %s\n' "$*"; }
usage() { sed -n '4,8s/^# \{0,1\}//p' "$0"; }

port="${PORT:-}"
while [ $# -gt 0 ]; do
  case "$1" in
    --port) [ $# -ge 2 ] || { say "--port needs a number, as in --port 8080" >&2; exit 2; }; port="$2"; shift 2 ;;
    --port=*) port="${1#--port=}"; shift ;;
    -h|--help) usage; exit 0 ;;
    *) say "unknown option '$1'" >&2; usage >&2; exit 2 ;;
  esac
done
if [ -n "$port" ] && ! [[ "$port" =~ ^[0-9]+$ && "$port" -ge 1 && "$port" -le 65535 ]]; then
  say "the port must be a whole number from 1 to 65535, not '$port'" >&2
  exit 2
fi

if [ "${LAB_NO_BUILD:-}" != 1 ]; then
  bash scripts/setup.sh
  npm run --silent build
fi

# 0 when nothing listens on 127.0.0.1:$1 (node is there: setup.sh checked it).
port_free() { node scripts/free-port.mjs "$1"; }

if [ -n "$port" ]; then
  port_free "$port" || { say "port $port is taken; free it, or choose another with --port" >&2; exit 1; }
else
  port=4173
  while ! port_free "$port"; do
    [ "$port" -lt 4273 ] || { say "ports 4173 to 4273 are all taken; choose one with --port" >&2; exit 1; }
    port=$((port + 1))
  done
  [ "$port" = 4173 ] || say "port 4173 is taken, so the lab uses port $port"
fi

url="http://127.0.0.1:$port/"
npx vite preview --host 127.0.0.1 --strictPort --port "$port" --logLevel warn &
server=$!
# Ctrl-C (or a kill) while starting stops the server and ends quietly: it is not a failure
trap 'kill "$server" 2>/dev/null' EXIT
trap 'kill "$server" 2>/dev/null; exit 130' INT TERM
# Node answers whether the server does (curl may not be installed; Node is required anyway)
answers() { node -e 'fetch(process.argv[1]).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' "$1" 2>/dev/null; }
for _ in $(seq 1 300); do
  if answers "$url"; then
    echo "StackLab is running at $url (Ctrl-C stops it)"
    wait "$server"
    exit $?
  fi
  kill -0 "$server" 2>/dev/null || { say "the server stopped before it answered (its messages are above)" >&2; exit 1; }
  sleep 0.2
done
say "the server did not answer at $url within a minute" >&2
exit 1
