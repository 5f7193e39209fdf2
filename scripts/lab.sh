#!/usr/bin/env bash
# lab.sh -- sets the machine up, builds everything and serves the lab locally.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
npm run --silent build
echo "StackLab is running at http://127.0.0.1:4173/"
exec npx vite preview --host 127.0.0.1 --strictPort --port 4173
