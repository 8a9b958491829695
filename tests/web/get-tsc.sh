#!/bin/sh
# Installs TypeScript (the type checker tests/web/test_static_js.py runs over the page's plain ES
# modules, agon/web/static/jsconfig.json) with npm into a cache outside the tree, never into the
# repository; prints the path of its tsc. The version is pinned: a new TypeScript may find new
# things, so it is taken on purpose. CI: `sh tests/web/get-tsc.sh` before the tests.
# AGON_TSC_DIR chooses the directory.
set -eu
version=5.9.3
dir="${AGON_TSC_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/agon-tsc-$version}"
script="$dir/node_modules/typescript/bin/tsc"
if [ ! -f "$script" ]; then
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-audit --no-fund --silent "typescript@$version" >&2
fi
echo "$script"
