#!/bin/sh
# Installs axe-core (the accessibility rules tests/web/test_accessibility.py runs in the page) with
# npm into a cache outside the tree, never into the repository; prints the path of axe.min.js.
# CI: `sh tests/web/get-axe.sh` before the browser tests. AGON_AXE_DIR chooses the directory.
set -eu
dir="${AGON_AXE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/agon-axe}"
script="$dir/node_modules/axe-core/axe.min.js"
if [ ! -f "$script" ]; then
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-audit --no-fund --silent axe-core@4 >&2
fi
echo "$script"
